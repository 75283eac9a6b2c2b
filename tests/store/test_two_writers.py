"""Two processes on one save: the second is told who has it, may watch, and
nothing is lost; a lock left by a killed process does not block anyone."""

import json
import os
import subprocess
import sys

import pytest

from axisallies_tui.engine.actions import EndPhase, Purchase
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.savelock import GameBusy, current_login, lock_path
from axisallies_tui.store import SavedGame, StoreError, save_path


def headless(home, *args, stdin=subprocess.PIPE):
    env = {**os.environ, "AXISALLIES_HOME": str(home)}
    env.pop("AXISALLIES_GAMES_DIR", None)
    return subprocess.Popen([sys.executable, "-m", "axisallies_tui", "headless", *args], env=env,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_second_writer_is_told_who_has_the_game_and_since_when():
    first = SavedGame.create("shared", Ruleset(board="classic"))
    with pytest.raises(GameBusy) as busy:
        SavedGame.open("shared")
    message = str(busy.value)
    assert "\n" not in message
    assert f"by {current_login()}" in message and f"process {os.getpid()}" in message and "since 20" in message
    first.apply(EndPhase())
    assert first.seq == 1
    first.close()


def test_a_watcher_follows_the_writer_and_cannot_play():
    writer = SavedGame.create("watched", Ruleset(board="classic"))
    watcher = SavedGame.open("watched", watch=True)
    with pytest.raises(StoreError, match="opened to watch"):
        watcher.apply(EndPhase())
    writer.apply(EndPhase())
    writer.apply(Purchase(unit="infantry", count=2))
    events = watcher.refresh()
    assert watcher.seq == 2 and watcher.state == writer.state
    assert any("buys 2" in e["text"] for e in events)
    assert writer.seq == 2
    writer.close()
    assert SavedGame.open("watched").seq == 2


def test_a_second_process_gets_one_line_and_exit_2_while_the_first_plays_on(private_home):
    first = headless(private_home, "--save", "duel", "--seed", "3")
    first.stdin.write(json.dumps({"action": "end_phase"}) + "\n")
    first.stdin.flush()
    assert "hello" in first.stdout.readline()  # the greeting
    assert "status" in first.stdout.readline()  # the start position
    assert "phase_started" in first.stdout.readline()  # the end_phase was applied and stored
    second = headless(private_home, "--load", "duel", stdin=subprocess.DEVNULL)
    out, err = second.communicate(timeout=60)
    assert second.returncode == 2
    assert err.count("\n") == 1 and "open elsewhere" in err and f"process {first.pid}" in err
    assert "Traceback" not in err
    first.stdin.write(json.dumps({"action": "purchase", "unit": "inf", "count": 1}) + "\n")
    first.stdin.close()
    first.wait(timeout=60)
    assert first.returncode == 0
    assert SavedGame.open("duel", watch=True).seq == 2


def test_the_lock_of_a_killed_process_is_recognised_as_stale(private_home):
    first = headless(private_home, "--save", "orphan", "--seed", "3")
    assert "hello" in first.stdout.readline()
    assert lock_path(save_path("orphan")).read_text()  # it names its holder
    first.kill()
    first.wait()
    game = SavedGame.open("orphan")
    assert game.lock.stale and game.lock.stale["pid"] == first.pid
    game.apply(EndPhase())
    game.close()
