"""The exact battle calculator (engine/odds.py) and `axisallies odds`.

Small battles are worked out by hand in the docstrings; bigger ones are checked
against a seeded Monte Carlo written here, unit by unit, without the
calculator's slot bookkeeping.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from attrs import evolve

from axisallies_tui.cli import main
from axisallies_tui.engine.odds import Odds, _Battle, battle_odds
from axisallies_tui.engine.profiles import ATTACK, DEFENCE, Profile, profile
from tests.helpers import make_rules

EXACT = 1e-12


@pytest.fixture(scope="module")
def rules():
    return make_rules()


@pytest.fixture(scope="module")
def att(rules):
    return lambda unit, *techs: profile(rules, "germany", techs, unit, ATTACK)


@pytest.fixture(scope="module")
def dfn(rules):
    return lambda unit, *techs: profile(rules, "ussr", techs, unit, DEFENCE)


def total(odds: Odds) -> float:
    return sum(odds.outcomes().values())


def survivors(pairs: tuple[tuple[str, float], ...]) -> dict[str, float]:
    return dict(pairs)


# -- hand-computed battles -------------------------------------------------------------


def test_one_infantry_attacks_one_infantry(att, dfn):
    """Attack 1 (a = 1/6) against defence 2 (d = 1/3), one unit each.

    One round: attacker alone hits a(1-d) = 1/9, defender alone (1-a)d = 5/18,
    both ad = 1/18, nobody (1-a)(1-d) = 5/9. Summing the geometric series
    sum_k (5/9)^k = 9/4 over the rounds of misses: attacker wins 1/9 * 9/4 = 1/4,
    defender 5/18 * 9/4 = 5/8, both destroyed 1/18 * 9/4 = 1/8, and the battle
    lasts 9/4 rounds on average. Losses: attacker 3 * 3/4, defender 3 * 3/8.
    """
    odds = battle_odds([(att("infantry"), 1)], [(dfn("infantry"), 1)])
    assert odds.attacker_win == pytest.approx(1 / 4, abs=EXACT)
    assert odds.defender_win == pytest.approx(5 / 8, abs=EXACT)
    assert odds.draw == pytest.approx(1 / 8, abs=EXACT)
    assert odds.rounds == pytest.approx(9 / 4, abs=EXACT)
    assert odds.attacker_ipc_loss == pytest.approx(9 / 4, abs=EXACT)
    assert odds.defender_ipc_loss == pytest.approx(9 / 8, abs=EXACT)
    assert survivors(odds.attacker_survivors) == {"infantry": pytest.approx(1 / 4, abs=EXACT)}
    assert odds.attacker_survivor_counts == pytest.approx((3 / 4, 1 / 4), abs=EXACT)
    assert odds.defender_survivor_counts == pytest.approx((3 / 8, 5 / 8), abs=EXACT)


def test_one_armour_attacks_one_infantry(att, dfn):
    """a = 1/2, d = 1/3. Per round: attacker only 1/3, defender only 1/6, both 1/6,
    nobody 1/3; over 1 - 1/3 = 2/3: 1/2, 1/4, 1/4."""
    odds = battle_odds([(att("armour"), 1)], [(dfn("infantry"), 1)])
    assert (odds.attacker_win, odds.defender_win, odds.draw) == pytest.approx((1 / 2, 1 / 4, 1 / 4), abs=EXACT)
    assert odds.rounds == pytest.approx(3 / 2, abs=EXACT)


def test_a_two_hit_battleship(att, dfn):
    """A two-hit battleship (attack 4, 2 once damaged) against a one-hit one (4).

    Undamaged, both hit on 2/3. The defender dies whenever the attacker hits
    (2/3); the attacker is damaged when only the defender hits (2/9); nobody 1/9.
    Leaving that state: win 3/4, damaged 1/4. Damaged (attack 2, 1/3): win
    (1/3)(1/3) = 1/9, both destroyed (1/3)(2/3) = 2/9, lost (2/3)(2/3) = 4/9,
    nobody 2/9: over 7/9, 1/7, 2/7, 4/7. In all: win 3/4 + 1/28 = 11/14,
    both destroyed 1/14, lost 1/7.
    """
    two_hit = evolve(att("battleship"), hit_points=2, damaged_value=2)
    odds = battle_odds([(two_hit, 1)], [(dfn("battleship"), 1)], land_battle=False)
    assert (odds.attacker_win, odds.draw, odds.defender_win) == pytest.approx((11 / 14, 1 / 14, 1 / 7), abs=EXACT)
    assert survivors(odds.attacker_survivors) == {"battleship": pytest.approx(11 / 14, abs=EXACT)}


def test_hits_damage_two_hit_units_before_anything_is_lost(att, dfn):
    """One round: a defending fighter hits (2/3) an infantry or a two-hit
    battleship. Cheapest first with damage first, the battleship takes the hit as
    damage and both units are still there. Without damage first the infantry
    (cheapest) is lost whenever the fighter hits."""
    two_hit = evolve(att("battleship"), value=0, hit_points=2, damaged_value=0)
    sides = ([(att("infantry"), 1), (two_hit, 1)], [(dfn("fighter"), 1)])
    damage = battle_odds(*sides, max_rounds=1, land_battle=False)
    assert survivors(damage.attacker_survivors)["infantry"] == 1.0
    assert damage.attacker_survivor_counts[2] == pytest.approx(1.0, abs=EXACT)
    plain = battle_odds(*sides, max_rounds=1, land_battle=False, damage_first=False)
    assert survivors(plain.attacker_survivors)["infantry"] == pytest.approx(1 - 2 / 3, abs=EXACT)


def test_attacking_submarine_strikes_first(att, dfn):
    """Submarine against submarine, both 2 (1/3). The attacker's sub fires first and
    a hit sinks the defender before it fires: win 1/3 a round. Otherwise the
    defender fires: (2/3)(1/3) = 2/9 lost; nobody 4/9. Over 5/9: 3/5 and 2/5,
    never both destroyed (they would be 1/9 of the time firing together)."""
    odds = battle_odds([(att("submarine"), 1)], [(dfn("submarine"), 1)], land_battle=False)
    assert (odds.attacker_win, odds.defender_win, odds.draw) == pytest.approx((3 / 5, 2 / 5, 0.0), abs=EXACT)
    together = battle_odds([(evolve(att("submarine"), first_strike=False), 1)], [(dfn("submarine"), 1)],
                           land_battle=False)
    assert together.draw == pytest.approx((1 / 9) / (5 / 9), abs=EXACT)


def test_submarine_hits_only_sea_units(att, dfn):
    """A submarine cannot hit a fighter; the fighter (4) sinks it in the end.
    Against a transport and a fighter, the sub's hits all go to the transport."""
    odds = battle_odds([(att("submarine"), 1)], [(dfn("fighter"), 1)], land_battle=False)
    assert odds.defender_win == pytest.approx(1.0, abs=EXACT)
    mixed = battle_odds([(att("submarine"), 3)], [(dfn("fighter"), 1), (dfn("transport"), 1)],
                        land_battle=False, max_rounds=1)
    # Only the transport can be hit: it survives three misses, the fighter always.
    assert survivors(mixed.defender_survivors)["fighter"] == pytest.approx(1.0, abs=EXACT)
    assert survivors(mixed.defender_survivors)["transport"] == pytest.approx((2 / 3) ** 3, abs=EXACT)


