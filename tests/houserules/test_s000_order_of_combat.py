"""s000-order-of-combat: shielded land units, bombardment that kills at once,
aircraft that name their targets, subs that surprise only in round 1."""

from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.battle_odds import odds_for_battle
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner
from tests.helpers import act, at, attack_caucasus, clear, count, make_rules, own, put, start

RULE = "s000-order-of-combat"


def air_and_ground(rules):
    """A German infantry and fighter attack a Soviet infantry and armour in Caucasus."""
    state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
    state = own(rules, state, "ukraine_ssr", "germany")
    state = put(rules, state, "ukraine_ssr", "germany", "infantry", 1)
    state = put(rules, state, "ukraine_ssr", "germany", "fighter", 1)
    state = put(rules, state, "caucasus", "ussr", "infantry", 1)
    state = put(rules, state, "caucasus", "ussr", "armour", 1)
    state = at(rules, state, "germany", "combat_move")
    for unit in ("infantry", "fighter"):
        state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=((unit, 1),))).state
    return act(rules, state, EndPhase()).state


def test_in_the_edition_the_defender_picks_what_the_fighter_hit():
    rules = make_rules()
    # the infantry [6] and the fighter [3] roll together: one hit, the Soviets choose
    state = act(rules, air_and_ground(rules), Fight(space="caucasus"), dice=[6, 3]).state
    assert state.pending.kind == "defender_casualties" and state.pending.power == "ussr"


def test_the_fighter_names_its_target_and_kills_it():
    rules = make_rules(RULE)
    state = act(rules, air_and_ground(rules), Fight(space="caucasus")).state
    assert state.pending.kind == "ground_support_target" and state.pending.power == "germany"
    assert state.pending.options == ("ussr/armour", "ussr/infantry")
    # the fighter [3] hits the armour; the infantry [6] misses; the armour fires back [6], the infantry [6]
    state = act(rules, state, Answer("ussr/armour"), dice=[3, 6, 6, 6]).state
    assert count(rules, state, "caucasus", "ussr", "armour") == 0
    assert count(rules, state, "caucasus", "ussr", "infantry") == 1
    assert state.pending.kind == "retreat"


def test_a_miss_kills_nothing():
    rules = make_rules(RULE)
    state = act(rules, air_and_ground(rules), Fight(space="caucasus")).state
    state = act(rules, state, Answer("ussr/armour"), dice=[4, 6, 6, 6]).state
    assert count(rules, state, "caucasus", "ussr", "armour") == 1


def landing(rules):
    """Two British infantry land in West Europe from the North Sea, with the
    battleship there to bombard; two German infantry and an armour hold it."""
    state = clear(rules, start(rules), "west_europe")
    state = put(rules, state, "west_europe", "germany", "infantry", 2)
    state = put(rules, state, "west_europe", "germany", "armour", 1)
    state = at(rules, state, "uk", "combat_move")
    state = act(rules, state, Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="north_sea_zone", destination="west_europe", units=(("infantry", 2),))).state
    return act(rules, state, EndPhase()).state


def test_shielded_units_are_spared_the_bombardment_and_its_victim_does_not_fire_back():
    rules = make_rules(RULE)
    state = act(rules, landing(rules), Fight(space="west_europe")).state
    assert state.pending.kind == "shield" and state.pending.power == "germany"
    assert set(state.pending.options) == {"armour=1, infantry=1", "infantry=2"}
    # the shield is still to choose: its odds are simulated, before and now
    assert odds_for_battle(rules, landing(rules), "west_europe").method == "simulated"
    assert odds_for_battle(rules, state, "west_europe").method == "simulated"
    # bombardment [1] must take the one unshielded infantry, at once; the landing
    # infantry [1, 1] kill the other two, who fire back [6, 6]; Britain takes it
    step = act(rules, state, Answer("armour=1, infantry=1"), dice=[1, 1, 1, 6, 6])
    assert owner(rules.board, step.state, "west_europe") == "uk"


def test_with_no_bombardment_nobody_is_asked_to_shield():
    rules = make_rules(RULE)
    state = clear(rules, landing(rules), "north_sea_zone")  # the battleship is gone
    # no shield question: the landing infantry fire at once [1, 1]
    state = act(rules, state, Fight(space="west_europe"), dice=[1, 1]).state
    assert state.pending.kind == "defender_casualties"


