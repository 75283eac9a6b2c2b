"""The rocket key (C-DEV-2): which launches to offer and why there is none.

The engine decides what may be fired (`engine.rockets.launches`); this only
words it for the pick dialog and the status line.
"""

from __future__ import annotations

from axisallies_tui.engine.queries import power_state
from axisallies_tui.engine.rockets import NONCOMBAT_MOVE, ROCKET_RANGE, ROCKETS, launches
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.tui.info import power_label


def may_have_rockets(rules: Rules, state: GameState) -> bool:
    """The power to move has Rockets and it is its non-combat move: the key is shown."""
    return (state.pending is None and state.result is None
            and rules.phase_kind(state.phase) == NONCOMBAT_MOVE
            and ROCKETS in power_state(rules.board, state, state.power).techs)


def rocket_options(rules: Rules, state: GameState) -> list[tuple[str, str]]:
    """(origin>target, label) for every rocket the power may fire now."""
    board = rules.board
    options = []
    for origin, target in launches(rules, state):
        victim = state.spaces[board.space(target).index].owner
        held = power_state(board, state, victim).ipcs if victim else 0
        label = (f"From {board.space(origin).name} at {board.space(target).name} "
                 f"({power_label(board, victim)} holds {held} IPCs)")
        options.append((f"{origin}>{target}", label))
    return options


def why_no_rocket(rules: Rules, state: GameState) -> str:
    if not may_have_rockets(rules, state):
        return "rockets are fired in the non-combat move, by a power with Rockets"
    if state.turn.rockets:
        return "this turn's rocket has been fired (one a turn)"
    return (f"no AA gun of yours that has not moved this turn is within {ROCKET_RANGE} spaces "
            "of an enemy industrial complex")
