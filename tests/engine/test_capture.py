"""Capture, plunder and liberation (C-CAPTURE, C-CAP)."""


from axisallies_tui.engine.capture import capture
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.engine.queries import owner
from axisallies_tui.engine.tx import Tx
from tests.helpers import at, count, ipcs, make_rules, money, own, start


def captured(rules, state, space, by):
    tx = Tx(rules, state, ScriptedDice([]))
    capture(tx, space, by)
    return tx.state, tx.events


def test_capturing_a_capital_seizes_all_its_owners_ipcs():
    """C-CAP-1: capturing Russia while the Russians hold 17 IPCs moves the 17 to the captor."""
    rules = make_rules()
    state = ipcs(rules, at(rules, start(rules), "germany", "combat_move"), "ussr", 17)
    state, events = captured(rules, state, "russia", "germany")
    assert owner(rules.board, state, "russia") == "germany"
    assert money(rules, state, "ussr") == 0
    assert money(rules, state, "germany") == 32 + 17
    assert [e.kind for e in events][:1] == ["territory_captured"]
    assert any(e.kind == "capital_plundered" and e.amount == 17 for e in events)


def test_complexes_and_aa_guns_change_hands_with_the_territory():
    """C-CAPTURE-3."""
    rules = make_rules()
    state, events = captured(rules, start(rules), "karelia_ssr", "germany")
    assert count(rules, state, "karelia_ssr", "germany", "industrial_complex") == 1
    assert count(rules, state, "karelia_ssr", "ussr", "industrial_complex") == 0
    assert "karelia_ssr" in state.turn.captured


def test_an_allys_territory_is_liberated_for_its_original_owner():
    """C-CAP-LIB-1: the British retake Karelia S.S.R. for the Soviets."""
    rules = make_rules()
    state = own(rules, start(rules), "karelia_ssr", "germany")
    state, _ = captured(rules, state, "karelia_ssr", "uk")
    assert owner(rules.board, state, "karelia_ssr") == "ussr"


def test_liberation_waits_while_the_allys_capital_is_enemy_held():
    """C-CAP-LIB-2."""
    rules = make_rules()
    state = own(rules, own(rules, start(rules), "karelia_ssr", "germany"), "russia", "germany")
    state, _ = captured(rules, state, "karelia_ssr", "uk")
    assert owner(rules.board, state, "karelia_ssr") == "uk"


def test_freeing_a_capital_returns_its_powers_territories_held_by_allies():
    """C-CAP-LIB-3: Russia freed by the British; Karelia (held by the British) goes home too."""
    rules = make_rules()
    state = own(rules, own(rules, start(rules), "russia", "germany"), "karelia_ssr", "uk")
    state, _ = captured(rules, state, "russia", "uk")
    assert owner(rules.board, state, "russia") == "ussr"
    assert owner(rules.board, state, "karelia_ssr") == "ussr"


def test_retaking_ones_own_territory():
    """C-CAP-LIB-4."""
    rules = make_rules()
    state = own(rules, start(rules), "ukraine_ssr", "ussr")
    state, _ = captured(rules, state, "ukraine_ssr", "germany")
    assert owner(rules.board, state, "ukraine_ssr") == "germany"
