"""Static game data: the board and the edition's unit types, as loaded from TOML.

These never change during a game. The loaders build them (and validate them);
the engine only reads them.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping

from attrs import field, frozen

if TYPE_CHECKING:
    from axisallies_tui.engine.research import ResearchScheme

LAND = "land"
SEA = "sea"
AIR = "air"

PHASE_KINDS = ("research", "purchase", "combat_move", "conduct_combat", "noncombat_move", "place", "collect_income")
"""The kinds of phase the engine itself knows how to run (turns.py runs them;
kept here so reading an edition does not load the turn machinery)."""


@frozen
class Power:
    id: str
    name: str
    short: str
    """Two-letter tag shown beside units, so a power is never told by colour alone."""
    side: str
    capital: str
    starting_ipcs: int
    colour: str
    aliases: tuple[str, ...] = ()
    takes_turns: bool = True
    """False for powers that never move by themselves (neutral garrisons)."""
    played_by: str | None = None
    """Another power whose player makes this power's decisions (China in the
    50th Anniversary game is played by the United States)."""


ALLIED = "allied"
WAR = "war"
NEUTRAL = "neutral"


@frozen
class Region:
    id: str
    name: str


@frozen
class Space:
    id: str
    name: str
    kind: str
    """`land` or `sea`."""
    region: str
    neighbours: tuple[str, ...]
    index: int
    """Position in `Board.spaces` and in `GameState.spaces`."""
    ipc: int = 0
    original_owner: str | None = None
    capital_of: str | None = None
    original_factory: bool = False
    neutral: bool = False
    island: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def is_land(self) -> bool:
        return self.kind == LAND

    @property
    def is_sea(self) -> bool:
        return self.kind == SEA


@frozen
class Canal:
    id: str
    name: str
    seas: tuple[str, str]
    land: tuple[str, ...]
    """Every one of these must be held by the mover's side to pass."""


@frozen
class Strait:
    """A narrow passage between two sea zones that the side holding its shores
    may close (house rule s000-straits; the board only states the geography)."""

    id: str
    name: str
    seas: tuple[str, str]
    land: tuple[str, ...]
    neutral: tuple[tuple[str, str], ...] = ()
    """(shore, "open" | "closed" | "ignore"): what a still-neutral shore counts as."""
    alone: str | None = None
    """A shore that, once nobody's neutral, controls the strait by itself."""


@frozen
class StartingUnits:
    space: str
    power: str
    unit: str
    count: int


def _index(items: tuple[Any, ...]) -> Mapping[str, Any]:
    return MappingProxyType({item.id: item for item in items})