def test_best_of_two_scores_at_most_one_hit(att, dfn):
    """A unit rolling the best of two dice at 1 hits with p = 1 - (5/6)^2 = 11/36.
    Against one infantry (1/3): win p(2/3) = 22/108, lost (25/36)(1/3) = 25/108,
    both p/3 = 11/108, over 58/108: 11/29, 25/58, 11/58. Against two units that
    cannot fire, one round never kills both."""
    lucky = evolve(att("infantry"), best_of=2)
    odds = battle_odds([(lucky, 1)], [(dfn("infantry"), 1)])
    assert (odds.attacker_win, odds.defender_win, odds.draw) == pytest.approx((11 / 29, 25 / 58, 11 / 58), abs=EXACT)
    harmless = evolve(dfn("infantry"), value=0)
    one_round = battle_odds([(lucky, 1)], [(harmless, 2)], max_rounds=1)
    assert one_round.defender_survivor_counts == pytest.approx((0.0, 11 / 36, 25 / 36), abs=EXACT)


def test_aa_gun_fires_before_the_battle(att, dfn):
    """One fighter attacks one infantry and an AA gun. The gun hits on a 1 (1/6):
    lost. Otherwise fighter (1/2) against infantry (1/3): per round fighter only
    1/3, infantry only 1/6, both 1/6, nobody 1/3; over 2/3: 1/2, 1/4, 1/4. A
    fighter alone cannot capture: "only aircraft survive" 5/6 * 1/2 = 5/12,
    defender 1/6 + 5/6 * 1/4 = 3/8, both destroyed 5/24, attacker wins 0."""
    odds = battle_odds([(att("fighter"), 1)], [(dfn("infantry"), 1)], aa_guns=1)
    assert odds.attacker_win == 0.0
    assert odds.attacker_survives_no_capture == pytest.approx(5 / 12, abs=EXACT)
    assert odds.defender_win == pytest.approx(3 / 8, abs=EXACT)
    assert odds.draw == pytest.approx(5 / 24, abs=EXACT)
    assert odds.rounds == pytest.approx(5 / 6 * 3 / 2, abs=EXACT)
    at_sea = battle_odds([(att("fighter"), 1)], [(dfn("infantry"), 1)], aa_guns=1, land_battle=False)
    assert at_sea.attacker_win == pytest.approx(5 / 12, abs=EXACT)


