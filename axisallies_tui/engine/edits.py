"""Edit actions: change the board by hand, outside the rules, with a reason.

Players use them to fix a mistake at the table, to follow a photo of a real
board, or to set up a teaching situation. Each edit is an ordinary action: it
is validated, logged with the reason, shown in the feed, and may be taken
back with `Undo` within the phase (edits roll no dice). Edits are never
offered as legal actions, so bots do not use them.

Setting an owner is a plain change of control, not a capture: no capital is
plundered, no territory is liberated, and the units there stay as they are.
"""

from __future__ import annotations

import difflib
from typing import ClassVar

from attrs import evolve, frozen

from axisallies_tui.engine.actions import Action, register_action
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import Event, power_name, space_name, units_text
from axisallies_tui.engine.model import AIR, LAND, SEA, Board, Edition, Space, Tech, UnitType
from axisallies_tui.engine.tx import Tx, handles, require

__all__ = [
    "AddUnits", "RemoveUnits", "SetOwner", "SetIpcs", "GrantTech", "RemoveTech",
    "UnitsAdded", "UnitsRemoved", "OwnerSet", "IpcsSet", "TechGranted", "TechRemoved",
    "find_space", "find_power", "find_unit", "find_tech", "placement_refusal",
]


# -- actions ------------------------------------------------------------------------


class Edit(Action):
    """Base of the edit actions: undoable, and every one says why it was made."""

    undoable: ClassVar[bool] = True
    label: ClassVar[str] = "edit"
    reason: str


@register_action
@frozen
class AddUnits(Edit):
    """Put `count` new units of type `unit` belonging to `power` in `space`."""

    kind: ClassVar[str] = "add_units"
    space: str
    power: str
    unit: str
    reason: str
    count: int = 1


@register_action
@frozen
class RemoveUnits(Edit):
    """Take `count` units of type `unit` belonging to `power` off `space`
    (anything a removed transport carries goes with it)."""

    kind: ClassVar[str] = "remove_units"
    space: str
    power: str
    unit: str
    reason: str
    count: int = 1


@register_action
@frozen
class SetOwner(Edit):
    """Hand control of the land territory `space` to `power` (None: nobody, for
    a neutral). Not a capture."""

    kind: ClassVar[str] = "set_owner"
    space: str
    power: str | None
    reason: str


@register_action
@frozen
class SetIpcs(Edit):
    """Set `power`'s IPCs in hand to `ipcs`."""

    kind: ClassVar[str] = "set_ipcs"
    power: str
    ipcs: int
    reason: str


@register_action
@frozen
class GrantTech(Edit):
    """Give `power` the weapons development `tech`."""

    kind: ClassVar[str] = "grant_tech"
    power: str
    tech: str
    reason: str


@register_action
@frozen
class RemoveTech(Edit):
    """Take the weapons development `tech` away from `power`."""

    kind: ClassVar[str] = "remove_tech"
    power: str
    tech: str
    reason: str


# -- events -------------------------------------------------------------------------


def _why(reason: str) -> str:
    return f" (edit: {reason})"


@frozen
class UnitsAdded(Event):
    kind: ClassVar[str] = "units_added"
    space: str
    power: str
    unit: str
    count: int
    reason: str

    def describe(self, board: Board, edition: Edition) -> str:
        return (
            f"{units_text(edition, self.unit, self.count)} of {power_name(board, self.power)} "
            f"put in {space_name(board, self.space)}{_why(self.reason)}."
        )


@frozen
class UnitsRemoved(Event):
    kind: ClassVar[str] = "units_removed"
    space: str
    power: str
    unit: str
    count: int
    reason: str

    def describe(self, board: Board, edition: Edition) -> str:
        return (
            f"{units_text(edition, self.unit, self.count)} of {power_name(board, self.power)} "
            f"taken off {space_name(board, self.space)}{_why(self.reason)}."
        )


@frozen
class OwnerSet(Event):
    kind: ClassVar[str] = "owner_set"
    space: str
    previous: str | None
    owner: str | None
    reason: str

    def describe(self, board: Board, edition: Edition) -> str:
        return (
            f"{space_name(board, self.space)} passes from {power_name(board, self.previous)} "
            f"to {power_name(board, self.owner)}{_why(self.reason)}."
        )


