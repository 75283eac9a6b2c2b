"""Load and check `maps/<board>.toml` (see the file's own comments for the format)."""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from axisallies_tui.engine.model import (
    AIR,
    LAND,
    SEA,
    Board,
    Canal,
    Edition,
    Power,
    Region,
    Space,
    StartingUnits,
    Strait,
)
from axisallies_tui.loaders.common import Fields, Problems, read_toml

SPACE_KEYS = {
    "name", "kind", "ipc", "original_owner", "region", "capital", "original_factory",
    "neutral", "island", "aliases", "neighbours", "units",
}


def load_board(path: Path, editions: Mapping[str, Edition]) -> Board:
    """Read a board file and check it completely; raise one DataError naming every
    problem's place. `editions` maps edition ids to loaded editions (for unit names)."""
    raw = path.read_bytes() if path.exists() else b""
    data = read_toml(path)
    problems = Problems(path)
    top = Fields(problems, "", data, {"board", "regions", "powers", "spaces", "canals", "straits"})
    head = Fields(problems, "[board]", data.get("board", {}), {"id", "name", "edition", "description"})
    edition_id = head.text("edition")
    edition = editions.get(edition_id)
    if edition_id and edition is None:
        problems.add("[board] edition", f"unknown edition {edition_id!r} (have: {', '.join(sorted(editions))})")
    regions = []
    for i, body in enumerate(top.get("regions", list, [])):
        fields = Fields(problems, f"[[regions]] #{i + 1}", body, {"id", "name"})
        regions.append(Region(id=fields.text("id"), name=fields.text("name")))
    space_table = top.get("spaces", dict, {})
    powers = _powers(problems, top.get("powers", dict, {}), edition, space_table)
    spaces: list[Space] = []
    starting: list[StartingUnits] = []
    for index, (space_id, body) in enumerate(space_table.items()):
        f = Fields(problems, f"[spaces.{space_id}]", body, SPACE_KEYS)
        spaces.append(_space(problems, f, space_id, index, {r.id for r in regions}, powers))
        starting.extend(_starting_units(problems, f, spaces[-1], edition, {p.id for p in powers}))
    _check_geography(problems, spaces, powers)
    by_id = {s.id: s for s in spaces}
    canals = [_canal(problems, canal_id, body, by_id) for canal_id, body in top.get("canals", dict, {}).items()]
    straits = [_strait(problems, strait_id, body, by_id) for strait_id, body in top.get("straits", dict, {}).items()]
    problems.raise_if_any()
    return Board(
        id=head.text("id"),
        name=head.text("name"),
        edition=edition_id,
        description=head.text("description", ""),
        regions=tuple(regions),
        powers=tuple(powers),
        spaces=tuple(spaces),
        canals=tuple(canals),
        starting_units=tuple(starting),
        digest=hashlib.sha256(raw).hexdigest(),
        straits=tuple(straits),
    )


POWER_KEYS = {"name", "short", "aliases", "side", "capital", "starting_ipcs", "colour", "takes_turns", "played_by"}


def _powers(problems: Problems, table: dict[str, Any], edition: Edition | None,
            space_table: dict[str, Any]) -> list[Power]:
    powers = []
    for power_id, body in table.items():
        entry = f"[powers.{power_id}]"
        f = Fields(problems, entry, body, POWER_KEYS)
        power = Power(
            id=power_id,
            name=f.text("name"),
            short=f.text("short"),
            side=f.text("side"),
            capital=f.text("capital"),
            starting_ipcs=f.number("starting_ipcs"),
            colour=f.text("colour"),
            aliases=f.strings("aliases"),
            takes_turns=f.flag("takes_turns", True),
            played_by=f.get("played_by", str, None),
        )
        if edition and power.side not in edition.sides:
            problems.add(entry, f"side must be one of {', '.join(edition.sides)}, not {power.side!r}")
        if power.capital not in space_table:
            problems.add(entry, f"capital {power.capital!r} is not a space on this board")
        if power.played_by is not None and power.played_by not in table:
            problems.add(entry, f"played_by {power.played_by!r} is not a power")
        powers.append(power)
    return powers


def _space(problems: Problems, f: Fields, space_id: str, index: int, region_ids: set[str],
           powers: list[Power]) -> Space:
    entry = f"[spaces.{space_id}]"
    power_ids = {p.id for p in powers}
    kind = f.text("kind")
    land = kind == LAND
    if kind not in (LAND, SEA):
        problems.add(entry, f"kind must be land or sea, not {kind!r}")
    region = f.text("region")
    if region not in region_ids:
        problems.add(entry, f"region {region!r} is not listed under [[regions]]")
    neutral = f.flag("neutral")
    owner = f.get("original_owner", str, None)
    capital = f.get("capital", str, None)
    ipc = f.number("ipc") if land else f.number("ipc", 0)
    if not land:
        for key in ("ipc", "original_owner", "capital", "original_factory", "neutral", "island"):
            if key in f.table:
                problems.add(entry, f"a sea zone has no {key!r}")
    elif neutral and owner is not None:
        problems.add(entry, "a neutral territory has no original owner")
    elif not neutral and owner is None:
        problems.add(entry, "a land territory needs an original_owner (or neutral = true)")
    if owner is not None and owner not in power_ids:
        problems.add(entry, f"original_owner {owner!r} is not a power")
    if capital is not None and (capital not in power_ids or _capital_of(powers, capital) != space_id):
        problems.add(entry, f"capital {capital!r} does not match the capital named in [powers.{capital}]")
    return Space(
        id=space_id, name=f.text("name"), kind=kind, region=region, neighbours=f.strings("neighbours", required=True),
        index=index, ipc=ipc, original_owner=owner, capital_of=capital, original_factory=f.flag("original_factory"),
        neutral=neutral, island=f.flag("island"), aliases=f.strings("aliases"),
    )


