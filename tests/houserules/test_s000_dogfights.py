"""s000-dogfights: scrambles, pairing, an air battle at 3 beside the ground
fight, grounded aircraft at 0, ground support on the side with spares."""

from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.battle_odds import odds_for_battle
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.movement import Move
from tests.helpers import act, at, clear, count, make_rules, put, start
from tests.helpers import attack_caucasus as attack

RULES = ("s000-order-of-combat", "s000-dogfights")


def test_the_defender_scrambles_and_the_fighters_dogfight_at_3():
    rules = make_rules(*RULES)
    state = act(rules, attack(rules, [("infantry", 1), ("fighter", 1)], [("infantry", 1), ("fighter", 1)]),
                Fight(space="caucasus")).state
    assert state.pending.kind == "scramble" and state.pending.power == "ussr"
    assert state.pending.options == ("fighter=1", "none")
    # dogfight: the German fighter [3] hits, the Soviet fighter [4] misses at 3;
    # the German infantry [6]; the Soviet infantry [6] (the fighter is in the air)
    state = act(rules, state, Answer("fighter=1"), dice=[3, 4, 6, 6]).state
    assert count(rules, state, "caucasus", "ussr", "fighter") == 0
    assert state.pending.kind == "retreat"


def test_a_grounded_fighter_defends_at_0_and_can_be_hit_by_ground_support():
    rules = make_rules(*RULES)
    state = act(rules, attack(rules, [("infantry", 1), ("fighter", 1)], [("infantry", 1), ("fighter", 1)]),
                Fight(space="caucasus")).state
    # nothing scrambles: the German fighter flies ground support and names the grounded fighter
    state = act(rules, state, Answer("none")).state
    assert state.pending.kind == "ground_support_target"
    # the fighter [3] hits; the infantry [6]; only the Soviet infantry rolls [6]
    state = act(rules, state, Answer("ussr/fighter"), dice=[3, 6, 6]).state
    assert count(rules, state, "caucasus", "ussr", "fighter") == 0


def test_the_attackers_spare_flies_ground_support():
    rules = make_rules(*RULES)
    state = act(rules, attack(rules, [("fighter", 2)], [("infantry", 1), ("fighter", 1)]), Fight(space="caucasus")).state
    state = act(rules, state, Answer("fighter=1")).state
    assert state.pending.kind == "air_spares" and state.pending.power == "germany"
    # dogfight [6] / [6]; the spare aims at the infantry (nothing else outside the
    # dogfight) [1]; the doomed infantry fires back [6]
    state = act(rules, state, Answer("fighter=1"), dice=[6, 6, 1, 6]).state
    assert count(rules, state, "caucasus", "ussr", "infantry") == 0
    assert count(rules, state, "caucasus", "ussr", "fighter") == 1


def test_the_defenders_spare_flies_ground_support_and_kills_at_once():
    rules = make_rules(*RULES)
    state = act(rules, attack(rules, [("infantry", 1), ("fighter", 1)], [("infantry", 1), ("fighter", 2)]),
                Fight(space="caucasus")).state
    state = act(rules, state, Answer("fighter=2")).state
    assert state.pending.kind == "air_spares" and state.pending.power == "ussr"
    # dogfight [6] / [6]; German infantry [6]; the Soviet spare hits the infantry at 4 [4];
    # the Soviet infantry [6]
    state = act(rules, state, Answer("fighter=1"), dice=[6, 6, 6, 4, 6]).state
    assert count(rules, state, "caucasus", "germany", "infantry") == 0


def test_without_attacking_aircraft_nobody_scrambles():
    rules = make_rules(*RULES)
    state = act(rules, attack(rules, [("infantry", 2)], [("infantry", 1), ("fighter", 1)]),
                Fight(space="caucasus"), dice=[6, 6, 6, 6]).state
    assert state.pending.kind == "retreat"  # the fighter defended as usual: two Soviet dice


