"""The help pane: base rules by phase and unit, then the house rules in force,
then every other house rule. Type in the search box to find a section."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, MarkdownViewer, OptionList
from textual.widgets.option_list import Option

from axisallies_tui.loaders.house import Catalogue
from axisallies_tui.tui.helptext import HelpPage, SearchHit, all_pages, search
from axisallies_tui.tui.widgets.common import TooSmall


class HelpScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "close", "Close help", id="help.close"),
        Binding("slash", "search", "Search", id="help.search", key_display="/"),
        Binding("f2", "focus_index", "Contents", id="help.index", key_display="F2"),
        Binding("f3", "focus_text", "Text", id="help.text", key_display="F3"),
    ]

    def __init__(self, catalogue: Catalogue, active: dict[str, dict[str, Any]],
                 page: str = "overview", heading: str = "") -> None:
        super().__init__()
        self.pages: list[HelpPage] = all_pages(catalogue, active)
        self.by_id = {p.id: p for p in self.pages}
        self.start = (page if page in self.by_id else "overview", heading)
        self.current = ""
        self.hits: list[SearchHit] = []

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="help-body"):
            yield Input(placeholder="Search the rules: type words, Enter to open the first match", id="help-search",
                        compact=True)
            with Horizontal(id="help-main"):
                yield OptionList(id="help-index", markup=False)
                yield MarkdownViewer(show_table_of_contents=False, open_links=False, id="help-doc")
        yield Footer()

    async def on_mount(self) -> None:
        self.show_index()
        page, heading = self.start
        await self.open_page(page, heading)
        self.query_one("#help-doc", MarkdownViewer).document.focus()

    # -- the left-hand list ---------------------------------------------------------
    def show_index(self) -> None:
        index = self.query_one("#help-index", OptionList)
        index.clear_options()
        for page in self.pages:
            title = page.title if len(page.title) <= 44 else page.title[:41].rstrip() + "..."
            index.add_option(Option(title, id=f"page:{page.id}"))
        if self.current:
            index.highlighted = [p.id for p in self.pages].index(self.current)

    def show_hits(self, query: str) -> None:
        index = self.query_one("#help-index", OptionList)
        index.clear_options()
        self.hits = search(self.pages, query)
        if not self.hits:
            index.add_option(Option(f"Nothing matches {query!r}.", disabled=True))
            return
        for number, hit in enumerate(self.hits):
            title = self.by_id[hit.page].title
            label = Text(f"{title} > {hit.heading}" if hit.heading and hit.heading != title else title, style="bold")
            label.append("\n" + hit.snippet, style="italic")
            index.add_option(Option(label, id=f"hit:{number}"))
        index.highlighted = 0

    # -- the text ------------------------------------------------------------------
    async def open_page(self, page_id: str, heading: str = "") -> None:
        viewer = self.query_one("#help-doc", MarkdownViewer)
        if page_id != self.current:
            self.current = page_id
            await viewer.document.update(self.by_id[page_id].markdown)
        if heading:
            self.call_after_refresh(self.scroll_to, heading)
        else:
            viewer.scroll_home(animate=False)

    def scroll_to(self, heading: str) -> bool:
        viewer = self.query_one("#help-doc", MarkdownViewer)
        document = viewer.document
        for _level, title, block_id in document.table_of_contents:
            if title.strip() == heading.strip() and block_id:
                block = document.query_one(f"#{block_id}")
                viewer.scroll_to_widget(block, top=True, animate=False)
                return True
        return False

    # -- events --------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if event.value.strip():
            self.show_hits(event.value)
        else:
            self.hits = []
            self.show_index()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.hits:
            hit = self.hits[0]
            await self.open_page(hit.page, hit.heading)
            self.query_one("#help-index", OptionList).focus()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        kind, _, value = option_id.partition(":")
        if kind == "page":
            await self.open_page(value)
        elif kind == "hit":
            hit = self.hits[int(value)]
            await self.open_page(hit.page, hit.heading)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_search(self) -> None:
        self.query_one("#help-search", Input).focus()

    def action_focus_index(self) -> None:
        self.query_one("#help-index", OptionList).focus()

    def action_focus_text(self) -> None:
        self.query_one("#help-doc", MarkdownViewer).document.focus()

    @property
    def text(self) -> str:
        """The page shown, as Markdown (tests read it)."""
        return self.by_id[self.current].markdown if self.current else ""

