"""The save format is versioned: today's saves and version-1 saves both open."""

import hashlib
import shutil
import sqlite3
from pathlib import Path

from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.store import FORMAT_VERSION, SavedGame, save_path

FIXTURE = Path(__file__).parent.parent / "data" / "saves" / "main-2026-11-27.aagame"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def install_fixture(name: str = "old") -> Path:
    """A copy of the version-1 fixture in the games folder (the fixture itself is never opened)."""
    path = save_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FIXTURE, path)
    return path


def stored_version(path: Path) -> int:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT value FROM meta WHERE key = 'format_version'").fetchone()[0])
    finally:
        conn.close()


def test_a_version_1_save_from_main_opens_replays_and_plays_on():
    before = digest(FIXTURE)
    path = install_fixture()
    assert stored_version(path) == 1
    game = SavedGame.open("old")
    assert game.seq == 691
    assert game.rules.ruleset.house and len(game.rules.ruleset.house) == 6
    assert (game.state.round, game.state.power) == (5, "germany")
    state = game.state
    game.apply(RandomBot(1).choose(game.rules, game.state))
    game.close()

    assert stored_version(path) == FORMAT_VERSION
    assert Path(f"{path}.v1").exists(), "the version-1 original is kept beside the migrated save"
    again = SavedGame.open("old")
    assert again.seq == 692
    assert again.seed is None, "the plain-text seed of version 1 no longer predicts the dice"
    again.close()
    assert digest(FIXTURE) == before
    assert state.round == 5


def test_watching_a_version_1_save_leaves_the_file_as_it_is():
    path = install_fixture()
    before = digest(path)
    game = SavedGame.open("old", watch=True)
    assert game.seq == 691
    assert len(game.feed()) > 691
    game.close()
    assert digest(path) == before


def test_a_new_save_is_written_in_the_current_version():
    game = SavedGame.create("fresh", Ruleset(board="classic"))
    game.close()
    assert stored_version(save_path("fresh")) == FORMAT_VERSION


def test_a_watched_version_1_save_exports_and_imports_as_version_2(tmp_path):
    from axisallies_tui.store import import_game

    install_fixture()
    game = SavedGame.open("old", watch=True)
    data = game.export()
    assert data["version"] == FORMAT_VERSION and len(data["actions"]) == 691
    copy = import_game(data, "old-copy", "old.json")
    assert copy.seq == 691 and copy.state == game.state
    copy.close()
