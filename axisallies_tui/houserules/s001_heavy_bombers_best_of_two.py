"""s001-heavy-bombers-best-of-two: the Heavy Bombers development becomes "roll
two dice, keep the better" in battle, attacking and defending (so at most one
hit per bomber), and "better die plus one" in a bombing raid.

A raid recognises a heavy bomber by its power's development, not by its dice.
Under Low Luck the dice policy pools hit values and keeps no "better of two"
(`dice.LowLuckPolicy`): the bomber's battle shot counts at its plain value."""

from __future__ import annotations

from attrs import evolve

from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.profiles import HEAVY_BOMBERS, Profile
from axisallies_tui.engine.rules import Rules


@implements("s001-heavy-bombers-best-of-two")
class HeavyBombersBestOfTwo(HouseRule):
    def unit_profile(
        self, rules: Rules, power: str, techs: frozenset[str], unit: str, role: str, round_number: int,
        profile: Profile,
    ) -> Profile:
        if HEAVY_BOMBERS in techs and rules.edition.unit(unit).has("strategic_bomber"):
            return evolve(profile, dice=1, best_of=2)
        return profile

    def raid_damage(
        self, rules: Rules, power: str, techs: frozenset[str], unit: str, faces: tuple[int, ...], damage: int
    ) -> int:
        if HEAVY_BOMBERS in techs and rules.edition.unit(unit).has("strategic_bomber"):
            return max(faces) + int(self.params["raid_bonus"])
        return damage
