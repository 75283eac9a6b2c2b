"""Weapons development (C-TECH, section 14) with scripted dice."""

from pathlib import Path

import pytest

from axisallies_tui import locations
from axisallies_tui.engine.actions import Research
from axisallies_tui.engine.errors import DataError, IllegalAction
from axisallies_tui.engine.hooks import ActiveRules
from axisallies_tui.engine.profiles import DEFENCE, base_profile
from axisallies_tui.engine.research import ClassicChart
from axisallies_tui.engine.rules import Rules
from axisallies_tui.loaders.edition import load_edition
from tests.helpers import act, at, make_rules, money, start, techs


@pytest.fixture
def rules():
    return make_rules()


def test_each_six_is_a_breakthrough_and_the_chart_die_names_the_development(rules):
    """C-TECH-2: dice [6, 2, 6] then chart dice [5] and [6]: Industrial Technology, Heavy Bombers."""
    state = at(rules, start(rules), "germany", "research")
    step = act(rules, state, Research(dice=3), dice=[6, 2, 6, 5, 6])
    assert step.state.powers[1].techs == ("industrial_technology", "heavy_bombers")
    assert money(rules, step.state, "germany") == 32 - 15


def test_no_six_no_development_and_the_money_is_spent(rules):
    """C-TECH-1: the dice are paid for whatever they show."""
    state = at(rules, start(rules), "germany", "research")
    step = act(rules, state, Research(dice=2), dice=[5, 1])
    assert step.state.powers[1].techs == ()
    assert money(rules, step.state, "germany") == 22


def test_a_development_already_owned_is_rolled_again(rules):
    """C-TECH-2 ruling: repeats are rerolled, every result comes from a logged die."""
    state = techs(rules, at(rules, start(rules), "japan", "research"), "japan", "jet_power")
    step = act(rules, state, Research(dice=1), dice=[6, 1, 1, 4])
    assert step.state.powers[3].techs == ("jet_power", "long_range_aircraft")
    chart_rolls = [e.values for e in step.events if e.kind == "dice_rolled" and "chart" in e.purpose]
    assert chart_rolls == [(1,), (1,), (4,)]


def test_research_once_a_turn_and_only_what_can_be_paid(rules):
    state = at(rules, start(rules), "ussr", "research")
    with pytest.raises(IllegalAction, match="cost 25 IPCs; you have 24"):
        act(rules, state, Research(dice=5))
    state = act(rules, state, Research(dice=1), dice=[3]).state
    with pytest.raises(IllegalAction, match="once a turn"):
        act(rules, state, Research(dice=1))


def edition_file(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = (locations.builtin_root() / "rules" / "classic.toml").read_text()
    for old, new in edits:
        assert old in text, f"{old!r} not in classic.toml"
        text = text.replace(old, new, 1)
    path = tmp_path / "classic.toml"
    path.write_text(text)
    return path


CHART = 'chart = ["jet_power", "rockets", "super_submarines", "long_range_aircraft", "industrial_technology", "heavy_bombers"]'


def test_the_research_numbers_come_from_the_editions_research_section(tmp_path):
    """Dice at 4 IPCs, a 5 already a breakthrough and a two-development chart: a
    table that edits [research] plays by it (Germany: 32 IPCs, dice [5, 1], chart die 4)."""
    path = edition_file(tmp_path, ("die_cost = 5 ", "die_cost = 4 "), ("success = 6 ", "success = 5 "),
                        (CHART, 'chart = ["rockets", "heavy_bombers"]'))
    plain = make_rules()
    rules = Rules(plain.board, load_edition(path), plain.ruleset, ActiveRules())
    assert rules.research == ClassicChart(die_cost=4, success=5, chart=("rockets", "heavy_bombers"))
    state = at(rules, start(rules), "germany", "research")
    step = act(rules, state, Research(dice=2), dice=[5, 1, 4])
    assert step.state.powers[1].techs == ("heavy_bombers",)  # face 4 of a two-face chart wraps to the second
    assert money(rules, step.state, "germany") == 32 - 8
    assert rules.research.describe(rules) == "Each research die costs 4 IPCs; a 5 is a breakthrough."


@pytest.mark.parametrize("edit, problem", [
    (("scheme = \"classic_chart\"", "scheme = \"bought\""), r"\[research\] scheme: unknown scheme 'bought'"),
    (("success = 6 ", "success = 7 "), r"\[research\] success: a die shows at most 6, not 7"),
    (("die_cost = 5 ", "die_cost = 0 "), r"\[research\]: 'die_cost' must be at least 1, not 0"),
    ((CHART, 'chart = ["jet_power", "death_ray"]'), r"\[research\] chart: 'death_ray' is not defined under \[techs\]"),
    (("neutral_entry_cost = 3", "research_die_cost = 5\nneutral_entry_cost = 3"), r"\[edition\].*research_die_cost"),
])
def test_research_section_problems_name_file_entry_and_problem(tmp_path, edit, problem):
    with pytest.raises(DataError, match=r"classic.toml: .*" + problem):
        load_edition(edition_file(tmp_path, edit))


def test_two_developments_setting_one_number_give_one_answer_in_any_order(tmp_path):
    """If an edition gives two developments the same number to set (here Rockets
    also makes fighters defend at 6), the one listed later in the file wins,
    whatever order a power gained them in."""
    path = edition_file(tmp_path, ('help = "Once a turn one of your AA guns',
                                   'effects = [{ units = ["tag:fighter"], role = "defence", value = 6 }]\n'
                                   'help = "Once a turn one of your AA guns'))
    plain = make_rules()
    rules = Rules(plain.board, load_edition(path), plain.ruleset, ActiveRules())
    fighter = rules.edition.unit("fighter")
    for gained in (["jet_power", "rockets"], ["rockets", "jet_power"]):
        assert base_profile(rules, gained, fighter, DEFENCE).value == 6
    assert base_profile(rules, ["jet_power"], fighter, DEFENCE).value == 5
