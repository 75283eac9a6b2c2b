"""Who has won (C-WIN): the edition's conditions are data (`[[victory]]` in its
file), per side. House rules that implement `check_victory` replace them."""

from __future__ import annotations

from axisallies_tui.engine.events import GameWon
from axisallies_tui.engine.hooks import END_OF_ROUND
from axisallies_tui.engine.model import VictoryCondition
from axisallies_tui.engine.queries import capital_held_by, side_income
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameResult, GameState
from axisallies_tui.engine.tx import Tx

DRAW = "draw"


def edition_victory(rules: Rules, state: GameState) -> tuple[str, str] | None:
    """The edition's conditions (`[[victory]]` in its file), checked at the end of a round."""
    wins: dict[str, list[str]] = {}
    for condition in rules.edition.victory:
        reason = _met(rules, state, condition)
        if reason:
            wins.setdefault(condition.side, []).append(reason)
    return decide(wins)


def _met(rules: Rules, state: GameState, condition: VictoryCondition) -> str | None:
    board = rules.board
    setting = rules.option(condition.option)
    name = condition.side.capitalize()
    if condition.kind == "income":
        income = side_income(board, state, condition.side)
        if setting and income >= setting:
            return f"{name} income {income} reaches {setting}"
        return None
    if not setting:
        return None
    own = board.powers_of_side(condition.side)
    if any(capital_held_by(board, state, p) != condition.side for p in own):
        return None
    others = [p.id for p in board.powers if p.side != condition.side]
    taken = [p for p in others if capital_held_by(board, state, p) == condition.side]
    if condition.enemy is None:
        return f"the {name} hold all {len(board.powers)} capitals" if len(taken) == len(others) else None
    if len(taken) >= condition.enemy:
        return f"the {name} hold their capitals and {', '.join(board.capital_space(p).name for p in taken)}"
    return None


def decide(wins: dict[str, list[str]]) -> tuple[str, str] | None:
    """The winning side, a draw when several sides meet a condition at once, or None."""
    winners = {side: reasons for side, reasons in wins.items() if reasons}
    if len(winners) > 1:
        every = [reason for reasons in winners.values() for reason in reasons]
        return DRAW, "both sides met a victory condition at once (" + "; ".join(every) + ")"
    for side, reasons in winners.items():
        return side, "; ".join(reasons)
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
