"""s000-soviet-first-turn-no-attack: the Soviet Union's round-1 turn has no
combat move and no battles; research, purchase, non-combat moves and
placement go on as usual."""

from __future__ import annotations

from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState

NO_ATTACK_PHASES = ("combat_move", "conduct_combat")


@implements("s000-soviet-first-turn-no-attack")
class SovietFirstTurnNoAttack(HouseRule):
    def turn_phases(self, rules: Rules, state: GameState, power: str, phases: tuple[str, ...]) -> tuple[str, ...]:
        if power == "ussr" and state.round == 1:
            return tuple(p for p in phases if rules.phase_kind(p) not in NO_ATTACK_PHASES)
        return phases
