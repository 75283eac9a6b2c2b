"""How a unit fights: the numbers combat code and the odds calculator share.

A `Profile` is one unit type as it fights for one side in one battle round,
after weapons developments (Jet Power, Super Submarines, Heavy Bombers) and
house rules (the `unit_profile` hook). Combat rolls from profiles; the exact
odds calculator (`odds.py`) computes from the same profiles, so the odds shown
always match the rules in force.
"""

from __future__ import annotations

from typing import Iterable

from attrs import evolve, frozen

from axisallies_tui.engine.model import SEA, UnitType
from axisallies_tui.engine.rules import Rules

ATTACK = "attack"
DEFENCE = "defence"

HEAVY_BOMBERS = "heavy_bombers"
"""The development house rules that rework bombers look for."""


@frozen
class Profile:
    """One unit type fighting for one side."""

    unit: str
    """Unit type id."""
    domain: str
    value: int
    """Hits on a die showing this or less (0 never fires)."""
    cost: int
    """IPC value: the default casualty order and the expected losses use it."""
    dice: int = 1
    """Dice rolled per unit each round."""
    best_of: int = 1
    """Roll this many dice per die above and keep the best (at most one hit each)."""
    hit_points: int = 1
    damaged_value: int | None = None
    """Hit number once it has taken a hit (units with more than one hit point)."""
    first_strike: bool = False
    """Fires before everyone else; its casualties are removed before they fire (C-COMBAT-SUB)."""
    sea_targets_only: bool = False
    """Its hits may only be given to sea units (submarine hits)."""

    def hit_chance(self, damaged: bool = False) -> float:
        """Chance that one die group (with best-of) scores a hit."""
        value = self.damaged_value if damaged and self.damaged_value is not None else self.value
        single = max(0, min(6, value)) / 6
        return 1 - (1 - single) ** self.best_of


def base_profile(rules: Rules, techs: Iterable[str], kind: UnitType, role: str) -> Profile:
    """The edition's numbers for `kind` fighting in `role`, with the effects of the
    developments held (data in the edition file: Jet Power, Super Submarines,
    Heavy Bombers in the classic game)."""
    value = kind.attack if role == ATTACK else kind.defense
    dice = 1
    for effect in rules.edition.effects(techs, kind):
        if effect.role in (None, role):
            value = effect.value if effect.value is not None else value
            dice = effect.dice if effect.dice is not None else dice
    submarine = kind.has("submarine")
    return Profile(
        unit=kind.id,
        domain=kind.domain,
        value=value if kind.combatant else 0,
        cost=kind.cost,
        dice=dice,
        hit_points=kind.hit_points,
        first_strike=submarine and role == ATTACK,
        sea_targets_only=submarine,
    )


def profile(rules: Rules, power: str, techs: Iterable[str], unit: str, role: str, round_number: int = 1) -> Profile:
    """The profile in force: the edition's, then each house rule's `unit_profile`
    (remembered per Rules: the same arguments always give the same profile)."""
    held = techs if isinstance(techs, (tuple, frozenset)) else tuple(techs)
    key = (power, held, unit, role, round_number)  # as the caller holds the techs: no set built per unit
    known: Profile | None = rules.profiles.get(key)
    if known is None:
        owned = frozenset(held)
        same_set = (power, owned, unit, role, round_number)  # the techs in any order: one answer
        known = rules.profiles.get(same_set)
        if known is None:
            kind = rules.edition.unit(unit)
            known = base_profile(rules, owned, kind, role)
            for rule in rules.hooks("unit_profile"):
                known = rule.unit_profile(rules, power, owned, kind.id, role, round_number, known)
            rules.profiles[same_set] = known
        rules.profiles[key] = known
    return known


def can_take_hit_from(target: Profile, shooter: Profile) -> bool:
    """Submarine hits go only to sea units (C-COMBAT-3)."""
    return not shooter.sea_targets_only or target.domain == SEA


__all__ = ["ATTACK", "DEFENCE", "Profile", "base_profile", "can_take_hit_from", "evolve", "profile"]
