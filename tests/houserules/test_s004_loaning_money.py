"""s004-loaning-money: loans to allies before research and purchases, at most
10% of the treasury (rounded up, measured before the turn's first loan)."""

import pytest

from axisallies_tui.engine.actions import Purchase, Research
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.queries import power_state
from axisallies_tui.houserules.s004_loaning_money import RULE, Ledger, Loan, LoanEntry
from tests.helpers import act, at, ipcs, make_rules, money, start


def lending(rules, power="uk", amount=30, phase="research"):
    return ipcs(rules, at(rules, start(rules), power, phase), power, amount)


def test_without_the_rule_a_loan_is_refused_and_the_borrower_cannot_afford_a_die():
    rules = make_rules()
    with pytest.raises(IllegalAction, match="belongs to s004-loaning-money"):
        act(rules, lending(rules), Loan(to="ussr", amount=1))
    state = ipcs(rules, at(rules, start(rules), "ussr", "research"), "ussr", 4)
    with pytest.raises(IllegalAction, match="cost 5 IPCs; you have 4"):
        act(rules, state, Research(dice=1))


def test_a_loan_lets_the_borrower_research_on_its_turn():
    rules = make_rules(RULE)
    state = ipcs(rules, lending(rules), "ussr", 4)
    state = act(rules, state, Loan(to="ussr", amount=1)).state
    assert money(rules, state, "uk") == 29 and money(rules, state, "ussr") == 5
    step = act(rules, at(rules, state, "ussr", "research"), Research(dice=1), dice=[6, 5])
    assert power_state(rules.board, step.state, "ussr").techs == ("industrial_technology",)


def test_the_limit_is_ten_percent_rounded_up_of_the_treasury_before_lending():
    rules = make_rules(RULE)
    state = lending(rules, amount=21)  # limit 3 (2.1 rounded up)
    state = act(rules, state, Loan(to="usa", amount=2)).state
    # 19 IPCs are left, but the limit stays 3 for the whole turn: 1 more, and no more
    state = act(rules, state, Loan(to="ussr", amount=1)).state
    with pytest.raises(IllegalAction, match="may total 3 IPCs .*; 3 already lent"):
        act(rules, state, Loan(to="ussr", amount=1))
    ledger = state.rule_state[0].data
    assert isinstance(ledger, Ledger)
    assert ledger.loans == (LoanEntry(1, "uk", "usa", 2), LoanEntry(1, "uk", "ussr", 1))


def test_the_limit_starts_again_next_turn_and_the_ledger_keeps_the_total():
    rules = make_rules(RULE)
    state = act(rules, lending(rules, amount=10), Loan(to="usa", amount=1)).state
    later = ipcs(rules, at(rules, state, "uk", "purchase", round=2), "uk", 10)
    step = act(rules, later, Loan(to="usa", amount=1))
    made = [e for e in step.events if e.kind == "loan_made"]
    assert made[0].owed == 2
    assert "2 IPCs lent to them in all" in made[0].text(rules.board, rules.edition)


def test_loans_come_before_research_and_purchases():
    rules = make_rules(RULE)
    researched = act(rules, lending(rules), Research(dice=1), dice=[1]).state
    with pytest.raises(IllegalAction, match="this turn's research is done"):
        act(rules, researched, Loan(to="usa", amount=1))
    bought = act(rules, lending(rules, phase="purchase"), Purchase(unit="infantry")).state
    with pytest.raises(IllegalAction, match="units are already bought"):
        act(rules, bought, Loan(to="usa", amount=1))
    later = at(rules, bought, "uk", "combat_move")
    with pytest.raises(IllegalAction, match="research or purchase phase"):
        act(rules, later, Loan(to="usa", amount=1))


def test_only_friends_and_only_what_the_treasury_allows():
    rules = make_rules(RULE)
    state = lending(rules, amount=30)
    with pytest.raises(IllegalAction, match="not a friendly power"):
        act(rules, state, Loan(to="germany", amount=1))
    with pytest.raises(IllegalAction, match="not a friendly power"):
        act(rules, state, Loan(to="uk", amount=1))
    with pytest.raises(IllegalAction, match="at least 1 IPC"):
        act(rules, state, Loan(to="usa", amount=0))
    broke = lending(rules, amount=0)
    with pytest.raises(IllegalAction, match="may total 0 IPCs"):
        act(rules, broke, Loan(to="usa", amount=1))
    assert not [a for a in legal_actions(rules, broke) if isinstance(a, Loan)]


def test_offers_go_to_each_ally_in_every_amount_up_to_the_limit():
    """The game screen's `x` list shows what the engine lists: a player may lend
    any amount up to what is left of the limit, not only 1 or all of it."""
    rules = make_rules(RULE)
    state = lending(rules, amount=30)  # limit 3
    offered = {(a.to, a.amount) for a in legal_actions(rules, state) if isinstance(a, Loan)}
    assert offered == {(ally, n) for ally in ("ussr", "usa") for n in (1, 2, 3)}
    state = act(rules, state, Loan(to="usa", amount=2)).state
    offered = {(a.to, a.amount) for a in legal_actions(rules, state) if isinstance(a, Loan)}
    assert offered == {("ussr", 1), ("usa", 1)}


def test_the_ledger_is_saved_with_the_game():
    from axisallies_tui.codec import state_to_json, structure
    from axisallies_tui.engine.state import GameState

    rules = make_rules(RULE)
    state = act(rules, lending(rules), Loan(to="usa", amount=3)).state
    again = structure(state_to_json(state), GameState, "state")
    assert again.rule_state == state.rule_state

