"""s000-amphibious-assaults: bombardment casualties go at once without firing
back; troops landed from transports may not retreat, but overland units and
aircraft may."""

from __future__ import annotations

from axisallies_tui.engine.hooks import HouseRule, implements


@implements("s000-amphibious-assaults")
class AmphibiousAssaults(HouseRule):
    def bombardment_casualties_fire_back(self, rules, answer):  # type: ignore[no-untyped-def]
        return False

    def may_retreat(self, rules, state, unit, allowed):  # type: ignore[no-untyped-def]
        return not unit.amphibious
