"""Planning a move for the move panel: which spaces have units that can move,
the units there in groups, and where a chosen group may go. Plain values, no
Textual, so tests read them without an app.

Destinations are found the way the brief of the move screens asks: the
engine's one-unit candidates (`movement.candidate_moves`) name the spaces worth
trying; each is then asked of the engine for the whole group
(`engine.preview`): the path it chose, what goes, fees, AA fire, captures and
the battle it starts. Nothing here decides a rule; a refusal is the engine's
own reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from axisallies_tui.engine.events import units_text
from axisallies_tui.engine.model import AIR, SEA
from axisallies_tui.engine.movement import COMBAT_MOVE, Move, View, candidate_moves, movement_left, why_stuck
from axisallies_tui.engine.preview import AMPHIBIOUS, BATTLE, RAID, SEA_BATTLE, MovePreview, preview
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.tui.info import short_space_name, unit_abbreviation


@dataclass
class UnitGroup:
    """Pieces of one kind in one space that move alike."""

    key: str
    """Stable id of the group (the table's row key)."""
    type: str
    label: str
    uids: tuple[int, ...]
    left: int
    """Movement points left."""
    stuck: str | None
    """Why these pieces cannot move now (the engine's `why_stuck`), or None."""
    note: str = ""

    @property
    def count(self) -> int:
        return len(self.uids)


@dataclass
class Destination:
    """One place a chosen group may go (or was refused), as the engine sees it."""

    space: str
    raid: bool = False
    moves: tuple[Move, ...] = ()
    """The engine actions that make this move (land units and aircraft from one
    territory go as two moves: the engine moves them separately)."""
    path: tuple[str, ...] = ()
    how: str = ""
    """land, sea, air, load or unload (from the `units_moved` event)."""
    moved: tuple[tuple[str, int], ...] = ()
    """What actually goes (cargo and fighters riding along, a whole transport's load)."""
    notes: list[str] = field(default_factory=list)
    """What happens on the way, in full (the hint under the list)."""
    tags: list[str] = field(default_factory=list)
    """The same in a word or two (the list itself)."""
    problem: str | None = None
    risky: bool = False
    """Allowed, but the units would be lost as things stand (a fighter over open sea)."""
    anti_aircraft: tuple[str, ...] = ()
    """Spaces whose antiaircraft guns fire at the aircraft on the way."""

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def key(self) -> str:
        return f"raid:{self.space}" if self.raid else self.space


# -- where units may move from -------------------------------------------------------------


def _can_move(view: View, unit: Unit) -> bool:
    return view.kind(unit).move > 0 and why_stuck(view, unit) is None and (
        unit.aboard is not None or movement_left(view.rules, view.state, unit) > 0
    )


_CANDIDATES: list[tuple[Rules, GameState, list[Move]]] = []
"""The engine's candidate moves for the last position asked about: every step of
the move panel asks again, and states never change, so one answer per state."""


def candidates(rules: Rules, state: GameState) -> list[Move]:
    """`movement.candidate_moves`, computed once per position (by identity)."""
    if not _CANDIDATES or _CANDIDATES[0][0] is not rules or _CANDIDATES[0][1] is not state:
        _CANDIDATES[:] = [(rules, state, list(candidate_moves(rules, state)))]
    return _CANDIDATES[0][2]


def origins(rules: Rules, state: GameState) -> list[str]:
    """Spaces where the power to move has something worth moving now: the origins
    of the engine's candidate moves, in board order."""
    found = {move.origin for move in candidates(rules, state)}
    return [s.id for s in rules.board.spaces if s.id in found]


def origin_label(rules: Rules, state: GameState, space_id: str) -> str:
    """`Karelia S.S.R.: 1aa (8 stuck)`: what may move from a space, and how many
    pieces there cannot move now."""
    view = View(rules, state)
    mine = [u for u in view.units(space_id) if u.power == state.power and view.kind(u).move > 0]
    free = [u for u in mine if _can_move(view, u)]
    text = f"{short_space_name(rules.board.space(space_id))}: {_short_counts(rules, free) or 'nothing free'}"
    stuck = len(mine) - len(free)
    return text + (f" ({stuck} stuck)" if stuck else "")


def movable_here(rules: Rules, state: GameState, space_id: str) -> int:
    view = View(rules, state)
    return sum(1 for u in view.units(space_id) if u.power == state.power and _can_move(view, u))


def unit_groups(rules: Rules, state: GameState, space_id: str) -> list[UnitGroup]:
    """The mover's pieces in `space_id`, grouped by kind, movement left, whether
    they ride a transport, damage and why they are stuck (pieces that never move,
    such as complexes, are left out)."""
    view = View(rules, state)
    edition = rules.edition
    units = [u for u in view.units(space_id) if u.power == state.power and view.kind(u).move > 0]
    groups: dict[tuple[str, int, bool, bool, str | None], list[Unit]] = {}
    for unit in units:
        stuck = why_stuck(view, unit)
        left = movement_left(rules, state, unit)
        if stuck is None and unit.aboard is None and left <= 0:
            stuck = f"the {view.kind(unit).name.lower()} has used all its movement this turn"
        key = (unit.type, left, unit.aboard is not None, unit.damage > 0, stuck)
        groups.setdefault(key, []).append(unit)
    order = {u.id: n for n, u in enumerate(edition.unit_types)}
    result = []
    for (unit_type, left, aboard, damaged, stuck), members in sorted(
        groups.items(), key=lambda item: (item[0][4] is not None, order.get(item[0][0], 99), -item[0][1],
                                          item[0][2])):
        kind = edition.unit(unit_type)
        label = kind.name.lower()
        notes = []
        if aboard:
            notes.append("aboard")
        if damaged:
            notes.append("damaged")
        if kind.transport_capacity:
            cargo = [c for t in members for c in view.cargo_of(t, space_id)]
            if cargo:
                notes.append("carrying " + _short_counts(rules, cargo))
        if kind.domain == AIR and rules.board.space(space_id).is_sea:
            # only aircraft a carrier takes sit on one; a bomber over the sea is in flight
            notes.append("on a carrier" if kind.carrier_cost is not None else "in the air")
        row_key = f"{unit_type}:{left}:{int(aboard)}:{int(damaged)}:{int(stuck is not None)}"
        result.append(UnitGroup(key=row_key, type=unit_type, label=label, uids=tuple(sorted(u.uid for u in members)),
                                left=left, stuck=stuck, note=", ".join(notes)))
    return result


def _short_counts(rules: Rules, units: Iterable[Unit]) -> str:
    counts: dict[str, int] = {}
    for unit in units:
        counts[unit.type] = counts.get(unit.type, 0) + 1
    return " ".join(f"{counts[u.id]}{unit_abbreviation(u)}" for u in rules.edition.unit_types if u.id in counts)


# -- where a group may go ------------------------------------------------------------------


def candidate_destinations(rules: Rules, state: GameState, origin: str, types: Iterable[str]) -> list[str]:
    """Spaces the engine's one-unit candidates offer from `origin` for these unit types."""
    wanted = set(types)
    seen: dict[str, None] = {}
    for move in candidates(rules, state):
        if move.origin == origin and move.units and move.units[0][0] in wanted:
            seen.setdefault(move.destination, None)
    return list(seen)


def try_move(rules: Rules, state: GameState, *moves: Move) -> Destination:
    """What `moves` (one, or land units then aircraft) would do, as the engine's
    `preview` says, put in the list's words; or why the engine refuses them."""
    move = moves[0]
    result = Destination(space=move.destination, raid=move.raid, moves=tuple(moves))
    seen = preview(rules, state, *moves)
    if not seen.ok:
        result.problem = seen.problem
        return result
    board = rules.board
    result.path, result.how, result.moved = seen.path, seen.how, seen.moved
    result.anti_aircraft = tuple(board.space(s).name for s in seen.anti_aircraft)
    result.risky = seen.aircraft_at_risk

    def note(tag: str, text: str) -> None:
        if tag not in result.tags:
            result.tags.append(tag)
        result.notes.append(text)

    for path in seen.paths[1:]:
        if path != seen.path:
            result.notes.append("the aircraft fly " + " > ".join(short_space_name(board.space(s)) for s in path))
    for amount, reason in seen.fees:
        note(f"pays {amount} IPCs", f"pays {amount} IPCs ({reason})")
    for name in result.anti_aircraft:
        note("AA fire", f"AA guns fire in {name}")
    for space in seen.captures:
        name = short_space_name(board.space(space))
        note("takes it" if space == move.destination else f"blitz, takes {name}", f"takes {name}")
    first = _kind_words(seen, state.phase == COMBAT_MOVE)
    if first:
        result.tags.insert(0, first)
        result.notes.insert(0, first)
    if seen.sea_battle_first:
        zone = board.space(seen.sea_battle_first).name
        result.notes.append(f"the troops wait in {zone} until the sea battle there is won, then land")
    if result.risky:
        note("no carrier there yet", "no carrier has room there yet: the aircraft is lost unless one arrives "
                                     "before the phase ends")
    return result


KIND_WORDS = {RAID: "bombing raid", BATTLE: "battle", SEA_BATTLE: "sea battle", AMPHIBIOUS: "amphibious assault"}


def _kind_words(seen: MovePreview, combat: bool) -> str:
    """The first word or two of a destination: the fight the engine says it
    starts, else what the move is (boarding, unloading, ships sailing in to
    support an assault)."""
    if seen.battle is not None:
        return KIND_WORDS.get(seen.battle, seen.battle)
    if seen.how == "load":
        return "boards a transport"
    if seen.how == "unload":
        return "unloads"
    if combat and seen.how == SEA:
        return "to support an assault"
    return ""


def destinations(rules: Rules, state: GameState, origin: str, uids: Sequence[int],
                 aa_order: tuple[str, ...] = (), extra: Iterable[str] = ()) -> list[Destination]:
    """Every candidate destination for the pieces `uids` in `origin`, tried with
    the engine: the legal ones first (nearest first), then the refused ones with
    the engine's reason. Bombers also get a raid on each enemy complex in reach."""
    view = View(rules, state)
    here = {u.uid: u for u in view.units(origin)}
    chosen = [here[uid] for uid in uids if uid in here]
    if not chosen:
        return []
    types = {u.type for u in chosen}
    spaces = candidate_destinations(rules, state, origin, types)
    for space in extra:
        if space not in spaces and space != origin:
            spaces.append(space)
    bombers_only = all(view.kind(u).has("strategic_bomber") for u in chosen)
    air_order = aa_order if len({u.type for u in chosen if view.kind(u).domain == AIR}) > 1 else ()
    groups = split_groups(rules, state, origin, uids)
    tried = []
    for space in spaces:
        moves = [Move(origin=origin, destination=space, uids=group,
                      aa_order=air_order if any(view.kind(here[u]).domain == AIR for u in group) else ())
                 for group in groups]
        tried.append(try_move(rules, state, *moves))
        if bombers_only and state.phase == COMBAT_MOVE and view.enemy_land(space) and any(
                view.kind(u).has("factory") for u in view.enemy_units(space)):
            raid = Move(origin=origin, destination=space, uids=tuple(uids), raid=True, aa_order=air_order)
            tried.append(try_move(rules, state, raid))
    board = rules.board
    good = sorted((d for d in tried if d.ok), key=lambda d: (d.risky, len(d.path), board.space(d.space).name, d.raid))
    bad = sorted((d for d in tried if not d.ok), key=lambda d: (board.space(d.space).name, d.raid))
    return good + bad


def split_groups(rules: Rules, state: GameState, origin: str, uids: Sequence[int]) -> list[tuple[int, ...]]:
    """The chosen pieces as the engine moves them: from a territory, land units and
    aircraft go as two moves (land first, so they open the way); else as one."""
    view = View(rules, state)
    here = {u.uid: u for u in view.units(origin)}
    if rules.board.space(origin).is_sea:
        return [tuple(uids)]
    land = tuple(u for u in uids if u in here and view.kind(here[u]).domain != AIR)
    air = tuple(u for u in uids if u in here and view.kind(here[u]).domain == AIR)
    return [group for group in (land, air) if group] or [tuple(uids)]


def describe(rules: Rules, destination: Destination) -> str:
    """One line for the destination list: `Ukraine S.S.R.: battle (2 spaces)`,
    `x Caucasus: refused`."""
    name = short_space_name(rules.board.space(destination.space))
    if destination.raid:
        name = f"Raid on {name}"
    if not destination.ok:
        return f"x {name}: refused"
    steps = len(destination.path)
    what = ", ".join(destination.tags)
    distance = f"{steps} space{'s' if steps != 1 else ''}"
    return f"{name}: {what} ({distance})" if what else f"{name} ({distance})"


def path_text(rules: Rules, origin: str, destination: Destination) -> str:
    """`Russia > Caucasus > Ukraine S.S.R. (2 spaces)` and what goes."""
    board = rules.board
    if not destination.ok:
        return f"Refused: {destination.problem}"
    names = [short_space_name(board.space(origin))] + [short_space_name(board.space(s)) for s in destination.path]
    moving = ", ".join(units_text(rules.edition, t, n) for t, n in destination.moved)
    spaces = len(destination.path)
    text = f"Path: {' > '.join(names)} ({spaces} space{'s' if spaces != 1 else ''})"
    if moving:
        text += f". Moving: {moving}"
    if destination.notes:
        notes = "; ".join(destination.notes)
        text += ". " + notes[:1].upper() + notes[1:]
    return text if text.endswith(".") else text + "."


def aircraft_types(rules: Rules, state: GameState, origin: str, uids: Sequence[int]) -> list[str]:
    """The aircraft types among the chosen pieces, cheapest first (the engine's
    default order for AA losses)."""
    view = View(rules, state)
    types = {u.type for u in view.units(origin) if u.uid in set(uids) and view.kind(u).domain == AIR}
    return sorted(types, key=lambda t: (rules.edition.unit(t).cost, t))


def lost_aircraft_text(rules: Rules, state: GameState) -> str | None:
    """A warning before the non-combat move ends: aircraft with nowhere to land."""
    from axisallies_tui.engine.movement import lost_aircraft

    lost = lost_aircraft(rules, state)
    if not lost:
        return None
    counts: dict[tuple[str, str], int] = {}
    for space, unit in lost:
        counts[(space, unit.type)] = counts.get((space, unit.type), 0) + 1
    parts = [f"{units_text(rules.edition, t, n)} in {rules.board.space(s).name}" for (s, t), n in counts.items()]
    listing = "; ".join(parts)
    return ("These aircraft have no place to land and will be lost when the phase ends: "
            + listing + ("" if listing.endswith(".") else ".") + " End the phase anyway?")


__all__ = ["Destination", "UnitGroup", "aircraft_types", "candidate_destinations", "describe",
           "destinations", "lost_aircraft_text", "movable_here", "origins", "path_text", "try_move",
           "unit_groups"]
