"""The rules in force for one game: what players chose at setup, and the
runtime object the engine consults (board, edition, options, house rules,
dice policy)."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from axisallies_tui.engine.dice import POLICIES, StandardPolicy
from axisallies_tui.engine.hooks import ActiveRules
from axisallies_tui.engine.model import Board, Edition


@frozen
class HouseRuleChoice:
    """One house rule switched on, with the parameters the players set."""

    id: str
    params: tuple[tuple[str, Any], ...] = ()


@frozen
class Ruleset:
    """Everything chosen at setup that changes the rules. Stored with the game."""

    board: str
    options: tuple[tuple[str, Any], ...] = ()
    """Base options that differ from the edition's defaults."""
    house: tuple[HouseRuleChoice, ...] = ()
    dice: str = StandardPolicy.id
    """Dice policy id: `standard` or `low_luck`."""

    def house_ids(self) -> tuple[str, ...]:
        return tuple(choice.id for choice in self.house)


class Rules:
    """Read-only view of the rules for the engine. Built once per game."""

    def __init__(self, board: Board, edition: Edition, ruleset: Ruleset, active: ActiveRules) -> None:
        self.board = board
        self.edition = edition
        self.ruleset = ruleset
        self.active = active
        self.policy = POLICIES[ruleset.dice]
        overrides = dict(ruleset.options)
        self._options = {spec.name: overrides.get(spec.name, spec.default) for spec in edition.options}

    def option(self, name: str) -> Any:
        return self._options[name]

    def hooks(self, name: str) -> tuple[Any, ...]:
        return self.active.implementing(name)
