"""s004-lend-lease-units: one ship or aircraft a turn handed to an ally at the
end of the non-combat move."""

import pytest

from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import units_in
from axisallies_tui.houserules.s004_lend_lease_units import RULE, LendLease
from tests.helpers import act, at, clear, count, make_rules, own, put, start, techs

KARELIA = "karelia_ssr"


def uk_fighter_in_karelia(rules):
    """A British fighter stands alone in Karelia (Soviet) in the UK's non-combat move."""
    state = clear(rules, start(rules), KARELIA)
    uid = state.next_uid
    state = put(rules, state, KARELIA, "uk", "fighter")
    return at(rules, state, "uk", "noncombat_move"), uid


def german_attack(rules, state, dice):
    """One German infantry attacks Karelia from East Europe; the Soviets hold Jet Power."""
    state = at(rules, techs(rules, state, "ussr", "jet_power"), "germany", "combat_move")
    state = act(rules, state, Move(origin="east_europe", destination=KARELIA, units=(("infantry", 1),))).state
    state = act(rules, state, EndPhase()).state
    return act(rules, state, Fight(space=KARELIA), dice=dice)


def test_a_british_fighter_defends_at_4_and_a_5_misses():
    rules = make_rules()
    state, _ = uk_fighter_in_karelia(rules)
    step = german_attack(rules, state, [6, 5])  # infantry misses; the fighter's 5 misses too
    assert step.state.pending is not None and step.state.pending.kind == "retreat"


def test_lent_to_the_soviets_it_uses_their_jet_power_and_a_5_hits():
    rules = make_rules(RULE)
    state, uid = uk_fighter_in_karelia(rules)
    step = act(rules, state, LendLease(uid=uid, to="ussr"))
    assert count(rules, step.state, KARELIA, "ussr", "fighter") == 1
    assert [e.text(rules.board, rules.edition) for e in step.events] == [
        "1 fighter in Karelia S.S.R. pass from United Kingdom to Soviet Union."]
    after = german_attack(rules, step.state, [6, 5])  # the Soviet jet fighter defends at 5
    assert count(rules, after.state, KARELIA, "germany", "infantry") == 0
    assert after.state.pending is None


def test_one_unit_a_turn_and_then_the_move_is_over():
    rules = make_rules(RULE)
    state, uid = uk_fighter_in_karelia(rules)
    state = put(rules, state, KARELIA, "uk", "fighter")
    state = act(rules, state, LendLease(uid=uid, to="ussr")).state
    with pytest.raises(IllegalAction, match="only 1 unit"):
        act(rules, state, LendLease(uid=uid + 1, to="ussr"))
    assert not [a for a in legal_actions(rules, state) if isinstance(a, LendLease)]
    with pytest.raises(IllegalAction, match="lend-lease ends your non-combat move"):
        act(rules, state, Move(origin=KARELIA, destination="russia", units=(("fighter", 1),)))
    assert act(rules, state, EndPhase()).state.phase == "place"


def test_with_a_higher_limit_more_units_go():
    rules = make_rules(RULE, params={RULE: {"units_per_turn": 2}})
    state, uid = uk_fighter_in_karelia(rules)
    state = put(rules, state, KARELIA, "uk", "bomber")
    state = act(rules, state, LendLease(uid=uid, to="ussr")).state
    state = act(rules, state, LendLease(uid=uid + 1, to="ussr")).state
    assert count(rules, state, KARELIA, "ussr", "bomber") == 1


