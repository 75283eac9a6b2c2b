"""The one cattrs converter: actions, events, states and rulesets to JSON and back.

No hand-written to_dict/from_dict: attrs classes go through cattrs. Actions
and events carry their kind under `"action"` / `"event"` so a JSON line says
what it is.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from cattrs.errors import ClassValidationError
from cattrs.preconf.json import make_converter

from axisallies_tui.engine.actions import ACTIONS, Action
from axisallies_tui.engine.dice import DiceMode
from axisallies_tui.engine.events import Event
from axisallies_tui.engine.model import Board, Edition
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.engine.state import GameState, RuleSlot

converter = make_converter()
T = TypeVar("T")


def _rule_state_type(rule_id: str) -> type[Any]:
    """The `State` class of a house rule, from the implementations this program has."""
    from axisallies_tui.houserules import load_implementations

    cls = load_implementations().get(rule_id)
    if cls is None or cls.State is None:
        raise ValueError(f"no house rule {rule_id!r} with its own state is known to this program")
    return cls.State


def _structure_slot(data: Any, _cls: type[RuleSlot]) -> RuleSlot:
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) or "data" not in data:
        raise ValueError("a house rule's state is {\"id\": ..., \"data\": ...}")
    return RuleSlot(id=data["id"], data=converter.structure(data["data"], _rule_state_type(data["id"])))


converter.register_unstructure_hook(
    RuleSlot, lambda slot: {"id": slot.id, "data": converter.unstructure(slot.data, type(slot.data))}
)
converter.register_structure_hook(RuleSlot, _structure_slot)


class CodecError(ValueError):
    """JSON that does not describe a valid action, state or ruleset."""


def action_to_json(action: Action) -> dict[str, Any]:
    return {"action": action.kind, **converter.unstructure(action)}


def action_from_json(data: Any) -> Action:
    if not isinstance(data, dict):
        raise CodecError("an action is a JSON object with an \"action\" field")
    kind = data.get("action")
    cls = ACTIONS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CodecError(f"unknown action {kind!r} (known: {', '.join(sorted(ACTIONS))})")
    fields = {k: v for k, v in data.items() if k != "action"}
    return structure(fields, cls, f"action {kind!r}")


def event_to_json(event: Event, board: Board, edition: Edition) -> dict[str, Any]:
    return {"event": event.kind, **converter.unstructure(event), "text": event.text(board, edition)}


def state_to_json(state: GameState) -> dict[str, Any]:
    return converter.unstructure(state)


def structure(data: Any, cls: type[T], what: str) -> T:
    """`data` as a `cls`, or CodecError saying in one line what is wrong with `what`."""
    try:
        return converter.structure(data, cls)
    except (ClassValidationError, TypeError, ValueError, KeyError) as problem:
        raise CodecError(f"{what}: {_explain(problem)}") from None


def state_from_json(data: Any) -> GameState:
    return structure(data, GameState, "game state")


def ruleset_to_json(ruleset: Ruleset) -> dict[str, Any]:
    return converter.unstructure(ruleset)


def ruleset_from_json(data: Any) -> Ruleset:
    return structure(data, Ruleset, "ruleset")


def dice_mode_to_json(mode: DiceMode) -> dict[str, Any]:
    return converter.unstructure(mode)


def dice_mode_from_json(data: Any) -> DiceMode:
    return structure(data, DiceMode, "dice mode")


def canonical(data: Any) -> str:
    """Stable JSON text for hashing: sorted keys, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def explain(problem: BaseException) -> str:
    """A short reason for a failed conversion (cattrs' own messages span lines)."""
    return _explain(problem)


def _explain(problem: BaseException) -> str:
    if isinstance(problem, ClassValidationError):
        parts = []
        for inner in problem.exceptions:
            notes = getattr(inner, "__notes__", None) or [""]
            field = notes[0].rpartition("@ attribute ")[2] or "?"
            if isinstance(inner, KeyError):
                parts.append(f"missing field {field!r}")
            elif isinstance(inner, BaseExceptionGroup):
                parts.append(f"field {field!r}: " + "; ".join(_explain(e) for e in inner.exceptions))
            else:
                parts.append(f"field {field!r}: {inner}")
        return "; ".join(parts) or str(problem)
    if isinstance(problem, KeyError):
        return f"missing field {problem}"
    return str(problem)
