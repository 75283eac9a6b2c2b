"""The feed at the bottom of the game screen: every event's sentence, oldest
first, kept with the game (restored from the save on resume)."""

from __future__ import annotations

from typing import Any, Iterable

from rich.text import Text
from textual.widgets import RichLog

from axisallies_tui.engine.events import Event
from axisallies_tui.engine.rules import Rules
from axisallies_tui.textsafe import harmless

MAX_LINES = 2000

# Kinds that open a turn or a phase: set off with a marker, not just a style.
_HEADINGS = {"turn_started": "== ", "round_ended": "== ", "game_won": "** "}
_MINOR = {"phase_started": "-- "}


class CombatFeed(RichLog):
    DEFAULT_CSS = """
    CombatFeed { height: 1fr; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_lines=MAX_LINES, wrap=True, markup=False, highlight=False, **kwargs)
        self.lines_written: list[str] = []
        """Plain text of every line written (tests and the benchmark read it)."""

    def add_record(self, kind: str, text: str) -> None:
        """Write one event's sentence (player names stay plain text, never markup)."""
        prefix = _HEADINGS.get(kind) or _MINOR.get(kind) or ""
        text = harmless(text)  # names and edit reasons come from players and files
        line = Text(prefix + text)
        if kind in _HEADINGS:
            line.stylize("bold")
        elif kind in _MINOR:
            line.stylize("dim")
        self.lines_written.append(prefix + text)
        if len(self.lines_written) > MAX_LINES:
            del self.lines_written[: len(self.lines_written) - MAX_LINES]
        self.write(line)

    def add_history(self, records: Iterable[dict[str, Any]]) -> None:
        for record in list(records)[-MAX_LINES:]:
            self.add_record(str(record.get("event", "")), str(record.get("text", "")))

    def add_events(self, rules: Rules, events: Iterable[Event]) -> None:
        for event in events:
            self.add_record(event.kind, event.text(rules.board, rules.edition))
