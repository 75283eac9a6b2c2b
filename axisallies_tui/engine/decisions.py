"""What happens when one of the edition's pending decisions is answered.

House rules answer their own decisions (`HouseRule.decisions` / `answer`)."""

from __future__ import annotations

from typing import Callable

from axisallies_tui.engine.tx import Tx

DecisionResolver = Callable[[Tx, str], None]
DECISIONS: dict[str, DecisionResolver] = {}


def resolves(kind: str) -> Callable[[DecisionResolver], DecisionResolver]:
    """Register what happens when a pending decision of `kind` is answered."""

    def register(fn: DecisionResolver) -> DecisionResolver:
        if kind in DECISIONS:
            raise ValueError(f"decisions of kind {kind!r} are resolved twice")
        DECISIONS[kind] = fn
        return fn

    return register
