"""Modal dialogs: confirm, hand over the keyboard, enter a name, pick from a
list, a space in full, the game's result. Each returns a typed result with
`dismiss`; Esc cancels."""

from __future__ import annotations

from typing import Sequence, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, OptionList, Static
from textual.widgets.option_list import Option

from axisallies_tui.tui.widgets.common import TooSmall

ResultType = TypeVar("ResultType")


class Dialog(ModalScreen[ResultType]):
    """A modal dialog that answers once. Keys typed quickly (`d d`, `Enter
    Enter`) reach the dialog again before it has closed; only the first
    answer counts, so its caller is never called twice."""

    DEFAULT_CSS = """
    Dialog.dialog { align: center middle; }
    Dialog .dialog-box {
        width: 64;
        max-width: 95%;
        height: auto;
        max-height: 90%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    Dialog .dialog-wide { width: 90; }
    Dialog .dialog-title { text-style: bold; height: 1; margin-bottom: 1; }
    Dialog .dialog-text { height: auto; margin-bottom: 1; }
    Dialog .dialog-strong { text-style: bold; }
    Dialog .dialog-keys { color: $text-muted; height: auto; }
    Dialog .dialog-buttons { height: auto; margin-bottom: 1; }
    Dialog .dialog-buttons Button { margin-right: 2; }
    Dialog .dialog-scroll { height: auto; max-height: 18; }
    Dialog #handover-report { max-height: 12; }
    Dialog.-short #handover-report { max-height: 6; }
    Dialog #final { height: auto; max-height: 8; margin-bottom: 1; }
    Dialog #standings-scroll { height: auto; max-height: 100%; }
    Dialog #standings { height: auto; }
    Dialog #standings-box { height: 90%; }
    """
    """Every dialog's look (read when the first dialog opens, not before the game screen's first paint)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.answered = False

    def dismiss(self, result: ResultType | None = None) -> AwaitComplete:
        if self.answered:
            # Textual leaves AwaitComplete.nothing unannotated.
            nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return nothing
        self.answered = True
        return super().dismiss(result)


class ConfirmDialog(Dialog[str | None]):
    """A question with a few answers, each with its own key."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel", id="dialog.cancel")]

    def __init__(self, question: str, choices: Sequence[tuple[str, str, str]], title: str = "") -> None:
        """`choices`: (key, label, value) for each answer; the value is returned."""
        super().__init__(classes="dialog")
        self.question = question
        self.choices = list(choices)
        self.title_text = title

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog-box"):
            if self.title_text:
                yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.question, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                for key, label, value in self.choices:
                    # plain text: "[y]" would be read as markup and vanish
                    yield Button(Content(f"{label} [{key}]"), id=f"choice-{value}", compact=True)
            yield Static("Esc cancels", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def on_key(self, event: events.Key) -> None:
        for choice_key, _label, value in self.choices:
            if event.key == choice_key:
                event.stop()
                self.dismiss(value)
                return

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        assert event.button.id is not None
        self.dismiss(event.button.id.removeprefix("choice-"))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class HandOverDialog(Dialog[None]):
    """The turn passes to another player: what happened, and who takes the keyboard."""

    BINDINGS = [Binding("enter,escape,space", "done", "Ready", id="handover.ready", key_display="Enter")]

    def __init__(self, report: Sequence[str], next_label: str, player: str) -> None:
        super().__init__(classes="dialog")
        self.report = list(report)
        self.next_label = next_label
        self.player = player

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog-box"):
            yield Static("Hand over the keyboard", classes="dialog-title")
            if self.report:
                with VerticalScroll(classes="dialog-scroll", id="handover-report"):
                    yield Static("\n".join(self.report), classes="dialog-text", markup=False)
            who = f"{self.player}, you play {self.next_label} now." if self.player else f"{self.next_label} plays now."
            yield Static(who, classes="dialog-text dialog-strong", markup=False)
            yield Static("Press Enter when ready.", classes="dialog-keys", markup=False)

    def action_done(self) -> None:
        self.dismiss(None)


class TextPrompt(Dialog[str | None]):
    BINDINGS = [Binding("escape", "dismiss_none", "Cancel", id="dialog.cancel")]

    def __init__(self, title: str, value: str = "", placeholder: str = "", note: str = "") -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.value = value
        self.placeholder = placeholder
        self.note = note

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog-box"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            if self.note:
                yield Static(self.note, classes="dialog-text", markup=False)
            yield Input(self.value, placeholder=self.placeholder, id="prompt-input")
            yield Static("Enter accepts, Esc cancels", classes="dialog-keys", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class PickDialog(Dialog[str | None]):
    BINDINGS = [Binding("escape", "dismiss_none", "Cancel", id="dialog.cancel")]

    def __init__(self, title: str, options: Sequence[tuple[str, str]], empty: str = "Nothing to choose.") -> None:
        """`options`: (id, label)."""
        super().__init__(classes="dialog")
        self.title_text = title
        self.options = list(options)
        self.empty = empty

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog-box"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            if self.options:
                yield OptionList(*[Option(label, id=key) for key, label in self.options], id="pick", markup=False)
            else:
                yield Static(self.empty, classes="dialog-text", markup=False)
            yield Static("Enter chooses, Esc cancels", classes="dialog-keys", markup=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class TextDialog(Dialog[None]):
    """Read-only text (a space in full on narrow screens)."""

    BINDINGS = [Binding("escape,enter,q", "done", "Close", id="dialog.close")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog-box"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-scroll"):
                yield Static(self.text, markup=False)
            yield Static("Enter or Esc closes", classes="dialog-keys", markup=False)

    def action_done(self) -> None:
        self.dismiss(None)


class ReadOnlyTable(DataTable[str], can_focus=False):
    """A table to read, not to move about in (keys go to the dialog)."""


class GameOverDialog(Dialog[None]):
    """Who won and how, with each power's final standing."""

    BINDINGS = [Binding("enter,escape", "done", "Close", id="gameover.close", key_display="Enter")]

    def __init__(self, headline: str, reason: str, rows: Sequence[tuple[str, ...]]) -> None:
        super().__init__(classes="dialog")
        self.headline = headline
        self.reason = reason
        self.rows = list(rows)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog-box dialog-wide"):
            yield Static("Game over", classes="dialog-title")
            yield Static(self.headline, classes="dialog-text dialog-strong", markup=False)
            yield Static(self.reason, classes="dialog-text", markup=False)
            yield ReadOnlyTable(id="final", cursor_type="none", show_cursor=False)
            yield Static("Enter closes; the board stays open to look at.", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        table = self.query_one("#final", DataTable)
        table.add_columns("Power", "Player", "IPCs", "Income", "Land", "Developments")
        for row in self.rows:
            table.add_row(*row)

    def action_done(self) -> None:
        self.dismiss(None)


def read_faces(text: str, count: int) -> tuple[list[int], str | None]:
    """Dice typed at the table: `3 5`, `3,5` or (one digit a die) `35`. Exactly
    `count` whole numbers from 1 to 6; otherwise the reason, in the engine's words."""
    from axisallies_tui.engine.dice import face_problem

    words = [w for w in text.replace(",", " ").split() if w]
    if len(words) == 1 and count > 1 and len(words[0]) == count and words[0].isdigit():
        words = list(words[0])
    faces: list[int] = []
    for word in words:
        try:
            face: object = int(word)
        except ValueError:
            face = word
        problem = face_problem(face)
        if problem:
            return [], problem
        faces.append(int(word))
    if len(faces) != count:
        wanted = "1 die" if count == 1 else f"{count} dice"
        return [], f"type {wanted}, not {len(faces)}"
    return faces, None


class DicePrompt(Dialog[list[int] | None]):
    """Table dice: roll `count` real dice for `purpose` and type the faces.
    Esc gives up the action (nothing changes)."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel the action", id="dice.cancel")]

    def help_location(self) -> tuple[str, str]:
        return "keys", "Table dice"  # F1 here opens this section

    def __init__(self, count: int, purpose: str, who: str = "") -> None:
        super().__init__(classes="dialog")
        self.count = count
        self.purpose = purpose
        self.who = who
        self.problem = ""

    def compose(self) -> ComposeResult:
        yield TooSmall()
        word = "die" if self.count == 1 else "dice"
        with Vertical(classes="dialog-box"):
            yield Static(f"Roll {self.count} {word}", classes="dialog-title", markup=False)
            who = f"{self.who}: " if self.who else ""
            what = "what it shows (1 to 6)" if self.count == 1 else "what they show (1 to 6, separated by spaces)"
            yield Static(f"{who}roll {self.count} real {word} for {self.purpose} and type {what}.",
                         classes="dialog-text", markup=False)
            example = " ".join(str(n) for n in (3, 5, 1, 6, 2, 4)[: min(self.count, 6)])
            yield Input(placeholder=f"for example {example}", id="dice-input")
            yield Static("", id="dice-problem", classes="dialog-text -problem", markup=False)
            yield Static("Enter accepts, Esc cancels the action", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#dice-problem").display = False
        self.query_one("#dice-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        faces, problem = read_faces(event.value, self.count)
        if problem:
            self.problem = problem
            box = self.query_one("#dice-problem", Static)
            box.update(f"Refused: {problem}")
            box.display = True
            self.query_one("#dice-input", Input).value = ""
            return
        self.dismiss(faces)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
