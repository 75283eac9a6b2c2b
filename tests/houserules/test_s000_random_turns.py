"""s000-random-turns: powers drawn from a cup, the Soviet Union opening the game."""

from tests.helpers import end_turn, make_rules, start

RULE = "s000-random-turns"


def play_round(rules, state):
    order = []
    round_ = state.round
    while state.round == round_:
        order.append(state.power)
        state = end_turn(rules, state).state
    return order, state


def test_without_the_rule_round_two_follows_the_fixed_order():
    rules = make_rules()
    _, state = play_round(rules, start(rules))
    order, _ = play_round(rules, state)
    assert order == ["ussr", "germany", "uk", "japan", "usa"]


def test_the_soviets_open_and_the_dice_draw_the_rest():
    """Round 1: USSR first; then a d6 over the markers left (1-4 valid of four, 5-6 reroll)."""
    from axisallies_tui.engine.actions import EndPhase
    from tests.helpers import act

    rules = make_rules(RULE)
    state = start(rules)
    assert state.power == "ussr"
    # finish the Soviet turn; the cup holds germany, uk, japan, usa: die 6 rerolled, 5 rerolled, 4 -> usa
    while True:
        dice = [6, 5, 4] if state.phase == "place" else []
        step = act(rules, state, EndPhase(), dice=dice)
        state = step.state
        if state.power != "ussr":
            break
    assert state.power == "usa"
    drawn = [e for e in step.events if e.kind == "turn_order_drawn"]
    assert drawn[0].left_in_cup == ("germany", "uk", "japan", "usa")


def test_every_power_plays_once_a_round_in_a_drawn_order():
    from axisallies_tui.engine.actions import EndPhase
    from axisallies_tui.engine.dice import SeededDice
    from axisallies_tui.engine.game import apply

    rules = make_rules(RULE)
    state = start(rules)
    orders: dict[int, list[str]] = {}
    number = 0
    while state.round <= 6:
        orders.setdefault(state.round, [])
        if not orders[state.round] or orders[state.round][-1] != state.power:
            orders[state.round].append(state.power)
        number += 1
        state = apply(rules, state, EndPhase(), SeededDice("turns", number)).state
    for order in orders.values():
        assert sorted(order) == sorted(["ussr", "germany", "uk", "japan", "usa"])
    assert orders[1][0] == "ussr"
    assert len({tuple(o) for o in orders.values()}) > 1, "six rounds of draws all came out alike"


def test_the_last_marker_needs_no_die():
    rules = make_rules(RULE)
    from attrs import evolve

    state = evolve(start(rules), round=2, done_this_round=("ussr", "germany", "uk"), power="japan")
    from tests.helpers import at

    state = at(rules, state, "japan", "place")
    from axisallies_tui.engine.actions import EndPhase
    from tests.helpers import act

    step = act(rules, state, EndPhase(), dice=[])
    assert step.state.power == "usa"
