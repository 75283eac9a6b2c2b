"""The interface's plain-text parts: ASCII output, what the tables and status
line say, finding spaces, help search, presets, and the command line's TUI
entry points."""

from __future__ import annotations

import json

import pytest
from rich.cells import cell_len
from textual._border import BORDER_CHARS
from textual.scrollbar import ScrollBarRender

from axisallies_tui import cli, setup
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.engine.game import new_game
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.tui import info
from axisallies_tui.tui.ascii import ascii_driver, to_ascii
from axisallies_tui.tui.helptext import PHASE_PAGES, all_pages, base_pages, index_for
from axisallies_tui.tui.presets import PresetError, SetupChoices, list_presets, load_preset, save_preset
from axisallies_tui.tui.widgets.jump_bar import find_spaces


@pytest.fixture(scope="module")
def classic():
    rules = setup.make_rules(Ruleset(board="classic"))
    return rules, new_game(rules, ScriptedDice([])).state


# -- ASCII ----------------------------------------------------------------------------

def test_every_border_and_scrollbar_glyph_becomes_ascii_of_the_same_width():
    glyphs = {c for rows in BORDER_CHARS.values() for row in rows for c in "".join(row)}
    glyphs |= set("".join(ScrollBarRender.VERTICAL_BARS + ScrollBarRender.HORIZONTAL_BARS))
    glyphs |= set("⏎▶▼•●×→🔎…")
    for glyph in glyphs:
        out = to_ascii(glyph)
        assert out.isascii(), repr(glyph)
        assert cell_len(out) == cell_len(glyph), repr(glyph)


def test_ascii_keeps_escape_sequences_and_plain_text():
    text = "\x1b[1;31mGermany\x1b[0m │ 3 × infantry → Russia"
    assert to_ascii(text) == "\x1b[1;31mGermany\x1b[0m | 3 x infantry > Russia"
    assert to_ascii("Müller") == "Muller"


def test_ascii_driver_filters_what_it_writes():
    written = []

    class Base:
        def write(self, data: str) -> None:
            written.append(data)

    ascii_driver(Base)().write("╭─╮ ok")
    assert written == ["+-+ ok"]


# -- what the screens say ---------------------------------------------------------------

def test_region_row_uses_tags_and_words_not_colour(classic):
    rules, state = classic
    russia = info.space_row(rules, state, rules.board.space("russia"))
    assert russia[:4] == ("Russia", "SU", "8", "cap IC AA")
    assert russia[4].startswith("SU ") and "inf" in russia[4]
    turkey = info.space_row(rules, state, rules.board.space("turkey"))
    assert turkey[1] == "neu"
    sea = next(s for s in rules.board.spaces if s.is_sea and s.name.endswith("Sea Zone"))
    assert info.space_row(rules, state, sea)[0].endswith(" SZ")


def test_status_line_names_round_power_player_phase_and_money(classic):
    rules, state = classic
    text = info.status_text(rules, state, {"ussr": "Ann"})
    assert text == "Round 1 | SU Soviet Union (Ann) | Develop weapons | 24 IPCs, income 24"


def test_space_detail_lists_units_and_neighbours(classic):
    rules, state = classic
    lines = info.space_detail(rules, state, rules.board.space("germany"))
    assert "Capital of GE Germany" in lines and "  GE Germany:" in lines
    assert any(line.startswith("Next to (") and "West Europe" in line for line in lines)


def test_same_person_ignores_case_and_blank_names():
    players = {"ussr": "Ann", "uk": "ann ", "germany": "Bob"}
    assert info.same_person(players, "ussr", "uk")
    assert not info.same_person(players, "ussr", "germany")
    assert info.same_person({}, "japan", "usa")


def test_find_spaces_prefers_names_that_start_with_the_text(classic):
    rules, _ = classic
    found = find_spaces(rules.board, "east")
    assert found and all(rules.board.space(s).name.lower().startswith("east") for s in found[:3])
    assert find_spaces(rules.board, "egypt") == ["anglo_sudan_egypt"]
    assert find_spaces(rules.board, "   ") == []


# -- help -------------------------------------------------------------------------------

def test_help_covers_every_phase_and_cites_rule_ids():
    pages = {p.id: p for p in base_pages()}
    for phase, (page, heading) in PHASE_PAGES.items():
        assert page in pages, phase
        if heading:
            assert f"## {heading}" in pages[page].markdown, phase
    everything = "\n".join(p.markdown for p in pages.values())
    for rule_id in ("C-GAME-2", "C-TECH-2", "C-BUY-3", "C-MOVE-1", "C-COMBAT-3", "C-PLACE-4", "C-INCOME-2",
                    "C-WIN-2", "C-UNIT-4", "C-CAP-1"):
        assert rule_id in everything, rule_id


def test_help_search_finds_rule_ids_and_house_rules():
    pages = all_pages(setup.catalogue(), {"s000-random-turns": {}})
    assert pages[len(base_pages())].id == "house-active"
    index = index_for(setup.catalogue())
    assert index.search("C-PLACE-4")[0].page == "placement"
    assert index.search("cup", active={"s000-random-turns"})[0].page == "house-active"
    assert index.search("zzyzx qwfp") == []


# -- presets ------------------------------------------------------------------------------

def test_presets_round_trip_and_refuse_bad_files(private_home):
    choices = SetupChoices(players={"ussr": "Ann"}, house={"s000-victory-conditions": {"axis_income_goal": 90}},
                           options={"max_built_complexes": 2}, low_luck=True)
    path = save_preset("Friday night!", choices)
    assert path.name == "Friday-night.json" and list_presets() == ["Friday-night"]
    again = load_preset("Friday-night")
    assert again.ruleset() == choices.ruleset() and again.players == {"ussr": "Ann"}
    path.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(PresetError, match="not a preset"):
        load_preset("Friday-night")
    with pytest.raises(PresetError):
        save_preset("///", choices)


# -- command line ------------------------------------------------------------------------------

def test_no_arguments_without_a_terminal_prints_help(capsys):
    assert cli.main([]) == 0
    assert "usage: axisallies" in capsys.readouterr().out


def test_load_without_a_terminal_prints_the_position(capsys, saved_game):
    name = saved_game("table")
    assert cli.main(["load", name]) == 0
    assert "Round 1, Soviet Union" in capsys.readouterr().out


def test_terminal_entry_points_start_the_app(monkeypatch, capsys, saved_game):
    calls = []
    monkeypatch.setattr(cli, "_interactive", lambda: True)
    monkeypatch.setattr("axisallies_tui.tui.app.run", lambda **kw: calls.append(kw) or 0)
    name = saved_game("table")
    assert cli.main(["--ascii"]) == 0
    assert cli.main(["load", name, "--ascii"]) == 0
    assert cli.main(["load", name]) == 0
    opened = [call.pop("open_game", None) for call in calls]
    assert calls == [{"ascii": True}, {"ascii": True}, {"ascii": False}]
    assert opened[0] is None and [game.name for game in opened[1:]] == [name, name]
    for game in opened[1:]:
        game.close()
    assert cli.main(["load", name, "--json"]) == 0 and json.loads(capsys.readouterr().out)["name"] == name
    assert cli.main(["load", "missing"]) == 2 and len(calls) == 3
