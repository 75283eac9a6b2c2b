"""The line at the top of the game screen: whose turn and what they hold, and
below it the last refusal or note (refusals start with "Refused:", so they do
not depend on colour)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static


class StatusLine(Vertical):
    DEFAULT_CSS = """
    StatusLine { height: auto; }
    StatusLine > #status-text { height: 1; text-style: bold; }
    StatusLine > #status-message { height: 1; color: $text-muted; }
    StatusLine.-problem > #status-message { color: $text-error; text-style: bold; height: auto; max-height: 3; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.problem = ""
        """The last refusal shown, for tests and screen readers of the log."""
        self.note = ""

    def compose(self) -> ComposeResult:
        yield Static("", id="status-text", markup=False)
        yield Static("", id="status-message", markup=False)

    def show_status(self, text: str) -> None:
        self.query_one("#status-text", Static).update(text)

    def show_problem(self, reason: str) -> None:
        self.problem = reason
        self.note = ""
        self.add_class("-problem")
        self.query_one("#status-message", Static).update(f"Refused: {reason}")

    def show_note(self, text: str) -> None:
        self.note = text
        self.problem = ""
        self.remove_class("-problem")
        self.query_one("#status-message", Static).update(text)
