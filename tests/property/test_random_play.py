"""Invariants over random legal play (hypothesis draws the seeds)."""

from hypothesis import given
from hypothesis import strategies as st

from axisallies_tui.codec import state_from_json, state_to_json
from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.dice import SeededDice
from axisallies_tui.engine.game import apply, new_game
from tests.helpers import make_rules
from tests.property.invariants import check_step

RULES = make_rules()
HOUSE = make_rules("s000-random-turns", "s000-axis-war-enthusiasm", "s000-soviet-first-turn-no-attack",
                   "s000-straits", "s000-bribed-overflights")


@given(seed=st.integers(0, 2**32 - 1), house=st.booleans())
def test_random_play_keeps_the_books(seed, house):
    rules = HOUSE if house else RULES
    state = new_game(rules, SeededDice(seed, 0)).state
    bot = RandomBot(seed)
    history = []
    for number in range(1, 700):
        if state.result is not None:
            break
        step = apply(rules, state, bot.choose(rules, state), SeededDice(seed, number))
        check_step(rules, state, step, history)
        state = step.state
    assert state_from_json(state_to_json(state)) == state
