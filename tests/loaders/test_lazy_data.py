"""Each board and edition is read when a game needs it: a command reads the
board it plays on and that board's edition only, built-in files first."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from axisallies_tui import setup
from axisallies_tui.cli import main
from axisallies_tui.engine.errors import DataError
from axisallies_tui.engine.rules import Ruleset

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fresh_cache():
    setup.board.cache_clear()
    yield
    setup.board.cache_clear()


def _user_file(home: Path, folder: str, name: str, text: str) -> Path:
    (home / folder).mkdir(parents=True, exist_ok=True)
    path = home / folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_broken_edition_no_board_plays_on_does_not_stop_a_classic_game(private_home, fresh_cache, capsys):
    _user_file(private_home, "rules", "homebrew.toml", "[edition\nid = ")
    rules = setup.make_rules(Ruleset(board="classic"))
    assert rules.edition.id == "classic" and rules.board.id == "classic"
    assert main(["odds", "--att", "1 inf", "--def", "1 inf", "--json"]) == 0
    assert '"attacker_win"' in capsys.readouterr().out
    assert "homebrew" in setup.editions()  # still listed; read only when looked up
    with pytest.raises(DataError, match="homebrew.toml"):
        setup.editions()["homebrew"]


def test_a_users_board_on_a_broken_edition_says_so(private_home, fresh_cache, capsys):
    _user_file(private_home, "rules", "homebrew.toml", "[edition\nid = ")
    board = (ROOT / "maps" / "classic.toml").read_text(encoding="utf-8")
    _user_file(private_home, "maps", "mine.toml", board.replace('edition = "classic"', 'edition = "homebrew"', 1))
    assert main(["odds", "--map", "mine", "--att", "1 inf", "--def", "1 inf"]) == 2
    err = capsys.readouterr().err
    assert "homebrew.toml" in err and "not valid TOML" in err


def test_the_built_in_board_comes_before_a_users_file_of_the_same_name(private_home, fresh_cache):
    _user_file(private_home, "maps", "classic.toml", "not a board")
    assert setup.board("classic").id == "classic"
    assert "classic" in setup.board_ids()


def test_a_users_own_board_is_found(private_home, fresh_cache):
    private_home.mkdir()
    shutil.copy(ROOT / "maps" / "classic.toml", private_home / "maps.toml")  # not in maps/: not a board
    assert "maps" not in setup.board_ids()
    (private_home / "maps").mkdir()
    shutil.copy(ROOT / "maps" / "classic.toml", private_home / "maps" / "mine.toml")
    assert setup.board("mine").edition == "classic"


@pytest.mark.parametrize("board_id", ["../maps/classic", "maps/classic", "", "classic.toml"])
def test_a_board_is_named_by_its_id_never_by_a_path(fresh_cache, capsys, board_id):
    assert main(["odds", "--map", board_id, "--att", "1 inf", "--def", "1 inf"]) == 2
    assert f"no board called {board_id!r} (boards: classic" in capsys.readouterr().err
