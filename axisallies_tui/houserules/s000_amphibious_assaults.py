"""s000-amphibious-assaults: bombardment casualties go at once without firing
back; troops landed from transports may not retreat, but overland units and
aircraft may, the aircraft one at a time or all together and the overland
units with or without them.

The extra retreats are answers this rule adds to the edition's retreat
decision (`decision_options`) and carries out itself (`answer`)."""

from __future__ import annotations

from axisallies_tui.engine import combat
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import AIR
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import Decision, GameState, Unit
from axisallies_tui.engine.tx import Tx

OVERLAND_ONLY = "overland units only: "
ONE_PLANE = "only the "


@implements("s000-amphibious-assaults")
class AmphibiousAssaults(HouseRule):
    def bombardment_casualties_fire_back(self, rules: Rules, answer: bool) -> bool:
        return False

    def may_retreat(self, rules: Rules, state: GameState, unit: Unit, allowed: bool) -> bool:
        return allowed or not unit.amphibious  # only troops landed from the sea must stay

    def decision_options(self, rules: Rules, state: GameState, decision: Decision) -> tuple[str, ...]:
        if decision.kind != "retreat" or state.battle is None or not state.battle.amphibious:
            return ()
        planes = _free_planes(rules, state)
        if not planes:
            return ()
        extra = [OVERLAND_ONLY + option for option in decision.options if option.startswith(combat.RETREAT_TO)]
        if len(planes) > 1:
            extra += [_one_plane(rules, plane) for plane in planes]
        return tuple(extra)

    def answer(self, tx: Tx, decision: Decision, choice: str) -> None:
        planes = _free_planes(tx.rules, tx.state)
        if choice.startswith(OVERLAND_ONLY):
            target = combat.retreat_target(tx, choice[len(OVERLAND_ONLY):])
            ground = {u.uid for u in combat.attackers_free_to_retreat(tx.rules, tx.state)
                      if tx.edition.unit(u.type).domain != AIR}
            combat.withdraw(tx, ground, target, set())
            return
        plane = next(p for p in planes if _one_plane(tx.rules, p) == choice)
        combat.withdraw(tx, set(), None, {plane.uid})


def _free_planes(rules: Rules, state: GameState) -> list[Unit]:
    return [u for u in combat.attackers_free_to_retreat(rules, state) if rules.edition.unit(u.type).domain == AIR]


def _one_plane(rules: Rules, plane: Unit) -> str:
    return f"{ONE_PLANE}{rules.edition.unit(plane.type).name.lower()} #{plane.uid} leaves the battle"