def test_aa_casualties_are_the_cheapest_aircraft(att, dfn):
    """A fighter (12) and a bomber (15) face one die each: 0 hits 25/36, 1 hit
    10/36 (the fighter goes), 2 hits 1/36. max_rounds=0: AA fire only."""
    odds = battle_odds([(att("infantry"), 1), (att("bomber"), 1), (att("fighter"), 1)],
                       [(dfn("infantry"), 1)], aa_guns=1, max_rounds=0)
    left = survivors(odds.attacker_survivors)
    assert left["fighter"] == pytest.approx(25 / 36, abs=EXACT)
    assert left["bomber"] == pytest.approx(35 / 36, abs=EXACT)
    assert left["infantry"] == 1.0
    assert odds.unfinished == pytest.approx(1.0, abs=EXACT) and odds.rounds == 0.0


def test_bombardment_before_the_first_round(att, dfn):
    """A battleship (4: b = 2/3) bombards one defending infantry (2: d = 1/3)
    attacked by one infantry (1: a = 1/6).

    Casualties go at once (s000-amphibious-assaults): the bombardment kills the
    defender 2/3 of the time (won, no round); else the one against one battle
    above (1/4, 5/8, 1/8 in 9/4 rounds). Attacker wins 2/3 + (1/3)(1/4) = 3/4,
    defender 5/24, both destroyed 1/24, rounds (1/3)(9/4) = 3/4.

    Casualties fire back (C-AMPH-4): round 1 is always fought. The defender is
    doomed unless bombardment and attack both miss: 1 - (1/3)(5/6) = 13/18, and
    it fires anyway (1/3). Round 1: won (13/18)(2/3) = 13/27, both destroyed
    (13/18)(1/3) = 13/54, lost (5/18)(1/3) = 5/54, nothing (5/18)(2/3) = 5/27,
    then one against one. Attacker wins 13/27 + (5/27)(1/4) = 19/36, both
    destroyed 13/54 + (5/27)(1/8) = 19/72, defender 5/54 + (5/27)(5/8) = 5/24
    (the same: the defender wins only if the bombardment misses), rounds
    1 + (5/27)(9/4) = 17/12. The battleship is neither a loss nor a survivor.
    """
    sides = ([(att("infantry"), 1)], [(dfn("infantry"), 1)])
    shore = [(att("battleship"), 1)]
    at_once = battle_odds(*sides, bombard=shore, bombard_fire_back=False)
    assert (at_once.attacker_win, at_once.defender_win, at_once.draw) == \
        pytest.approx((3 / 4, 5 / 24, 1 / 24), abs=EXACT)
    assert at_once.rounds == pytest.approx(3 / 4, abs=EXACT)
    assert at_once.attacker_ipc_loss == pytest.approx(3 * (5 / 24 + 1 / 24), abs=EXACT)
    assert at_once.defender_ipc_loss == pytest.approx(3 * 19 / 24, abs=EXACT)
    fire_back = battle_odds(*sides, bombard=shore)
    assert (fire_back.attacker_win, fire_back.defender_win, fire_back.draw) == \
        pytest.approx((19 / 36, 5 / 24, 19 / 72), abs=EXACT)
    assert fire_back.rounds == pytest.approx(17 / 12, abs=EXACT)
    assert survivors(fire_back.attacker_survivors) == {"infantry": pytest.approx(19 / 36, abs=EXACT)}
    assert fire_back.attacker_ipc_loss == pytest.approx(3 * (5 / 24 + 19 / 72), abs=EXACT)
    assert fire_back.defender_survivor_counts == pytest.approx((19 / 24, 5 / 24), abs=EXACT)
    # one round only: the fire-back casualties go at its end
    one = battle_odds(*sides, bombard=shore, max_rounds=1)
    assert (one.attacker_win, one.draw, one.unfinished) == pytest.approx((13 / 27, 13 / 54, 5 / 27), abs=EXACT)
    # max_rounds=0: bombardment only; casualties that fire back are still standing
    assert battle_odds(*sides, bombard=shore, max_rounds=0).unfinished == 1.0
    shelled = battle_odds(*sides, bombard=shore, bombard_fire_back=False, max_rounds=0)
    assert (shelled.attacker_win, shelled.unfinished) == pytest.approx((2 / 3, 1 / 3), abs=EXACT)
    assert shelled.rounds == 0.0


def test_bombardment_takes_the_cheapest_and_hits_anything(att, dfn):
    """Two sure bombardment hits (value 6) on an infantry, an armour and a
    fighter: cheapest first, the infantry and the armour go, whatever the
    order of the defence; named first, the fighter goes first."""
    sure = evolve(att("battleship"), value=6)
    defenders = [(dfn("fighter"), 1), (dfn("armour"), 1), (dfn("infantry"), 1)]
    odds = battle_odds([(att("infantry"), 1)], defenders, bombard=[(sure, 2)], bombard_fire_back=False,
                       max_rounds=0)
    assert survivors(odds.defender_survivors) == {"fighter": 1.0, "armour": 0.0, "infantry": 0.0}
    ordered = battle_odds([(att("infantry"), 1)], defenders, bombard=[(sure, 2)], bombard_fire_back=False,
                          max_rounds=0, defender_order=["fighter"])
    assert survivors(ordered.defender_survivors) == {"fighter": 0.0, "armour": 1.0, "infantry": 0.0}


