"""Questions the interface asks that the rules answer: how far each side is
from the edition's victory conditions, what each power has on the board, and
which actions the active house rules offer now, in words.
Pure functions over a state; no Textual, no Rich."""

from __future__ import annotations

import re

import attrs

from axisallies_tui.engine.actions import Action
from axisallies_tui.engine.events import units_text
from axisallies_tui.engine.model import VictoryCondition
from axisallies_tui.engine.queries import capital_held_by, piece, side_income
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


# -- the house rules' own actions ------------------------------------------------------


def rule_actions(rules: Rules, state: GameState) -> list[tuple[str, Action]]:
    """(rule id, action) for each action an active house rule offers now (its
    `legal_actions`) that the engine accepts, in the rules' order. Interfaces list
    these without knowing the rules: a new rule's action appears with no code."""
    from axisallies_tui.engine.legal import is_legal

    if state.result is not None or state.pending is not None:
        return []
    found: list[tuple[str, Action]] = []
    for rule in rules.hooks("legal_actions"):
        for action in rule.legal_actions(rules, state):
            if (rule.id, action) not in found and is_legal(rules, state, action):
                found.append((rule.id, action))
    return found


_FIELD = re.compile(r"`(\w+)`")


def action_text(rules: Rules, state: GameState, action: Action) -> str:
    """An action in words, from its class's docstring (first sentence) with each
    `field` it names replaced by the field's value in words; fields it does not
    name follow in brackets. "Lend 1 IPC to the friendly power United Kingdom."."""
    cls = type(action)
    doc = (cls.__doc__ or cls.__name__).strip()
    first = " ".join(doc.split("\n\n")[0].split())
    first = first.replace(" (this rule only)", "")
    values = {f.name: _value_text(rules, state, f.name, getattr(action, f.name))
              for f in (attrs.fields(cls) if attrs.has(cls) else ())}
    named = set(_FIELD.findall(first))
    text = _FIELD.sub(lambda m: values.get(m.group(1), m.group(1)), first).rstrip(".")
    text = re.sub(r"\b1 IPCs\b", "1 IPC", text)
    rest = [f"{_field_label(name)}: {value}" for name, value in values.items() if name not in named]
    return text + (f" ({'; '.join(rest)})" if rest else "") + "."


def _field_label(name: str) -> str:
    """`uid` -> `piece`, `from_space` -> `from space`."""
    return "piece" if name == "uid" else name.removesuffix("_uid").replace("_", " ")


def _value_text(rules: Rules, state: GameState, name: str, value: object) -> str:
    """A field's value as a player reads it: powers, spaces and pieces by name."""
    board = rules.board
    if isinstance(value, str) and value in board.power_by_id:
        return board.power(value).name
    if isinstance(value, str) and value in board.space_by_id:
        return board.space(value).name
    if name.endswith("uid") and isinstance(value, int):
        found = piece(board, state, value)
        if found is not None:
            space, unit = found
            owner = board.power(unit.power).name if unit.power in board.power_by_id else unit.power
            return f"{owner}'s {rules.edition.unit(unit.type).name.lower()} in {board.space(space).name}"
    return str(value)
