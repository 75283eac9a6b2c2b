"""Playing on from position files: the rules apply as written, and saves keep it."""

from pathlib import Path

import pytest

from axisallies_tui import setup
from axisallies_tui.engine.actions import EndPhase, Place, Research
from axisallies_tui.engine.dice import DiceMode
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.positions import load_position, loads_position
from axisallies_tui.store import SavedGame
from tests.helpers import act, count, money

POSITIONS = Path(__file__).resolve().parents[1] / "data" / "positions"


@pytest.fixture
def research():
    position = load_position(POSITIONS / "germany_research.toml")
    return setup.make_rules(position.ruleset), position.state


def test_research_dice_from_a_position_give_the_development_a_player_predicts(research):
    """Germany (20 IPCs, has Jet Power) buys 2 dice: [6, 2] is one breakthrough.
    The chart die 1 is Jet Power, already owned, so it is rolled again: 5 is
    Industrial Technology. 10 IPCs are left."""
    rules, state = research
    step = act(rules, state, Research(dice=2), dice=[6, 2, 1, 5])
    germany = next(p for p in step.state.powers if p.id == "germany")
    assert germany.techs == ("jet_power", "industrial_technology")
    assert germany.ipcs == 10
    chart = [e.values for e in step.events if e.kind == "dice_rolled" and "chart" in e.purpose]
    assert chart == [(1,), (5,)]


def test_the_same_position_with_no_breakthrough(research):
    rules, state = research
    step = act(rules, state, Research(dice=2), dice=[5, 1])
    assert next(p for p in step.state.powers if p.id == "germany").techs == ("jet_power",)


@pytest.fixture
def placing():
    position = load_position(POSITIONS / "uk_place.toml")
    return setup.make_rules(position.ruleset), position.state


def test_a_built_complex_places_up_to_its_territorys_value_per_turn(placing):
    """India (3 IPCs) has placed 1 unit this turn: 2 more, then none (C-PLACE-4)."""
    rules, state = placing
    with pytest.raises(IllegalAction, match="complex in India may place 2 more"):
        act(rules, state, Place(unit="infantry", space="india", count=3))
    state = act(rules, state, Place(unit="infantry", space="india", count=2)).state
    assert count(rules, state, "india", "uk", "infantry") == 4
    with pytest.raises(IllegalAction, match="has placed all 3 units it may this turn"):
        act(rules, state, Place(unit="infantry", space="india"))


def test_an_original_complex_has_no_limit(placing):
    rules, state = placing
    state = act(rules, state, Place(unit="infantry", space="united_kingdom", count=6)).state
    assert count(rules, state, "united_kingdom", "uk", "infantry") >= 6


def test_complexes_built_or_captured_this_turn_do_not_produce(placing):
    rules, state = placing
    with pytest.raises(IllegalAction, match="built this turn"):
        act(rules, state, Place(unit="infantry", space="australia"))
    with pytest.raises(IllegalAction, match="South Europe was captured this turn"):
        act(rules, state, Place(unit="infantry", space="south_europe"))


def test_fighters_go_in_the_territory_and_ships_in_a_bordering_zone(placing):
    rules, state = placing
    with pytest.raises(IllegalAction, match="placed in the complex's territory, not at sea"):
        act(rules, state, Place(unit="fighter", space="indian_ocean_sea_zone"))
    after = act(rules, state, Place(unit="transport", space="indian_ocean_sea_zone")).state
    assert count(rules, after, "indian_ocean_sea_zone", "uk", "transport") == count(
        rules, state, "indian_ocean_sea_zone", "uk", "transport") + 1
    # the transport used one of India's two remaining places
    with pytest.raises(IllegalAction, match="may place 1 more"):
        act(rules, after, Place(unit="infantry", space="india", count=2))


def test_units_not_placed_are_lost_when_the_phase_ends(placing):
    rules, state = placing
    step = act(rules, state, EndPhase())
    lost = {(e.unit, e.count) for e in step.events if e.kind == "units_lost"}
    assert lost == {("infantry", 6), ("fighter", 1), ("transport", 1)}
    assert money(rules, step.state, "uk") > 4  # income collected next


def test_a_saved_game_started_from_a_position_reopens_identically(placing):
    rules, state = placing
    position = load_position(POSITIONS / "uk_place.toml")
    game = SavedGame.create("lesson", position.ruleset, seed=3, start=position.state)
    assert game.state == position.state and game.feed() == []
    game.apply(Place(unit="infantry", space="india", count=2))
    game.apply(EndPhase())
    after, seq = game.state, game.seq
    game.close()
    again = SavedGame.open("lesson")
    assert again.state == after and again.seq == seq
    assert again.meta["start_state"] is not None


def test_a_position_without_a_phase_starts_its_turn_in_the_save_too():
    text = (POSITIONS / "germany_research.toml").read_text().replace('phase = "research"\n', "")
    unstarted = loads_position(text, "p.toml")
    assert unstarted.state.phase == ""
    game = SavedGame.create("fresh-turn", unstarted.ruleset, seed=1, start=unstarted.state)
    assert (game.state.power, game.state.phase) == ("germany", "research")
    assert [e["event"] for e in game.feed()][:2] == ["turn_started", "phase_started"]
    state = game.state
    game.close()
    assert SavedGame.open("fresh-turn").state == state


def test_scripted_dice_in_a_saved_game_continue_after_reopening():
    """The script is stored with the game; a reopened game takes the next faces."""
    position = load_position(POSITIONS / "germany_research.toml")
    game = SavedGame.create("scripted", position.ruleset, seed=1, start=position.state,
                            dice_mode=DiceMode(kind="scripted", script=(6, 4, 3, 2)))
    game.apply(Research(dice=1))  # 6: a breakthrough; chart 4: Long-Range Aircraft
    game.close()
    again = SavedGame.open("scripted")
    assert next(p for p in again.state.powers if p.id == "germany").techs == ("jet_power", "long_range_aircraft")
    assert again.dice_mode.kind == "scripted" and again.dice_mode.left(again.dice_used) == 2
    dice = again.dice_mode.source(again.seed, again.seq + 1, again.dice_used)
    assert dice.roll(2, "the next roll") == (3, 2)


def test_running_out_of_scripted_dice_stores_nothing_and_a_new_script_goes_on():
    position = load_position(POSITIONS / "germany_research.toml")
    game = SavedGame.create("short", position.ruleset, seed=1, start=position.state,
                            dice_mode=DiceMode(kind="scripted", script=(6,)))
    with pytest.raises(IllegalAction, match="scripted dice ran out: 1 needed for the development chart, 0 left"):
        game.apply(Research(dice=1))
    assert game.seq == 0 and game.state == position.state
    game.set_dice_mode(DiceMode(kind="scripted", script=(6, 2)))
    game.close()
    again = SavedGame.open("short")
    again.apply(Research(dice=1))
    assert "rockets" in next(p for p in again.state.powers if p.id == "germany").techs