def test_low_luck(att, dfn):
    """Low Luck, n infantry (total n, below 6: hits with n/6) against one infantry
    (2: 1/3). W(n) = [p + (1-p)(1/3) W(n-1)] / [1 - (1-p)(2/3)], p = n/6, except
    that with one attacker a simultaneous hit is a draw: W(1) = 1/4 as with dice.
    W(2) = (1/3 + 1/18) / (5/9) = 7/10; W(3) = (1/2 + 7/60) / (2/3) = 37/40.
    (With dice three infantry win less surely: they can all miss.)"""
    odds = battle_odds([(att("infantry"), 3)], [(dfn("infantry"), 1)], low_luck=True)
    assert odds.attacker_win == pytest.approx(37 / 40, abs=EXACT)
    assert battle_odds([(att("infantry"), 3)], [(dfn("infantry"), 1)]).attacker_win < 37 / 40 - 0.01
    sure = battle_odds([(att("infantry"), 6)], [(dfn("infantry"), 1)], low_luck=True)
    assert sure.attacker_win == pytest.approx(1.0, abs=EXACT) and sure.rounds == pytest.approx(1.0, abs=EXACT)
    assert survivors(sure.attacker_survivors)["infantry"] == pytest.approx(6 - 1 / 3, abs=EXACT)


def test_retreat_threshold(att, dfn):
    """One infantry against one, retreating below 2 units: after round 1 the
    attacker leaves unless the battle is over: win 1/9, lost 5/18, both 1/18,
    retreat 5/9. Bigger battles: retreating spares attackers and wins less."""
    odds = battle_odds([(att("infantry"), 1)], [(dfn("infantry"), 1)], retreat_below=2)
    assert odds.attacker_win == pytest.approx(1 / 9, abs=EXACT)
    assert odds.defender_win == pytest.approx(5 / 18, abs=EXACT)
    assert odds.draw == pytest.approx(1 / 18, abs=EXACT)
    assert odds.attacker_retreat == pytest.approx(5 / 9, abs=EXACT)
    assert odds.rounds == pytest.approx(1.0, abs=EXACT)
    sides = ([(att("infantry"), 4), (att("armour"), 3)], [(dfn("infantry"), 6)])
    fight, careful = battle_odds(*sides), battle_odds(*sides, retreat_below=4)
    assert careful.attacker_retreat > 0.05
    assert careful.attacker_win < fight.attacker_win - 0.05
    assert careful.attacker_ipc_loss < fight.attacker_ipc_loss
    assert total(careful) == pytest.approx(1.0, abs=1e-9)


def test_stalemate_when_nobody_can_hit(att, dfn):
    """Transports (attack 0) against a defender that cannot fire: the battle ends at
    once and both keep their units. A unit that can hit always wins in the end."""
    harmless = evolve(dfn("transport"), value=0)
    odds = battle_odds([(att("transport"), 2)], [(harmless, 1)], land_battle=False)
    assert odds.stalemate == 1.0 and odds.rounds == 0.0
    assert survivors(odds.attacker_survivors) == {"transport": 2.0}
    beaten = battle_odds([(att("infantry"), 1)], [(evolve(dfn("infantry"), value=0), 3)])
    assert beaten.attacker_win == pytest.approx(1.0, abs=EXACT)
    assert beaten.rounds == pytest.approx(18.0, abs=1e-9)  # three hits at 1/6 each


def test_a_caller_given_casualty_order(att, dfn):
    """One defending fighter hits (2/3) in one round. Cheapest first, the attacker
    loses its infantry; told to lose armour first, it keeps the infantry."""
    sides = ([(att("infantry"), 1), (att("armour"), 1)], [(dfn("fighter"), 1)])
    cheapest = battle_odds(*sides, max_rounds=1)
    armour_first = battle_odds(*sides, max_rounds=1, attacker_order=["armour"])
    assert survivors(cheapest.attacker_survivors)["infantry"] < survivors(armour_first.attacker_survivors)["infantry"]
    assert survivors(armour_first.attacker_survivors)["armour"] < 1 - 0.5


def test_max_rounds_walk_agrees_with_the_exact_walk(att, dfn):
    sides = ([(att("infantry"), 3), (att("armour"), 2), (att("fighter"), 1)],
             [(dfn("infantry"), 4), (dfn("fighter"), 1)])
    exact = battle_odds(*sides, aa_guns=1, retreat_below=2)
    capped = battle_odds(*sides, aa_guns=1, retreat_below=2, max_rounds=400)
    for name, value in exact.outcomes().items():
        assert capped.outcomes()[name] == pytest.approx(value, abs=1e-12)
    assert capped.rounds == pytest.approx(exact.rounds, abs=1e-10)
    short = battle_odds(*sides, max_rounds=2)
    assert short.unfinished > 0.01 and total(short) == pytest.approx(1.0, abs=1e-12)


