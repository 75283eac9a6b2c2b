"""s004-unit-light-carrier: a carrier for one fighter, cost 12, attack 1,
defence 2, move 2. The unit itself is data in the rule's TOML entry
(`[rules.units.light_carrier]`); this module only applies the price the
players set."""

from __future__ import annotations

from attrs import evolve

from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import Edition

UNIT = "light_carrier"


@implements("s004-unit-light-carrier")
class LightCarrier(HouseRule):
    def overlay_edition(self, edition: Edition) -> Edition:
        units = tuple(evolve(u, cost=int(self.params["cost"])) if u.id == UNIT else u for u in edition.unit_types)
        return evolve(edition, unit_types=units)
