"""`evolve` for the engine's hot paths: the same as `attrs.evolve` (a new
frozen instance through `__init__`, so converters and validators still run),
with each class's copying written out once as a plain function instead of
looping over its fields on every copy. A battle copies the game state a few
hundred times; simulated odds fight it a thousand times."""

from __future__ import annotations

from typing import Any, Callable, TypeVar, cast

import attrs

T = TypeVar("T")

_COPIERS: dict[type, Callable[..., Any]] = {}
"""Class -> function(inst, **changes) calling the class with every init argument."""

_KEEP: Any = object()
"""The default of a copier's arguments: keep the instance's value."""


def evolve(inst: T, /, **changes: Any) -> T:
    """A copy of the frozen attrs instance `inst` with `changes` (init argument
    names, as attrs.evolve takes them; an unknown name is a TypeError)."""
    cls = type(inst)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    return cast(T, copier(inst, **changes))


def _copier(cls: type) -> Callable[..., Any]:
    """`def copy(inst, /, *, a=KEEP, ...): return cls(a=inst.a if a is KEEP else a, ...)`,
    for the fields `__init__` sets (as attrs generates `__init__` itself)."""
    pairs = [(f.alias, f.name) for f in attrs.fields(cast(Any, cls)) if f.init]
    if any(not alias.isidentifier() or alias.startswith("_copier_") for alias, _ in pairs):
        raise TypeError(f"cannot write a copier for {cls.__name__}")
    params = (", *" if pairs else "") + "".join(f", {alias}=_copier_keep" for alias, _ in pairs)
    args = ", ".join(f"{alias}=_copier_inst.{name} if {alias} is _copier_keep else {alias}" for alias, name in pairs)
    source = f"def copy(_copier_inst, /{params}):\n    return _copier_cls({args})\n"
    namespace: dict[str, Any] = {"_copier_cls": cls, "_copier_keep": _KEEP}
    exec(compile(source, f"<copier of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
    return cast(Callable[..., Any], namespace["copy"])
