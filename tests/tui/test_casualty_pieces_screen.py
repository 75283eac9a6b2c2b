"""The casualty table piece by piece: a loaded and an empty transport are two
lines, the empty one is the default loss, and the player may give up the loaded
one from the keyboard (the answer names it by id)."""

from __future__ import annotations

from axisallies_tui.tui.panels.battle import CasualtyPanel
from tests.engine.test_casualty_pieces import ZONE, loaded_and_empty, uids
from tests.helpers import count, make_rules
from tests.tui.test_play import open_app, saved
from tests.tui.waiting import settle

SIZE = (80, 24)


def rows(panel):
    table = panel.query_one("#casualty-table")
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_a_loaded_and_an_empty_transport_are_separate_lines():
    rules = make_rules()
    waiting, loaded, empty = loaded_and_empty(rules)
    app = open_app(saved(waiting, "convoy"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.panel
        assert isinstance(panel, CasualtyPanel)
        table = rows(panel)
        by_label = {row[0]: row for row in table}
        assert by_label[f"transport #{loaded}"][3].startswith("1 loaded: 2 × infantry aboard")
        assert by_label[f"transport #{empty}"][2] == "1"  # the default: the empty one
        assert by_label[f"transport #{loaded}"][2] == ""


async def test_the_player_gives_up_the_loaded_transport_from_the_keyboard():
    rules = make_rules()
    waiting, loaded, empty = loaded_and_empty(rules)
    app = open_app(saved(waiting, "convoy"), dice=[6])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.panel
        keys = [s.key() for s in panel.slots]
        table = panel.query_one("#casualty-table")
        table.move_cursor(row=keys.index(f"uk/transport#{empty}"))
        await pilot.press("minus")
        table.move_cursor(row=keys.index(f"uk/transport#{loaded}"))
        await pilot.press("plus")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        state = app.session.state
        assert uids(rules, state, ZONE, "uk", "transport") == [empty]
        assert count(rules, state, ZONE, "uk", "infantry") == 0
        assert app.session.loss_orders["uk"][0] == "transport"


async def test_enter_on_the_default_loses_the_empty_transport():
    """The engine's default names the empty transport by id; an answer by type
    would have taken the lower-numbered, loaded one."""
    rules = make_rules()
    waiting, loaded, empty = loaded_and_empty(rules)
    app = open_app(saved(waiting, "convoy"), dice=[6])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        state = app.session.state
        assert uids(rules, state, ZONE, "uk", "transport") == [loaded]
        assert count(rules, state, ZONE, "uk", "infantry") == 2


async def test_the_table_says_a_submarine_hit_must_fall_on_a_ship():
    from axisallies_tui.engine.combat import Fight
    from tests.engine.test_casualty_pieces import british_zone, german_attack
    from tests.helpers import act

    rules = make_rules()
    state = german_attack(rules, british_zone(rules, ("submarine", 1), ("battleship", 1)),
                          ("fighter", 2), ("transport", 2))
    waiting = act(rules, state, Fight(space=ZONE), dice=[6, 6, 1, 4]).state
    app = open_app(saved(waiting, "subhit"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.panel
        assert "1 of them is a submarine hit: on ships, never aircraft" in str(panel.query_one("#casualty-who").render())
        assert panel.picks == {"germany/transport": 2}  # the cheapest, and ships
        keys = [s.key() for s in panel.slots]
        table = panel.query_one("#casualty-table")
        table.move_cursor(row=keys.index("germany/transport"))
        await pilot.press("minus", "minus")
        table.move_cursor(row=keys.index("germany/fighter"))
        await pilot.press("plus", "plus")
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.state.pending is not None, "both hits on fighters is refused"
        assert count(rules, app.session.state, ZONE, "germany", "fighter") == 2
        assert table.cursor_row == keys.index("germany/fighter"), "the refusal keeps the player's place"
        assert panel.picks["germany/fighter"] == 2, "and the player's picks"
        await pilot.press("minus")
        table.move_cursor(row=keys.index("germany/transport"))
        await pilot.press("plus", "enter")
        await settle(pilot)
        state = app.session.state
        assert count(rules, state, ZONE, "germany", "fighter") == 1
        assert count(rules, state, ZONE, "germany", "transport") == 1
