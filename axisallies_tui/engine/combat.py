"""Conduct combat (base rules section 8): battles, bombardment, retreats,
capture, strategic bombing raids.

A battle is a sequence of steps (`Battle.stage`) that stops at every decision
a player must make: the defender's and the attacker's casualties, and the
attacker's retreat. Each stop is a pending `Decision`; the answer resumes the
battle. Dice come from the dice policy (standard or Low Luck), and unit
numbers from `profiles.profile`, the same numbers the odds calculator uses.

Casualty answers are written `type=N` items separated by commas, with an
optional power (`usa/fighter=1`) and `/damage` for a hit that only damages a
unit with two hit points (`battleship/damage=1`).
"""

from __future__ import annotations

import threading
from itertools import product
from typing import Any, Callable, ClassVar, Iterator, TypeVar, cast

from attrs import frozen

from axisallies_tui.engine.actions import Action, register_action
from axisallies_tui.engine.battle import ROUND_CHECK, advance, battle_step
from axisallies_tui.engine.capture import RAID_VICTIM, capture
from axisallies_tui.engine.casualties import (
    CasualtyPiece,
    CasualtyQuestion,
    Hits,
    all_alike,
    all_alike_per_type,
    capacity,
    default_hits,
    format_piece_answer,
    names_pieces,
    outcome,
    parse_piece_answer,
    piece_problem,
    sea_hits_problem,
)
from axisallies_tui.engine.copying import evolve
from axisallies_tui.engine.decisions import DecisionResolver, resolves
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import RETREAT_TO as RETREAT_TO  # house rules build retreat answers with it
from axisallies_tui.engine.events import (  # Casualties live with the events: movement reports them too
    Casualties,
    CasualtiesChosen,
    DiceRolled,
    Event,
    PhaseSkipped,
    answer_text,
    power_name,
    space_name,
    units_text,
)
from axisallies_tui.engine.model import AIR, LAND, SEA, Board, Edition
from axisallies_tui.engine.movement import carrier_capacity
from axisallies_tui.engine.profiles import ATTACK, DEFENCE, Profile, profile
from axisallies_tui.engine.queries import allied, type_counts
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import Battle, Decision, GameState, Unit
from axisallies_tui.engine.turns import automatic, leave_check
from axisallies_tui.engine.tx import Tx, handles, require

CONDUCT_COMBAT = "conduct_combat"
PRESS_ON = "press on"
AIRCRAFT_LEAVE = "aircraft leave the battle"


BATTLE = "battle"
RAID = "raid"
FIGHT_KINDS = (BATTLE, RAID)


@frozen
class Fight(Action):
    """Fight the battle or the bombing raid in `space` next: the attacker picks the
    order (C-COMBAT-1), also between a raid and a battle in the same territory.
    `fight_kind` is "battle" or "raid"; empty (saves from before it existed) means
    the battle if one is left there, else the raid."""

    kind: ClassVar[str] = "fight"
    space: str
    fight_kind: str = ""


register_action(Fight)


# -- events ------------------------------------------------------------------------------


@frozen
class BattleStarted(Event):
    kind: ClassVar[str] = "battle_started"
    space: str
    attacker: str
    defender: str
    attacking: tuple[tuple[str, int], ...]
    defending: tuple[tuple[str, int], ...]

    def describe(self, board: Board, edition: Edition) -> str:
        att = ", ".join(units_text(edition, u, n) for u, n in self.attacking) or "nothing"
        dfn = ", ".join(units_text(edition, u, n) for u, n in self.defending) or "nothing"
        return (f"Battle for {space_name(board, self.space)}: {power_name(board, self.attacker)} ({att}) "
                f"against {power_name(board, self.defender)} ({dfn}).")


@frozen
class BattleEnded(Event):
    kind: ClassVar[str] = "battle_ended"
    space: str
    outcome: str
    """attacker (won), defender (held), both (both destroyed), retreat, stalemate."""
    text_: str

    def describe(self, board: Board, edition: Edition) -> str:
        return self.text_


@frozen
class Retreated(Event):
    kind: ClassVar[str] = "retreated"
    power: str
    space: str
    to: str | None
    units: tuple[tuple[str, int], ...] = ()
    """What went to `to` (cargo included), by type; empty in saves from before it was told."""
    aircraft: tuple[tuple[str, int], ...] = ()
    """Aircraft that left the battle: they stay in the space and land in the non-combat move."""

    def describe(self, board: Board, edition: Edition) -> str:
        who, space = power_name(board, self.power), space_name(board, self.space)
        flying = ", ".join(units_text(edition, unit, n) for unit, n in self.aircraft)
        leave = "leaves" if sum(n for _, n in self.aircraft) == 1 else "leave"
        if not self.units and self.aircraft:
            return f"{who}: {flying} {leave} the battle in {space}, to land in the non-combat move."
        air = f"{flying} {leave} the battle, to land in the non-combat move"
        where = f" to {space_name(board, self.to)}" if self.to else ""
        what = "".join(f" {units_text(edition, unit, n)}," for unit, n in self.units).rstrip(",")
        return f"{who} retreats{what} from {space}{where}" + (f"; {air}." if self.aircraft else ".")


@frozen
class RaidDamage(Event):
    kind: ClassVar[str] = "raid_damage"
    space: str
    attacker: str
    victim: str
    amount: int
    ipcs: int

    def describe(self, board: Board, edition: Edition) -> str:
        return (f"Bombing raid on {space_name(board, self.space)}: {power_name(board, self.victim)} pays {self.amount} IPCs "
                f"({self.ipcs} left).")


# -- who is in a battle ------------------------------------------------------------------


T = TypeVar("T")

_LATEST = threading.local()
"""Answers about one state of one game, per thread (`answers`: rules, state,
question -> answer): a battle step asks who fights and how, for each unit,
many times over. Both are held, so neither id can be reused while this
stands; a state never changes, and the functions remembered here, and the
hooks they ask, read only their arguments, so an answer stays right. One per
thread: the interface and the odds workers ask about different states at once."""


def _remembered(rules: Rules, state: GameState) -> dict[tuple[Any, ...], Any]:
    """The answers remembered for `state` (none yet if it is not the latest asked about)."""
    latest = getattr(_LATEST, "answers", None)
    if latest is None or latest[0] is not rules or latest[1] is not state:
        latest = _LATEST.answers = (rules, state, {})
    return cast("dict[tuple[Any, ...], Any]", latest[2])


def _remember(rules: Rules, state: GameState, key: tuple[Any, ...], work: Callable[[], T]) -> T:
    """The answer to `key` about `state`: `work` done once per state and thread.
    An answer handed out many times is a tuple or a frozen object; callers that
    return lists copy it."""
    answers = _remembered(rules, state)
    if key not in answers:
        answers[key] = work()
    return cast(T, answers[key])


def attackers_in(rules: Rules, state: GameState, space_id: str) -> list[Unit]:
    """The mover's units that fight in `space_id` (not cargo, not raiding bombers)."""
    return list(_remember(rules, state, ("attackers", space_id), lambda: _attackers_in(rules, state, space_id)))


