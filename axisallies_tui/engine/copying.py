"""`evolve` for the engine's hot paths: the same as `attrs.evolve` (a new
frozen instance through `__init__`, so converters and validators still run),
with each class's init arguments looked up once instead of on every copy.
A battle copies the game state a few hundred times; simulated odds fight it
a thousand times."""

from __future__ import annotations

from typing import Any, TypeVar, cast

import attrs

T = TypeVar("T")

_ARGUMENTS: dict[type, tuple[tuple[str, str], ...]] = {}
"""Class -> (argument of __init__, attribute) for each field set by __init__."""


def evolve(inst: T, /, **changes: Any) -> T:
    """A copy of the frozen attrs instance `inst` with `changes` (init argument
    names, as attrs.evolve takes them)."""
    cls = type(inst)
    arguments = _ARGUMENTS.get(cls)
    if arguments is None:
        arguments = _ARGUMENTS[cls] = tuple((f.alias, f.name) for f in attrs.fields(cast(Any, cls)) if f.init)
    for argument, name in arguments:
        if argument not in changes:
            changes[argument] = getattr(inst, name)
    return cls(**changes)
