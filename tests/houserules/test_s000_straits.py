"""s000-straits: held straits are shut to enemy surface ships; submarines pass."""

import pytest

from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.movement import Move
from tests.helpers import act, at, make_rules, own, put, start

RULE = "s000-straits"


def through_gibraltar(rules, state, unit):
    return act(rules, state, Move(origin="west_spain_sea_zone", destination="west_mediterranean_sea_zone",
                                  units=((unit, 1),)))


def british_fleet(rules):
    state = put(rules, start(rules), "west_spain_sea_zone", "uk", "battleship")
    return put(rules, state, "west_spain_sea_zone", "uk", "submarine")


def test_germany_holding_gibraltar_and_algeria_shuts_the_strait_to_british_battleships():
    rules = make_rules(RULE)
    state = at(rules, own(rules, british_fleet(rules), "gibraltar", "germany"), "uk", "noncombat_move")
    with pytest.raises(IllegalAction, match="Strait of Gibraltar is held by the Axis: it is shut to your surface ships"):
        through_gibraltar(rules, state, "battleship")
    assert through_gibraltar(rules, state, "submarine").state  # submarines always pass


def test_without_the_rule_the_battleship_sails_through():
    rules = make_rules()
    state = at(rules, own(rules, british_fleet(rules), "gibraltar", "germany"), "uk", "noncombat_move")
    assert through_gibraltar(rules, state, "battleship").state


def test_split_shores_leave_the_strait_open():
    """At the start Britain holds Gibraltar and Germany Algeria: nobody holds both."""
    rules = make_rules(RULE)
    state = at(rules, british_fleet(rules), "uk", "noncombat_move")
    assert through_gibraltar(rules, state, "battleship").state


def test_a_neutral_turkey_shuts_the_bosporus_to_everyone_and_east_europe_keeps_the_other_exit():
    rules = make_rules(RULE)
    state = put(rules, start(rules), "black_sea_zone", "germany", "battleship")
    attack = at(rules, state, "germany", "combat_move")  # the British fleet in the East Mediterranean
    with pytest.raises(IllegalAction, match="closed to all surface ships while its shore is neutral"):
        act(rules, attack, Move(origin="black_sea_zone", destination="east_mediterranean_sea_zone",
                                units=(("battleship", 1),), path=("east_mediterranean_sea_zone",)))
    # without a path given, the engine sails round by the Central Mediterranean (East Europe is German)
    detour = act(rules, attack, Move(origin="black_sea_zone", destination="east_mediterranean_sea_zone",
                                     units=(("battleship", 1),)))
    assert [e.path for e in detour.events if e.kind == "units_moved"] == [
        ("central_mediterranean_sea_zone", "east_mediterranean_sea_zone")]
    state = at(rules, state, "germany", "noncombat_move")
    # Germany holds East Europe: the Central Mediterranean exit is its own
    assert act(rules, state, Move(origin="black_sea_zone", destination="central_mediterranean_sea_zone",
                                  units=(("battleship", 1),))).state
    soviet = at(rules, put(rules, start(rules), "black_sea_zone", "ussr", "battleship"), "ussr", "combat_move")
    with pytest.raises(IllegalAction, match="held by the Axis"):
        act(rules, soviet, Move(origin="black_sea_zone", destination="central_mediterranean_sea_zone",
                                units=(("battleship", 1),)))


def test_a_neutral_sweden_keeps_the_danish_straits_open():
    rules = make_rules(RULE)
    state = at(rules, start(rules), "uk", "combat_move")
    # the British battleship may attack the German ships in the Baltic through the Danish straits
    assert act(rules, state, Move(origin="north_sea_zone", destination="baltic_sea_zone", units=(("battleship", 1),))).state
