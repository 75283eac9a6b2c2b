"""s000-damaged-capital-ships: two hits for battleships and carriers, weaker when
damaged, and repair at a friendly complex."""

import pytest

from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import units_in
from axisallies_tui.houserules.s000_damaged_capital_ships import RepairShip
from tests.helpers import act, at, clear, count, make_rules, money, put, start

RULE = "s000-damaged-capital-ships"


def duel(rules, dice):
    """A German submarine attacks a lone British battleship in the North Sea."""
    state = clear(rules, start(rules), "north_sea_zone")
    state = put(rules, state, "north_sea_zone", "uk", "battleship")
    state = put(rules, state, "baltic_sea_zone", "germany", "submarine")
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=(("submarine", 1),))).state
    state = act(rules, state, EndPhase()).state
    return act(rules, state, Fight(space="north_sea_zone"), dice=dice)


def test_one_hit_sinks_a_battleship_in_the_classic_rules():
    rules = make_rules()
    step = duel(rules, [1])  # the submarine's strike hits; the battleship never fires
    assert count(rules, step.state, "north_sea_zone", "uk", "battleship") == 0


def test_with_the_rule_the_first_hit_only_damages_and_the_battleship_fires_back_at_2():
    rules = make_rules(RULE)
    # strike [1] damages it; the battleship (now 2) fires [2]: a hit sinks the submarine
    step = duel(rules, [1, 2])
    ships = [u for u in units_in(rules.board, step.state, "north_sea_zone") if u.type == "battleship"]
    assert len(ships) == 1 and ships[0].damage == 1
    assert count(rules, step.state, "north_sea_zone", "germany", "submarine") == 0
    hurt = [e for e in step.events if e.kind in ("casualties", "casualties_chosen") and e.damaged]
    assert hurt and hurt[0].damaged == (("battleship", 1),)


def test_a_damaged_battleship_misses_on_3_and_sinks_on_a_second_hit():
    rules = make_rules(RULE)
    # strike [1] damages; the battleship fires [3]: a miss at 2; retreat offered, press on;
    # round 2 strike [1] sinks it
    state = duel(rules, [1, 3]).state
    assert state.pending.kind == "retreat"
    after = act(rules, state, Answer("press on"), dice=[1]).state
    assert count(rules, after, "north_sea_zone", "uk", "battleship") == 0


def damaged(rules, unit, zone="north_sea_zone", power="uk"):
    from attrs import evolve

    state = clear(rules, start(rules), zone)
    state = put(rules, state, zone, power, unit)
    index = rules.board.space(zone).index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=tuple(evolve(u, damage=1) for u in spaces[index].units))
    return evolve(state, spaces=tuple(spaces))


def test_a_damaged_ship_moves_one_zone():
    rules = make_rules(RULE)
    state = at(rules, damaged(rules, "battleship"), "uk", "noncombat_move")
    with pytest.raises(IllegalAction, match="1 movement point left"):
        act(rules, state, Move(origin="north_sea_zone", destination="north_atlantic_sea_zone", units=(("battleship", 1),)))
    assert act(rules, state, Move(origin="north_sea_zone", destination="east_canada_sea_zone", units=(("battleship", 1),))).state


def test_a_damaged_carrier_holds_no_fighters():
    rules = make_rules(RULE)
    state = put(rules, damaged(rules, "carrier"), "north_sea_zone", "uk", "fighter")
    step = act(rules, at(rules, state, "uk", "noncombat_move"), EndPhase())
    assert [(e.unit, e.count) for e in step.events if e.kind == "units_lost"] == [("fighter", 1)]


def test_repair_at_a_complex_costs_10_and_the_ship_returns_whole_at_placement():
    rules = make_rules(RULE)
    state = at(rules, damaged(rules, "battleship"), "uk", "research")
    state = act(rules, state, RepairShip(uid=state.next_uid - 1, factory="united_kingdom")).state
    assert money(rules, state, "uk") == 20
    assert count(rules, state, "north_sea_zone", "uk", "battleship") == 0
    while state.phase != "place":
        state = act(rules, state, EndPhase()).state
    assert count(rules, state, "north_sea_zone", "uk", "battleship") == 0, "still in the yard until placement ends"
    after = act(rules, state, EndPhase()).state
    ships = [u for u in units_in(rules.board, after, "north_sea_zone") if u.type == "battleship"]
    assert len(ships) == 1 and ships[0].damage == 0


def test_no_repairs_without_the_rule_or_away_from_a_complex():
    rules = make_rules(RULE)
    state = at(rules, damaged(rules, "battleship", zone="north_atlantic_sea_zone"), "uk", "research")
    with pytest.raises(IllegalAction, match="does not border"):
        act(rules, state, RepairShip(uid=state.next_uid - 1, factory="united_kingdom"))
    plain = make_rules()
    with pytest.raises(IllegalAction, match="belongs to s000-damaged-capital-ships, which is not on"):
        act(plain, at(plain, damaged(plain, "battleship"), "uk", "research"),
            RepairShip(uid=start(plain).next_uid, factory="united_kingdom"))


def test_a_defending_ship_damaged_this_round_still_fires_at_full_strength():
    """C-COMBAT 8.2 step 3: the defender's casualties of a round still fire in it;
    a battleship damaged by the attacker's volley defends at 4 that round, at 2 after."""
    rules = make_rules(RULE)
    state = clear(rules, start(rules), "north_sea_zone")
    state = put(rules, state, "north_sea_zone", "uk", "battleship")
    state = put(rules, state, "baltic_sea_zone", "germany", "battleship")
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=(("battleship", 1),))).state
    state = act(rules, state, EndPhase()).state
    # Germany hits [1] (damage); the British battleship fires [4]: a hit at full strength
    step = act(rules, state, Fight(space="north_sea_zone"), dice=[1, 4])
    ships = {u.power: u.damage for u in units_in(rules.board, step.state, "north_sea_zone") if u.type == "battleship"}
    assert ships == {"uk": 1, "germany": 1}
