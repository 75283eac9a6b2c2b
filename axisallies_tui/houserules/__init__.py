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

from axisallies_tui.engine.hooks import REGISTRY, ActiveRules, HouseRule, RuleData
from axisallies_tui.engine.rules import HouseRuleChoice
from axisallies_tui.loaders.house import Catalogue, HouseRuleSpec


def load_implementations() -> dict[str, type[HouseRule]]:
    """Import every rule module in this package (each registers itself)."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return dict(REGISTRY)


def choice_problems(
    catalogue: Catalogue, edition: str, choices: tuple[HouseRuleChoice, ...],
    options: tuple[tuple[str, Any], ...] = (),
) -> list[str]:
    """Every reason the chosen house rules cannot be played together, in words.
    `options` are the base options the players set (a rule may need one set)."""
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
            problems.append(f"{choice.id} is written for {', '.join(spec.editions)}, not the {edition} board")
        problems.extend(_rival_problems(catalogue, spec, chosen))
        problems.extend(_link_problems(catalogue, spec, chosen))
        problems.extend(_setting_problems(spec, dict(choice.params), dict(options)))
    return problems


def _rival_problems(catalogue: Catalogue, spec: HouseRuleSpec, chosen: set[str]) -> list[str]:
    """Alternatives of one group switched on together (each pair said once)."""
    problems = []
    for rival in sorted(chosen) if spec.group else ():
        other = catalogue.by_id.get(rival)
        if rival <= spec.id or other is None or other.group != spec.group:
            continue
        if spec.bloc and other.bloc == spec.bloc:
            continue  # two parts of the same alternative
        problems.append(f"{spec.id} and {rival} are alternatives (group {spec.group}): choose one")
    return problems


def _link_problems(catalogue: Catalogue, spec: HouseRuleSpec, chosen: set[str]) -> list[str]:
    """Conflicts and requirements between rules. A conflict declared by either
    rule of a pair counts (each pair said once, by the rule with the lower id)."""
    problems = [
        f"{spec.id} conflicts with {other}: they cannot be on together"
        for other in sorted(chosen) if other > spec.id and (
            other in spec.conflicts
            or (other in catalogue.by_id and spec.id in catalogue.by_id[other].conflicts))
    ]
    problems += [f"{spec.id} needs {needed} switched on too" for needed in spec.requires if needed not in chosen]
    if spec.requires_one_of and not chosen.intersection(spec.requires_one_of):
        problems.append(f"{spec.id} needs one of {', '.join(spec.requires_one_of)} switched on")
    return problems


def _setting_problems(spec: HouseRuleSpec, given: dict[str, Any], options: dict[str, Any]) -> list[str]:
    """Parameters that do not exist or do not fit, and base options the rule needs
    set otherwise than the players set them."""
    problems = [
        f"{spec.id} needs the base option {name} = {value!r}; it is set to {options[name]!r}"
        for name, value in spec.options if name in options and options[name] != value
    ]
    for name, value in given.items():
        param = spec.param(name)
        if param is None:
            known = ", ".join(p.name for p in spec.params) or "none"
            problems.append(f"{spec.id} has no parameter {name!r} (parameters: {known})")
        elif (why := param.check(value)) is not None:
            problems.append(f"{spec.id} parameter {name} {why}")
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
        rules.append(implemented[choice.id](params, RuleData(units=spec.units, options=spec.options)))
    return ActiveRules(rules)
