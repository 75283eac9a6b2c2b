"""s000-capital-capture: the loser names a temporary capital, collects half
income there and keeps buying; taking it seizes the treasury again."""

import pytest

from axisallies_tui import setup
from axisallies_tui.engine.actions import Answer, EndPhase, Place, Purchase
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner
from axisallies_tui.engine.rules import HouseRuleChoice, Ruleset
from tests.helpers import act, at, clear, count, ipcs, make_rules, money, own, put, start

RULE = "s000-capital-capture"


def moscow_falls(rules, dice=(1, 6)):
    """A German tank takes Russia, held by one infantry; the USSR has complexes
    left in Karelia and (for this test) Kazakh S.S.R. Dice: the tank hits, the
    infantry misses."""
    state = start(rules)
    state = clear(rules, state, "russia")
    state = put(rules, state, "russia", "ussr", "industrial_complex")
    state = put(rules, state, "russia", "ussr", "infantry")
    state = own(rules, clear(rules, state, "caucasus"), "caucasus", "germany")
    state = put(rules, state, "caucasus", "germany", "armour")
    state = put(rules, state, "kazakh_ssr", "ussr", "industrial_complex")
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="caucasus", destination="russia", units=(("armour", 1),))).state
    state = act(rules, state, EndPhase()).state
    return act(rules, state, Fight(space="russia"), dice=list(dice))


def seated(rules, choice="Karelia S.S.R."):
    step = moscow_falls(rules)
    return act(rules, step.state, Answer(choice)).state


def income(rules, state, power):
    step = act(rules, at(rules, state, power, "place"), EndPhase())
    return next(e for e in step.events if e.kind == "income_collected" and e.power == power).amount


def test_the_loser_not_the_mover_is_asked_for_a_temporary_capital():
    rules = make_rules(RULE)
    step = moscow_falls(rules)
    assert step.state.power == "germany"
    assert step.state.pending.power == "ussr"
    assert step.state.pending.options == ("Karelia S.S.R.", "Kazakh S.S.R.")
    assert money(rules, step.state, "germany") == 32 + 24  # the capital's treasury, as in the classic rules
    with pytest.raises(IllegalAction, match="waiting for Soviet Union"):
        act(rules, step.state, EndPhase())
    after = act(rules, step.state, Answer("Kazakh S.S.R."))
    assert after.state.pending is None
    assert rules.active.get(RULE).state_in(after.state).seats[0].space == "kazakh_ssr"


def test_without_the_rule_nobody_is_asked_and_the_fallen_power_cannot_buy():
    rules = make_rules()
    state = moscow_falls(rules).state
    assert state.pending is None
    state = ipcs(rules, at(rules, state, "ussr", "purchase"), "ussr", 10)
    with pytest.raises(IllegalAction, match="held by the enemy"):
        act(rules, state, Purchase(unit="infantry"))


def test_with_a_temporary_capital_the_fallen_power_buys_and_places():
    rules = make_rules(RULE)
    state = ipcs(rules, at(rules, seated(rules), "ussr", "purchase"), "ussr", 10)
    state = act(rules, state, Purchase(unit="infantry", count=3)).state
    assert money(rules, state, "ussr") == 1
    state = act(rules, at(rules, state, "ussr", "place"), Place(unit="infantry", space="karelia_ssr", count=3)).state
    assert count(rules, state, "karelia_ssr", "ussr", "infantry") == 3 + 3


def test_income_is_halved_on_a_temporary_capital_rounding_down():
    # The USSR holds 24 IPCs of land at the start; without Russia (8) it holds 16,
    # and Germany holds Caucasus (3): 13. Half of 13 is 6.
    assert income(make_rules(), moscow_falls(make_rules()).state, "ussr") == 13
    rules = make_rules(RULE)
    assert income(rules, seated(rules), "ussr") == 6


def test_taking_the_temporary_capital_seizes_the_treasury_and_the_next_complex_takes_over():
    rules = make_rules(RULE)
    state = ipcs(rules, seated(rules), "ussr", 9)
    state = clear(rules, state, "karelia_ssr")
    state = put(rules, state, "karelia_ssr", "ussr", "industrial_complex")
    state = put(rules, state, "east_europe", "germany", "armour")
    state = at(rules, state, "germany", "combat_move")
    before = money(rules, state, "germany")
    step = act(rules, state, Move(origin="east_europe", destination="karelia_ssr", units=(("armour", 1),)))
    assert money(rules, step.state, "ussr") == 0
    assert money(rules, step.state, "germany") == before + 9
    assert step.state.pending is None  # one complex left: nothing to choose
    assert rules.active.get(RULE).state_in(step.state).seats[0].space == "kazakh_ssr"
    assert "treasury_seized" in [e.kind for e in step.events]