def sub_attack(rules, subs=1):
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    state = put(rules, state, "baltic_sea_zone", "germany", "submarine", subs)
    state = put(rules, state, "north_sea_zone", "uk", "battleship", 1)
    state = put(rules, state, "north_sea_zone", "uk", "transport", 1)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=(("submarine", subs),))).state
    return act(rules, state, EndPhase()).state


def test_subs_surprise_only_in_the_first_round():
    rules = make_rules(RULE)
    # round 1: the sub strikes [6]; the battleship [6] and transport [6] miss
    state = act(rules, sub_attack(rules), Fight(space="north_sea_zone"), dice=[6, 6, 6]).state
    assert state.pending.kind == "retreat"
    # round 2: the sub [1] hits, but its victim is chosen to fire back
    state = act(rules, state, Answer("press on"), dice=[1]).state
    assert state.pending.kind == "defender_casualties"


def test_odds_are_simulated_and_fall_for_subs_that_lose_their_surprise():
    rules, plain = make_rules(RULE), make_rules()
    odds = odds_for_battle(rules, sub_attack(rules, 3), "north_sea_zone")
    exact = odds_for_battle(plain, sub_attack(plain, 3), "north_sea_zone")
    assert odds.method == "simulated" and exact.method == "exact"
    assert odds.attacker_win < exact.attacker_win - 2 * odds.margin


def test_a_sub_firing_with_the_others_after_round_1_still_cannot_hit_aircraft():
    """From round 2 the German sub fires in the ordinary attack; its hit [1] must
    still fall on a British ship (the carrier), never on the fighter aboard."""
    rules = make_rules(RULE)
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    state = put(rules, state, "baltic_sea_zone", "germany", "submarine", 1)
    state = put(rules, state, "north_sea_zone", "uk", "carrier", 1)
    state = put(rules, state, "north_sea_zone", "uk", "fighter", 1)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone",
                                   units=(("submarine", 1),))).state
    state = act(rules, act(rules, state, EndPhase()).state, Fight(space="north_sea_zone"), dice=[6, 6, 6]).state
    assert state.pending.kind == "retreat"
    # round 2: the sub [1] hits; only the carrier may take it, so nobody is asked;
    # the carrier [6] and fighter [6] fire back and miss
    state = act(rules, state, Answer("press on"), dice=[1, 6, 6]).state
    assert count(rules, state, "north_sea_zone", "uk", "carrier") == 0
    assert count(rules, state, "north_sea_zone", "uk", "fighter") == 1


def test_a_battle_of_ground_units_alone_is_the_editions_and_keeps_exact_odds():
    """Infantry and armour on both sides, no aircraft, no submarine, no
    bombardment: the rest of the attack fires as the edition's attack does.
    Fought by the engine, die for die the same as under the base rules; the
    odds are the exact ones."""
    from axisallies_tui.engine.simulate import simulated_odds

    def ground(rules):
        return attack_caucasus(rules, [("infantry", 3), ("armour", 2)], [("infantry", 3), ("armour", 1)])

    rules, plain = make_rules(RULE), make_rules()
    assert simulated_odds(rules, ground(rules), "caucasus", trials=200) == \
        simulated_odds(plain, ground(plain), "caucasus", trials=200)
    odds = odds_for_battle(rules, ground(rules), "caucasus")
    assert odds.method == "exact" and odds == odds_for_battle(plain, ground(plain), "caucasus")
    assert odds_for_battle(rules, air_and_ground(rules), "caucasus").method == "simulated"


def test_once_the_bombardment_has_fired_a_ground_battle_gets_exact_odds_again():
    """The landing again: while the shield is to choose the odds are simulated;
    once the bombardment has fired (the unshielded infantry gone) the rest is two
    infantry against an infantry and an armour, which the rule fights as the
    edition does: the odds asked mid-round are exact."""
    rules = make_rules(RULE)
    state = act(rules, landing(rules), Fight(space="west_europe")).state
    # bombardment [1] takes the unshielded infantry; the landing infantry [1, 6]: one hit, Germany chooses
    state = act(rules, state, Answer("armour=1, infantry=1"), dice=[1, 1, 6]).state
    assert state.pending.kind == "defender_casualties"
    assert odds_for_battle(rules, state, "west_europe").method == "exact"
