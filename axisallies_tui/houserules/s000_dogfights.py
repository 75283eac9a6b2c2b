"""s000-dogfights: an air battle beside the ground (or sea) battle, in the
sequence of s000-order-of-combat (which this rule requires).

Each round, steps of this rule run before the edition's sub strike:
`scramble` (the defender picks which grounded aircraft take off),
`air_pairing` (scrambled aircraft pair off with attacking aircraft; the side
with spares says which of them fly ground support), `carriers_join` (each side
may put its undamaged carriers into the dogfight), `dogfight` (both sides roll
at the dogfight values; the attacker takes its losses at once) and
`dogfight_losses` (the defender takes its). Later in the round
`defender_support` fires the defender's ground-support aircraft at targets
they name, and `air_clear` ends the round's assignments.

Who is where is this rule's state. `unit_in_battle` keeps everyone in the air
out of the ground fight: attacking aircraft and carriers in the dogfight and
every defending aircraft once the scramble was offered fight at 0 there (the
grounded ones defend at 0, those in the air roll in this rule's own steps),
and `casualty_targets` keeps the ground fire off the dogfight."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product
from typing import Any

from attrs import frozen

from axisallies_tui.engine import combat
from axisallies_tui.engine.battle import advance
from axisallies_tui.engine.copying import evolve
from axisallies_tui.engine.dice import LowLuckPolicy, StandardPolicy
from axisallies_tui.engine.events import DiceRolled
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import AIR
from axisallies_tui.engine.profiles import ATTACK, DEFENCE, Profile, profile
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import Decision, GameState, Unit
from axisallies_tui.engine.tx import Tx

JET_POWER = "jet_power"

SCRAMBLE, PAIRING, CARRIERS, DOGFIGHT, LOSSES, SUPPORT, CLEAR = (
    "scramble", "air_pairing", "carriers_join", "dogfight", "dogfight_losses", "defender_support", "air_clear")
SPARES, JOIN, TARGET = "air_spares", "carrier_join", "defender_support_target"
NONE = "none"
JOIN_YES, JOIN_NO = "carriers join the dogfight", "carriers stay out"


@frozen
class Air:
    """The air battle of the battle under way (`key`: round, mover, space)."""

    key: str = ""
    offered: bool = False
    """The scramble was offered: from now on defending aircraft fight only in the air."""
    scrambled: tuple[int, ...] = ()
    attacker_dogfight: tuple[int, ...] = ()
    defender_dogfight: tuple[int, ...] = ()
    defender_support: tuple[int, ...] = ()
    carriers: tuple[int, ...] = ()
    hits_on_defender: int = 0
    named: tuple[tuple[int, str], ...] = ()


@implements("s000-dogfights")
class Dogfights(HouseRule):
    State = Air
    steps = (SCRAMBLE, PAIRING, CARRIERS, DOGFIGHT, LOSSES, SUPPORT, CLEAR)
    decisions = (SCRAMBLE, SPARES, JOIN, TARGET)
    after = ("s000-order-of-combat",)

    # -- the sequence -------------------------------------------------------------------
    def changes_battle(self, rules: Rules, state: GameState, space_id: str) -> bool:
        """Only attacking aircraft start an air battle (no scramble is offered
        without them); once offered it lasts the battle, defenders staying aloft."""
        if combat.attacking_aircraft(rules, state, space_id):
            return True
        battle = state.battle
        return battle is not None and battle.space == space_id and self._air(state).offered

    def battle_steps(self, rules: Rules, state: GameState, when: str, steps: tuple[str, ...]) -> tuple[str, ...]:
        if when != "round":
            return steps
        return _with_air_steps(steps)

    def battle_step(self, tx: Tx, step: str) -> None:
        {SCRAMBLE: self._scramble, PAIRING: self._pairing, CARRIERS: self._carriers, DOGFIGHT: self._dogfight,
         LOSSES: self._defender_losses, SUPPORT: self._support, CLEAR: self._clear}[step](tx)

    def answer(self, tx: Tx, decision: Decision, choice: str) -> None:
        air = self._air(tx.state)
        if decision.kind == SCRAMBLE:
            chosen = [] if choice == NONE else _pick(tx, _grounded(tx, air), choice)
            self._set(tx, air, scrambled=air.scrambled + tuple(u.uid for u in chosen))
        elif decision.kind == SPARES:
            self._assign(tx, air, choice)
        elif decision.kind == JOIN:
            self._join(tx, air, decision.power, choice == JOIN_YES)
            return
        else:
            plane = _next_plane(tx, air)
            if plane is not None:
                self._set(tx, air, named=air.named + ((plane, choice),))
            self._support(tx)
        advance(tx)

    # -- numbers --------------------------------------------------------------------------
    def unit_in_battle(self, rules: Rules, state: GameState, unit: Unit, role: str, profile: Profile) -> Profile:
        """In the ground fight: nothing in the air fires, grounded defending aircraft defend at 0."""
        kind = rules.edition.unit(unit.type)
        if state.battle is None or (kind.domain != AIR and not kind.carrier_capacity):
            return profile  # only aircraft and carriers ever take to the air
        # Asked for every unit at every step: look at what is stored first and
        # check that it belongs to this battle only when it would change the
        # profile (an air battle of another battle holds nobody here).
        air: Air = self.state_in(state)
        in_air = unit.uid in air.attacker_dogfight or unit.uid in air.carriers
        grounded_or_up = role == DEFENCE and air.offered and kind.domain == AIR
        if (in_air or grounded_or_up) and air.key == _key(state):
            return evolve(profile, value=0, damaged_value=0 if profile.damaged_value is not None else None,
                          first_strike=False)
        return profile

    def casualty_targets(self, rules: Rules, state: GameState, kind: str, units: list[Unit]) -> list[Unit]:
        """Ground fire never strikes the dogfight (the dogfight's own questions name their targets)."""
        if state.battle is None or state.battle.targets:
            return units
        flying = _in_dogfight(self._air(state))
        return [u for u in units if u.uid not in flying]

    # -- (1) scramble ---------------------------------------------------------------------
    def _scramble(self, tx: Tx) -> None:
        battle = tx.state.battle
        assert battle is not None
        air = self._air(tx.state)
        grounded = _grounded(tx, air)
        attacking = _planes(tx, combat.attackers_in(tx.rules, tx.state, battle.space))
        if not grounded or not (attacking or air.offered):
            return
        self._set(tx, air, offered=True)
        options = _scramble_options(grounded)
        tx.ask(Decision(power=battle.defender, kind=SCRAMBLE,
                        prompt=f"Battle for {tx.board.space(battle.space).name}, round {battle.round}: "
                               f"which aircraft scramble? (those left on the ground defend at 0)",
                        options=options + (NONE,), default=options[0]))

    # -- (1) pairing and spares -------------------------------------------------------------
    def _pairing(self, tx: Tx) -> None:
        battle = tx.state.battle
        assert battle is not None
        air = self._air(tx.state)
        attackers = _planes(tx, combat.attackers_in(tx.rules, tx.state, battle.space))
        defenders = _up(tx, air)
        if not defenders:
            self._set(tx, air, attacker_dogfight=(), defender_dogfight=(), defender_support=())
            return
        spares = attackers if len(attackers) > len(defenders) else defenders
        extra = abs(len(attackers) - len(defenders))
        if not attackers or extra == 0:
            self._assign(tx, air, NONE if attackers else _format(defenders))
            return
        options = tuple(o for n in range(extra + 1) for o in _spreads(spares, n))
        power = tx.state.power if spares is attackers else battle.defender
        tx.ask(Decision(power=power, kind=SPARES,
                        prompt=f"Battle for {tx.board.space(battle.space).name}: {extra} spare aircraft; "
                               f"which fly ground support? (the rest join the dogfight)",
                        options=options, default=_format(_weakest_in_the_air(tx, spares, extra))))

    def _assign(self, tx: Tx, air: Air, choice: str) -> None:
        """Planes named in `choice` fly ground support; every other plane in the air dogfights."""
        battle = tx.state.battle
        assert battle is not None
        attackers = _planes(tx, combat.attackers_in(tx.rules, tx.state, battle.space))
        defenders = _up(tx, air)
        spares = attackers if len(attackers) > len(defenders) else defenders
        support = {u.uid for u in _pick(tx, spares, choice)} if choice != NONE else set()
        self._set(tx, air,
                  attacker_dogfight=tuple(u.uid for u in attackers if u.uid not in support) if defenders else (),
                  defender_dogfight=tuple(u.uid for u in defenders if u.uid not in support) if attackers else (),
                  defender_support=tuple(u.uid for u in defenders if u.uid in support or not attackers),
                  carriers=(), named=())

    # -- (1) carriers ----------------------------------------------------------------------
    def _carriers(self, tx: Tx) -> None:
        self._ask_join(tx, self._air(tx.state), tx.state.power)

    def _ask_join(self, tx: Tx, air: Air, power: str) -> None:
        """Ask the attacker, then the defender, whether their carriers join the dogfight."""
        battle = tx.state.battle
        assert battle is not None
        while air.attacker_dogfight and air.defender_dogfight:
            if _carriers_of(tx, power):
                tx.ask(Decision(power=power, kind=JOIN, prompt="Do your undamaged carriers join the dogfight?",
                                options=(JOIN_NO, JOIN_YES), default=JOIN_NO))
                return
            if power == battle.defender:
                break
            power = battle.defender

    def _join(self, tx: Tx, air: Air, power: str, join: bool) -> None:
        battle = tx.state.battle
        assert battle is not None
        if join:
            air = self._set(tx, air, carriers=air.carriers + tuple(u.uid for u in _carriers_of(tx, power)))
        if power != battle.defender:
            self._ask_join(tx, air, battle.defender)
            if tx.state.pending is not None:
                return
        advance(tx)

    # -- (2) the dogfight ------------------------------------------------------------------
    def _dogfight(self, tx: Tx) -> None:
        battle = tx.state.battle
        assert battle is not None
        air = self._air(tx.state)
        ours, theirs = _dogfight_side(tx, air, attacking=True), _dogfight_side(tx, air, attacking=False)
        if not ours or not theirs:
            return
        on_defender = _roll(tx, ours, ATTACK, f"dogfight, round {battle.round}", tx.state.power)
        on_attacker = _roll(tx, theirs, DEFENCE, f"dogfight, round {battle.round}", battle.defender)
        self._set(tx, air, hits_on_defender=on_defender)
        if on_attacker:
            combat.ask_casualties(tx, "attacker_casualties", on_attacker, targets=ours)

    def _defender_losses(self, tx: Tx) -> None:
        air = self._air(tx.state)
        hits, targets = air.hits_on_defender, _dogfight_side(tx, air, attacking=False)
        self._set(tx, air, hits_on_defender=0)
        if hits and targets:
            combat.ask_casualties(tx, "defender_casualties", hits, targets=targets)

    # -- (6) the defender's ground support ---------------------------------------------------
    def _support(self, tx: Tx) -> None:
        """Ask each defending ground-support plane its target, then roll them."""
        battle = tx.state.battle
        assert battle is not None
        air = self._air(tx.state)
        plane = _next_plane(tx, air)
        groups = _ground_targets(tx, air)
        while plane is not None and len(groups) == 1:  # nothing to choose
            air = self._set(tx, air, named=air.named + ((plane, groups[0]),))
            plane = _next_plane(tx, air)
        if plane is not None and groups:
            name = tx.edition.unit(next(u for u in _support_planes(tx, air) if u.uid == plane).type).name.lower()
            tx.ask(Decision(power=battle.defender, kind=TARGET,
                            prompt=f"Ground support over {tx.board.space(battle.space).name}: "
                                   f"which unit does the {name} #{plane} aim at?",
                            options=tuple(groups), default=groups[0]))
            return
        struck = self._fire_support(tx, air)
        self._set(tx, self._air(tx.state), named=())
        if struck:
            combat.ask_casualties(tx, "attacker_casualties", len(struck), targets=struck)

    def _fire_support(self, tx: Tx, air: Air) -> list[Unit]:
        battle = tx.state.battle
        assert battle is not None
        flying = _in_dogfight(air)
        targets = [u for u in combat.attackers_in(tx.rules, tx.state, battle.space) if u.uid not in flying]
        struck: list[Unit] = []
        for plane in _support_planes(tx, air):
            aim = next((group for uid, group in air.named if uid == plane.uid), None)
            if aim is None:
                continue
            name = tx.edition.unit(plane.type).name.lower()
            if _roll(tx, [plane], DEFENCE, f"ground support, round {battle.round}: {name} #{plane.uid}",
                     battle.defender, ground=True):
                power, _, unit_type = aim.partition("/")
                struck += [u for u in targets if u.power == power and u.type == unit_type and u not in struck][:1]
        return struck

    def _clear(self, tx: Tx) -> None:
        air = self._air(tx.state)
        self._set(tx, Air(key=air.key, offered=air.offered, scrambled=air.scrambled))

    # -- the rule's state -----------------------------------------------------------------
    def _air(self, state: GameState) -> Air:
        air: Air = self.state_in(state)
        key = _key(state)
        return air if air.key == key else Air(key=key)

    def _set(self, tx: Tx, air: Air, **changes: Any) -> Air:
        new = evolve(air, **changes)
        tx.set_rule_state(self.id, new)
        return new


@cache
def _with_air_steps(steps: tuple[str, ...]) -> tuple[str, ...]:
    """A round's steps with the air battle's steps put in (remembered: asked at
    every step of a battle, and it reads only `steps`)."""
    steps = (SCRAMBLE, PAIRING, CARRIERS, DOGFIGHT, LOSSES, *steps)
    defence = [i for i, step in enumerate(steps) if step in ("defence_fire", "defence_fire_unaimed")]
    at = defence[0] if defence else len(steps) - 1
    steps = steps[:at] + (SUPPORT,) + steps[at:]
    end = steps.index("end_of_round") if "end_of_round" in steps else len(steps)
    return steps[:end] + (CLEAR,) + steps[end:]


def _key(state: GameState) -> str:
    space = state.battle.space if state.battle is not None else ""
    return f"{state.round}:{state.power}:{space}"


# -- who is where ------------------------------------------------------------------------


def _planes(tx: Tx, units: list[Unit]) -> list[Unit]:
    return [u for u in units if tx.edition.unit(u.type).domain == AIR]


def _alive_defenders(tx: Tx) -> list[Unit]:
    battle = tx.state.battle
    assert battle is not None
    aside = set(battle.set_aside)
    return [u for u in combat.defenders_in(tx.rules, tx.state, battle.space) if u.uid not in aside]


def _grounded(tx: Tx, air: Air) -> list[Unit]:
    return [u for u in _planes(tx, _alive_defenders(tx)) if u.uid not in air.scrambled]


def _up(tx: Tx, air: Air) -> list[Unit]:
    return [u for u in _planes(tx, _alive_defenders(tx)) if u.uid in air.scrambled]


def _in_dogfight(air: Air) -> set[int]:
    return set(air.attacker_dogfight) | set(air.defender_dogfight) | set(air.carriers)


def _dogfight_side(tx: Tx, air: Air, attacking: bool) -> list[Unit]:
    battle = tx.state.battle
    assert battle is not None
    units = combat.attackers_in(tx.rules, tx.state, battle.space) if attacking else _alive_defenders(tx)
    flying = _in_dogfight(air)
    return [u for u in units if u.uid in flying]


def _support_planes(tx: Tx, air: Air) -> list[Unit]:
    return [u for u in _up(tx, air) if u.uid in air.defender_support]


def _next_plane(tx: Tx, air: Air) -> int | None:
    planes = _support_planes(tx, air)
    return planes[len(air.named)].uid if len(air.named) < len(planes) else None


def _ground_targets(tx: Tx, air: Air) -> list[str]:
    battle = tx.state.battle
    assert battle is not None
    flying = _in_dogfight(air)
    return sorted({f"{u.power}/{u.type}" for u in combat.attackers_in(tx.rules, tx.state, battle.space)
                   if u.uid not in flying})


def _carriers_of(tx: Tx, power: str) -> list[Unit]:
    """The undamaged carriers of `power`'s side in the battle."""
    battle = tx.state.battle
    assert battle is not None
    side = combat.attackers_in(tx.rules, tx.state, battle.space) if power == tx.state.power else _alive_defenders(tx)
    return [u for u in side if tx.edition.unit(u.type).carrier_capacity > 0 and not u.damage]


# -- answers -------------------------------------------------------------------------------


def _spreads(units: list[Unit], size: int) -> tuple[str, ...]:
    """Every way to pick `size` of `units`, as answers (`fighter=1, bomber=1`)."""
    groups: dict[tuple[str, str], int] = {}
    for unit in units:
        groups[(unit.power, unit.type)] = groups.get((unit.power, unit.type), 0) + 1
    return _spreads_of(tuple(sorted(groups.items())), size)


@lru_cache(maxsize=512)
def _spreads_of(counted: tuple[tuple[tuple[str, str], int], ...], size: int) -> tuple[str, ...]:
    """`_spreads` of units counted by (power, type), in order (remembered: the
    same air battle is asked about round after round)."""
    groups = dict(counted)
    keys = [key for key, _ in counted]
    single = len({power for power, _ in keys}) == 1
    found = []
    for counts in product(*(range(groups[k] + 1) for k in keys)):
        if sum(counts) == size:
            picks = [(p, t, False, n) for (p, t), n in zip(keys, counts) if n]
            found.append(combat.format_casualties(picks, single) or NONE)
    return tuple(found)


def _scramble_options(units: list[Unit]) -> tuple[str, ...]:
    return tuple(option for size in range(len(units), 0, -1) for option in _spreads(units, size))


def _format(units: list[Unit]) -> str:
    return _spreads(units, len(units))[0] if units else NONE


def _pick(tx: Tx, units: list[Unit], text: str) -> list[Unit]:
    if text == NONE:
        return []
    chosen: list[Unit] = []
    for power, unit_type, _, count in combat.parse_casualties(tx.edition, text, units):
        chosen += [u for u in units if u.power == power and u.type == unit_type][:count]
    return chosen


def _weakest_in_the_air(tx: Tx, units: list[Unit], count: int) -> list[Unit]:
    return sorted(units, key=lambda u: (_dogfight_value(tx, u, ATTACK), u.uid))[:count]


# -- dice ----------------------------------------------------------------------------------


def _dogfight_value(tx: Tx, unit: Unit, role: str) -> int:
    """Fighters 3 (Jet Power 4), bombers 1, a carrier its usual number."""
    kind = tx.edition.unit(unit.type)
    if kind.domain != AIR:
        return _plain(tx, unit, role).value
    if kind.has("strategic_bomber"):
        return 1
    return 4 if JET_POWER in tx.power(unit.power).techs else 3


def _plain(tx: Tx, unit: Unit, role: str) -> Profile:
    round_number = tx.state.battle.round if tx.state.battle is not None else 1
    return profile(tx.rules, unit.power, tx.power(unit.power).techs, unit.type, role, round_number)


def _roll(tx: Tx, units: list[Unit], role: str, purpose: str, power: str, ground: bool = False) -> int:
    """One die per unit at its dogfight value (or, for ground support, its usual numbers)."""
    shots = [_plain(tx, u, role).value for u in units for _ in range(_plain(tx, u, role).dice)] if ground \
        else [_dogfight_value(tx, u, role) for u in units]
    policy = tx.rules.policy
    assert isinstance(policy, (StandardPolicy, LowLuckPolicy))
    hits, faces = policy.hits(tx.dice, shots, purpose)
    if faces or hits:
        tx.emit(DiceRolled(power=power, purpose=purpose, values=tuple(faces), hits=hits))
    return hits
