"""Computer players. The random bot picks uniformly among the listed legal actions."""

from __future__ import annotations

import random

from axisallies_tui.engine.actions import Action
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState


class RandomBot:
    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(f"bot:{seed}")

    def choose(self, rules: Rules, state: GameState) -> Action:
        options = legal_actions(rules, state)
        if not options:
            raise ValueError("no legal action: the game is over")
        return self._random.choice(options)
