"""Changing hands: capture, capital plunder and liberation (C-CAPTURE, C-CAP).

Movement (empty territories) and combat (won battles) call `capture`; edit
actions and positions may too. It is the only place control of land changes.
"""

from __future__ import annotations

from axisallies_tui.engine.copying import evolve
from axisallies_tui.engine.events import CapitalPlundered, TerritoryCaptured, UnitsChangedHands
from axisallies_tui.engine.queries import allied
from axisallies_tui.engine.tx import Tx

RAID_VICTIM = "raid_victim:"
"""Turn mark `raid_victim:<space>=<power>`: who owned a raided complex before a
battle took it, so that power still pays for the raid (C-SBR-3)."""


def capture(tx: Tx, space_id: str, by: str) -> None:
    """`by` takes `space_id` (a land territory held by the other side, or a neutral)."""
    space = tx.board.space(space_id)
    previous = tx.space(space_id).owner
    _remember_raid_victim(tx, space_id, previous)
    new_owner = by
    original = space.original_owner
    if original is not None and original != by and allied(tx.board, original, by):
        # C-CAP-LIB-1/2/3: an ally's original territory goes back to that ally,
        # unless the ally's capital is in enemy hands at this moment. Freeing
        # the capital itself always hands it back.
        capital = tx.board.power(original).capital
        returns = capital == space_id or allied(tx.board, tx.space(capital).owner, original)
        for rule in tx.rules.hooks("liberation_returns"):
            returns = rule.liberation_returns(tx.rules, tx.state, original, space_id, returns)
        if returns:
            new_owner = original
    _change_owner(tx, space_id, previous, new_owner, by)
    if previous is not None and not allied(tx.board, previous, by) and space.capital_of == previous:
        loot = tx.power(previous).ipcs
        tx.add_ipcs(previous, -loot)
        tx.add_ipcs(by, loot)
        tx.emit(CapitalPlundered(space=space_id, by=by, victim=previous, amount=loot))
    if space.capital_of == new_owner and previous is not None and not allied(tx.board, previous, new_owner):
        _return_original_territories(tx, new_owner, by)


def _remember_raid_victim(tx: Tx, space_id: str, previous: str | None) -> None:
    """Bombers of the mover still to raid here: the owner they bombed pays, not the captor."""
    raided = any(u.raiding and u.power == tx.state.power for u in tx.space(space_id).units)
    mark = f"{RAID_VICTIM}{space_id}="
    if (previous is None or not raided or f"raid:{space_id}" in tx.state.turn.battles_done
            or any(m.startswith(mark) for m in tx.state.turn.marks)):
        return
    tx.turn(marks=tx.state.turn.marks + (mark + previous,))


def _change_owner(tx: Tx, space_id: str, previous: str | None, new_owner: str, by: str) -> None:
    current = tx.space(space_id)
    changed: dict[tuple[str, str], int] = {}
    units = []
    for unit in current.units:
        kind = tx.edition.unit(unit.type)
        if kind.has("captured_with_territory") and not allied(tx.board, unit.power, new_owner):
            changed[(unit.type, unit.power)] = changed.get((unit.type, unit.power), 0) + 1
            unit = evolve(unit, power=new_owner)
        units.append(unit)
    tx.set_space(space_id, evolve(current, owner=new_owner, units=tuple(units)))
    if space_id not in tx.state.turn.captured:
        tx.turn(captured=tx.state.turn.captured + (space_id,))
    tx.emit(TerritoryCaptured(space=space_id, by=by, previous=previous, new_owner=new_owner))
    for (unit_type, old), count in changed.items():
        tx.emit(UnitsChangedHands(space=space_id, unit=unit_type, count=count, previous=old, new_owner=new_owner))
    for rule in tx.rules.hooks("on_capture"):
        rule.on_capture(tx, space_id, previous, new_owner)


def _return_original_territories(tx: Tx, power: str, by: str) -> None:
    """C-CAP-LIB-3: once a capital is free again, its power's original territories
    that allies hold go back to it."""
    for space, held in zip(tx.board.spaces, tx.state.spaces):
        if (
            space.original_owner == power
            and held.owner is not None
            and held.owner != power
            and allied(tx.board, held.owner, power)
        ):
            _change_owner(tx, space.id, held.owner, power, by)
