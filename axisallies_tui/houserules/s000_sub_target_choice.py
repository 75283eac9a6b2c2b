"""s000-sub-target-choice: submarines pick their own victims.

Attacking subs' surprise strike is the edition's `sub_strike` step; its hits are
a `sub_casualties` decision, which this rule hands to the attacker
(`casualty_chooser`). Defending subs fire with the rest of the defence in the
edition, so when their owner has Super Submarines this rule splits the
defender's fire in two steps of its own: everything else fires first and the
attacker chooses as usual, then those subs fire and their owner picks which
attacking ships their hits sink. The rule's state says, while that second
question is put, that it belongs to the subs' owner."""

from __future__ import annotations

from attrs import frozen

from axisallies_tui.engine import combat
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import SEA
from axisallies_tui.engine.profiles import DEFENCE
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.engine.tx import Tx

SUPER_SUBMARINES = "super_submarines"

DEFENCE_REST = "defence_fire_unaimed"
AIMED_DEFENCE = "aimed_sub_defence"


@frozen
class Aim:
    """Set only while the aimed defending subs' casualty question is being put."""

    chooser: str = ""


@implements("s000-sub-target-choice")
class SubTargetChoice(HouseRule):
    State = Aim
    steps = (DEFENCE_REST, AIMED_DEFENCE)

    def casualty_chooser(self, rules: Rules, state: GameState, kind: str, power: str) -> str:
        if kind == "sub_casualties" and state.battle is not None:
            return state.power  # the attacker's surprise strike: the attacker aims
        chooser: str = self.state_in(state).chooser
        return chooser if kind == "attacker_casualties" and chooser else power

    def changes_battle(self, rules: Rules, state: GameState, space_id: str) -> bool:
        """Only submarines aim: without one on either side the battle is the edition's."""
        return combat.any_unit_in_battle(rules, state, space_id, "submarine")

    def battle_steps(self, rules: Rules, state: GameState, when: str, steps: tuple[str, ...]) -> tuple[str, ...]:
        """The defence fires in two parts: the aiming subs after the rest."""
        if when != "round" or "defence_fire" not in steps:
            return steps
        at = steps.index("defence_fire")
        return steps[:at] + (DEFENCE_REST, AIMED_DEFENCE) + steps[at + 1:]

    def battle_step(self, tx: Tx, step: str) -> None:
        battle = tx.state.battle
        assert battle is not None
        defenders = combat.defenders_in(tx.rules, tx.state, battle.space)
        aiming = [u for u in defenders if aims_in_defence(tx.rules, tx.state, u)]
        if step == DEFENCE_REST:
            rest = [u for u in defenders if u not in aiming]
            hits, sea_hits = combat.fire_split(tx, rest, DEFENCE, f"defence, round {battle.round}", battle.defender)
            if hits + sea_hits:  # submarines' hits never strike aircraft (C-COMBAT-SUB)
                combat.ask_casualties(tx, "attacker_casualties", hits + sea_hits, sea_hits=sea_hits)
            return
        self._aimed_fire(tx, aiming)

    def _aimed_fire(self, tx: Tx, subs: list[Unit]) -> None:
        """The Super Submarines fire; their owner picks among the attacking sea units."""
        battle = tx.state.battle
        assert battle is not None
        owner = battle.defender if any(u.power == battle.defender for u in subs) else (subs[0].power if subs else "")
        hits = combat.fire(tx, subs, DEFENCE, f"aimed submarine fire, round {battle.round}", owner or battle.defender)
        ships = [u for u in combat.attackers_in(tx.rules, tx.state, battle.space)
                 if tx.edition.unit(u.type).domain == SEA]
        if not hits or not ships:
            return
        tx.set_rule_state(self.id, Aim(chooser=owner))
        combat.ask_casualties(tx, "attacker_casualties", hits, targets=ships)
        tx.set_rule_state(self.id, Aim())


def aims_in_defence(rules: Rules, state: GameState, unit: Unit) -> bool:
    """A defending submarine whose owner holds Super Submarines."""
    techs = next(p.techs for p in state.powers if p.id == unit.power)
    return rules.edition.unit(unit.type).has("submarine") and SUPER_SUBMARINES in techs