def _starting_units(problems: Problems, f: Fields, space: Space, edition: Edition | None,
                    power_ids: set[str]) -> list[StartingUnits]:
    starting = []
    for power_id, counts in f.get("units", dict, {}).items():
        where = f"[spaces.{space.id}] units.{power_id}"
        if power_id not in power_ids:
            problems.add(where, f"{power_id!r} is not a power")
        if not isinstance(counts, dict):
            problems.add(where, "must be a table of unit type = count")
            continue
        for unit_id, count in counts.items():
            unit = edition.unit_by_id.get(unit_id) if edition else None
            if edition and unit is None:
                problems.add(where, f"unknown unit type {unit_id!r}")
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                problems.add(where, f"{unit_id} count must be a whole number of at least 1")
                continue
            if unit and space.is_land and unit.domain == SEA:
                problems.add(where, f"{unit_id} is a sea unit on land")
            if unit and space.is_sea and unit.domain == LAND:
                problems.add(where, f"{unit_id} is a land unit at sea")
            if unit and space.is_sea and unit.domain == AIR and not unit.carrier_cost:
                problems.add(where, f"{unit_id} cannot start at sea (it cannot land on a carrier)")
            starting.append(StartingUnits(space=space.id, power=power_id, unit=unit_id, count=count))
    return starting


def _two_seas(problems: Problems, entry: str, seas: tuple[str, ...], by_id: dict[str, Space]) -> tuple[str, str]:
    if len(seas) != 2 or any(by_id.get(s) is None or not by_id[s].is_sea for s in seas):
        problems.add(entry, "seas must name exactly two sea zones of this board")
        return ("", "")
    return (seas[0], seas[1])


def _canal(problems: Problems, canal_id: str, body: Any, by_id: dict[str, Space]) -> Canal:
    entry = f"[canals.{canal_id}]"
    f = Fields(problems, entry, body, {"name", "seas", "land"})
    seas = _two_seas(problems, entry, f.strings("seas", required=True), by_id)
    land_ids = f.strings("land", required=True)
    if not land_ids or any(by_id.get(s) is None or not by_id[s].is_land for s in land_ids):
        problems.add(entry, "land must name the land territories that control the canal")
    return Canal(id=canal_id, name=f.text("name"), seas=seas, land=land_ids)


def _strait(problems: Problems, strait_id: str, body: Any, by_id: dict[str, Space]) -> Strait:
    entry = f"[straits.{strait_id}]"
    f = Fields(problems, entry, body, {"name", "seas", "land", "neutral", "alone"})
    seas = _two_seas(problems, entry, f.strings("seas", required=True), by_id)
    land_ids = f.strings("land", required=True)
    neutral = f.get("neutral", dict, {})
    if seas[0] and seas[1] not in by_id[seas[0]].neighbours:
        problems.add(entry, f"{seas[0]} and {seas[1]} are not adjacent")
    if not land_ids or any(by_id.get(s) is None or not by_id[s].is_land for s in land_ids):
        problems.add(entry, "land must name the shores (land territories) of the strait")
    for shore, policy in neutral.items():
        if shore not in land_ids or policy not in ("open", "closed", "ignore"):
            problems.add(entry, f"neutral: {shore} = {policy!r} must be a listed shore and open, closed or ignore")
    alone = f.get("alone", str, None)
    if alone is not None and alone not in land_ids:
        problems.add(entry, f"alone: {alone!r} must be one of the listed shores")
    return Strait(id=strait_id, name=f.text("name"), seas=seas, land=land_ids,
                  neutral=tuple(sorted(neutral.items())), alone=alone)


def _capital_of(powers: list[Power], power_id: str) -> str | None:
    return next((p.capital for p in powers if p.id == power_id), None)


def _check_geography(problems: Problems, spaces: list[Space], powers: list[Power]) -> None:
    """Neighbours exist and agree both ways; the board is one connected piece;
    island flags match the adjacency; names and aliases are unambiguous."""
    by_id = {s.id: s for s in spaces}
    for space in spaces:
        entry = f"[spaces.{space.id}]"
        if len(set(space.neighbours)) != len(space.neighbours):
            problems.add(entry, "a neighbour is listed twice")
        for other in space.neighbours:
            if other == space.id:
                problems.add(entry, "a space cannot be its own neighbour")
            elif other not in by_id:
                problems.add(entry, f"neighbour {other!r} is not a space on this board")
            elif space.id not in by_id[other].neighbours:
                problems.add(entry, f"lists {other!r} as a neighbour, but {other!r} does not list it back")
    for space in spaces:
        entry = f"[spaces.{space.id}]"
        if space.is_land:
            has_land_neighbour = any(by_id[o].is_land for o in space.neighbours if o in by_id)
            if space.island == has_land_neighbour:
                should = "island = true" if not has_land_neighbour else "no island flag"
                problems.add(entry, f"its neighbours say it needs {should}")
    if spaces:
        seen = {spaces[0].id}
        queue = deque([spaces[0].id])
        while queue:
            for other in by_id[queue.popleft()].neighbours:
                if other in by_id and other not in seen:
                    seen.add(other)
                    queue.append(other)
        for space in spaces:
            if space.id not in seen:
                problems.add(f"[spaces.{space.id}]", f"cannot be reached from {spaces[0].id}")
    names: dict[str, str] = {}
    for space in spaces:
        for name in {space.id, space.name.lower(), *(a.lower() for a in space.aliases)}:
            if name in names and names[name] != space.id:
                problems.add(f"[spaces.{space.id}]", f"the name {name!r} is also used by {names[name]}")
            names[name] = space.id
