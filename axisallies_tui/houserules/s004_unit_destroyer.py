"""s004-unit-destroyer: a sea unit, cost 8, move 2, attack 1, defence 1 (data
in the rule's TOML entry, tagged `destroyer` and `bombard`, so it bombards like
a battleship at its value, 1).

Against nothing but submarines it fights at 2. Enemy submarines facing one lose
their surprise strike and may not retreat. Both tests are made as each battle
round begins: a step of this rule's own notes the sides as they stand then
(the rule's state), and `unit_in_battle` reads that note, so a sub strike that
leaves only subs mid-round changes nothing until the next round."""

from __future__ import annotations

from attrs import evolve, frozen

from axisallies_tui.engine import combat
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import Edition
from axisallies_tui.engine.profiles import ATTACK, Profile
from axisallies_tui.engine.queries import allied
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.engine.tx import Tx

UNIT = "destroyer"
CHECK = "destroyer_check"


@frozen
class Sides:
    """What each side of the battle under way faced as its round began."""

    space: str = ""
    round: int = 0
    defenders_all_subs: bool = False
    attackers_all_subs: bool = False
    attacker_destroyer: bool = False
    defender_destroyer: bool = False


@implements("s004-unit-destroyer")
class Destroyer(HouseRule):
    State = Sides
    steps = (CHECK,)

    def overlay_edition(self, edition: Edition) -> Edition:
        units = tuple(evolve(u, cost=int(self.params["cost"])) if u.id == UNIT else u for u in edition.unit_types)
        return evolve(edition, unit_types=units)

    def battle_steps(self, rules: Rules, state: GameState, when: str, steps: tuple[str, ...]) -> tuple[str, ...]:
        return (CHECK, *steps) if when == "round" else steps

    def battle_step(self, tx: Tx, step: str) -> None:
        tx.set_rule_state(self.id, sides_now(tx.rules, tx.state))

    def changes_battle(self, rules: Rules, state: GameState, space_id: str) -> bool:
        """Everything this rule changes in battle is about submarines (a destroyer
        without them is its data: numbers the exact odds read)."""
        return combat.any_unit_in_battle(rules, state, space_id, "submarine")

    def unit_in_battle(self, rules: Rules, state: GameState, unit: Unit, role: str, profile: Profile) -> Profile:
        sides = self._sides(rules, state)
        if sides is None:
            return profile
        kind = rules.edition.unit(unit.type)
        attacking = role == ATTACK
        if kind.has("destroyer") and (sides.defenders_all_subs if attacking else sides.attackers_all_subs):
            return evolve(profile, value=int(self.params["value_against_subs"]))
        enemy_destroyer = sides.defender_destroyer if attacking else sides.attacker_destroyer
        if kind.has("submarine") and profile.first_strike and enemy_destroyer:
            return evolve(profile, first_strike=False)
        return profile

    def may_retreat(self, rules: Rules, state: GameState, unit: Unit, allowed: bool) -> bool:
        """A sub facing a destroyer stays, on either side."""
        sides = self._sides(rules, state)
        if sides is None or not rules.edition.unit(unit.type).has("submarine"):
            return allowed
        attacking = allied(rules.board, unit.power, state.power)
        facing = sides.defender_destroyer if attacking else sides.attacker_destroyer
        return allowed and not facing

    def _sides(self, rules: Rules, state: GameState) -> Sides | None:
        """The note made as this round began, or the sides as they are now."""
        battle = state.battle
        if battle is None:
            return None
        noted: Sides = self.state_in(state)
        if noted.space == battle.space and noted.round == battle.round:
            return noted
        return sides_now(rules, state)


def sides_now(rules: Rules, state: GameState) -> Sides:
    battle = state.battle
    assert battle is not None
    attackers = combat.attackers_in(rules, state, battle.space)
    defenders = combat.defenders_in(rules, state, battle.space)
    return Sides(
        space=battle.space, round=battle.round,
        defenders_all_subs=_all_subs(rules, defenders), attackers_all_subs=_all_subs(rules, attackers),
        attacker_destroyer=_any_destroyer(rules, attackers), defender_destroyer=_any_destroyer(rules, defenders),
    )


def _all_subs(rules: Rules, units: list[Unit]) -> bool:
    return bool(units) and all(rules.edition.unit(u.type).has("submarine") for u in units)


def _any_destroyer(rules: Rules, units: list[Unit]) -> bool:
    return any(rules.edition.unit(u.type).has("destroyer") for u in units)
