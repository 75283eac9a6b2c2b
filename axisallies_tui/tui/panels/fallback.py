"""Panels for a phase the interface has nothing special for, and for a game
that has ended."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from axisallies_tui.tui.info import phase_name
from axisallies_tui.tui.panels.base import PhasePanel, register_panel


@register_panel("@fallback")
class FallbackPanel(PhasePanel):
    """A phase this interface has no panel for: only ending it is offered."""

    can_focus = True

    def compose(self) -> ComposeResult:
        from axisallies_tui.engine.queries_ui import rule_actions

        rules, state = self.session.rules, self.session.state
        yield Static(phase_name(rules.edition, state.phase), classes="panel-title", markup=False)
        if rule_actions(rules, state):  # a phase a house rule adds: its actions are on x
            text = "Press x for what the house rules offer in this phase, e to end it."
        else:
            text = "Nothing to choose in this phase here. Press e to end it."
        yield Static(text, classes="panel-text", markup=False)


@register_panel("@over")
class GameOverPanel(PhasePanel):
    can_focus = True

    def compose(self) -> ComposeResult:
        result = self.session.state.result
        yield Static("Game over", classes="panel-title")
        if result is not None:
            who = "The game is drawn" if result.winner == "draw" else f"The {result.winner.capitalize()} win"
            text = f"{who} in round {result.round}: {result.reason}."
        else:
            text = ""
        yield Static(text, classes="panel-text", markup=False)
        yield Static("The board stays open to look at. q returns to the start screen.",
                     classes="panel-keys", markup=False)