LEVEL_CASES = {
    "land, one gun": dict(aa=1),
    "land, two guns, Low Luck": dict(aa=2, low_luck=True),
    "land, retreat below 4": dict(aa=1, retreat=4),
    "land, multi-hit aircraft, no damage first": dict(aa=1, sturdy=True, damage_first=False),
    "land, multi-hit aircraft": dict(aa=1, sturdy=True),
    "sea, sea-only hits without first strike on both sides": dict(aa=1, sea=True),
}


@pytest.mark.parametrize("case", LEVEL_CASES, ids=list(LEVEL_CASES))
def test_aa_battles_walked_a_level_at_a_time_match_the_row_walk(att, dfn, case):
    """AA fire makes the attacker's states two-dimensional; such battles are
    walked a level at a time. Same battle, row by row: the same answers."""
    options = LEVEL_CASES[case]
    if options.get("sea"):
        hunter = evolve(att("submarine"), first_strike=False)
        escort = evolve(dfn("submarine"), first_strike=False)
        attackers = [(hunter, 2), (att("battleship"), 1), (att("fighter"), 2)]
        defenders = [(escort, 1), (dfn("carrier"), 1), (dfn("fighter"), 2), (dfn("transport"), 1)]
    else:
        fighter = evolve(att("fighter"), hit_points=2) if options.get("sturdy") else att("fighter")
        attackers = [(att("infantry"), 4), (att("armour"), 2), (fighter, 2), (att("bomber"), 1)]
        defenders = [(dfn("infantry"), 5), (dfn("armour"), 1), (dfn("fighter"), 1)]

    def walk(by_level: bool) -> Odds:
        battle = _Battle(attackers, defenders, None, None, options.get("damage_first", True),
                         options.get("retreat", 0), options["aa"], 1, options.get("low_luck", False),
                         not options.get("sea"), [], True)
        assert battle._levels() is not None  # the level walk is what is tested
        return battle.solve(None, by_level=by_level)

    level, row = walk(True), walk(False)
    assert 0.01 < level.attacker_win < 0.99 and total(level) == pytest.approx(1.0, abs=1e-12)
    for name, value in row.outcomes().items():
        assert level.outcomes()[name] == pytest.approx(value, abs=EXACT)
    for field in ("attacker_survivor_counts", "defender_survivor_counts"):
        assert getattr(level, field) == pytest.approx(getattr(row, field), abs=EXACT)
    assert dict(level.attacker_survivors) == pytest.approx(dict(row.attacker_survivors), abs=EXACT)
    assert dict(level.defender_survivors) == pytest.approx(dict(row.defender_survivors), abs=EXACT)
    assert (level.rounds, level.attacker_ipc_loss, level.defender_ipc_loss) == pytest.approx(
        (row.rounds, row.attacker_ipc_loss, row.defender_ipc_loss), abs=1e-10)


def test_bad_arguments(att, dfn):
    with pytest.raises(ValueError):
        battle_odds([], [(dfn("infantry"), 1)])
    with pytest.raises(ValueError):
        battle_odds([(att("infantry"), -1)], [(dfn("infantry"), 1)])
    with pytest.raises(ValueError):
        battle_odds([(att("infantry"), 1)], [(dfn("infantry"), 1)], retreat_below=-1)


# -- properties ---------------------------------------------------------------------------


def battles(att, dfn) -> list[tuple[list[Any], list[Any], dict[str, Any]]]:
    return [
        ([(att("infantry"), 10), (att("armour"), 5), (att("fighter"), 3)],
         [(dfn("infantry"), 12), (dfn("fighter"), 2)], {"aa_guns": 1}),
        ([(att("infantry"), 4), (att("bomber", "heavy_bombers"), 2)], [(dfn("armour"), 5)], {"low_luck": True}),
        ([(att("submarine", "super_submarines"), 3), (att("battleship"), 1), (att("fighter"), 2)],
         [(dfn("carrier"), 1), (dfn("fighter", "jet_power"), 2), (dfn("transport"), 2), (dfn("submarine"), 1)],
         {"land_battle": False, "retreat_below": 3}),
        ([(att("armour"), 3)], [], {}),
        ([(att("fighter"), 2)], [(dfn("infantry"), 1)], {"aa_guns": 1, "retreat_below": 2}),
    ]


def test_probabilities_add_up_to_one(att, dfn):
    for attackers, defenders, options in battles(att, dfn):
        odds = battle_odds(attackers, defenders, **options)
        assert total(odds) == pytest.approx(1.0, abs=1e-9), (attackers, options)
        assert sum(odds.attacker_survivor_counts) == pytest.approx(1.0, abs=1e-9)
        assert sum(odds.defender_survivor_counts) == pytest.approx(1.0, abs=1e-9)
        assert all(0.0 <= p <= 1.0 + 1e-12 for p in odds.outcomes().values())


