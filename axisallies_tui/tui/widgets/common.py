"""Small pieces every screen uses."""

from __future__ import annotations

from typing import Any, Sequence

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

MIN_WIDTH = 60
MIN_HEIGHT = 18


def breakpoint_classes(screen: Any) -> list[str]:
    """The breakpoint classes (the screen's breakpoints, else the app's) that
    Textual gives `screen` on its first resize, after its first layout, for the
    terminal's size now. Given at construction, the screen is laid out and
    styled for its size once, not once more just before its first paint."""
    app = screen.app
    found = []
    for size, own, apps in ((app.size.width, screen.HORIZONTAL_BREAKPOINTS, app.HORIZONTAL_BREAKPOINTS),
                            (app.size.height, screen.VERTICAL_BREAKPOINTS, app.VERTICAL_BREAKPOINTS)):
        breakpoints = apps if own is None else own
        passed = [name for least, name in sorted(breakpoints or []) if size >= least]
        found.extend(passed[-1:])
    return found


class TooSmall(Static):
    """Shown instead of the screen's content when the terminal is too small
    (the app's breakpoints add `-tiny-w` / `-tiny-h` to every screen)."""

    def __init__(self) -> None:
        super().__init__(
            f"The terminal is too small for this game.\n"
            f"Please make it at least {MIN_WIDTH} columns by {MIN_HEIGHT} rows "
            f"(80 by 24 or more is best).\nCtrl+Q quits; the game is saved.",
            classes="too-small", markup=False,
        )


class CycleChoice(Static, can_focus=True):
    """One value out of a few, changed with Left/Right or Space: `< collect >`.
    (A drop-down would need a pop-up; this stays on one line.)"""

    BINDINGS = [
        Binding("right,space,enter", "step(1)", "Next choice", show=False),
        Binding("left", "step(-1)", "Previous choice", show=False),
    ]

    DEFAULT_CSS = """
    CycleChoice { width: auto; min-width: 12; height: 1; background: $boost; }
    CycleChoice:focus { text-style: bold reverse; }
    """

    class Changed(Message):
        def __init__(self, choice: "CycleChoice", value: str) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> "CycleChoice":
            return self.choice

    def __init__(self, choices: Sequence[tuple[str, str]], value: str, **kwargs: Any) -> None:
        """`choices`: (label, value) pairs."""
        super().__init__("", markup=False, **kwargs)
        self.choices = list(choices)
        values = [v for _, v in self.choices]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> str:
        return self.choices[self.index][1]

    @value.setter
    def value(self, new: str) -> None:
        values = [v for _, v in self.choices]
        if new in values:
            self.index = values.index(new)
            self.refresh(layout=True)

    def render(self) -> str:
        label = self.choices[self.index][0]
        return f"< {label} >" if len(self.choices) > 1 else label

    def action_step(self, step: int) -> None:
        if len(self.choices) > 1:
            self.index = (self.index + step) % len(self.choices)
            self.refresh(layout=True)  # the width follows the label
            self.post_message(self.Changed(self, self.value))
