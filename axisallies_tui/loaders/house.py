"""Load the house-rule catalogue: `rules/house/*.toml`, one file per source document."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping

from attrs import field, frozen

from axisallies_tui.engine.model import OptionSpec, UnitType
from axisallies_tui.loaders.common import Fields, Problems, option_specs, read_toml
from axisallies_tui.loaders.edition import parse_units

AVAILABLE = "available"
PLANNED = "planned"
EDITIONS = {"classic", "revised", "anniversary", "global1940", "any"}
KINDS = {
    "rule change", "unit", "tech", "national advantage", "objective", "variant",
    "turn order", "economy", "setup",
}
RULE_KEYS = {
    "id", "title", "kind", "section", "editions", "status", "group", "bloc", "requires",
    "requires_one_of", "conflicts", "engine", "help", "params", "units", "options",
}


@frozen
class HouseDocument:
    seed: str
    file: str
    title: str
    editions: tuple[str, ...]
    summary: str
    path: str


@frozen
class HouseRuleSpec:
    id: str
    title: str
    kind: str
    section: str
    editions: tuple[str, ...]
    status: str
    help: str
    document: HouseDocument
    group: str | None = None
    bloc: str | None = None
    """Members of one group sharing a bloc are parts of one alternative, not rivals."""
    requires: tuple[str, ...] = ()
    requires_one_of: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()
    engine: tuple[str, ...] = ()
    params: tuple[OptionSpec, ...] = ()
    units: tuple[UnitType, ...] = ()
    """Unit types the rule adds (`[rules.units.<id>]`, the edition file's format)."""
    options: tuple[tuple[str, Any], ...] = ()
    """Base options the rule needs set while it is on (`[rules.options]`)."""

    @property
    def available(self) -> bool:
        return self.status == AVAILABLE

    def fits(self, edition: str) -> bool:
        return "any" in self.editions or edition in self.editions

    def param(self, name: str) -> OptionSpec | None:
        return next((p for p in self.params if p.name == name), None)


@frozen
class Catalogue:
    documents: tuple[HouseDocument, ...]
    rules: tuple[HouseRuleSpec, ...]
    by_id: Mapping[str, HouseRuleSpec] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "by_id", {rule.id: rule for rule in self.rules})

    def group_members(self, group: str) -> tuple[HouseRuleSpec, ...]:
        return tuple(rule for rule in self.rules if rule.group == group)

    def search(self, words: Iterable[str]) -> list[HouseRuleSpec]:
        """Rules whose id, title, section or help contain every word (any case)."""
        wanted = [w.lower() for w in words if w.strip()]
        found = []
        for rule in self.rules:
            text = " ".join((rule.id, rule.title, rule.section, rule.kind, rule.help, rule.group or "")).lower()
            if all(word in text for word in wanted):
                found.append(rule)
        return found


def load_house_file(path: Path) -> tuple[HouseDocument, list[HouseRuleSpec]]:
    data = read_toml(path)
    problems = Problems(path)
    top = Fields(problems, "", data, {"document", "rules"})
    head = Fields(problems, "[document]", data.get("document", {}), {"seed", "file", "title", "editions", "summary"})
    document = HouseDocument(
        seed=head.text("seed"),
        file=head.text("file"),
        title=head.text("title"),
        editions=head.strings("editions", required=True),
        summary=head.text("summary", ""),
        path=str(path),
    )
    specs = []
    for i, body in enumerate(top.get("rules", list, [])):
        rule_id = body.get("id") if isinstance(body, dict) else None
        entry = f"[[rules]] {rule_id}" if isinstance(rule_id, str) else f"[[rules]] #{i + 1}"
        f = Fields(problems, entry, body, RULE_KEYS)
        spec = HouseRuleSpec(
            id=f.text("id"),
            title=f.text("title"),
            kind=f.text("kind"),
            section=f.text("section"),
            editions=f.strings("editions", required=True),
            status=f.text("status"),
            help=f.text("help").strip(),
            document=document,
            group=f.get("group", str, None),
            bloc=f.get("bloc", str, None),
            requires=f.strings("requires"),
            requires_one_of=f.strings("requires_one_of"),
            conflicts=f.strings("conflicts"),
            engine=f.strings("engine"),
            params=option_specs(problems, f"{entry} params", f.get("params", dict, {})),
            units=parse_units(problems, f"{entry} units", f.get("units", dict, {})),
            options=tuple(sorted(f.get("options", dict, {}).items())),
        )
        if spec.status not in (AVAILABLE, PLANNED):
            problems.add(entry, f"status must be {AVAILABLE!r} or {PLANNED!r}, not {spec.status!r}")
        if spec.kind and spec.kind not in KINDS:
            problems.add(entry, f"kind {spec.kind!r} is not one of: {', '.join(sorted(KINDS))}")
        for edition in spec.editions:
            if edition not in EDITIONS:
                problems.add(entry, f"unknown edition {edition!r} (known: {', '.join(sorted(EDITIONS))})")
        if document.seed and not spec.id.startswith(f"s{document.seed}-"):
            problems.add(entry, f"ids in this file start with 's{document.seed}-'")
        if spec.bloc and not spec.group:
            problems.add(entry, "'bloc' only makes sense with a 'group'")
        if not spec.help:
            problems.add(entry, "help text is empty")
        specs.append(spec)
    problems.raise_if_any()
    return document, specs


def load_catalogue(paths: Iterable[Path]) -> Catalogue:
    """Load every house-rule file and check the references between them."""
    documents = []
    rules: list[HouseRuleSpec] = []
    origin: dict[str, str] = {}
    ordered = sorted(paths, key=lambda p: p.name)
    for path in ordered:
        document, specs = load_house_file(path)
        documents.append(document)
        for spec in specs:
            if spec.id in origin:
                problems = Problems(path)
                problems.add(f"[[rules]] {spec.id}", f"this id is already defined in {origin[spec.id]}")
                problems.raise_if_any()
            origin[spec.id] = str(path)
            rules.append(spec)
    known = set(origin)
    for spec in rules:
        problems = Problems(Path(spec.document.path))
        for key, targets in (("requires", spec.requires), ("requires_one_of", spec.requires_one_of), ("conflicts", spec.conflicts)):
            for target in targets:
                if target not in known:
                    problems.add(f"[[rules]] {spec.id}", f"{key} names {target!r}, which no house-rule file defines")
        problems.raise_if_any()
    return Catalogue(documents=tuple(documents), rules=tuple(rules))
