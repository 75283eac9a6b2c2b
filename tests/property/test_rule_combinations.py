"""Random games with random compatible sets of the available house rules:
no error, the books stay sane, and every state survives the save format."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from axisallies_tui.codec import state_from_json, state_to_json
from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.dice import SeededDice
from axisallies_tui.engine.game import apply, new_game
from axisallies_tui.engine.rules import HouseRuleChoice, Ruleset
from axisallies_tui.houserules import choice_problems
from axisallies_tui.setup import catalogue, make_rules

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
    state = new_game(rules, SeededDice(seed, 0)).state
    bot = RandomBot(seed)
    for number in range(1, ACTIONS):
        if state.result is not None:
            break
        state = apply(rules, state, bot.choose(rules, state), SeededDice(seed, number)).state
        assert all(p.ipcs >= 0 for p in state.powers)
        uids = [u.uid for space in state.spaces for u in space.units]
        assert len(uids) == len(set(uids))
    assert state_from_json(state_to_json(state)) == state


def test_the_set_of_every_available_rule_is_sampled() -> None:
    """The sampler really combines rules (at least half the available ones at once)."""
    available = [s for s in catalogue().rules if s.available and s.fits("classic")]
    assert len(compatible_rules(1)) >= len(available) // 2
