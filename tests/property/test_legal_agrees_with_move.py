"""`legal` and `move` agree, over positions reached by random legal play.

What the engine promises in a movement phase (movement.candidate_moves):

- every action `legal_actions` lists is accepted by `apply`, whatever the dice;
- every one-unit move without a chosen path, piece ids or raid
  (`Move(origin, destination, units=((type, 1),))`) that `apply` accepts is
  listed. Bigger moves are these grown (more units, a path, exact pieces); the
  list offers them one unit at a time, plus each loaded transport's whole
  cargo landing, so it stays short.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.dice import SeededDice
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.game import apply, new_game
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.movement import Move
from tests.helpers import make_rules

RULES = make_rules()
MOVE_PHASES = ("combat_move", "noncombat_move")


def play_to_a_move_phase(seed, actions):
    """Random legal play for about `actions` actions, then on to the next move of a movement phase."""
    state = new_game(RULES, SeededDice(seed, 0)).state
    bot = RandomBot(seed)
    for number in range(1, actions + 200):
        if state.result is not None:
            return None
        if number > actions and RULES.phase_kind(state.phase) in MOVE_PHASES and state.pending is None:
            return state
        state = apply(RULES, state, bot.choose(RULES, state), SeededDice(seed, number)).state
    return None


def nearby(origin, limit):
    """Spaces within `limit` steps of `origin`, whatever the terrain."""
    board = RULES.board
    seen, frontier = {origin}, [origin]
    for _ in range(limit):
        frontier = [n for here in frontier for n in board.space(here).neighbours if n not in seen]
        seen.update(frontier)
    return sorted(seen - {origin})


def one_unit_moves(state, chooser, how_many):
    """A random sample of one-unit moves from where the power to act has units,
    each within its unit's move of the origin (so many are legal)."""
    mine = [(space.id, unit.type) for space, held in zip(RULES.board.spaces, state.spaces)
            for unit in held.units if unit.power == state.power]
    options = sorted(set(mine))
    moves = []
    for _ in range(how_many):
        origin, unit = chooser.choice(options)
        reach = nearby(origin, RULES.edition.unit(unit).move or 1)
        moves.append(Move(origin=origin, destination=chooser.choice(reach), units=((unit, 1),)))
    return moves


def accepted(state, action, seed):
    try:
        apply(RULES, state, action, SeededDice(seed, 9999))
    except IllegalAction:
        return False
    return True


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), actions=st.integers(0, 400))
def test_what_legal_lists_is_what_move_accepts(seed, actions):
    state = play_to_a_move_phase(seed, actions)
    if state is None:
        return
    listed = legal_actions(RULES, state)
    refused = [a for a in listed if not accepted(state, a, seed)]
    assert refused == []
    tried = one_unit_moves(state, random.Random(seed), 80)
    missing = [m for m in tried if m not in listed and accepted(state, m, seed)]
    assert missing == []