def _attackers_in(rules: Rules, state: GameState, space_id: str) -> tuple[Unit, ...]:
    units = state.spaces[rules.board.space(space_id).index].units
    kinds = rules.edition.unit_by_id
    power = state.power
    left = {mark[5:] for mark in state.turn.marks if mark.startswith("left:")}  # uids of aircraft that left
    return tuple(
        u for u in units
        if u.power == power and u.aboard is None and not u.raiding and not u.landing
        and kinds[u.type].combatant and not (left and str(u.uid) in left)
    )


def defenders_in(rules: Rules, state: GameState, space_id: str) -> list[Unit]:
    return list(_remember(rules, state, ("defenders", space_id), lambda: _defenders_in(rules, state, space_id)))


def _defenders_in(rules: Rules, state: GameState, space_id: str) -> tuple[Unit, ...]:
    units = state.spaces[rules.board.space(space_id).index].units
    kinds = rules.edition.unit_by_id
    friends = rules.board.allies_of[state.power]
    return tuple(u for u in units if u.power not in friends and u.aboard is None and kinds[u.type].combatant)


def attacking_aircraft(rules: Rules, state: GameState, space_id: str) -> list[Unit]:
    """The mover's aircraft that fight in `space_id`."""
    kinds = rules.edition.unit_by_id
    return [u for u in attackers_in(rules, state, space_id) if kinds[u.type].domain == AIR]


def any_unit_in_battle(rules: Rules, state: GameState, space_id: str, tag: str) -> bool:
    """Whether a unit tagged `tag` fights on either side in `space_id`."""
    kinds = rules.edition.unit_by_id
    return any(kinds[u.type].has(tag) for side in (attackers_in, defenders_in) for u in side(rules, state, space_id))


def pending_fights(rules: Rules, state: GameState) -> list[tuple[str, str]]:
    """(space, "battle" or "raid") for each fight the power to act still has: a
    territory both attacked and raided has two, fought in the order the attacker
    chooses."""
    return list(_remember(rules, state, ("fights",), lambda: tuple(_pending_fights(rules, state))))


def _pending_fights(rules: Rules, state: GameState) -> list[tuple[str, str]]:
    found = []
    power = state.power
    for space, held in zip(rules.board.spaces, state.spaces):
        if not held.units:
            continue
        mine = [u for u in held.units if u.power == power and u.aboard is None]
        if not mine:
            continue
        if (space.id not in state.turn.battles_done and any(not u.raiding for u in mine)
                and defenders_in(rules, state, space.id)):
            found.append((space.id, BATTLE))
        if any(u.raiding for u in mine) and f"raid:{space.id}" not in state.turn.battles_done:
            found.append((space.id, RAID))
    return found


def pending_battles(rules: Rules, state: GameState) -> list[str]:
    """Spaces where the power to act still has a battle or a raid to fight."""
    return list(dict.fromkeys(space for space, _ in pending_fights(rules, state)))


def blocking_sea_battle(rules: Rules, state: GameState, space_id: str) -> str | None:
    """C-COMBAT-1: the sea zone whose battle must be fought before the land battle
    in `space_id` (troops wait there to land), or None."""
    return _remember(rules, state, ("blocking", space_id), lambda: _blocking_sea_battle(rules, state, space_id))


def _blocking_sea_battle(rules: Rules, state: GameState, space_id: str) -> str | None:
    power = state.power
    for zone, held in zip(rules.board.spaces, state.spaces):
        if any(u.landing == space_id and u.power == power for u in held.units):
            if zone.id not in state.turn.battles_done and defenders_in(rules, state, zone.id):
                return zone.id
    return None


def _battle_order_problem(rules: Rules, state: GameState, space_id: str, fight_kind: str = BATTLE) -> str | None:
    """C-COMBAT-1: an assault's sea battle comes before its land battle (a raid
    waits for nothing)."""
    zone = blocking_sea_battle(rules, state, space_id) if fight_kind == BATTLE else None
    if zone is None:
        return None
    return (f"fight the sea battle in {rules.board.space(zone).name} first: the troops landing in "
            f"{rules.board.space(space_id).name} come from there")


def next_fight_kind(rules: Rules, state: GameState, space_id: str) -> str:
    """What `Fight(space_id)` without a kind fights: the battle if one is left, else the raid."""
    fights = pending_fights(rules, state)
    battle = (space_id, BATTLE) in fights and bool(attackers_in(rules, state, space_id))
    return RAID if not battle and (space_id, RAID) in fights else BATTLE


def next_fight_is_raid(rules: Rules, state: GameState, space_id: str) -> bool:
    """Whether `Fight(space_id)` without a kind now resolves a bombing raid rather than a battle."""
    return next_fight_kind(rules, state, space_id) == RAID


def raid_victim(rules: Rules, state: GameState, space_id: str) -> str | None:
    """C-SBR-3: who pays for a raid on `space_id`: the power that owned the complex
    when the bombers arrived, even if a battle fought first has taken it since."""
    before = RAID_VICTIM + space_id + "="
    recorded = next((m[len(before):] for m in state.turn.marks if m.startswith(before)), None)
    return recorded or state.spaces[rules.board.space(space_id).index].owner


def defending_power(rules: Rules, state: GameState, space_id: str) -> str | None:
    """The power that answers the defending side's questions: the owner if it has
    units there, else the power with most defending units."""
    if state.battle is not None and state.battle.space == space_id:
        return state.battle.defender
    defenders = defenders_in(rules, state, space_id)
    owner = state.spaces[rules.board.space(space_id).index].owner
    if owner is not None and any(u.power == owner for u in defenders):
        return owner
    tally: dict[str, int] = {}
    for unit in defenders:
        tally[unit.power] = tally.get(unit.power, 0) + 1
    return max(sorted(tally), key=lambda p: tally[p]) if tally else owner


@automatic(CONDUCT_COMBAT)
def enter_combat(tx: Tx) -> bool:
    """With no battle to fight the phase passes by itself, and the feed says so."""
    _land_waiting_cargo(tx)
    if pending_battles(tx.rules, tx.state):
        return False
    tx.emit(PhaseSkipped(power=tx.state.power, phase=tx.state.phase, reason="no battles to fight"))
    return True


@leave_check(CONDUCT_COMBAT)
def _all_battles_fought(tx: Tx) -> str | None:
    left = pending_battles(tx.rules, tx.state)
    if left:
        names = ", ".join(tx.board.space(s).name for s in left)
        return f"battles remain to be fought: {names}"
    return None


# -- fighting ----------------------------------------------------------------------------


@handles(Fight)
def fight(tx: Tx, action: Fight) -> None:
    require(tx.rules.phase_kind(tx.state.phase) == CONDUCT_COMBAT, "battles are fought in the conduct combat phase")
    require(action.space in tx.board.space_by_id, f"there is no space called {action.space!r}")
    require(action.fight_kind in FIGHT_KINDS + ("",),
            f"a fight is a {BATTLE!r} or a {RAID!r}, not {action.fight_kind!r}")
    name = tx.board.space(action.space).name
    require(action.space in pending_battles(tx.rules, tx.state), f"there is no battle to fight in {name}")
    fight_kind = action.fight_kind or next_fight_kind(tx.rules, tx.state, action.space)
    problem = _battle_order_problem(tx.rules, tx.state, action.space, fight_kind)
    require(problem is None, problem or "")
    require((action.space, fight_kind) in pending_fights(tx.rules, tx.state),
            f"there is no {'bombing raid' if fight_kind == RAID else 'battle'} to fight in {name}")
    if fight_kind == BATTLE:
        _start_battle(tx, action.space)
    else:
        if action.space not in tx.state.turn.battles_done and not attackers_in(tx.rules, tx.state, action.space):
            # nothing else fights here: no battle is left (as saves have always recorded it)
            tx.turn(battles_done=tx.state.turn.battles_done + (action.space,))
        _strategic_raid(tx, action.space)


