"""The help pane's text: one Line API widget that shows a Markdown page rendered
by Rich, wrapped at the widget's width.

Textual's Markdown widget mounts and styles a widget per paragraph, list item and
table cell, which took seconds on the long house-rule pages. Here a page is split
at its headings into sections; each section is rendered by Rich into lines
(`Strip`s) once per width and theme, and the lines are shown through
`render_line`. Of a long page, the section it is opened at and two screens after
it are rendered first; the rest follows in short slices between key presses, so
the page shows at once and never blocks the keyboard. Sections rendered above the
top of the view shift the scroll position with them: the view stays put."""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass
from typing import ClassVar

from markdown_it import MarkdownIt
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Heading, Markdown, MarkdownElement
from rich.segment import Segment
from rich.style import Style
from rich.theme import Theme
from textual import work
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

SLICE_SECONDS = 0.02
"""How long one slice of background rendering may hold the event loop."""

KEPT_WIDTHS = 3
"""For how many widths (and themes) the pages rendered are kept."""

WHOLE_PAGE_CHARS = 4000
"""A page this short is rendered at once (a few milliseconds), a longer one from
where it is opened, the rest in the background."""

Anchor = tuple[int, int]
"""A place in a page: (section, line within the section's block)."""

HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def heading_title(markdown: str) -> str:
    """A heading as it reads: no code ticks or emphasis marks."""
    return re.sub(r"[`*]", "", markdown).strip()


@dataclass(frozen=True)
class Section:
    """A heading and the Markdown under it, up to the next heading (level 0 and
    no title: the text before a page's first heading)."""

    level: int
    title: str
    source: str


def split_sections(markdown: str) -> list[Section]:
    """The page cut at its ATX headings (`#` ... `######`), fenced code left whole.
    Underlined (setext) headings are not used in the help and are not cut at."""
    sections: list[Section] = []
    level, title = 0, ""
    lines: list[str] = []
    fence = ""
    for line in markdown.splitlines():
        if fence:
            fence = "" if line.strip().startswith(fence) else fence
        elif (opened := FENCE.match(line)) is not None:
            fence = opened.group(1)[:3]
        elif (heading := HEADING.match(line)) is not None:
            if level or "".join(lines).strip():
                sections.append(Section(level, title, "\n".join(lines)))
            level, title, lines = len(heading.group(1)), heading_title(heading.group(2) or ""), []
        lines.append(line)
    if level or "".join(lines).strip():
        sections.append(Section(level, title, "\n".join(lines)))
    return sections


class LeftHeading(Heading):
    """A heading at the left edge (Rich centres a title), its style by level."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = self.text.copy()
        text.justify = "left"
        yield text


PARSER = MarkdownIt().enable("strikethrough").enable("table")
"""The parser Rich's Markdown would build for itself: building one took longer
than parsing a section."""


class HelpMarkdown(Markdown):
    """Rich's Markdown with headings at the left, parsed by the shared parser."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {**Markdown.elements, "heading_open": LeftHeading}

    def __init__(self, markup: str) -> None:  # what Markdown.__init__ sets, bar the parser
        self.markup = markup
        self.parsed = PARSER.parse(markup)
        self.code_theme = "monokai"
        self.justify = None
        self.style = "none"
        self.hyperlinks = False
        self.inline_code_lexer = None
        self.inline_code_theme = self.code_theme


STYLES = {
    "markdown.h1": "help-text--h1",
    "markdown.h2": "help-text--h2",
    **{f"markdown.h{level}": "help-text--h3" for level in range(3, 8)},
    "markdown.code": "help-text--code",
    "markdown.code_block": "help-text--code",
    "markdown.item.bullet": "help-text--bullet",
    "markdown.item.number": "help-text--bullet",
    "markdown.table.border": "help-text--table-border",
    "markdown.table.header": "help-text--table-header",
    "markdown.block_quote": "help-text--quote",
    "markdown.link": "help-text--link",
    "markdown.link_url": "help-text--link",
    "markdown.kbd": "help-text--code",
}
"""Rich's Markdown style names -> this widget's component classes (the theme's colours)."""

PLAIN_STYLES = ("markdown.list", "markdown.hr", "markdown.h1.border")
"""Rich styles with fixed colours that the help does not want coloured."""


