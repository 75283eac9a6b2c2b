"""Random games with random compatible sets of the available house rules:
no error, the invariants of random play hold at every step (tests/property/
invariants.py), and every state survives the save format."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from axisallies_tui.codec import state_from_json, state_to_json
from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.dice import SeededDice
from axisallies_tui.engine.game import Step, apply, new_game
from axisallies_tui.engine.rules import HouseRuleChoice, Rules, Ruleset
from axisallies_tui.engine.state import GameState
from axisallies_tui.houserules import choice_problems
from axisallies_tui.houserules.s000_damaged_capital_ships import RepairShip
from axisallies_tui.setup import catalogue, make_rules
from tests.helpers import act, at, clear, damaged, put, start
from tests.property.invariants import PlayChecker

ACTIONS = 900


def compatible_rules(seed: int) -> tuple[HouseRuleChoice, ...]:
    """A random set of available classic rules that setup accepts together."""
    cat = catalogue()
    ids = sorted(spec.id for spec in cat.rules if spec.available and spec.fits("classic"))
    random.Random(seed).shuffle(ids)
    chosen: list[HouseRuleChoice] = []
    for rule_id in ids:
        trial = (*chosen, HouseRuleChoice(id=rule_id))
        if not choice_problems(cat, "classic", trial):
            chosen.append(HouseRuleChoice(id=rule_id))
    return tuple(chosen)


@pytest.mark.slow
@settings(max_examples=12)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_with_random_rule_sets(seed: int) -> None:
    rules = make_rules(Ruleset(board="classic", house=compatible_rules(seed)))
    state = play(rules, seed)
    assert state_from_json(state_to_json(state)) == state


def play(rules: Rules, seed: int, actions: int = ACTIONS) -> GameState:
    """Random play checked at every step; returns the last state."""
    state = new_game(rules, SeededDice(seed, 0)).state
    bot = RandomBot(seed)
    checker = PlayChecker(rules)
    for number in range(1, actions):
        if state.result is not None:
            break
        step = apply(rules, state, bot.choose(rules, state), SeededDice(seed, number))
        checker.check(state, step)
        state = step.state
    return state


def test_the_set_of_every_available_rule_is_sampled() -> None:
    """The sampler really combines rules (at least half the available ones at once)."""
    available = [s for s in catalogue().rules if s.available and s.fits("classic")]
    assert len(compatible_rules(1)) >= len(available) // 2


def repaired(rules: Rules, lost: bool) -> list[tuple[GameState, Step]]:
    """A damaged British battleship in the North Sea goes to the yard at the
    United Kingdom's complex and comes back whole when placement ends; `lost`:
    German ships fill every sea zone by the complex meanwhile, so it is lost."""
    state = clear(rules, start(rules), "north_sea_zone")
    state = put(rules, state, "north_sea_zone", "uk", "battleship")
    state = at(rules, damaged(rules, state, "north_sea_zone"), "uk", "research")
    steps = [(state, act(rules, state, RepairShip(uid=state.next_uid - 1, factory="united_kingdom")))]
    state = steps[-1][1].state
    if lost:
        for neighbour in rules.board.space("united_kingdom").neighbours:
            if rules.board.space(neighbour).is_sea:
                state = put(rules, clear(rules, state, neighbour), neighbour, "germany", "submarine")
    while state.phase != "place":
        state = act(rules, state, EndPhase()).state
    steps.append((state, act(rules, state, EndPhase())))
    return steps


@pytest.mark.parametrize("lost", [False, True], ids=["launched", "lost in the yard"])
def test_the_unit_census_follows_a_ship_into_the_repair_yard_and_out(lost: bool) -> None:
    """s000-damaged-capital-ships lifts a ship off the board and brings it back
    (or loses it when every zone by the complex holds enemy ships): the events
    account for it, so the census of random play holds."""
    rules = make_rules(Ruleset(board="classic", house=(HouseRuleChoice(id="s000-damaged-capital-ships"),)))
    steps = repaired(rules, lost)
    checker = PlayChecker(rules)
    for before, step in steps:
        checker.check(before, step)
    ships = [u for space in steps[-1][1].state.spaces for u in space.units if u.power == "uk" and u.type == "battleship"]
    before_ships = [u for space in steps[-1][0].spaces for u in space.units if u.power == "uk" and u.type == "battleship"]
    assert len(ships) == len(before_ships) + (0 if lost else 1)