@frozen
class Board:
    id: str
    name: str
    edition: str
    description: str
    regions: tuple[Region, ...]
    powers: tuple[Power, ...]
    """In the edition's turn order."""
    spaces: tuple[Space, ...]
    canals: tuple[Canal, ...]
    starting_units: tuple[StartingUnits, ...]
    digest: str
    """Hash of the file the board came from; saves refuse a board that changed."""
    straits: tuple[Strait, ...] = ()
    relations: tuple[tuple[str, str, str], ...] = ()
    """(power, power, relation) pairs that differ from what the sides imply
    (same side: allied; different sides: at war)."""
    power_by_id: Mapping[str, Power] = field(init=False, eq=False, repr=False)
    space_by_id: Mapping[str, Space] = field(init=False, eq=False, repr=False)
    power_position: Mapping[str, int] = field(init=False, eq=False, repr=False)
    """Each power's place in `powers` (and in a game state's `powers`)."""
    relation_by_pair: Mapping[tuple[str, str], str] = field(init=False, eq=False, repr=False)
    """`relation` of every two powers, worked out once: combat asks it per unit."""
    allies_of: Mapping[str, frozenset[str]] = field(init=False, eq=False, repr=False)
    """Each power's allies, itself included (`queries.allied` as a set, for
    telling whole lists of units apart)."""
    spaces_for: Mapping[str, frozenset[str]] = field(init=False, eq=False, repr=False)
    """The spaces units of each domain (land, sea, air) may stand in."""
    steps_for: Mapping[str, Mapping[str, tuple[str, ...]]] = field(init=False, eq=False, repr=False)
    """Domain -> space -> its neighbours of that domain, in `neighbours`' order
    (move generation walks these for every piece)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "power_by_id", _index(self.powers))
        object.__setattr__(self, "space_by_id", _index(self.spaces))
        object.__setattr__(self, "power_position", MappingProxyType({p.id: i for i, p in enumerate(self.powers)}))
        pairs = {(a.id, b.id): self._relation(a.id, b.id) for a in self.powers for b in self.powers}
        object.__setattr__(self, "relation_by_pair", MappingProxyType(pairs))
        allies = {a.id: frozenset(b.id for b in self.powers if pairs[(a.id, b.id)] == ALLIED) for a in self.powers}
        object.__setattr__(self, "allies_of", MappingProxyType(allies))
        spaces_for = {LAND: frozenset(s.id for s in self.spaces if s.is_land),
                      SEA: frozenset(s.id for s in self.spaces if s.is_sea),
                      AIR: frozenset(s.id for s in self.spaces)}
        object.__setattr__(self, "spaces_for", MappingProxyType(spaces_for))
        steps = {domain: MappingProxyType({s.id: tuple(n for n in s.neighbours if n in ids) for s in self.spaces})
                 for domain, ids in spaces_for.items()}
        object.__setattr__(self, "steps_for", MappingProxyType(steps))

    def space(self, space_id: str) -> Space:
        return self.space_by_id[space_id]

    def power(self, power_id: str) -> Power:
        return self.power_by_id[power_id]

    def side_of(self, power_id: str) -> str:
        return self.power_by_id[power_id].side

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides, in the order their first power plays."""
        return tuple(dict.fromkeys(p.side for p in self.powers))

    def relation(self, a: str, b: str) -> str:
        """ALLIED, WAR or NEUTRAL between two powers (a power is allied with itself)."""
        return self.relation_by_pair.get((a, b)) or self._relation(a, b)

    def _relation(self, a: str, b: str) -> str:
        if a == b:
            return ALLIED
        for x, y, relation in self.relations:
            if {x, y} == {a, b}:
                return relation
        return ALLIED if self.side_of(a) == self.side_of(b) else WAR

    def powers_of_side(self, side: str) -> tuple[str, ...]:
        return tuple(p.id for p in self.powers if p.side == side)

    def capital_space(self, power_id: str) -> Space:
        return self.space_by_id[self.power_by_id[power_id].capital]


@frozen
class UnitType:
    id: str
    name: str
    domain: str
    """`land`, `sea` or `air`."""
    cost: int
    move: int
    attack: int
    defense: int
    aliases: tuple[str, ...] = ()
    transport_cost: int | None = None
    """Transport places it takes; None means it cannot be carried."""
    transport_capacity: int = 0
    carrier_cost: int | None = None
    carrier_capacity: int = 0
    hit_points: int = 1
    combatant: bool = True
    """False for AA guns and complexes: never fire in rounds, never casualties (C-UNIT-2)."""
    tags: frozenset[str] = frozenset()

    def has(self, tag: str) -> bool:
        return tag in self.tags


@frozen
class TechEffect:
    """What a development does to the units it names, as data (`effects` in the
    edition file): a new hit number, dice per unit, extra movement, a price change."""

    units: tuple[str, ...]
    """Unit ids, or `tag:<tag>` for every unit with that tag, or `domain:<domain>`."""
    role: str | None = None
    """attack or defence (numbers only apply in that role); None: both."""
    value: int | None = None
    dice: int | None = None
    move: int = 0
    cost: int = 0

    def covers(self, unit: UnitType) -> bool:
        return any(
            name == unit.id or (name.startswith("tag:") and unit.has(name[4:]))
            or name == f"domain:{unit.domain}" or name == "*"
            for name in self.units
        )


