"""The help pane's pages: the base rules in `rules/help/*.md`, then the house
rules in force in this game, then every other house rule from the catalogue,
one page per source document. Plain text and Markdown; no Textual here."""

from __future__ import annotations

from typing import Any

from axisallies_tui.loaders.house import Catalogue, HouseRuleSpec
from axisallies_tui.rulesearch import (  # re-exported: the pane's names for them
    ACTIVE_PAGE,
    BASE_PAGES,
    HelpPage,
    SearchHit,
    base_pages,
    help_dir,
    index_for,
    sections,
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

DECISION_PAGES = {
    "attacker_casualties": ("combat", "Casualties"),
    "defender_casualties": ("combat", "Casualties"),
    "sub_casualties": ("combat", "Submarines"),
    "bombard_casualties": ("movement", "Amphibious assaults"),
    "retreat": ("combat", "Retreat"),
}
"""Where help opens while a question waits for an answer (by the question's kind)."""


def help_location(phase: str, decision: str | None = None) -> tuple[str, str]:
    """The page and heading about the step the player is at: the question waiting
    (casualties, retreat), else the phase."""
    if decision:
        if decision in DECISION_PAGES:
            return DECISION_PAGES[decision]
        if decision.endswith("casualties"):  # a kind a house rule adds
            return DECISION_PAGES["defender_casualties"]
    return PHASE_PAGES.get(phase, ("turn", ""))


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


def rule_page_for(catalogue: Catalogue, rule_id: str, active: dict[str, Any]) -> str:
    """The page id that shows `rule_id`."""
    if rule_id in active:
        return ACTIVE_PAGE
    rule = catalogue.by_id.get(rule_id)
    return f"house-{rule.document.seed}" if rule else ACTIVE_PAGE


__all__ = ["ACTIVE_PAGE", "BASE_PAGES", "DECISION_PAGES", "PHASE_PAGES", "HelpPage", "SearchHit", "all_pages",
           "base_pages", "help_dir", "help_location", "house_pages", "index_for", "rule_markdown", "rule_page_for",
           "sections"]