class PageLines:
    """A page's sections rendered by Rich for one width and theme, in any order:
    a section's block is its lines, a blank line first but for the first's."""

    def __init__(self, sections: list[Section], width: int, theme_name: str, theme: Theme) -> None:
        self.sections = sections
        self.width = width
        self.theme_name = theme_name
        self.theme = theme
        self.blocks: list[list[Strip] | None] = [None] * len(sections)

    @property
    def missing(self) -> bool:
        return any(block is None for block in self.blocks)

    def next_missing(self, start: int) -> int | None:
        """The section to render next: from `start` down the page, then up from it."""
        order = [*range(start, len(self.blocks)), *range(start - 1, -1, -1)]
        return next((number for number in order if self.blocks[number] is None), None)

    def render(self, number: int, console: Console) -> list[Strip]:
        block = self.blocks[number]
        if block is None:
            options = console.options.update(width=self.width, height=None, highlight=False)
            with console.use_theme(self.theme):
                segments = console.render(HelpMarkdown(self.sections[number].source), options)
                block = [Strip(line) for line in Segment.split_lines(segments)]
            if number:
                block.insert(0, Strip.blank(0))
            self.blocks[number] = block
        return block

    def render_from(self, start: int, console: Console, lines: int) -> None:
        """Render section `start` and those after it until `lines` lines are."""
        for number in range(start, len(self.blocks)):
            lines -= len(self.render(number, console))
            if lines <= 0:
                return

    def render_for(self, start: int, console: Console, seconds: float) -> None:
        """Render the sections missing (nearest `start` first) for `seconds`."""
        began = time.perf_counter()
        while (number := self.next_missing(start)) is not None:
            self.render(number, console)
            if time.perf_counter() - began >= seconds:
                return


