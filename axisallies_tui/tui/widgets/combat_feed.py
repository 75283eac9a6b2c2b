"""The feed at the bottom of the game screen: every event's sentence, oldest
first, kept with the game (restored from the save on resume).

Only the last `SHOWN` lines are drawn (a 10,000-action game opens as fast as
a new one); lines wrap inside the box and are wrapped again when its width
changes; new lines scroll into view. `F4` puts the keyboard in the feed,
where Enter makes it tall (and back) and Esc returns to the action panel.
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterable

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import RichLog

from axisallies_tui.engine.events import Event
from axisallies_tui.engine.rules import Rules
from axisallies_tui.textsafe import harmless

MAX_LINES = 2000
"""Lines kept in memory (the saved game keeps them all)."""
SHOWN = 300
"""Lines drawn: older ones are a scroll away in the saved game's log, not here."""

# Kinds that open a turn or a phase: set off with a marker, not just a style.
_HEADINGS = {"turn_started": "== ", "round_ended": "== ", "game_won": "** "}
_MINOR = {"phase_started": "-- "}


class CombatFeed(RichLog):
    DEFAULT_CSS = """
    CombatFeed { height: 1fr; scrollbar-gutter: stable; overflow-x: hidden; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,f4", "toggle_size", "Taller/shorter", id="feed.size", key_display="Enter"),
        Binding("escape", "leave", "Back", id="feed.leave", key_display="Esc"),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_lines=SHOWN, wrap=True, markup=False, highlight=False, **kwargs)
        self.lines_written: list[str] = []
        """Plain text of every line written (tests and the benchmark read it)."""
        self.records: list[tuple[str, str, str | None]] = []
        """(kind, text, power) of the lines kept: to draw them again at another
        width, and for the hand-over summary."""
        self.hidden = 0
        """Lines of the game's history not drawn (older than the last `SHOWN`)."""
        self._drawn_width = 0

    @staticmethod
    def styled(kind: str, text: str) -> Text:
        prefix = _HEADINGS.get(kind) or _MINOR.get(kind) or ""
        text = harmless(text)  # names and edit reasons come from players and files
        line = Text(prefix + text)
        if kind in _HEADINGS:
            line.stylize("bold")
        elif kind in _MINOR:
            line.stylize("dim")
        return line

    def add_record(self, kind: str, text: str, power: str | None = None) -> None:
        """Write one event's sentence (player names stay plain text, never markup)."""
        line = self.styled(kind, text)
        self.lines_written.append(line.plain)
        self.records.append((kind, text, power))
        if len(self.records) > MAX_LINES:
            del self.records[: len(self.records) - MAX_LINES]
            del self.lines_written[: len(self.lines_written) - MAX_LINES]
        self.write(line)

    def add_history(self, records: Iterable[dict[str, Any]]) -> None:
        history = list(records)
        kept = history[-MAX_LINES:]
        self.records = [(str(r.get("event", "")), str(r.get("text", "")), r.get("power")) for r in kept]
        self.lines_written = [self.styled(kind, text).plain for kind, text, _ in self.records]
        self.hidden = len(history) - min(len(history), SHOWN)
        self.redraw()

    def add_events(self, rules: Rules, events: Iterable[Event]) -> None:
        for event in events:
            self.add_record(event.kind, event.text(rules.board, rules.edition), getattr(event, "power", None))

    def redraw(self) -> None:
        """Draw the last `SHOWN` lines again (at the current width), the newest in view."""
        self.clear()
        if self.hidden:
            self.write(Text(f"({self.hidden} earlier lines are kept in the saved game)", style="dim"))
        for kind, text, _power in self.records[-SHOWN:]:
            self.write(self.styled(kind, text))

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if self._size_known and self._drawn_width and width != self._drawn_width:
            self.redraw()  # wrapped again at the new width; scrolled to the newest line
        if width:
            self._drawn_width = width
        if not self.has_focus:  # the newest line stays in view unless the player is reading back
            self.call_after_refresh(self.scroll_end, animate=False)

    # -- keys ----------------------------------------------------------------------
    def action_toggle_size(self) -> None:
        self.screen.toggle_class("-feed-tall")
        self.call_after_refresh(self.scroll_end, animate=False)

    def action_leave(self) -> None:
        self.screen.remove_class("-feed-tall")
        focus_panel = getattr(self.screen, "action_focus_panel", None)
        if callable(focus_panel):
            focus_panel()
