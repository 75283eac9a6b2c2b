"""Movement rules on the classic board (base rules sections 7 and 9)."""

import pytest
from attrs import evolve

from axisallies_tui.engine.actions import EndPhase, Undo
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.queries import owner, units_in
from tests.helpers import act, at, clear, count, ipcs, make_rules, money, move, own, put, refused, start


@pytest.fixture
def rules():
    return make_rules()



# -- land ---------------------------------------------------------------------------------


def test_a_tank_blitzes_through_empty_caucasus_into_persia(rules):
    """C-LAND-3: Ukraine -> Caucasus (emptied) -> Persia; both captured at once."""
    state = at(rules, clear(rules, start(rules), "caucasus"), "germany", "combat_move")
    step = move(rules, state, "ukraine_ssr", "persia", ("armour", 1))
    after = step.state
    assert owner(rules.board, after, "caucasus") == "germany"
    assert owner(rules.board, after, "persia") == "germany"
    assert set(after.turn.captured) == {"caucasus", "persia"}
    assert count(rules, after, "persia", "germany", "armour") == 1
    moved = [e for e in step.events if e.kind == "units_moved"][0]
    assert moved.path == ("caucasus", "persia")


def test_no_blitz_through_a_territory_holding_one_infantry(rules):
    state = put(rules, clear(rules, start(rules), "caucasus"), "caucasus", "ussr", "infantry")
    state = at(rules, state, "germany", "combat_move")
    assert refused(rules, state, "ukraine_ssr", "persia", ("armour", 1)) == "tanks cannot blitz through Caucasus: it holds enemy units"


def test_no_blitz_in_the_non_combat_move(rules):
    state = at(rules, clear(rules, start(rules), "caucasus"), "germany", "noncombat_move")
    reason = refused(rules, state, "ukraine_ssr", "persia", ("armour", 1))
    assert "enemy territory: non-combat moves stay in friendly territory" in reason


def test_only_armour_blitzes(rules):
    state = at(rules, clear(rules, start(rules), "caucasus"), "germany", "combat_move")
    state = evolve(state)  # infantry moves 1 anyway: two spaces is too far
    reason = refused(rules, state, "ukraine_ssr", "persia", ("infantry", 1))
    assert "is 2 spaces from Ukraine S.S.R.; the infantry has 1 movement point left" in reason


def test_a_lone_aa_gun_and_complex_count_as_empty_and_change_hands(rules):
    """C-LAND-3 default and C-CAPTURE-3: blitz through Karelia's complex and AA gun."""
    state = clear(rules, start(rules), "karelia_ssr")
    state = put(rules, put(rules, state, "karelia_ssr", "ussr", "aa_gun"), "karelia_ssr", "ussr", "industrial_complex")
    state = clear(rules, state, "caucasus")
    state = at(rules, state, "germany", "combat_move")
    after = move(rules, state, "ukraine_ssr", "caucasus", ("armour", 1), path=("karelia_ssr", "caucasus")).state
    assert owner(rules.board, after, "karelia_ssr") == "germany"
    assert count(rules, after, "karelia_ssr", "germany", "industrial_complex") == 1


def test_entering_a_territory_with_enemy_units_ends_the_move(rules):
    """C-LAND-2: the tank stops in Caucasus and may not go on this combat move."""
    state = at(rules, start(rules), "germany", "combat_move")
    after = move(rules, state, "ukraine_ssr", "caucasus", ("armour", 1)).state
    assert owner(rules.board, after, "caucasus") == "ussr"  # a battle, not a capture
    reason = refused(rules, after, "caucasus", "persia", ("armour", 1))
    assert "ended its combat move" in reason


def test_land_units_do_not_walk_to_islands(rules):
    """C-BOARD-9."""
    state = at(rules, start(rules), "uk", "combat_move")
    assert "cannot be reached over land" in refused(rules, state, "united_kingdom", "west_europe", ("infantry", 1))


def test_aa_guns_stay_out_of_the_combat_move_and_complexes_never_move(rules):
    """C-LAND-4."""
    state = at(rules, start(rules), "ussr", "combat_move")
    assert refused(rules, state, "russia", "ukraine_ssr", ("aa_gun", 1)) == "antiaircraft guns move only in the non-combat move"
    state = at(rules, start(rules), "ussr", "noncombat_move")
    assert move(rules, state, "russia", "caucasus", ("aa_gun", 1)).state
    assert "never move" in refused(rules, state, "russia", "caucasus", ("industrial_complex", 1))


