"""Odd files and paths, and text that would take over a terminal."""

import json
import os
import subprocess
import sys

import pytest

from axisallies_tui.cli import main
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.store import SavedGame, list_games, save_path

ESCAPE = "\x1b]0;pwned\x07\x1b[2J"


def cli(home, *args, stdin=None):
    env = {**os.environ, "AXISALLIES_HOME": str(home)}
    env.pop("AXISALLIES_GAMES_DIR", None)
    return subprocess.run([sys.executable, "-m", "axisallies_tui", *args], env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_a_fifo_or_folder_named_like_a_save_is_skipped_with_a_note(private_home):
    SavedGame.create("real", Ruleset(board="classic")).close()
    games = private_home / "games"
    os.mkfifo(games / "pipe.aagame")
    (games / "folder.aagame").mkdir()
    listed = cli(private_home, "list")  # a FIFO opened by SQLite would block here forever
    assert listed.returncode == 0
    assert "pipe" in listed.stdout and "not a regular file" in listed.stdout and "real" in listed.stdout
    loaded = cli(private_home, "load", "pipe")
    assert loaded.returncode == 2 and loaded.stderr.count("\n") == 1 and "not a regular file" in loaded.stderr
    assert {g["name"] for g in list_games() if "problem" in g} == {"pipe", "folder"}


@pytest.mark.parametrize("folder", ["hash#tag", "what?", "100%25", "sp ace"])
def test_a_data_folder_with_uri_characters_in_its_path_works(tmp_path, monkeypatch, capsys, folder):
    home = tmp_path / folder / "home"
    monkeypatch.setenv("AXISALLIES_HOME", str(home))
    assert main(["new", "odd", "--seed", "1"]) == 0
    assert main(["list", "--json"]) == 0
    capsys.readouterr()
    assert main(["load", "odd", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "odd"
    out = tmp_path / "odd.json"
    assert main(["export", "odd", "-o", str(out)]) == 0
    assert main(["import", str(out), "--name", "odd2"]) == 0
    game = SavedGame.open("odd2")
    assert game.path.parent == home / "games"
    game.close()
    assert [g.get("problem") for g in list_games()] == [None, None]


def test_a_save_name_that_must_change_is_changed_with_a_message(capsys):
    assert main(["new", "My Game #2"]) == 0
    captured = capsys.readouterr()
    assert "saved as 'My-Game-2'" in captured.err and "My Game #2" in captured.err
    assert save_path("My-Game-2").exists()
    assert main(["new", "plain"]) == 0
    assert "saved as" not in capsys.readouterr().err


def test_escape_sequences_from_players_and_files_never_reach_the_terminal(private_home, capsys):
    edit = {"action": "add_units", "space": "russia", "power": "ussr", "unit": "inf", "count": 1,
            "reason": f"oops{ESCAPE}"}
    assert main(["new", "esc", "--player", f"ussr=Ann{ESCAPE}"]) == 0
    played = cli(private_home, "headless", "--load", "esc", stdin=json.dumps(edit) + "\n")
    assert played.returncode == 0 and "units_added" in played.stdout
    capsys.readouterr()
    for argv in (["load", "esc"], ["list"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\x07" not in out, argv
    assert main(["load", "esc"]) == 0
    assert "oops\\x1b]0;pwned\\x07" in capsys.readouterr().out  # shown, harmless
    feed = SavedGame.open("esc", watch=True).feed()
    assert not any("\x1b" in e["text"] for e in feed)
    data = {"format": "axisallies-tui game", "version": 2, "name": f"x{ESCAPE}", "meta": {}, "actions": []}
    (private_home / "bad.json").write_text(json.dumps(data))
    assert main(["import", str(private_home / "bad.json")]) == 2
    assert "\x1b" not in capsys.readouterr().err


async def test_the_game_screen_shows_names_and_reasons_harmlessly():
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.engine.edits import AddUnits
    from axisallies_tui.tui.app import make_app
    from axisallies_tui.tui.widgets.combat_feed import CombatFeed

    game = SavedGame.create("screen", Ruleset(board="classic"), players={"ussr": f"Ann{ESCAPE}"})
    game.apply(AddUnits(space="russia", power="ussr", unit="infantry", count=1, reason=f"x{ESCAPE}"))
    game.close()
    app = make_app(dice=ScriptedDice([]), open_game="screen", theme="textual-dark")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        lines = app.screen.query_one(CombatFeed).lines_written
        assert any("x\\x1b" in line for line in lines)
        assert not any("\x1b" in line or "\x07" in line for line in lines)
        assert "\x1b" not in str(app.screen.query_one("#status-text").render())
