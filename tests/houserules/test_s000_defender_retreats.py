"""s000-defender-retreats: after the attacker's fire the defender may withdraw
whatever was not just chosen as a casualty; those who go do not roll."""

from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.battle_odds import odds_for_battle
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner
from tests.helpers import act, at, attack_caucasus, clear, count, make_rules, own, put, start

RULE = "s000-defender-retreats"


def attack(rules, attackers=2, defenders=2):
    """German infantry from a German-held Ukraine attack Soviet infantry in Caucasus."""
    state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
    state = own(rules, state, "ukraine_ssr", "germany")
    state = put(rules, state, "ukraine_ssr", "germany", "infantry", attackers)
    state = put(rules, state, "caucasus", "ussr", "infantry", defenders)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("infantry", attackers),))).state
    return act(rules, state, EndPhase()).state


def test_the_defender_is_asked_after_the_attackers_fire():
    rules = make_rules(RULE)
    # attack [1, 6]: one Soviet infantry is chosen; the other may go
    state = act(rules, attack(rules), Fight(space="caucasus"), dice=[1, 6]).state
    assert state.pending.kind == "defender_retreat" and state.pending.power == "ussr"
    assert "retreat to russia" in state.pending.options
    assert "retreat to ukraine_ssr" not in " ".join(state.pending.options)  # the attacker holds it
    assert state.pending.default == "stay"


def test_a_withdrawal_gives_up_the_roll_and_the_attacker_takes_the_territory():
    rules = make_rules(RULE)
    state = act(rules, attack(rules), Fight(space="caucasus"), dice=[1, 6]).state
    before = count(rules, state, "russia", "ussr", "infantry")
    # only the casualty fires back [6]; then it is removed and Caucasus falls
    step = act(rules, state, Answer("retreat to russia"), dice=[6])
    said = [e.text(rules.board, rules.edition) for e in step.events if e.kind == "retreated"]
    assert said == ["Soviet Union retreats 1 infantry from Caucasus to Russia."]
    state = step.state
    assert count(rules, state, "russia", "ussr", "infantry") == before + 1
    assert owner(rules.board, state, "caucasus") == "germany"
    assert count(rules, state, "caucasus", "germany", "infantry") == 2


def test_staying_the_defenders_roll_as_usual():
    rules = make_rules(RULE)
    state = act(rules, attack(rules), Fight(space="caucasus"), dice=[1, 6]).state
    # both Soviet infantry roll [6, 6]; the attacker is then asked about its retreat
    state = act(rules, state, Answer("stay"), dice=[6, 6]).state
    assert state.pending.kind == "retreat"


def test_without_the_rule_the_defender_is_never_asked():
    rules = make_rules()
    state = act(rules, attack(rules), Fight(space="caucasus"), dice=[1, 6, 6, 6]).state
    assert state.pending.kind == "retreat"


def test_ships_may_not_withdraw_to_the_zone_the_attack_came_from():
    rules = make_rules(RULE)
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    state = put(rules, state, "baltic_sea_zone", "germany", "battleship", 1)
    state = put(rules, state, "north_sea_zone", "uk", "carrier", 1)
    state = put(rules, state, "north_sea_zone", "uk", "fighter", 2)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=(("battleship", 1),))).state
    state = act(rules, act(rules, state, EndPhase()).state, Fight(space="north_sea_zone"), dice=[6]).state
    assert state.pending.kind == "defender_retreat"
    assert "retreat to baltic_sea_zone" not in state.pending.options
    state = act(rules, state, Answer("retreat to East Canada Sea Zone")).state  # by name, as saves from before answered
    assert count(rules, state, "east_canada_sea_zone", "uk", "fighter") == 2
    assert count(rules, state, "east_canada_sea_zone", "uk", "carrier") == 1
    assert state.pending is None and state.battle is None  # the German battleship holds the zone


