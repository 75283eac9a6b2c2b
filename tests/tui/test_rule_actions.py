"""The house rules' own actions on the game screen (`x`): loans, lend-lease and
shipyard repair are listed from the engine's legal actions with words made from
the rule's action, so a rule's action is reachable with no code of its own in
the interface; the key shows only when a rule offers something."""

from __future__ import annotations

from textual.widgets import OptionList

from axisallies_tui.engine.queries import units_in
from axisallies_tui.store import SavedGame
from axisallies_tui.tui.screens.dialogs import PickDialog
from tests.helpers import at, clear, count, damaged, make_rules, money, put, start
from tests.tui.test_game_screen import footer_actions
from tests.tui.waiting import settle

SIZE = (80, 24)


def saved(rules, state, name: str = "scene") -> str:
    SavedGame.create(name, rules.ruleset, seed=1, start=state).close()
    return name


def choices(app) -> list[str]:
    listing = app.screen.query_one("#pick", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def open_list(pilot, app) -> list[str]:
    """Press x; the lines of the list it opens."""
    await pilot.press("x")
    await settle(pilot)
    assert isinstance(app.screen, PickDialog)
    return choices(app)


async def pick(pilot, app, wanted: str) -> None:
    """Open the list with x and choose the first line containing `wanted`."""
    lines = await open_list(pilot, app)
    index = next(i for i, line in enumerate(lines) if wanted in line)
    app.screen.query_one("#pick", OptionList).highlighted = index
    await pilot.press("enter")
    await settle(pilot)


def footer_text(app) -> str:
    from axisallies_tui.tui.widgets.key_footer import KeyFooter

    return str(app.screen.query_one(KeyFooter).render())


async def test_without_such_rules_x_is_not_offered(saved_game, app_for):
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "rule_actions" not in footer_actions(app)
        await pilot.press("x")
        await settle(pilot)
        assert not isinstance(app.screen, PickDialog)


async def test_a_loan_is_made_from_the_list(saved_game, app_for):
    app = app_for(saved_game(house={"s004-loaning-money": {}}))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # x joins a full 80-column footer: labels give way, every key stays, F1 keeps "Help"
        assert {"rule_actions", "focus_feed", "end_phase", "help"} <= footer_actions(app)
        assert footer_text(app).rstrip().endswith("F1 Help")
        lines = await open_list(pilot, app)
        assert "Loaning money: Lend 1 IPC to the friendly power United Kingdom." in lines
        await pilot.press("escape")
        await settle(pilot)
        await pick(pilot, app, "Lend 3 IPCs to the friendly power United States")
        rules, state = app.session.rules, app.session.state
        assert (money(rules, state, "ussr"), money(rules, state, "usa")) == (21, 39)


async def test_a_damaged_battleship_is_sent_to_the_shipyard():
    from tests.tui.test_play import open_app

    rules = make_rules("s000-damaged-capital-ships")
    state = clear(rules, start(rules), "north_sea_zone")
    state = put(rules, state, "north_sea_zone", "uk", "battleship")
    state = at(rules, damaged(rules, state, "north_sea_zone"), "uk", "research")
    app = open_app(saved(rules, state))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        lines = await open_list(pilot, app)
        assert lines == ["Damaged capital ships: Repair a damaged battleship or carrier, declared as the turn begins "
                         "(piece: United Kingdom's battleship in North Sea Zone; factory: United Kingdom)."]
        await pilot.press("enter")
        await settle(pilot)
        after = app.session.state
        assert money(rules, after, "uk") == 20
        assert count(rules, after, "north_sea_zone", "uk", "battleship") == 0
        assert "rule_actions" not in footer_actions(app)  # nothing left to repair: the key goes


async def test_lend_lease_hands_a_fighter_to_an_ally():
    from tests.tui.test_play import open_app

    rules = make_rules("s004-lend-lease-units")
    state = put(rules, start(rules), "karelia_ssr", "uk", "fighter")
    state = at(rules, state, "uk", "noncombat_move")
    app = open_app(saved(rules, state))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        lines = await open_list(pilot, app)
        wanted = "United Kingdom's fighter in Karelia S.S.R. over to the friendly power Soviet Union"
        assert any(wanted in line for line in lines), lines
        await pick(pilot, app, wanted)
        fighters = [u.power for u in units_in(rules.board, app.session.state, "karelia_ssr") if u.type == "fighter"]
        assert "ussr" in fighters and "uk" not in fighters
