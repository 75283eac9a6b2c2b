"""s000-axis-war-enthusiasm: in round 1, Germany and Japan get a bonus at the
start of their turn and the same again with their income. A bonus is not
income, so it never counts toward economic victory."""

from __future__ import annotations

from collections.abc import Sequence

from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState

REASON = "Axis war enthusiasm"


@implements("s000-axis-war-enthusiasm")
class AxisWarEnthusiasm(HouseRule):
    def _bonus(self, state: GameState, power: str) -> Sequence[tuple[int, str]]:
        if state.round != 1:
            return ()
        amount = int({"germany": self.params["germany_bonus"], "japan": self.params["japan_bonus"]}.get(power, 0))
        return ((amount, REASON),) if amount else ()

    def turn_start_bonus(self, rules: Rules, state: GameState, power: str) -> Sequence[tuple[int, str]]:
        return self._bonus(state, power)

    def income_bonus(self, rules: Rules, state: GameState, power: str) -> Sequence[tuple[int, str]]:
        return self._bonus(state, power)