@frozen
class VictoryCondition:
    """One way a side wins, checked at the end of each round (edition data)."""

    side: str
    kind: str
    """`income`: the side's combined income reaches the option's value (0: off).
    `capitals`: the side holds all its own capitals and `enemy` capitals of
    other sides (None: every one); the option, true or false, switches it."""
    option: str
    enemy: int | None = None


@frozen
class Tech:
    id: str
    name: str
    help: str
    effects: tuple[TechEffect, ...] = ()


@frozen
class OptionSpec:
    """A tunable value: a base option of an edition or a house rule's parameter."""

    name: str
    default: Any
    help: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()

    def check(self, value: Any) -> str | None:
        """Return why `value` is not acceptable, or None."""
        if isinstance(self.default, bool):
            return None if isinstance(value, bool) else "must be true or false"
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                return "must be a whole number"
            if self.min is not None and value < self.min:
                return f"must be at least {self.min}"
            if self.max is not None and value > self.max:
                return f"must be at most {self.max}"
            return None
        if self.choices and value not in self.choices:
            return f"must be one of {', '.join(self.choices)}"
        if not isinstance(value, type(self.default)):
            return f"must be a {type(self.default).__name__}"
        return None

    def parse(self, text: str) -> Any:
        """Turn command-line text into a value of the option's type."""
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            return text
        if isinstance(self.default, int):
            try:
                return int(text)
            except ValueError:
                return text
        return text


@frozen
class Edition:
    id: str
    name: str
    sides: tuple[str, ...]
    phases: tuple[str, ...]
    phase_names: Mapping[str, str]
    research: ResearchScheme
    """The edition's research scheme with its numbers (a house rule may replace
    it through `research_scheme`)."""
    neutral_entry_cost: int
    techs: tuple[Tech, ...]
    options: tuple[OptionSpec, ...]
    unit_types: tuple[UnitType, ...]
    phase_kinds: Mapping[str, str] = MappingProxyType({})
    """Phase id -> kind (which procedure runs); a phase missing here is its own kind."""
    victory: tuple[VictoryCondition, ...] = ()
    """How each side wins (house rules with `check_victory` replace these)."""
    unit_by_id: Mapping[str, UnitType] = field(init=False, eq=False, repr=False)
    option_by_name: Mapping[str, OptionSpec] = field(init=False, eq=False, repr=False)
    tech_by_id: Mapping[str, Tech] = field(init=False, eq=False, repr=False)
    unit_by_name: Mapping[str, UnitType] = field(init=False, eq=False, repr=False)
    """Each id, name and alias, the first unit type in order holding it (`find_unit`)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "unit_by_id", _index(self.unit_types))
        names: dict[str, UnitType] = {}
        for unit in self.unit_types:
            for name in (unit.id.replace("_", " "), unit.name.lower(), *unit.aliases):
                names.setdefault(name, unit)
        object.__setattr__(self, "unit_by_name", MappingProxyType(names))
        object.__setattr__(
            self, "option_by_name", MappingProxyType({o.name: o for o in self.options})
        )
        object.__setattr__(self, "tech_by_id", _index(self.techs))

    def unit(self, unit_id: str) -> UnitType:
        return self.unit_by_id[unit_id]

    def effects(self, techs: Iterable[str], unit: UnitType) -> Iterator[TechEffect]:
        """The effects of the developments `techs` on `unit`, in the edition's order
        of developments whatever order `techs` comes in: where two set the same
        number, the one listed later in the edition file wins, so a set of
        developments has one answer (profiles are remembered per set)."""
        held = set(techs)
        for tech in self.techs:
            if tech.id in held:
                yield from (effect for effect in tech.effects if effect.covers(unit))

    def tech_names(self, techs: Iterable[str]) -> list[str]:
        """The names of the developments `techs`, skipping ids this edition lacks."""
        return [self.tech_by_id[t].name for t in techs if t in self.tech_by_id]

    def find_unit(self, text: str) -> UnitType | None:
        """A unit type by id, name or alias, ignoring case and a plural 's'."""
        wanted = text.strip().lower().replace("-", " ").replace("_", " ")
        return self.unit_by_name.get(wanted) or self.unit_by_name.get(wanted.removesuffix("s"))
