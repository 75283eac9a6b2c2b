"""The command line: machine interfaces (contracts), errors, and start-up hygiene."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from axisallies_tui.cli import main

REPO = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("axisallies 0.")


def test_maps_export_json_contract(capsys):
    code, out, _ = run(capsys, "maps", "export", "classic", "--json")
    assert code == 0
    board = json.loads(out)
    spaces = {s["name"]: s for s in board["spaces"]}
    assert len(spaces) == 128
    germany = spaces["Germany"]
    assert (germany["kind"], germany["ipc"], germany["original_owner"]) == ("land", 10, "germany")
    assert germany["units"]["germany"]["infantry"] >= 1
    assert all(isinstance(n, str) for n in germany["neighbours"])
    assert spaces["Turkey"]["original_owner"] is None and spaces["Turkey"]["neutral"]
    sea = next(s for s in board["spaces"] if s["kind"] == "sea")
    assert sea["original_owner"] is None and sea["ipc"] == 0


def test_rules_list_json_has_every_toggle(capsys):
    code, out, _ = run(capsys, "rules", "list", "--json")
    rules = json.loads(out)
    assert code == 0 and len(rules) == 199
    first = next(r for r in rules if r["id"] == "s000-random-turns")
    assert set(first) >= {"id", "title", "group", "source", "status"}
    assert first["status"] == "available" and first["group"] == "turn-order"
    assert sum(r["status"] == "available" for r in rules) >= 4


def test_rules_show_prints_help_and_says_when_planned(capsys):
    code, out, _ = run(capsys, "rules", "show", "s000-axis-war-enthusiasm")
    assert code == 0 and "germany_bonus" in out and "[available]" in out
    code, out, _ = run(capsys, "rules", "show", "s000-sbr-scramble-escort")
    assert code == 0 and "planned: it cannot be switched on yet" in out
    code, _, err = run(capsys, "rules", "show", "s000-no-such-rule")
    assert code == 2 and "no house rule" in err


def test_rules_search_finds_by_words(capsys):
    code, out, _ = run(capsys, "rules", "search", "random", "turn")
    assert code == 0 and "s000-random-turns" in out


def test_headless_bot_game_summary(capsys):
    code, out, _ = run(capsys, "headless", "--map", "classic", "--bot", "random", "--rounds", "3",
                       "--seed", "1", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["rounds_played"] == 3 and result["winner"] is None or result["winner"] in ("axis", "allies", "draw")
    assert set(result["powers"]) == {"ussr", "germany", "uk", "japan", "usa"}
    assert {"ipcs", "income", "territories"} <= set(result["powers"]["germany"])
    assert result["actions_applied"] > 0


def test_headless_bot_games_repeat_for_the_same_seed(capsys):
    args = ("headless", "--bot", "random", "--rounds", "2", "--seed", "42", "--json")
    first = json.loads(run(capsys, *args)[1])
    second = json.loads(run(capsys, *args)[1])
    assert first == second


def test_headless_json_lines_protocol(monkeypatch, capsys):
    import io

    lines = "\n".join([
        json.dumps({"action": "end_phase"}),
        json.dumps({"action": "purchase", "unit": "infantry", "count": 2}),
        json.dumps({"action": "purchase", "unit": "battleship", "count": 9}),
        "not json",
        json.dumps({"query": "state"}),
        json.dumps({"query": "legal"}),
        json.dumps({"action": "fly"}),
    ]) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    code, out, _ = run(capsys, "headless", "--seed", "3")
    assert code == 0
    messages = [json.loads(line) for line in out.splitlines()]
    statuses = [m["status"] for m in messages if "status" in m]
    assert statuses[0] == {"round": 1, "power": "ussr", "phase": "research", "waiting_for": "ussr"}
    assert statuses[1]["phase"] == "purchase"
    bought = [m for m in messages if m.get("event") == "units_purchased"]
    assert bought[0]["count"] == 2 and "buys 2" in bought[0]["text"]
    errors = [m for m in messages if "error" in m]
    assert "cost 216 IPCs; you have 18" in errors[0]["error"] and errors[0]["line"] == 3
    assert "not JSON" in errors[1]["error"]
    assert "unknown action 'fly'" in errors[2]["error"]
    state = next(m["state"] for m in messages if "state" in m)
    assert state["powers"]["ussr"]["ipcs"] == 18
    assert state["spaces"]["russia"]["owner"] == "ussr"
    legal = next(m["legal"] for m in messages if "legal" in m)
    assert {"action": "end_phase"} in legal


def test_new_load_list_export_import(capsys, tmp_path):
    assert run(capsys, "new", "table1", "--rules", "s000-random-turns", "--seed", "8")[0] == 0
    code, out, _ = run(capsys, "list", "--json")
    assert [g["name"] for g in json.loads(out)] == ["table1"]
    code, out, _ = run(capsys, "load", "table1", "--json")
    assert json.loads(out)["power"] == "ussr"
    target = tmp_path / "table1.json"
    assert run(capsys, "export", "table1", "-o", str(target))[0] == 0
    assert run(capsys, "import", str(target), "--name", "table2")[0] == 0
    code, out, err = run(capsys, "import", str(target), "--name", "table2")
    assert code == 2 and "already exists" in err


def test_setup_mistakes_exit_2_with_one_line(capsys):
    code, out, err = run(capsys, "new", "bad", "--rules", "s000-random-turns,s000-sbr-scramble-escort")
    assert code == 2 and err.count("\n") == 1 and "planned" in err
    code, out, err = run(capsys, "new", "bad", "--map", "atlantis")
    assert code == 2 and "no board called 'atlantis'" in err
    code, out, err = run(capsys, "new", "bad", "--option", "axis_economic_victory=lots")
    assert code == 2 and "whole number" in err
    code, out, err = run(capsys, "load", "missing")
    assert code == 2 and "no such saved game" in err


def test_non_interactive_commands_do_not_import_textual(private_home):
    """The engine and the scripting commands start fast: no Textual, no Rich."""
    probe = (
        "import sys, io, contextlib\n"
        "from axisallies_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['maps', 'export', 'classic', '--json'])\n"
        "    main(['rules', 'list', '--json'])\n"
        "    main(['headless', '--bot', 'random', '--rounds', '1', '--seed', '1', '--json'])\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "print(bad)\n"
    )
    env = {**os.environ, "AXISALLIES_HOME": str(private_home)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True).stdout
    assert out.strip() == "[]"


def test_engine_imports_nothing_from_the_interface():
    probe = (
        "import sys\n"
        "import axisallies_tui.engine.game, axisallies_tui.engine.legal, axisallies_tui.loaders.board\n"
        "print([m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'sqlite3')"
        " or m.startswith('axisallies_tui.tui')])\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_headless_continues_a_saved_game_for_more_rounds(capsys):
    first = json.loads(run(capsys, "headless", "--bot", "random", "--rounds", "2", "--seed", "5",
                           "--save", "campaign", "--json")[1])
    assert first["save"] == "campaign" and first["round"] == 3
    more = json.loads(run(capsys, "headless", "--load", "campaign", "--bot", "random", "--rounds", "2",
                          "--seed", "6", "--json")[1])
    assert (more["rounds_played"], more["round"], more["winner"]) == (2, 5, None)


def test_headless_moves_as_documented(monkeypatch, capsys):
    """The README's move line, fed to the JSON-lines protocol."""
    import io

    lines = [json.dumps({"action": "end_phase"})] * 2 + [
        json.dumps({"action": "move", "origin": "russia", "destination": "ukraine_ssr", "units": [["armour", 1]]}),
        json.dumps({"action": "undo"}),
        json.dumps({"action": "move", "origin": "russia", "destination": "germany", "units": [["armour", 1]]}),
    ]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, _ = run(capsys, "headless", "--seed", "3")
    messages = [json.loads(line) for line in out.splitlines()]
    moved = [m for m in messages if m.get("event") == "units_moved"]
    assert moved and moved[0]["destination"] == "ukraine_ssr" and moved[0]["how"] == "land"
    assert any(m.get("event") == "action_undone" for m in messages)
    errors = [m["error"] for m in messages if "error" in m]
    assert errors and "is 3 spaces from Russia" in errors[0]


