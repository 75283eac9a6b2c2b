"""Victory at the end of a round (C-WIN)."""

from tests.helpers import at, end_turn, make_rules, own, start


def axis_income(rules, state, target):
    """Hand Allied territories to Germany until the Axis earn at least `target`."""
    from axisallies_tui.engine.queries import side_income

    for space in rules.board.spaces:
        if side_income(rules.board, state, "axis") >= target:
            break
        if space.is_land and space.original_owner in ("uk", "usa") and space.capital_of is None:
            if side_income(rules.board, state, "axis") + space.ipc <= target:
                state = own(rules, state, space.id, "germany")
    return state


def test_axis_economic_victory_at_84_checked_only_after_the_american_turn():
    """C-WIN-1, C-WIN-2."""
    from axisallies_tui.engine.queries import side_income

    rules = make_rules()
    state = axis_income(rules, start(rules), 84)
    assert side_income(rules.board, state, "axis") == 84
    state = end_turn(rules, at(rules, state, "japan", "research")).state
    assert state.result is None and state.power == "usa"
    state = end_turn(rules, state).state
    assert state.result is not None and state.result.winner == "axis"
    assert "84" in state.result.reason


def test_83_is_not_enough():
    from axisallies_tui.engine.queries import side_income

    rules = make_rules()
    state = axis_income(rules, start(rules), 83)
    assert side_income(rules.board, state, "axis") == 83
    state = end_turn(rules, at(rules, state, "usa", "research")).state
    assert state.result is None and state.round == 2


def test_axis_military_victory_two_allied_capitals():
    """C-WIN-3."""
    rules = make_rules()
    state = own(rules, own(rules, start(rules), "russia", "germany"), "united_kingdom", "germany")
    state = end_turn(rules, at(rules, state, "usa", "research")).state
    assert state.result.winner == "axis"


def test_allied_victory_needs_all_five_capitals():
    """C-WIN-4."""
    rules = make_rules()
    state = own(rules, start(rules), "germany", "ussr")
    state = end_turn(rules, at(rules, state, "usa", "research")).state
    assert state.result is None
    state = own(rules, own(rules, start(rules), "germany", "ussr"), "japan", "usa")
    state = end_turn(rules, at(rules, state, "usa", "research")).state
    assert state.result.winner == "allies"


def test_both_sides_winning_at_once_is_a_draw():
    """C-WIN-6: all five capitals Allied while the Axis still reach a (lowered) income goal."""
    rules = make_rules(options={"axis_economic_victory": 10})
    state = own(rules, own(rules, start(rules), "germany", "ussr"), "japan", "usa")
    state = end_turn(rules, at(rules, state, "usa", "research")).state
    assert state.result.winner == "draw"
    assert "Axis income 39 reaches 10" in state.result.reason


def test_allied_economic_victory_is_off_by_default():
    """C-WIN-5: the Allies earn 90 at the start; no option, no win."""
    rules = make_rules()
    state = end_turn(rules, at(rules, start(rules), "usa", "research")).state
    assert state.result is None


def test_victory_conditions_are_the_editions_data_per_side():
    """C-WIN as data: each condition names its side, its kind and the option that sets it."""
    rules = make_rules()
    kinds = {(c.side, c.kind, c.option, c.enemy) for c in rules.edition.victory}
    assert kinds == {
        ("axis", "income", "axis_economic_victory", None),
        ("allies", "income", "allied_economic_victory", None),
        ("axis", "capitals", "military_victory", 2),
        ("allies", "capitals", "military_victory", None),
    }


def test_a_condition_a_side_meets_with_no_rival_wins_and_two_at_once_draw():
    from axisallies_tui.engine.victory import DRAW, decide

    assert decide({"axis": ["a"], "allies": []}) == ("axis", "a")
    assert decide({"axis": ["a"], "allies": ["b"]})[0] == DRAW
    assert decide({"red": [], "blue": [], "green": ["g"]}) == ("green", "g")
