"""Computer players. The random bot picks uniformly among the legal actions it
considers. So that games move on, it leaves out combat moves that would leave
the phase unable to end without building an amphibious assault, and while an
assault is half built it only carries it on or takes moves back."""

from __future__ import annotations

import random

from axisallies_tui.engine.actions import Action, Concede, Undo
from axisallies_tui.engine.legal import candidates, try_action
from axisallies_tui.engine.movement import Move, combat_move_problem, strands_the_phase
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState


class RandomBot:
    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(f"bot:{seed}")

    def choose(self, rules: Rules, state: GameState) -> Action:
        """Draw candidates without replacement until one is acceptable: the first
        acceptable draw is uniform over all acceptable ones."""
        options = candidates(rules, state)
        if rules.phase_kind(state.phase) == "combat_move" and combat_move_problem(rules, state) is not None:
            options = [a for a in options if isinstance(a, Undo) or _carries_cargo(rules, state, a)]
        while options:
            action = options.pop(self._random.randrange(len(options)))
            if isinstance(action, Concede):
                continue
            after = try_action(rules, state, action)
            if after is None:
                continue
            if isinstance(action, Move) and strands_the_phase(rules, state, action, after):
                continue
            return action
        raise ValueError("no legal action: the game is over")


def _carries_cargo(rules: Rules, state: GameState, action: Action) -> bool:
    """A move out of a sea zone where the bot's own cargo waits (sailing or landing it)."""
    if not isinstance(action, Move) or not rules.board.space(action.origin).is_sea:
        return False
    zone = state.spaces[rules.board.space(action.origin).index]
    return any(u.power == state.power and u.aboard is not None and u.landing is None for u in zone.units)