def test_headless_preview_says_what_a_move_would_do_without_doing_it(monkeypatch, capsys):
    """The README's preview query: the Soviet armour into German-held Ukraine is a battle, with its odds."""
    import io

    move = {"action": "move", "origin": "russia", "destination": "ukraine_ssr", "units": [["armour", 1]]}
    lines = [json.dumps({"action": "end_phase"})] * 2 + [
        json.dumps({"query": "preview", "action": move}),
        json.dumps({"query": "preview", "action": {"action": "end_phase"}}),
        json.dumps({"query": "state"}),
    ]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, _ = run(capsys, "headless", "--seed", "3")
    messages = [json.loads(line) for line in out.splitlines()]
    seen = next(m["preview"] for m in messages if "preview" in m)
    assert seen["ok"] and seen["battle"] == "battle" and seen["path"][-1] == "ukraine_ssr"
    assert seen["odds"]["method"] == "exact" and seen["odds"]["defender_win"] > 0.9  # one tank against the German army
    assert seen["odds"]["no_capture"] == 0  # no aircraft: a win takes the space
    assert any("move actions only" in m.get("error", "") for m in messages if isinstance(m.get("error"), str))
    assert not any(m.get("event") == "units_moved" for m in messages)


def test_json_output_escapes_control_characters_as_the_protocol_does(capsys):
    """A save name or a rule text with a control character must not reach the
    terminal raw from any --json printer (the headless protocol's rule)."""
    from axisallies_tui.cli import _out

    _out([{"name": "evil\x1b[2Jname"}])
    printed = capsys.readouterr().out
    assert "\x1b" not in printed and json.loads(printed) == [{"name": "evil\x1b[2Jname"}]
