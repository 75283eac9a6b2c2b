"""Questions about a state, answered with the board's help. Pure functions."""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from axisallies_tui.engine.model import ALLIED, Board
from axisallies_tui.engine.state import GameState, PowerState, SpaceState, Unit


def space_state(board: Board, state: GameState, space_id: str) -> SpaceState:
    return state.spaces[board.space(space_id).index]


def owner(board: Board, state: GameState, space_id: str) -> str | None:
    return state.spaces[board.space(space_id).index].owner


def units_in(board: Board, state: GameState, space_id: str) -> tuple[Unit, ...]:
    return state.spaces[board.space(space_id).index].units


def power_index(board: Board, power_id: str) -> int:
    return board.power_position[power_id]


def power_state(board: Board, state: GameState, power_id: str) -> PowerState:
    return state.powers[power_index(board, power_id)]


def allied(board: Board, a: str | None, b: str | None) -> bool:
    """Same side (a power is allied with itself). Unowned spaces are nobody's ally."""
    if a is None or b is None:
        return False
    return a == b or board.relation(a, b) == ALLIED


def controlled_by(board: Board, state: GameState, power_id: str) -> list[str]:
    return [sp.id for sp, st in zip(board.spaces, state.spaces) if st.owner == power_id]


def territory_income(board: Board, state: GameState, power_id: str) -> int:
    """The sum of the IPC values of the land `power_id` controls (its production level)."""
    return sum(sp.ipc for sp, st in zip(board.spaces, state.spaces) if st.owner == power_id)


def side_income(board: Board, state: GameState, side: str) -> int:
    return sum(territory_income(board, state, p) for p in board.powers_of_side(side))


def capital_lost(board: Board, state: GameState, power_id: str) -> bool:
    """True while the power's capital is controlled by the other side."""
    holder = owner(board, state, board.power(power_id).capital)
    return holder is not None and not allied(board, holder, power_id)


def capital_held_by(board: Board, state: GameState, power_id: str) -> str | None:
    """The side controlling `power_id`'s capital."""
    holder = owner(board, state, board.power(power_id).capital)
    return board.side_of(holder) if holder else None


def count_units(units: Iterable[Unit]) -> dict[str, dict[str, int]]:
    """{power: {unit type: count}} for a group of units."""
    table: dict[str, Counter[str]] = {}
    for unit in units:
        table.setdefault(unit.power, Counter())[unit.type] += 1
    return {power: dict(counter) for power, counter in table.items()}


def has_enemy_units(board: Board, state: GameState, space_id: str, power_id: str) -> bool:
    return any(not allied(board, u.power, power_id) for u in units_in(board, state, space_id))


def unplaced_count(power: PowerState, unit: str) -> int:
    return dict(power.unplaced).get(unit, 0)


def type_counts(units: Iterable[Unit]) -> tuple[tuple[str, int], ...]:
    """(unit type, count) pairs for a group of units, sorted by type."""
    counter: Counter[str] = Counter(unit.type for unit in units)
    return tuple(sorted(counter.items()))


def piece(board: Board, state: GameState, uid: int) -> tuple[str, Unit] | None:
    """Where the piece numbered `uid` stands, and the piece; None if it is gone."""
    for space, held in zip(board.spaces, state.spaces):
        for unit in held.units:
            if unit.uid == uid:
                return space.id, unit
    return None
