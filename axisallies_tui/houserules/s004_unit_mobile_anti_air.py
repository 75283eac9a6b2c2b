"""s004-unit-mobile-anti-air: a land unit, cost 7, that moves 1 in the
non-combat move only and fights only in defence, rolling at 1 each round
against attacking aircraft alone.

The unit is data in the rule's TOML entry (`[rules.units.mobile_aa]`, tagged
`mobile_aa`); its plain defence there is 0, so it never rolls in the edition's
defence step. It is not tagged `aa`: that tag would also make it fire at
aircraft flying over, which it never does. This rule keeps it out of the
combat move (`may_move`) and fires it in a battle step of its own, before the
defence rolls, at the rule's `defence` value; its hits may only be taken by
attacking aircraft (`ask_casualties(..., targets=aircraft)`)."""

from __future__ import annotations

from attrs import evolve

from axisallies_tui.engine import combat
from axisallies_tui.engine.battle import after_attacker_fire
from axisallies_tui.engine.dice import LowLuckPolicy, StandardPolicy
from axisallies_tui.engine.events import DiceRolled
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import Edition
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.engine.tx import Tx

"""The attacker's fire: the edition's step, or the one s000-order-of-combat puts in its place."""

UNIT = "mobile_aa"
TAG = "mobile_aa"
STEP = "mobile_aa_fire"


@implements("s004-unit-mobile-anti-air")
class MobileAntiAir(HouseRule):
    steps = (STEP,)

    def overlay_edition(self, edition: Edition) -> Edition:
        units = tuple(evolve(u, cost=int(self.params["cost"])) if u.id == UNIT else u for u in edition.unit_types)
        return evolve(edition, unit_types=units)

    def may_move(self, rules: Rules, state: GameState, unit: Unit) -> str | None:
        if rules.edition.unit(unit.type).has(TAG) and rules.phase_kind(state.phase) == "combat_move":
            return "mobile anti-air moves only in the non-combat move"
        return None

    def changes_battle(self, rules: Rules, state: GameState, space_id: str) -> bool:
        """It fires only from the defence at attacking aircraft; otherwise it is
        a unit that never rolls (defence 0 in its data), as the exact odds see it."""
        guns, aircraft = _guns_and_aircraft(rules, state, space_id)
        return bool(guns and aircraft)

    def battle_steps(self, rules: Rules, state: GameState, when: str, steps: tuple[str, ...]) -> tuple[str, ...]:
        """It fires after the attacker and before the rest of the defence, so its
        hits are placed on aircraft before the other defensive hits are taken."""
        if when != "round":
            return steps
        return after_attacker_fire(steps, STEP)

    def battle_step(self, tx: Tx, step: str) -> None:
        battle = tx.state.battle
        assert battle is not None
        guns, aircraft = _guns_and_aircraft(tx.rules, tx.state, battle.space)
        if not guns or not aircraft:
            return  # nothing to shoot at: it does not roll
        purpose = f"mobile anti-air, round {battle.round}"
        value = int(self.params["defence"])
        hits, faces = _policy(tx).hits(tx.dice, [value] * len(guns), purpose)
        tx.emit(DiceRolled(power=battle.defender, purpose=purpose, values=tuple(faces), hits=hits))
        if hits:
            combat.ask_casualties(tx, "attacker_casualties", hits, targets=aircraft)


def _guns_and_aircraft(rules: Rules, state: GameState, space_id: str) -> tuple[list[Unit], list[Unit]]:
    """The defending mobile anti-air in `space_id` and the attacking aircraft it may fire at."""
    guns = [u for u in combat.defenders_in(rules, state, space_id) if rules.edition.unit(u.type).has(TAG)]
    return guns, combat.attacking_aircraft(rules, state, space_id)


def _policy(tx: Tx) -> StandardPolicy | LowLuckPolicy:
    """The game's dice policy (standard or Low Luck), as its own type."""
    policy = tx.rules.policy
    assert isinstance(policy, (StandardPolicy, LowLuckPolicy))
    return policy
