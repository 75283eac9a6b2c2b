"""The board as tables: one tab per region of the map, one row per space.

Row keys are space ids. A new position updates only the cells that changed
(`update_cell`), never clears and refills, so moving about stays quick. A
region's table is built and filled when it is first shown: the game screen
opens with one or two of them.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import ContentSwitcher, DataTable, Static

from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.tui.info import space_row

COLUMNS = (("space", "Space"), ("own", "Own"), ("ipc", "IPC"), ("marks", "Marks"), ("units", "Units"))


def _cell(text: str) -> Text:
    """A cell as plain text: the table would read a string as markup (slower,
    and a bracket in a name would be taken for a style)."""
    return Text(text, no_wrap=True, end="")


class SpaceTable(DataTable[Text]):
    """One region's spaces. `p` places the panel's unit in the highlighted space;
    `m` moves units from it and `t` tries the units chosen to move there."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Details", id="board.details", key_display="Enter"),
        Binding("p", "place_here", "Place here", id="board.place"),
        Binding("m", "board_key('from')", "Move from", id="board.move_from"),
        Binding("t", "board_key('to')", "Move to", id="board.move_to"),
    ]

    def __init__(self, region: str, **kwargs: object) -> None:
        super().__init__(cursor_type="row", zebra_stripes=False, **kwargs)  # type: ignore[arg-type]
        self.region_id = region

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phase = getattr(self.screen, "phase", "")
        if action == "place_here":
            return True if phase == "place" else False
        if action == "board_key":
            return True if phase in ("combat_move", "noncombat_move") else False
        return True

    def action_board_key(self, what: str) -> None:
        for node in self.ancestors_with_self:
            if isinstance(node, RegionBoard):
                space = node.current_space()
                if space:
                    node.post_message(RegionBoard.MoveKey(space, what))
                return

    def action_place_here(self) -> None:
        board = self.ancestors_with_self
        for node in board:
            if isinstance(node, RegionBoard):
                space = node.current_space()
                if space:
                    node.post_message(RegionBoard.PlaceHere(space))
                return


