"""Write the headless protocol's JSON Schemas from the code (`python -m axisallies_tui.schemas.build`).

Actions and events are attrs classes: their schemas come from the fields'
types, so a new event or a new field appears in the schema when this is run.
The envelope lines (greeting, status, pending, errors, query answers) are
written out here, next to the functions in headless.py that produce them.
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any

import attrs

from axisallies_tui.schemas import FOLDER, IN, OUT

DRAFT = "https://json-schema.org/draft/2020-12/schema"
IN_ID = "urn:axisallies-tui:headless-in"
OUT_ID = "urn:axisallies-tui:headless-out"
NULL = {"type": "null"}
TEXT = {"type": "string"}
WHOLE = {"type": "integer"}
TEXTS = {"type": "array", "items": TEXT}


def type_schema(kind: Any) -> dict[str, Any]:
    """The schema of a value of Python type `kind` as the codec writes it."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is Any:
        return {}
    if origin in (typing.Union, types.UnionType):
        options = [type_schema(arg) for arg in args]
        return {"anyOf": options}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": type_schema(args[0])}
        return {"type": "array", "prefixItems": [type_schema(a) for a in args],
                "minItems": len(args), "maxItems": len(args)}
    if origin is dict:
        return {"type": "object", "additionalProperties": type_schema(args[1])}
    simple = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null"}
    if kind in simple:
        return {"type": simple[kind]}
    if attrs.has(kind):
        return record_schema(kind, every_field_required=True)
    raise TypeError(f"no JSON Schema for the type {kind!r}")


