"""Pilot test: the research panel under a house rule's research scheme offers
the scheme's purchases instead of counting dice."""

from __future__ import annotations

from axisallies_tui.engine.queries import power_state
from tests.tui.test_flows import SIZE, feed, settle
from tests.tui.test_rule_actions import footer_text

FIXED = "s004-alt-tech-2-fixed-price"


async def test_fixed_prices_offer_developments_and_buy_the_chosen_one(saved_game, app_for):
    app = app_for(saved_game(house={FIXED: {}}))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.panel
        text = str(panel.query_one("#research-text").render())
        assert "bought outright" in text and "Rockets 10" in text
        offers = str(panel.query_one("#research-dice").render())
        assert "> Rockets" in offers and "Super Submarines" in offers  # the USSR holds 24 IPCs
        assert "Heavy Bombers" not in offers
        keys = footer_text(app)  # the footer names what the keys do under this scheme
        assert "+ Next" in keys and "- Previous" in keys and "r Buy" in keys
        assert "More dice" not in keys and "Roll" not in keys
        await pilot.press("minus")  # back from the first offer to the last
        await settle(pilot)
        assert "> Long-Range Aircraft" in str(panel.query_one("#research-dice").render())
        await pilot.press("plus", "plus", "r")
        await settle(pilot)
        ussr = power_state(app.session.rules.board, app.session.state, "ussr")
        assert ussr.ipcs == 9 and ussr.techs == ()
        assert any("buys Super Submarines for 15 IPCs" in line for line in feed(app))
        assert "done for this turn" in str(panel.query_one("#research-dice").render())
        assert str(panel.query_one("#research-keys").render()) == "e go on to purchase"
        assert "Bought, in force from your next turn: Super Submarines." in \
            str(panel.query_one("#research-text").render())
        keys = footer_text(app)  # research is done: the footer offers only to go on
        assert "Buy" not in keys and "Next" not in keys and "e End" in keys


async def test_the_dice_chart_keeps_its_dice_keys(saved_game, app_for):
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        keys = footer_text(app)
        assert "+ More dice" in keys and "r Roll" in keys and "Buy" not in keys
