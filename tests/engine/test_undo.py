"""Undo within a phase: only what rolled no dice, never across phases."""

import pytest

from axisallies_tui.engine.actions import EndPhase, Place, Purchase, Research, Undo
from axisallies_tui.engine.errors import IllegalAction
from tests.helpers import act, at, count, make_rules, money, start


def test_purchases_and_placements_are_taken_back_in_reverse_order():
    rules = make_rules()
    state = at(rules, start(rules), "germany", "purchase")
    first = act(rules, state, Purchase(unit="armour", count=2)).state
    second = act(rules, first, Purchase(unit="infantry", count=1)).state
    back = act(rules, second, Undo())
    assert back.state.powers == first.powers
    assert [e.kind for e in back.events] == ["action_undone"]
    again = act(rules, back.state, Undo()).state
    assert money(rules, again, "germany") == 32 and again.undo == ()
    with pytest.raises(IllegalAction, match="nothing to take back"):
        act(rules, again, Undo())


def test_a_placement_undone_removes_the_unit_and_restores_the_limit():
    rules = make_rules()
    state = at(rules, act(rules, at(rules, start(rules), "uk", "purchase"), Purchase(unit="infantry")).state, "uk", "place")
    placed = act(rules, state, Place(unit="infantry", space="united_kingdom")).state
    undone = act(rules, placed, Undo()).state
    assert count(rules, undone, "united_kingdom", "uk", "infantry") == count(rules, state, "united_kingdom", "uk", "infantry")
    assert undone.powers == state.powers and undone.turn == state.turn and undone.next_uid == state.next_uid


def test_dice_and_phase_changes_close_the_history():
    rules = make_rules()
    state = at(rules, start(rules), "germany", "research")
    rolled = act(rules, state, Research(dice=1), dice=[3]).state
    with pytest.raises(IllegalAction):
        act(rules, rolled, Undo())
    bought = act(rules, act(rules, rolled, EndPhase()).state, Purchase(unit="infantry")).state
    assert len(bought.undo) == 1
    moved_on = act(rules, act(rules, bought, EndPhase()).state, EndPhase()).state  # past the combat move
    assert moved_on.phase != "combat_move" and moved_on.undo == ()


def test_the_end_of_a_purchase_is_taken_back_and_then_what_was_bought():
    """Issue 13: `e e` with money left by mistake; `u` goes back to the purchase
    with the list as it was, and once more takes back the purchase itself."""
    rules = make_rules()
    state = at(rules, start(rules), "germany", "purchase")
    bought = act(rules, state, Purchase(unit="infantry", count=2)).state
    ended = act(rules, bought, EndPhase()).state
    assert ended.phase == "combat_move"
    back = act(rules, ended, Undo())
    assert back.state.phase == "purchase" and back.state.powers == bought.powers
    assert back.events[0].text(rules.board, rules.edition) == "Germany takes back the end of the phase."
    assert money(rules, act(rules, back.state, Undo()).state, "germany") == 32


def test_moves_then_the_end_of_the_purchase_are_taken_back_in_reverse_order():
    from axisallies_tui.engine.movement import Move

    rules = make_rules()
    ended = act(rules, at(rules, start(rules), "germany", "purchase"), EndPhase()).state
    moved = act(rules, ended, Move(origin="germany", destination="karelia_ssr", units=(("armour", 1),))).state
    undone_move = act(rules, moved, Undo()).state
    assert undone_move.phase == "combat_move" and undone_move.spaces == ended.spaces
    assert act(rules, undone_move, Undo()).state.phase == "purchase"


def test_the_end_of_research_stays_final():
    rules = make_rules()
    ended = act(rules, at(rules, start(rules), "germany", "research"), EndPhase()).state
    assert ended.phase == "purchase" and ended.undo == ()


def test_the_feed_names_what_was_taken_back():
    from axisallies_tui.engine.edits import SetIpcs

    rules = make_rules()
    state = at(rules, start(rules), "germany", "purchase")
    bought = act(rules, state, Purchase(unit="infantry")).state
    assert act(rules, bought, Undo()).events[0].text(rules.board, rules.edition) == "Germany takes back the last purchase."
    edited = act(rules, state, SetIpcs(power="germany", ipcs=40, reason="bid")).state
    assert act(rules, edited, Undo()).events[0].text(rules.board, rules.edition) == "Germany takes back the last edit."
