"""Saved games: durable, chained, private, and refused when tampered with."""

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from axisallies_tui.engine.actions import Purchase
from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.rules import HouseRuleChoice, Ruleset
from axisallies_tui.store import SNAPSHOT_EVERY, SavedGame, StoreError, import_game, list_games, safe_name, save_path


def play(game, count, seed=1):
    bot = RandomBot(seed)
    for _ in range(count):
        game.apply(bot.choose(game.rules, game.state))


def test_a_reopened_game_is_in_exactly_the_same_state():
    game = SavedGame.create("alpha", Ruleset(board="classic"), seed=5)
    play(game, 60)
    state, seq = game.state, game.seq
    game.close()
    again = SavedGame.open("alpha")
    assert again.state == state
    assert again.seq == seq


def test_loading_uses_snapshots_and_still_matches():
    game = SavedGame.create("long", Ruleset(board="classic"), seed=9)
    play(game, SNAPSHOT_EVERY * 2 + 7)
    state = game.state
    game.close()
    assert SavedGame.open("long").state == state


def test_house_rules_and_seed_are_stored_with_the_game():
    ruleset = Ruleset(board="classic", house=(HouseRuleChoice(id="s000-random-turns"),))
    game = SavedGame.create("cup", ruleset, seed=3)
    play(game, 80)
    state = game.state
    game.close()
    again = SavedGame.open("cup")
    assert again.rules.ruleset == ruleset
    assert again.state == state


def test_an_illegal_action_stores_nothing():
    game = SavedGame.create("strict", Ruleset(board="classic"), seed=1)
    with pytest.raises(IllegalAction):
        game.apply(Purchase(unit="infantry"))
    assert game.seq == 0
    game.close()
    assert SavedGame.open("strict").seq == 0


def test_a_hand_edited_save_is_refused_and_left_untouched():
    game = SavedGame.create("edited", Ruleset(board="classic"), seed=1)
    play(game, 30)
    game.conn.execute("UPDATE actions SET dice = '[6,6,6]' WHERE seq = 2")
    game.conn.commit()
    game.close()
    path = save_path("edited")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="action 2: does not match the hash chain"):
        SavedGame.open("edited")
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_game_is_refused_with_a_clear_message():
    path = save_path("junk")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not sqlite at all" * 10)
    with pytest.raises(StoreError, match="not a readable saved game"):
        SavedGame.open("junk")
    assert path.read_bytes() == b"this is not sqlite at all" * 10


def test_saves_are_private_to_their_owner():
    game = SavedGame.create("private", Ruleset(board="classic"), seed=1)
    play(game, 5)
    mode = stat.S_IMODE(os.stat(game.path).st_mode)
    assert mode & 0o077 == 0
    assert stat.S_IMODE(os.stat(game.path.parent).st_mode) & 0o077 == 0
    for extra in game.path.parent.glob("private.aagame-*"):
        assert stat.S_IMODE(os.stat(extra).st_mode) & 0o077 == 0


def test_save_names_cannot_escape_the_saves_folder():
    assert safe_name("../../etc/passwd") == "etc-passwd"
    assert safe_name("My Game #2") == "My-Game-2"
    with pytest.raises(StoreError):
        safe_name("../..")
    path = save_path("../outside")
    assert path.parent.name == "games"


def test_export_and_import_round_trip(tmp_path):
    game = SavedGame.create("mail", Ruleset(board="classic"), seed=11)
    play(game, 40)
    data = game.export()
    state = game.state
    copy = import_game(json.loads(json.dumps(data)), "mail-copy", "mail.json")
    assert copy.state == state
    assert [g["name"] for g in list_games()] and {"mail", "mail-copy"} <= {g["name"] for g in list_games()}


def test_an_edited_export_is_refused_and_no_save_is_left_behind():
    game = SavedGame.create("sent", Ruleset(board="classic"), seed=11)
    play(game, 20)
    data = game.export()
    data["actions"][5]["dice"] = [1]
    with pytest.raises(StoreError, match="hash chain"):
        import_game(data, "tampered", "sent.json")
    assert not save_path("tampered").exists()


def test_killing_the_process_loses_no_committed_action(private_home):
    """kill -9 in the middle of a headless bot game; loading gives the last committed action."""
    env = {**os.environ, "AXISALLIES_HOME": str(private_home)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "axisallies_tui", "headless", "--map", "classic", "--bot", "random",
         "--rounds", "100000", "--seed", "4", "--save", "killed", "--json"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    path = private_home / "games" / "killed.aagame"
    deadline = time.time() + 60
    while time.time() < deadline and committed(path) < 300:
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    game = SavedGame.open("killed")
    assert game.seq > 0
    # the reloaded game goes on from exactly there: the same seeded dice as an uninterrupted run
    replay = SavedGame.create("witness", game.rules.ruleset, seed=4)
    bot = RandomBot(4)
    for _ in range(game.seq):
        replay.apply(bot.choose(replay.rules, replay.state))
    assert replay.state == game.state
    if game.state.result is None:
        game.apply(RandomBot(0).choose(game.rules, game.state))
        assert game.seq == replay.seq + 1


def committed(path: Path) -> int:
    """Actions committed so far, read the way another process would."""
    import sqlite3

    if not path.exists():
        return 0
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return conn.execute("SELECT count(*) FROM actions").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error:
        return 0
