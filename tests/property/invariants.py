"""The invariants random play must keep, step by step: the books (IPCs, owners),
the unit census (units appear and vanish only through the events that say so),
undo, and where units may stand. Shared by the random-play and rule-combination
properties."""

from collections import Counter


def unit_census(state):
    return Counter((u.power, u.type) for space in state.spaces for u in space.units)


def check_step(rules, before, step, history):
    """`history` holds the states before each undoable action of this phase."""
    after = step.state
    # IPCs never negative
    assert all(p.ipcs >= 0 for p in after.powers)
    # sea zones have no owner; land is held by a power, or by nobody only if it was
    # nobody's before (a neutral, or any land in s004-every-nation-for-itself) or
    # an undo gives a neutral back
    undone = any(event.kind == "action_undone" for event in step.events)
    for space, held, was in zip(rules.board.spaces, after.spaces, before.spaces):
        if space.is_sea:
            assert held.owner is None
        elif held.owner is None:
            assert was.owner is None or undone, f"{space.id} lost its owner"
        else:
            assert held.owner in rules.board.power_by_id
    # units appear only by placement; they vanish in combat or, for aircraft, when
    # they have nowhere to land at the end of the non-combat move (C-LAND-AIR-1)
    placed = Counter()
    for event in step.events:
        if event.kind == "units_placed":
            placed[(event.power, event.unit)] += event.count
        if event.kind == "casualties":
            for unit, count in event.destroyed:
                placed[(event.power, unit)] -= count
        if event.kind == "units_lost" and event.space is not None:
            assert event.power == before.power and event.unit in ("fighter", "bomber")
            placed[(event.power, event.unit)] -= event.count
        if event.kind == "units_changed_hands":
            placed[(event.new_owner, event.unit)] += event.count
            placed[(event.previous, event.unit)] -= event.count
        if event.kind == "ship_repaired":  # s000-damaged-capital-ships: into the yard and back
            placed[(event.owner, event.unit)] += 1 if event.back else -1
    if undone:
        # an undo puts the units back exactly as they were before the undone action
        assert unit_census(history.pop()) == unit_census(after)
    else:
        expected = unit_census(before)
        expected.update(placed)
        assert +expected == +unit_census(after)
        if len(after.undo) > len(before.undo):
            history.append(before)
    if not after.undo:
        history.clear()
    assert len(history) == len(after.undo)
    check_positions(rules, before, after)
    # uids stay unique
    uids = [u.uid for space in after.spaces for u in space.units]
    assert len(uids) == len(set(uids))


def check_positions(rules, before, after):
    """Where units may stand (C-LAND-1, C-SEA-1, C-UNIT-4, C-NEUTRAL-3, C-LAND-AIR-1)."""
    edition = rules.edition
    for space, held in zip(rules.board.spaces, after.spaces):
        transports = {u.uid: u for u in held.units if edition.unit(u.type).transport_capacity}
        load = Counter()
        for unit in held.units:
            kind = edition.unit(unit.type)
            if kind.domain == "sea":
                assert space.is_sea, f"{unit} on land in {space.id}"
            if kind.domain == "land" and space.is_sea:
                assert unit.aboard in transports, f"{unit} at sea in {space.id} without its transport"
                assert transports[unit.aboard].power == unit.power
                load[unit.aboard] += kind.transport_cost
            if kind.domain == "land" and space.is_land:
                assert unit.aboard is None
        for uid, used in load.items():
            assert used <= edition.unit(transports[uid].type).transport_capacity
        if space.is_land and space.neutral and held.owner is None:
            assert not held.units, f"units in still-neutral {space.id}"
    # when a non-combat move ends, the mover's aircraft are all on the ground or on carriers
    if before.phase == "noncombat_move" and after.phase != "noncombat_move":
        mover = before.power
        for space, held in zip(rules.board.spaces, after.spaces):
            planes = [u for u in held.units if u.power == mover and edition.unit(u.type).domain == "air"]
            if not planes:
                continue
            if space.is_land:
                assert rules.board.side_of(held.owner) == rules.board.side_of(mover), f"aircraft left in enemy {space.id}"
                assert space.id not in before.turn.captured
            else:
                room = sum(edition.unit(u.type).carrier_capacity for u in held.units
                           if rules.board.side_of(u.power) == rules.board.side_of(mover))
                fighters = sum(1 for u in held.units if edition.unit(u.type).domain == "air")
                assert all(edition.unit(p.type).carrier_cost for p in planes) and fighters <= room
