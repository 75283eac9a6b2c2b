"""The calculator against the engine's own combat code: many seeded battles
fought by `Fight` with the default answers (cheapest casualties, press on)
must agree with the exact odds within the simulation's error."""

import math

import pytest
from attrs import evolve

from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.battle_odds import odds_for_battle
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.dice import SeededDice
from axisallies_tui.engine.game import apply
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.odds import battle_odds
from axisallies_tui.engine.profiles import ATTACK, DEFENCE, profile
from axisallies_tui.engine.queries import owner, units_in
from tests.helpers import act, at, clear, make_rules, put, start, techs

TRIALS = 600


def land_battle(rules):
    """Germany: 3 infantry (overland, 1 space), 2 armour, 1 fighter into Caucasus (4 infantry, 1 fighter)."""
    state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
    for unit, n in (("infantry", 3), ("armour", 2), ("fighter", 1)):
        state = put(rules, state, "ukraine_ssr", "germany", unit, n)
    state = put(rules, put(rules, state, "caucasus", "ussr", "infantry", 4), "caucasus", "ussr", "fighter")
    state = at(rules, state, "germany", "combat_move")
    for unit, n in (("infantry", 3), ("armour", 2), ("fighter", 1)):
        state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=((unit, n),))).state
    return act(rules, state, EndPhase()).state, "caucasus"


def sea_battle(rules):
    """Germany: 4 submarines and a battleship attack 1 battleship, 1 carrier, 2 fighters, 1 transport."""
    state = clear(rules, clear(rules, start(rules), "north_sea_zone"), "baltic_sea_zone")
    for unit, n in (("submarine", 4), ("battleship", 1)):
        state = put(rules, state, "baltic_sea_zone", "germany", unit, n)
    for unit, n in (("battleship", 1), ("carrier", 1), ("fighter", 2), ("transport", 1)):
        state = put(rules, state, "north_sea_zone", "uk", unit, n)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone",
                                   units=(("submarine", 4), ("battleship", 1)))).state
    return act(rules, state, EndPhase()).state, "north_sea_zone"


def fight_out(rules, state, space, seed):
    """One battle to the end with the default answers; returns the outcome."""
    number = 0
    step = apply(rules, state, Fight(space=space), SeededDice(seed, number))
    while step.state.battle is not None:
        number += 1
        pending = step.state.pending
        choice = "press on" if pending.kind == "retreat" else pending.default
        step = apply(rules, step.state, Answer(choice), SeededDice(seed, number))
    ended = [e for e in step.events if e.kind == "battle_ended"][0]
    return ended.outcome, step.state


def agree(rules, setup, expected_field="attacker_win", attacker="germany"):
    exact, _ = agree_rate(rules, setup, attacker)
    return exact


def agree_rate(rules, setup, attacker="germany"):
    """(exact odds, the engine's win rate) once they are checked to agree."""
    state, space = setup(rules)
    exact = odds_for_battle(rules, state, space)
    wins = 0
    for seed in range(TRIALS):
        outcome, after = fight_out(rules, state, space, seed)
        if rules.board.space(space).is_land:
            wins += owner(rules.board, after, space) == attacker
        else:
            wins += outcome == "attacker"
    rate = wins / TRIALS
    error = math.sqrt(max(exact.attacker_win * (1 - exact.attacker_win), 1e-4) / TRIALS)
    assert abs(rate - exact.attacker_win) < 4 * error, (rate, exact.attacker_win)
    return exact, rate


def test_land_battle_engine_and_calculator_agree():
    agree(make_rules(), land_battle)


def test_sea_battle_with_submarines_engine_and_calculator_agree():
    agree(make_rules(), sea_battle)


def test_damaged_capital_ships_change_the_odds_and_still_agree():
    """s000-damaged-capital-ships: the British battleship and carrier take two hits each."""
    plain = agree(make_rules(), sea_battle)
    two_hits = agree(make_rules("s000-damaged-capital-ships"), sea_battle)
    assert two_hits.attacker_win < plain.attacker_win - 0.1  # about 0.35 against 0.15


def test_best_of_two_heavy_bombers_change_the_odds():
    """s001-heavy-bombers-best-of-two: at most one hit a bomber, against three with the classic development."""
    def bombers(rules):
        state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
        state = put(rules, put(rules, state, "ukraine_ssr", "germany", "bomber", 2), "ukraine_ssr", "germany", "armour")
        state = put(rules, state, "caucasus", "ussr", "infantry", 5)
        state = techs(rules, at(rules, state, "germany", "combat_move"), "germany", "heavy_bombers")
        for unit in ("bomber", "armour"):
            n = 2 if unit == "bomber" else 1
            state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=((unit, n),))).state
        return act(rules, state, EndPhase()).state, "caucasus"

    classic = agree(make_rules(), bombers)
    best_of_two = agree(make_rules("s001-heavy-bombers-best-of-two"), bombers)
    assert best_of_two.attacker_win < classic.attacker_win / 2


