"""Creating a game is atomic: killed at any point, either a complete save
exists or nothing does, and the name can always be used again."""

import os
import subprocess
import sys
import textwrap
import time

import pytest

from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.store import SavedGame, list_games, save_path

CRASH_AT = textwrap.dedent("""
    import os, sys
    from axisallies_tui import store
    from axisallies_tui.cli import main
    point = sys.argv[1]
    real = {"fsync": os.fsync, "link": os.link}
    def die_before(name):
        def wrapper(*args, **kwargs):
            os.kill(os.getpid(), 9)
        return wrapper
    def die_after(name):
        def wrapper(*args, **kwargs):
            real[name](*args, **kwargs)
            os.kill(os.getpid(), 9)
        return wrapper
    if point == "before-fsync":
        os.fsync = die_before("fsync")
    elif point == "before-link":
        os.link = die_before("link")
    elif point == "after-link":
        os.link = die_after("link")
    main(["new", "atom", "--seed", "1", "--rules", "s000-random-turns"])
""")


def run_new(home, *args, **kwargs):
    env = {**os.environ, "AXISALLIES_HOME": str(home)}
    return subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, **kwargs)


def complete_or_absent(name):
    """A save under `name` is either absent or opens whole; afterwards the name works."""
    path = save_path(name)
    if path.exists():
        game = SavedGame.open(name)
        assert game.seq == 0 and game.state.round == 1
        game.close()
        path.unlink()
    assert all(g.get("problem") is None for g in list_games())
    SavedGame.create(name, Ruleset(board="classic")).close()
    assert SavedGame.open(name, watch=True).seq == 0
    save_path(name).unlink()


@pytest.mark.parametrize("point", ["before-fsync", "before-link", "after-link"])
def test_a_crash_at_each_step_of_creation_leaves_all_or_nothing(private_home, point):
    proc = run_new(private_home, "-c", CRASH_AT, point)
    proc.wait(timeout=60)
    assert proc.returncode == -9
    complete_or_absent("atom")
    assert not [p for p in (private_home / "games").iterdir() if p.name.endswith(".creating")]


def test_kill_9_during_creation_again_and_again(private_home):
    """Kills at many moments (each try waits a little longer before killing)."""
    for attempt in range(12):
        proc = run_new(private_home, "-m", "axisallies_tui", "new", "again", "--seed", "1")
        time.sleep(0.05 * attempt)
        proc.kill()
        proc.wait()
        complete_or_absent("again")
