"""The game screen on a board a house rule redrew: the region tables, the
space detail and the odds calculator read the game's board, not the file's
(s000-divided-sea-zones adds spaces; s004-every-nation-for-itself gives every
power a side of its own)."""

from __future__ import annotations

from axisallies_tui.engine.actions import Concede
from axisallies_tui.tui.screens.dialogs import GameOverDialog
from axisallies_tui.tui.screens.game import GameScreen
from axisallies_tui.tui.screens.odds import OddsScreen
from tests.helpers import act, at, make_rules, start
from tests.tui.test_play import SIZE, open_app, saved, settle

RULES = ("s000-divided-sea-zones", "s004-every-nation-for-itself")


async def test_split_zones_and_five_sides_on_the_game_screen():
    rules = make_rules(*RULES)
    app = open_app(saved(start(rules), rules=rules))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for space in ("east_north_sea_zone", "west_red_sea_zone", "west_japan_sea_zone", "united_kingdom", "karelia_ssr"):
            screen.jump_to(space)
            await settle(pilot)
        app.show_odds()  # blank: a Soviet attacker against an American defender
        await settle(pilot)
        assert isinstance(app.screen, OddsScreen)
        assert (app.screen.setup.attacker, app.screen.setup.defender) == ("ussr", "usa")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_the_last_power_left_is_shown_as_the_winner():
    rules = make_rules(*RULES)
    state = start(rules)
    for power in ("ussr", "germany", "uk", "japan"):
        state = act(rules, at(rules, state, power, "research"), Concede()).state
    assert state.result is not None
    app = open_app(saved(state, rules=rules))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, GameOverDialog)
        assert dialog.headline.startswith("The Americans win") and len(dialog.rows) == 5
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