def _start_battle(tx: Tx, space_id: str) -> None:
    rules, state = tx.rules, tx.state
    attackers = attackers_in(rules, state, space_id)
    defenders = defenders_in(rules, state, space_id)
    defender = defending_power(rules, state, space_id)
    assert defender is not None
    battle = Battle(space=space_id, defender=defender, amphibious=any(u.amphibious for u in attackers))
    tx.update(battle=battle)
    tx.emit(BattleStarted(space=space_id, attacker=state.power, defender=defender,
                          attacking=type_counts(attackers), defending=type_counts(defenders)))
    _advance(tx)


def _battle(tx: Tx) -> Battle:
    assert tx.state.battle is not None
    return tx.state.battle


def _set(tx: Tx, **changes: Any) -> None:
    tx.update(battle=evolve(_battle(tx), **changes))


def battle_profile(rules: Rules, state: GameState, unit: Unit, role: str) -> Profile:
    """How `unit` fights in the battle under way (its owner's developments, this
    round), then as rules that read the battle (what else is there, the
    terrain) say (`unit_in_battle`)."""
    remembered = _remembered(rules, state)
    known = remembered.get(("profile", unit.uid, role))
    if known is not None and known[0] is unit:
        return cast(Profile, known[1])
    techs = state.powers[rules.board.power_position[unit.power]].techs
    round_number = state.battle.round if state.battle is not None else 1
    prof = profile(rules, unit.power, techs, unit.type, role, round_number)
    for rule in rules.hooks("unit_in_battle"):
        prof = rule.unit_in_battle(rules, state, unit, role, prof)
    remembered[("profile", unit.uid, role)] = (unit, prof)
    return prof


def _profile(tx: Tx, unit: Unit, role: str) -> Profile:
    return battle_profile(tx.rules, tx.state, unit, role)


def _value(prof: Profile, unit: Unit) -> int:
    if unit.damage and prof.damaged_value is not None:
        return prof.damaged_value
    return prof.value


def fire(tx: Tx, shooters: list[Unit], role: str, purpose: str, power: str) -> int:
    """Roll for `shooters` (at their battle values, in `role`) with the dice policy
    in force; log the dice as `power`'s; return the hits. Steps of house rules fire
    through this too."""
    return sum(fire_split(tx, shooters, role, purpose, power))


def fire_split(tx: Tx, shooters: list[Unit], role: str, purpose: str, power: str) -> tuple[int, int]:
    """Like `fire`, as (hits on anything, hits only sea units may take): C-COMBAT-SUB,
    submarine hits never strike aircraft. Each kind rolls as its own volley (Low
    Luck pools each apart, as the odds calculator does), in the order the first
    shooter of each kind comes."""
    kinds: dict[bool, list[Unit]] = {}
    for unit in shooters:
        sea_only = by_piece(tx.rules) and _profile(tx, unit, role).sea_targets_only
        kinds.setdefault(sea_only, []).append(unit)
    hits = {sea_only: _volley(tx, units, role, purpose, power) for sea_only, units in kinds.items()}
    return hits.get(False, 0), hits.get(True, 0)


def _volley(tx: Tx, shooters: list[Unit], role: str, purpose: str, power: str) -> int:
    if not shooters:
        return 0
    shots: list[int] = []
    best_of: list[int] = []
    runs: list[tuple[str, int, int, int]] = []  # (type, count, hits on, dice each), as the dice are read
    for unit in shooters:
        prof = _profile(tx, unit, role)
        value = _value(prof, unit)
        if value > 0:
            shots.extend([value] * prof.dice)
            best_of.extend([prof.best_of] * prof.dice)
            each = prof.dice * prof.best_of
            if runs and runs[-1][0] == unit.type and runs[-1][2] == value and runs[-1][3] == each:
                runs[-1] = (unit.type, runs[-1][1] + 1, value, each)
            else:
                runs.append((unit.type, 1, value, each))
    if not shots:
        return 0
    hits, faces = tx.rules.policy.hits(tx.dice, shots, purpose, best_of)
    tx.emit(DiceRolled(power=power, purpose=purpose, values=tuple(faces), hits=hits,
                       space=_battle(tx).space if tx.state.battle else None, shooters=tuple(runs)))
    return hits


def _alive(tx: Tx, units: list[Unit]) -> list[Unit]:
    here = {u.uid for u in tx.space(_battle(tx).space).units}
    return [u for u in units if u.uid in here]


def _attackers(tx: Tx) -> list[Unit]:
    return attackers_in(tx.rules, tx.state, _battle(tx).space)


def _defenders(tx: Tx) -> list[Unit]:
    return defenders_in(tx.rules, tx.state, _battle(tx).space)


def bombarding_ships(rules: Rules, state: GameState, space_id: str) -> list[Unit]:
    """C-AMPH-4: the mover's battleships that will fire once before the amphibious
    battle in `space_id`: in the zones its troops landed from, with no sea battle
    there this turn, not in a battle themselves, not yet used for another landing,
    and allowed by the `may_bombard` hook."""
    attackers = attackers_in(rules, state, space_id)
    if rules.board.space(space_id).is_sea or not any(u.amphibious for u in attackers):
        return []
    used = {mark for mark in state.turn.marks if mark.startswith("bombarded:")}
    ships = []
    for zone in sorted({u.came_from for u in attackers if u.amphibious and u.came_from}):
        if zone in state.turn.battles_done:
            continue
        for unit in state.spaces[rules.board.space(zone).index].units:
            if (unit.power == state.power and rules.edition.unit(unit.type).has("bombard") and not unit.fought
                    and f"bombarded:{unit.uid}" not in used and _may_bombard(rules, unit)):
                ships.append(unit)
    return ships


@battle_step("bombard")
def _bombard(tx: Tx) -> None:
    battle = _battle(tx)
    guns = bombarding_ships(tx.rules, tx.state, battle.space)
    if not guns:
        return
    hits = fire_split(tx, guns, ATTACK, "bombardment", tx.state.power)
    tx.turn(marks=tx.state.turn.marks + tuple(f"bombarded:{u.uid}" for u in guns))
    _take_hits(tx, "bombard_casualties", hits)


def _may_bombard(rules: Rules, unit: Unit) -> bool:
    allowed = True
    for rule in rules.hooks("may_bombard"):
        allowed = rule.may_bombard(rules, unit, allowed)
    return allowed


def _advance(tx: Tx) -> None:
    """Run the battle on until it needs a decision or ends (`battle.advance`)."""
    advance(tx)


