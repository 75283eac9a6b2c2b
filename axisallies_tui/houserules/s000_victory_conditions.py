"""s000-victory-conditions: the Axis win by holding Moscow and London, or
Washington, or by reaching the income goal; the Allies by holding Berlin and
Tokyo. Checked at the end of every turn, with no need to hold for a round."""

from __future__ import annotations

from axisallies_tui.engine.hooks import END_OF_TURN, HouseRule, implements
from axisallies_tui.engine.queries import capital_held_by, side_income
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.engine.victory import decide

AXIS = "axis"
ALLIES = "allies"


@implements("s000-victory-conditions")
class VictoryConditions(HouseRule):
    def check_victory(self, rules: Rules, state: GameState, moment: str) -> tuple[str, str] | None:
        if moment != END_OF_TURN:
            return None
        board = rules.board

        def held_by_axis(power: str) -> bool:
            return capital_held_by(board, state, power) == AXIS

        def name(power: str) -> str:
            return board.capital_space(power).name

        axis: list[str] = []
        allies: list[str] = []
        if held_by_axis("ussr") and held_by_axis("uk"):
            axis.append(f"the Axis hold {name('ussr')} and {name('uk')}")
        if held_by_axis("usa"):
            axis.append(f"the Axis hold {name('usa')}")
        goal = int(self.params["axis_income_goal"])
        income = side_income(board, state, AXIS)
        if income >= goal:
            axis.append(f"Axis income {income} reaches {goal}")
        if capital_held_by(board, state, "germany") == ALLIES and capital_held_by(board, state, "japan") == ALLIES:
            allies.append(f"the Allies hold {name('germany')} and {name('japan')}")
        return decide({AXIS: axis, ALLIES: allies})