def test_a_land_unit_may_not_end_the_combat_move_in_friendly_territory(rules):
    """C-LAND-5 / C-MOVE-1: a reposition in the combat move is refused at once."""
    state = at(rules, start(rules), "ussr", "combat_move")
    reason = refused(rules, state, "russia", "caucasus", ("infantry", 1))
    assert reason == ("a combat move must end in a battle: Caucasus holds none for the infantry; "
                      "move there in the non-combat move")


# -- neutrals -------------------------------------------------------------------------------


def test_entering_turkey_costs_3_ipcs_and_takes_it(rules):
    """C-NEUTRAL-1..3."""
    state = at(rules, start(rules), "ussr", "combat_move")
    after = move(rules, state, "caucasus", "turkey", ("infantry", 1)).state
    assert owner(rules.board, after, "turkey") == "ussr"
    assert money(rules, after, "ussr") == 24 - 3
    poor = ipcs(rules, state, "ussr", 2)
    assert refused(rules, poor, "caucasus", "turkey", ("infantry", 1)) == "entering neutral Turkey costs 3 IPCs; you have 2"


def test_aircraft_never_cross_a_neutral(rules):
    """C-NEUTRAL-4."""
    state = put(rules, start(rules), "persia", "uk", "bomber")
    state = at(rules, state, "uk", "noncombat_move")
    reason = refused(rules, state, "persia", "syria_jordan", ("bomber", 1), path=("turkey", "syria_jordan"))
    assert reason == "aircraft may not fly over Turkey while it is neutral"
    assert move(rules, state, "persia", "syria_jordan", ("bomber", 1)).state  # the direct route is fine


# -- air ----------------------------------------------------------------------------------


def test_a_fighter_may_not_attack_where_it_could_not_land_afterwards(rules):
    """C-AIR-2: Germany -> East Canada Sea Zone is 3 of its 4 points, and nothing German is 1 away."""
    state = at(rules, put(rules, start(rules), "germany", "germany", "fighter"), "germany", "combat_move")
    reason = refused(rules, state, "germany", "east_canada_sea_zone", ("fighter", 1))
    assert reason == "the fighter would have 1 movement point left and no friendly place to land"


def test_a_fighter_may_count_on_its_own_carrier_sailing_to_meet_it(rules):
    """C-AIR-2 "planned carrier": the US carrier in the Hawaii zone can sail to meet the fighter."""
    state = put(rules, start(rules), "west_us", "usa", "fighter")
    state = put(rules, state, "west_canada_sea_zone", "japan", "submarine")
    state = clear(rules, state, "hawaii_sea_zone")
    state = put(rules, state, "hawaii_sea_zone", "usa", "carrier")
    state = at(rules, state, "usa", "combat_move")
    assert move(rules, state, "west_us", "west_canada_sea_zone", ("fighter", 1)).state


def test_aircraft_that_attacked_fly_home_in_the_non_combat_move(rules):
    """C-TURN-2: aircraft split their movement over both move phases."""
    state = at(rules, put(rules, start(rules), "germany", "germany", "fighter"), "germany", "combat_move")
    attacked = move(rules, state, "germany", "north_sea_zone", ("fighter", 1), path=("west_europe", "north_sea_zone")).state
    home = at(rules, attacked, "germany", "noncombat_move")
    after = move(rules, home, "north_sea_zone", "west_europe", ("fighter", 1)).state
    fighter = [u for u in units_in(rules.board, after, "west_europe") if u.type == "fighter" and u.moved == 3]
    assert fighter, "the fighter used 2 points out and 1 back"


def test_no_landing_in_a_territory_captured_this_turn(rules):
    """C-LAND-AIR-2."""
    state = at(rules, clear(rules, start(rules), "caucasus"), "germany", "combat_move")
    state = move(rules, state, "ukraine_ssr", "caucasus", ("armour", 1)).state
    state = at(rules, state, "germany", "noncombat_move")
    state = evolve(state, turn=evolve(state.turn, captured=("caucasus",)))
    assert "captured this turn" in refused(rules, state, "ukraine_ssr", "caucasus", ("fighter", 1))


def test_aircraft_without_a_landing_place_are_lost_when_the_non_combat_move_ends(rules):
    """C-LAND-AIR-1: a German fighter left over the North Sea with no carrier."""
    state = put(rules, start(rules), "north_sea_zone", "germany", "fighter")
    state = at(rules, state, "germany", "noncombat_move")
    step = act(rules, state, EndPhase())
    lost = [e for e in step.events if e.kind == "units_lost"]
    assert [(e.unit, e.count, e.space) for e in lost] == [("fighter", 1, "north_sea_zone")]
    assert count(rules, step.state, "north_sea_zone", "germany", "fighter") == 0


