"""The help pane's pages: the base rules in `rules/help/*.md`, then the house
rules in force in this game, then every other house rule from the catalogue,
one page per source document. Plain text and Markdown; no Textual here."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from attrs import frozen

from axisallies_tui import locations
from axisallies_tui.loaders.house import Catalogue, HouseRuleSpec

BASE_PAGES = (
    ("overview", "Overview"),
    ("turn", "Turn"),
    ("research", "Develop weapons"),
    ("purchase", "Purchase units"),
    ("movement", "Movement"),
    ("combat", "Combat"),
    ("placement", "Place new units"),
    ("income", "Collect income"),
    ("victory", "Victory"),
    ("units", "Units"),
    ("keys", "Using this program"),
)

PHASE_PAGES = {
    "research": ("research", ""),
    "purchase": ("purchase", ""),
    "combat_move": ("movement", "Combat move"),
    "conduct_combat": ("combat", ""),
    "noncombat_move": ("movement", "Non-combat move"),
    "place": ("placement", ""),
    "collect_income": ("income", ""),
}
"""Where help opens for each phase: (page id, heading or "" for the top)."""

ACTIVE_PAGE = "house-active"


@frozen
class HelpPage:
    id: str
    title: str
    markdown: str


@frozen
class SearchHit:
    page: str
    heading: str
    """The heading of the section that matched ("" for the page's top)."""
    snippet: str


def help_dir() -> Path:
    """Absolute: the Markdown widget resolves relative paths against the current document."""
    return (locations.builtin_root() / "rules" / "help").resolve()


@lru_cache(maxsize=None)
def base_pages() -> tuple[HelpPage, ...]:
    pages = []
    folder = help_dir()
    for page_id, title in BASE_PAGES:
        path = folder / f"{page_id}.md"
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            text = f"# {title}\n\n(The help file {path} is missing.)\n"
        pages.append(HelpPage(page_id, title, text))
    return tuple(pages)


def _param_line(param: Any, value: Any) -> str:
    return f"- `{param.name}` = {value!r} (default {param.default!r}): {param.help}"


def rule_markdown(rule: HouseRuleSpec, params: dict[str, Any] | None = None, level: int = 2) -> str:
    """One house rule as a Markdown section: title, id, status, relations, help, parameters."""
    hashes = "#" * level
    status = "available" if rule.available else "planned: cannot be switched on yet"
    lines = [f"{hashes} {rule.title}", "", f"`{rule.id}` ({status}); {rule.document.title}, {rule.section}."]
    if rule.group:
        lines.append(f"One of the alternatives in group `{rule.group}`.")
    if rule.requires:
        lines.append("Needs: " + ", ".join(f"`{r}`" for r in rule.requires) + ".")
    if rule.conflicts:
        lines.append("Cannot be combined with: " + ", ".join(f"`{r}`" for r in rule.conflicts) + ".")
    lines.extend(["", rule.help.strip(), ""])
    if rule.params:
        lines.append("Parameters:")
        lines.append("")
        values = params or {}
        for param in rule.params:
            lines.append(_param_line(param, values.get(param.name, param.default)))
        lines.append("")
    return "\n".join(lines)


def house_pages(catalogue: Catalogue, active: dict[str, dict[str, Any]]) -> list[HelpPage]:
    """The house rules in force (with their parameters), then the others by document."""
    pages = []
    if active:
        body = ["# House rules in this game", ""]
        for rule_id, params in active.items():
            rule = catalogue.by_id.get(rule_id)
            if rule is not None:
                body.append(rule_markdown(rule, params))
        pages.append(HelpPage(ACTIVE_PAGE, "House rules in this game", "\n".join(body)))
    else:
        pages.append(HelpPage(ACTIVE_PAGE, "House rules in this game",
                              "# House rules in this game\n\nNone: this game follows the base rules.\n"))
    for document in catalogue.documents:
        rules = [r for r in catalogue.rules if r.document is document and r.id not in active]
        if not rules:
            continue
        summary = " ".join(document.summary.split())
        body = [f"# {document.title}", "", f"Source `{document.file}`; rule ids start with `s{document.seed}-`.", ""]
        if summary:
            body.extend([summary, ""])
        body.extend(rule_markdown(rule) for rule in rules)
        pages.append(HelpPage(f"house-{document.seed}", f"House rules: {document.title}", "\n".join(body)))
    return pages


def all_pages(catalogue: Catalogue, active: dict[str, dict[str, Any]]) -> list[HelpPage]:
    return list(base_pages()) + house_pages(catalogue, active)


def sections(markdown: str) -> list[tuple[str, str]]:
    """(heading, text) for each section of a page; the page's first heading included."""
    found: list[tuple[str, list[str]]] = [("", [])]
    for line in markdown.splitlines():
        match = re.match(r"^(#{1,6})\s+(.*)$", line)
        if match:
            found.append((match.group(2).strip(), []))
        else:
            found[-1][1].append(line)
    return [(heading, "\n".join(body)) for heading, body in found if heading or "".join(body).strip()]


def search(pages: Iterable[HelpPage], query: str, limit: int = 60) -> list[SearchHit]:
    """Sections containing every word of `query` (any case). Best first: headings
    naming the words, then the base rules, then headings merely containing them,
    then the rest; page order within each."""
    words = [w.casefold() for w in query.split() if w.strip()]
    if not words:
        return []
    ranked: list[tuple[int, int, SearchHit]] = []
    base = {page_id for page_id, _title in BASE_PAGES}
    for page in pages:
        for heading, text in sections(page.markdown):
            haystack = f"{heading}\n{text}".casefold()
            if not all(word in haystack for word in words):
                continue
            heading_words = re.findall(r"[\w'-]+", heading.casefold())
            if all(word in heading_words for word in words):
                rank = 0
            elif page.id in base:
                rank = 1
            elif all(word in heading.casefold() for word in words):
                rank = 2
            else:
                rank = 3
            ranked.append((rank, len(ranked), SearchHit(page.id, heading, _snippet(text, words[0]))))
    return [hit for _rank, _order, hit in sorted(ranked, key=lambda r: r[:2])][:limit]


def _snippet(text: str, word: str, width: int = 70) -> str:
    flat = " ".join(text.split())
    at = flat.casefold().find(word)
    if at < 0:
        return flat[:width]
    start = max(0, at - width // 3)
    piece = flat[start:start + width]
    return ("..." if start else "") + piece + ("..." if start + width < len(flat) else "")


def rule_page_for(catalogue: Catalogue, rule_id: str, active: dict[str, Any]) -> str:
    """The page id that shows `rule_id`."""
    if rule_id in active:
        return ACTIVE_PAGE
    rule = catalogue.by_id.get(rule_id)
    return f"house-{rule.document.seed}" if rule else ACTIVE_PAGE