@battle_step("sub_strike")
def _sub_strike(tx: Tx) -> None:
    """C-COMBAT-SUB: attacking submarines fire first; their hits go at once."""
    battle = _battle(tx)
    subs = [u for u in _attackers(tx) if _profile(tx, u, ATTACK).first_strike]
    hits = fire_split(tx, subs, ATTACK, f"the submarine strike, round {battle.round}", tx.state.power)
    _take_hits(tx, "sub_casualties", hits)


@battle_step("attack_fire")
def _attack_fire(tx: Tx) -> None:
    battle = _battle(tx)
    shooters = [u for u in _attackers(tx) if not _profile(tx, u, ATTACK).first_strike]
    hits = fire_split(tx, shooters, ATTACK, f"attack, round {battle.round}", tx.state.power)
    _take_hits(tx, "defender_casualties", hits)


@battle_step("defence_fire")
def _defence_fire(tx: Tx) -> None:
    """The defenders fire, those set aside as casualties this round included."""
    battle = _battle(tx)
    hits = fire_split(tx, _defenders(tx), DEFENCE, f"defence, round {battle.round}", battle.defender)
    _take_hits(tx, "attacker_casualties", hits)


@battle_step("end_of_round")
def _end_of_round(tx: Tx) -> None:
    """The round's casualties go; the battle may be over; else the attacker may retreat."""
    battle = _battle(tx)
    _remove_set_aside(tx)
    if _ended(tx):
        return
    options = _retreat_options(tx)
    if options:
        tx.ask(Decision(
            power=tx.state.power, kind="retreat",
            prompt=f"Battle for {tx.board.space(battle.space).name}, after round {battle.round}: press on or retreat?",
            options=(PRESS_ON,) + tuple(options), default=PRESS_ON))


ROUND_CHECK.append(lambda tx: _ended(tx))


def _remove_set_aside(tx: Tx) -> None:
    battle = _battle(tx)
    if battle.damage_pending:
        hurt = set(battle.damage_pending)
        tx.replace_units(battle.space, [evolve(u, damage=u.damage + 1) if u.uid in hurt else u
                                        for u in tx.space(battle.space).units])
        _set(tx, damage_pending=())
        battle = _battle(tx)
    if battle.set_aside:
        going = [u for u in tx.space(battle.space).units if u.uid in set(battle.set_aside)]
        _remove(tx, battle.space, set(battle.set_aside))
        _set(tx, set_aside=())
        for power in sorted({u.power for u in going}):
            tx.emit(Casualties(space=battle.space, power=power,
                               destroyed=type_counts([u for u in going if u.power == power])))


def _remove(tx: Tx, space_id: str, uids: set[int]) -> None:
    """Take units off the board; cargo goes down with its transport."""
    units = tx.space(space_id).units
    cargo = [u for u in units if u.aboard in uids]
    gone = set(uids) | {u.uid for u in cargo}
    tx.replace_units(space_id, [u for u in units if u.uid not in gone])
    for power in sorted({u.power for u in cargo}):
        tx.emit(Casualties(space=space_id, power=power, destroyed=type_counts([u for u in cargo if u.power == power]),
                           note="went down with their transport"))


# -- casualties ----------------------------------------------------------------------------


CASUALTY_KINDS = ("defender_casualties", "attacker_casualties", "sub_casualties", "bombard_casualties")


def casualty_role(kind: str) -> str:
    return ATTACK if kind == "attacker_casualties" else DEFENCE


def casualty_pool(rules: Rules, state: GameState, kind: str) -> list[Unit]:
    """The units a casualty decision of `kind` picks from, in the battle under way:
    the attacker's or the defender's (not those already set aside), only sea units
    for a submarine strike (C-COMBAT-3)."""
    battle = state.battle
    if battle is None:
        return []
    return list(_remember(rules, state, ("pool", kind), lambda: tuple(_casualty_pool(rules, state, battle, kind))))


def _casualty_pool(rules: Rules, state: GameState, battle: Battle, kind: str) -> list[Unit]:
    if kind == "attacker_casualties":
        units = attackers_in(rules, state, battle.space)
    else:
        aside = set(battle.set_aside)
        units = [u for u in defenders_in(rules, state, battle.space) if u.uid not in aside]
    if kind == "sub_casualties":
        units = [u for u in units if rules.edition.unit(u.type).domain == SEA]
    if battle.targets:
        allowed = set(battle.targets)
        units = [u for u in units if u.uid in allowed]
    for rule in rules.hooks("casualty_targets"):
        units = rule.casualty_targets(rules, state, kind, units)
    return units


def unit_damage(state: GameState, unit: Unit) -> int:
    """Damage taken, counting damage chosen this round that takes effect at its end."""
    pending = state.battle.damage_pending if state.battle else ()
    return unit.damage + (1 if unit.uid in pending else 0)


def casualty_groups(rules: Rules, state: GameState, units: list[Unit], role: str
                    ) -> list[tuple[str, str, bool, list[Unit]]]:
    """What a casualty answer picks from: (power, type, damage-only?, units). Units
    that can still take a hit without sinking also appear as a damage-only group."""
    groups: dict[tuple[str, str, bool], list[Unit]] = {}
    for unit in units:
        prof = battle_profile(rules, state, unit, role)
        if prof.hit_points > 1 and unit_damage(state, unit) < prof.hit_points - 1:
            groups.setdefault((unit.power, unit.type, True), []).append(unit)
        groups.setdefault((unit.power, unit.type, False), []).append(unit)
    return [(p, t, d, us) for (p, t, d), us in groups.items()]


def _damage(tx: Tx, unit: Unit) -> int:
    return unit_damage(tx.state, unit)


def default_casualties(tx: Tx, units: list[Unit], hits: int, role: str,
                       by_enemy: bool = False) -> list[tuple[str, str, bool, int]]:
    """The owner's default: cheapest first, hits that only damage a two-hit unit
    coming first (they cost nothing), then units by cost, weakest first among
    equals. When the enemy chooses (`by_enemy`, a house rule's aimed fire): the
    costliest units go first and nothing is merely damaged while it can be sunk."""
    picks: dict[tuple[str, str, bool], int] = {}
    left = hits
    damageable = [] if by_enemy else [u for u in units if _damage(tx, u) < _profile(tx, u, role).hit_points - 1]
    for unit in damageable:
        if left == 0:
            break
        picks[(unit.power, unit.type, True)] = picks.get((unit.power, unit.type, True), 0) + 1
        left -= 1
    order = sorted(units, key=lambda u: (tx.edition.unit(u.type).cost, _value(_profile(tx, u, role), u), u.uid),
                   reverse=by_enemy)
    for unit in order:
        if left == 0:
            break
        extra = min(_profile(tx, unit, role).hit_points - _damage(tx, unit) - 1, left) if by_enemy else 0
        if extra:  # the enemy spends hits to damage it first, then sinks it
            picks[(unit.power, unit.type, True)] = picks.get((unit.power, unit.type, True), 0) + extra
            left -= extra
        if left:
            picks[(unit.power, unit.type, False)] = picks.get((unit.power, unit.type, False), 0) + 1
            left -= 1
    return [(p, t, d, n) for (p, t, d), n in picks.items()]


