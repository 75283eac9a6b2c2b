"""s000-divided-sea-zones: the North Sea, Japan and Red Sea zones each become
a west and an east zone; the UK and Japan are no longer islands."""

import pytest

from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.movement import Move
from axisallies_tui.houserules.s000_divided_sea_zones import SPLITS
from tests.helpers import act, at, clear, count, make_rules, put, start

RULE = "s000-divided-sea-zones"


def test_the_board_is_split_consistently():
    board = make_rules(RULE).board
    assert not {"north_sea_zone", "japan_sea_zone", "red_sea_zone"} & set(board.space_by_id)
    for i, space in enumerate(board.spaces):
        assert space.index == i
        for other in space.neighbours:
            assert space.id in board.space(other).neighbours, (space.id, other)
    for west, east in SPLITS.values():
        assert east.id in board.space(west.id).neighbours
    uk, japan = board.space("united_kingdom"), board.space("japan")
    assert set(uk.neighbours) == {"west_north_sea_zone", "east_north_sea_zone"} and not uk.island
    assert set(japan.neighbours) == {"west_japan_sea_zone", "east_japan_sea_zone"} and not japan.island
    assert "west_red_sea_zone" in board.space("east_mediterranean_sea_zone").neighbours
    assert board.space("eire").island  # Eire borders the west half only: still an island


def test_game_state_follows_the_split_board_and_ships_start_in_the_west_half():
    rules = make_rules(RULE)
    state = start(rules)
    assert len(state.spaces) == len(rules.board.spaces) == len(make_rules().board.spaces) + 3
    assert count(rules, state, "west_north_sea_zone", "uk", "battleship") == 1
    assert count(rules, state, "west_japan_sea_zone", "japan", "battleship") == 1
    assert not state.spaces[rules.board.space("east_north_sea_zone").index].units


def test_canal_and_strait_lead_to_the_half_that_touches_their_other_sea():
    board = make_rules(RULE, "s000-straits").board
    assert {c.id: c.seas for c in board.canals}["suez"] == ("east_mediterranean_sea_zone", "west_red_sea_zone")
    assert {s.id: s.seas for s in board.straits}["danish"] == ("east_north_sea_zone", "baltic_sea_zone")


def baltic_battleship(rules):
    """A German battleship in the Baltic; an empty North Sea (or halves); a British
    transport in the East Canada zone."""
    state = put(rules, start(rules), "baltic_sea_zone", "germany", "battleship")
    for zone in ("north_sea_zone", "west_north_sea_zone", "east_north_sea_zone"):
        if zone in rules.board.space_by_id:
            state = clear(rules, state, zone)
    return at(rules, state, "germany", "combat_move")


def test_without_the_rule_the_baltic_battleship_reaches_east_canada_and_sinks_the_transport():
    rules = make_rules()
    state = baltic_battleship(rules)
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="east_canada_sea_zone",
                                   units=(("battleship", 1),))).state
    state = act(rules, state, EndPhase()).state
    after = act(rules, state, Fight(space="east_canada_sea_zone"), dice=[4, 6]).state  # hit; transport misses
    assert count(rules, after, "east_canada_sea_zone", "uk", "transport") == 0


def test_with_the_rule_east_canada_is_three_zones_from_the_baltic():
    rules = make_rules(RULE)
    state = baltic_battleship(rules)
    with pytest.raises(IllegalAction):
        act(rules, state, Move(origin="baltic_sea_zone", destination="east_canada_sea_zone",
                               units=(("battleship", 1),)))


def test_the_halves_are_separate_zones_the_fleets_do_not_meet():
    """A German battleship may sail into the East North Sea in the non-combat
    move: the British fleet in the west half is not there."""
    rules = make_rules(RULE)
    state = at(rules, put(rules, start(rules), "baltic_sea_zone", "germany", "battleship"), "germany", "noncombat_move")
    after = act(rules, state, Move(origin="baltic_sea_zone", destination="east_north_sea_zone",
                                   units=(("battleship", 1),))).state
    assert count(rules, after, "east_north_sea_zone", "germany", "battleship") == 1
    assert count(rules, after, "west_north_sea_zone", "uk", "battleship") == 1


def test_a_battle_in_a_half_goes_as_it_would_in_the_whole_zone():
    """The rule changes where fleets are, not how they fight: the same dice, the same result."""
    results = []
    for rules, zone in ((make_rules(), "north_sea_zone"), (make_rules(RULE), "west_north_sea_zone")):
        state = put(rules, start(rules), "west_spain_sea_zone", "germany", "battleship")
        state = at(rules, state, "germany", "combat_move")
        state = act(rules, state, Move(origin="west_spain_sea_zone", destination=zone,
                                       units=(("battleship", 1),))).state
        state = act(rules, state, EndPhase()).state
        # every die misses: the attacker is asked whether to press on
        step = act(rules, state, Fight(space=zone), dice=[6, 6, 6])
        assert step.state.pending is not None
        results.append((step.state.pending.options, count(rules, step.state, zone, "germany", "battleship"),
                         count(rules, step.state, zone, "uk", "battleship")))
    assert results[0] == results[1] == (("press on", "retreat to west_spain_sea_zone"), 1, 1)
