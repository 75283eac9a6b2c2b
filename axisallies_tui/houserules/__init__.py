"""House-rule implementations (one module per catalogue id) and the check that
turns the players' choices at setup into active rules.

Each module subclasses `engine.hooks.HouseRule` and registers itself with
`@implements("<id>")`. A rule is offered as switchable only when its TOML entry
says `status = "available"` and a module implements it; tests check the two
agree.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from axisallies_tui.engine.hooks import REGISTRY, ActiveRules, HouseRule
from axisallies_tui.engine.rules import HouseRuleChoice
from axisallies_tui.loaders.house import Catalogue


def load_implementations() -> dict[str, type[HouseRule]]:
    """Import every rule module in this package (each registers itself)."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return dict(REGISTRY)


def choice_problems(catalogue: Catalogue, edition: str, choices: tuple[HouseRuleChoice, ...]) -> list[str]:
    """Every reason the chosen house rules cannot be played together, in words."""
    implemented = load_implementations()
    problems: list[str] = []
    chosen = {choice.id for choice in choices}
    if len(chosen) != len(choices):
        problems.append("a house rule is switched on twice")
    for choice in choices:
        spec = catalogue.by_id.get(choice.id)
        if spec is None:
            problems.append(f"{choice.id}: no such house rule (see `axisallies rules list`)")
            continue
        if not spec.available or choice.id not in implemented:
            problems.append(f"{choice.id} ({spec.title}) is planned and cannot be switched on yet")
        if not spec.fits(edition):
            problems.append(
                f"{choice.id} is written for {', '.join(spec.editions)}, not the {edition} board"
            )
        if spec.group:
            for rival in sorted(chosen):
                other = catalogue.by_id.get(rival)
                if rival <= choice.id or other is None or other.group != spec.group:
                    continue
                if spec.bloc and other.bloc == spec.bloc:
                    continue  # two parts of the same alternative
                problems.append(f"{choice.id} and {rival} are alternatives (group {spec.group}): choose one")
        for other in spec.conflicts:
            if other in chosen and other > choice.id:
                problems.append(f"{choice.id} conflicts with {other}: they cannot be on together")
        for needed in spec.requires:
            if needed not in chosen:
                problems.append(f"{choice.id} needs {needed} switched on too")
        if spec.requires_one_of and not chosen.intersection(spec.requires_one_of):
            problems.append(f"{choice.id} needs one of {', '.join(spec.requires_one_of)} switched on")
        given = dict(choice.params)
        for name, value in given.items():
            param = spec.param(name)
            if param is None:
                known = ", ".join(p.name for p in spec.params) or "none"
                problems.append(f"{choice.id} has no parameter {name!r} (parameters: {known})")
                continue
            why = param.check(value)
            if why:
                problems.append(f"{choice.id} parameter {name} {why}")
    return problems


def activate(catalogue: Catalogue, choices: tuple[HouseRuleChoice, ...]) -> ActiveRules:
    """Instantiate the chosen rules with their parameters (defaults filled in).
    Call `choice_problems` first; this assumes the choices are valid."""
    implemented = load_implementations()
    rules = []
    for choice in choices:
        spec = catalogue.by_id[choice.id]
        params: dict[str, Any] = {p.name: p.default for p in spec.params}
        params.update(dict(choice.params))
        rules.append(implemented[choice.id](params))
    return ActiveRules(rules)