def format_casualties(picks: list[tuple[str, str, bool, int]], single_power: bool) -> str:
    """Casualty picks as answer text: `infantry=2, battleship/damage=1`, with
    `power/type` when several powers share the side."""
    items = []
    for power, unit, damage, count in sorted(picks, key=lambda x: (x[0], x[1], x[2])):
        name = unit if single_power else f"{power}/{unit}"
        items.append(f"{name}{'/damage' if damage else ''}={count}")
    return ", ".join(items)


def ask_casualties(tx: Tx, kind: str, hits: int, targets: list[Unit] | None = None, sea_hits: int = 0) -> None:
    """`hits` scored on one side of the battle under way: its owner (or whoever
    the `casualty_chooser` hook names) chooses among the units of `kind`'s pool,
    restricted to `targets` when a step's hits may only strike some units
    (e.g. only aircraft); `sea_hits` of them only sea units may take (submarine
    hits, C-COMBAT-SUB). The edition's kinds: defender_casualties (attacker's
    hits, set aside to fire back), attacker_casualties, sub_casualties,
    bombard_casualties."""
    battle = _battle(tx)
    side = tx.state.power if kind == "attacker_casualties" else battle.defender
    for rule in tx.rules.hooks("casualty_chooser"):
        side = rule.casualty_chooser(tx.rules, tx.state, kind, side)
    _ask_casualties(tx, kind, side, hits, sea_hits,
                    targets=tuple(sorted(u.uid for u in targets)) if targets is not None else ())


def _take_hits(tx: Tx, kind: str, hits: tuple[int, int]) -> None:
    """A volley's (hits on anything, sea-only hits) go to one casualty question."""
    if sum(hits):
        ask_casualties(tx, kind, sum(hits), sea_hits=hits[1])


def by_piece(rules: Rules) -> bool:
    """Games begun before revision 1 (`RULES_REVISION`) replay their casualties
    as they were played: asked by type only, submarine hits on anything."""
    return rules.ruleset.has_fix(1)


def casualty_question(rules: Rules, state: GameState, kind: str) -> CasualtyQuestion:
    """The pieces that may take the hits waiting in the battle under way, and how
    many they must take: no more than they can, and sea-only hits that find no
    sea unit are lost (C-COMBAT-3)."""
    battle = state.battle
    if battle is None:
        return CasualtyQuestion(hits=0)
    return _remember(rules, state, ("question", kind), lambda: _casualty_question(rules, state, battle, kind))


def _casualty_question(rules: Rules, state: GameState, battle: Battle, kind: str) -> CasualtyQuestion:
    role = casualty_role(kind)
    aboard: dict[int, list[str]] = {}
    for unit in state.spaces[rules.board.space(battle.space).index].units:
        if unit.aboard is not None:
            aboard.setdefault(unit.aboard, []).append(unit.type)
    kinds = rules.edition.unit_by_id
    pieces = []
    for u in casualty_pool(rules, state, kind):
        damage = unit_damage(state, u)
        mover = u.power == state.power  # a defender's moves are from its own last turn
        pieces.append(CasualtyPiece(
            uid=u.uid, power=u.power, type=u.type, domain=kinds[u.type].domain,
            hits_left=battle_profile(rules, state, u, role).hit_points - damage, damage=damage,
            cargo=tuple(sorted(aboard[u.uid])) if u.uid in aboard else (),
            came_from=u.came_from if mover else None, moved=u.moved if mover else 0))
    sea = min(battle.sea_hits, battle.hits, capacity(pieces, sea_only=True))
    rest = min(battle.hits - min(battle.sea_hits, battle.hits), capacity(pieces) - sea)
    return CasualtyQuestion(hits=sea + rest, sea_hits=sea, pieces=tuple(pieces))


def _ask_casualties(tx: Tx, kind: str, power: str, hits: int, sea_hits: int = 0, targets: tuple[int, ...] = ()) -> None:
    role = casualty_role(kind)
    _set(tx, targets=targets, hits=hits, sea_hits=sea_hits)
    question = casualty_question(tx.rules, tx.state, kind)
    _report_lost_sea_hits(tx, kind, min(sea_hits, hits) - question.sea_hits)
    if not question.hits:
        _set(tx, hits=0, sea_hits=0, targets=())
        return
    units = casualty_pool(tx.rules, tx.state, kind)
    single_power = len({u.power for u in units}) == 1
    default = _default_hits(tx, question, units, role, by_enemy=not allied(tx.board, power, units[0].power))
    alike = all_alike(question) if by_piece(tx.rules) else len({(u.power, u.type) for u in units}) == 1
    if question.hits >= capacity(question.pieces) or alike:
        _take(tx, kind, *outcome(question, default))  # no real choice: everything goes, or all alike
        return
    slots = casualty_groups(tx.rules, tx.state, units, role)
    choices = _enumerate_choices(slots, question.hits, single_power)
    options = tuple(text for text, picks in choices.items() if _picks_problem(tx, question, picks) is None)
    if len(options) == 1 and by_piece(tx.rules) and all_alike_per_type(question):
        _apply_casualties(tx, kind, options[0])  # only one way to take the hits
        return
    name = tx.board.space(_battle(tx).space).name
    what = "your sea units" if kind == "sub_casualties" else "your units"
    sea_note = f" ({question.sea_hits} from submarines: sea units only)" if question.sea_hits and kind != "sub_casualties" else ""
    tx.ask(Decision(
        power=power, kind=kind,
        prompt=f"Battle for {name}: choose {question.hits} casualt{'y' if question.hits == 1 else 'ies'} "
               f"among {what}{sea_note}",
        options=options, default=_answer_text(tx, question, units, role, default, single_power),
        casualties=question))


def _report_lost_sea_hits(tx: Tx, kind: str, lost: int) -> None:
    """C-COMBAT-3: submarine hits with no sea unit to strike are lost; say so."""
    if lost <= 0:
        return
    battle = _battle(tx)
    side = tx.state.power if kind == "attacker_casualties" else battle.defender
    tx.emit(Casualties(space=battle.space, power=side, destroyed=(),
                       note=f"{lost} submarine hit{'s' if lost > 1 else ''} lost: submarines cannot hit aircraft"))


def _default_hits(tx: Tx, question: CasualtyQuestion, units: list[Unit], role: str, by_enemy: bool) -> Hits:
    """The owner's default: free damage first, then the cheapest loss, a loaded
    transport counted with its cargo. When the enemy chooses (a house rule's
    aimed fire), `default_casualties`' costliest-first order."""
    if by_enemy or not by_piece(tx.rules):
        lost, damaged = _resolve_picks(tx, units, role, default_casualties(tx, units, question.hits, role, by_enemy))
        hits = {u.uid: 1 for u in damaged}
        hits.update({u.uid: _piece(question, u.uid).hits_left for u in lost})
        if piece_problem(question, hits) is None or not by_piece(tx.rules):
            return hits
    by_id = {u.uid: u for u in units}

    def loss(piece: CasualtyPiece) -> tuple[int, int, int]:
        cargo = sum(tx.edition.unit(t).cost for t in piece.cargo)
        unit = by_id[piece.uid]
        return tx.edition.unit(piece.type).cost + cargo, _value(_profile(tx, unit, role), unit), piece.uid

    return default_hits(question, loss)


