"""A checkbox that shows its state without colour (its own module: Textual's
checkbox is loaded only by the screens that have one, not by the game screen)."""

from __future__ import annotations

from textual.widgets import Checkbox


class TickBox(Checkbox):
    """A checkbox whose mark is `X` when on and blank when off, so its state
    shows without colour (Textual's own draws an `X` in both states)."""

    # Textual types BUTTON_INNER as a plain writable str; a read-only property
    # in its place works (it is only read) but mypy cannot accept it.
    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - overrides the class constant
        return "X" if self.value else " "
