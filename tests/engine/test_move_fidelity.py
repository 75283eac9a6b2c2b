"""Movement fidelity on the classic board: transports in sea battles, partial
unloading, carrier places, combat moves that lead nowhere, and the one-AA-gun
limit at placement (issue 11 items 3, 4, 5, 8, 9)."""

import pytest
from attrs import evolve

from axisallies_tui.codec import action_from_json
from axisallies_tui.engine.actions import EndPhase, Place
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import units_in
from tests.helpers import act, at, clear, count, make_rules, move, own, put, refused, start


@pytest.fixture
def rules():
    return make_rules()



def aboard(rules, state, zone, transport, power, unit, n=1):
    """`n` pieces put aboard the transport `transport` (a uid) on an earlier turn."""
    first = state.next_uid
    state = put(rules, state, zone, power, unit, n)
    index = rules.board.space(zone).index
    spaces = list(state.spaces)
    units = tuple(evolve(u, aboard=transport) if u.uid >= first else u for u in spaces[index].units)
    spaces[index] = evolve(spaces[index], units=units)
    return evolve(state, spaces=tuple(spaces))


def piece(rules, state, space, power, unit, nth=0):
    return [u for u in units_in(rules.board, state, space) if u.power == power and u.type == unit][nth]


def uk_transport(rules, state):
    return piece(rules, state, "north_sea_zone", "uk", "transport").uid


# -- item 3: transports with cargo from an earlier turn in a sea battle -------------------------


def test_a_transport_loaded_last_turn_may_sail_into_a_sea_battle(rules):
    """Section 7.6: only cargo boarded this turn must land (C-TRANS-2); two infantry
    loaded last turn ride along into the battle with the German submarine."""
    state = start(rules)
    state = aboard(rules, state, "north_sea_zone", uk_transport(rules, state), "uk", "infantry", 2)
    state = put(rules, state, "west_spain_sea_zone", "germany", "submarine")
    state = at(rules, state, "uk", "combat_move")
    state = move(rules, state, "north_sea_zone", "west_spain_sea_zone", ("transport", 1), ("battleship", 1)).state
    after = act(rules, state, EndPhase()).state
    assert after.phase == "conduct_combat"
    cargo = [u for u in units_in(rules.board, after, "west_spain_sea_zone") if u.type == "infantry"]
    assert len(cargo) == 2 and all(u.aboard is not None and u.landing is None for u in cargo)


def test_cargo_boarded_this_turn_still_has_to_land(rules):
    """C-TRANS-2: troops that board in the combat move are bound for an assault."""
    state = put(rules, start(rules), "west_spain_sea_zone", "germany", "submarine")
    state = at(rules, state, "uk", "combat_move")
    state = move(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 2)).state
    state = move(rules, state, "north_sea_zone", "west_spain_sea_zone", ("transport", 1), ("battleship", 1)).state
    with pytest.raises(IllegalAction, match="must land in an enemy territory"):
        act(rules, state, EndPhase())


# -- item 4: unloading part of a cargo ---------------------------------------------------------


def test_unloading_one_of_two_infantry_leaves_the_other_aboard_for_the_turn(rules):
    """C-TRANS-3: one infantry goes ashore in the United Kingdom; the other stays
    aboard, and the transport may not move, load or unload again this turn."""
    state = start(rules)
    transport = uk_transport(rules, state)
    state = aboard(rules, state, "north_sea_zone", transport, "uk", "infantry", 2)
    state = at(rules, state, "uk", "noncombat_move")
    before = count(rules, state, "united_kingdom", "uk", "infantry")
    after = move(rules, state, "north_sea_zone", "united_kingdom", ("infantry", 1)).state
    assert count(rules, after, "united_kingdom", "uk", "infantry") == before + 1
    left = [u for u in units_in(rules.board, after, "north_sea_zone") if u.type == "infantry"]
    assert len(left) == 1 and left[0].aboard == transport
    assert piece(rules, after, "north_sea_zone", "uk", "transport").unloaded
    assert refused(rules, after, "north_sea_zone", "united_kingdom", ("infantry", 1)) == \
        "that transport has already unloaded this turn"
    assert "unloaded this turn and may not move" in refused(rules, after, "north_sea_zone", "east_canada_sea_zone",
                                                            ("transport", 1))
    assert "no transport in North Sea Zone that can load" in refused(rules, after, "united_kingdom", "north_sea_zone",
                                                                     ("infantry", 1))