def _piece(question: CasualtyQuestion, uid: int) -> CasualtyPiece:
    return next(p for p in question.pieces if p.uid == uid)


def _answer_text(tx: Tx, question: CasualtyQuestion, units: list[Unit], role: str, hits: Hits,
                 single_power: bool) -> str:
    """`hits` as an answer by type when that names exactly these pieces (the
    familiar form), else by piece."""
    by_id = {u.uid: u for u in units}
    picks: dict[tuple[str, str, bool], int] = {}
    for uid, n in hits.items():
        unit, lost = by_id[uid], n >= _piece(question, uid).hits_left
        extra = n - 1 if lost else n
        if extra:
            picks[(unit.power, unit.type, True)] = picks.get((unit.power, unit.type, True), 0) + extra
        if lost:
            picks[(unit.power, unit.type, False)] = picks.get((unit.power, unit.type, False), 0) + 1
    as_types = [(p, t, d, n) for (p, t, d), n in picks.items()]
    try:
        lost_units, damaged_units = _resolve_picks(tx, units, role, as_types)
    except IllegalAction:
        lost_units, damaged_units = [], []
    if ((sorted(u.uid for u in lost_units), sorted(u.uid for u in damaged_units)) == outcome(question, hits)
            and _picks_problem(tx, question, as_types) is None):
        return format_casualties(as_types, single_power)
    return format_piece_answer(hits)


def _picks_problem(tx: Tx, question: CasualtyQuestion, picks: list[tuple[str, str, bool, int]]) -> str | None:
    """Why an answer by type does not fit `question` (how many hits, how many at sea)."""
    total = sum(n for *_, n in picks)
    if total != question.hits:
        return f"choose exactly {question.hits} casualt{'y' if question.hits == 1 else 'ies'} (you named {total})"
    return sea_hits_problem(question, sum(n for _, unit_type, _, n in picks if tx.edition.unit(unit_type).domain == SEA))


def _enumerate_choices(slots: list[tuple[str, str, bool, list[Unit]]], hits: int, single_power: bool,
                       limit: int = 120) -> dict[str, list[tuple[str, str, bool, int]]]:
    """Every casualty answer that takes `hits` within the units there, in the
    order of its text, with the picks it names, when there are few enough to
    list (else none: free form)."""
    ranges = [range(0, min(hits, len(units)) + 1) for _, _, _, units in slots]
    found: dict[str, list[tuple[str, str, bool, int]]] = {}
    listed = 0  # answers met, the same text counted each time (the limit as it always was)
    for counts in product(*ranges):
        if sum(counts) != hits:
            continue
        per_unit: dict[tuple[str, str], int] = {}
        ok = True
        for (power, unit, damage, units), n in zip(slots, counts):
            if damage:
                continue
            per_unit[(power, unit)] = per_unit.get((power, unit), 0) + n
            ok = ok and per_unit[(power, unit)] <= len(units)
        if not ok:
            continue
        picks = [(p, t, d, n) for (p, t, d, _), n in zip(slots, counts) if n]
        found.setdefault(format_casualties(picks, single_power), picks)
        listed += 1
        if listed > limit:
            return {}
    return dict(sorted(found.items()))


def parse_casualties(edition: Edition, text: str, units: list[Unit]) -> list[tuple[str, str, bool, int]]:
    """Read a casualty answer into (power, type, damage-only?, count) picks; the
    power may be left out when only one power has that type. Raises IllegalAction."""
    powers = {u.power for u in units}
    picks = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, sep, number = item.partition("=")
        if not sep or not number.strip().isdigit():
            raise IllegalAction(f"write casualties as type=count, not {item!r}")
        parts = [p.strip() for p in name.split("/")]
        damage = parts[-1] == "damage"
        if damage:
            parts = parts[:-1]
        if len(parts) == 2:
            power, unit_name = parts
        elif len(parts) == 1:
            unit_name = parts[0]
            named = (edition.find_unit(unit_name) or _NoUnit).id
            owners = sorted({u.power for u in units if u.type == named})
            power = owners[0] if len(owners) == 1 else (next(iter(powers)) if len(powers) == 1 else "")
            if not power:
                raise IllegalAction(f"say whose {unit_name} (for example usa/{unit_name}=1)")
        else:
            raise IllegalAction(f"cannot read {item!r}")
        kind = edition.find_unit(unit_name)
        if kind is None:
            raise IllegalAction(f"there is no unit called {unit_name!r}")
        picks.append((power, kind.id, damage, int(number)))
    return picks


class _NoUnit:
    id = ""


def _resolve_picks(tx: Tx, units: list[Unit], role: str, picks: list[tuple[str, str, bool, int]]
                   ) -> tuple[list[Unit], list[Unit]]:
    """The pieces an answer by type means: (lost, only damaged). Of each type the
    already damaged go first, then those just damaged, then the lowest-numbered."""
    chosen_destroy: list[Unit] = []
    chosen_damage: list[Unit] = []
    for power, unit_type, damage, count in sorted(picks, key=lambda p: not p[2]):  # damage first
        pool = [u for u in units if u.power == power and u.type == unit_type and u not in chosen_destroy
                and (u not in chosen_damage or not damage)]
        if damage:
            pool = [u for u in pool if _profile(tx, u, role).hit_points - 1 > _damage(tx, u)]
            pool.sort(key=lambda u: _damage(tx, u))
        else:
            # lose the already damaged first, then those just damaged, then whole ones
            pool.sort(key=lambda u: (-(_damage(tx, u) + (u in chosen_damage)), u.uid))
        if len(pool) < count:
            name = tx.edition.unit(unit_type).name.lower()
            raise IllegalAction(f"there {'is' if len(pool) == 1 else 'are'} only {len(pool)} {name} to take "
                                f"{'damage' if damage else 'hits'} here")
        (chosen_damage if damage else chosen_destroy).extend(pool[:count])
    # a two-hit ship both damaged and sunk by one volley simply sinks
    lost = {u.uid for u in chosen_destroy}
    return chosen_destroy, [u for u in chosen_damage if u.uid not in lost]


def _apply_casualties(tx: Tx, kind: str, choice: str) -> None:
    """Carry out a casualty answer, by piece (`#12`) or by type (`infantry=1`)."""
    question = casualty_question(tx.rules, tx.state, kind)
    if names_pieces(choice):
        hits = parse_piece_answer(choice)
        problem = piece_problem(question, hits)
        require(problem is None, problem or "")
        _take(tx, kind, *outcome(question, hits))
        return
    units = casualty_pool(tx.rules, tx.state, kind)
    picks = parse_casualties(tx.edition, choice, units)
    problem = _picks_problem(tx, question, picks)
    require(problem is None, problem or "")
    lost, damaged = _resolve_picks(tx, units, casualty_role(kind), picks)
    _take(tx, kind, [u.uid for u in lost], [u.uid for u in damaged])


