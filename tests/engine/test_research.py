"""Weapons development (C-TECH, section 14) with scripted dice."""

import pytest

from axisallies_tui.engine.actions import Research
from axisallies_tui.engine.errors import IllegalAction
from tests.helpers import act, at, make_rules, money, start, techs


@pytest.fixture
def rules():
    return make_rules()


def test_each_six_is_a_breakthrough_and_the_chart_die_names_the_development(rules):
    """C-TECH-2: dice [6, 2, 6] then chart dice [5] and [6]: Industrial Technology, Heavy Bombers."""
    state = at(rules, start(rules), "germany", "research")
    step = act(rules, state, Research(dice=3), dice=[6, 2, 6, 5, 6])
    assert step.state.powers[1].techs == ("industrial_technology", "heavy_bombers")
    assert money(rules, step.state, "germany") == 32 - 15


def test_no_six_no_development_and_the_money_is_spent(rules):
    """C-TECH-1: the dice are paid for whatever they show."""
    state = at(rules, start(rules), "germany", "research")
    step = act(rules, state, Research(dice=2), dice=[5, 1])
    assert step.state.powers[1].techs == ()
    assert money(rules, step.state, "germany") == 22


def test_a_development_already_owned_is_rolled_again(rules):
    """C-TECH-2 ruling: repeats are rerolled, every result comes from a logged die."""
    state = techs(rules, at(rules, start(rules), "japan", "research"), "japan", "jet_power")
    step = act(rules, state, Research(dice=1), dice=[6, 1, 1, 4])
    assert step.state.powers[3].techs == ("jet_power", "long_range_aircraft")
    chart_rolls = [e.values for e in step.events if e.kind == "dice_rolled" and "chart" in e.purpose]
    assert chart_rolls == [(1,), (1,), (4,)]


def test_research_once_a_turn_and_only_what_can_be_paid(rules):
    state = at(rules, start(rules), "ussr", "research")
    with pytest.raises(IllegalAction, match="cost 25 IPCs; you have 24"):
        act(rules, state, Research(dice=5))
    state = act(rules, state, Research(dice=1), dice=[3]).state
    with pytest.raises(IllegalAction, match="once a turn"):
        act(rules, state, Research(dice=1))