def test_an_assault_lands_the_armour_and_keeps_last_turns_infantry_aboard(rules):
    """C-TRANS-3 in the combat move: pieces named by id; cargo from an earlier turn
    may stay aboard, and the phase may end."""
    state = start(rules)
    transport = uk_transport(rules, state)
    state = aboard(rules, state, "north_sea_zone", transport, "uk", "infantry")
    state = aboard(rules, state, "north_sea_zone", transport, "uk", "armour")
    state = at(rules, state, "uk", "combat_move")
    tank = piece(rules, state, "north_sea_zone", "uk", "armour").uid
    after = move(rules, state, "north_sea_zone", "west_europe", uids=(tank,)).state
    assert count(rules, after, "west_europe", "uk", "armour") == 1
    assert count(rules, after, "west_europe", "uk", "infantry") == 0
    assert piece(rules, after, "north_sea_zone", "uk", "infantry").aboard == transport
    assert act(rules, after, EndPhase()).state.phase == "conduct_combat"


def test_troops_boarded_for_an_assault_may_not_be_left_aboard(rules):
    """C-TRANS-2/3: a partial landing would strand the other infantry loaded this
    turn, so it is refused at once; landing both is fine."""
    state = at(rules, start(rules), "uk", "combat_move")
    state = move(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 2)).state
    reason = refused(rules, state, "north_sea_zone", "west_europe", ("infantry", 1))
    assert reason.startswith("the infantry loaded this turn would stay aboard")
    after = move(rules, state, "north_sea_zone", "west_europe", ("infantry", 2)).state
    assert count(rules, after, "west_europe", "uk", "infantry") == 2


def test_pieces_named_by_id_say_which_transport_unloads(rules):
    """Two transports with one infantry each: the infantry named leaves the second
    transport, and only that transport is done for the turn."""
    state = start(rules)
    first = uk_transport(rules, state)
    state = put(rules, state, "north_sea_zone", "uk", "transport")
    second = state.next_uid - 1
    state = aboard(rules, state, "north_sea_zone", first, "uk", "infantry")
    state = aboard(rules, state, "north_sea_zone", second, "uk", "infantry")
    state = at(rules, state, "uk", "noncombat_move")
    rider = next(u.uid for u in units_in(rules.board, state, "north_sea_zone") if u.aboard == second)
    after = move(rules, state, "north_sea_zone", "united_kingdom", uids=(rider,)).state
    transports = {u.uid: u for u in units_in(rules.board, after, "north_sea_zone") if u.type == "transport"}
    assert transports[second].unloaded and not transports[first].unloaded
    assert [u.aboard for u in units_in(rules.board, after, "north_sea_zone") if u.type == "infantry"] == [first]


def test_a_move_without_piece_ids_still_decodes():
    """Saves and headless lines written before: `uids` defaults to none."""
    action = action_from_json({"action": "move", "origin": "north_sea_zone", "destination": "united_kingdom",
                               "units": [["infantry", 1]]})
    assert action == Move(origin="north_sea_zone", destination="united_kingdom", units=(("infantry", 1),))
    named = action_from_json({"action": "move", "origin": "north_sea_zone", "destination": "united_kingdom",
                              "uids": [7, 9]})
    assert named.uids == (7, 9)


# -- item 5: carrier places ----------------------------------------------------------------------


def pacific(rules, *extra):
    """A Japanese submarine in the Wake Island zone, three spaces from the US
    fighter in Western U.S.; Wake Island is Japan's. The US carrier in the Hawaii
    zone has its own fighter aboard; `extra` adds (zone, power, unit)."""
    state = put(rules, start(rules), "wake_island_sea_zone", "japan", "submarine")
    for zone, power, unit in extra:
        state = put(rules, state, zone, power, unit)
    return state


def test_a_fighter_may_count_on_the_free_place_of_a_carrier(rules):
    """C-AIR-2: attacking with its last point but one, it lands on the Hawaii carrier."""
    state = at(rules, pacific(rules), "usa", "combat_move")
    after = move(rules, state, "west_us", "wake_island_sea_zone", ("fighter", 1)).state
    assert count(rules, after, "wake_island_sea_zone", "usa", "fighter") == 1


def test_a_fighter_may_not_count_on_a_carrier_filled_by_an_allied_fighter(rules):
    """C-UNIT-5, C-AIR-2: a British fighter takes the Hawaii carrier's second place."""
    state = at(rules, pacific(rules, ("hawaii_sea_zone", "uk", "fighter")), "usa", "combat_move")
    reason = refused(rules, state, "west_us", "wake_island_sea_zone", ("fighter", 1))
    assert reason == "the fighter would have 1 movement point left and no friendly place to land"