@pytest.mark.parametrize("rules_ids", [(), ("s000-damaged-capital-ships",)])
def test_odds_of_a_battle_in_progress_leave_out_the_casualties_chosen(rules_ids):
    rules = make_rules(*rules_ids)
    state, space = land_battle(rules)
    before = odds_for_battle(rules, state, space)
    assert abs(sum(before.outcomes().values()) - 1) < 1e-9
    assert units_in(rules.board, state, space)


def amphibious_assault(rules):
    """The UK lands 2 infantry in West Europe from the North Sea, where two British
    battleships stand (the start's and one more), with a fighter from the United
    Kingdom; 3 German infantry hold it. Both battleships bombard (C-AMPH-4)."""
    state = clear(rules, start(rules), "west_europe")
    state = put(rules, state, "west_europe", "germany", "infantry", 3)
    state = put(rules, state, "north_sea_zone", "uk", "battleship")
    state = at(rules, state, "uk", "combat_move")
    for move in (Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 2),)),
                 Move(origin="north_sea_zone", destination="west_europe", units=(("infantry", 2),)),
                 Move(origin="united_kingdom", destination="west_europe", units=(("fighter", 1),))):
        state = act(rules, state, move).state
    return act(rules, state, EndPhase()).state, "west_europe"


def test_bombardment_engine_and_calculator_agree_with_and_without_fire_back():
    """C-AMPH-4 (casualties fire back in round 1) against s000-amphibious-assaults
    (they go at once): exact 0.528 against 0.701, and the engine's seeded battles
    agree with each (17 points apart, about 8 standard errors)."""
    classic, classic_rate = agree_rate(make_rules(), amphibious_assault, attacker="uk")
    at_once, at_once_rate = agree_rate(make_rules("s000-amphibious-assaults"), amphibious_assault, attacker="uk")
    assert at_once.attacker_win > classic.attacker_win + 0.15
    assert at_once_rate > classic_rate + 0.08  # the engine sees the rule too
    rules = make_rules()
    state, space = amphibious_assault(rules)
    unshelled = odds_for_battle(rules, evolve(state, turn=evolve(state.turn, battles_done=("north_sea_zone",))), space)
    assert unshelled.attacker_win < classic.attacker_win - 0.15  # the bombardment is counted at all


def test_odds_count_only_the_bombardment_the_engine_will_fire():
    """As `_bombard` chooses: no battleship of a zone that saw a sea battle, none
    that fought, none damaged (s000-damaged-capital-ships' may_bombard); and
    the fire-back answer of the rules in force."""

    def expected(rules, bombarding, fire_back=True):
        def one(power, unit, role):
            return profile(rules, power, (), unit, role)

        return battle_odds([(one("uk", "infantry", ATTACK), 2), (one("uk", "fighter", ATTACK), 1)],
                           [(one("germany", "infantry", DEFENCE), 3)],
                           bombard=[(one("uk", "battleship", ATTACK), bombarding)], bombard_fire_back=fire_back)

    def first_battleship(rules, state, **changes):
        zone = rules.board.space("north_sea_zone").index
        ship = next(u for u in state.spaces[zone].units if u.type == "battleship")
        spaces = list(state.spaces)
        spaces[zone] = evolve(spaces[zone], units=tuple(evolve(u, **changes) if u == ship else u
                                                       for u in spaces[zone].units))
        return evolve(state, spaces=tuple(spaces))

    rules = make_rules("s000-damaged-capital-ships")
    state, space = amphibious_assault(rules)
    assert odds_for_battle(rules, state, space) == expected(rules, 2)
    assert odds_for_battle(rules, first_battleship(rules, state, damage=1), space) == expected(rules, 1)
    assert odds_for_battle(rules, first_battleship(rules, state, fought=True), space) == expected(rules, 1)
    sea_battle_fought = evolve(state, turn=evolve(state.turn, battles_done=("north_sea_zone",)))
    assert odds_for_battle(rules, sea_battle_fought, space) == expected(rules, 0)
    assert expected(rules, 0) != expected(rules, 1) != expected(rules, 2)
    at_once = make_rules("s000-amphibious-assaults")
    state, space = amphibious_assault(at_once)
    assert odds_for_battle(at_once, state, space) == expected(at_once, 2, fire_back=False)
    assert expected(at_once, 2, fire_back=False) != expected(at_once, 2)
