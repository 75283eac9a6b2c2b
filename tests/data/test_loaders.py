"""Malformed data files: one line naming the file, the entry and the problem."""

import shutil
from pathlib import Path

import pytest

from axisallies_tui import locations, setup
from axisallies_tui.engine.errors import DataError
from axisallies_tui.loaders.board import load_board
from axisallies_tui.loaders.edition import load_edition
from axisallies_tui.loaders.house import load_house_file

ROOT = locations.builtin_root()


def edited(tmp_path, source: Path, old: str, new: str) -> Path:
    text = source.read_text()
    assert old in text, f"{old!r} not in {source.name}"
    target = tmp_path / source.name
    target.write_text(text.replace(old, new, 1))
    return target


def board_error(tmp_path, old, new):
    path = edited(tmp_path, ROOT / "maps" / "classic.toml", old, new)
    with pytest.raises(DataError) as problem:
        load_board(path, setup.editions())
    return str(problem.value)


def test_one_way_adjacency_is_named(tmp_path):
    message = board_error(tmp_path, 'neighbours = ["alaska_sea_zone", "west_canada", "west_canada_sea_zone"]',
                          'neighbours = ["alaska_sea_zone", "west_canada_sea_zone"]')
    assert "classic.toml: [spaces.west_canada]: lists 'alaska' as a neighbour, but 'alaska' does not list it back" in message


def test_unknown_unit_and_wrong_types_are_named(tmp_path):
    message = board_error(tmp_path, "units = { usa = { infantry = 1 } }", "units = { usa = { marines = 1 } }")
    assert "[spaces.alaska] units.usa: unknown unit type 'marines'" in message
    message = board_error(tmp_path, 'ipc = 2', 'ipc = "two"')
    assert "'ipc' must be a whole number, not str" in message


def test_broken_toml_is_reported_with_its_file(tmp_path):
    path = edited(tmp_path, ROOT / "maps" / "classic.toml", "[board]", "[board")
    with pytest.raises(DataError, match=r"classic.toml: not valid TOML"):
        load_board(path, setup.editions())


def test_edition_problems_are_named(tmp_path):
    path = edited(tmp_path, ROOT / "rules" / "classic.toml", 'domain = "sea"', 'domain = "space"')
    with pytest.raises(DataError, match=r"\[units.transport\]: domain must be land, sea or air, not 'space'"):
        load_edition(path)


def test_house_rule_file_problems_are_named(tmp_path):
    source = ROOT / "rules" / "house" / "s000.toml"
    path = edited(tmp_path, source, 'status = "available"', 'status = "maybe"')
    with pytest.raises(DataError, match=r"s000.toml: \[\[rules\]\] s000-\S+: status must be 'available' or 'planned'"):
        load_house_file(path)


def test_a_broken_user_board_stops_the_cli_with_exit_2_and_one_line(private_home, capsys):
    from axisallies_tui.cli import main

    (private_home / "maps").mkdir(parents=True)
    bad = private_home / "maps" / "mine.toml"
    shutil.copy(ROOT / "maps" / "classic.toml", bad)
    bad.write_text(bad.read_text().replace('kind = "sea"', 'kind = "lava"', 1))
    setup.board.cache_clear()
    try:
        assert main(["maps", "export", "mine", "--json"]) == 2
    finally:
        setup.board.cache_clear()
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "mine.toml: [spaces." in err and "kind must be land or sea, not 'lava'" in err
