"""s004-unit-mobile-anti-air: defends only, at 1 against attacking aircraft, whose
owner must lose aircraft to its hits; moves only in the non-combat move."""

import pytest

from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.battle_odds import odds_for_battle
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.odds import battle_odds
from axisallies_tui.engine.profiles import Profile
from tests.helpers import act, at, clear, count, make_rules, own, put, start

RULE = "s004-unit-mobile-anti-air"


def attack(rules, units):
    """Germany attacks Caucasus from a German-held Ukraine with `units`; one Soviet
    infantry and one mobile anti-air defend."""
    state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
    state = own(rules, state, "ukraine_ssr", "germany")
    for unit, n in units:
        state = put(rules, state, "ukraine_ssr", "germany", unit, n)
    state = put(rules, state, "caucasus", "ussr", "infantry", 1)
    state = put(rules, state, "caucasus", "ussr", "mobile_aa", 1)
    state = at(rules, state, "germany", "combat_move")
    for unit, n in units:  # no dice: it never fires at aircraft on their way in
        state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=((unit, n),))).state
    return act(rules, state, EndPhase()).state


def test_it_shoots_down_an_attacking_fighter():
    rules = make_rules(RULE)
    # attack: infantry [6], fighter [6]; mobile anti-air [1]: the fighter falls; the infantry defends [6]
    state = act(rules, attack(rules, [("infantry", 1), ("fighter", 1)]), Fight(space="caucasus"), dice=[6, 6, 1, 6]).state
    assert count(rules, state, "caucasus", "germany", "fighter") == 0
    assert count(rules, state, "caucasus", "germany", "infantry") == 1
    assert state.pending.kind == "retreat"


def test_its_hit_cannot_be_taken_on_infantry():
    rules = make_rules(RULE)
    state = attack(rules, [("infantry", 2), ("fighter", 1)])
    # attack [6, 6, 6]; mobile anti-air [1] hits; the infantry defends [6]: no choice is asked
    state = act(rules, state, Fight(space="caucasus"), dice=[6, 6, 6, 1, 6]).state
    assert count(rules, state, "caucasus", "germany", "fighter") == 0
    assert count(rules, state, "caucasus", "germany", "infantry") == 2


def test_it_does_not_roll_without_attacking_aircraft():
    rules = make_rules(RULE)
    # attack [6, 6]; only the Soviet infantry rolls [6]
    state = act(rules, attack(rules, [("infantry", 2)]), Fight(space="caucasus"), dice=[6, 6, 6]).state
    assert state.pending.kind == "retreat"


def test_it_does_not_attack_and_moves_only_in_the_non_combat_move():
    rules = make_rules(RULE)
    state = clear(rules, start(rules), "ukraine_ssr")
    state = own(rules, state, "ukraine_ssr", "germany")
    state = put(rules, state, "ukraine_ssr", "germany", "mobile_aa", 1)
    combat = at(rules, state, "germany", "combat_move")
    with pytest.raises(IllegalAction, match="non-combat"):
        act(rules, combat, Move(origin="ukraine_ssr", destination="caucasus", units=(("mobile_aa", 1),)))
    later = at(rules, state, "germany", "noncombat_move")
    after = act(rules, later, Move(origin="ukraine_ssr", destination="east_europe", units=(("mobile_aa", 1),))).state
    assert count(rules, after, "east_europe", "germany", "mobile_aa") == 1


def test_it_is_bought_at_its_price():
    rules = make_rules(RULE, params={RULE: {"cost": 6}})
    assert rules.edition.unit("mobile_aa").cost == 6


def test_odds_are_simulated_and_fall_for_the_attacking_aircraft():
    """Against its plain numbers (a defence-0 land unit, exactly computed), the
    attacker loses more when the mobile anti-air fires at its fighters."""
    rules = make_rules(RULE)
    units = [("infantry", 1), ("fighter", 2)]
    odds = odds_for_battle(rules, attack(rules, units), "caucasus")
    infantry = Profile(unit="infantry", domain="land", value=1, cost=3)
    fighter = Profile(unit="fighter", domain="air", value=3, cost=12)
    plain = battle_odds([(infantry, 1), (fighter, 2)],
                        [(Profile(unit="infantry", domain="land", value=2, cost=3), 1),
                         (Profile(unit="mobile_aa", domain="land", value=0, cost=7), 1)], land_battle=True)
    assert odds.method == "simulated"
    # what the fire at the fighters costs the attacker: about 5.5 IPCs lost on average, not 1.6
    assert odds.attacker_ipc_loss > 2 * plain.attacker_ipc_loss
    assert odds.defender_win > plain.defender_win


def test_it_cannot_board_a_transport_in_the_combat_move():
    rules = make_rules(RULE)
    state = put(rules, start(rules), "united_kingdom", "uk", "mobile_aa", 1)
    with pytest.raises(IllegalAction, match="non-combat"):
        act(rules, at(rules, state, "uk", "combat_move"),
            Move(origin="united_kingdom", destination="north_sea_zone", units=(("mobile_aa", 1),)))
    later = act(rules, at(rules, state, "uk", "noncombat_move"),
                Move(origin="united_kingdom", destination="north_sea_zone", units=(("mobile_aa", 1),))).state
    assert count(rules, later, "north_sea_zone", "uk", "mobile_aa") == 1


def test_without_attacking_aircraft_the_odds_stay_exact():
    """Infantry and armour attack: it has nothing to fire at, so the battle's odds
    are exact (it stands as a unit that never rolls); with a fighter along they
    are simulated."""
    from axisallies_tui.engine.simulate import simulated_odds

    rules = make_rules(RULE)
    battle = attack(rules, [("infantry", 1), ("armour", 1)])
    fought = simulated_odds(rules, battle, "caucasus", trials=400)  # the engine's own battle agrees
    odds = odds_for_battle(rules, battle, "caucasus")
    plain = battle_odds([(Profile(unit="infantry", domain="land", value=1, cost=3), 1),
                         (Profile(unit="armour", domain="land", value=3, cost=5), 1)],
                        [(Profile(unit="infantry", domain="land", value=2, cost=3), 1),
                         (Profile(unit="mobile_aa", domain="land", value=0, cost=7), 1)], land_battle=True)
    assert odds.method == "exact"
    assert odds.attacker_win == plain.attacker_win and odds.defender_win == plain.defender_win
    assert abs(fought.attacker_win - odds.attacker_win) < 2 * fought.margin
    with_fighter = attack(rules, [("infantry", 1), ("fighter", 1)])
    assert odds_for_battle(rules, with_fighter, "caucasus").method == "simulated"