def test_more_attackers_never_win_less(att, dfn):
    defenders = [(dfn("infantry"), 4), (dfn("armour"), 1)]
    for extra in ("infantry", "armour", "fighter", "bomber"):
        base = [(att("infantry"), 3), (att("armour"), 2)]
        before = battle_odds(base, defenders).attacker_win
        after = battle_odds(base + [(att(extra), 1)], defenders).attacker_win
        assert after >= before - 1e-12, extra
    chances = [battle_odds([(att("armour"), n)], defenders).attacker_win for n in range(1, 9)]
    assert chances == sorted(chances)


def test_developments_change_the_odds(att, dfn):
    plain = battle_odds([(att("bomber"), 2)], [(dfn("infantry"), 3)], land_battle=False)
    heavy = battle_odds([(att("bomber", "heavy_bombers"), 2)], [(dfn("infantry"), 3)], land_battle=False)
    assert heavy.attacker_win > plain.attacker_win + 0.2


# -- agreement with simulation ----------------------------------------------------------


def simulate(attackers, defenders, rng: random.Random, *, aa_guns=0, retreat_below=0, low_luck=False,
             land_battle=True, damage_first=True, bombard=(),
             bombard_fire_back=True) -> tuple[str, list[list[Any]], list[list[Any]]]:
    """One battle rolled die by die. Units are [profile, hits]; each hit goes to
    the first undamaged multi-hit unit it may hit (damage first), else the first
    unit it may hit in order: cheapest first, lower value first, then as listed.
    Bombardment as combat.py fights it: its casualties are chosen first; if they
    fire back they stand through round 1 (they fire, count as present, take no
    more hits) and are gone after it."""

    def line_up(side):
        ranked = sorted(enumerate(side), key=lambda item: (item[1][0].cost, item[1][0].value, item[0]))
        return [[prof, 0] for _, (prof, count) in ranked for _ in range(count)]

    def alive(units):
        return [u for u in units if u[1] < u[0].hit_points]

    def value(unit):
        prof, hits = unit
        return prof.damaged_value if hits and prof.damaged_value is not None else prof.value

    def roll(units, first_strike):
        """(hits on anything, hits on sea units only)."""
        scores = [0, 0]
        totals = [0, 0]
        for unit in units:
            prof = unit[0]
            if prof.first_strike != first_strike or value(unit) <= 0:
                continue
            for _ in range(prof.dice):
                if low_luck:
                    totals[prof.sea_targets_only] += value(unit)
                elif min(rng.randint(1, 6) for _ in range(prof.best_of)) <= value(unit):
                    scores[prof.sea_targets_only] += 1
        if low_luck:
            for kind in (0, 1):
                sure, rest = divmod(totals[kind], 6)
                scores[kind] = sure + (1 if rest and rng.randint(1, 6) <= rest else 0)
        return scores

    def take(units, hits, may_take):
        for _ in range(hits):
            able = [u for u in alive(units) if may_take(u[0])]
            if not able:
                return
            spare = [u for u in able if u[1] < u[0].hit_points - 1] if damage_first else []
            (spare or able)[0][1] += 1

    def any_unit(prof):
        return True

    def sea_unit(prof):
        return prof.domain == "sea"

    def can_hit(shooters, targets):
        return any(value(u) > 0 and u[0].dice > 0 and (not u[0].sea_targets_only or any(sea_unit(t[0]) for t in targets))
                   for u in shooters) and bool(targets)

    a, d = line_up(attackers), line_up(defenders)
    air = [u for u in a if u[0].domain == "air"]
    shots = len(air) * aa_guns
    if shots:
        if low_luck:
            sure, rest = divmod(shots, 6)
            aa_hits = sure + (1 if rest and rng.randint(1, 6) <= rest else 0)
        else:
            aa_hits = sum(rng.randint(1, 6) == 1 for _ in range(shots))
        take(a, aa_hits, lambda prof: prof.domain == "air")
    doomed = []
    if bombard:
        ships = [[prof, 0] for prof, count in bombard for _ in range(count)]
        if low_luck:
            sure, rest = divmod(sum(prof.dice * prof.value for prof, _ in ships if prof.value > 0), 6)
            shelling = sure + (1 if rest and rng.randint(1, 6) <= rest else 0)
        else:
            shelling = sum(min(rng.randint(1, 6) for _ in range(prof.best_of)) <= prof.value
                           for prof, _ in ships for _ in range(prof.dice))
        standing = alive(d)
        take(d, shelling, any_unit)
        if bombard_fire_back:
            doomed = [u for u in standing if u not in alive(d)]
    first = True
    while True:
        aa, dd = alive(a), alive(d) + doomed
        if not aa or not dd:
            if not aa and not dd:
                return "draw", a, d
            if not dd:
                return ("attacker_win" if not land_battle or any(u[0].domain == "land" for u in aa)
                        else "attacker_survives_no_capture"), a, d
            return "defender_win", a, d
        if not first and len(aa) < retreat_below:
            return "attacker_retreat", a, d
        if not can_hit(aa, dd) and not can_hit(dd, aa):
            return "stalemate", a, d
        first = False
        a_first, d_first = roll(aa, True), roll(dd, True)
        take(d, a_first[1], sea_unit), take(d, a_first[0], any_unit)
        take(a, d_first[1], sea_unit), take(a, d_first[0], any_unit)
        a_fire, d_fire = roll(alive(a), False), roll(alive(d) + doomed, False)
        take(d, a_fire[1], sea_unit), take(d, a_fire[0], any_unit)
        take(a, d_fire[1], sea_unit), take(a, d_fire[0], any_unit)
        doomed = []


