"""What the screens show, worked out from the rules and a state: plain text, no
Textual. Keeping this apart from the widgets lets tests check the words without
running an app, and keeps every screen reading the position the same way."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from axisallies_tui.engine.economy import income_for
from axisallies_tui.engine.model import Board, Edition, Space, UnitType
from axisallies_tui.engine.queries import count_units, power_state
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit

# Unit types shown as markers rather than in the unit list.
MARKER_TAGS = ("factory", "aa")


def unit_abbreviation(unit: UnitType) -> str:
    """A two- or three-letter tag for a unit type (inf, arm, ftr, ...)."""
    for alias in unit.aliases:
        if 2 <= len(alias) <= 3 and alias.isalpha():
            return alias.lower()
    return unit.id[:3]


def power_tag(board: Board, power_id: str | None) -> str:
    """The power's two-letter tag, or `--` for nobody."""
    if power_id is None:
        return "--"
    power = board.power_by_id.get(power_id)
    return power.short if power else power_id[:2].upper()


def power_label(board: Board, power_id: str | None) -> str:
    """`GE Germany`: the tag first, so the power never depends on colour."""
    if power_id is None:
        return "nobody"
    power = board.power_by_id.get(power_id)
    return f"{power.short} {power.name}" if power else power_id


def phase_name(edition: Edition, phase: str) -> str:
    return edition.phase_names.get(phase, phase.replace("_", " ").capitalize())


def short_space_name(space: Space) -> str:
    """Sea zones lose their ` Sea Zone` suffix in the tables (the tab says where)."""
    if space.is_sea and space.name.endswith(" Sea Zone"):
        return space.name[: -len(" Sea Zone")] + " SZ"
    return space.name


def rule_short_name(rule_id: str) -> str:
    """`s004-loaning-money` -> `loaning money`: a house rule named in a line."""
    head, _, rest = rule_id.partition("-")
    return (rest if head[:1] == "s" and head[1:].isdigit() and rest else rule_id).replace("-", " ")


def sentence(text: str) -> str:
    """`text` ending in one full stop (names like `Ukraine S.S.R.` end in one already)."""
    return text if text.endswith(".") else text + "."


def is_marker(unit: UnitType) -> bool:
    return any(unit.has(tag) for tag in MARKER_TAGS)


def units_text(edition: Edition, board: Board, units: Iterable[Unit], long: bool = False) -> str:
    """`GE 6inf 3arm; IT 1ftr`, fighting units only (complexes and AA guns are markers).
    With `long`, full unit names one power per line."""
    table = count_units(units)
    parts = []
    for power in [p.id for p in board.powers] + sorted(set(table) - set(board.power_by_id)):
        counts = table.get(power)
        if not counts:
            continue
        pieces = []
        for unit in edition.unit_types:
            n = counts.get(unit.id, 0)
            if not n or (is_marker(unit) and not long):
                continue
            if long:
                pieces.append(f"{n} {unit.name.lower()}")
            else:
                pieces.append(f"{n}{unit_abbreviation(unit)}")
        if pieces:
            sep = ", " if long else " "
            parts.append(f"{power_tag(board, power)} {sep.join(pieces)}")
    return ("\n" if long else "; ").join(parts)


def markers(rules: Rules, state: GameState, space: Space) -> str:
    """`cap IC AA`: capital, industrial complex, antiaircraft gun. Words, not colours."""
    held = state.spaces[space.index]
    found = []
    if space.capital_of:
        found.append("cap")
    types = {u.type for u in held.units}
    for unit in rules.edition.unit_types:
        if unit.id in types and unit.has("factory"):
            found.append("IC")
    for unit in rules.edition.unit_types:
        if unit.id in types and unit.has("aa"):
            found.append("AA")
    return " ".join(found)


def owner_text(rules: Rules, state: GameState, space: Space) -> str:
    if space.is_sea:
        return ""
    owner = state.spaces[space.index].owner
    if owner is None:
        return "neu" if space.neutral else "--"
    return power_tag(rules.board, owner)


def space_row(rules: Rules, state: GameState, space: Space) -> tuple[str, str, str, str, str]:
    """The cells of a region-table row: space, owner, IPC value, markers, units."""
    held = state.spaces[space.index]
    ipc = str(space.ipc) if space.is_land and space.ipc else ""
    return (
        short_space_name(space),
        owner_text(rules, state, space),
        ipc,
        markers(rules, state, space),
        units_text(rules.edition, rules.board, held.units),
    )


def space_detail(rules: Rules, state: GameState, space: Space) -> list[str]:
    """Lines describing one space for the detail panel."""
    board = rules.board
    held = state.spaces[space.index]
    region = next((r.name for r in board.regions if r.id == space.region), space.region)
    lines = [space.name]
    if space.is_sea:
        lines.append(f"Sea zone in {region}")
    else:
        kind = "Neutral territory" if space.neutral and held.owner is None else "Territory"
        extra = " (island)" if space.island else ""
        lines.append(f"{kind}{extra} in {region}, worth {space.ipc} IPCs")
        lines.append(f"Held by {power_label(board, held.owner)}")
        if space.original_owner and space.original_owner != held.owner:
            lines.append(f"Originally {power_label(board, space.original_owner)}")
        if space.capital_of:
            lines.append(f"Capital of {power_label(board, space.capital_of)}")
        if space.original_factory:
            lines.append("Original industrial complex site")
    lines.append("")
    table = count_units(held.units)
    lines.append("Units:" if table else "Units: none")
    for power in [p.id for p in board.powers if p.id in table]:
        lines.append(f"  {power_label(board, power)}:")
        for unit in rules.edition.unit_types:
            if table[power].get(unit.id):
                lines.append(f"    {table[power][unit.id]} {unit.name.lower()}")
    lines.append("")
    names = sorted(board.space(n).name for n in space.neighbours)
    lines.append(f"Next to ({len(names)}): " + ", ".join(names))
    return lines


