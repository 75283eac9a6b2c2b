"""Position files on the command line: new, headless, export; bad files exit 2."""

import io
import json
import sys
from pathlib import Path

import pytest

from axisallies_tui.cli import main
from axisallies_tui.store import SavedGame

POSITIONS = Path(__file__).resolve().parents[1] / "data" / "positions"
BAD = POSITIONS / "bad"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_new_from_a_position_then_export_and_start_again_from_the_export(capsys, tmp_path):
    code, out, _ = run(capsys, "new", "lesson", "--position", POSITIONS / "uk_place.toml")
    assert code == 0 and "Round 3, United Kingdom, Place new units." in out
    target = tmp_path / "lesson.toml"
    assert run(capsys, "export", "--position", "lesson", "-o", target)[0] == 0
    assert run(capsys, "new", "lesson-again", "--position", target)[0] == 0
    assert SavedGame.open("lesson-again").state == SavedGame.open("lesson").state
    code, out, _ = run(capsys, "export", "--position", "lesson")
    assert code == 0 and out == target.read_text()


def test_a_played_save_exports_a_position_that_starts_the_same_game(capsys, tmp_path):
    assert run(capsys, "headless", "--bot", "random", "--rounds", "2", "--seed", "6", "--save", "played", "--json")[0] == 0
    target = tmp_path / "played.toml"
    assert run(capsys, "export", "--position", "played", "-o", target)[0] == 0
    assert run(capsys, "new", "copy", "--position", target)[0] == 0
    assert SavedGame.open("copy").state == SavedGame.open("played").state


@pytest.mark.parametrize("name, entry, problem", [
    ("bad_toml.toml", "line 5", "not valid TOML"),
    ("unknown_space.toml", "[spaces.atlantis]", "no space called 'atlantis'"),
    ("unknown_unit.toml", "[spaces.germany] units #2", "no unit type 'panzer'"),
    ("negative_count.toml", "[spaces.ukraine_ssr] units #1", "'count' must be at least 0, not -2"),
    ("sea_owner.toml", "[spaces.north_sea_zone]", "sea zones have no owner"),
    ("unknown_power.toml", "[powers.italy]", "no power called 'italy'"),
    ("unknown_rule.toml", "[rules.house.s000-free-pizza]", "no such house rule"),
])
@pytest.mark.parametrize("command", [["new", "bad"], ["headless"]])
def test_a_bad_position_file_gives_one_line_and_exit_status_2(capsys, monkeypatch, private_home, command, name,
                                                               entry, problem):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    path = BAD / name
    before = path.read_bytes()
    code, out, err = run(capsys, *command, "--position", path)
    assert code == 2 and out == ""
    assert err.startswith(f"axisallies: {path}: {entry}: ") and problem in err
    assert err.count("\n") == 1
    assert path.read_bytes() == before
    assert not (private_home / "games" / "bad.aagame").exists()


def test_a_position_names_its_own_rules(capsys):
    code, _, err = run(capsys, "new", "x", "--position", POSITIONS / "uk_place.toml", "--rules", "s000-random-turns")
    assert code == 2 and "the position file names the board and rules" in err
    run(capsys, "new", "base")
    code, _, err = run(capsys, "headless", "--load", "base", "--position", POSITIONS / "uk_place.toml")
    assert code == 2 and "cannot be used with --load" in err


def test_headless_from_a_position_answers_queries_and_refuses_illegal_moves(capsys, monkeypatch):
    lines = [
        {"query": "state"},
        {"action": "place", "unit": "infantry", "space": "india", "count": 3},
        {"query": "state"},
        {"query": "legal"},
        {"query": "pending"},
        {"action": "place", "unit": "infantry", "space": "india", "count": 2},
    ]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(json.dumps(x) for x in lines) + "\n"))
    code, out, _ = run(capsys, "headless", "--position", POSITIONS / "uk_place.toml", "--seed", "1")
    messages = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert messages[0]["hello"]["protocol"] == 1
    assert messages[1] == {"status": {"round": 3, "power": "uk", "phase": "place", "waiting_for": "uk"}}
    first, second = [m["state"] for m in messages if "state" in m]
    assert first == second  # the refused placement changed nothing
    assert first["battles"] == [] and first["unplaced"] == {"uk": {"infantry": 6, "fighter": 1, "transport": 1}}
    south_europe = first["spaces"]["south_europe"]
    assert (south_europe["owner"], south_europe["original_owner"]) == ("uk", "germany")
    assert south_europe["units"] == {"uk": {"industrial_complex": 1, "armour": 2}}
    assert first["powers"]["uk"]["ipcs"] == 4 and first["powers"]["germany"]["techs"] == []
    error = next(m for m in messages if "error" in m)
    assert error == {"error": "the complex in India may place 2 more unit(s) this turn", "code": "illegal_action",
                     "line": 2}
    legal = next(m["legal"] for m in messages if "legal" in m)
    assert {"action": "place", "unit": "infantry", "space": "india", "count": 1, "factory": None} in legal
    assert {"action": "place", "unit": "infantry", "space": "australia", "count": 1, "factory": None} not in legal
    assert {"pending": None} in messages
    placed = [m for m in messages if m.get("event") == "units_placed"]
    assert placed and placed[0]["count"] == 2


def test_the_state_query_lists_battles_waiting(capsys, monkeypatch, tmp_path):
    lesson = tmp_path / "attack.toml"
    lesson.write_text("""
[game]
power = "germany"
phase = "combat_move"

[spaces.caucasus]
units = [{ power = "germany", type = "armour", count = 3, moved = 1, combat_moved = true, stopped = true }]
""")
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"query": "state"}\n'))
    code, out, _ = run(capsys, "headless", "--position", lesson)
    state = json.loads(out.splitlines()[-1])["state"]
    assert code == 0 and state["battles"] == [{"space": "caucasus", "kind": "battle", "under_way": False}]
    assert state["spaces"]["caucasus"]["units"]["germany"] == {"armour": 3}