def test_fighters_ride_on_a_moving_carrier(rules):
    """C-SEA-4: the US carrier takes its fighter from the Hawaii zone to the Midway zone."""
    state = at(rules, start(rules), "usa", "noncombat_move")
    after = move(rules, state, "hawaii_sea_zone", "midway_sea_zone", ("carrier", 1), ("fighter", 1)).state
    riders = [u for u in units_in(rules.board, after, "midway_sea_zone") if u.type == "fighter"]
    assert len(riders) == 1 and riders[0].moved == 0
    assert "have room for 2 fighters, not 3" in refused(
        rules, put(rules, state, "hawaii_sea_zone", "usa", "fighter", 2),
        "hawaii_sea_zone", "midway_sea_zone", ("carrier", 1), ("fighter", 3))


# -- sea ----------------------------------------------------------------------------------


def test_ships_stop_in_a_sea_zone_holding_enemy_ships(rules):
    """C-SEA-2: even an enemy submarine or transport blocks."""
    state = put(rules, start(rules), "north_atlantic_sea_zone", "germany", "submarine")
    state = at(rules, state, "usa", "combat_move")
    reason = refused(rules, state, "east_us_sea_zone", "west_spain_sea_zone", ("transport", 1),
                     path=("north_atlantic_sea_zone", "west_spain_sea_zone"))
    assert reason == "North Atlantic Sea Zone holds enemy ships: ships must stop there"
    state = at(rules, state, "usa", "noncombat_move")
    assert "non-combat moves may not enter it" in refused(rules, state, "east_us_sea_zone", "north_atlantic_sea_zone", ("transport", 1))


def test_the_panama_canal_needs_panama_in_friendly_hands_since_the_turn_began(rules):
    """C-SEA-3."""
    state = put(rules, start(rules), "caribbean_sea_zone", "usa", "battleship")
    enemy = at(rules, own(rules, state, "panama", "japan"), "usa", "noncombat_move")
    reason = refused(rules, enemy, "caribbean_sea_zone", "west_panama_sea_zone", ("battleship", 1))
    assert reason.startswith("the Panama Canal is controlled by the enemy")
    friendly = at(rules, state, "usa", "noncombat_move")
    assert move(rules, friendly, "caribbean_sea_zone", "west_panama_sea_zone", ("battleship", 1)).state
    retaken = evolve(friendly, turn=evolve(friendly.turn, captured=("panama",)))
    assert "since the start of the turn" in refused(rules, retaken, "caribbean_sea_zone", "west_panama_sea_zone", ("battleship", 1))


# -- transports -------------------------------------------------------------------------------


def test_a_transport_refuses_a_third_infantry(rules):
    """C-UNIT-4: two infantry, or one armour, or one AA gun."""
    state = put(rules, start(rules), "united_kingdom", "uk", "infantry", 1)
    state = at(rules, state, "uk", "noncombat_move")
    state = move(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 2)).state
    reason = refused(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 1))
    assert reason == "the transports in North Sea Zone have 0 places left: a transport carries two infantry, or one armour, or one AA gun"
    mixed = at(rules, put(rules, start(rules), "united_kingdom", "uk", "infantry"), "uk", "noncombat_move")
    mixed = move(rules, mixed, "united_kingdom", "north_sea_zone", ("armour", 1)).state
    assert "0 places left" in refused(rules, mixed, "united_kingdom", "north_sea_zone", ("infantry", 1))


def test_a_land_unit_that_moved_may_not_board(rules):
    """C-TRANS-1 (project default)."""
    state = at(rules, start(rules), "usa", "noncombat_move")
    state = move(rules, state, "west_us", "east_us", ("infantry", 1)).state
    reason = refused(rules, state, "east_us", "east_us_sea_zone", ("infantry", 3))
    assert reason == "the infantry has already moved this turn and may not board"


