"""Invariants over random legal play (hypothesis draws the seeds)."""

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from axisallies_tui.codec import state_from_json, state_to_json
from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.dice import SeededDice
from axisallies_tui.engine.game import Step, apply, new_game
from tests.helpers import make_rules, put
from tests.property.invariants import PlayChecker

RULES = make_rules()
HOUSE = make_rules("s000-random-turns", "s000-axis-war-enthusiasm", "s000-soviet-first-turn-no-attack",
                   "s000-straits", "s000-bribed-overflights")


@pytest.mark.slow
@pytest.mark.parametrize("house", [False, True], ids=["base rules", "house rules"])
@settings(max_examples=(settings().max_examples + 1) // 2)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_keeps_the_books(seed, house):
    """Half the profile's examples for each set of rules: the two halves together
    play as many games as one test drawing the rules did, in parallel."""
    rules = HOUSE if house else RULES
    state = new_game(rules, SeededDice(seed, 0)).state
    bot = RandomBot(seed)
    checker = PlayChecker(rules)
    for number in range(1, 700):
        if state.result is not None:
            break
        step = apply(rules, state, bot.choose(rules, state), SeededDice(seed, number))
        checker.check(state, step)
        state = step.state
    assert state_from_json(state_to_json(state)) == state


def test_the_checker_still_sees_what_a_later_step_breaks():
    """The checker looks again only at the spaces a step replaced; what such a
    step breaks is still caught: an infantry from nowhere, a submarine on land."""
    state = new_game(RULES, SeededDice(1, 0)).state
    first = apply(RULES, state, RandomBot(1).choose(RULES, state), SeededDice(1, 1))
    checker = PlayChecker(RULES)
    checker.check(state, first)
    conjured = put(RULES, first.state, "germany", "germany", "infantry")
    beached = beach(first.state, "baltic_sea_zone", "germany", "submarine")
    for broken, why in ((conjured, "without an event"), (beached, "on land in germany")):
        with pytest.raises(AssertionError, match=why):
            checker.check(first.state, Step(state=broken, events=(), dice=()))


def beach(state, sea, land, unit):
    """The first `unit` in `sea` moved onto `land` (the census unchanged)."""
    sea_at, land_at = RULES.board.space(sea).index, RULES.board.space(land).index
    ship = next(u for u in state.spaces[sea_at].units if u.type == unit)
    spaces = list(state.spaces)
    spaces[sea_at] = evolve(spaces[sea_at], units=tuple(u for u in spaces[sea_at].units if u is not ship))
    spaces[land_at] = evolve(spaces[land_at], units=(*spaces[land_at].units, ship))
    return evolve(state, spaces=tuple(spaces))
