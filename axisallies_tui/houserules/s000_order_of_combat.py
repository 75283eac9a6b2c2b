"""s000-order-of-combat: a fixed battle sequence.

Before round 1 the defender shields one land unit per attacking land unit
(a step and a decision of this rule's own, `shield`); the edition's
bombardment then fires, its hits may strike only unshielded units
(`casualty_targets`) and its casualties go at once (no fire back).

Each round the attacking aircraft fly ground support: a step of this rule
(`ground_support`) asks the attacker, one die at a time, which defending unit
each aircraft aims at, then rolls for each aircraft; a hit kills the unit it
named (set aside: it still fires this round). The rest of the attack then
fires in a step of this rule (`attack_fire_rest`, which replaces the
edition's attack step and leaves the aircraft out). From round 2 submarines
lose their surprise strike and fire with the rest (`unit_in_battle`).

Scrambling, dogfights and the defender's ground support belong to
s000-dogfights: with this rule alone no aircraft scrambles, so every
attacking aircraft is a spare flying ground support and the defender's
aircraft defend as usual."""

from __future__ import annotations

from functools import cache
from itertools import product

from attrs import evolve, frozen

from axisallies_tui.engine import combat
from axisallies_tui.engine.battle import START, advance
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import AIR, LAND
from axisallies_tui.engine.profiles import ATTACK, Profile
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import Decision, GameState, Unit
from axisallies_tui.engine.tx import Tx

SHIELD = "shield"
SUPPORT = "ground_support"
REST = "attack_fire_rest"
TARGET = "ground_support_target"


@frozen
class Sequence:
    """The battle under way as this rule sees it: its key (round, mover, space),
    the units shielded from bombardment, and the targets named so far this round
    by ground-support dice (aircraft uid, "power/type")."""

    key: str = ""
    shielded: tuple[int, ...] = ()
    named: tuple[tuple[int, str], ...] = ()