def _take(tx: Tx, kind: str, lost: list[int], damaged: list[int]) -> None:
    """The chosen pieces are lost or damaged: at once, or (when they fire back)
    at the end of the round."""
    battle = _battle(tx)
    space = battle.space
    here = {u.uid: u for u in tx.space(space).units}
    chosen_destroy = [here[uid] for uid in lost]
    chosen_damage = [here[uid] for uid in damaged]
    damaged_ids = set(damaged)
    fires_back = kind == "defender_casualties" or (kind == "bombard_casualties" and bombardment_fire_back(tx.rules))
    if damaged_ids and fires_back:
        # like the casualties, a ship damaged this round still fires at full strength
        _set(tx, damage_pending=_battle(tx).damage_pending + tuple(sorted(damaged_ids)))
    elif damaged_ids:
        tx.replace_units(space, [evolve(u, damage=u.damage + 1) if u.uid in damaged_ids else u
                                 for u in tx.space(space).units])
    destroyed = {u.uid for u in chosen_destroy}
    by_power: dict[str, tuple[list[Unit], list[Unit]]] = {}
    for unit in chosen_destroy:
        by_power.setdefault(unit.power, ([], []))[0].append(unit)
    for unit in chosen_damage:
        by_power.setdefault(unit.power, ([], []))[1].append(unit)
    note = {"bombard_casualties": "bombardment", "sub_casualties": "submarine strike"}.get(kind, "")
    if kind == "defender_casualties" or (kind == "bombard_casualties" and bombardment_fire_back(tx.rules)):
        note = note or "they fire back before they go"
        if kind == "bombard_casualties":
            note = "bombardment: they fire back in the first round"
        _set(tx, set_aside=battle.set_aside + tuple(sorted(destroyed)), hits=0, sea_hits=0, targets=())
    else:
        _remove(tx, space, destroyed)
        _set(tx, hits=0, sea_hits=0, targets=())
    event = CasualtiesChosen if tx.state.battle is not None and tx.state.battle.set_aside and destroyed <= set(tx.state.battle.set_aside) else Casualties
    for power, (gone, hurt) in sorted(by_power.items()):
        tx.emit(event(space=space, power=power, destroyed=type_counts(gone), damaged=type_counts(hurt), note=note))


def bombardment_fire_back(rules: Rules) -> bool:
    """C-AMPH-4 / XML default: bombardment casualties still fire in round one."""
    answer = True
    for rule in rules.hooks("bombardment_casualties_fire_back"):
        answer = rule.bombardment_casualties_fire_back(rules, answer)
    return answer


for _kind_name in CASUALTY_KINDS:

    def _make(kind: str) -> DecisionResolver:
        @resolves(kind)
        def _answer(tx: Tx, choice: str) -> None:
            _apply_casualties(tx, kind, choice)
            _advance(tx)

        return _answer

    _make(_kind_name)


# -- retreat and the end of a battle -----------------------------------------------------


def _retreat_options(tx: Tx) -> list[str]:
    """C-RETREAT: the attacker withdraws everything free to go (all or nothing)
    to one adjacent friendly space a unit came from; aircraft just leave the
    battle. Nobody is free to go from an amphibious assault unless a house rule
    says so; when some must stay, those free may go and the rest fight on."""
    battle = _battle(tx)
    attackers = _attackers(tx)
    free = [u for u in attackers if _may_retreat(tx, u)]
    ground = [u for u in free if tx.edition.unit(u.type).domain != AIR]
    planes = len(ground) < len(free)
    some_must_stay = len(free) < len(attackers)
    if not free:
        return []
    if not ground:
        return [AIRCRAFT_LEAVE]
    targets = set()
    for unit in ground:
        origin = unit.came_from
        if origin is None or origin not in tx.board.space(battle.space).neighbours:
            continue
        held = tx.space(origin)
        if tx.board.space(origin).is_land and not allied(tx.board, held.owner, tx.state.power):
            continue
        if any(not allied(tx.board, u.power, tx.state.power) for u in held.units):
            continue
        targets.add(origin)
    options = [RETREAT_TO + t for t in sorted(targets)]  # by id; `retreat_label` names it for people
    if some_must_stay and planes:
        options.append(AIRCRAFT_LEAVE)
    return options


def _may_retreat(tx: Tx, unit: Unit) -> bool:
    """C-RETREAT, C-AMPH-3: every attacker may retreat, except that nobody
    retreats from an amphibious assault; rules say otherwise per unit."""
    allowed = not _battle(tx).amphibious
    for rule in tx.rules.hooks("may_retreat"):
        allowed = rule.may_retreat(tx.rules, tx.state, unit, allowed)
    return allowed


@resolves("retreat")
def _answer_retreat(tx: Tx, choice: str) -> None:
    if choice == PRESS_ON:
        _advance(tx)  # the stage is already the next round
        return
    leaving = [u for u in _attackers(tx) if _may_retreat(tx, u)]
    planes = {u.uid for u in leaving if tx.edition.unit(u.type).domain == AIR}
    target = None if choice == AIRCRAFT_LEAVE else retreat_target(tx, choice)
    ground = {u.uid for u in leaving if tx.edition.unit(u.type).domain != AIR} if target else set()
    withdraw(tx, ground, target, planes)


def retreat_target(tx: Tx, choice: str) -> str | None:
    """The space a "retreat to <space id>" answer names (saves from before ids
    answered "retreat to <name>")."""
    named = choice[len(RETREAT_TO):] if choice.startswith(RETREAT_TO) else choice
    if named in tx.board.space_by_id:
        return named
    return next((s.id for s in tx.board.spaces if s.name == named), None)


def retreat_label(board: Board, choice: str) -> str:
    """A retreat answer as people read it: the space by name."""
    return answer_text(board, choice)


def withdraw(tx: Tx, ground: set[int], target: str | None, planes: set[int]) -> None:
    """Take attacking pieces out of the battle under way: `ground` (with their
    cargo) to `target`, `planes` simply leave (they land in the non-combat move).
    Those left fight on; with nobody left the battle ends in a retreat. House
    rules that offer other retreats answer through this."""
    battle = _battle(tx)
    moving = []
    if target is not None and ground:
        moving = [u for u in tx.space(battle.space).units if u.uid in ground or u.aboard in ground]
        tx.replace_units(battle.space, [u for u in tx.space(battle.space).units if u not in moving])
        tx.replace_units(target, tx.space(target).units + tuple(evolve(u, stopped=True, fought=True) for u in moving))
    tx.replace_units(battle.space, [evolve(u, raiding=False, fought=True, landing=None, stopped=True)
                                    if u.uid in planes else u for u in tx.space(battle.space).units])
    tx.turn(marks=tx.state.turn.marks + tuple(f"left:{uid}" for uid in sorted(planes)))
    flying = [u for u in tx.space(battle.space).units if u.uid in planes]
    tx.emit(Retreated(power=tx.state.power, space=battle.space, to=target, units=type_counts(moving),
                      aircraft=type_counts(flying)))
    if _attackers(tx):
        _advance(tx)  # those who may not retreat fight on, from the next round
        return
    _finish(tx, "retreat", f"The battle for {tx.board.space(battle.space).name} is over: "
                           f"{tx.board.power(tx.state.power).name} has withdrawn.")


