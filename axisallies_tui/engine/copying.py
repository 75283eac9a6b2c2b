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
    return cast(T, copier(type(inst))(inst, **changes))


def copier(cls: type) -> Callable[..., Any]:
    """`evolve` for instances of `cls`, to call directly where copies are many."""
    found = _COPIERS.get(cls)
    if found is None:
        found = _COPIERS[cls] = _copier(cls)
    return found


def _copier(cls: type) -> Callable[..., Any]:
    """`def copy(inst, /, *, a=KEEP, ...): return cls(inst.a if a is KEEP else a, ...)`,
    for the fields `__init__` sets, in its order (keyword-only ones by name), as
    attrs generates `__init__` itself."""
    fields = [f for f in attrs.fields(cast(Any, cls)) if f.init]
    if any(not f.alias.isidentifier() or f.alias.startswith("_copier_") for f in fields):
        raise TypeError(f"cannot write a copier for {cls.__name__}")
    params = (", *" if fields else "") + "".join(f", {f.alias}=_copier_keep" for f in fields)
    args = ", ".join(
        ("" if not f.kw_only else f"{f.alias}=") + f"_copier_inst.{f.name} if {f.alias} is _copier_keep else {f.alias}"
        for f in fields
    )
    source = f"def copy(_copier_inst, /{params}):\n    return _copier_cls({args})\n"
    namespace: dict[str, Any] = {"_copier_cls": cls, "_copier_keep": _KEEP}
    exec(compile(source, f"<copier of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
    return cast(Callable[..., Any], namespace["copy"])
