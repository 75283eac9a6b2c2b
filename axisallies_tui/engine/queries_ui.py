"""Questions the interface asks that the rules answer: how far each side is
from the edition's victory conditions, and what each power has on the board.
Pure functions over a state; no Textual, no Rich."""

from __future__ import annotations

from axisallies_tui.engine.events import units_text
from axisallies_tui.engine.model import VictoryCondition
from axisallies_tui.engine.queries import capital_held_by, side_income
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit


def victory_progress(rules: Rules, state: GameState) -> list[tuple[str, str]]:
    """(side, sentence) for each of the edition's victory conditions in force
    (`[[victory]]` data), saying how close that side is. House rules that decide
    victory replace the edition's conditions (C-WIN); they are named, with the
    figures they usually use."""
    lines: list[tuple[str, str]] = []
    deciding = [rule.id for rule in rules.hooks("check_victory")]
    if deciding:
        lines.append(("", "Victory is decided by house rule " + ", ".join(deciding)
                      + " (see its help); the figures below are the usual ones."))
    for condition in rules.edition.victory:
        if not rules.board.powers_of_side(condition.side):
            continue
        line = _progress(rules, state, condition)
        if line:
            lines.append((condition.side, line))
    return lines


def _progress(rules: Rules, state: GameState, condition: VictoryCondition) -> str | None:
    board, side = rules.board, condition.side
    name = side.capitalize()
    setting = rules.option(condition.option)
    if not setting:
        return None
    if condition.kind == "income":
        income = side_income(board, state, side)
        short = max(0, setting - income)
        return f"Economic: {name} income {income} of {setting}" + (f" ({short} short)" if short else " (reached)")
    own = board.powers_of_side(side)
    held = [p for p in own if capital_held_by(board, state, p) == side]
    others = [p.id for p in board.powers if p.side != side]
    taken = [board.capital_space(p).name for p in others if capital_held_by(board, state, p) == side]
    needed = len(others) if condition.enemy is None else condition.enemy
    return (f"Military: the {name} hold {len(held)} of their {len(own)} capitals and "
            f"{len(taken)} of the {needed} enemy capitals needed" + (f" ({', '.join(taken)})" if taken else ""))


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
