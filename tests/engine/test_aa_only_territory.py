"""A territory holding only an enemy AA gun (C-LAND-1, C-LAND-3, C-CAPTURE-3).

An AA gun never defends (C-UNIT-2), so such a territory is empty for a land
attack: it is taken on entry, by land, by blitz or from the sea, and the gun
changes hands with it.
"""

import pytest

from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.combat import Fight, pending_battles
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner
from tests.helpers import act, at, clear, count, kinds, make_rules, put, start


@pytest.fixture
def rules():
    return make_rules()


def lone_gun(rules, space, power, mover):
    state = put(rules, clear(rules, start(rules), space), space, power, "aa_gun")
    return at(rules, state, mover, "combat_move")


def test_a_landing_from_the_sea_takes_the_territory_and_its_gun(rules):
    state = lone_gun(rules, "west_europe", "germany", "uk")
    state = act(rules, state, Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 2),))).state
    step = act(rules, state, Move(origin="north_sea_zone", destination="west_europe", units=(("infantry", 2),)))
    assert kinds(step)[-2:] == ["territory_captured", "units_changed_hands"]
    after = act(rules, step.state, EndPhase()).state
    assert owner(rules.board, after, "west_europe") == "uk"
    assert count(rules, after, "west_europe", "uk", "aa_gun") == 1
    assert count(rules, after, "west_europe", "germany", "aa_gun") == 0
    assert pending_battles(rules, after) == []


def test_a_landing_waiting_on_a_sea_battle_takes_the_territory_once_the_battle_is_won(rules):
    state = lone_gun(rules, "west_europe", "germany", "uk")
    state = act(rules, state, Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="north_sea_zone", destination="west_spain_sea_zone",
                                   units=(("transport", 1), ("battleship", 1)))).state
    state = act(rules, state, Move(origin="west_spain_sea_zone", destination="west_europe",
                                   units=(("infantry", 2),))).state
    state = act(rules, state, EndPhase()).state
    assert owner(rules.board, state, "west_europe") == "germany"
    assert pending_battles(rules, state) == ["west_spain_sea_zone"]
    # the battleship hits the submarine (1); the submarine misses (6); the troops land
    state = act(rules, state, Fight(space="west_spain_sea_zone"), dice=[1, 6]).state
    assert owner(rules.board, state, "west_europe") == "uk"
    assert count(rules, state, "west_europe", "uk", "aa_gun") == 1
    assert count(rules, state, "west_europe", "uk", "infantry") == 2
    assert pending_battles(rules, state) == []


def test_a_land_attack_takes_it_on_entry_without_a_battle(rules):
    state = lone_gun(rules, "karelia_ssr", "ussr", "germany")
    step = act(rules, state, Move(origin="east_europe", destination="karelia_ssr", units=(("infantry", 1),)))
    assert owner(rules.board, step.state, "karelia_ssr") == "germany"
    assert count(rules, step.state, "karelia_ssr", "germany", "aa_gun") == 1
    assert pending_battles(rules, act(rules, step.state, EndPhase()).state) == []


def test_a_tank_blitzes_through_it_and_takes_it_on_the_way(rules):
    state = clear(rules, lone_gun(rules, "karelia_ssr", "ussr", "germany"), "caucasus")
    step = act(rules, state, Move(origin="east_europe", destination="caucasus", units=(("armour", 1),),
                                  path=("karelia_ssr", "caucasus")))
    after = step.state
    assert (owner(rules.board, after, "karelia_ssr"), owner(rules.board, after, "caucasus")) == ("germany", "germany")
    assert count(rules, after, "karelia_ssr", "germany", "aa_gun") == 1
    assert count(rules, after, "caucasus", "germany", "armour") == 1