def test_what_may_be_handed_over_and_where():
    rules = make_rules(RULE)
    state, uid = uk_fighter_in_karelia(rules)
    armour = state.next_uid
    state = put(rules, state, KARELIA, "uk", "armour")
    with pytest.raises(IllegalAction, match="only aircraft and ships"):
        act(rules, state, LendLease(uid=armour, to="ussr"))
    with pytest.raises(IllegalAction, match="not a friendly power"):
        act(rules, state, LendLease(uid=uid, to="germany"))
    with pytest.raises(IllegalAction, match="neither held by United States"):
        act(rules, state, LendLease(uid=uid, to="usa"))
    with pytest.raises(IllegalAction, match="only your own"):
        act(rules, state, LendLease(uid=units_in(rules.board, state, "russia")[0].uid, to="usa"))
    # a ship next to a Soviet territory may go; one a zone further out may not
    ship = state.next_uid
    state = put(rules, state, "karelia_sea_zone", "uk", "battleship")
    far = units_in(rules.board, state, "north_sea_zone")[-1]
    with pytest.raises(IllegalAction, match="nor a sea zone next to its territory"):
        act(rules, state, LendLease(uid=far.uid, to="ussr"))
    lent = act(rules, state, LendLease(uid=ship, to="ussr")).state
    assert count(rules, lent, "karelia_sea_zone", "ussr", "battleship") == 1


def test_attackers_and_powers_without_their_capital_may_not():
    rules = make_rules(RULE)
    state, uid = uk_fighter_in_karelia(rules)
    index = rules.board.space(KARELIA).index
    from attrs import evolve

    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=tuple(evolve(u, fought=True) for u in spaces[index].units))
    with pytest.raises(IllegalAction, match="took part in this turn's attacks"):
        act(rules, evolve(state, spaces=tuple(spaces)), LendLease(uid=uid, to="ussr"))
    with pytest.raises(IllegalAction, match="Soviet Union does not hold its capital"):
        act(rules, own(rules, state, "russia", "germany"), LendLease(uid=uid, to="ussr"))
    with pytest.raises(IllegalAction, match="United Kingdom does not hold its capital"):
        act(rules, own(rules, state, "united_kingdom", "germany"), LendLease(uid=uid, to="ussr"))


def test_an_aircraft_must_have_landed_and_it_is_refused_outside_the_move():
    rules = make_rules(RULE)
    state, _ = uk_fighter_in_karelia(rules)
    plane = state.next_uid
    state = put(rules, state, "karelia_sea_zone", "uk", "fighter")  # at sea with no carrier
    with pytest.raises(IllegalAction, match="must first land"):
        act(rules, state, LendLease(uid=plane, to="ussr"))
    with pytest.raises(IllegalAction, match="non-combat move"):
        act(rules, at(rules, state, "uk", "purchase"), LendLease(uid=plane, to="ussr"))


def test_a_transport_goes_only_empty():
    from attrs import evolve

    rules = make_rules(RULE)
    state, _ = uk_fighter_in_karelia(rules)
    state = clear(rules, state, "karelia_sea_zone")
    boat = state.next_uid
    state = put(rules, state, "karelia_sea_zone", "uk", "transport")
    empty = state
    state = put(rules, state, "karelia_sea_zone", "uk", "infantry")
    index = rules.board.space("karelia_sea_zone").index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=tuple(
        evolve(u, aboard=boat) if u.type == "infantry" else u for u in spaces[index].units))
    with pytest.raises(IllegalAction, match="handed over empty"):
        act(rules, evolve(state, spaces=tuple(spaces)), LendLease(uid=boat, to="ussr"))
    lent = act(rules, empty, LendLease(uid=boat, to="ussr")).state
    assert count(rules, lent, "karelia_sea_zone", "ussr", "transport") == 1


def test_a_carrier_goes_with_the_givers_fighters_staying_aboard():
    rules = make_rules(RULE)
    state, _ = uk_fighter_in_karelia(rules)
    state = clear(rules, state, "karelia_sea_zone")
    deck = state.next_uid
    state = put(rules, state, "karelia_sea_zone", "uk", "carrier")
    state = put(rules, state, "karelia_sea_zone", "uk", "fighter", 2)
    state = act(rules, state, LendLease(uid=deck, to="ussr")).state
    after = act(rules, state, EndPhase())  # the British fighters sit on an allied carrier: none is lost
    assert count(rules, after.state, "karelia_sea_zone", "uk", "fighter") == 2
    assert count(rules, after.state, "karelia_sea_zone", "ussr", "carrier") == 1