def test_a_fighter_may_count_on_a_carrier_that_can_still_sail_to_meet_it(rules):
    """C-AIR-2 "planned carrier": the empty US carrier in the Midway zone can reach
    the Hawaii zone in the non-combat move; a full one could not help."""
    crowded = ("hawaii_sea_zone", "uk", "fighter")
    state = at(rules, pacific(rules, crowded, ("midway_sea_zone", "usa", "carrier")), "usa", "combat_move")
    assert move(rules, state, "west_us", "wake_island_sea_zone", ("fighter", 1)).state
    full = pacific(rules, crowded, ("midway_sea_zone", "usa", "carrier"), ("midway_sea_zone", "usa", "fighter"),
                   ("midway_sea_zone", "uk", "fighter"))
    reason = refused(rules, at(rules, full, "usa", "combat_move"), "west_us", "wake_island_sea_zone", ("fighter", 1))
    assert "no friendly place to land" in reason


def test_a_fighter_flown_to_a_carrier_an_ally_filled_is_lost_when_the_move_ends(rules):
    """C-LAND-AIR-1, C-UNIT-5: the Hawaii carrier holds a US and a British fighter;
    a second US fighter flown there in the non-combat move has no place and is lost
    when the phase ends (landing is judged after all moves, C-LAND-AIR-3)."""
    state = at(rules, pacific(rules, ("hawaii_sea_zone", "uk", "fighter")), "usa", "noncombat_move")
    state = move(rules, state, "west_us", "hawaii_sea_zone", ("fighter", 1)).state
    step = act(rules, state, EndPhase())
    assert [(e.power, e.unit, e.count) for e in step.events if e.kind == "units_lost"] == [("usa", "fighter", 1)]
    assert count(rules, step.state, "hawaii_sea_zone", "usa", "fighter") == 1
    assert count(rules, step.state, "hawaii_sea_zone", "uk", "fighter") == 1


def test_in_the_non_combat_move_a_carrier_may_sail_in_under_a_fighter(rules):
    """C-LAND-AIR-3: the fighter waits in the Mexico zone; the Midway carrier
    sails in; nothing is lost when the phase ends."""
    state = clear(rules, start(rules), "hawaii_sea_zone")
    state = at(rules, put(rules, state, "midway_sea_zone", "usa", "carrier"), "usa", "noncombat_move")
    state = move(rules, state, "west_us", "mexico_sea_zone", ("fighter", 1)).state
    state = move(rules, state, "midway_sea_zone", "mexico_sea_zone", ("carrier", 1)).state
    step = act(rules, state, EndPhase())
    assert not [e for e in step.events if e.kind == "units_lost"]
    assert count(rules, step.state, "mexico_sea_zone", "usa", "fighter") == 1


# -- item 8: combat moves must lead to a battle -----------------------------------------------------


def test_a_combat_move_into_friendly_land_is_refused_at_once(rules):
    """C-MOVE-1, C-LAND-5: Russia to Caucasus repositions; it belongs in the non-combat move."""
    state = at(rules, start(rules), "ussr", "combat_move")
    assert Move(origin="russia", destination="caucasus", units=(("infantry", 1),)) not in legal_actions(rules, state)
    reason = refused(rules, state, "russia", "caucasus", ("infantry", 1))
    assert reason == ("a combat move must end in a battle: Caucasus holds none for the infantry; "
                      "move there in the non-combat move")


def test_a_tank_may_blitz_on_into_friendly_land(rules):
    """C-LAND-3: it takes empty Caucasus on the way, so the move took part in combat."""
    state = own(rules, clear(rules, start(rules), "caucasus"), "persia", "germany")
    state = at(rules, state, "germany", "combat_move")
    assert Move(origin="ukraine_ssr", destination="persia", units=(("armour", 1),)) in legal_actions(rules, state)
    after = move(rules, state, "ukraine_ssr", "persia", ("armour", 1)).state
    assert after.turn.captured == ("caucasus",)
    assert act(rules, after, EndPhase()).state.phase != "combat_move"


def test_a_battleship_may_not_reposition_in_the_combat_move(rules):
    state = at(rules, start(rules), "uk", "combat_move")
    reason = refused(rules, state, "north_sea_zone", "east_canada_sea_zone", ("battleship", 1))
    assert reason == ("a combat move must end in a battle: East Canada Sea Zone holds none for the battleship; "
                      "move there in the non-combat move")