@implements("s000-order-of-combat")
class OrderOfCombat(HouseRule):
    State = Sequence
    steps = (SHIELD, SUPPORT, REST)
    decisions = (SHIELD, TARGET)

    # -- the sequence -------------------------------------------------------------------
    def changes_battle(self, rules: Rules, state: GameState, space_id: str) -> bool:
        """Ground support needs attacking aircraft, shielding a bombardment still
        to come, and the late rounds' change submarines; without any of them
        the rest of the attack fires as the edition's attack does."""
        if combat.attacking_aircraft(rules, state, space_id):
            return True
        if combat.any_unit_in_battle(rules, state, space_id, "submarine"):
            return True
        battle = state.battle
        if battle is not None and battle.space == space_id:  # under way: before round 1 it may still shield
            return battle.stage in (START, SHIELD, "bombard")
        return bool(combat.bombarding_ships(rules, state, space_id))

    def battle_steps(self, rules: Rules, state: GameState, when: str, steps: tuple[str, ...]) -> tuple[str, ...]:
        return _ordered_steps(when, steps)

    def battle_step(self, tx: Tx, step: str) -> None:
        {SHIELD: self._shield, SUPPORT: self._ground_support, REST: _attack_fire_rest}[step](tx)

    def answer(self, tx: Tx, decision: Decision, choice: str) -> None:
        seq = self._state(tx.state)
        if decision.kind == SHIELD:
            units = _shieldable(tx.rules, tx.state)
            chosen = _pick(tx, units, combat.parse_casualties(tx.edition, choice, units))
            self._note(tx, seq, shielded=tuple(sorted(u.uid for u in chosen)))
            advance(tx)
            return
        support = _Support.now(tx)
        shot = support.next_shot(seq)
        if shot is not None:
            seq = self._note(tx, seq, named=seq.named + ((shot, choice),))
        self._aim_or_fire(tx, seq, support)

    # -- hooks that read the sequence ------------------------------------------------------
    def bombardment_casualties_fire_back(self, rules: Rules, answer: bool) -> bool:
        return False

    def casualty_targets(self, rules: Rules, state: GameState, kind: str, units: list[Unit]) -> list[Unit]:
        if kind != "bombard_casualties":
            return units
        shielded = set(self._state(state).shielded)
        return [u for u in units if u.uid not in shielded]

    def unit_in_battle(self, rules: Rules, state: GameState, unit: Unit, role: str, profile: Profile) -> Profile:
        """Subs strike by surprise in round 1 only."""
        if profile.first_strike and state.battle is not None and state.battle.round > 1:
            return evolve(profile, first_strike=False)
        return profile

    # -- shielding ------------------------------------------------------------------------
    def _shield(self, tx: Tx) -> None:
        battle = tx.state.battle
        assert battle is not None
        seq = self._note(tx, self._state(tx.state), shielded=(), named=())
        if not combat.bombarding_ships(tx.rules, tx.state, battle.space):
            return
        units = _shieldable(tx.rules, tx.state)
        wanted = len([u for u in combat.attackers_in(tx.rules, tx.state, battle.space)
                      if tx.edition.unit(u.type).domain == LAND])
        if not units or not wanted:
            return
        options = _spreads(units, wanted)
        if len(options) == 1:
            chosen = _pick(tx, units, combat.parse_casualties(tx.edition, options[0], units))
            self._note(tx, seq, shielded=tuple(sorted(u.uid for u in chosen)))
            return
        tx.ask(Decision(
            power=battle.defender, kind=SHIELD,
            prompt=f"Battle for {tx.board.space(battle.space).name}: shield {min(wanted, len(units))} land "
                   f"unit(s) from the bombardment", options=options, default=options[0]))

    # -- ground support -------------------------------------------------------------------
    def _ground_support(self, tx: Tx) -> None:
        seq = self._note(tx, self._state(tx.state), named=())
        self._aim_or_fire(tx, seq, _Support.now(tx))

    def _aim_or_fire(self, tx: Tx, seq: Sequence, support: _Support) -> None:
        """Ask the next aircraft's target; once all are named, roll them. `seq` is
        the rule's state in `tx.state`; `support` was read from this position
        (naming targets changes neither the aircraft nor what they may aim at)."""
        battle = tx.state.battle
        assert battle is not None
        shot = support.next_shot(seq)
        groups = support.groups
        if shot is not None and len(groups) == 1:
            seq = self._note(tx, seq, named=seq.named + tuple((uid, groups[0])
                                                              for uid in support.shots[len(seq.named):]))
            shot = None
        if shot is not None:
            name = tx.edition.unit(next(u for u in support.aircraft if u.uid == shot).type).name.lower()
            tx.ask(Decision(power=tx.state.power, kind=TARGET,
                            prompt=f"Ground support over {tx.board.space(battle.space).name}: "
                                   f"which unit does the {name} #{shot} aim at?",
                            options=tuple(groups), default=groups[0]))
            return
        _fire_ground_support(tx, seq.named, support)
        self._note(tx, seq, named=())
        advance(tx)

    # -- the rule's state -----------------------------------------------------------------
    def _state(self, state: GameState) -> Sequence:
        seq: Sequence = self.state_in(state)
        return seq if seq.key == _key(state) else Sequence(key=_key(state))

    def _note(self, tx: Tx, seq: Sequence, shielded: tuple[int, ...] | None = None,
              named: tuple[tuple[int, str], ...] | None = None) -> Sequence:
        """Store `seq` (the rule's state in `tx.state`) with these changes; return it."""
        new = Sequence(key=seq.key, shielded=seq.shielded if shielded is None else shielded,
                       named=seq.named if named is None else named)
        tx.set_rule_state(self.id, new)
        return new


@cache
def _ordered_steps(when: str, steps: tuple[str, ...]) -> tuple[str, ...]:
    """Shielding before the battle; ground support and the rest of the attack in
    place of the attacker's fire (remembered: asked at every step of a battle,
    and it reads only its arguments)."""
    if when == "pre":
        return (SHIELD, *steps)
    if "attack_fire" not in steps:
        return steps
    at = steps.index("attack_fire")
    return steps[:at] + (SUPPORT, REST) + steps[at + 1:]


def _key(state: GameState) -> str:
    space = state.battle.space if state.battle is not None else ""
    return f"{state.round}:{state.power}:{space}"


def _shieldable(rules: Rules, state: GameState) -> list[Unit]:
    battle = state.battle
    assert battle is not None
    return [u for u in combat.defenders_in(rules, state, battle.space) if rules.edition.unit(u.type).domain == LAND]


