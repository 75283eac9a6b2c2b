"""The feed at the bottom of the game screen: every event's sentence, oldest
first, kept with the game (restored from the save on resume).

Drawing a line (wrapping it) is what costs, so a game opens with only its
newest lines drawn, enough to fill the tallest feed; scrolling to the top
draws older ones, up to the last `SHOWN` (a 10,000-action game opens as fast
as a new one); only the lines drawn first are read from the save before the
first paint, the rest of those kept right after it. Lines wrap inside the box and are wrapped again when its
width changes; new lines scroll into view. `F4` puts the keyboard in the
feed, where Enter makes it tall (and back) and Esc returns to the action panel.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable

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
"""Lines drawn at most: older ones are in the saved game's log, not here."""
FIRST_DRAWN = 40
"""Lines drawn when the feed opens (more if the terminal is taller)."""
MORE_DRAWN = 100
"""Lines added above each time the player scrolls to the top."""

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
        # min_width: RichLog wraps at 78 columns at the least, wider than the box at
        # 80 columns (padding and scrollbar), so the last letters went under the scrollbar
        super().__init__(max_lines=SHOWN + 1, wrap=True, markup=False, highlight=False, min_width=1, **kwargs)
        self.lines_written: list[str] = []
        """Plain text of every line written (tests and the benchmark read it)."""
        self.records: list[tuple[str, str, str | None]] = []
        """(kind, text, power) of the lines kept: to draw them again at another
        width, and for the hand-over summary."""
        self.total = 0
        """Lines in the game's whole history, kept here or not."""
        self.drawn = 0
        """How many of the newest records are drawn now."""
        self._drawn_width = 0
        self._rest: Callable[[], tuple[list[dict[str, Any]], int]] | None = None
        """Reads the newest `MAX_LINES` events, when only those drawn first were read."""

    @property
    def hidden(self) -> int:
        """Lines of the game's history never drawn here (older than the last `SHOWN`)."""
        return self.total - self._drawable()

    def _drawable(self) -> int:
        """Lines that may be drawn: the newest `SHOWN` of the history, read yet or not."""
        return min(self.total if self._rest is not None else len(self.records), SHOWN)

    @staticmethod
    def plain(kind: str, text: str) -> str:
        """The line as text: its marker, then the sentence (names and edit reasons
        come from players and files: made harmless)."""
        return (_HEADINGS.get(kind) or _MINOR.get(kind) or "") + harmless(text)

    @classmethod
    def styled(cls, kind: str, text: str) -> Text:
        line = Text(cls.plain(kind, text))
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
        self.total += 1
        self.drawn = min(self.drawn + 1, SHOWN)
        if len(self.records) > MAX_LINES:
            del self.records[: len(self.records) - MAX_LINES]
            del self.lines_written[: len(self.lines_written) - MAX_LINES]
        self.write(line)

    @staticmethod
    def record_of(event: dict[str, Any]) -> tuple[str, str, str | None]:
        """(kind, text, power) of a saved event."""
        return str(event.get("event", "")), str(event.get("text", "")), event.get("power")

    def first_drawn(self) -> int:
        """How many of the newest lines a feed opening now draws."""
        return max(FIRST_DRAWN, self.app.size.height)

    def add_history(self, records: Iterable[dict[str, Any]], total: int | None = None,
                    rest: Callable[[], tuple[list[dict[str, Any]], int]] | None = None) -> None:
        """Show a game's history in place of what is shown: `records` are its newest
        events (all of them unless `total` says how many the game has). `rest`, if
        given, reads the newest `MAX_LINES` (and the total) when they are wanted:
        `records` then need hold only the lines drawn first, and a long game's
        first paint does not wait for the others (see `complete_history`)."""
        self._set_history(records, total)
        self._rest = rest
        self.drawn = min(len(self.records), self.first_drawn())
        self.redraw()

    def _set_history(self, records: Iterable[dict[str, Any]], total: int | None) -> None:
        history = list(records)
        kept = history[-MAX_LINES:]
        self.records = [self.record_of(r) for r in kept]
        self.lines_written = [self.plain(kind, text) for kind, text, _ in self.records]
        self.total = max(total or 0, len(history))

    def complete_history(self) -> None:
        """Read the rest of the history kept here (the game screen asks once its
        first paint is out; the hand-over summary and scrolling up need it). The
        lines drawn stay as they are: they are the newest of it."""
        if self._rest is None:
            return
        rest, self._rest = self._rest, None
        self._set_history(*rest())

    def add_later(self, records: Iterable[dict[str, Any]]) -> None:
        """Add events played after those shown (a watched game)."""
        for record in records:
            self.add_record(*self.record_of(record))

    def add_events(self, rules: Rules, events: Iterable[Event]) -> None:
        for event in events:
            self.add_record(event.kind, event.text(rules.board, rules.edition), getattr(event, "power", None))

    def redraw(self, scroll_end: bool = True) -> None:
        """Draw the newest `drawn` lines again (at the current width)."""
        self.clear()
        earlier = self.total - self.drawn
        if self.drawn < self._drawable():
            self.write(Text(f"({earlier} earlier lines: scroll up to read more)", style="dim"),
                       scroll_end=scroll_end)
        elif earlier:
            self.write(Text(f"({earlier} earlier lines are kept in the saved game)", style="dim"),
                       scroll_end=scroll_end)
        for kind, text, _power in self.records[len(self.records) - self.drawn:]:
            self.write(self.styled(kind, text), scroll_end=scroll_end)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if new_value == 0 and old_value > 0:
            self.call_after_refresh(self.draw_more)  # once the scroll (an animation, maybe) is over

    def draw_more(self) -> None:
        """Scrolled to the top: draw older lines above, the view staying where it is."""
        more = self._drawable() - self.drawn
        if more <= 0 or not self._size_known or self.scroll_y != 0:
            return
        self.complete_history()
        before = len(self.lines)
        self.drawn += min(more, MORE_DRAWN)
        self.redraw(scroll_end=False)
        self.scroll_to(y=max(0, len(self.lines) - before), animate=False, immediate=True)

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