@frozen
class IpcsSet(Event):
    kind: ClassVar[str] = "ipcs_set"
    power: str
    previous: int
    ipcs: int
    reason: str

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} now holds {self.ipcs} IPCs, was {self.previous}{_why(self.reason)}."


def _tech(edition: Edition, tech: str) -> str:
    return edition.tech_by_id[tech].name if tech in edition.tech_by_id else tech


@frozen
class TechGranted(Event):
    kind: ClassVar[str] = "tech_granted"
    power: str
    tech: str
    reason: str

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} is given {_tech(edition, self.tech)}{_why(self.reason)}."


@frozen
class TechRemoved(Event):
    kind: ClassVar[str] = "tech_removed"
    power: str
    tech: str
    reason: str

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} loses {_tech(edition, self.tech)}{_why(self.reason)}."


# -- looking names up (shared with position files) -----------------------------------


def _unknown(what: str, text: object, known: list[str]) -> str:
    close = difflib.get_close_matches(str(text), known, n=3) if isinstance(text, str) else []
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    return f"there is no {what} called {text!r}{hint}"


def find_space(board: Board, space_id: object) -> Space:
    """The space with this id, or IllegalAction naming the problem."""
    if not isinstance(space_id, str) or space_id not in board.space_by_id:
        raise IllegalAction(_unknown("space", space_id, list(board.space_by_id)))
    return board.space(space_id)


def find_power(board: Board, power_id: object) -> str:
    if not isinstance(power_id, str) or power_id not in board.power_by_id:
        raise IllegalAction(
            f"{_unknown('power', power_id, list(board.power_by_id))}; the powers are {', '.join(board.power_by_id)}"
        )
    return power_id


def find_unit(edition: Edition, unit_id: object) -> UnitType:
    """A unit type by id, name or abbreviation."""
    unit = None
    if isinstance(unit_id, str):
        unit = edition.unit_by_id.get(unit_id) or edition.find_unit(unit_id)
    if unit is None:
        raise IllegalAction(_unknown("unit type", unit_id, list(edition.unit_by_id)))
    return unit


def find_tech(edition: Edition, tech_id: object) -> Tech:
    """A weapons development by id or name."""
    if isinstance(tech_id, str):
        wanted = tech_id.strip().lower().replace(" ", "_").replace("-", "_")
        for tech in edition.techs:
            if wanted in (tech.id, tech.name.lower().replace(" ", "_").replace("-", "_")):
                return tech
    raise IllegalAction(_unknown("weapons development", tech_id, [t.id for t in edition.techs]))


def placement_refusal(space: Space, unit: UnitType) -> str | None:
    """Why a unit of this type cannot stand in this space at all (whatever the
    phase), or None. Land units at sea ride on transports, which edits do not load."""
    if unit.domain == SEA and not space.is_sea:
        return f"{unit.name.lower()}s go in sea zones; {space.name} is land"
    if unit.domain == LAND and not space.is_land:
        return f"{unit.name.lower()} cannot stand in a sea zone ({space.name}) except aboard a transport"
    if unit.domain not in (LAND, SEA, AIR):  # pragma: no cover - the edition loader checks domains
        return f"{unit.name} cannot be placed"
    return None


def _reason(action: Edit) -> None:
    require(isinstance(action.reason, str) and action.reason.strip() != "",
            "an edit needs a reason (it is shown in the game's log)")


def _count(count: object) -> int:
    require(isinstance(count, int) and not isinstance(count, bool) and count >= 1,
            f"the count must be a whole number of at least 1, not {count!r}")
    assert isinstance(count, int)
    return count


# -- handlers -----------------------------------------------------------------------


@handles(AddUnits)
def add_units(tx: Tx, action: AddUnits) -> None:
    _reason(action)
    space = find_space(tx.board, action.space)
    power = find_power(tx.board, action.power)
    unit = find_unit(tx.edition, action.unit)
    count = _count(action.count)
    refusal = placement_refusal(space, unit)
    require(refusal is None, refusal or "")
    if unit.has("factory"):
        require(count == 1 and not any(tx.edition.unit(u.type).has("factory") for u in tx.space(space.id).units),
                f"a territory holds at most one industrial complex; {space.name} would have more")
    tx.add_units(space.id, power, unit.id, count)
    tx.emit(UnitsAdded(space=space.id, power=power, unit=unit.id, count=count, reason=action.reason))