def _spreads(units: list[Unit], wanted: int) -> tuple[str, ...]:
    """Every way to shield `wanted` of `units` (all of them if fewer), as answers."""
    groups: dict[tuple[str, str], int] = {}
    for unit in units:
        groups[(unit.power, unit.type)] = groups.get((unit.power, unit.type), 0) + 1
    keys = sorted(groups)
    need = min(wanted, len(units))
    single = len({power for power, _ in keys}) == 1
    found = []
    for counts in product(*(range(groups[k] + 1) for k in keys)):
        if sum(counts) == need:
            picks = [(p, t, False, n) for (p, t), n in zip(keys, counts) if n]
            found.append(combat.format_casualties(picks, single))
    return tuple(found)


def _pick(tx: Tx, units: list[Unit], picks: list[tuple[str, str, bool, int]]) -> list[Unit]:
    chosen: list[Unit] = []
    for power, unit_type, _, count in picks:
        chosen += [u for u in units if u.power == power and u.type == unit_type][:count]
    return chosen


@frozen
class _Support:
    """Ground support as one position stands, read once per step or answer."""

    aircraft: list[Unit]
    """The attacking aircraft flying ground support, by uid: all of them, unless a
    rule (s000-dogfights) has some fighting elsewhere (at 0 in the ground fight)."""
    shots: list[int]
    """One entry per ground-support die: the aircraft's uid (a heavy bomber names one target a die)."""
    defenders: list[Unit]
    """The defending units the attacker's hits may strike (not already chosen; not in a dogfight)."""
    groups: list[str]
    """`defenders` as the answers that name a target, "power/type"."""

    @classmethod
    def now(cls, tx: Tx) -> _Support:
        battle = tx.state.battle
        assert battle is not None
        flying = []
        for unit in combat.attackers_in(tx.rules, tx.state, battle.space):
            if tx.edition.unit(unit.type).domain == AIR:
                prof = combat.battle_profile(tx.rules, tx.state, unit, ATTACK)
                if prof.value > 0:
                    flying.append((unit, prof.dice))
        flying.sort(key=lambda pair: pair[0].uid)
        # with no aircraft flying ground support, nothing aims at the defenders
        defenders = combat.casualty_pool(tx.rules, tx.state, "defender_casualties") if flying else []
        return cls(aircraft=[u for u, _ in flying], shots=[u.uid for u, dice in flying for _ in range(dice)],
                   defenders=defenders, groups=sorted({f"{u.power}/{u.type}" for u in defenders}))

    def next_shot(self, seq: Sequence) -> int | None:
        """The aircraft whose die names a target next (None: all named, or nothing to aim at)."""
        return self.shots[len(seq.named)] if len(seq.named) < len(self.shots) and self.groups else None


def _fire_ground_support(tx: Tx, named: tuple[tuple[int, str], ...], support: _Support) -> None:
    """Each aircraft rolls; each hit kills the next unit it named (set aside, it fires back)."""
    battle = tx.state.battle
    assert battle is not None
    defenders = support.defenders
    struck: list[Unit] = []
    for plane in support.aircraft:
        aims = [group for uid, group in named if uid == plane.uid]
        if not aims:
            continue  # nothing was left to aim at
        name = tx.edition.unit(plane.type).name.lower()
        hits = combat.fire(tx, [plane], ATTACK, f"ground support, round {battle.round}: {name} #{plane.uid}",
                           tx.state.power)
        for group in aims[:hits]:
            power, _, unit_type = group.partition("/")
            spare = [u for u in defenders if u.power == power and u.type == unit_type and u not in struck]
            struck += spare[:1]
    if struck:
        combat.ask_casualties(tx, "defender_casualties", len(struck), targets=struck)


def _attack_fire_rest(tx: Tx) -> None:
    """The edition's attack, without the aircraft (they flew ground support)."""
    battle = tx.state.battle
    assert battle is not None
    shooters = [u for u in combat.attackers_in(tx.rules, tx.state, battle.space)
                if tx.edition.unit(u.type).domain != AIR
                and not combat.battle_profile(tx.rules, tx.state, u, ATTACK).first_strike]
    hits, sea_hits = combat.fire_split(tx, shooters, ATTACK, f"attack, round {battle.round}", tx.state.power)
    if hits + sea_hits:  # submarines' hits never strike aircraft (C-COMBAT-SUB)
        combat.ask_casualties(tx, "defender_casualties", hits + sea_hits, sea_hits=sea_hits)
