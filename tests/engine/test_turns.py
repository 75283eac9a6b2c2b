"""The turn-phase machine: order of powers, phases, rounds (C-GAME-2, C-TURN-1)."""

import pytest

from axisallies_tui.engine.actions import EndPhase, Purchase
from axisallies_tui.engine.errors import IllegalAction
from tests.helpers import act, end_turn, make_rules, start

CLASSIC_ORDER = ["ussr", "germany", "uk", "japan", "usa"]
PHASES = ["research", "purchase", "combat_move", "conduct_combat", "noncombat_move", "place", "collect_income"]


def test_game_opens_with_the_soviet_union_researching_in_round_one():
    """C-GAME-2: round 1, Russian turn, develop weapons."""
    rules = make_rules()
    state = start(rules)
    assert (state.round, state.power, state.phase) == (1, "ussr", "research")
    assert state.turn.phases == tuple(PHASES)


def test_powers_play_in_classic_order_and_round_two_begins_with_the_soviets():
    rules = make_rules()
    state = start(rules)
    seen = []
    for _ in range(5):
        seen.append(state.power)
        state = end_turn(rules, state).state
    assert seen == CLASSIC_ORDER
    assert (state.round, state.power, state.phase) == (2, "ussr", "research")


def test_a_phase_runs_in_order_and_conduct_combat_without_battles_passes_by_itself():
    rules = make_rules()
    state = start(rules)
    visited = [state.phase]
    while state.power == "ussr":
        step = act(rules, state, EndPhase())
        state = step.state
        visited += [e.phase for e in step.events if e.kind == "phase_started"]
    assert visited[:7] == PHASES


def test_income_is_collected_when_the_turn_ends():
    rules = make_rules()
    state = start(rules)
    step = end_turn(rules, state)
    income = [e for e in step.events if e.kind == "income_collected"]
    assert [(e.power, e.amount, e.ipcs) for e in income] == [("ussr", 24, 48)]


def test_an_action_of_another_phase_is_refused_and_changes_nothing():
    rules = make_rules()
    state = start(rules)
    with pytest.raises(IllegalAction, match="Purchase units phase"):
        act(rules, state, Purchase(unit="infantry"))
    assert state.phase == "research"


def test_switching_research_off_removes_the_phase():
    rules = make_rules(options={"tech_development": False})
    state = start(rules)
    assert state.phase == "purchase"
    assert "research" not in state.turn.phases


def test_units_moved_marks_reset_when_their_power_starts_a_turn():
    from attrs import evolve

    rules = make_rules()
    state = start(rules)
    index = rules.board.space("germany").index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=tuple(evolve(u, moved=2) for u in spaces[index].units))
    state = evolve(state, spaces=tuple(spaces))
    state = end_turn(rules, state).state  # Soviet turn ends; German turn starts
    assert state.power == "germany"
    assert all(u.moved == 0 for u in state.spaces[index].units)
