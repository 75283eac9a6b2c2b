"""The one cattrs converter: actions, events, states and rulesets to JSON and back.

No hand-written to_dict/from_dict: attrs classes go through cattrs. Actions
and events carry their kind under `"action"` / `"event"` so a JSON line says
what it is.
"""

from __future__ import annotations

import json
from collections.abc import Callable
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

MAX_COUNT = 999
"""The most units, dice or anything else counted that one action may name."""
MAX_NUMBER = 10**9
MAX_TEXT = 500
MAX_ITEMS = 1000
MAX_DEPTH = 8
COUNTED = ("count", "dice")


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
    """JSON that does not describe a valid action, state or ruleset. `code` is the
    headless protocol's error code: `unknown_action`, or `bad_field` for the rest."""

    def __init__(self, message: str, code: str = "bad_field") -> None:
        super().__init__(message)
        self.code = code


def _strict(kind: type | tuple[type, ...], name: str) -> Callable[[Any, Any], Any]:
    """A structure hook that takes only values already of `kind` (cattrs would
    otherwise turn "3" into 3, 2.7 into 2, True into 1 and 1e400 into "inf")."""

    def hook(value: Any, _type: Any) -> Any:
        if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
            raise TypeError(f"expected {name}, got {_describe(value)}")
        return value

    return hook


def _describe(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True, default=repr)
    return text if len(text) <= 40 else text[:37] + "..."


converter.register_structure_hook(int, _strict(int, "a whole number"))
converter.register_structure_hook(str, _strict(str, "text"))
converter.register_structure_hook(bool, _strict(bool, "true or false"))
converter.register_structure_hook(float, lambda v, _t: _strict((int, float), "a number")(v, _t) * 1.0)


def action_to_json(action: Action) -> dict[str, Any]:
    return {"action": action.kind, **converter.unstructure(action)}


def action_from_json(data: Any) -> Action:
    if not isinstance(data, dict):
        raise CodecError("an action is a JSON object with an \"action\" field")
    kind = data.get("action")
    cls = ACTIONS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CodecError(f"unknown action {kind!r} (known: {', '.join(sorted(ACTIONS))})", "unknown_action")
    fields = {k: v for k, v in data.items() if k != "action"}
    problem = _limits(fields)
    if problem:
        raise CodecError(f"action {kind!r}: {problem}")
    return structure(fields, cls, f"action {kind!r}")


def _limits(value: Any, field: str = "", depth: int = 0) -> str | None:
    """Why a value read from outside is too big (counts, numbers, texts, lists), or None."""
    if depth > MAX_DEPTH:
        return f"field {field!r}: nested too deeply"
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        top = MAX_COUNT if field in COUNTED else MAX_NUMBER
        return None if -top <= value <= top else f"field {field!r}: {value} is out of range (at most {top})"
    if isinstance(value, float):
        return f"field {field!r}: expected a whole number or text, got {_describe(value)}"
    if isinstance(value, str):
        return None if len(value) <= MAX_TEXT else f"field {field!r}: longer than {MAX_TEXT} characters"
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            return f"field {field!r}: more than {MAX_ITEMS} entries"
        return next((p for p in (_limits(v, field, depth + 1) for v in value) if p), None)
    if isinstance(value, dict):
        if len(value) > MAX_ITEMS:
            return f"field {field!r}: more than {MAX_ITEMS} entries"
        return next((p for p in (_limits(v, k, depth + 1) for k, v in value.items()) if p), None)
    return f"field {field!r}: not a JSON value"


def event_to_json(event: Event, board: Board, edition: Edition) -> dict[str, Any]:
    return {"event": event.kind, **converter.unstructure(event), "text": event.text(board, edition)}


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = converter.unstructure(state)
    return data


def structure(data: Any, cls: type[T], what: str) -> T:
    """`data` as a `cls`, or CodecError saying in one line what is wrong with `what`."""
    try:
        return converter.structure(data, cls)
    except (ClassValidationError, TypeError, ValueError, KeyError) as problem:
        raise CodecError(f"{what}: {_explain(problem)}") from None


def state_from_json(data: Any) -> GameState:
    return structure(data, GameState, "game state")


def ruleset_to_json(ruleset: Ruleset) -> dict[str, Any]:
    data: dict[str, Any] = converter.unstructure(ruleset)
    return data


def ruleset_from_json(data: Any) -> Ruleset:
    if isinstance(data, dict) and "revision" not in data:
        data = {**data, "revision": 0}  # stored before revisions: replay it as it was played
    return structure(data, Ruleset, "ruleset")


def dice_mode_to_json(mode: DiceMode) -> dict[str, Any]:
    data: dict[str, Any] = converter.unstructure(mode)
    return data


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
