"""s000-axis-war-enthusiasm: round-1 bonuses for Germany (8+8) and Japan (4+4)."""

from tests.helpers import end_turn, make_rules, money, start

RULE = "s000-axis-war-enthusiasm"


def german_money_after_round_one_turn(rules):
    state = end_turn(rules, start(rules)).state  # the Soviet turn
    assert state.power == "germany"
    at_start = money(rules, state, "germany")
    state = end_turn(rules, state).state
    return at_start, money(rules, state, "germany"), state


def test_without_the_rule_germany_starts_with_32_and_collects_32():
    rules = make_rules()
    at_start, after, _ = german_money_after_round_one_turn(rules)
    assert (at_start, after) == (32, 64)


def test_germany_gets_8_at_the_start_and_8_with_income_in_round_one():
    rules = make_rules(RULE)
    at_start, after, state = german_money_after_round_one_turn(rules)
    assert (at_start, after) == (40, 80)
    state = end_turn(rules, state).state  # UK
    before = money(rules, state, "japan")
    state = end_turn(rules, state).state
    assert before == 25 + 4
    assert money(rules, state, "japan") == 25 + 4 + 25 + 4


def test_no_bonus_after_round_one_and_amounts_are_parameters():
    rules = make_rules(RULE, params={RULE: {"germany_bonus": 5, "japan_bonus": 0}})
    state = start(rules)
    for _ in range(5):
        state = end_turn(rules, state).state
    assert state.round == 2
    state = end_turn(rules, state).state  # Soviets, round 2
    before = money(rules, state, "germany")
    state = end_turn(rules, state).state
    assert money(rules, state, "germany") == before + 32


def test_the_bonus_is_not_income_for_economic_victory():
    from axisallies_tui.engine.economy import income_for

    rules = make_rules(RULE)
    state = end_turn(rules, start(rules)).state
    assert income_for(rules, state, "germany") == 32
