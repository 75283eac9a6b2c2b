"""s004-alt-tech-2-fixed-price: developments bought outright, one a turn, in
force from the buyer's next turn."""

import pytest

from axisallies_tui import setup
from axisallies_tui.engine.actions import EndPhase, Research
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import power_state
from axisallies_tui.engine.rules import HouseRuleChoice
from axisallies_tui.engine.turns import start_turn
from axisallies_tui.engine.tx import Tx
from axisallies_tui.houserules import choice_problems
from tests.helpers import act, at, clear, count, ipcs, make_rules, money, put, start

RULE = "s004-alt-tech-2-fixed-price"


def techs_of(rules, state, power):
    return power_state(rules.board, state, power).techs


def researching(rules, amount=40):
    return ipcs(rules, at(rules, start(rules), "germany", "research"), "germany", amount)


def begin_turn(rules, state, power):
    tx = Tx(rules, state, ScriptedDice([]))
    start_turn(tx, power)
    return tx.state


def sub_strike(rules, state, dice):
    """A German submarine attacks a lone British transport in the North Sea."""
    state = clear(rules, state, "north_sea_zone")
    state = put(rules, state, "north_sea_zone", "uk", "transport")
    state = put(rules, state, "baltic_sea_zone", "germany", "submarine")
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone",
                                   units=(("submarine", 1),))).state
    state = act(rules, state, EndPhase()).state
    return act(rules, state, Fight(space="north_sea_zone"), dice=dice)


def test_the_edition_refuses_a_named_development():
    rules = make_rules()
    with pytest.raises(IllegalAction, match="buy dice"):
        act(rules, researching(rules), Research(development="rockets"))


def test_a_development_is_bought_without_dice_and_waits_for_the_next_turn():
    rules = make_rules(RULE)
    step = act(rules, researching(rules), Research(development="super_submarines"))  # no dice at all
    assert money(rules, step.state, "germany") == 25
    assert "super_submarines" not in techs_of(rules, step.state, "germany")
    assert [e.kind for e in step.events if e.kind == "development_bought"] == ["development_bought"]
    later = begin_turn(rules, step.state, "germany")
    assert "super_submarines" in techs_of(rules, later, "germany")


def test_super_submarines_bought_last_turn_hit_on_3():
    rules = make_rules(RULE)
    bought = act(rules, researching(rules), Research(development="super_submarines")).state
    # this turn the submarine still attacks at 2: a 3 misses and the transport fires back
    same_turn = sub_strike(rules, bought, [3, 6])
    assert count(rules, same_turn.state, "north_sea_zone", "uk", "transport") == 1
    # from its next turn it attacks at 3: the same 3 sinks the transport
    next_turn = sub_strike(rules, begin_turn(rules, bought, "germany"), [3])
    assert count(rules, next_turn.state, "north_sea_zone", "uk", "transport") == 0


def test_one_development_a_turn_and_never_the_same_twice():
    rules = make_rules(RULE)
    state = act(rules, researching(rules, 80), Research(development="rockets")).state
    with pytest.raises(IllegalAction, match="once a turn"):
        act(rules, state, Research(development="jet_power"))
    again = at(rules, state, "germany", "research")
    with pytest.raises(IllegalAction, match="on its way"):
        act(rules, again, Research(development="rockets"))
    held = at(rules, begin_turn(rules, state, "germany"), "germany", "research")
    with pytest.raises(IllegalAction, match="already have Rockets"):
        act(rules, held, Research(development="rockets"))


def test_price_dice_and_unknown_developments_are_refused():
    rules = make_rules(RULE)
    state = researching(rules, 34)
    with pytest.raises(IllegalAction, match="costs 35 IPCs; you have 34"):
        act(rules, state, Research(development="industrial_technology"))
    with pytest.raises(IllegalAction, match="no research dice"):
        act(rules, state, Research(dice=2))
    with pytest.raises(IllegalAction, match="not a development that can be bought"):
        act(rules, state, Research(development="death_ray"))


def test_prices_are_parameters_and_offers_follow_the_treasury():
    rules = make_rules(RULE, params={RULE: {"price_rockets": 3}})
    state = researching(rules, 16)
    offered = {a.development for a in legal_actions(rules, state) if isinstance(a, Research)}
    assert offered == {"rockets", "super_submarines"}
    assert money(rules, act(rules, state, Research(development="rockets")).state, "germany") == 13
    assert "Rockets 3" in rules.research.describe(rules)


def test_setup_refuses_it_with_rules_that_need_research_dice():
    problems = choice_problems(setup.catalogue(), "classic", (HouseRuleChoice(RULE), HouseRuleChoice("s000-weapons-table")))
    assert any("alternatives" in p for p in problems)
    problems = choice_problems(setup.catalogue(), "classic", (HouseRuleChoice(RULE),), (("tech_development", False),))
    assert any("tech_development" in p for p in problems)
    # declared on this rule's side only, and still refused (the other id sorts first)
    problems = choice_problems(setup.catalogue(), "classic",
                               (HouseRuleChoice(RULE), HouseRuleChoice("s000-directed-research")))
    assert "s000-directed-research conflicts with s004-alt-tech-2-fixed-price: they cannot be on together" in problems


def test_a_waiting_development_is_saved_with_the_game():
    from axisallies_tui.codec import state_to_json, structure
    from axisallies_tui.engine.state import GameState

    rules = make_rules(RULE)
    state = act(rules, researching(rules), Research(development="rockets")).state
    again = structure(state_to_json(state), GameState, "state")
    assert again.rule_state == state.rule_state and again.rule_state[0].data.bought == (("germany", "rockets"),)