class HelpText(ScrollView, can_focus=True):
    """A help page: Markdown rendered by Rich, scrolled with the usual keys, with a
    table of contents (level, title, line) to open the page at a heading."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(STYLES.values())

    DEFAULT_CSS = """
    HelpText {
        background: $surface;
        color: $foreground;
        border: tall $border-blurred;
        padding: 0 1;
        overflow-x: hidden;
        scrollbar-gutter: stable;
        &:focus { border: tall $border; background-tint: $foreground 5%; }
        & > .help-text--h1 { color: $markdown-h1-color; text-style: bold underline; }
        & > .help-text--h2 { color: $markdown-h2-color; text-style: bold; }
        & > .help-text--h3 { color: $markdown-h3-color; text-style: bold italic; }
        & > .help-text--bullet { color: $text-primary; text-style: bold; }
        & > .help-text--table-border { color: $text-primary; }
        & > .help-text--table-header { text-style: bold; }
        & > .help-text--quote { text-style: italic; }
        & > .help-text--link { color: $text-primary; text-style: underline; }
        &:dark > .help-text--code { color: $text-warning; }
        &:light > .help-text--code { color: $text-error; }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id, classes=classes)
        self.markdown = ""
        self.sections: list[Section] = []
        self.page: PageLines | None = None
        self.lines: list[Strip] = []
        """The lines rendered so far, some perhaps wider than the widget (a test looks)."""
        self._tops: list[int | None] = []
        """Where each section's block starts in `lines` (None: not rendered yet)."""
        self._target: Anchor = (0, 0)
        """What to bring to the top once the page is rendered for the widget's width."""
        self._rendered: dict[tuple[int, str], dict[str, PageLines]] = {}
        """Pages rendered, by (width, theme) then Markdown, for the last few widths
        (searching narrows the text): going back to one is instant."""

    # -- what the screen calls -------------------------------------------------------
    def show(self, markdown: str, heading: str = "") -> bool:
        """Show the page `markdown` with `heading` at the top (the page's top for "").
        False when the page has no such heading (then it opens at its top)."""
        if markdown != self.markdown:
            self.markdown = markdown
            self.sections = split_sections(markdown)
        found = self.section_of(heading)
        self._target = (found, 1 if found else 0) if found is not None else (0, 0)
        self._present()
        return found is not None or not heading

    def section_of(self, heading: str) -> int | None:
        """The section with this heading (as the search or a phase names it)."""
        wanted = heading.strip()
        if not wanted:
            return None
        for number, section in enumerate(self.sections):
            if section.level and section.title in (wanted, heading_title(wanted)):
                return number
        return None

    @property
    def table_of_contents(self) -> list[tuple[int, str, int]]:
        """(level, title, line) of each heading rendered so far."""
        return [(section.level, section.title, top + (1 if number else 0))
                for number, (section, top) in enumerate(zip(self.sections, self._tops))
                if section.level and top is not None]

    @property
    def rendering(self) -> bool:
        """Whether sections of the page are still to be rendered (tests wait)."""
        return self.page is None or self.page.missing

    # -- rendering -------------------------------------------------------------------
    def _present(self) -> None:
        """Show the target: the page rendered for this width and theme from the
        target section on, a couple of screens now and the rest in the background."""
        width = self.scrollable_content_region.width
        if width <= 0 or not self.sections:
            self.page, self.lines, self._tops = None, [], []
            return  # not laid out yet: on_resize comes back here
        pages = self._pages_for((width, self.app.theme))
        page = pages.get(self.markdown)
        if page is None:
            page = pages[self.markdown] = PageLines(self.sections, width, self.app.theme, self._theme())
        self.page = page
        if len(self.markdown) <= WHOLE_PAGE_CHARS:
            page.render_for(0, self.app.console, seconds=float("inf"))
        else:
            page.render_from(self._target[0], self.app.console, 2 * max(self.scrollable_content_region.height, 1))
        self._join(keep_view=False)
        if page.missing:
            self._render_rest()

    def _pages_for(self, key: tuple[int, str]) -> dict[str, PageLines]:
        """The pages rendered for (width, theme), now the latest kept; the oldest
        beyond `KEPT_WIDTHS` are let go."""
        pages = self._rendered.pop(key, {})
        self._rendered[key] = pages
        while len(self._rendered) > KEPT_WIDTHS:
            del self._rendered[next(iter(self._rendered))]
        return pages

    @work(group="help-text", exclusive=True)
    async def _render_rest(self) -> None:
        """Render the page's other sections a slice at a time, letting keys and
        paints through between slices; show them when all are done (a new size
        costs a layout of the whole screen). Another page shown ends it."""
        page = self.page
        while page is not None and page.missing and page is self.page:
            await asyncio.sleep(0)
            if page is self.page:
                page.render_for(self._target[0], self.app.console, SLICE_SECONDS)
        if page is not None and page is self.page:
            self._join(keep_view=True)

    def _theme(self) -> Theme:
        styles: dict[str, Style] = {name: Style() for name in PLAIN_STYLES}
        for name, component in STYLES.items():
            styles[name] = self.get_component_rich_style(component, partial=True)
        return Theme(styles, inherit=True)

    def _join(self, keep_view: bool) -> None:
        """Line up the sections rendered; then keep the view where it is
        (`keep_view`: sections put in above it move it down with them), or bring
        the target to the top."""
        assert self.page is not None
        if keep_view:
            self._target = self._anchor_at_top()
        self.lines = []
        self._tops = []
        for block in self.page.blocks:
            self._tops.append(len(self.lines) if block is not None else None)
            self.lines.extend(block or [])
        section, offset = self._target
        top, block = self._tops[section], self.page.blocks[section]
        line = 0 if top is None or block is None else top + min(offset, len(block) - 1)
        self._set_size(line)
        self.scroll_to(y=line, animate=False, force=True)  # before the scrollbars know the new size
        self.refresh()

    def _anchor_at_top(self) -> Anchor:
        """The section and line shown on the view's first line."""
        top = round(self.scroll_y)
        found = self._target
        for number, start in enumerate(self._tops):
            if start is not None and start <= top:
                found = (number, top - start)
        return found

    def _set_size(self, top: int) -> None:
        """As many lines as rendered, and room below them for line `top` to be at
        the top of the view (a heading near the end of a page that it was opened at)."""
        region = self.scrollable_content_region
        size = Size(region.width, max(len(self.lines), top + region.height))
        if size != self.virtual_size:
            self.virtual_size = size  # the screen is laid out again

    # -- Textual ---------------------------------------------------------------------
    def on_resize(self, _event: Resize) -> None:
        if self.page is None or self.page.width != self.scrollable_content_region.width:
            self._rewrap()
        else:
            self._set_size(round(self.scroll_y))

    def _rewrap(self) -> None:
        """A new width (a resize, the search list narrowing the text): render for
        it with the line the reader is at kept at the top."""
        if self.page is not None:
            self._target = self._anchor_at_top()
        self._present()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self.page is not None:
            self.call_later(self._follow_theme)  # once the component styles have the new colours

    def _follow_theme(self) -> None:
        if self.page is not None and self.page.theme_name != self.app.theme:
            self._target = self._anchor_at_top()
            self._present()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if self.sections and (self.page is None or self.page.width != width):
            self._rewrap()  # just laid out: paint the text now, not a frame after the resize event
        scroll_x, scroll_y = self.scroll_offset
        number = y + scroll_y
        style = self.rich_style
        if 0 <= number < len(self.lines):
            return self.lines[number].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
        return Strip.blank(width, style)
