"""s000-soviet-first-turn-no-attack: no combat phases for the USSR in round 1."""

from tests.helpers import at, end_turn, make_rules, start

RULE = "s000-soviet-first-turn-no-attack"


def test_the_soviet_opening_turn_has_no_combat_move_or_battles():
    rules = make_rules(RULE)
    state = start(rules)
    assert "combat_move" not in state.turn.phases
    assert "conduct_combat" not in state.turn.phases
    assert "noncombat_move" in state.turn.phases


def test_without_the_rule_the_soviets_may_attack_at_once():
    rules = make_rules()
    assert "combat_move" in start(rules).turn.phases


def test_later_turns_and_other_powers_are_unaffected():
    rules = make_rules(RULE)
    state = end_turn(rules, start(rules)).state
    assert state.power == "germany" and "combat_move" in state.turn.phases
    state = at(rules, state, "ussr", "research", round=2)
    assert "combat_move" in state.turn.phases
