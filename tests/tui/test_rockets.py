"""Rockets on the game screen (C-DEV-2): `k` in the non-combat move of a power
with Rockets lists the launches the engine allows; Enter fires one."""

from __future__ import annotations

from axisallies_tui.engine.queries import power_state
from axisallies_tui.tui.screens.dialogs import PickDialog
from axisallies_tui.tui.widgets.combat_feed import CombatFeed
from axisallies_tui.tui.widgets.status_line import StatusLine
from tests.helpers import at, make_rules, start, techs
from tests.tui.test_play import open_app, saved
from tests.tui.waiting import settle, until

WIDE = (120, 30)


def ipcs(app, power: str) -> int:
    return power_state(app.session.rules.board, app.session.state, power).ipcs


async def test_k_fires_the_rocket_picked_and_only_once():
    rules = make_rules()
    state = techs(rules, at(rules, start(rules), "germany", "noncombat_move"), "germany", "rockets")
    app = open_app(saved(state, "rockets"), dice=[4])
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot)
        assert "rocket" in _footer_shown(app)
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, PickDialog))
        dialog = app.screen
        ids = [key for key, _label in dialog.options]
        assert "germany>russia" in ids and "germany>east_us" not in ids
        label = dict(dialog.options)["germany>russia"]
        assert label == "From Germany at Russia (SU Soviet Union holds 24 IPCs)"
        await pilot.press("home", *["down"] * ids.index("germany>russia"), "enter")
        await until(pilot, lambda: ipcs(app, "ussr") == 20)
        feed = [text for _kind, text, _who in app.screen.query_one(CombatFeed).records]
        assert "Rockets from Germany hit Russia: Soviet Union pays 4 IPCs; 20 left." in feed
        await pilot.press("k")
        await settle(pilot)
        assert not isinstance(app.screen, PickDialog)
        assert app.screen.query_one(StatusLine).problem == "this turn's rocket has been fired (one a turn)"


async def test_no_rocket_key_without_the_development_or_outside_the_noncombat_move():
    rules = make_rules()
    plain = at(rules, start(rules), "germany", "noncombat_move")
    combat = techs(rules, at(rules, start(rules), "germany", "combat_move"), "germany", "rockets")
    for name, state in (("plain", plain), ("combat", combat)):
        app = open_app(saved(state, name))
        async with app.run_test(size=WIDE) as pilot:
            await settle(pilot)
            assert "rocket" not in _footer_shown(app) and "end_phase" in _footer_shown(app)
            await pilot.press("k")
            await settle(pilot)
            assert not isinstance(app.screen, PickDialog)
            assert power_state(rules.board, app.session.state, "ussr").ipcs == 24


def _footer_shown(app) -> set[str]:
    """The actions whose keys are drawn whole in the footer."""
    from axisallies_tui.tui.widgets.key_footer import KeyFooter

    footer = app.screen.query_one(KeyFooter)
    return {action for _start, end, _key, action, _enabled in footer.spans if end <= app.size.width}


def test_the_victim_reads_of_the_rocket_in_its_hand_over_summary():
    from axisallies_tui.tui.info import since_last_turn

    board = make_rules().board
    records = [("turn_started", "Round 1: Soviet Union to play.", "ussr"),
               ("turn_started", "Round 1: Germany to play.", "germany"),
               ("rocket_hit", "Rockets from Germany hit Russia: Soviet Union pays 4 IPCs; 20 left.", "germany"),
               ("turn_started", "Round 2: Soviet Union to play.", "ussr")]
    lines = since_last_turn(records, ["ussr"], board)
    assert "  Rockets from Germany hit Russia: Soviet Union pays 4 IPCs; 20 left." in lines
