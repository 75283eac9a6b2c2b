"""The move panel reads what a move does from the engine's preview: the words in
the destination list come from it, not from rules worked out in the interface."""

from __future__ import annotations

from axisallies_tui.engine.preview import preview
from tests.helpers import landing_behind_a_sub, make_rules
from tests.tui.test_play import open_app, origin, pick_units, saved
from tests.tui.waiting import settle

SIZE = (80, 24)


async def test_landing_from_a_zone_with_an_enemy_sub_is_an_amphibious_assault_after_the_sea_battle():
    """British infantry aboard in the North Sea, a German submarine there too: the
    landing in West Europe is listed as an amphibious assault, and the hint says
    the troops wait for the sea battle. (The engine's preview used to call this a
    quiet unload while the panel guessed right from the board.)"""
    rules = make_rules()
    state = landing_behind_a_sub(rules)
    app = open_app(saved(state, "landing"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = await origin(pilot, app, "north_sea_zone")
        await pick_units(pilot, panel, "infantry", aboard=True)
        await pilot.press("enter")
        await settle(pilot)
        dest = next(d for d in panel.dests if d.space == "west_europe")
        assert dest.tags[0] == "amphibious assault"
        seen = preview(rules, app.session.state, *dest.moves)
        assert seen.battle == "amphibious assault" and dest.path == seen.path and dest.moved == seen.moved
        keys = [d.key for d in panel.dests]
        await pilot.press("home", *["down"] * keys.index(dest.key))
        await settle(pilot)
        hint = str(panel.query_one("#move-hint").render())
        assert "amphibious assault" in hint.lower()
        assert "wait in North Sea Zone until the sea battle there is won" in hint
