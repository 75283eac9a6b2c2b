"""The rules in force for one game: what players chose at setup, and the
runtime object the engine consults (board, edition, options, house rules,
dice policy, research scheme).

The board and edition a game plays with are the files' ones with the active
rules' contributions laid over them, built once here: units from a rule's TOML
entry, forced base options, board overlays (`overlay_board`) and edition
overlays (`overlay_edition`). The engine reads only the result, so a unit a
rule adds is bought, placed, moved and fought like any other.
"""

from __future__ import annotations

from typing import Any

from attrs import evolve, frozen

from axisallies_tui.engine.dice import POLICIES
from axisallies_tui.engine.hooks import ActiveRules, HouseRule
from axisallies_tui.engine.model import Board, Edition
from axisallies_tui.engine.research import ResearchScheme


@frozen
class HouseRuleChoice:
    """One house rule switched on, with the parameters the players set."""

    id: str
    params: tuple[tuple[str, Any], ...] = ()


RULES_REVISION = 1
"""Raised when a rules fix changes what a recorded game would replay to.
1: casualties are chosen piece by piece whenever pieces differ, and submarine
hits never strike aircraft (combat.py); an AA gun may not move where an own or
allied AA gun stands (movement.py, C-AA-4)."""


@frozen
class Ruleset:
    """Everything chosen at setup that changes the rules. Stored with the game."""

    board: str
    options: tuple[tuple[str, Any], ...] = ()
    """Base options that differ from the edition's defaults."""
    house: tuple[HouseRuleChoice, ...] = ()
    dice: str = "standard"
    """Dice policy id: `standard` or `low_luck`."""
    revision: int = RULES_REVISION
    """The engine's `RULES_REVISION` when the game began (stored games without
    one read as 0), so a recorded game replays as it was played."""

    def has_fix(self, revision: int) -> bool:
        """Whether this game plays the rules fix of `revision`: games begun before
        it replay, and go on, as they were played."""
        return self.revision >= revision

    def house_ids(self) -> tuple[str, ...]:
        return tuple(choice.id for choice in self.house)


class RulesConflict(ValueError):
    """Active rules whose contributions cannot be combined (two define one unit)."""


class Rules:
    """Read-only view of the rules for the engine. Built once per game."""

    def __init__(self, board: Board, edition: Edition, ruleset: Ruleset, active: ActiveRules) -> None:
        self.ruleset = ruleset
        self.active = active
        self.policy = POLICIES[ruleset.dice]
        self.edition = _overlaid_edition(edition, active.rules)
        self.board = _overlaid_board(board, active.rules)
        overrides = dict(ruleset.options)
        overrides.update(forced_options(active.rules))
        self._options = {spec.name: overrides.get(spec.name, spec.default) for spec in self.edition.options}
        self.profiles: dict[tuple[str, tuple[str, ...] | frozenset[str], str, str, int], Any] = {}
        """`profiles.profile`'s answers: pure in its arguments for one Rules (the
        hooks it asks see nothing else), and asked for each unit at each step."""
        self.moves: dict[tuple[tuple[str, ...], str], int] = {}
        """(developments, unit type) -> the edition's move with the developments'
        extra moves (`movement.allowance` before house rules): data only."""
        active.bind(self)
        self.research: ResearchScheme = next(
            (s for rule in self.hooks("research_scheme") if (s := rule.research_scheme(self)) is not None),
            self.edition.research,
        )

    def option(self, name: str) -> Any:
        return self._options[name]

    def hooks(self, name: str) -> tuple[HouseRule, ...]:
        return self.active.implementing(name)

    def phase_kind(self, phase: str) -> str:
        """What kind of phase `phase` is (`purchase`, `combat_move`, ... or a kind a
        house rule owns). Phase ids are names; kinds say which procedure runs."""
        return self.edition.phase_kinds.get(phase, phase)

    def phase_name(self, phase: str) -> str:
        return self.edition.phase_names.get(phase, phase)


def forced_options(rules: tuple[HouseRule, ...]) -> dict[str, Any]:
    """Base options that active rules need set (the TOML entry's `options`)."""
    forced: dict[str, Any] = {}
    for rule in rules:
        forced.update(dict(rule.data.options))
    return forced


def _overlaid_edition(edition: Edition, rules: tuple[HouseRule, ...]) -> Edition:
    units = list(edition.unit_types)
    owner = {unit.id: "the edition" for unit in units}
    for rule in rules:
        for unit in rule.data.units:
            if unit.id in owner:
                raise RulesConflict(f"{rule.id} adds the unit {unit.id!r}, which {owner[unit.id]} already has")
            owner[unit.id] = rule.id
            units.append(unit)
    kinds = {phase: kind for rule in rules for phase, kind in rule.phases.items()}
    names = {phase: name for rule in rules for phase, name in rule.phase_names.items()}
    if len(units) != len(edition.unit_types) or kinds or names:
        edition = evolve(
            edition, unit_types=tuple(units), phase_kinds={**edition.phase_kinds, **kinds},
            phase_names={**edition.phase_names, **names},
        )
    for rule in rules:
        edition = rule.overlay_edition(edition)
    return edition


def _overlaid_board(board: Board, rules: tuple[HouseRule, ...]) -> Board:
    for rule in rules:
        board = rule.overlay_board(board)
    return board
