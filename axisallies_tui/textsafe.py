"""Text that players or files supply, made harmless before it reaches a terminal.

Names, edit reasons, save names and imported games may hold escape sequences
or other control characters that a terminal would obey (move the cursor, set
the title, hide text). `harmless` shows each such character as a visible
`\\xNN`/`\\uNNNN` escape instead, so nothing is lost and nothing is obeyed.
"""

from __future__ import annotations

import unicodedata
from typing import Any

_KEEP = {"\n", "\t"}


def _visible(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _dangerous(char: str) -> bool:
    """C0/C1 controls, DEL, and invisible format characters (bidi overrides)."""
    return unicodedata.category(char) in ("Cc", "Cf") and char not in _KEEP


def harmless(text: Any, *, keep_newlines: bool = False) -> str:
    """`text` with every control character written out visibly (newlines and
    tabs too, unless `keep_newlines`)."""
    plain = str(text)
    if plain.isprintable():
        return plain
    return "".join(
        _visible(c) if _dangerous(c) or (not keep_newlines and c in _KEEP) else c for c in plain
    )


def harmless_data(data: Any) -> Any:
    """Every string inside a JSON-like value made harmless (keys too)."""
    if isinstance(data, str):
        return harmless(data)
    if isinstance(data, dict):
        return {harmless(k): harmless_data(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [harmless_data(v) for v in data]
    return data
