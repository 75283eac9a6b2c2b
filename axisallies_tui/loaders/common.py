"""Shared checks for the TOML loaders: read a file, check fields, collect problems."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, cast

from axisallies_tui.engine.errors import DataError


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise DataError(str(path), "", "file not found") from None
    except tomllib.TOMLDecodeError as problem:
        raise DataError(str(path), "", f"not valid TOML: {problem}") from None
    except OSError as problem:
        raise DataError(str(path), "", f"cannot be read: {problem.strerror}") from None


class Problems:
    """Collects every problem in one file, then raises one DataError for them all."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.found: list[tuple[str, str]] = []

    def add(self, entry: str, problem: str) -> None:
        self.found.append((entry, problem))

    def raise_if_any(self) -> None:
        if not self.found:
            return
        entry, problem = self.found[0]
        if len(self.found) > 1:
            problem += f" (and {len(self.found) - 1} more problem{'s' if len(self.found) > 2 else ''} in this file)"
        raise DataError(str(self.path), entry, problem)


_MISSING = object()


class Fields:
    """Typed access to one TOML table; wrong or unknown keys become problems."""

    def __init__(self, problems: Problems, entry: str, table: Any, allowed: set[str]) -> None:
        self.problems = problems
        self.entry = entry
        self.table = table if isinstance(table, dict) else {}
        if not isinstance(table, dict):
            problems.add(entry, "must be a table")
        for key in self.table:
            if key not in allowed:
                problems.add(entry, f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        value = self.table.get(key, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                self.problems.add(self.entry, f"missing {key!r}")
                return _zero(kind)
            return default
        if isinstance(value, bool) and bool not in _as_tuple(kind):
            self.problems.add(self.entry, f"{key!r} must be {_kind_name(kind)}, not true/false")
            return _zero(kind)
        if not isinstance(value, kind):
            self.problems.add(self.entry, f"{key!r} must be {_kind_name(kind)}, not {type(value).__name__}")
            return _zero(kind)
        return value

    def text(self, key: str, default: Any = _MISSING) -> str:
        return cast(str, self.get(key, str, default))

    def number(self, key: str, default: Any = _MISSING, minimum: int | None = 0) -> int:
        value = cast(int, self.get(key, int, default))
        if isinstance(value, int) and minimum is not None and value < minimum:
            self.problems.add(self.entry, f"{key!r} must be at least {minimum}, not {value}")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        return cast(bool, self.get(key, bool, default))

    def strings(self, key: str, default: Any = (), required: bool = False) -> tuple[str, ...]:
        value = self.get(key, list, _MISSING if required else list(default))
        if not all(isinstance(item, str) for item in value):
            self.problems.add(self.entry, f"{key!r} must be a list of strings")
            return ()
        return tuple(value)


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "text", int: "a whole number", bool: "true or false", list: "a list", dict: "a table"}
    return " or ".join(names.get(k, k.__name__) for k in _as_tuple(kind))


def _zero(kind: type | tuple[type, ...]) -> Any:
    first = _as_tuple(kind)[0]
    return {str: "", int: 0, bool: False, list: [], dict: {}}.get(first)


def option_specs(problems: Problems, entry: str, table: Any) -> tuple[Any, ...]:
    """Parse `[x.<name>] default = .., min, max, choices, help` tables into OptionSpecs."""
    from axisallies_tui.engine.model import OptionSpec

    if not isinstance(table, dict):
        problems.add(entry, "must be a table of named options")
        return ()
    specs = []
    for name, body in table.items():
        fields = Fields(problems, f"{entry}.{name}", body, {"default", "min", "max", "choices", "help"})
        default = fields.get("default", (bool, int, str))
        spec = OptionSpec(
            name=name,
            default=default,
            help=fields.text("help", ""),
            min=fields.get("min", int, None),
            max=fields.get("max", int, None),
            choices=fields.strings("choices"),
        )
        problem = spec.check(default)
        if problem:
            problems.add(f"{entry}.{name}", f"the default {problem}")
        specs.append(spec)
    return tuple(specs)
