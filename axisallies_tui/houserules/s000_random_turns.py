"""s000-random-turns: powers are drawn from a cup one at a time instead of
playing in a fixed order. Round 1 opens with the Soviet Union (by identity: a
parameter, refused on a board without that power)."""

from __future__ import annotations

from axisallies_tui.engine.dice import DiceSource, draw_one
from axisallies_tui.engine.events import DiceRolled, Event, TurnOrderDrawn
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.rules import Rules, RulesConflict
from axisallies_tui.engine.state import GameState
from axisallies_tui.engine.turns import turn_takers


@implements("s000-random-turns")
class RandomTurns(HouseRule):
    def bind(self, rules: Rules) -> None:
        super().bind(rules)
        if self.params["opening_power"] not in rules.board.power_by_id:
            raise RulesConflict(
                f"{self.id}: the opening power {self.params['opening_power']!r} is not on the {rules.board.name} board"
            )

    def choose_next_power(
        self, rules: Rules, state: GameState, dice: DiceSource
    ) -> tuple[str | None, tuple[Event, ...]] | None:
        done = set(state.done_this_round)
        cup = [p for p in turn_takers(rules, state) if p not in done and _still_playing(rules, state, p)]
        if not cup:
            return None, ()
        first = str(self.params["opening_power"])
        if state.round == 1 and not done and first in cup:
            return first, (TurnOrderDrawn(power=first, left_in_cup=tuple(cup), reason="the first turn of the game"),)
        if len(cup) == 1:
            return cup[0], (TurnOrderDrawn(power=cup[0], left_in_cup=tuple(cup), reason="the last marker in the cup"),)
        picked, faces = draw_one(dice, len(cup), "the turn-order draw")
        drawn = cup[picked]
        return drawn, (
            DiceRolled(power=drawn, purpose=f"the turn-order draw among {len(cup)} markers", values=faces),
            TurnOrderDrawn(power=drawn, left_in_cup=tuple(cup), reason=f"drawn from {len(cup)} markers"),
        )


def _still_playing(rules: Rules, state: GameState, power: str) -> bool:
    """A power with no capital, no complex and no units left is not put in the cup
    (complexes are units, so "any unit" covers them)."""
    capital = rules.board.capital_space(power)
    if state.spaces[capital.index].owner == power:
        return True
    return any(unit.power == power for space in state.spaces for unit in space.units)