def player_for(players: dict[str, str], power: str) -> str:
    return (players.get(power) or "").strip()


def same_person(players: dict[str, str], a: str, b: str) -> bool:
    """True when one person holds both powers (unnamed powers count as one table)."""
    return player_for(players, a).casefold() == player_for(players, b).casefold()


def actor(state: GameState) -> str:
    """The power whose player must act now."""
    return state.pending.power if state.pending is not None else state.power


def status_text(rules: Rules, state: GameState, players: dict[str, str]) -> str:
    """Round 1 | SU Soviet Union (Ann) | Purchase units | 24 IPCs, income 24"""
    board = rules.board
    if state.result is not None:
        result = state.result
        who = "Drawn game" if result.winner == "draw" else f"{result.winner.capitalize()} win"
        return f"Game over in round {result.round} | {who}: {result.reason}"
    power = actor(state)
    player = player_for(players, power)
    name = f"{power_label(board, power)} ({player})" if player else power_label(board, power)
    ps = power_state(board, state, power)
    income = income_for(rules, state, power)
    phase = phase_name(rules.edition, state.phase)
    if state.pending is not None:
        name = f"{name} to answer"
    if state.pending is not None:  # the income is the mover's business; the line stays short
        return f"Round {state.round} | {name} | {phase} | {ps.ipcs} IPCs"
    return f"Round {state.round} | {name} | {phase} | {ps.ipcs} IPCs, income {income}"


def power_rows(rules: Rules, state: GameState, players: dict[str, str]) -> list[tuple[str, ...]]:
    """One row per power: tag and name, player, IPCs, income, territories, developments."""
    board = rules.board
    rows: list[tuple[str, ...]] = []
    for ps in state.powers:
        territories = sum(1 for st in state.spaces if st.owner == ps.id)
        techs = ", ".join(rules.edition.tech_names(ps.techs))
        rows.append((
            power_label(board, ps.id), player_for(players, ps.id) or "-", str(ps.ipcs),
            str(income_for(rules, state, ps.id)), str(territories), techs or "-",
        ))
    return rows


def turn_report(rules: Rules, events: Sequence[Any], power: str) -> list[str]:
    """What happened at the end of `power`'s turn, from the events of the step
    that ended it: units lost unplaced, income and bonuses."""
    board, edition = rules.board, rules.edition
    lines = []
    for event in events:
        if getattr(event, "power", None) != power:
            continue
        if event.kind in ("income_collected", "bonus_paid", "units_lost"):
            lines.append(event.text(board, edition))
    return lines


SUMMARY_KINDS = frozenset({
    "battle_ended", "retreated", "raid_damage", "territory_captured", "capital_plundered", "units_changed_hands",
    "tech_developed", "units_purchased", "purchase_returned", "units_placed", "units_lost", "income_collected",
    "bonus_paid", "conceded", "game_won", "action_undone", "units_added", "units_removed", "owner_set", "ipcs_set",
    "tech_granted", "tech_removed", "ship_repaired", "rocket_hit",
})
"""Event kinds a returning player wants to read: results, captures, purchases,
placements, developments, income, and edits and take-backs (so the purchases
shown add up)."""


def since_last_turn(records: Sequence[tuple[str, str, str | None]], powers: Sequence[str],
                    board: Board, limit: int = 40) -> list[str]:
    """What happened since the player holding `powers` last played, from the
    feed's (kind, text, power) records: each other power's turn under its
    name, with the events a returning player wants. At most `limit` lines
    (the newest). The turn just begun (the last `turn_started`) is left out."""
    starts = [i for i, (kind, _text, _who) in enumerate(records) if kind == "turn_started"]
    if starts and records[starts[-1]][2] in powers:
        records = records[:starts[-1]]
    start = 0
    for index in range(len(records) - 1, -1, -1):
        kind, _text, who = records[index]
        if kind == "turn_started" and who in powers:
            start = index + 1  # the player's own last turn: what came after it
            while start < len(records) and not (records[start][0] == "turn_started"
                                                and records[start][2] not in powers):
                start += 1
            break
    lines: list[str] = []
    heading = ""
    for kind, text, who in records[start:]:
        if kind == "turn_started" and who is not None:
            heading = f"{power_label(board, who)}:"
            continue
        if kind not in SUMMARY_KINDS:
            continue
        if heading:
            lines.append(heading)
            heading = ""
        lines.append(f"  {text}")
    return lines[-limit:]


def turn_finished(before: GameState, after: GameState) -> bool:
    return after.power != before.power or after.round != before.round or (
        after.result is not None and before.result is None
    )
