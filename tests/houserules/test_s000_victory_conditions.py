"""s000-victory-conditions: capital victories checked at the end of every turn."""

from tests.helpers import at, end_turn, make_rules, own, start

RULE = "s000-victory-conditions"


def test_holding_east_us_wins_for_the_axis_at_the_end_of_that_turn():
    state_rules = make_rules(RULE)
    state = own(state_rules, start(state_rules), "east_us", "japan")
    state = end_turn(state_rules, at(state_rules, state, "japan", "research")).state
    assert state.result.winner == "axis"
    assert "East US" in state.result.reason


def test_the_edition_needs_two_allied_capitals_and_waits_for_the_round_end():
    rules = make_rules()
    state = own(rules, start(rules), "east_us", "japan")
    state = end_turn(rules, at(rules, state, "japan", "research")).state
    assert state.result is None
    state = end_turn(rules, state).state
    assert state.result is None, "one Allied capital is not a classic military victory"


def test_moscow_and_london_together_win():
    rules = make_rules(RULE)
    state = own(rules, own(rules, start(rules), "russia", "germany"), "united_kingdom", "germany")
    state = end_turn(rules, at(rules, state, "germany", "research")).state
    assert state.result.winner == "axis"


def test_allies_win_with_berlin_and_tokyo_alone():
    rules = make_rules(RULE)
    state = own(rules, own(rules, start(rules), "germany", "ussr"), "japan", "usa")
    state = end_turn(rules, at(rules, state, "ussr", "research")).state
    assert state.result.winner == "allies"
    edition = make_rules()
    state = own(edition, own(edition, start(edition), "germany", "ussr"), "japan", "usa")
    state = own(edition, state, "russia", "germany")
    state = end_turn(edition, at(edition, state, "usa", "research")).state
    assert state.result is None, "the edition also needs all three Allied capitals"


def test_income_goal_is_a_parameter():
    from tests.engine.test_victory import axis_income

    rules = make_rules(RULE, params={RULE: {"axis_income_goal": 70}})
    state = axis_income(rules, start(rules), 70)
    state = end_turn(rules, at(rules, state, "germany", "research")).state
    assert state.result.winner == "axis"
    default = make_rules(RULE)
    state = axis_income(default, start(default), 70)
    state = end_turn(default, at(default, state, "germany", "research")).state
    assert state.result is None
