"""Battles as ordered steps: a rule inserts a step, the battle runs it, and
the odds for such a battle are simulated with the engine's own procedure."""

from __future__ import annotations

import pytest

from axisallies_tui import setup
from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.battle import ROUND_STEPS, is_edition_procedure
from axisallies_tui.engine.battle_odds import odds_for_battle
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.hooks import ActiveRules, HouseRule
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner
from axisallies_tui.engine.rules import Rules, Ruleset
from axisallies_tui.engine.state import GameState
from axisallies_tui.engine.tx import Tx
from tests.helpers import act, at, clear, count, make_rules, put, start


class _Barrage(HouseRule):
    """A test rule: before each round's fire, every defender is struck by one
    die that removes an attacking infantry on a 1."""

    id = "test-barrage"
    steps = ("barrage",)

    def battle_steps(self, rules: Rules, state: GameState, when: str, steps: tuple[str, ...]) -> tuple[str, ...]:
        return ("barrage", *steps) if when == "round" else steps

    def battle_step(self, tx: Tx, step: str) -> None:
        battle = tx.state.battle
        assert battle is not None
        faces = tx.roll(1, "barrage", battle.defender, hit_on=1)
        if faces[0] == 1:
            infantry = [u for u in tx.space(battle.space).units if u.power == tx.state.power and u.type == "infantry"]
            tx.replace_units(battle.space, [u for u in tx.space(battle.space).units if u is not infantry[0]])


def _rules_with_barrage() -> Rules:
    return Rules(setup.board("classic"), setup.editions()["classic"], Ruleset(board="classic"),
                 ActiveRules([_Barrage({})]))


def _attack(rules: Rules) -> GameState:
    """Two German infantry from Ukraine into Caucasus, held by one Soviet infantry."""
    state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
    state = put(rules, state, "ukraine_ssr", "germany", "infantry", 2)
    state = put(rules, state, "caucasus", "ussr", "infantry", 1)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("infantry", 2),))).state
    return act(rules, state, EndPhase()).state


def test_the_edition_battle_has_its_own_steps():
    rules = make_rules()
    assert is_edition_procedure(rules, start(rules))
    assert ROUND_STEPS == ("sub_strike", "attack_fire", "defence_fire", "end_of_round")


def test_a_step_a_rule_inserts_runs_in_every_round():
    rules = _rules_with_barrage()
    # round 1: barrage [1] kills an infantry; attack [6] misses; defence [6] misses
    state = act(rules, _attack(rules), Fight(space="caucasus"), dice=[1, 6, 6]).state
    assert count(rules, state, "caucasus", "germany", "infantry") == 1
    # round 2: barrage [4]; attack [1] hits; defence [6]
    step = act(rules, state, Answer("press on"), dice=[4, 1, 6])
    assert owner(rules.board, step.state, "caucasus") == "germany"
    assert count(rules, step.state, "caucasus", "germany", "infantry") == 1


def test_without_the_rule_the_same_dice_tell_another_story():
    rules = make_rules()
    # round 1: attack [1, 6] one hit; defence [6]: Germany takes Caucasus with both
    step = act(rules, _attack(rules), Fight(space="caucasus"), dice=[1, 6, 6])
    assert count(rules, step.state, "caucasus", "germany", "infantry") == 2


def test_odds_for_a_changed_battle_are_simulated_and_say_so():
    rules = _rules_with_barrage()
    state = _attack(rules)
    odds = odds_for_battle(rules, state, "caucasus")
    assert odds.method == "simulated" and 0 < odds.margin < 0.05
    exact = odds_for_battle(make_rules(), _attack(make_rules()), "caucasus")
    assert exact.method == "exact"
    # the barrage costs the attacker: its chance falls well outside the margin
    assert odds.attacker_win < exact.attacker_win - 2 * odds.margin



def test_simulated_odds_stop_when_told_and_are_unchanged_when_not():
    from axisallies_tui.engine.errors import OddsCancelled
    from axisallies_tui.engine.simulate import simulated_odds

    rules = _rules_with_barrage()
    state = _attack(rules)
    asked = []

    def stop_after_five() -> bool:
        asked.append(1)
        return len(asked) > 5

    with pytest.raises(OddsCancelled):
        simulated_odds(rules, state, "caucasus", trials=100, stop=stop_after_five)
    assert len(asked) == 6
    plain = simulated_odds(rules, state, "caucasus", trials=100)
    assert simulated_odds(rules, state, "caucasus", trials=100, stop=lambda: False) == plain


def test_simulated_odds_tell_the_figures_so_far_as_they_go():
    """Every hundred battles (not after the last: that is the answer) the figures
    so far are told, and they are what a run of that many battles gives: a first
    estimate shown early is never revised by anything but more battles."""
    from axisallies_tui.engine.simulate import simulated_odds

    rules = _rules_with_barrage()
    state = _attack(rules)
    told = []
    final = simulated_odds(rules, state, "caucasus", trials=350,
                           progress=lambda odds, fought, total: told.append((odds, fought, total)))
    assert [(fought, total) for _, fought, total in told] == [(100, 350), (200, 350), (300, 350)]
    for odds, fought, _ in told:
        assert odds == simulated_odds(rules, state, "caucasus", trials=fought)
        assert odds.method == "simulated" and odds.margin > final.margin
    assert final == simulated_odds(rules, state, "caucasus", trials=350)