def record_schema(cls: type, *, every_field_required: bool, tag: tuple[str, str] | None = None,
                  extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """An attrs class as a JSON object: `tag` is the ("action"/"event", kind) field,
    `extra` fields the line carries besides the class's own."""
    attrs.resolve_types(cls)
    properties: dict[str, Any] = {}
    required: list[str] = []
    if tag is not None:
        properties[tag[0]] = {"const": tag[1]}
        required.append(tag[0])
    for field in attrs.fields(cls):
        properties[field.name] = type_schema(field.type)
        if every_field_required or field.default is attrs.NOTHING:
            required.append(field.name)
    for name, extra_schema in (extra or {}).items():
        properties[name] = extra_schema
        required.append(name)
    schema: dict[str, Any] = {"type": "object", "properties": properties, "required": required,
                              "additionalProperties": False}
    if cls.__doc__ and tag is not None:
        schema["description"] = " ".join(cls.__doc__.split())
    return schema


def _every_kind() -> tuple[dict[str, type], dict[str, type]]:
    """Every action and event class this program has, house rules' included."""
    from axisallies_tui.engine import game  # noqa: F401  (registers the engine's actions)
    from axisallies_tui.engine.actions import ACTIONS
    from axisallies_tui.engine.events import Event
    from axisallies_tui.houserules import load_implementations

    for rule in load_implementations().values():
        for cls in rule.actions:
            ACTIONS.setdefault(cls.kind, cls)
    events: dict[str, type] = {}
    waiting = list(Event.__subclasses__())
    while waiting:
        event_cls = waiting.pop()
        waiting.extend(event_cls.__subclasses__())
        kind = vars(event_cls).get("kind")
        if kind is not None and attrs.has(event_cls):  # not the plain class attrs replaced by a slotted one
            events[kind] = event_cls
    return dict(sorted(ACTIONS.items())), dict(sorted(events.items()))


def _dispatch(tag: str, kinds: dict[str, str]) -> dict[str, Any]:
    """Lines tagged by `tag`: a known kind must match its definition; a kind this
    version does not know still needs the tag (a newer program may add kinds)."""
    schema: dict[str, Any] = {}
    for kind, ref in reversed(kinds.items()):
        schema = {"if": {"properties": {tag: {"const": kind}}}, "then": {"$ref": f"#/$defs/{ref}"}, "else": schema}
    return {"type": "object", "required": [tag], "properties": {tag: {"type": "string", "pattern": "^[a-z0-9_]+$"}},
            **schema}


def in_schema() -> dict[str, Any]:
    actions, _ = _every_kind()
    defs = {f"action_{kind}": record_schema(cls, every_field_required=False, tag=("action", kind))
            for kind, cls in actions.items()}
    defs["action"] = _dispatch("action", {kind: f"action_{kind}" for kind in actions})
    defs["query"] = {
        "type": "object", "required": ["query"], "additionalProperties": False,
        "properties": {"query": {"enum": ["state", "legal", "pending", "status", "preview"]},
                       "action": {"$ref": "#/$defs/action"}},
        "if": {"properties": {"query": {"const": "preview"}}}, "then": {"required": ["query", "action"]},
    }
    defs["dice"] = {"type": "object", "required": ["dice"], "additionalProperties": False,
                    "properties": {"dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}}}}
    defs["cancel"] = {"type": "object", "required": ["cancel"], "additionalProperties": False,
                      "properties": {"cancel": {"const": True}}}
    return {
        "$schema": DRAFT, "$id": IN_ID,
        "title": "A line a driver writes to `axisallies headless`",
        **_by_key(["query", "action", "dice", "cancel"]),
        "$defs": defs,
    }


def _object(properties: dict[str, Any], *, open_: bool = False) -> dict[str, Any]:
    """An object with exactly these fields (`open_`: more may follow in later versions)."""
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": open_}


def _line(key: str, body: dict[str, Any]) -> dict[str, Any]:
    return _object({key: body})


def _envelope_defs() -> dict[str, Any]:
    from axisallies_tui.protocol import ERROR_CODES

    maybe_text = {"type": ["string", "null"]}
    status = _object({"round": WHOLE, "power": TEXT, "phase": TEXT, "waiting_for": TEXT})
    pending = _object({"power": TEXT, "kind": TEXT, "prompt": TEXT, "options": TEXTS, "default": maybe_text},
                      open_=True)
    piece = _object({"id": WHOLE, "type": TEXT, "owner": TEXT, "moves_left": {"type": "integer", "minimum": 0},
                     "came_from": maybe_text, "aboard": {"type": ["integer", "null"]},
                     "cargo": {"type": "array", "items": WHOLE}, "damage": WHOLE}, open_=True)
    counts = {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": WHOLE}}
    space = _object({"owner": maybe_text, "original_owner": maybe_text, "units": counts,
                     "pieces": {"type": "array", "items": {"$ref": "#/$defs/piece"}}}, open_=True)
    power = _object({"ipcs": WHOLE, "income": WHOLE, "territories": WHOLE, "techs": TEXTS}, open_=True)
    battle = _object({"space": TEXT, "under_way": {"type": "boolean"}}, open_=True)
    outcome = {"anyOf": [NULL, _object({"winner": TEXT, "reason": TEXT}, open_=True)]}
    state = _object({
        "round": WHOLE, "power": TEXT, "phase": TEXT, "waiting_for": TEXT,
        "powers": {"type": "object", "additionalProperties": power},
        "unplaced": {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": WHOLE}},
        "spaces": {"type": "object", "additionalProperties": {"$ref": "#/$defs/space"}},
        "battles": {"type": "array", "items": battle}, "result": outcome,
    }, open_=True)
    odds = {"anyOf": [NULL, _object({"attacker_win": {"type": "number"}, "defender_win": {"type": "number"},
                                     "no_capture": {"type": "number"}, "method": TEXT,
                                     "margin": {"type": "number"}})]}
    pairs = {"type": "array", "items": {"type": "array", "prefixItems": [TEXT, WHOLE], "minItems": 2, "maxItems": 2}}
    preview = _object({
        "ok": {"type": "boolean"}, "problem": maybe_text, "path": TEXTS, "how": maybe_text, "moved": pairs,
        "fees": {"type": "array", "items": {"type": "array", "prefixItems": [WHOLE, TEXT]}},
        "anti_aircraft": TEXTS, "captures": TEXTS, "battle": maybe_text,
        "aircraft_at_risk": {"type": "boolean"}, "odds": odds,
    }, open_=True)
    error = {"type": "object", "required": ["error", "code", "line"], "additionalProperties": False,
             "properties": {"error": TEXT, "code": {"enum": list(ERROR_CODES)}, "line": WHOLE,
                            "fatal": {"const": True}}}
    hello = _object({"protocol": {"type": "integer", "minimum": 1}, "program": TEXT, "version": TEXT, "board": TEXT,
                     "house_rules": TEXTS, "dice": TEXT, "seed": maybe_text, "save": maybe_text}, open_=True)
    return {
        "hello": _line("hello", hello), "status": _line("status", status), "status_body": status,
        "pending": _line("pending", {"anyOf": [NULL, {"$ref": "#/$defs/pending_body"}]}), "pending_body": pending,
        "dice_needed": _line("dice_needed", _object({"count": {"type": "integer", "minimum": 1}, "purpose": TEXT})),
        "error": error,
        "result": _line("result", _object({"winner": TEXT, "reason": TEXT, "round": WHOLE})),
        "state": _line("state", state), "piece": piece, "space": space,
        "legal": _line("legal", {"type": "array", "items": {"$ref": IN_ID + "#/$defs/action"}}),
        "preview": _line("preview", preview),
    }


def out_schema() -> dict[str, Any]:
    _, events = _every_kind()
    defs = _envelope_defs()
    envelope = ["hello", "status", "pending", "dice_needed", "error", "result", "state", "legal", "preview"]
    for kind, cls in events.items():
        defs[f"event_{kind}"] = record_schema(cls, every_field_required=True, tag=("event", kind), extra={"text": TEXT})
    defs["event"] = _dispatch("event", {kind: f"event_{kind}" for kind in events})
    defs["event"]["properties"]["text"] = TEXT
    defs["event"]["required"].append("text")
    return {
        "$schema": DRAFT, "$id": OUT_ID,
        "title": "A line `axisallies headless` writes",
        **_by_key(["event", *envelope]),
        "$defs": defs,
    }


def _by_key(names: list[str]) -> dict[str, Any]:
    """A line is one of `names`, told by the first of them among its keys (the key
    names its definition); a line with none of them is invalid. Cheaper to check
    than a oneOf over the whole definitions."""
    schema: dict[str, Any] = {"not": {}}
    for name in reversed(names):
        schema = {"if": {"required": [name]}, "then": {"$ref": f"#/$defs/{name}"}, "else": schema}
    return {"type": "object", **schema}


def text(schema: dict[str, Any]) -> str:
    """A schema as the shipped file holds it."""
    return json.dumps(schema, indent=1, ensure_ascii=True) + "\n"


def main() -> None:
    for name, schema in ((IN, in_schema()), (OUT, out_schema())):
        (FOLDER / name).write_text(text(schema), encoding="utf-8")
        print(f"wrote {FOLDER / name}")


if __name__ == "__main__":
    main()
