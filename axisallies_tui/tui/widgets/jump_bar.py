"""Type-to-find: a box that lists the spaces whose names match what is typed;
Enter jumps to the first (or the highlighted) one. The box and its list are
built just after the game screen's first paint, which need not wait for them
(keys typed after `/` must find the box there: it is not built on the key)."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from axisallies_tui.engine.model import Board


def find_spaces(board: Board, text: str, limit: int = 30) -> list[str]:
    """Space ids matching `text`: names starting with it first, then containing it."""
    wanted = " ".join(text.casefold().replace("_", " ").split())
    if not wanted:
        return []
    starts, contains = [], []
    for space in sorted(board.spaces, key=lambda s: s.name):
        names = [space.name.casefold(), space.id.replace("_", " "), *(a.casefold() for a in space.aliases)]
        if any(n.startswith(wanted) for n in names):
            starts.append(space.id)
        elif any(wanted in n for n in names):
            contains.append(space.id)
    return (starts + contains)[:limit]


class JumpBar(Vertical):
    """Hidden until `/`; Esc closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="jump.close"),
        Binding("down", "next", "Next match", show=False),
        Binding("up", "previous", "Previous match", show=False),
    ]

    DEFAULT_CSS = """
    JumpBar { height: auto; max-height: 12; display: none; }
    JumpBar.-open { display: block; }
    JumpBar > OptionList { height: auto; max-height: 8; border: none; }
    """

    class Jump(Message):
        def __init__(self, space: str | None) -> None:
            super().__init__()
            self.space = space

    def __init__(self, board: Board, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.board = board

    BUILD_AFTER = 0.3
    """Seconds after the screen's mount to build the box and its list."""

    def on_mount(self) -> None:
        self.set_timer(self.BUILD_AFTER, self._build)

    async def _build(self) -> None:
        if not self.children:
            await self.mount(Input(placeholder="Find a space: type part of its name, Enter to jump (Esc closes)",
                                   id="jump-input", compact=True),
                             OptionList(id="jump-matches", markup=False))

    async def open(self) -> None:
        await self._build()  # there already, unless `/` came in the first moments
        self.add_class("-open")
        box = self.query_one("#jump-input", Input)
        box.value = ""
        self.query_one("#jump-matches", OptionList).clear_options()
        self.screen.set_focus(box)  # now, not after the keys already queued (a name typed fast or pasted)

    def action_close(self) -> None:
        self.remove_class("-open")
        self.post_message(self.Jump(None))

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        matches = self.query_one("#jump-matches", OptionList)
        matches.clear_options()
        found = find_spaces(self.board, event.value)
        matches.add_options([Option(self.board.space(s).name, id=s) for s in found])
        if found:
            matches.highlighted = 0

    def action_next(self) -> None:
        self.query_one("#jump-matches", OptionList).action_cursor_down()

    def action_previous(self) -> None:
        self.query_one("#jump-matches", OptionList).action_cursor_up()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        matches = self.query_one("#jump-matches", OptionList)
        if matches.option_count == 0:
            return
        index = matches.highlighted or 0
        option = matches.get_option_at_index(index)
        self.remove_class("-open")
        self.post_message(self.Jump(option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.remove_class("-open")
        self.post_message(self.Jump(event.option.id))
