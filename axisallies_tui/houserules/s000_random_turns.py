"""s000-random-turns: powers are drawn from a cup one at a time instead of
playing in a fixed order. Round 1 opens with the Soviet Union."""

from __future__ import annotations

from axisallies_tui.engine.dice import draw_one
from axisallies_tui.engine.events import DiceRolled, TurnOrderDrawn
from axisallies_tui.engine.hooks import HouseRule, implements


@implements("s000-random-turns")
class RandomTurns(HouseRule):
    def choose_next_power(self, rules, state, dice):  # type: ignore[no-untyped-def]
        board = rules.board
        done = set(state.done_this_round)
        cup = [p.id for p in board.powers if p.id not in done and _still_playing(rules, state, p.id)]
        if not cup:
            return None, ()
        if state.round == 1 and not done:
            # The Soviet Union (the edition's first power) always opens the game.
            first = board.powers[0].id
            return first, (TurnOrderDrawn(power=first, left_in_cup=tuple(cup), reason="the first turn of the game"),)
        if len(cup) == 1:
            return cup[0], (TurnOrderDrawn(power=cup[0], left_in_cup=tuple(cup), reason="the last marker in the cup"),)
        picked, faces = draw_one(dice, len(cup), "the turn-order draw")
        drawn = cup[picked]
        return drawn, (
            DiceRolled(power=drawn, purpose=f"the turn-order draw among {len(cup)} markers", values=faces),
            TurnOrderDrawn(power=drawn, left_in_cup=tuple(cup), reason=f"drawn from {len(cup)} markers"),
        )


def _still_playing(rules, state, power: str) -> bool:  # type: ignore[no-untyped-def]
    """A power with no capital, no complex and no units left is not put in the cup
    (complexes are units, so "any unit" covers them)."""
    capital = rules.board.capital_space(power)
    if state.spaces[capital.index].owner == power:
        return True
    return any(unit.power == power for space in state.spaces for unit in space.units)
