"""s000-soviet-first-turn-no-attack: the Soviet Union's round-1 turn has no
combat move and no battles; research, purchase, non-combat moves and
placement go on as usual."""

from __future__ import annotations

from axisallies_tui.engine.hooks import HouseRule, implements

NO_ATTACK_PHASES = ("combat_move", "conduct_combat")


@implements("s000-soviet-first-turn-no-attack")
class SovietFirstTurnNoAttack(HouseRule):
    def turn_phases(self, rules, state, power, phases):  # type: ignore[no-untyped-def]
        if power == "ussr" and state.round == 1:
            return tuple(p for p in phases if p not in NO_ATTACK_PHASES)
        return phases