def attackers_free_to_retreat(rules: Rules, state: GameState) -> list[Unit]:
    """The attackers of the battle under way that may retreat (for rules that
    offer retreats of their own)."""
    tx = Tx(rules, state, _NoDice())
    return [u for u in _attackers(tx) if _may_retreat(tx, u)]


def retreat_choices(rules: Rules, state: GameState) -> list[str]:
    """The edition's retreat answers for the battle under way."""
    return _retreat_options(Tx(rules, state, _NoDice()))


class _NoDice:
    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        raise AssertionError("asking about a retreat never rolls dice")


def _can_hit(tx: Tx, shooters: list[Unit], targets: list[Unit], role: str) -> bool:
    for unit in shooters:
        prof = _profile(tx, unit, role)
        if _value(prof, unit) <= 0:
            continue
        if not prof.sea_targets_only or any(tx.edition.unit(t.type).domain == SEA for t in targets):
            return True
    return False


def _ended(tx: Tx) -> bool:
    """C-COMBAT-END: one side gone, both gone, or neither able to hurt the other."""
    battle = _battle(tx)
    attackers, defenders = _attackers(tx), _defenders(tx)
    name = tx.board.space(battle.space).name
    if not attackers and not defenders:
        _finish(tx, "both", f"Both sides are destroyed in {name}; the defender keeps it.")
        return True
    if not defenders:
        land = [u for u in attackers if tx.edition.unit(u.type).domain == LAND]
        if tx.board.space(battle.space).is_sea:
            _finish(tx, "attacker", f"{tx.board.power(tx.state.power).name} wins the battle in {name}.")
        elif land:
            # the capture that follows says "captures ... from ...": not "takes" twice
            _finish(tx, "attacker", f"{tx.board.power(tx.state.power).name} wins the battle for {name}.")
            capture(tx, battle.space, tx.state.power)
        else:
            _finish(tx, "attacker", f"The defenders of {name} are destroyed, but aircraft cannot take it.")
        return True
    if not attackers:
        _finish(tx, "defender", f"{tx.board.power(battle.defender).name} holds {name}.")
        return True
    if not _can_hit(tx, attackers, defenders, ATTACK) and not _can_hit(tx, defenders, attackers, DEFENCE):
        _finish(tx, "stalemate", f"Neither side can hurt the other in {name}: the battle ends and both stay.")
        return True
    return False


def _finish(tx: Tx, outcome: str, text: str) -> None:
    battle = _battle(tx)
    space = battle.space
    fought = {u.uid for u in attackers_in(tx.rules, tx.state, space)} | {u.uid for u in defenders_in(tx.rules, tx.state, space)}
    tx.replace_units(space, [evolve(u, fought=True) if u.uid in fought else u for u in tx.space(space).units])
    if tx.board.space(battle.space).is_sea:
        _sink_homeless_fighters(tx, space, battle.defender)
    tx.update(battle=None, pending=None)
    tx.turn(battles_done=tx.state.turn.battles_done + (space,))
    tx.emit(BattleEnded(space=space, outcome=outcome, text_=text))
    if tx.board.space(battle.space).is_sea:
        _land_waiting_cargo(tx, space)
    for rule in tx.rules.hooks("after_battle"):
        rule.after_battle(tx, space, outcome)


def _sink_homeless_fighters(tx: Tx, zone: str, defender: str) -> None:
    """C-COMBAT-CARRIER: defending fighters whose carrier sank need room on another
    carrier in the zone; otherwise they are lost."""
    units = tx.space(zone).units
    side = [u for u in units if allied(tx.board, u.power, defender)]
    room = sum(carrier_capacity(tx.rules, u) for u in side)
    planes = [u for u in side if tx.edition.unit(u.type).domain == AIR]
    excess = len(planes) - room
    if excess > 0:
        lost = sorted(planes, key=lambda u: u.uid)[-excess:]
        _remove(tx, zone, {u.uid for u in lost})
        for power in sorted({u.power for u in lost}):
            tx.emit(Casualties(space=zone, power=power, destroyed=type_counts([u for u in lost if u.power == power]),
                               note="no carrier left to land on"))


def _land_waiting_cargo(tx: Tx, zone: str | None = None) -> None:
    """C-AMPH-2: once a zone holds no enemy ships, cargo marked to land goes ashore;
    if the defender still holds the zone, it stays aboard."""
    for space, held in zip(tx.board.spaces, tx.state.spaces):
        if zone is not None and space.id != zone:
            continue
        waiting = [u for u in held.units if u.landing and u.power == tx.state.power]
        if not waiting:
            continue
        if defenders_in(tx.rules, tx.state, space.id):
            if zone is not None:  # the sea battle is over and the enemy is still there
                tx.replace_units(space.id, [evolve(u, landing=None) if u in waiting else u for u in held.units])
            continue
        by_target: dict[str, list[Unit]] = {}
        for unit in waiting:
            by_target.setdefault(unit.landing or space.id, []).append(unit)
        for target, units in by_target.items():
            ids = {u.uid for u in units}
            tx.replace_units(space.id, [u for u in tx.space(space.id).units if u.uid not in ids])
            tx.replace_units(target, tx.space(target).units + tuple(
                evolve(u, aboard=None, landing=None, amphibious=True, came_from=space.id) for u in units))
            if not defenders_in(tx.rules, tx.state, target):
                capture(tx, target, tx.state.power)


# -- strategic bombing ---------------------------------------------------------------------


def _strategic_raid(tx: Tx, space_id: str) -> None:
    """C-SBR-3: each surviving raider rolls (three dice with Heavy Bombers, added);
    the owner of the complex when it was bombed pays the total, capped at what it
    holds."""
    key = f"raid:{space_id}"
    raiders = [u for u in tx.space(space_id).units if u.power == tx.state.power and u.raiding]
    if not raiders or key in tx.state.turn.battles_done:
        return
    victim = raid_victim(tx.rules, tx.state, space_id)
    assert victim is not None
    total = 0
    for raider in raiders:
        techs = tx.power(raider.power).techs
        prof = profile(tx.rules, raider.power, techs, raider.type, ATTACK)
        faces = tx.roll(prof.dice * prof.best_of, f"the bombing raid on {tx.board.space(space_id).name}")
        damage = sum(faces) if prof.best_of == 1 else max(faces)
        for rule in tx.rules.hooks("raid_damage"):
            damage = rule.raid_damage(tx.rules, raider.power, frozenset(techs), raider.type, faces, damage)
        total += damage
    paid = min(total, tx.power(victim).ipcs)
    left = tx.add_ipcs(victim, -paid)
    tx.replace_units(space_id, [evolve(u, fought=True) if u in raiders else u for u in tx.space(space_id).units])
    tx.turn(battles_done=tx.state.turn.battles_done + (key,))
    tx.emit(RaidDamage(space=space_id, attacker=tx.state.power, victim=victim, amount=paid, ipcs=left))


# -- legal answers for bots and the UI --------------------------------------------------------


def candidate_fights(rules: Rules, state: GameState) -> Iterator[Action]:
    for space_id, fight_kind in pending_fights(rules, state):
        if _battle_order_problem(rules, state, space_id, fight_kind) is None:
            yield Fight(space=space_id, fight_kind=fight_kind)