def test_freed_territory_goes_back_to_a_power_with_a_temporary_capital():
    # Germany holds Caucasus; a British tank frees it. In the classic rules the
    # UK keeps it while Moscow is German; with a temporary capital it goes home.
    def free_caucasus(rules, state):
        state = put(rules, clear(rules, state, "caucasus"), "persia", "uk", "armour")
        state = at(rules, state, "uk", "combat_move")
        return act(rules, state, Move(origin="persia", destination="caucasus", units=(("armour", 1),))).state

    base = make_rules()
    assert owner(base.board, free_caucasus(base, moscow_falls(base).state), "caucasus") == "uk"
    rules = make_rules(RULE)
    assert owner(rules.board, free_caucasus(rules, seated(rules)), "caucasus") == "ussr"


def test_a_power_with_no_complex_left_collects_nothing_and_allies_keep_what_they_free():
    rules = make_rules(RULE)
    state = start(rules)
    state = own(rules, clear(rules, state, "united_kingdom"), "united_kingdom", "germany")
    state = own(rules, state, "east_canada", "germany")
    state = put(rules, state, "east_us", "usa", "armour")
    state = at(rules, state, "usa", "combat_move")
    state = act(rules, state, Move(origin="east_us", destination="east_canada", units=(("armour", 1),))).state
    assert owner(rules.board, state, "east_canada") == "usa"
    assert income(rules, state, "uk") == 0
    assert income(make_rules(), state, "uk") > 0


def test_retaking_the_capital_ends_the_temporary_capital():
    rules = make_rules(RULE)
    state = seated(rules)
    state = clear(rules, state, "russia")
    state = put(rules, state, "russia", "germany", "industrial_complex")
    state = put(rules, clear(rules, state, "karelia_ssr"), "karelia_ssr", "ussr", "armour")
    state = put(rules, state, "karelia_ssr", "ussr", "industrial_complex")
    state = at(rules, state, "ussr", "combat_move")
    step = act(rules, state, Move(origin="karelia_ssr", destination="russia", units=(("armour", 1),)))
    assert "capital_restored" in [e.kind for e in step.events]
    assert rules.active.get(RULE).state_in(step.state).seats == ()
    assert income(rules, step.state, "ussr") == 24 - 3  # full again (Caucasus is still German)


def test_a_battle_that_takes_no_capital_goes_as_in_the_classic_rules():
    def take_caucasus(rules):
        state = put(rules, clear(rules, start(rules), "caucasus"), "caucasus", "ussr", "infantry")
        state = put(rules, state, "ukraine_ssr", "germany", "armour")
        state = at(rules, state, "germany", "combat_move")
        state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 1),))).state
        state = act(rules, state, EndPhase()).state
        return act(rules, state, Fight(space="caucasus"), dice=[1, 6])

    with_rule, without = take_caucasus(make_rules(RULE)), take_caucasus(make_rules())
    assert with_rule.state.pending is None
    assert [e.kind for e in with_rule.events] == [e.kind for e in without.events]
    assert with_rule.state.powers == without.state.powers


def test_setup_keeps_capital_lost_income_at_collect():
    with pytest.raises(setup.SetupError, match="capital_lost_income"):
        setup.make_rules(Ruleset(board="classic", options=(("capital_lost_income", "none"),),
                                 house=(HouseRuleChoice(id=RULE),)))


def test_the_temporary_capital_is_saved_with_the_game():
    from axisallies_tui.codec import state_from_json, state_to_json

    rules = make_rules(RULE)
    state = seated(rules)
    assert state_from_json(state_to_json(state)) == state


def test_a_position_waiting_for_the_choice_exports_and_loads_back():
    from axisallies_tui.positions import loads_position, position_text

    rules = make_rules(RULE)
    state = moscow_falls(rules).state
    assert loads_position(position_text(rules, state)).state == state


def test_a_choice_that_fell_meanwhile_is_made_again():
    rules = make_rules(RULE)
    state = moscow_falls(rules).state
    state = own(rules, clear(rules, state, "kazakh_ssr"), "kazakh_ssr", "germany")
    step = act(rules, state, Answer("Kazakh S.S.R."))
    assert step.state.pending is None
    assert rules.active.get(RULE).state_in(step.state).seats[0].space == "karelia_ssr"