def test_an_amphibious_assault_from_the_north_sea_on_west_europe(rules):
    """C-AMPH-1, C-TRANS-3/4: load, land, and the landed troops may go no further."""
    state = at(rules, start(rules), "uk", "combat_move")
    state = move(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 2)).state
    with pytest.raises(IllegalAction, match="must land in an enemy territory"):
        act(rules, state, EndPhase())  # C-TRANS-2
    step = move(rules, state, "north_sea_zone", "west_europe", ("infantry", 2))
    after = step.state
    landed = [u for u in units_in(rules.board, after, "west_europe") if u.power == "uk"]
    assert len(landed) == 2 and all(u.amphibious and u.came_from == "north_sea_zone" for u in landed)
    assert after.turn.assault_zones == ("north_sea_zone",)
    transport = next(u for u in units_in(rules.board, after, "north_sea_zone") if u.type == "transport")
    assert transport.unloaded
    assert "unloaded this turn and may not move" in refused(rules, after, "north_sea_zone", "east_canada_sea_zone", ("transport", 1))
    assert act(rules, after, EndPhase()).state.phase != "combat_move"


def test_unloading_into_a_zone_with_enemy_ships_waits_for_the_sea_battle(rules):
    """C-AMPH-2: the transport sails into a zone with a German submarine; its cargo
    stays aboard, marked to land once the zone is cleared."""
    state = put(rules, start(rules), "west_spain_sea_zone", "germany", "submarine")
    state = at(rules, state, "uk", "combat_move")
    state = move(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 2)).state
    state = move(rules, state, "north_sea_zone", "west_spain_sea_zone", ("transport", 1)).state
    after = move(rules, state, "west_spain_sea_zone", "west_europe", ("infantry", 2)).state
    cargo = [u for u in units_in(rules.board, after, "west_spain_sea_zone") if u.type == "infantry"]
    assert len(cargo) == 2 and all(u.landing == "west_europe" for u in cargo)
    assert act(rules, after, EndPhase()).state.phase != "combat_move"


def test_loading_only_in_friendly_waters(rules):
    """C-TRANS-1: a sea zone with an enemy ship is no place to embark."""
    state = put(rules, start(rules), "north_sea_zone", "germany", "submarine")
    state = at(rules, state, "uk", "combat_move")
    reason = refused(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 1))
    assert reason == "North Sea Zone holds enemy ships: transports load only in friendly waters"


def test_in_the_non_combat_move_transports_unload_only_into_friendly_territory(rules):
    state = at(rules, start(rules), "uk", "noncombat_move")
    state = move(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 1)).state
    assert "held by the enemy" in refused(rules, state, "north_sea_zone", "west_europe", ("infantry", 1))
    assert move(rules, state, "north_sea_zone", "united_kingdom", ("infantry", 1)).state


# -- phases and undo -----------------------------------------------------------------------------


def test_units_that_moved_in_combat_do_not_move_again(rules):
    """C-TURN-2, C-NCM-3."""
    state = at(rules, start(rules), "germany", "combat_move")
    state = move(rules, state, "ukraine_ssr", "caucasus", ("armour", 1)).state
    state = at(rules, state, "germany", "noncombat_move")
    assert "moved or fought in the combat move" in refused(rules, state, "caucasus", "ukraine_ssr", ("armour", 1))


def test_moves_outside_the_move_phases_are_refused(rules):
    state = at(rules, start(rules), "germany", "purchase")
    assert refused(rules, state, "germany", "east_europe", ("infantry", 1)) == "units move only in the combat move and non-combat move phases"


def test_undo_puts_a_blitz_back_as_it_was(rules):
    state = at(rules, clear(rules, start(rules), "caucasus"), "germany", "combat_move")
    after = move(rules, state, "ukraine_ssr", "persia", ("armour", 1)).state
    back = act(rules, after, Undo()).state
    assert back.spaces == state.spaces and back.turn == state.turn and back.powers == state.powers


def test_a_bomber_left_at_sea_is_lost_even_beside_a_fighter_with_room(rules):
    """C-LAND-AIR-1: bombers never land on carriers (found by the property test)."""
    state = clear(rules, start(rules), "hawaii_sea_zone")
    for unit in ("carrier", "fighter", "bomber"):
        state = put(rules, state, "hawaii_sea_zone", "usa", unit)
    step = act(rules, at(rules, state, "usa", "noncombat_move"), EndPhase())
    assert [(e.unit, e.count) for e in step.events if e.kind == "units_lost"] == [("bomber", 1)]
    assert count(rules, step.state, "hawaii_sea_zone", "usa", "fighter") == 1


def test_the_feed_says_a_neutral_was_taken(rules):
    state = at(rules, start(rules), "ussr", "combat_move")
    step = move(rules, state, "caucasus", "turkey", ("infantry", 1))
    texts = [e.text(rules.board, rules.edition) for e in step.events if e.kind == "territory_captured"]
    assert texts == ["Soviet Union takes neutral Turkey."]