TRIALS = 20_000


def mixed_battles(att, dfn) -> list[tuple[str, list[Any], list[Any], dict[str, Any]]]:
    two_hit = {"hit_points": 2, "damaged_value": 2}
    return [
        ("land with an AA gun",
         [(att("infantry"), 4), (att("armour"), 2), (att("fighter"), 2), (att("bomber"), 1)],
         [(dfn("infantry"), 4), (dfn("armour"), 1), (dfn("fighter"), 1)], {"aa_guns": 1}),
        ("sea, submarines on both sides",
         [(att("submarine"), 2), (att("battleship"), 1), (att("fighter"), 1), (att("carrier"), 1)],
         [(dfn("submarine"), 1), (dfn("transport"), 1), (dfn("carrier"), 1), (dfn("fighter"), 2)],
         {"land_battle": False}),
        ("two-hit ships, heavy bombers, best of two",
         [(evolve(att("battleship"), **two_hit), 1), (att("bomber", "heavy_bombers"), 2),
          (evolve(att("infantry"), best_of=2), 2), (att("submarine"), 1)],
         [(evolve(dfn("battleship"), **two_hit), 2), (dfn("carrier"), 1), (dfn("fighter"), 2)],
         {"land_battle": False}),
        ("Low Luck land, retreat below 3, AA",
         [(att("infantry"), 5), (att("armour"), 3), (att("fighter"), 2)],
         [(dfn("infantry"), 5), (dfn("armour"), 2)], {"low_luck": True, "retreat_below": 3, "aa_guns": 1}),
        ("defending first strike (a house rule's profile)",
         [(att("battleship"), 1), (att("submarine"), 2), (att("transport"), 1)],
         [(evolve(dfn("submarine"), first_strike=True), 2), (dfn("transport"), 2)], {"land_battle": False}),
        ("bombardment, casualties fire back, AA, best of two",
         [(att("infantry"), 3), (att("armour"), 1), (att("fighter"), 1)],
         [(dfn("infantry"), 3), (dfn("armour"), 1), (dfn("fighter"), 1)],
         {"aa_guns": 1, "bombard": [(att("battleship"), 1), (evolve(att("battleship"), best_of=2), 1)]}),
        ("bombardment, casualties go at once, Low Luck, retreat below 2",
         [(att("infantry"), 3), (att("armour"), 2)], [(dfn("infantry"), 4), (dfn("armour"), 1)],
         {"low_luck": True, "bombard": [(att("battleship"), 2)], "bombard_fire_back": False, "retreat_below": 2}),
    ]


@pytest.mark.parametrize("case", range(7))
def test_agrees_with_a_seeded_simulation(att, dfn, case):
    name, attackers, defenders, options = mixed_battles(att, dfn)[case]
    odds = battle_odds(attackers, defenders, **options)
    rng = random.Random(f"odds-{case}")
    counts: dict[str, int] = {}
    att_left, def_left = [], []
    for _ in range(TRIALS):
        outcome, a, d = simulate(attackers, defenders, rng, **options)
        counts[outcome] = counts.get(outcome, 0) + 1
        att_left.append(sum(u[1] < u[0].hit_points for u in a))
        def_left.append(sum(u[1] < u[0].hit_points for u in d))
    for outcome, exact in odds.outcomes().items():
        seen = counts.get(outcome, 0) / TRIALS
        error = math.sqrt(max(exact * (1 - exact), 1e-9) / TRIALS)
        assert abs(seen - exact) <= 4 * error + 1e-9, (name, outcome, seen, exact)
    for left, dist in ((att_left, odds.attacker_survivor_counts), (def_left, odds.defender_survivor_counts)):
        mean = sum(n * p for n, p in enumerate(dist))
        spread = math.sqrt(sum((n - mean) ** 2 * p for n, p in enumerate(dist)) / TRIALS)
        assert abs(sum(left) / TRIALS - mean) <= 4 * spread + 1e-9, (name, sum(left) / TRIALS, mean)


# -- the command ----------------------------------------------------------------------------


