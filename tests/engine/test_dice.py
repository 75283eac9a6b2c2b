"""Dice sources and policies."""

from collections import Counter

import pytest

from axisallies_tui.engine.dice import (
    DiceExhausted,
    LowLuckPolicy,
    RecordingDice,
    ScriptedDice,
    SeededDice,
    StandardPolicy,
    draw_one,
)


def test_standard_dice_hit_on_or_under_the_value():
    hits, faces = StandardPolicy().hits(ScriptedDice([1, 2, 3, 4]), [1, 1, 3, 3], "test")
    assert (hits, faces) == (2, (1, 2, 3, 4))


def test_low_luck_takes_sure_hits_and_rolls_for_the_remainder():
    """Ten infantry (1 each) and a fighter (3): 13 points = 2 sure hits and one die at 1."""
    policy = LowLuckPolicy()
    assert policy.hits(ScriptedDice([1]), [1] * 10 + [3], "test") == (3, (1,))
    assert policy.hits(ScriptedDice([2]), [1] * 10 + [3], "test") == (2, (2,))
    assert policy.hits(ScriptedDice([]), [3, 3], "test") == (1, ())


def test_scripted_dice_fail_loudly_when_they_run_out():
    dice = ScriptedDice([4])
    with pytest.raises(DiceExhausted, match="2 needed for research, 1 left"):
        dice.roll(2, "research")


def test_scripted_dice_refuse_impossible_faces():
    for bad in ([0], [7], ["6"]):
        with pytest.raises(ValueError):
            ScriptedDice(bad)


def test_seeded_streams_depend_on_seed_and_action_number_only():
    assert SeededDice(7, 3).roll(10, "x") == SeededDice(7).for_action(3).roll(10, "y")
    assert SeededDice(7, 3).roll(10, "x") != SeededDice(7, 4).roll(10, "x")


def test_recording_dice_keep_every_face():
    dice = RecordingDice(ScriptedDice([1, 2, 3]))
    dice.roll(2, "a")
    dice.roll(1, "b")
    assert dice.used == [1, 2, 3]


def test_draw_one_is_fair_among_five_and_rerolls_sixes():
    index, faces = draw_one(ScriptedDice([6, 6, 3]), 5, "draw")
    assert (index, faces) == (2, (6, 6, 3))
    picks = Counter(draw_one(SeededDice(1, n), 5, "draw")[0] for n in range(5000))
    assert set(picks) == {0, 1, 2, 3, 4}
    assert max(picks.values()) - min(picks.values()) < 250