def test_odds_are_simulated_and_unchanged_when_the_defender_stays():
    """The simulation answers with the default, staying, so the figures agree
    with the exact ones within the margin."""
    rules, plain = make_rules(RULE), make_rules()
    odds = odds_for_battle(rules, attack(rules, 3, 2), "caucasus")
    exact = odds_for_battle(plain, attack(plain, 3, 2), "caucasus")
    assert odds.method == "simulated" and exact.method == "exact"
    assert abs(odds.attacker_win - exact.attacker_win) < 2 * odds.margin


def test_with_the_destroyer_a_sub_facing_one_stays_behind():
    rules = make_rules(RULE, "s004-unit-destroyer")
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    state = put(rules, state, "baltic_sea_zone", "germany", "destroyer", 1)
    state = put(rules, state, "north_sea_zone", "uk", "submarine", 1)
    state = put(rules, state, "north_sea_zone", "uk", "carrier", 1)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=(("destroyer", 1),))).state
    # the destroyer [6] misses; Britain withdraws: the carrier goes, the sub must stay and defends [6]
    state = act(rules, act(rules, state, EndPhase()).state, Fight(space="north_sea_zone"), dice=[6]).state
    state = act(rules, state, Answer("retreat to east_canada_sea_zone"), dice=[6]).state
    assert count(rules, state, "east_canada_sea_zone", "uk", "carrier") == 1
    assert count(rules, state, "north_sea_zone", "uk", "submarine") == 1


def test_at_sea_aircraft_leave_only_with_carrier_room():
    rules = make_rules(RULE)
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    state = put(rules, state, "baltic_sea_zone", "germany", "battleship", 1)
    state = put(rules, state, "north_sea_zone", "uk", "carrier", 1)
    state = put(rules, state, "north_sea_zone", "uk", "fighter", 2)
    state = put(rules, state, "north_sea_zone", "uk", "transport", 1)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=(("battleship", 1),))).state
    state = act(rules, act(rules, state, EndPhase()).state, Fight(space="north_sea_zone"), dice=[1]).state
    # Britain gives up the carrier: its fighters have nowhere to land if they go
    state = act(rules, state, Answer("carrier=1")).state
    assert state.pending.kind == "defender_retreat"
    # the transport goes; the carrier [6] and the fighters [6, 6] defend
    state = act(rules, state, Answer("retreat to east_canada_sea_zone"), dice=[6, 6, 6]).state
    assert count(rules, state, "east_canada_sea_zone", "uk", "transport") == 2  # one was there already
    assert count(rules, state, "north_sea_zone", "uk", "transport") == 0
    assert count(rules, state, "north_sea_zone", "uk", "fighter") == 2


def test_simulated_odds_keep_aircraft_only_wins_apart_and_count_the_losses():
    """1 infantry and 2 fighters against 2 infantry: often only the fighters are
    left, which takes nothing. The simulation (the defender stays, as the exact
    odds assume) shows that apart from the wins, as the exact figures do, and
    the IPCs each side may expect to lose, within its margin."""
    def fighters_attack(rules):
        return attack_caucasus(rules, [("infantry", 1), ("fighter", 2)], [("infantry", 2)])

    rules, plain = make_rules(RULE), make_rules()
    odds = odds_for_battle(rules, fighters_attack(rules), "caucasus")
    exact = odds_for_battle(plain, fighters_attack(plain), "caucasus")
    assert odds.method == "simulated" and exact.attacker_survives_no_capture > 0.1
    assert abs(odds.attacker_survives_no_capture - exact.attacker_survives_no_capture) < 2 * odds.margin
    assert abs(odds.attacker_win - exact.attacker_win) < 2 * odds.margin
    assert abs(odds.attacker_ipc_loss - exact.attacker_ipc_loss) < 0.15 * exact.attacker_ipc_loss
    assert abs(odds.defender_ipc_loss - exact.defender_ipc_loss) < 0.15 * exact.defender_ipc_loss
