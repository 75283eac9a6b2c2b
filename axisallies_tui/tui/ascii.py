"""`--ascii`: nothing but ASCII reaches the terminal.

Textual's widgets draw with box-drawing lines, blocks, arrows and the odd
emoji. Rather than restyle every widget, the app's driver passes its output
through `to_ascii`, which swaps each such glyph for ASCII of the same width
(a wide emoji becomes two characters), so the layout is untouched. Escape
sequences are ASCII already and pass through as they are.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from rich.cells import cell_len

_LINES = {
    "-": "─━┄┅┈┉╌╍═╼╾╴╶╸╺▔▁⎯",
    "|": "│┃┆┇┊┋╎╏║╽╿╵╷╹╻▏▕▎▍▌▐▋▊▉",
    "+": "┌┍┎┏┐┑┒┓└┕┖┗┘┙┚┛├┝┞┟┠┡┢┣┤┥┦┧┨┩┪┫┬┭┮┯┰┱┲┳┴┵┶┷┸┹┺┻┼┽┾┿╀╁╂╃╄╅╆╇╈╉╊╋"
         "╒╓╔╕╖╗╘╙╚╛╜╝╞╟╠╡╢╣╤╥╦╧╨╩╪╫╬╭╮╯╰",
    "/": "╱",
    "\\": "╲",
    "X": "╳",
    "#": "█▇▆▅▄▃▀▓▒",
    ":": "░",
    "*": "●•◉◆◇★☆✱✶✚■▪",
    "o": "○◯□▫",
    ">": "▶▸►→⇒❯›»⏎",
    "<": "◀◂◄←⇐❮‹«",
    "^": "▲▴↑",
    "v": "▼▾↓",
    "x": "×✕✗✘",
    "~": "≈∼",
    ".": "·∙…",
    "'": "‘’′",
    '"': "“”″",
}
_SINGLE = {glyph: text for text, glyphs in _LINES.items() for glyph in glyphs}
_SINGLE.update({"\u00a0": " ", "✓": "v", "✔": "v", "–": "-", "—": "-", "−": "-", "🔎": "> "})


@lru_cache(maxsize=4096)
def ascii_char(char: str) -> str:
    """ASCII text for one character, as wide on screen as the character was."""
    if char in _SINGLE:
        return _SINGLE[char]
    if unicodedata.combining(char):
        return ""
    width = cell_len(char)
    if width == 0:
        return ""
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    if plain and cell_len(plain) == width:
        return plain
    return "?" * width if width <= 2 else "?"


def to_ascii(text: str) -> str:
    """`text` with every non-ASCII character replaced by ASCII of the same width."""
    if text.isascii():
        return text
    return "".join(c if c < "\x80" else ascii_char(c) for c in text)


def ascii_driver(base: type[Any]) -> type[Any]:
    """A subclass of the driver class `base` whose output is filtered by `to_ascii`."""

    class AsciiDriver(base):  # type: ignore[misc]
        def write(self, data: str) -> None:
            super().write(to_ascii(data))

    AsciiDriver.__name__ = f"Ascii{base.__name__}"
    return AsciiDriver