def run(capsys, *argv):
    code = main(["odds", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_json_contract(capsys):
    code, out, err = run(capsys, "--att", "10 infantry, 5 armor, 3 fighter", "--def", "12 infantry, 2 fighter, 1 aa",
                         "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data)[:5] == ["attacker_win", "defender_win", "draw", "attacker_survivors", "defender_survivors"]
    assert set(data["attacker_survivors"]) == {"infantry", "armour", "fighter"}
    assert set(data["defender_survivors"]) == {"infantry", "fighter"}  # the AA gun fires, it is not a unit here
    assert {"stalemate", "attacker_survives_no_capture", "attacker_retreat", "unfinished", "rounds",
            "attacker_ipc_loss", "defender_ipc_loss", "attacker_survivor_counts"} <= set(data)
    outcomes = ("attacker_win", "defender_win", "draw", "stalemate", "attacker_survives_no_capture",
                "attacker_retreat", "unfinished")
    assert sum(data[k] for k in outcomes) == pytest.approx(1.0, abs=1e-9)


def test_odds_abbreviations_and_options(capsys, att, dfn):
    code, out, _ = run(capsys, "--att", "2 inf, 1 arm, 1 tank, 1 ftr, 1 bmr", "--def", "3 inf, 1 aa", "--json")
    assert code == 0 and set(json.loads(out)["attacker_survivors"]) == {"infantry", "armour", "fighter", "bomber"}
    code, out, _ = run(capsys, "--att", "1 bb, 1 ac, 2 sub", "--def", "2 tr, 1 sub", "--sea", "--json")
    assert code == 0 and set(json.loads(out)["attacker_survivors"]) == {"battleship", "carrier", "submarine"}
    code, out, _ = run(capsys, "--att", "3 bmr", "--def", "4 inf", "--tech-att", "heavy_bombers", "--json",
                       "--sea")
    heavy = json.loads(out)["attacker_win"]
    expected = battle_odds([(att("bomber", "heavy_bombers"), 3)], [(dfn("infantry"), 4)], land_battle=False)
    assert heavy == pytest.approx(expected.attacker_win, abs=EXACT)
    code, out, _ = run(capsys, "--att", "1 inf", "--def", "1 inf", "--retreat-below", "2", "--json")
    assert json.loads(out)["attacker_retreat"] == pytest.approx(5 / 9, abs=EXACT)
    code, out, _ = run(capsys, "--att", "3 inf", "--def", "1 inf", "--low-luck", "--json")
    assert json.loads(out)["attacker_win"] == pytest.approx(37 / 40, abs=EXACT)
    code, out, _ = run(capsys, "--att", "3 inf, 2 arm", "--def", "2 inf, 1 ftr")
    assert code == 0 and "attacker wins" in out and "Expected survivors" in out


def test_odds_bombardment_options(capsys):
    """The hand-computed bombardment above: 19/36 when the casualties fire back
    (classic), 3/4 when they go at once; the rules in force decide unless told."""
    battle = ("--att", "1 inf", "--def", "1 inf", "--bombard", "1 bb", "--json")
    for extra, expected in (((), 19 / 36), (("--no-fire-back",), 3 / 4),
                            (("--rules", "s000-amphibious-assaults"), 3 / 4),
                            (("--rules", "s000-amphibious-assaults", "--fire-back"), 19 / 36)):
        code, out, _ = run(capsys, *battle, *extra)
        assert code == 0 and json.loads(out)["attacker_win"] == pytest.approx(expected, abs=EXACT), extra
        assert set(json.loads(out)["attacker_survivors"]) == {"infantry"}
    code, out, _ = run(capsys, "--att", "1 inf", "--def", "1 inf", "--bombard", "2 battleship")
    assert code == 0 and "Bombardment: 2 Battleship" in out and "fire back" in out


@pytest.mark.parametrize("argv", [
    ("--att", "1 inf", "--def", "1 inf", "--bombard", "1 inf"),
    ("--att", "1 bb", "--def", "1 tr", "--bombard", "1 bb", "--sea"),
    ("--att", "1 inf", "--def", "1 inf", "--bombard", "1 dreadnought"),
    ("--att", "2 panzers", "--def", "1 inf"),
    ("--att", "x infantry", "--def", "1 inf"),
    ("--att", "", "--def", "1 inf"),
    ("--att", "1 inf", "--def", " , "),
    ("--att", "1 aa", "--def", "1 inf"),
    ("--att", "1 inf", "--def", "2 aa, 1 inf"),
    ("--att", "1 inf", "--def", "1 inf", "--tech-att", "death_ray"),
    ("--att", "1 inf", "--def", "1 inf", "--rules", "s000-no-such-rule"),
])
def test_odds_bad_input_says_one_line_and_exits_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("axisallies")


def test_odds_command_does_not_load_the_interface():
    import subprocess
    import sys

    probe = ("import sys; from axisallies_tui.cli import main; "
             "main(['odds', '--att', '1 inf', '--def', '1 inf', '--json']); "
             "assert not any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules), 'interface loaded'")
    subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True)


def test_an_undefended_territory_is_taken_without_a_round():
    odds = battle_odds([(Profile(unit="x", domain="land", value=0, cost=1), 1)], [])
    assert odds.attacker_win == 1.0 and odds.rounds == 0.0
