"""s000-sub-target-choice: the sub's owner, not the victim, picks what its hits sink."""

from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.battle_odds import odds_for_battle
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.movement import Move
from tests.helpers import act, at, clear, count, make_rules, put, start, techs

RULE = "s000-sub-target-choice"


def sub_attack(rules, attacker="submarine"):
    """A German sub (or `attacker`) from the Baltic attacks a British transport
    and carrier in the North Sea."""
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    state = put(rules, state, "baltic_sea_zone", "germany", attacker, 1)
    state = put(rules, state, "north_sea_zone", "uk", "transport", 1)
    state = put(rules, state, "north_sea_zone", "uk", "carrier", 1)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=((attacker, 1),))).state
    return act(rules, state, EndPhase()).state


def test_in_the_edition_the_defender_picks_the_sub_strike_losses():
    rules = make_rules()
    state = act(rules, sub_attack(rules), Fight(space="north_sea_zone"), dice=[1]).state
    assert state.pending.kind == "sub_casualties" and state.pending.power == "uk"


def test_with_the_rule_the_attacker_aims_and_sinks_the_carrier():
    rules = make_rules(RULE)
    state = act(rules, sub_attack(rules), Fight(space="north_sea_zone"), dice=[1]).state
    assert state.pending.kind == "sub_casualties" and state.pending.power == "germany"
    # the carrier goes before it can fire; the transport defends [6] and misses
    state = act(rules, state, Answer("carrier=1"), dice=[6]).state
    assert count(rules, state, "north_sea_zone", "uk", "carrier") == 0
    assert count(rules, state, "north_sea_zone", "uk", "transport") == 1


def test_a_miss_leaves_nothing_to_choose():
    rules = make_rules(RULE)
    # sub strike [6] misses; the carrier [6] and transport [6] miss too
    state = act(rules, sub_attack(rules), Fight(space="north_sea_zone"), dice=[6, 6, 6]).state
    assert state.pending.kind == "retreat"


def sub_defence(rules, super_subs):
    """A German carrier and transport attack a lone British sub in the North Sea."""
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    state = put(rules, state, "baltic_sea_zone", "germany", "carrier", 1)
    state = put(rules, state, "baltic_sea_zone", "germany", "transport", 1)
    state = put(rules, state, "north_sea_zone", "uk", "submarine", 1)
    if super_subs:
        state = techs(rules, state, "uk", "super_submarines")
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone",
                                   units=(("carrier", 1), ("transport", 1)))).state
    return act(rules, state, EndPhase()).state


def test_defending_super_subs_aim():
    rules = make_rules(RULE)
    # the carrier attacks [6]; the sub defends [1]: Britain picks the loss
    state = act(rules, sub_defence(rules, True), Fight(space="north_sea_zone"), dice=[6, 1]).state
    assert state.pending.kind == "attacker_casualties" and state.pending.power == "uk"
    state = act(rules, state, Answer("carrier=1")).state
    assert count(rules, state, "north_sea_zone", "germany", "carrier") == 0


def test_defending_subs_without_super_submarines_do_not_aim():
    rules = make_rules(RULE)
    state = act(rules, sub_defence(rules, False), Fight(space="north_sea_zone"), dice=[6, 1]).state
    assert state.pending.kind == "attacker_casualties" and state.pending.power == "germany"


def test_odds_are_simulated_and_show_the_aim():
    """The simulation takes each question's default; when the firing side
    chooses the losses, its default is the costliest first, so aiming helps
    the attacker in the figures."""
    rules, plain = make_rules(RULE), make_rules()
    odds = odds_for_battle(rules, sub_attack(rules), "north_sea_zone")
    exact = odds_for_battle(plain, sub_attack(plain), "north_sea_zone")
    assert odds.method == "simulated" and exact.method == "exact"
    assert odds.attacker_win > exact.attacker_win + odds.margin


def test_with_the_rule_a_defending_sub_still_cannot_hit_aircraft():
    """The rule fires the defence in two parts; the unaimed part keeps C-COMBAT-SUB:
    a German fighter [6] misses, the British sub [1] hits, and only the transport
    can take that hit."""
    rules = make_rules(RULE)
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    state = put(rules, state, "baltic_sea_zone", "germany", "transport", 1)
    state = put(rules, state, "north_sea_zone", "uk", "submarine", 1)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone",
                                   units=(("transport", 1),))).state
    state = act(rules, state, Move(origin="germany", destination="north_sea_zone", units=(("fighter", 1),))).state
    state = act(rules, act(rules, state, EndPhase()).state, Fight(space="north_sea_zone"), dice=[6, 1]).state
    assert count(rules, state, "north_sea_zone", "germany", "transport") == 0
    assert count(rules, state, "north_sea_zone", "germany", "fighter") == 1


def test_without_a_sub_the_battle_keeps_its_exact_odds():
    """No submarine on either side: nothing to aim, so the rule leaves the battle
    alone and its odds are the exact ones of the base rules, to the last digit.
    A German battleship attacks the same transport and carrier."""
    from axisallies_tui.engine.simulate import simulated_odds

    rules, plain = make_rules(RULE), make_rules()

    def surface_attack(rules):
        return sub_attack(rules, "battleship")

    # fought by the engine under the rule: die for die as under the base rules
    assert simulated_odds(rules, surface_attack(rules), "north_sea_zone", trials=200) == \
        simulated_odds(plain, surface_attack(plain), "north_sea_zone", trials=200)
    odds = odds_for_battle(rules, surface_attack(rules), "north_sea_zone")
    assert odds.method == "exact"
    assert odds == odds_for_battle(plain, surface_attack(plain), "north_sea_zone")
    assert odds_for_battle(rules, sub_attack(rules), "north_sea_zone").method == "simulated"