def test_odds_are_simulated_and_move_the_expected_way():
    """Against the plain game's exact figures: defending fighters that must meet
    a fighter at 3 help the attacker; a bomber dragged into a dogfight at 1 hurts it."""
    rules, plain = make_rules(*RULES), make_rules()

    def both(german, soviet):
        odds = odds_for_battle(rules, attack(rules, german, soviet), "caucasus")
        exact = odds_for_battle(plain, attack(plain, german, soviet), "caucasus")
        assert odds.method == "simulated" and exact.method == "exact"
        # every defender destroyed, captured or (aircraft alone) not: what the dogfight moves
        cleared = odds.attacker_win + odds.attacker_survives_no_capture
        return cleared, odds.margin, exact.attacker_win + exact.attacker_survives_no_capture

    cleared, margin, exact = both([("armour", 1), ("fighter", 1)], [("infantry", 1), ("fighter", 2)])
    assert cleared > exact + 2 * margin
    cleared, margin, exact = both([("infantry", 1), ("bomber", 2)], [("infantry", 2), ("fighter", 1)])
    assert cleared < exact - 2 * margin


def test_at_sea_a_carrier_may_join_and_the_ground_fire_keeps_off_the_dogfight():
    rules = make_rules(*RULES)
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    state = put(rules, state, "baltic_sea_zone", "germany", "battleship", 1)
    state = put(rules, state, "north_sea_zone", "uk", "carrier", 1)
    state = put(rules, state, "north_sea_zone", "uk", "fighter", 2)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=(("battleship", 1),))).state
    state = act(rules, state, Move(origin="germany", destination="north_sea_zone", units=(("fighter", 1),))).state
    state = act(rules, act(rules, state, EndPhase()).state, Fight(space="north_sea_zone")).state
    state = act(rules, state, Answer("fighter=1")).state
    assert state.pending.kind == "carrier_join" and state.pending.power == "uk"
    # dogfight: German fighter [6]; British fighter [6] and carrier [6]; the battleship [1]
    # can only hit the fighter left on deck; nothing in the British surface fight rolls
    state = act(rules, state, Answer("carriers join the dogfight"), dice=[6, 6, 6, 1]).state
    assert count(rules, state, "north_sea_zone", "uk", "fighter") == 1
    assert count(rules, state, "north_sea_zone", "uk", "carrier") == 1
    assert state.pending.kind == "retreat"


def test_without_attacking_aircraft_nothing_changes_and_the_odds_stay_exact():
    """Armour against infantry and a fighter: no scramble is offered, the fighter
    defends as usual, and the battle fought by the engine under both rules gives,
    die for die, what it gives under the base rules; so the odds are exact."""
    from axisallies_tui.engine.simulate import simulated_odds

    rules, plain = make_rules(*RULES), make_rules()
    german, soviet = [("armour", 3)], [("infantry", 2), ("fighter", 1)]
    state = attack(rules, german, soviet)
    assert simulated_odds(rules, state, "caucasus", trials=200) == \
        simulated_odds(plain, attack(plain, german, soviet), "caucasus", trials=200)
    odds = odds_for_battle(rules, state, "caucasus")
    assert odds.method == "exact" and odds == odds_for_battle(plain, attack(plain, german, soviet), "caucasus")
    assert odds_for_battle(rules, attack(rules, [("armour", 2), ("fighter", 1)], soviet), "caucasus").method == \
        "simulated"


def test_once_a_scramble_was_offered_the_battle_stays_simulated_after_the_attackers_planes_fall():
    """The attacking fighter is lost in round 1; the Soviet fighter stays in the
    air for the rest of the battle (it no longer defends on the ground), so
    the odds at the retreat question are still simulated."""
    rules = make_rules(*RULES)
    state = act(rules, attack(rules, [("armour", 2), ("fighter", 1)], [("infantry", 2), ("fighter", 1)]),
                Fight(space="caucasus")).state
    state = act(rules, state, Answer("none")).state  # no scramble
    # ground support at the infantry [6] misses, the armour [6, 6] miss; the infantry [1, 6]: one hit
    state = act(rules, state, Answer("ussr/infantry"), dice=[6, 6, 6, 1, 6]).state
    state = act(rules, state, Answer("fighter=1")).state
    assert state.pending.kind == "retreat" and count(rules, state, "caucasus", "germany", "fighter") == 0
    assert odds_for_battle(rules, state, "caucasus").method == "simulated"