class RegionBar(Static):
    """Which region is shown: every region with its number, the current one in
    brackets (and reverse video), or just the current one when space is short."""

    DEFAULT_CSS = """
    RegionBar { height: 1; width: 1fr; }
    """

    def __init__(self, names: list[str], **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self.names = names
        self.current = 0

    def set_current(self, index: int) -> None:
        self.current = index
        self.refresh()

    def on_resize(self) -> None:
        self.refresh()

    def render(self) -> Text:
        width = self.size.width or 80
        for abbreviate in (0, 3):
            bar = Text()
            for number, name in enumerate(self.names, start=1):
                if number > 1:
                    bar.append(" ")
                if number - 1 == self.current:
                    bar.append(f"[{number} {name}]", style="bold reverse")
                else:
                    bar.append(f"{number} {name[:abbreviate] if abbreviate else name}")
            if bar.cell_len <= width:
                return bar
        short = Text()
        short.append(f"[{self.current + 1} {self.names[self.current]}]", style="bold reverse")
        short.append(f" region {self.current + 1} of {len(self.names)}; 1-{len(self.names)} or [ ] to change")
        short.truncate(width)
        return short


PEEK_HEIGHT = 30
"""A board this tall shows the next region's table under the current one."""


class RegionBoard(Vertical):
    """One table per region, one shown at a time (two on a tall terminal: the
    next region below, to read). Digits 1 to 8 pick a region, `[` and `]`
    step through them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(n), f"region({n - 1})", f"Region {n}", show=False) for n in range(1, 10)],
        Binding("[", "step_region(-1)", "Prev region", show=False),
        Binding("]", "step_region(1)", "Next region", show=False),
    ]

    class SpaceHighlighted(Message):
        def __init__(self, space: str) -> None:
            super().__init__()
            self.space = space

    class SpaceChosen(Message):
        """Enter on a row: show the space in full."""

        def __init__(self, space: str) -> None:
            super().__init__()
            self.space = space

    class PlaceHere(Message):
        def __init__(self, space: str) -> None:
            super().__init__()
            self.space = space

    class MoveKey(Message):
        """`m` (what="from") or `t` (what="to") on a space."""

        def __init__(self, space: str, what: str) -> None:
            super().__init__()
            self.space = space
            self.what = what

    def __init__(self, rules: Rules, state: GameState, initial_space: str | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.rules = rules
        self.state = state
        self._cells: dict[str, tuple[str, ...]] = {}
        self._filled: set[str] = set()
        """Regions whose table has its rows (a table is filled when first shown)."""
        board = rules.board
        self.region_ids = [r.id for r in board.regions]
        self.rows: dict[str, list[str]] = {r: [] for r in self.region_ids}
        for space in sorted(board.spaces, key=lambda s: (s.is_sea, s.name)):
            self.rows.setdefault(space.region, []).append(space.id)
        if initial_space is not None and initial_space in board.space_by_id:
            self.initial_region = board.space(initial_space).region
        else:
            self.initial_region = self.region_ids[0]
        self.peek = False
        """The next region's table is shown (read only) under the current one."""

    def compose(self) -> ComposeResult:
        board = self.rules.board
        yield RegionBar([r.name for r in board.regions], id="region-bar")
        with ContentSwitcher(id="regions", initial=f"table-{self.initial_region}"):
            yield SpaceTable(self.initial_region, id=f"table-{self.initial_region}")

    def on_mount(self) -> None:
        self.query_one(RegionBar).set_current(self.region_ids.index(self.initial_region))
        self._fill(self.initial_region)

    def _fill(self, region: str) -> SpaceTable:
        """Give a region's table its columns and rows, from the current state, once
        (the table is made then, hidden, if it is not there yet)."""
        if region in self._filled:
            return self.query_one(f"#table-{region}", SpaceTable)
        switcher = self.query_one(ContentSwitcher)
        found = switcher.query_children(f"#table-{region}")
        table = found.first(SpaceTable) if found else SpaceTable(region, id=f"table-{region}")
        if not found:
            table.display = False
            switcher.mount(table)
        self._filled.add(region)
        board = self.rules.board
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        for space_id in self.rows[region]:
            cells = space_row(self.rules, self.state, board.space(space_id))
            self._cells[space_id] = cells
            table.add_row(*map(_cell, cells), key=space_id)
        return table

    # -- reading -------------------------------------------------------------------
    @property
    def active_region(self) -> str:
        active = self.query_one(ContentSwitcher).current or f"table-{self.region_ids[0]}"
        return active.removeprefix("table-")

    def _show_region(self, region: str) -> SpaceTable:
        table = self._fill(region)
        self.query_one(ContentSwitcher).current = f"table-{region}"
        self.query_one(RegionBar).set_current(self.region_ids.index(region))
        self._show_peek()
        return table

    def on_resize(self) -> None:
        peek = self.size.height >= PEEK_HEIGHT
        if peek != self.peek:
            self.peek = peek
            self._show_peek()

    def _show_peek(self) -> None:
        """On a tall board, the region after the current one is shown below it,
        to read; the keyboard stays in the current one (`]` makes it current)."""
        current = self.active_region
        index = self.region_ids.index(current)
        following = self.region_ids[(index + 1) % len(self.region_ids)] if self.peek else None
        if following is not None:
            below = self._fill(following)
            above = self.query_one(f"#table-{current}", SpaceTable)
            switcher = self.query_one(ContentSwitcher)
            if switcher.children.index(above) > switcher.children.index(below):  # made in another order
                switcher.move_child(above, before=below)
        for table in self.query(SpaceTable):
            if table.region_id == current:
                table.can_focus = True
                table.remove_class("-peek")
            elif table.region_id == following:
                table.can_focus = False
                table.add_class("-peek")
                table.border_title = f"{self.region_ids.index(following) + 1} {self.rules.board.regions[self.region_ids.index(following)].name} (] to go there)"
                table.display = True
            elif table.has_class("-peek"):
                table.remove_class("-peek")
                table.can_focus = True
                table.display = False

    def active_table(self) -> SpaceTable:
        return self.query_one(f"#table-{self.active_region}", SpaceTable)

    def current_space(self) -> str | None:
        table = self.active_table()
        rows = self.rows[table.region_id]
        if not rows:
            return None
        return rows[min(table.cursor_row, len(rows) - 1)]

    # -- changing ------------------------------------------------------------------
    def show_state(self, state: GameState) -> None:
        """Bring the filled tables up to date with `state`, touching only the cells
        that changed (tables not shown yet are filled from the state later)."""
        previous, self.state = self.state, state
        for space in self.rules.board.spaces:
            if space.region not in self._filled or state.spaces[space.index] is previous.spaces[space.index]:
                continue
            cells = space_row(self.rules, state, space)
            old = self._cells.get(space.id)
            if cells == old:
                continue
            table = self.query_one(f"#table-{space.region}", SpaceTable)
            for index, (key, _label) in enumerate(COLUMNS):
                if old is None or old[index] != cells[index]:
                    table.update_cell(space.id, key, _cell(cells[index]), update_width=True)
            self._cells[space.id] = cells

    def select_space(self, space_id: str, focus: bool = True) -> None:
        space = self.rules.board.space(space_id)
        table = self._show_region(space.region)
        table.move_cursor(row=self.rows[space.region].index(space_id), animate=False)
        if focus:
            table.focus()
        self.post_message(self.SpaceHighlighted(space_id))

    def action_region(self, index: int) -> None:
        if 0 <= index < len(self.region_ids):
            table = self._show_region(self.region_ids[index])
            table.focus()
            space = self.current_space()
            if space:
                self.post_message(self.SpaceHighlighted(space))

    def action_step_region(self, step: int) -> None:
        index = self.region_ids.index(self.active_region)
        self.action_region((index + step) % len(self.region_ids))

    def focus_table(self) -> None:
        self.active_table().focus()

    # -- events --------------------------------------------------------------------
    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if event.data_table.has_class("-peek"):
            return  # the region shown below, to read: the selected space stays where it is
        if event.row_key.value:
            self.post_message(self.SpaceHighlighted(event.row_key.value))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value:
            self.post_message(self.SpaceChosen(event.row_key.value))
