"""Who has won (C-WIN). House rules that implement `check_victory` replace the
edition's conditions entirely."""

from __future__ import annotations

from axisallies_tui.engine.events import GameWon
from axisallies_tui.engine.hooks import END_OF_ROUND
from axisallies_tui.engine.queries import capital_held_by, side_income
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameResult, GameState
from axisallies_tui.engine.tx import Tx

AXIS = "axis"
ALLIES = "allies"
DRAW = "draw"


def edition_victory(rules: Rules, state: GameState) -> tuple[str, str] | None:
    """C-WIN-2..6: economic and military victory, checked at the end of a round."""
    board = rules.board
    axis_wins: list[str] = []
    allied_wins: list[str] = []
    axis_goal = rules.option("axis_economic_victory")
    axis_income = side_income(board, state, AXIS)
    if axis_goal and axis_income >= axis_goal:
        axis_wins.append(f"Axis income {axis_income} reaches {axis_goal}")
    allied_goal = rules.option("allied_economic_victory")
    allied_income = side_income(board, state, ALLIES)
    if allied_goal and allied_income >= allied_goal:
        allied_wins.append(f"Allied income {allied_income} reaches {allied_goal}")
    if rules.option("military_victory"):
        axis_held = [p for p in board.powers_of_side(AXIS) if capital_held_by(board, state, p) == AXIS]
        allied_by_axis = [p for p in board.powers_of_side(ALLIES) if capital_held_by(board, state, p) == AXIS]
        if len(axis_held) == len(board.powers_of_side(AXIS)) and len(allied_by_axis) >= 2:
            names = ", ".join(board.capital_space(p).name for p in allied_by_axis)
            axis_wins.append(f"the Axis hold their capitals and {names}")
        if all(capital_held_by(board, state, p.id) == ALLIES for p in board.powers):
            allied_wins.append("the Allies hold all five capitals")
    return decide(axis_wins, allied_wins)


def decide(axis_wins: list[str], allied_wins: list[str]) -> tuple[str, str] | None:
    if axis_wins and allied_wins:
        return DRAW, "both sides met a victory condition at once (" + "; ".join(axis_wins + allied_wins) + ")"
    if axis_wins:
        return AXIS, "; ".join(axis_wins)
    if allied_wins:
        return ALLIES, "; ".join(allied_wins)
    return None


def check_victory(tx: Tx, moment: str) -> bool:
    """Check the conditions in force at `moment`; end the game and return True on a win."""
    hooks = tx.rules.hooks("check_victory")
    outcome = None
    if hooks:
        for rule in hooks:
            outcome = rule.check_victory(tx.rules, tx.state, moment)
            if outcome:
                break
    elif moment == END_OF_ROUND:
        outcome = edition_victory(tx.rules, tx.state)
    if outcome is None:
        return False
    winner, reason = outcome
    finish(tx, winner, reason)
    return True


def finish(tx: Tx, winner: str, reason: str) -> None:
    tx.update(result=GameResult(winner=winner, reason=reason, round=tx.state.round), pending=None)
    tx.emit(GameWon(winner=winner, reason=reason))
