"""s000-bribed-overflights: pay per neutral flown over, once a turn."""

import pytest

from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.movement import Move
from tests.helpers import act, at, ipcs, make_rules, money, put, start

RULE = "s000-bribed-overflights"


def fly(rules, state):
    return act(rules, state, Move(origin="persia", destination="syria_jordan", units=(("bomber", 1),),
                                  path=("turkey", "syria_jordan")))


def bombers_in_persia(rules):
    return at(rules, put(rules, start(rules), "persia", "uk", "bomber", 2), "uk", "noncombat_move")


def test_without_the_rule_turkish_airspace_is_closed():
    rules = make_rules()
    with pytest.raises(IllegalAction, match="may not fly over Turkey while it is neutral"):
        fly(rules, bombers_in_persia(rules))


def test_a_bribe_of_3_opens_turkey_for_the_rest_of_the_turn():
    rules = make_rules(RULE)
    state = bombers_in_persia(rules)
    first = fly(rules, state)
    assert money(rules, first.state, "uk") == 30 - 3
    assert [e.kind for e in first.events][:1] == ["fee_paid"]
    second = fly(rules, first.state)
    assert money(rules, second.state, "uk") == 27, "the second flight over Turkey this turn is already paid for"
    assert second.state.spaces[rules.board.space("turkey").index].owner is None


def test_no_money_no_bribe_and_the_price_is_a_parameter():
    rules = make_rules(RULE)
    with pytest.raises(IllegalAction, match="costs 3 IPCs; you have 2"):
        fly(rules, ipcs(rules, bombers_in_persia(rules), "uk", 2))
    dear = make_rules(RULE, params={RULE: {"bribe_cost": 7}})
    assert money(dear, fly(dear, bombers_in_persia(dear)).state, "uk") == 23


def test_bribed_neutrals_are_never_landing_places():
    rules = make_rules(RULE)
    with pytest.raises(IllegalAction, match="may not land in Turkey"):
        act(rules, bombers_in_persia(rules), Move(origin="persia", destination="turkey", units=(("bomber", 1),)))
