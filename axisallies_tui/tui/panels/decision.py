"""A question the engine is waiting on (a house rule's choice, later casualties
and retreats): the prompt and its answers."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from axisallies_tui.engine.actions import Answer
from axisallies_tui.engine.events import answer_text
from axisallies_tui.tui.info import power_label
from axisallies_tui.tui.panels.base import PhasePanel, register_panel


class AnswerList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Answer", id="decision.answer", key_display="Enter"),
    ]


@register_panel("@decision")
class DecisionPanel(PhasePanel):
    def compose(self) -> ComposeResult:
        pending = self.session.state.pending
        yield Static("A decision is needed", classes="panel-title")
        if pending is None:
            return
        who = power_label(self.session.rules.board, pending.power)
        yield Static(f"{who}: {pending.prompt}", classes="panel-text", markup=False)
        board = self.session.rules.board
        options = [Option(answer_text(board, choice) + (" (default)" if choice == pending.default else ""), id=choice)
                   for choice in pending.options]
        yield AnswerList(*options, id="answers", markup=False)

    def focus_first(self) -> None:
        answers = self.query("#answers")
        (answers.first() if answers else self).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Submit(Answer(choice=event.option.id)))
