"""The help pane: base rules by phase and unit, then the house rules in force,
then every other house rule. Type a question in the search box: the sections
that answer it are listed best first (`axisallies_tui.rulesearch`), each with
its page, the rule ids it cites and the matched words highlighted."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from axisallies_tui.loaders.house import Catalogue
from axisallies_tui.tui.helptext import HelpPage, SearchHit, all_pages, index_for
from axisallies_tui.tui.widgets.common import TooSmall, breakpoint_classes
from axisallies_tui.tui.widgets.help_text import HelpText
from axisallies_tui.tui.widgets.key_footer import KeyFooter


class HelpScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "close", "Close help", id="help.close"),
        Binding("slash", "search", "Search", id="help.search", key_display="/"),
        Binding("f2", "focus_index", "Contents", id="help.index", key_display="F2"),
        Binding("f3", "focus_text", "Text", id="help.text", key_display="F3"),
    ]

    DEFAULT_CSS = """
    HelpScreen #help-body { height: 1fr; }
    HelpScreen #help-search { margin: 0 1; }
    HelpScreen #help-note { height: 1; margin: 0 1; color: $text-muted; }
    HelpScreen #help-main { height: 1fr; }
    HelpScreen #help-index { width: 30; height: 1fr; }
    HelpScreen #help-doc { width: 1fr; height: 1fr; }
    HelpScreen.-narrow #help-index { width: 24; }
    HelpScreen #help-main.-searching #help-index { width: 1fr; max-width: 60; }
    """
    """Its own rules (not in app.tcss): read when the screen is first shown, not before the first paint."""

    def __init__(self, catalogue: Catalogue, active: dict[str, dict[str, Any]],
                 page: str = "overview", heading: str = "") -> None:
        super().__init__()
        self.pages: list[HelpPage] = all_pages(catalogue, active)
        self.by_id = {p.id: p for p in self.pages}
        self.index = index_for(catalogue)
        self.active = set(active)
        self.start = (page if page in self.by_id else "overview", heading)
        self.current = ""
        self.heading = ""
        """The heading last opened ("" for a page's top)."""
        self.hits: list[SearchHit] = []

    def compose(self) -> ComposeResult:
        self.add_class(*breakpoint_classes(self))
        yield TooSmall()
        with Vertical(id="help-body"):
            yield Input(placeholder="Ask the rules (e.g. can my sub hit a plane?); Enter opens the best answer",
                        id="help-search", compact=True)
            yield Label("", id="help-note", markup=False)
            with Horizontal(id="help-main"):
                yield OptionList(id="help-index", markup=False)
                yield HelpText(id="help-doc")
        yield KeyFooter()

    async def on_mount(self) -> None:
        self.show_index()
        page, heading = self.start
        await self.open_page(page, heading)
        self.query_one("#help-doc", HelpText).focus()

    # -- the left-hand list ---------------------------------------------------------
    def show_index(self) -> None:
        index = self.query_one("#help-index", OptionList)
        index.clear_options()
        index.add_options(Option(shorten(page.title), id=f"page:{page.id}") for page in self.pages)
        if self.current:
            index.highlighted = [p.id for p in self.pages].index(self.current)

    def show_hits(self, query: str) -> None:
        index = self.query_one("#help-index", OptionList)
        index.clear_options()
        self.query_one("#help-main").add_class("-searching")
        self.hits = self.index.search(query, self.active)
        self.query_one("#help-note", Label).update(self.note(query))
        if not self.hits:
            index.add_option(Option(self.no_answer(query), disabled=True))
            return
        index.add_options(Option(hit_label(hit), id=f"hit:{number}") for number, hit in enumerate(self.hits))
        index.highlighted = 0

    def note(self, query: str) -> str:
        """One line above the results: how many, and how the question was read."""
        question = self.index.read(query)
        fixed = [f"{c.said} -> {c.corrected}" for c in question.concepts if c.corrected]
        count, total = len(self.hits), self.index.total
        text = f"{count} section{'s' if count != 1 else ''}" if count else ""
        if total > count:
            text = f"best {count} of {total} sections"
        if fixed:
            text += ("; " if text else "") + "read as " + ", ".join(fixed)
        if count:
            text += "; Enter opens the first"
        return text

    def no_answer(self, query: str) -> str:
        question = self.index.read(query)
        if not question.concepts and not question.ids:
            return "Ask with words that say what you want to know, such as 'transport infantry'."
        return (f"Nothing in the rules matches {query.strip()[:40]!r}. Try other words, or a rule id "
                "such as C-MOVE-1.")

    # -- the text ------------------------------------------------------------------
    async def open_page(self, page_id: str, heading: str = "") -> None:
        """Show a page, at `heading` if given: that heading at the top of the text."""
        self.current = page_id
        self.heading = heading
        self.query_one("#help-doc", HelpText).show(self.by_id[page_id].markdown, heading)

    # -- events --------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if event.value.strip():
            self.show_hits(event.value)
        else:
            self.hits = []
            self.query_one("#help-note", Label).update("")
            self.query_one("#help-main").remove_class("-searching")
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
        self.query_one("#help-doc", HelpText).focus()

    @property
    def text(self) -> str:
        """The page shown, as Markdown (tests read it)."""
        return self.by_id[self.current].markdown if self.current else ""



def shorten(title: str) -> str:
    return title if len(title) <= 44 else title[:41].rstrip() + "..."


STATUS_TAGS = {"on": "in force", "available": "house rule, off", "planned": "house rule, planned"}


def hit_label(hit: SearchHit) -> Text:
    """A result: its heading and page, the rule ids it cites, and the snippet with
    the matched words marked (bold and underlined, not by colour alone)."""
    label = Text()
    label.append(hit.heading or hit.page_title, style="bold")
    page = hit.page_title.removeprefix("House rules: ")
    if hit.heading and hit.heading != hit.page_title:
        label.append(f"  {page}", style="dim")
    if hit.status:
        label.append(f"  [{STATUS_TAGS[hit.status]}]", style="bold" if hit.status == "on" else "dim")
    if hit.ids:
        shown = ", ".join(hit.ids[:3]) + (f" +{len(hit.ids) - 3}" if len(hit.ids) > 3 else "")
        label.append(f"\n{shown}", style="dim")
    snippet = Text(f"\n{hit.snippet}")
    for start, end in hit.marks:
        snippet.stylize("bold underline", start + 1, end + 1)
    label.append_text(snippet)
    return label
