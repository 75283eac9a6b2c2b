"""What `axisallies odds` loads in a new process: the board and edition it plays
on, the engine pieces a battle uses, and nothing else (issue 13: start-up time).
No timings here: the assertions are on what was loaded and what was printed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from axisallies_tui.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]

NOT_FOR_ODDS = (
    "axisallies_tui.loaders.house",  # the house-rule catalogue
    "axisallies_tui.houserules",  # the rule modules
    "axisallies_tui.engine.events",
    "axisallies_tui.engine.state",
    "axisallies_tui.engine.turns",
    "cattrs",  # saves and the headless protocol only
    "sqlite3",  # saves only
    "platformdirs",  # the user's folder is asked only for a board or edition not built in
    "textual",
)

PROBE = """
import io, json, sys
from contextlib import redirect_stdout
from axisallies_tui import setup
from axisallies_tui.cli import main
out = io.StringIO()
with redirect_stdout(out):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules),
                  "catalogue_reads": setup.catalogue.cache_info().misses}))
"""


def _odds_in_new_process(home: Path, *argv: str) -> dict[str, object]:
    # no AXISALLIES_HOME: the user's folder would come from platformdirs (here a private one)
    env = {k: v for k, v in os.environ.items() if k not in ("AXISALLIES_GAMES_DIR", "AXISALLIES_HOME")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"))
    done = subprocess.run([sys.executable, "-c", PROBE, "odds", *argv], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _loaded(modules: object, name: str) -> bool:
    assert isinstance(modules, list)
    return any(m == name or m.startswith(name + ".") for m in modules)


def test_odds_with_no_rule_named_reads_no_catalogue_and_loads_only_what_a_battle_needs(private_home, capsys):
    probe = _odds_in_new_process(private_home, "--att", "3 inf, 1 arm", "--def", "4 inf", "--json")
    assert probe["code"] == 0 and probe["catalogue_reads"] == 0
    assert [name for name in NOT_FOR_ODDS if _loaded(probe["modules"], name)] == []
    assert isinstance(probe["out"], str)
    # the same answer as the command run in this process, where everything may be loaded already
    assert main(["odds", "--att", "3 inf, 1 arm", "--def", "4 inf", "--json"]) == 0
    assert json.loads(probe["out"]) == json.loads(capsys.readouterr().out)


def test_naming_a_house_rule_reads_the_catalogue_and_changes_the_odds(private_home):
    battle = ("--att", "1 inf", "--def", "1 inf", "--bombard", "1 bb", "--json")
    classic = _odds_in_new_process(private_home, *battle)
    ruled = _odds_in_new_process(private_home, *battle, "--rules", "s000-amphibious-assaults")
    assert classic["catalogue_reads"] == 0 and ruled["catalogue_reads"] == 1
    assert _loaded(ruled["modules"], "axisallies_tui.houserules.s000_amphibious_assaults")
    assert isinstance(classic["out"], str) and isinstance(ruled["out"], str)
    # a bombarding battleship's casualty no longer fires back: 19/36 becomes 3/4 (test_odds.py works both out)
    assert json.loads(classic["out"])["attacker_win"] == pytest.approx(19 / 36, abs=1e-12)
    assert json.loads(ruled["out"])["attacker_win"] == pytest.approx(3 / 4, abs=1e-12)


def _odds_help(parser_for_odds_only: bool) -> str:
    parser = build_parser(odds_only=parser_for_odds_only)
    choices = next(a for a in parser._actions if a.dest == "command").choices
    assert isinstance(choices, dict)
    return str(choices["odds"].format_help())


def test_the_odds_command_line_reads_the_same_with_its_own_parser():
    assert _odds_help(True) == _odds_help(False)
    argv = ["odds", "--att", "2 inf", "--def", "1 inf", "--rules", "x", "--param", "x.y=1", "--sea", "--json"]
    assert build_parser(odds_only=True).parse_args(argv) == build_parser().parse_args(argv)


def test_odds_usage_errors_name_the_odds_command(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["odds", "--att", "2 inf"])
    assert stop.value.code == 2
    assert "axisallies odds: error: the following arguments are required: --def" in capsys.readouterr().err


def test_the_other_commands_are_still_there(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    listing = capsys.readouterr().out
    assert all(word in listing for word in ("new", "load", "headless", "maps", "rules", "odds"))
