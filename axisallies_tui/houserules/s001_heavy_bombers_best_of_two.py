"""s001-heavy-bombers-best-of-two: the Heavy Bombers development becomes "roll
two dice, keep the better" in battle, attacking and defending (so at most one
hit per bomber), and "better die plus one" in a bombing raid."""

from __future__ import annotations

from attrs import evolve

from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.profiles import HEAVY_BOMBERS


@implements("s001-heavy-bombers-best-of-two")
class HeavyBombersBestOfTwo(HouseRule):
    def unit_profile(self, rules, power, techs, unit, role, round_number, profile):  # type: ignore[no-untyped-def]
        if HEAVY_BOMBERS in techs and rules.edition.unit(unit).has("strategic_bomber"):
            return evolve(profile, dice=1, best_of=2)
        return profile

    def raid_damage(self, rules, power, unit, faces, damage):  # type: ignore[no-untyped-def]
        if len(faces) == 2:  # a heavy bomber's pair: the better die plus the bonus
            return max(faces) + self.params["raid_bonus"]
        return damage