def test_an_empty_transport_may_sail_to_pick_up_troops_for_an_assault(rules):
    """C-MOVE-1 exceptions: the transport from the East Canada zone fetches British
    infantry in the North Sea zone and lands it in Western Europe."""
    state = at(rules, clear(rules, start(rules), "north_sea_zone"), "uk", "combat_move")
    fetch = Move(origin="east_canada_sea_zone", destination="north_sea_zone", units=(("transport", 1),))
    assert fetch in legal_actions(rules, state)
    state = act(rules, state, fetch).state
    state = move(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 2)).state
    state = move(rules, state, "north_sea_zone", "west_europe", ("infantry", 2)).state
    assert count(rules, state, "west_europe", "uk", "infantry") == 2
    assert act(rules, state, EndPhase()).state.phase == "conduct_combat"


def test_an_empty_transport_with_nobody_to_fetch_may_not_move_in_the_combat_move(rules):
    state = at(rules, start(rules), "usa", "combat_move")
    reason = refused(rules, state, "east_us_sea_zone", "north_atlantic_sea_zone", ("transport", 1))
    assert reason.startswith("a combat move must end in a battle: North Atlantic Sea Zone holds none")


def test_a_battleship_may_escort_loaded_transports_to_their_landing(rules):
    """C-MOVE-1: warships join transports waiting with cargo beside enemy land, or
    the zone an assault lands from; the battleship then bombards (C-AMPH-4)."""
    state = start(rules)
    state = aboard(rules, state, "north_sea_zone", uk_transport(rules, state), "uk", "infantry", 2)
    state = at(rules, state, "uk", "combat_move")
    state = move(rules, state, "north_sea_zone", "west_spain_sea_zone", ("transport", 1)).state
    state = move(rules, state, "north_sea_zone", "west_spain_sea_zone", ("battleship", 1)).state
    state = move(rules, state, "west_spain_sea_zone", "west_europe", ("infantry", 2)).state
    assert act(rules, state, EndPhase()).state.phase == "conduct_combat"


# -- item 9: one AA gun a territory (placement) ------------------------------------------------------------------


def test_an_aa_gun_may_not_join_another(rules):
    """C-AA-4: Karelia already has a Soviet AA gun."""
    state = at(rules, start(rules), "ussr", "noncombat_move")
    reason = refused(rules, state, "russia", "karelia_ssr", ("aa_gun", 1))
    assert reason == "Karelia S.S.R. may hold only one antiaircraft gun; it already has one"
    assert count(rules, move(rules, state, "russia", "caucasus", ("aa_gun", 1)).state, "caucasus", "ussr", "aa_gun") == 1


def test_an_allied_aa_gun_counts_toward_the_limit(rules):
    """C-AA-4 (project default for the UNSURE point): a British gun in Caucasus."""
    state = at(rules, put(rules, start(rules), "caucasus", "uk", "aa_gun"), "ussr", "noncombat_move")
    assert "may hold only one antiaircraft gun" in refused(rules, state, "russia", "caucasus", ("aa_gun", 1))


def test_two_aa_guns_may_not_move_together_into_one_territory(rules):
    state = at(rules, put(rules, start(rules), "russia", "ussr", "aa_gun"), "ussr", "noncombat_move")
    reason = refused(rules, state, "russia", "caucasus", ("aa_gun", 2))
    assert reason == "Caucasus may hold only one antiaircraft gun; move them one at a time to different territories"


def test_an_aa_gun_may_not_be_unloaded_beside_another(rules):
    """C-AA-4: the United Kingdom has its own AA gun already."""
    state = start(rules)
    state = aboard(rules, state, "north_sea_zone", uk_transport(rules, state), "uk", "aa_gun")
    state = at(rules, state, "uk", "noncombat_move")
    assert "may hold only one antiaircraft gun" in refused(rules, state, "north_sea_zone", "united_kingdom",
                                                           ("aa_gun", 1))


def test_a_new_aa_gun_may_not_be_placed_beside_another(rules):
    """C-AA-4: placement too (Russia has a complex and an AA gun)."""
    state = at(rules, start(rules), "ussr", "place")
    powers = list(state.powers)
    index = [p.id for p in powers].index("ussr")
    powers[index] = evolve(powers[index], unplaced=(("aa_gun", 1),))
    state = evolve(state, powers=tuple(powers))
    with pytest.raises(IllegalAction, match="only one is allowed per territory"):
        act(rules, state, Place(unit="aa_gun", space="russia", count=1))
    index = rules.board.space("russia").index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=tuple(u for u in spaces[index].units if u.type != "aa_gun"))
    state = evolve(state, spaces=tuple(spaces))
    assert count(rules, act(rules, state, Place(unit="aa_gun", space="russia", count=1)).state,
                 "russia", "ussr", "aa_gun") == 1
