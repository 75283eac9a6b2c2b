"""Dice nobody can predict or steer: by default every roll comes from the
operating system when it is made and is recorded; `--seed` is an explicit,
visible choice; undo never changes a roll already made."""

import json
import sqlite3

from axisallies_tui.cli import main
from axisallies_tui.engine.actions import EndPhase, Purchase, Research, Undo
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.store import SavedGame, save_path


def stored_meta(path):
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return dict(conn.execute("SELECT key, value FROM meta"))
    finally:
        conn.close()


def research_faces(game):
    step = game.apply(Research(dice=4))  # the Soviet Union has 24 IPCs: four research dice
    return list(step.dice)


def test_the_save_holds_nothing_that_predicts_the_dice():
    faces = []
    for number in range(3):
        game = SavedGame.create(f"g{number}", Ruleset(board="classic"))
        assert game.seed is None
        faces.append(research_faces(game))
        game.close()
        assert stored_meta(save_path(f"g{number}"))["seed"] == "null"
    assert faces[0] != faces[1] or faces[1] != faces[2]  # equal by chance: 1 in 6**8


def test_rolls_are_recorded_and_replayed_not_rolled_again():
    game = SavedGame.create("kept", Ruleset(board="classic"))
    faces = research_faces(game)
    state = game.state
    game.close()
    again = SavedGame.open("kept")
    assert again.state == state
    rolled = [face for e in again.feed() if e["event"] == "dice_rolled" for face in e["values"]]
    assert rolled == faces  # research dice, then the chart's if a 6 came up


def test_undoing_an_unrelated_purchase_shifts_no_later_roll_of_a_seeded_game():
    def battle_dice(with_undo: bool):
        game = SavedGame.create(f"seeded-{with_undo}", Ruleset(board="classic"), seed=11)
        game.apply(EndPhase())  # research
        if with_undo:
            game.apply(Purchase(unit="infantry"))
            game.apply(Undo())
        game.apply(Purchase(unit="armour"))
        while game.state.phase != "research" or game.state.power == "ussr":
            game.apply(EndPhase())
        faces = research_faces_any(game)
        game.close()
        return faces

    assert battle_dice(False) == battle_dice(True)


def research_faces_any(game):
    return list(game.apply(Research(dice=4)).dice)


def test_a_chosen_seed_is_shown_as_such(capsys):
    assert main(["new", "repro", "--seed", "42"]) == 0
    out = capsys.readouterr().out
    assert "seed 42 (reproducible" in out
    assert main(["load", "repro"]) == 0
    assert "seed 42 (reproducible" in capsys.readouterr().out
    assert main(["new", "secret"]) == 0
    assert "operating system" in capsys.readouterr().out


def test_headless_without_a_seed_reports_none_and_still_plays(capsys):
    assert main(["headless", "--bot", "random", "--rounds", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seed"] is None and summary["actions_applied"] > 0
