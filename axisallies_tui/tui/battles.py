"""What the battle pane shows, worked out from the rules and a state: the
battles left to fight, both sides, the exact odds as the battle stands, the
casualty choice and its answer text. Plain text and values, no Textual.

The odds come from `battle_odds.odds_for_battle` (the same unit numbers the dice are
rolled with); `engine.odds` and numpy load only when odds are first asked for.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from axisallies_tui.engine.casualties import CasualtyPiece, format_piece_answer, names_pieces, parse_piece_answer
from axisallies_tui.engine.combat import (
    BATTLE,
    CASUALTY_KINDS,
    RAID,
    attackers_in,
    blocking_sea_battle,
    bombarding_ships,
    bombardment_fire_back,
    casualty_pool,
    casualty_question,
    defenders_in,
    defending_power,
    format_casualties,
    next_fight_is_raid,
    parse_casualties,
    pending_fights,
    raid_victim,
)
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.profiles import ATTACK, profile
from axisallies_tui.engine.queries import power_state
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.tui.info import power_label, power_tag, short_space_name, unit_abbreviation

# -- which battles -------------------------------------------------------------------------


is_raid = next_fight_is_raid
defender_of = defending_power


def raiders(rules: Rules, state: GameState, space_id: str) -> list[Unit]:
    held = state.spaces[rules.board.space(space_id).index]
    return [u for u in held.units if u.power == state.power and u.raiding]


def order_problem(rules: Rules, state: GameState, space_id: str, kind: str = BATTLE) -> str | None:
    """C-COMBAT-1: the sea battle of an assault first (the engine's rule; a raid waits for nothing)."""
    zone = blocking_sea_battle(rules, state, space_id) if kind == BATTLE else None
    return None if zone is None else f"after the sea battle in {short_space_name(rules.board.space(zone))}"


def battle_list(rules: Rules, state: GameState) -> list[tuple[str, str]]:
    """(space, "battle" or "raid") for each fight left, those that may be fought
    now first; a territory both attacked and raided is listed twice."""
    fights = pending_fights(rules, state)
    return sorted(fights, key=lambda f: (order_problem(rules, state, *f) is not None,
                                         rules.board.space(f[0]).is_land, rules.board.space(f[0]).name, f[1]))


def fight_id(space_id: str, kind: str) -> str:
    """The list entry's id: the space for a battle, `raid:<space>` for a raid."""
    return f"{RAID}:{space_id}" if kind == RAID else space_id


def fight_of(entry_id: str) -> tuple[str, str]:
    """(space, kind) back from `fight_id`."""
    raid = entry_id.startswith(f"{RAID}:")
    return (entry_id.removeprefix(f"{RAID}:"), RAID if raid else BATTLE)


# -- describing a side ---------------------------------------------------------------------


def side_text(rules: Rules, units: Sequence[Unit], long: bool = False) -> str:
    """`GE 3inf 2arm; IT 1ftr` (or full names with `long`), damaged units marked."""
    board, edition = rules.board, rules.edition
    by_power: dict[str, dict[str, list[Unit]]] = {}
    for unit in units:
        by_power.setdefault(unit.power, {}).setdefault(unit.type, []).append(unit)
    parts = []
    for power in [p.id for p in board.powers if p.id in by_power]:
        pieces = []
        for kind in edition.unit_types:
            group = by_power[power].get(kind.id)
            if not group:
                continue
            damaged = sum(1 for u in group if u.damage)
            extra = f" ({damaged} damaged)" if damaged else ""
            if long:
                pieces.append(f"{len(group)} {kind.name.lower()}{extra}")
            else:
                pieces.append(f"{len(group)}{unit_abbreviation(kind)}{'*' if damaged else ''}")
        parts.append(f"{power_tag(board, power)} {(', ' if long else ' ').join(pieces)}")
    return "; ".join(parts) if parts else "nothing"


def current_defenders(rules: Rules, state: GameState, space_id: str) -> list[Unit]:
    """Defenders still standing (casualties chosen this round still count until they fire)."""
    return defenders_in(rules, state, space_id)


def battle_lines(rules: Rules, state: GameState, space_id: str, kind: str | None = None) -> list[str]:
    """Both sides and the specifics of the battle (assault, bombardment), or of
    the raid; `kind` None: whichever a fight there without a kind would be."""
    board = rules.board
    space = board.space(space_id)
    attacker = state.power
    lines = []
    if kind == RAID or (kind is None and is_raid(rules, state, space_id)):
        bombers = raiders(rules, state, space_id)
        victim = raid_victim(rules, state, space_id)
        holding = power_state(board, state, victim).ipcs if victim else 0
        dice = sum(profile(rules, u.power, power_state(board, state, u.power).techs, u.type, ATTACK).dice
                   for u in bombers)
        lines.append(f"Bombing raid on {space.name} by {power_label(board, attacker)}")
        lines.append(f"Raiders: {side_text(rules, bombers, long=True)} (AA fire already taken on the way)")
        lines.append(f"{dice} {'die' if dice == 1 else 'dice'}: {power_label(board, victim)} pays the total, "
                     f"at most the {holding} IPCs it holds (about {min(holding, round(3.5 * dice))} expected).")
        return lines
    defender = defender_of(rules, state, space_id)
    attackers = attackers_in(rules, state, space_id)
    defenders = current_defenders(rules, state, space_id)
    kind = "Sea battle" if space.is_sea else "Battle"
    header = f"{kind} for {space.name}"
    if state.battle is not None and state.battle.space == space_id:
        header += f", round {state.battle.round}"
    lines.append(header)
    lines.append(f"Attack  {side_text(rules, attackers)}")
    answers = f" ({power_tag(board, defender)} answers)" if defender and len({u.power for u in defenders}) > 1 else ""
    lines.append(f"Defence {side_text(rules, defenders) if defenders else 'nothing'}{answers}")
    if state.battle is not None and state.battle.space == space_id and state.battle.set_aside:
        going = [u for u in defenders if u.uid in set(state.battle.set_aside)]
        lines.append(f"  lost at the end of this round: {side_text(rules, going)}")
    landed = [u for u in attackers if u.amphibious]
    if landed:
        lines.append(f"Amphibious assault: {len(landed)} unit(s) landed from the sea may not retreat.")
    waiting = [u for z in state.spaces for u in z.units if u.landing == space_id and u.power == attacker]
    if waiting:
        lines.append(f"{len(waiting)} unit(s) wait at sea to land here once the sea battle is won.")
    guns = [] if (state.battle is not None and state.battle.space == space_id) else \
        bombarding_ships(rules, state, space_id)
    if guns:
        fate = "their casualties fire back in round 1" if bombardment_fire_back(rules) else \
            "their casualties go at once"
        lines.append(f"Bombardment first: {side_text(rules, guns)} fire once; {fate}.")
    return lines


# -- odds --------------------------------------------------------------------------------


def odds_for(rules: Rules, state: GameState, space_id: str, stop: Callable[[], bool] | None = None,
             progress: Callable[[Any, int, int], None] | None = None) -> Any | None:
    """`battle_odds.odds_for_battle` for a battle (None for a raid or nothing to
    fight); simulated odds ask `stop` as they go (and raise OddsCancelled), and
    tell `progress` the figures so far."""
    from axisallies_tui.engine.battle_odds import odds_for_battle

    if is_raid(rules, state, space_id) or not attackers_in(rules, state, space_id):
        return None
    try:
        return odds_for_battle(rules, state, space_id, stop, progress)
    except ValueError:
        return None


def percent(p: float) -> str:
    return f"{p * 100:.1f}%"


@dataclass(frozen=True)
class OddsSoFar:
    """Simulated odds still being worked out: the figures after `fought` of the
    `total` battles, shown (marked as such) until the whole run is done."""

    odds: Any
    fought: int
    total: int


def is_simulated(odds: Any) -> bool:
    return isinstance(odds, OddsSoFar) or getattr(odds, "method", "exact") == "simulated"


def how_simulated(odds: Any) -> str:
    """What makes figures less than exact, "" for exact odds: "simulated, ±2.8
    points", or "simulating: 300 of 1,000 battles so far, ±5.2 points"."""
    if isinstance(odds, OddsSoFar):
        return (f"simulating: {odds.fought:,} of {odds.total:,} battles so far, "
                f"\u00b1{odds.odds.margin * 100:.1f} points")
    return f"simulated, \u00b1{odds.margin * 100:.1f} points" if is_simulated(odds) else ""


def odds_lines(rules: Rules, odds: Any, land: bool) -> list[str]:
    """Attacker win / defender win / draw / no capture, and the expected survivors."""
    edition = rules.edition
    how = how_simulated(odds)
    odds = odds.odds if isinstance(odds, OddsSoFar) else odds
    parts = [f"win {percent(odds.attacker_win)}", f"lose {percent(odds.defender_win)}",
             f"draw {percent(odds.draw)}"]
    lines = [(f"Odds ({how}): " if how else "Odds: ") + "  ".join(parts)]
    extra = []
    if land:
        extra.append(f"no capture (only aircraft left) {percent(odds.attacker_survives_no_capture)}")
    if odds.stalemate > 0.0005:
        extra.append(f"stalemate {percent(odds.stalemate)}")
    if extra:
        lines.append("      " + "  ".join(extra))

    def survivors(pairs: Sequence[tuple[str, float]]) -> str:
        shown = [f"{n:.1f}{unit_abbreviation(edition.unit(u))}" for u, n in pairs if n >= 0.05]
        return " ".join(shown) or "none"

    lines.append(f"Expected left: attack {survivors(odds.attacker_survivors)}; "
                 f"defence {survivors(odds.defender_survivors)}")
    return lines


def short_odds(odds: Any | None) -> str:
    if odds is None:
        return "raid"
    if isinstance(odds, OddsSoFar):
        return f"win ~{percent(odds.odds.attacker_win)} so far"
    about = "~" if is_simulated(odds) else ""
    return f"win {about}{percent(odds.attacker_win)}"


# -- casualties ---------------------------------------------------------------------------


@dataclass
class Slot:
    """One line of a casualty choice: a power's interchangeable pieces of one type
    (same damage, cargo, origin), lost or only damaged."""

    power: str
    type: str
    damage: bool
    available: int
    uids: tuple[int, ...] = ()
    """The pieces, lowest number first."""
    hits_each: int = 1
    """Hits each piece of the line takes (2 to sink an undamaged two-hit ship)."""
    damaged: int = 0
    """Damage its pieces have taken."""
    places: tuple[int, ...] = ()
    """Each piece's place among the pieces (the engine's order for damage by type)."""
    split: bool = False
    """Other lines hold pieces of the same type: the key names the first piece."""

    def key(self) -> str:
        base = f"{self.power}/{self.type}{'/damage' if self.damage else ''}"
        return f"{base}#{self.uids[0]}" if self.split and self.uids else base

    def type_key(self) -> tuple[str, str, bool]:
        return self.power, self.type, self.damage


def casualty_slots(rules: Rules, state: GameState, kind: str) -> list[Slot]:
    """The lines of the casualty table: each power's pieces, one line per set of
    alike pieces (a loaded transport apart from an empty one), and a `damage
    only` line for undamaged units that take two hits."""
    if state.battle is None:
        return []
    groups: dict[tuple[str, str, bool, tuple[object, ...]], list[CasualtyPiece]] = {}
    pieces = casualty_question(rules, state, kind).pieces
    place = {p.uid: n for n, p in enumerate(pieces)}
    for piece in sorted(pieces, key=lambda p: p.uid):
        if piece.hits_left > 1:
            groups.setdefault((piece.power, piece.type, True, piece.alike()), []).append(piece)
        groups.setdefault((piece.power, piece.type, False, piece.alike()), []).append(piece)
    lines = Counter((p, t, d) for p, t, d, _ in groups)
    order = {u.id: n for n, u in enumerate(rules.edition.unit_types)}
    powers = {p.id: n for n, p in enumerate(rules.board.powers)}
    slots = [Slot(power=p, type=t, damage=d, available=len(same), uids=tuple(x.uid for x in same),
                  hits_each=1 if d else same[0].hits_left, damaged=same[0].damage, split=lines[(p, t, d)] > 1,
                  places=tuple(place[x.uid] for x in same))
             for (p, t, d, _), same in groups.items()]
    return sorted(slots, key=lambda s: (powers.get(s.power, 99), not s.damage, rules.edition.unit(s.type).cost,
                                        order.get(s.type, 99), s.uids[0]))


def slot_units(rules: Rules, state: GameState, kind: str, slot: Slot) -> list[Unit]:
    """The pieces a casualty line stands for."""
    return [u for u in casualty_pool(rules, state, kind) if u.uid in slot.uids]


def sensible_picks(rules: Rules, state: GameState, kind: str, slots: Sequence[Slot], needed: int,
                   order: Sequence[str] = ()) -> dict[str, int]:
    """A default that does not sink a loaded transport to save an infantry: damage
    on two-hit ships first, then the player's remembered order of loss (unit
    types, first lost first), then the lowest loss per piece counting a
    transport's cargo (`queries_ui.loss_value`)."""
    from axisallies_tui.engine.queries_ui import loss_value

    battle = state.battle
    if battle is None:
        return {}
    rank = {t: n for n, t in enumerate(order)}

    def cost(slot: Slot) -> float:
        units = slot_units(rules, state, kind, slot)
        values = [loss_value(rules, state, battle.space, u) for u in units] or [rules.edition.unit(slot.type).cost]
        return sum(values) / len(values)

    ordered = sorted(slots, key=lambda s: (not s.damage, rank.get(s.type, len(rank)), cost(s)))
    picks: dict[str, int] = {}
    left = needed
    for slot in ordered:
        take = min(slot.available, left // slot.hits_each)
        if take:
            picks[slot.key()] = take
            left -= take * slot.hits_each
    return picks


def hits_chosen(slots: Sequence[Slot], picks: dict[str, int]) -> int:
    return sum(picks.get(s.key(), 0) * s.hits_each for s in slots)


def parse_answer(rules: Rules, text: str | None, slots: Sequence[Slot], pool: Sequence[Unit] = ()) -> dict[str, int]:
    """A casualty answer (by piece or by type, read by the engine's own parsers)
    as counts per line; empty when the text is not a valid answer. An answer by
    type takes the pieces the engine would: the damaged first, then the
    lowest-numbered."""
    if not text:
        return {}
    try:
        return _piece_counts(text, slots) if names_pieces(text) else _type_counts(rules, text, slots, pool)
    except IllegalAction:
        return {}


def _piece_counts(text: str, slots: Sequence[Slot]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for uid, n in parse_piece_answer(text).items():
        line = next((s for s in slots if uid in s.uids and not s.damage and s.hits_each == n), None)
        line = line or next((s for s in slots if uid in s.uids and s.damage and n == 1), None)
        if line is None:
            raise IllegalAction(f"no line holds piece #{uid}")
        counts[line.key()] = counts.get(line.key(), 0) + 1
    return counts


def _type_counts(rules: Rules, text: str, slots: Sequence[Slot], pool: Sequence[Unit]) -> dict[str, int]:
    units = list(pool) or [Unit(uid=uid, power=s.power, type=s.type) for s in slots for uid in s.uids]
    counts: dict[str, int] = {}
    for power, unit, damaged, count in parse_casualties(rules.edition, text, units):
        lines = [s for s in slots if s.type_key() == (power, unit, damaged)]
        # the engine's order: a damaged piece is lost first, the lowest number first
        pieces = sorted(((uid, place, s) for s in lines for uid, place in zip(s.uids, s.places or s.uids)),
                        key=lambda x: (x[2].damaged, x[1]) if damaged else (-x[2].damaged, x[0]))
        if len(pieces) < count:
            raise IllegalAction("more pieces than the line holds")
        for _, _, line in pieces[:count]:
            counts[line.key()] = counts.get(line.key(), 0) + 1
    return counts


def write_answer(slots: Sequence[Slot], picks: dict[str, int], rules: Rules | None = None) -> str:
    """Counts per line as the engine's answer text: by type when that names the
    same pieces, else by piece (`#12, #15`)."""
    single = len({s.power for s in slots}) <= 1
    by_type: dict[tuple[str, str, bool], int] = {}
    for s in slots:
        if picks.get(s.key(), 0):
            by_type[s.type_key()] = by_type.get(s.type_key(), 0) + picks[s.key()]
    text = format_casualties([(p, t, d, n) for (p, t, d), n in by_type.items()], single)
    if not any(s.split for s in slots) or (rules is not None and parse_answer(rules, text, slots) == {
            k: n for k, n in picks.items() if n}):
        return text
    hits: dict[int, int] = {}
    for s in sorted(slots, key=lambda s: s.damage):  # losses first, then damage on what is left
        spare = [uid for uid in s.uids if uid not in hits]
        for uid in spare[:picks.get(s.key(), 0)]:
            hits[uid] = s.hits_each
    return format_piece_answer(hits)


def slot_label(rules: Rules, slot: Slot, single: bool) -> str:
    name = rules.edition.unit(slot.type).name.lower()
    if not single:
        name = f"{power_tag(rules.board, slot.power)} {name}"
    if slot.split:
        name = f"{name} #{slot.uids[0]}" + ("…" if len(slot.uids) > 1 else "")
    return f"{name}: damage only" if slot.damage else name


def sea_hits_note(rules: Rules, state: GameState, kind: str) -> str:
    """C-COMBAT-SUB: how many of the hits only sea units may take."""
    sea = casualty_question(rules, state, kind).sea_hits
    if not sea or kind == "sub_casualties":
        return ""
    return f" {sea} of them {'is a submarine hit' if sea == 1 else 'are submarine hits'}: on ships, never aircraft."


def casualty_note(rules: Rules, kind: str) -> str:
    """Who fires back: what happens to the casualties chosen now."""
    if kind == "defender_casualties":
        return "Your casualties still fire back this round, then go."
    if kind == "attacker_casualties":
        return "The defence has fired: your casualties go now."
    if kind == "sub_casualties":
        return "Submarine strike: only sea units can be hit; they go before they fire."
    if bombardment_fire_back(rules):
        return "Bombardment: your casualties still fire back in round 1, then go."
    return "Bombardment: your casualties go at once and do not fire."


__all__ = ["CASUALTY_KINDS", "Slot", "battle_lines", "battle_list", "casualty_note", "casualty_pool",
           "casualty_question", "hits_chosen", "sea_hits_note",
           "casualty_slots", "defender_of", "fight_id", "fight_of", "is_raid", "odds_for", "odds_lines", "order_problem",
           "parse_answer", "percent", "raiders", "short_odds", "side_text", "slot_label", "write_answer"]
