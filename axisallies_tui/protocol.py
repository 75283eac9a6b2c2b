"""The headless protocol's envelope: its version, the error codes, and the one
way a line is written (docs/headless.md is the contract; headless.py plays it)."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

PROTOCOL = 1
"""The headless protocol's version, in the greeting. Raised only when a change
could break a driver (a field renamed or removed, a meaning changed); added
fields, events, error codes and decisions keep it."""

BAD_JSON = "bad_json"
LINE_TOO_LONG = "line_too_long"
BAD_REQUEST = "bad_request"
UNKNOWN_ACTION = "unknown_action"
BAD_FIELD = "bad_field"
UNKNOWN_QUERY = "unknown_query"
NO_DICE_NEEDED = "no_dice_needed"
BAD_DICE = "bad_dice"
ILLEGAL_ACTION = "illegal_action"
ILLEGAL_MOVE = "illegal_move"
DECISION_PENDING = "decision_pending"
GAME_OVER = "game_over"
NOT_YOUR_TURN = "not_your_turn"
DICE_EXHAUSTED = "dice_exhausted"
SAVE_FAILED = "save_failed"

ERROR_CODES = (BAD_JSON, LINE_TOO_LONG, BAD_REQUEST, UNKNOWN_ACTION, BAD_FIELD, UNKNOWN_QUERY, NO_DICE_NEEDED,
               BAD_DICE, ILLEGAL_ACTION, ILLEGAL_MOVE, DECISION_PENDING, GAME_OVER, NOT_YOUR_TURN, DICE_EXHAUSTED, SAVE_FAILED)
"""Every code an error line may carry (docs/headless.md says what each means)."""
FATAL = (DICE_EXHAUSTED, SAVE_FAILED)
"""Codes after which the session ends."""


def error(code: str, message: str, line: int) -> dict[str, Any]:
    """An error line. `error` stays the message (drivers read it as text since the
    first version); `code` is the stable word to branch on."""
    assert code in ERROR_CODES, code
    return {"error": message, "code": code, "line": line, **({"fatal": True} if code in FATAL else {})}


_ESCAPED = ("Cc", "Cf", "Cs", "Zl", "Zp")
"""Characters a terminal may obey or a line reader may split on: C0 and C1 controls,
DEL, invisible format characters (bidi overrides), lone surrogates, and the
Unicode line and paragraph separators (see textsafe)."""


def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def json_line(message: Any) -> str:
    """`message` as one line of JSON (newline included) that a terminal shows as
    it is: every control character is written as a JSON `\\uXXXX` escape, so
    the text a driver decodes is unchanged and nothing raw reaches the screen."""
    text = json.dumps(message, ensure_ascii=False)
    if not text.isprintable():
        text = "".join(_escape(c) if unicodedata.category(c) in _ESCAPED else c for c in text)
    return text + "\n"
