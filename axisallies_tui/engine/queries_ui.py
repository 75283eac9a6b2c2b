"""Questions the interface asks that the rules answer: how far each side is
from the edition's victory conditions, and what each power has on the board.
Pure functions over a state; no Textual, no Rich."""

from __future__ import annotations

from axisallies_tui.engine.events import units_text
from axisallies_tui.engine.queries import capital_held_by, side_income
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.engine.victory import ALLIES, AXIS


def victory_progress(rules: Rules, state: GameState) -> list[tuple[str, str]]:
    """(side, sentence) for each victory condition in force, saying how close
    that side is. House rules that decide victory replace the edition's
    conditions (C-WIN); they are named, with the figures they usually use."""
    board = rules.board
    lines: list[tuple[str, str]] = []
    deciding = [getattr(rule, "id", "") for rule in rules.hooks("check_victory")]
    if deciding:
        lines.append(("", "Victory is decided by house rule " + ", ".join(deciding)
                      + " (see its help); the figures below are the usual ones."))
    axis_goal = rules.option("axis_economic_victory")
    axis_income = side_income(board, state, AXIS)
    if axis_goal:
        short = max(0, axis_goal - axis_income)
        lines.append((AXIS, f"Economic: Axis income {axis_income} of {axis_goal}"
                            + (f" ({short} short)" if short else " (reached)")))
    allied_goal = rules.option("allied_economic_victory")
    allied_income = side_income(board, state, ALLIES)
    if allied_goal:
        short = max(0, allied_goal - allied_income)
        lines.append((ALLIES, f"Economic: Allied income {allied_income} of {allied_goal}"
                              + (f" ({short} short)" if short else " (reached)")))
    if rules.option("military_victory") or deciding:
        axis_powers = board.powers_of_side(AXIS)
        allied_powers = board.powers_of_side(ALLIES)
        own = [p for p in axis_powers if capital_held_by(board, state, p) == AXIS]
        taken = [board.capital_space(p).name for p in allied_powers if capital_held_by(board, state, p) == AXIS]
        lines.append((AXIS, f"Military: the Axis hold {len(own)} of their {len(axis_powers)} capitals and "
                            f"{len(taken)} of the 2 Allied capitals needed"
                            + (f" ({', '.join(taken)})" if taken else "")))
        held = [p for p in board.powers if capital_held_by(board, state, p.id) == ALLIES]
        enemy = [board.capital_space(p).name for p in axis_powers if capital_held_by(board, state, p) == ALLIES]
        lines.append((ALLIES, f"Military: the Allies hold {len(held)} of the {len(board.powers)} capitals"
                              + (f", Axis capitals taken: {', '.join(enemy)}" if enemy else "")))
    return lines


def units_value(rules: Rules, state: GameState, power: str) -> tuple[int, int]:
    """(number of units, their total purchase cost) that `power` has on the
    board: the size of its forces in IPCs."""
    edition = rules.edition
    count = value = 0
    for space in state.spaces:
        for unit in space.units:
            if unit.power == power:
                count += 1
                value += edition.unit(unit.type).cost
    return count, value


def cargo_in(state: GameState, space_index: int, carriers: list[int]) -> list[Unit]:
    """Units aboard the transports (uids `carriers`) in one space."""
    wanted = set(carriers)
    return [u for u in state.spaces[space_index].units if u.aboard is not None and u.aboard in wanted]


def loss_value(rules: Rules, state: GameState, space_id: str, unit: Unit) -> int:
    """What losing `unit` costs in IPCs: its price, plus the cargo that goes down
    with a transport (a loaded transport is not the cheap casualty it looks)."""
    edition = rules.edition
    index = rules.board.space(space_id).index
    return edition.unit(unit.type).cost + sum(edition.unit(c.type).cost for c in cargo_in(state, index, [unit.uid]))


def casualty_note(rules: Rules, state: GameState, space_id: str, units: list[Unit], damage_only: bool) -> str:
    """What a casualty line holds beyond its count: cargo aboard, damage taken,
    fighters that lose their deck, where the pieces came from."""
    edition, board = rules.edition, rules.board
    index = board.space(space_id).index
    notes: list[str] = []
    cargo = cargo_in(state, index, [u.uid for u in units])
    if cargo:
        loaded = len({c.aboard for c in cargo})
        counts: dict[str, int] = {}
        for c in cargo:
            counts[c.type] = counts.get(c.type, 0) + 1
        what = ", ".join(units_text(edition, t, n) for t, n in counts.items())
        notes.append(f"{loaded} loaded: {what} aboard")
    damaged = sum(1 for u in units if u.damage)
    if damaged:
        notes.append(f"{damaged} damaged")
    if damage_only:
        notes.append("damaged, not sunk")
    if any(edition.unit(u.type).carrier_capacity for u in units) and not damage_only:
        riding = [u for u in state.spaces[index].units
                  if u.power == units[0].power and edition.unit(u.type).carrier_cost is not None]
        if riding and board.space(space_id).is_sea:
            notes.append(f"{len(riding)} aircraft need a deck")
    origins = sorted({board.space(u.came_from).name for u in units if u.came_from and u.came_from in board.space_by_id})
    if origins:
        notes.append("from " + ", ".join(origins))
    return "; ".join(notes)
