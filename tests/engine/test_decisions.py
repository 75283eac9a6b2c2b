"""Pending decisions: while one waits, only its answers (or a concession) are legal."""

import pytest
from attrs import evolve

from axisallies_tui.engine.actions import Answer, Concede, EndPhase
from axisallies_tui.engine.decisions import DECISIONS, resolves
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.state import Decision
from tests.helpers import act, make_rules, money, start


@pytest.fixture
def tribute():
    """A decision kind registered for this test only: pay 5 IPCs or not."""

    @resolves("test_tribute")
    def pay(tx, choice):
        if choice == "pay":
            tx.add_ipcs(tx.state.power, -5)

    yield
    del DECISIONS["test_tribute"]


def waiting(rules):
    decision = Decision(power="ussr", kind="test_tribute", prompt="Pay 5 IPCs?", options=("pay", "refuse"), default="refuse")
    return evolve(start(rules), pending=decision)


def test_only_an_answer_is_legal_while_a_decision_waits(tribute):
    rules = make_rules()
    state = waiting(rules)
    with pytest.raises(IllegalAction, match="waiting for Soviet Union to answer: Pay 5 IPCs"):
        act(rules, state, EndPhase())
    assert legal_actions(rules, state) == [Answer("pay"), Answer("refuse")]


def test_an_answer_outside_the_options_is_refused(tribute):
    rules = make_rules()
    with pytest.raises(IllegalAction, match="'maybe' is not an answer"):
        act(rules, waiting(rules), Answer("maybe"))


def test_the_answer_resolves_the_decision(tribute):
    rules = make_rules()
    step = act(rules, waiting(rules), Answer("pay"))
    assert step.state.pending is None
    assert money(rules, step.state, "ussr") == 19
    assert [e.kind for e in step.events] == ["decision_answered"]


def test_conceding_ends_the_game_for_the_other_side(tribute):
    rules = make_rules()
    step = act(rules, waiting(rules), Concede())
    assert step.state.result.winner == "axis"
    with pytest.raises(IllegalAction, match="the game is over"):
        act(rules, step.state, EndPhase())
