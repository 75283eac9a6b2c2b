"""Dice modes: digital (seeded), table (players type real dice), scripted (a list)."""

import io
import json
import sys
from pathlib import Path

import pytest

from axisallies_tui.cli import main
from axisallies_tui.engine.actions import Research
from axisallies_tui.engine.dice import DiceMode, DiceNeeded, SeededDice, TableDice
from axisallies_tui.engine.errors import DataError, IllegalAction
from axisallies_tui.engine.game import apply
from axisallies_tui.headless import Session, dice_mode_from_options, serve, typed_dice
from axisallies_tui.positions import load_position
from axisallies_tui.store import SavedGame, import_game
from tests.helpers import make_rules

RESEARCH = Path(__file__).resolve().parent / "data" / "positions" / "germany_research.toml"


@pytest.fixture
def research():
    position = load_position(RESEARCH)
    return make_rules(), position.state


# -- table dice in the engine --------------------------------------------------------------


def test_table_dice_ask_for_exactly_what_the_action_needs_and_change_nothing(research):
    rules, state = research
    with pytest.raises(DiceNeeded) as need:
        apply(rules, state, Research(dice=2), TableDice())
    assert (need.value.count, need.value.purpose) == (2, "research")
    assert isinstance(need.value, IllegalAction)
    # the same action again with the faces typed so far: now the chart die
    with pytest.raises(DiceNeeded) as need:
        apply(rules, state, Research(dice=2), TableDice([6, 3]))
    assert (need.value.count, need.value.purpose) == (1, "the development chart")
    step = apply(rules, state, Research(dice=2), TableDice([6, 3, 2]))
    assert "rockets" in step.state.powers[1].techs and step.dice == (6, 3, 2)


@pytest.mark.parametrize("answer, problem", [
    ({"dice": [0, 3]}, "a die shows 1 to 6, not 0"),
    ({"dice": [7, 3]}, "a die shows 1 to 6, not 7"),
    ({"dice": ["six", 3]}, "a die shows a whole number from 1 to 6, not 'six'"),
    ({"dice": [True, 3]}, "not True"),
    ({"dice": [3.0, 3]}, "not 3.0"),
    ({"dice": [3]}, "2 dice needed for research, not 1"),
    ({"dice": [3, 4, 5]}, "2 dice needed for research, not 3"),
    ({"dice": "3 5"}, 'type the dice as {"dice": [...]}'),
    ([3, 5], 'type the dice as {"dice": [...]}'),
])
def test_typed_dice_are_checked(answer, problem):
    faces, why = typed_dice(answer, 2, "research")
    assert faces == [] and problem in why


def test_good_typed_dice_pass():
    assert typed_dice({"dice": [6, 1]}, 2, "research") == ([6, 1], None)


# -- table dice in the JSON-lines driver ----------------------------------------------------


def run_lines(session, *lines):
    out = []
    code = serve(session, io.StringIO("\n".join(json.dumps(x) if not isinstance(x, str) else x for x in lines)), out.append)
    return code, out


def test_headless_table_dice_reject_0_7_and_text_and_ask_again(research):
    rules, state = research
    session = Session.fresh(rules, "1", start=state, dice_mode=DiceMode(kind="table"))
    code, out = run_lines(
        session,
        {"action": "research", "dice": 2},
        {"dice": [0, 6]}, {"dice": [7, 6]}, {"dice": ["five", 6]}, "not json", {"dice": [6]},
        {"query": "status"},
        {"dice": [6, 2]},
        {"dice": [1]},  # the chart: Jet Power, already owned: rolled again
        {"dice": [5]},
    )
    assert code == 0
    asks = [m["dice_needed"] for m in out if "dice_needed" in m]
    assert asks[0] == {"count": 2, "purpose": "research"}
    assert asks.count({"count": 2, "purpose": "research"}) == 6  # asked again after each refusal
    assert asks[-2:] == [{"count": 1, "purpose": "the development chart"}] * 2
    errors = [m["error"] for m in out if "error" in m]
    assert errors[:3] == ["a die shows 1 to 6, not 0", "a die shows 1 to 6, not 7",
                          "a die shows a whole number from 1 to 6, not 'five'"]
    assert "not JSON" in errors[3] and errors[4] == "2 dice needed for research, not 1"
    assert any("status" in m for m in out[:-3])  # a query is answered while dice are awaited
    rolled = [m["values"] for m in out if m.get("event") == "dice_rolled"]
    assert rolled == [[6, 2], [1], [5]]
    assert session.state.powers[1].techs == ("jet_power", "industrial_technology")


def test_a_table_dice_action_can_be_cancelled_and_nothing_changes(research):
    rules, state = research
    session = Session.fresh(rules, "1", start=state, dice_mode=DiceMode(kind="table"))
    code, out = run_lines(session, {"action": "research", "dice": 2}, {"dice": [6, 6]}, {"cancel": True})
    assert session.state == state and code == 0
    assert "status" in out[-1]


