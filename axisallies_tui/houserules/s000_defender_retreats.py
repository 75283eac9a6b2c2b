"""s000-defender-retreats: the defender may pull out of a battle too.

Each round, once the attacker has fired and the defender's casualties are
chosen, a step of this rule asks the defending power (a decision of its own,
put to a power that is not moving) whether to stay or to withdraw everything
free to go to one neighbouring space. Units just chosen as casualties stay:
they fire and are removed as usual. Units that leave give up their defence
roll, because the step runs before the defence fires. When nobody is left to
defend, the edition's end of the round hands the space to the attacker (if it
has land units there)."""

from __future__ import annotations

from axisallies_tui.engine import combat
from axisallies_tui.engine.battle import advance, after_attacker_fire
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import AIR, SEA
from axisallies_tui.engine.movement import carrier_capacity
from axisallies_tui.engine.queries import allied, type_counts
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import Decision, GameState, Unit
from axisallies_tui.engine.tx import Tx

"""The attacker's fire: the edition's step, or the one s000-order-of-combat puts in its place."""

STEP = "defender_retreat"
KIND = "defender_retreat"
STAY = "stay"
RETREAT_TO = "retreat to "


@implements("s000-defender-retreats")
class DefenderRetreats(HouseRule):
    steps = (STEP,)
    decisions = (KIND,)
    after = ("s004-unit-mobile-anti-air",)  # so the retreat comes before that unit's roll

    def battle_steps(self, rules: Rules, state: GameState, when: str, steps: tuple[str, ...]) -> tuple[str, ...]:
        """Right after the attacker's fire (before any defensive roll)."""
        if when != "round":
            return steps
        return after_attacker_fire(steps, STEP)

    def battle_step(self, tx: Tx, step: str) -> None:
        battle = tx.state.battle
        assert battle is not None
        places = destinations(tx.rules, tx.state)
        if not places or not leaving(tx.rules, tx.state):
            return
        name = tx.board.space(battle.space).name
        tx.ask(Decision(
            power=battle.defender, kind=KIND,
            prompt=f"Battle for {name}, round {battle.round}: your defenders stay, or withdraw before they fire?",
            options=(STAY,) + tuple(RETREAT_TO + p for p in places), default=STAY))

    def answer(self, tx: Tx, decision: Decision, choice: str) -> None:
        if choice != STAY:
            target = combat.retreat_target(tx, choice)
            if target is None or target not in destinations(tx.rules, tx.state):
                raise IllegalAction(f"the defenders cannot withdraw there ({choice})")
            _withdraw(tx, target)
        advance(tx)


def leaving(rules: Rules, state: GameState) -> list[Unit]:
    """The defenders free to go: not chosen as casualties this round, able to
    move, and not held by another rule (`may_retreat`, e.g. subs facing a destroyer)."""
    battle = state.battle
    assert battle is not None
    aside = set(battle.set_aside)
    free = []
    for unit in combat.defenders_in(rules, state, battle.space):
        allowed = unit.uid not in aside and rules.edition.unit(unit.type).move > 0
        for rule in rules.hooks("may_retreat"):
            allowed = rule.may_retreat(rules, state, unit, allowed)
        if allowed:
            free.append(unit)
    return _with_room_to_land(rules, state, free)


def _with_room_to_land(rules: Rules, state: GameState, free: list[Unit]) -> list[Unit]:
    """At sea, aircraft leave with the ships only as far as the leaving carriers
    hold them (the rest stay); with no ship leaving they fly off on their own."""
    battle = state.battle
    assert battle is not None
    ships = [u for u in free if rules.edition.unit(u.type).domain == SEA]
    if not rules.board.space(battle.space).is_sea or not ships:
        return free
    room = sum(carrier_capacity(rules, u) for u in ships)
    planes = [u for u in free if rules.edition.unit(u.type).domain == AIR][:room]
    return [u for u in free if rules.edition.unit(u.type).domain != AIR or u in planes]


def destinations(rules: Rules, state: GameState) -> list[str]:
    """Neighbouring spaces the defence may withdraw to, as the attacker's limits
    go: land units (and aircraft with them) to a territory its side holds; ships
    (carrying their aircraft) to a sea zone; never into enemy units, a space
    with a battle this turn (bombing raids aside), or a zone an attacking ship
    came from. Aircraft alone in a sea battle fly to a friendly territory."""
    battle = state.battle
    assert battle is not None
    units = leaving(rules, state)
    domains = {rules.edition.unit(u.type).domain for u in units}
    by_sea = rules.board.space(battle.space).is_sea and SEA in domains
    busy = set(state.turn.battles_done) | set(combat.pending_battles(rules, state))
    came = {u.came_from for u in combat.attackers_in(rules, state, battle.space) if u.came_from}
    found = []
    for space_id in sorted(rules.board.space(battle.space).neighbours):
        space = rules.board.space(space_id)
        held = state.spaces[space.index]
        if space_id in busy or any(not allied(rules.board, u.power, battle.defender) for u in held.units):
            continue
        if by_sea and space.is_sea and space_id not in came:
            found.append(space_id)
        elif not by_sea and space.is_land and allied(rules.board, held.owner, battle.defender):
            found.append(space_id)
    return found


def _withdraw(tx: Tx, target: str) -> None:
    """Move every free defender (with its cargo) to `target`."""
    battle = tx.state.battle
    assert battle is not None
    going = {u.uid for u in leaving(tx.rules, tx.state)}
    here = tx.space(battle.space).units
    moving = [u for u in here if u.uid in going or u.aboard in going]
    tx.replace_units(battle.space, [u for u in here if u not in moving])
    tx.replace_units(target, tx.space(target).units + tuple(moving))
    tx.emit(combat.Retreated(power=battle.defender, space=battle.space, to=target, units=type_counts(moving)))
