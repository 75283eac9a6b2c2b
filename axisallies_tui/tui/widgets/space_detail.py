"""The selected space in full: holder, value, units by power, neighbours."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.tui.info import space_detail


class SpaceDetail(VerticalScroll):
    DEFAULT_CSS = """
    SpaceDetail { height: 1fr; }
    SpaceDetail > Static { width: 1fr; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.space: str | None = None
        self.can_focus = True

    def compose(self) -> ComposeResult:
        yield Static("Highlight a space on the board to see it here.", id="detail-text", markup=False)

    def show(self, rules: Rules, state: GameState, space_id: str | None) -> None:
        self.space = space_id
        if space_id is None:
            return
        lines = space_detail(rules, state, rules.board.space(space_id))
        self.query_one("#detail-text", Static).update("\n".join(lines))