def test_dice_typed_when_none_are_needed_are_refused(research):
    rules, state = research
    session = Session.fresh(rules, "1", start=state, dice_mode=DiceMode(kind="table"))
    code, out = run_lines(session, {"dice": [4]})
    assert out[-1] == {"error": "no dice are needed now", "code": "no_dice_needed", "line": 1}


def test_a_saved_table_dice_game_reopens_in_table_mode(research, monkeypatch, capsys):
    rules, state = research
    game = SavedGame.create("table", load_position(RESEARCH).ruleset, seed=1, start=state,
                            dice_mode=DiceMode(kind="table"))
    with pytest.raises(DiceNeeded):
        game.apply(Research(dice=1))
    game.apply(Research(dice=1), TableDice([4]))
    game.close()
    again = SavedGame.open("table")
    assert again.dice_mode == DiceMode(kind="table") and again.seq == 1
    again.close()
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"action": "end_phase"}\n'))
    assert main(["headless", "--load", "table"]) == 0
    capsys.readouterr()


# -- scripted dice ---------------------------------------------------------------------------


def test_scripted_dice_from_the_command_line_and_a_file(tmp_path):
    assert dice_mode_from_options("1, 4,6", None) == DiceMode(kind="scripted", script=(1, 4, 6))
    assert dice_mode_from_options("table", None) == DiceMode(kind="table")
    assert dice_mode_from_options("digital", None) == DiceMode()
    assert dice_mode_from_options(None, None) is None
    script = tmp_path / "dice.txt"
    script.write_text("# the disputed battle\n6 6 2  # attacker\n1,5\n")
    assert dice_mode_from_options(None, str(script)).script == (6, 6, 2, 1, 5)
    script.write_text("6 6\n2 9\n")
    with pytest.raises(DataError, match=r"dice.txt: line 2: a die shows 1 to 6, not 9"):
        dice_mode_from_options(None, str(script))
    with pytest.raises(DataError, match="--dice: a die shows a whole number from 1 to 6, not 'x'"):
        dice_mode_from_options("1,x", None)


def test_scripted_dice_stop_the_json_lines_game_with_status_2(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"action": "research", "dice": 2}\n{"action": "end_phase"}\n'))
    code = main(["headless", "--position", str(RESEARCH), "--dice", "6,2"])
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 2
    assert out[-1]["error"] == ("the scripted dice ran out: 1 needed for the development chart, 0 left; "
                                "the game stops here")
    assert not any(m.get("event") for m in out)  # the research was not made, and the end_phase never read


def test_scripted_dice_stop_a_bot_game_with_one_line(capsys):
    code = main(["headless", "--bot", "random", "--rounds", "3", "--seed", "2", "--dice", "5"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "the scripted dice ran out" in err


def test_a_scripted_save_goes_on_with_the_rest_of_the_script(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"action": "research", "dice": 1}\n'))
    assert main(["headless", "--position", str(RESEARCH), "--dice", "3,6,2", "--save", "script"]) == 0
    capsys.readouterr()
    game = SavedGame.open("script")
    assert game.dice_mode.left(game.dice_used) == 2
    assert game.dice_mode.source(game.seed, game.seq + 1, game.dice_used).roll(2, "x") == (6, 2)


def test_table_dice_are_refused_for_bots(capsys):
    code = main(["headless", "--bot", "random", "--dice", "table"])
    assert code == 2 and "table dice need JSON lines" in capsys.readouterr().err


def test_the_dice_mode_travels_with_an_exported_game():
    game = SavedGame.create("mailed", load_position(RESEARCH).ruleset, seed=1, start=load_position(RESEARCH).state,
                            dice_mode=DiceMode(kind="scripted", script=(6, 5, 1)))
    game.apply(Research(dice=1))
    data = game.export()
    copy = import_game(json.loads(json.dumps(data)), "mailed-copy", "mailed.json")
    assert copy.dice_mode == game.dice_mode and copy.state == game.state
    assert copy.dice_mode.left(copy.dice_used) == 1


def test_digital_dice_are_the_seeded_stream_of_the_dice_rolled_so_far():
    """With a chosen seed the computer rolls the seed's stream for the game's n-th
    die, whichever action rolls it; without one, the operating system rolls."""
    from axisallies_tui.engine.dice import SystemDice

    mode = DiceMode()
    assert mode.source("7", 3, 99).roll(5, "x") == SeededDice("7", "die99").roll(5, "x")
    assert mode.source("7", 40, 99).roll(5, "x") == mode.source("7", 3, 99).roll(5, "x")
    assert isinstance(mode.source(None, 3, 99), SystemDice)
