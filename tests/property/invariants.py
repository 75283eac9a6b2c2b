"""The invariants random play must keep, step by step: the books (IPCs, owners),
the unit census (units appear and vanish only through the events that say so),
undo, and where units may stand. Shared by the random-play and rule-combination
properties.

States are immutable, and a step replaces only the spaces it touches: a space
that is the same object as in the state before was checked with that state, so
`PlayChecker` checks again only the spaces a step replaced (every space, for the
first step it sees). That keeps long random games cheap to check without
checking less."""

from collections import Counter


def unit_census(state):
    return census_of(state.spaces)


def census_of(spaces):
    return Counter((u.power, u.type) for space in spaces for u in space.units)


class PlayChecker:
    """Checks the steps of one game in order."""

    def __init__(self, rules):
        self.rules = rules
        self.history = []
        """The states before each undoable action of this phase."""
        self.checked = None
        """The spaces of the last state checked, and their unit census."""

    def check(self, before, step):
        rules, after = self.rules, step.state
        seen = self.checked is not None and self.checked[0] is before.spaces
        changed = [i for i, (held, was) in enumerate(zip(after.spaces, before.spaces)) if not seen or held is not was]
        census_before = self.checked[1] if seen else unit_census(before)
        census_after = recounted(census_before, before, after, changed) if seen else unit_census(after)
        # IPCs never negative
        assert all(p.ipcs >= 0 for p in after.powers)
        undone = any(event.kind == "action_undone" for event in step.events)
        check_owners(rules, before, after, changed, undone)
        self.check_census(before, step, undone, census_before, census_after)
        check_positions(rules, before, after, changed)
        # uids stay unique
        uids = [u.uid for space in after.spaces for u in space.units]
        assert len(uids) == len(set(uids))
        self.checked = (after.spaces, census_after)

    def check_census(self, before, step, undone, census_before, census_after):
        """Units appear only by placement; they vanish in combat or, for aircraft,
        when they have nowhere to land at the end of the non-combat move (C-LAND-AIR-1)."""
        after, history = step.state, self.history
        if undone:
            # an undo puts the units back exactly as they were before the undone action
            assert unit_census(history.pop()) == census_after
        else:
            expected = Counter(census_before)
            expected.update(placed_by(before, step))
            assert +expected == +census_after, f"units came or went without an event: {expected - census_after} {census_after - expected}"
            if len(after.undo) > len(before.undo):
                history.append(before)
        if not after.undo:
            history.clear()
        assert len(history) == len(after.undo)


def recounted(census, before, after, changed):
    """The census after a step, from the one before: only replaced spaces count again."""
    census = Counter(census)
    census.subtract(census_of(before.spaces[i] for i in changed))
    census.update(census_of(after.spaces[i] for i in changed))
    return +census


def placed_by(before, step):
    """The census change the step's events account for."""
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
    return placed


def check_owners(rules, before, after, changed, undone):
    """Sea zones have no owner; land is held by a power, or by nobody only if it was
    nobody's before (a neutral, or any land in s004-every-nation-for-itself) or
    an undo gives a neutral back."""
    for index in changed:
        space, held, was = rules.board.spaces[index], after.spaces[index], before.spaces[index]
        if space.is_sea:
            assert held.owner is None
        elif held.owner is None:
            assert was.owner is None or undone, f"{space.id} lost its owner"
        else:
            assert held.owner in rules.board.power_by_id


def check_positions(rules, before, after, changed):
    """Where units may stand (C-LAND-1, C-SEA-1, C-UNIT-4, C-NEUTRAL-3, C-LAND-AIR-1)."""
    edition = rules.edition
    for index in changed:
        space, held = rules.board.spaces[index], after.spaces[index]
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