@handles(RemoveUnits)
def remove_units(tx: Tx, action: RemoveUnits) -> None:
    _reason(action)
    space = find_space(tx.board, action.space)
    power = find_power(tx.board, action.power)
    unit = find_unit(tx.edition, action.unit)
    count = _count(action.count)
    units = tx.space(space.id).units
    carrying = {u.aboard for u in units if u.aboard is not None}
    mine = [u for u in units if u.power == power and u.type == unit.id]
    require(
        count <= len(mine),
        f"{space.name} holds {len(mine)} {unit.name.lower()} of {tx.board.power(power).name}; cannot remove {count}",
    )
    # Take the plainest units first: empty transports before loaded ones, units
    # on the board before cargo, newest first.
    mine.sort(key=lambda u: (u.uid in carrying, u.aboard is not None, -u.uid))
    gone = {u.uid for u in mine[:count]}
    cargo = [u for u in units if u.aboard in gone and u.uid not in gone]
    gone |= {u.uid for u in cargo}
    tx.replace_units(space.id, (u for u in units if u.uid not in gone))
    tx.emit(UnitsRemoved(space=space.id, power=power, unit=unit.id, count=count, reason=action.reason))
    groups: dict[tuple[str, str], int] = {}
    for u in cargo:
        groups[(u.power, u.type)] = groups.get((u.power, u.type), 0) + 1
    for (owner, kind), number in groups.items():
        tx.emit(UnitsRemoved(space=space.id, power=owner, unit=kind, count=number,
                             reason=f"{action.reason}; aboard a removed {unit.name.lower()}"))


@handles(SetOwner)
def set_owner(tx: Tx, action: SetOwner) -> None:
    _reason(action)
    space = find_space(tx.board, action.space)
    require(space.is_land, f"{space.name} is a sea zone: sea zones have no owner")
    power = None if action.power is None else find_power(tx.board, action.power)
    require(power is not None or space.neutral,
            f"only a neutral territory can belong to nobody; {space.name} is not neutral")
    current = tx.space(space.id)
    require(current.owner != power, f"{space.name} already belongs to {power_name(tx.board, power)}")
    tx.set_space(space.id, evolve(current, owner=power))
    tx.emit(OwnerSet(space=space.id, previous=current.owner, owner=power, reason=action.reason))


@handles(SetIpcs)
def set_ipcs(tx: Tx, action: SetIpcs) -> None:
    _reason(action)
    power = find_power(tx.board, action.power)
    require(isinstance(action.ipcs, int) and not isinstance(action.ipcs, bool) and action.ipcs >= 0,
            f"IPCs are a whole number of at least 0, not {action.ipcs!r}")
    before = tx.power(power)
    require(before.ipcs != action.ipcs, f"{tx.board.power(power).name} already holds {action.ipcs} IPCs")
    tx.set_power(evolve(before, ipcs=action.ipcs))
    tx.emit(IpcsSet(power=power, previous=before.ipcs, ipcs=action.ipcs, reason=action.reason))


@handles(GrantTech)
def grant_tech(tx: Tx, action: GrantTech) -> None:
    _reason(action)
    power = find_power(tx.board, action.power)
    tech = find_tech(tx.edition, action.tech)
    ps = tx.power(power)
    require(tech.id not in ps.techs, f"{tx.board.power(power).name} already has {tech.name}")
    tx.set_power(evolve(ps, techs=ps.techs + (tech.id,)))
    tx.emit(TechGranted(power=power, tech=tech.id, reason=action.reason))


@handles(RemoveTech)
def remove_tech(tx: Tx, action: RemoveTech) -> None:
    _reason(action)
    power = find_power(tx.board, action.power)
    tech = find_tech(tx.edition, action.tech)
    ps = tx.power(power)
    require(tech.id in ps.techs, f"{tx.board.power(power).name} does not have {tech.name}")
    tx.set_power(evolve(ps, techs=tuple(t for t in ps.techs if t != tech.id)))
    tx.emit(TechRemoved(power=power, tech=tech.id, reason=action.reason))


__all__ += ["Edit"]
