"""The game screen as a player meets it (issue 13): undo matches the key
pressed, ending a purchase with money left asks first, placement keeps its
place, and the rest of what players asked for."""

from __future__ import annotations

from axisallies_tui.engine.queries import power_state, units_in
from axisallies_tui.tui.panels.place import PlacePanel
from axisallies_tui.tui.screens.dialogs import ConfirmDialog

SIZE = (80, 24)


async def settle(pilot, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause()


async def to_phase(pilot, app, phase: str) -> None:
    """Press e (end phase) until `phase` is reached, confirming any question."""
    for _ in range(10):
        if app.session.state.phase == phase:
            return
        await pilot.press("e")
        await settle(pilot)
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
            await settle(pilot)
    assert app.session.state.phase == phase


def infantry_in(app, space: str) -> int:
    units = units_in(app.session.rules.board, app.session.state, space)
    return sum(1 for u in units if u.power == "ussr" and u.type == "infantry")


def ussr(app):
    return power_state(app.session.rules.board, app.session.state, "ussr")


async def test_ending_the_purchase_with_money_left_asks_first(saved_game, app_for):
    """`e e`: research ends, then the purchase asks before 24 IPCs go unspent."""
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert app.session.state.phase == "purchase"
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "24 IPCs are left unspent" in app.screen.question
        await pilot.press("n")
        await settle(pilot)
        assert app.session.state.phase == "purchase"
        await pilot.press("e", "y")
        await settle(pilot)
        assert app.session.state.phase == "combat_move"


async def test_one_b_and_one_u(saved_game, app_for):
    """A list of two lines is bought with one key and taken back with one key;
    a single line bought afterwards is taken back alone."""
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await pilot.press("plus", "down", "plus", "b")
        await settle(pilot)
        assert ussr(app).unplaced == (("infantry", 1), ("armour", 1))
        await pilot.press("up", "plus", "b")
        await settle(pilot)
        assert ussr(app).unplaced == (("infantry", 2), ("armour", 1))
        await pilot.press("u")
        await settle(pilot)
        assert ussr(app).unplaced == (("infantry", 1), ("armour", 1))
        await pilot.press("u")
        await settle(pilot)
        assert ussr(app).unplaced == () and ussr(app).ipcs == 24


async def place_phase_with(pilot, app, keys) -> PlacePanel:
    await settle(pilot)
    await to_phase(pilot, app, "purchase")
    await pilot.press(*keys, "b")
    await settle(pilot)
    await to_phase(pilot, app, "place")
    await pilot.press("f3")
    await settle(pilot)
    panel = app.screen.panel
    assert isinstance(panel, PlacePanel)
    return panel


async def test_placing_keeps_the_space_highlighted(saved_game, app_for):
    """The second unit goes where the first went, not back to the first space."""
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        panel = await place_phase_with(pilot, app, ["plus", "plus", "plus"])
        spaces = list(panel.targets)
        assert len(spaces) >= 2
        await pilot.press("enter", "down", "enter")  # to the spaces, the second one, place 1
        await settle(pilot)
        second = spaces[1]
        before = infantry_in(app, second)
        await pilot.press("enter")  # and another, with no cursor moves
        await settle(pilot)
        assert ussr(app).unplaced == (("infantry", 1),)
        assert infantry_in(app, second) == before + 1


async def test_after_undo_of_the_last_placement_the_keyboard_is_in_the_panel(saved_game, app_for):
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        panel = await place_phase_with(pilot, app, ["plus"])
        await pilot.press("enter", "enter")  # the only infantry, placed
        await settle(pilot)
        assert ussr(app).unplaced == ()
        await pilot.press("u")
        await settle(pilot)
        assert ussr(app).unplaced == (("infantry", 1),)
        assert app.screen.focused is not None and panel in app.screen.focused.ancestors_with_self
        await pilot.press("enter", "enter")  # and it can be placed again straight away
        await settle(pilot)
        assert ussr(app).unplaced == ()

