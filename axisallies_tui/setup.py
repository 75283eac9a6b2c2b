"""Loading the game's data and turning setup choices into `Rules`.

Cached per process: each board, edition and the catalogue are read once, and
only when asked for. A command reads just the board and edition it plays on;
the house-rule catalogue (five files and every rule module) is read only when
a house rule is named (start-up time: `axisallies odds`, the first screen).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from axisallies_tui import locations
from axisallies_tui.engine.errors import DataError
from axisallies_tui.engine.hooks import ActiveRules
from axisallies_tui.engine.model import Board, Edition
from axisallies_tui.engine.rules import HouseRuleChoice, Rules, Ruleset
from axisallies_tui.loaders.board import load_board
from axisallies_tui.loaders.edition import load_edition

if TYPE_CHECKING:
    from axisallies_tui.loaders.house import Catalogue


class SetupError(Exception):
    """The players' choices cannot make a game; the message says why."""


class _Editions(Mapping[str, Edition]):
    """Every installed edition by id, each read when first looked up: a board
    needs its own edition only."""

    def __getitem__(self, edition_id: str) -> Edition:
        path = locations.data_file("rules", edition_id)
        if path is None:
            raise KeyError(edition_id)
        return _edition(path)

    def __contains__(self, edition_id: object) -> bool:  # without reading the file
        return isinstance(edition_id, str) and locations.data_file("rules", edition_id) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(locations.edition_files())

    def __len__(self) -> int:
        return len(locations.edition_files())


@lru_cache(maxsize=None)
def _edition(path: Path) -> Edition:
    return load_edition(path)


@lru_cache(maxsize=None)
def editions() -> Mapping[str, Edition]:
    return _Editions()


@lru_cache(maxsize=None)
def board(board_id: str) -> Board:
    path = locations.data_file("maps", board_id)
    if path is None:
        known = ", ".join(sorted(locations.board_files())) or "none"
        raise SetupError(f"no board called {board_id!r} (boards: {known})")
    return load_board(path, editions())


@lru_cache(maxsize=None)
def catalogue() -> Catalogue:
    from axisallies_tui.loaders.house import load_catalogue

    return load_catalogue(locations.house_rule_files())


def board_ids() -> list[str]:
    return sorted(locations.board_files())


def parse_rule_choices(ids: list[str], params: list[str]) -> tuple[HouseRuleChoice, ...]:
    """From `--rules a,b` and `--param a.name=value` to choices; values typed by the
    rule's parameter spec."""
    cat = catalogue()
    chosen: dict[str, dict[str, object]] = {rule_id: {} for rule_id in ids if rule_id}
    for item in params:
        key, sep, text = item.partition("=")
        rule_id, dot, name = key.rpartition(".")
        if not sep or not dot:
            raise SetupError(f"--param {item!r}: write RULE_ID.PARAMETER=VALUE")
        if rule_id not in chosen:
            raise SetupError(f"--param {item!r}: {rule_id} is not among the rules switched on")
        spec = cat.by_id.get(rule_id)
        param = spec.param(name) if spec else None
        chosen[rule_id][name] = param.parse(text) if param else text
    return tuple(HouseRuleChoice(id=rule_id, params=tuple(sorted(p.items()))) for rule_id, p in chosen.items())


def parse_options(edition: Edition, items: list[str]) -> tuple[tuple[str, object], ...]:
    values: dict[str, object] = {}
    for item in items:
        name, sep, text = item.partition("=")
        spec = edition.option_by_name.get(name)
        if not sep or spec is None:
            known = ", ".join(o.name for o in edition.options)
            raise SetupError(f"--option {item!r}: write NAME=VALUE with NAME one of {known}")
        values[name] = spec.parse(text)
    return tuple(sorted(values.items()))


def make_rules(ruleset: Ruleset) -> Rules:
    """Check a ruleset completely and build the engine's Rules for it."""
    from axisallies_tui.engine.dice import POLICIES

    the_board = board(ruleset.board)
    edition = editions().get(the_board.edition)
    if edition is None:
        raise SetupError(f"board {the_board.id} needs edition {the_board.edition!r}, which is not installed")
    problems = []
    for name, value in ruleset.options:
        spec = edition.option_by_name.get(name)
        if spec is None:
            problems.append(f"there is no option {name!r}")
        elif (why := spec.check(value)) is not None:
            problems.append(f"option {name} {why}")
    if ruleset.dice not in POLICIES:
        problems.append(f"dice must be one of {', '.join(POLICIES)}, not {ruleset.dice!r}")
    if ruleset.house:  # the catalogue and the rule modules load only when a house rule is on
        from axisallies_tui.houserules import choice_problems

        problems.extend(choice_problems(catalogue(), edition.id, ruleset.house, ruleset.options))
    if problems:
        raise SetupError("; ".join(problems))
    try:
        return Rules(the_board, edition, ruleset, _active_rules(ruleset))
    except ValueError as problem:  # RuleOrderError, RulesConflict: rules that cannot be combined
        raise SetupError(str(problem)) from None


def _active_rules(ruleset: Ruleset) -> ActiveRules:
    if not ruleset.house:
        return ActiveRules()
    from axisallies_tui.houserules import activate

    return activate(catalogue(), ruleset.house)


__all__ = ["DataError", "SetupError", "board", "catalogue", "editions", "make_rules"]
