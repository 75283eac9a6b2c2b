"""Registry of what happens when a pending decision of a given kind is answered."""

from __future__ import annotations

from typing import Callable

from axisallies_tui.engine.tx import Tx

DecisionResolver = Callable[[Tx, str], None]
DECISIONS: dict[str, DecisionResolver] = {}


def resolves(kind: str) -> Callable[[DecisionResolver], DecisionResolver]:
    """Register what happens when a pending decision of `kind` is answered."""

    def register(fn: DecisionResolver) -> DecisionResolver:
        DECISIONS[kind] = fn
        return fn

    return register
