"""A battle set up from a position file, fought with scripted dice, gives the
casualties a player works out by hand."""

from pathlib import Path

from axisallies_tui.engine.actions import Answer
from axisallies_tui.engine.combat import Fight, pending_battles
from axisallies_tui.positions import load_position
from axisallies_tui.setup import make_rules
from tests.helpers import act, count

POSITION = Path(__file__).parent.parent / "data" / "positions" / "caucasus_battle.toml"


def test_two_tanks_against_two_infantry_by_hand():
    """Round 1: the tanks roll 3 and 5 against 3: one hit. The infantry roll 2 and
    6 against 2: one hit. One of each is lost. The Germans press on. Round 2:
    the last tank rolls 2 (hit); the last infantry fires back with 4 (miss).
    Germany takes Caucasus with one tank."""
    position = load_position(str(POSITION))
    rules = make_rules(position.ruleset)
    state = position.state
    assert pending_battles(rules, state) == ["caucasus"]
    state = act(rules, state, Fight(space="caucasus"), dice=[3, 5, 2, 6]).state
    assert count(rules, state, "caucasus", "germany", "armour") == 1
    assert count(rules, state, "caucasus", "ussr", "infantry") == 1
    assert state.pending.options == ("press on", "retreat to ukraine_ssr")
    state = act(rules, state, Answer("press on"), dice=[2, 4]).state
    assert count(rules, state, "caucasus", "germany", "armour") == 1
    assert state.spaces[rules.board.space("caucasus").index].owner == "germany"
