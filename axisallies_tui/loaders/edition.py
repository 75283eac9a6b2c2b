"""Load `rules/<edition>.toml`: unit types, phases, developments, base options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from axisallies_tui.engine.dice import SIDES
from axisallies_tui.engine.model import (
    AIR,
    LAND,
    PHASE_KINDS,
    SEA,
    Edition,
    Tech,
    TechEffect,
    UnitType,
    VictoryCondition,
)
from axisallies_tui.engine.research import CLASSIC_CHART_ID, ClassicChart
from axisallies_tui.loaders.common import Fields, Problems, option_specs, read_toml

UNIT_KEYS = {
    "name", "aliases", "domain", "cost", "move", "attack", "defense", "transport_cost",
    "transport_capacity", "carrier_cost", "carrier_capacity", "hit_points", "combatant", "tags",
}


def load_edition(path: Path) -> Edition:
    data = read_toml(path)
    problems = Problems(path)
    top = Fields(problems, "", data,
                 {"edition", "research", "phase_names", "phase_kinds", "techs", "options", "units", "victory"})
    head = Fields(
        problems,
        "[edition]",
        data.get("edition", {}),
        {"id", "name", "sides", "phases", "neutral_entry_cost"},
    )
    phases = head.strings("phases", required=True)
    phase_kinds = {phase: phase for phase in phases}
    phase_kinds.update(top.get("phase_kinds", dict, {}))
    for phase in phases:
        if phase_kinds[phase] not in PHASE_KINDS:
            problems.add("[edition] phases", f"phase {phase!r} needs a kind in [phase_kinds] "
                         f"(kinds: {', '.join(PHASE_KINDS)})")
    phase_names = top.get("phase_names", dict, {})
    for phase in phases:
        if not isinstance(phase_names.get(phase), str):
            problems.add("[phase_names]", f"no display name for phase {phase!r}")

    techs = []
    for tech_id, body in top.get("techs", dict, {}).items():
        fields = Fields(problems, f"[techs.{tech_id}]", body, {"name", "help", "effects"})
        effects = tuple(_effect(problems, f"[techs.{tech_id}] effects #{n + 1}", raw)
                        for n, raw in enumerate(fields.get("effects", list, [])))
        techs.append(Tech(id=tech_id, name=fields.text("name"), help=fields.text("help", ""), effects=effects))
    research = _research(problems, top.get("research", dict, {}), {t.id for t in techs})

    units = parse_units(problems, "units", top.get("units", dict, {}))
    if not units:
        problems.add("[units]", "an edition needs at least one unit type")

    edition = Edition(
        id=head.text("id"),
        name=head.text("name"),
        sides=head.strings("sides", required=True),
        phases=phases,
        phase_names=dict(phase_names),
        research=research,
        neutral_entry_cost=head.number("neutral_entry_cost", 0),
        techs=tuple(techs),
        options=option_specs(problems, "[options]", top.get("options", dict, {})),
        unit_types=tuple(units),
        phase_kinds=phase_kinds,
        victory=_victory(problems, top.get("victory", list, []), head.strings("sides", required=True)),
    )
    if edition.id and path.stem != edition.id:
        problems.add("[edition] id", f"{edition.id!r} must match the file name {path.stem!r}")
    problems.raise_if_any()
    return edition


def _research(problems: Problems, table: dict[str, Any], tech_ids: set[str]) -> ClassicChart:
    """The `[research]` section: the scheme and its numbers."""
    fields = Fields(problems, "[research]", table, {"scheme", "die_cost", "success", "chart"})
    scheme = fields.text("scheme", CLASSIC_CHART_ID)
    if scheme != CLASSIC_CHART_ID:
        problems.add("[research] scheme", f"unknown scheme {scheme!r} (an edition may use {CLASSIC_CHART_ID!r}; "
                     "house rules bring others)")
    die_cost = fields.number("die_cost", minimum=1)
    success = fields.number("success", minimum=1)
    if success > SIDES:
        problems.add("[research] success", f"a die shows at most {SIDES}, not {success}")
    chart = fields.strings("chart", required=True)
    if not chart:
        problems.add("[research] chart", "the chart needs at least one development")
    for tech in chart:
        if tech not in tech_ids:
            problems.add("[research] chart", f"{tech!r} is not defined under [techs]")
    return ClassicChart(die_cost=die_cost, success=success, chart=chart)


def parse_units(problems: Problems, prefix: str, table: dict[str, Any]) -> tuple[UnitType, ...]:
    """Unit types from a TOML table (an edition's `[units]`, a house rule's
    `[rules.units]`), every problem reported under `[prefix.<id>]`."""
    units = []
    seen_names: dict[str, str] = {}
    for unit_id, body in table.items():
        entry = f"[{prefix}.{unit_id}]"
        f = Fields(problems, entry, body, UNIT_KEYS)
        domain = f.text("domain")
        if domain not in (LAND, SEA, AIR):
            problems.add(entry, f"domain must be land, sea or air, not {domain!r}")
        unit = UnitType(
            id=unit_id,
            name=f.text("name"),
            domain=domain,
            cost=f.number("cost"),
            move=f.number("move"),
            attack=f.number("attack"),
            defense=f.number("defense"),
            aliases=tuple(a.lower() for a in f.strings("aliases")),
            transport_cost=f.get("transport_cost", int, None),
            transport_capacity=f.number("transport_capacity", 0),
            carrier_cost=f.get("carrier_cost", int, None),
            carrier_capacity=f.number("carrier_capacity", 0),
            hit_points=f.number("hit_points", 1, minimum=1),
            combatant=f.flag("combatant", True),
            tags=frozenset(f.strings("tags")),
        )
        for name in (unit.id.replace("_", " "), unit.name.lower(), *unit.aliases):
            if name in seen_names and seen_names[name] != unit.id:
                problems.add(entry, f"the name {name!r} is also used by {seen_names[name]}")
            seen_names[name] = unit.id
        units.append(unit)
    return tuple(units)


def _effect(problems: Problems, entry: str, raw: Any) -> TechEffect:
    f = Fields(problems, entry, raw, {"units", "role", "value", "dice", "move", "cost"})
    role = f.get("role", str, None)
    if role not in (None, "attack", "defence"):
        problems.add(entry, f"role must be attack or defence, not {role!r}")
    units = f.strings("units", required=True)
    return TechEffect(units=units, role=role, value=f.get("value", int, None), dice=f.get("dice", int, None),
                      move=f.number("move", 0, minimum=None), cost=f.number("cost", 0, minimum=None))


def _victory(problems: Problems, table: list[Any], sides: tuple[str, ...]) -> tuple[VictoryCondition, ...]:
    conditions = []
    for n, raw in enumerate(table):
        entry = f"[[victory]] #{n + 1}"
        f = Fields(problems, entry, raw, {"side", "kind", "option", "enemy"})
        condition = VictoryCondition(side=f.text("side"), kind=f.text("kind"), option=f.text("option"),
                                     enemy=f.get("enemy", int, None))
        if condition.side not in sides:
            problems.add(entry, f"side must be one of {', '.join(sides)}, not {condition.side!r}")
        if condition.kind not in ("income", "capitals"):
            problems.add(entry, f"kind must be income or capitals, not {condition.kind!r}")
        conditions.append(condition)
    return tuple(conditions)
