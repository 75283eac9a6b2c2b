"""Pilot test: a territory both attacked and raided is listed twice in the
battle pane (C-COMBAT-1, C-SBR-1), and the player picks which comes first."""

from __future__ import annotations

from axisallies_tui.engine.queries import owner
from axisallies_tui.tui.panels.battle import BattlePanel
from tests.engine.test_battle_order import raid_and_attack
from tests.helpers import make_rules, money
from tests.tui.test_play import SIZE, open_app, saved, settle


async def test_the_raid_can_be_chosen_before_the_battle_in_the_same_territory():
    rules = make_rules()
    app = open_app(saved(raid_and_attack(rules)), dice=[5, 1, 6])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.panel
        assert isinstance(panel, BattlePanel)
        listing = panel.query_one("#battle-list")
        prompts = [str(option.prompt) for option in listing.options]
        assert len(prompts) == 2 and prompts[0].startswith("Karelia") and prompts[1] == "Bombing raid on Karelia S.S.R."
        await pilot.press("down")
        await settle(pilot)
        assert "Bombing raid on Karelia S.S.R. by GE Germany" in str(panel.query_one("#battle-info").render())
        await pilot.press("enter")
        await settle(pilot)
        assert money(rules, app.session.state, "ussr") == 24 - 5
        prompts = [str(option.prompt) for option in app.screen.panel.query_one("#battle-list").options]
        assert len(prompts) == 1 and prompts[0].startswith("Karelia")
        await pilot.press("enter")  # the tank hits (1), the infantry misses (6)
        await settle(pilot)
        assert owner(rules.board, app.session.state, "karelia_ssr") == "germany"
        assert money(rules, app.session.state, "germany") == 32
