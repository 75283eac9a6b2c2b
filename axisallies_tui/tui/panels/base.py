"""What every action panel shares, and the phase -> panel registry.

A panel shows what its phase allows and posts `Submit` with an engine action;
the game screen applies it (saved before shown) and calls `show_state` on the
panel with the new position. A panel never changes the game itself.
"""

from __future__ import annotations

from typing import Callable, ClassVar, Mapping

from textual.containers import Vertical
from textual.message import Message

from axisallies_tui.engine.actions import Action
from axisallies_tui.tui.session import GameSession


class PhasePanel(Vertical):
    """Base class. Subclasses compose their widgets and fill them in `show_state`."""

    DEFAULT_CSS = """
    PhasePanel { height: 1fr; }
    PhasePanel > .panel-title { text-style: bold; height: auto; }
    PhasePanel > .panel-text { height: auto; }
    PhasePanel > .panel-keys { height: auto; color: $text-muted; }
    """

    title: ClassVar[str] = ""

    class Submit(Message):
        """Please apply these actions, in order (one stored row each)."""

        def __init__(self, *actions: Action) -> None:
            super().__init__()
            self.actions = actions

    class ShowSpace(Message):
        """Show this space on the board (without taking the keyboard there)."""

        def __init__(self, space: str) -> None:
            super().__init__()
            self.space = space

    class Problem(Message):
        """Show this refusal in the status line (nothing was applied)."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(self, session: GameSession, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.session = session

    def on_mount(self) -> None:
        self.show_state()

    def show_state(self) -> None:
        """Redraw from `self.session.state`."""

    def focus_first(self) -> None:
        """Put the keyboard in the panel's main control."""
        self.focus()

    def end_phase_warning(self) -> str | None:
        """A question to ask before the phase ends (units would be lost...), or None."""
        return None

    def before_end_phase(self) -> list[Action]:
        """Actions to submit before ending the phase when the player agrees."""
        return []

    def place_in(self, space: str) -> None:
        """The board asked to place in `space` (only the placement panel does)."""
        self.post_message(self.Problem("units are placed in the place-new-units phase"))

    def move_from(self, space: str) -> None:
        """The board asked to move units from `space` (only the move panel does)."""
        self.post_message(self.Problem("units move in the combat move and non-combat move phases"))

    def move_to(self, space: str) -> None:
        """The board asked to move the chosen units to `space` (only the move panel does)."""
        self.post_message(self.Problem("units move in the combat move and non-combat move phases"))


PanelFactory = Callable[..., PhasePanel]
PANELS: dict[str, type[PhasePanel]] = {}
"""Phase id -> its panel. Phases without one get `FallbackPanel`; special keys:
"@decision" (any pending question), "@decision:<kind>" (one kind of question),
"@over" (the game has ended), "@fallback"."""


LAZY: dict[str, str] = {}
"""Registry key -> module that registers its panel, imported the first time the
panel is wanted (a game opens on one panel: start-up does not wait for the others)."""


def register_panel(*phases: str) -> Callable[[type[PhasePanel]], type[PhasePanel]]:
    def register(cls: type[PhasePanel]) -> type[PhasePanel]:
        for phase in phases:
            PANELS[phase] = cls
        return cls

    return register


def panel_for(phase: str, pending: bool | str = False, over: bool = False,
              panels: Mapping[str, type[PhasePanel]] | None = None) -> type[PhasePanel]:
    """The panel class for the current position: the game's result, a pending
    decision (`pending` = its kind: a panel registered as "@decision:<kind>",
    such as a casualty chooser, wins over the generic one), or the phase's own."""
    registry = PANELS if panels is None else panels
    if over:
        return _needed(registry, "@over")
    if pending:
        return _lookup(registry, f"@decision:{pending}") or _needed(registry, "@decision")
    return _lookup(registry, phase) or _needed(registry, "@fallback")


def _needed(registry: Mapping[str, type[PhasePanel]], key: str) -> type[PhasePanel]:
    found = _lookup(registry, key)
    if found is None:
        raise KeyError(key)
    return found


def _lookup(registry: Mapping[str, type[PhasePanel]], key: str) -> type[PhasePanel] | None:
    if key not in registry and key in LAZY and registry is PANELS:
        import importlib

        importlib.import_module(LAZY[key])
    return registry.get(key)
