"""The game screen as a player meets it (issue 13): undo matches the key
pressed, ending a purchase with money left asks first, placement keeps its
place, and the rest of what players asked for."""

from __future__ import annotations

from axisallies_tui.engine.queries import power_state, units_in
from axisallies_tui.tui.panels.place import PlacePanel
from axisallies_tui.tui.screens.dialogs import ConfirmDialog
from tests.tui.waiting import settle, to_phase

SIZE = (80, 24)




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
        await pilot.press("u")  # ended by mistake: back to buying, the money still there
        await settle(pilot)
        assert app.session.state.phase == "purchase" and ussr(app).ipcs == 24


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


# -- standings ---------------------------------------------------------------------


async def test_standings_show_every_power_and_how_close_victory_is(saved_game, app_for):
    from textual.widgets import DataTable

    from axisallies_tui.tui.screens.standings import StandingsDialog

    app = app_for(saved_game(players={"germany": "Bob"}))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, StandingsDialog)
        table = app.screen.query_one("#standings", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        germany = next(r for r in rows if r[0] == "GE")
        assert germany[1:5] == ["Bob", "32", "32", "8"]  # player, IPCs, income, land
        assert {r[0] for r in rows} >= {"SU", "GE", "UK", "JP", "US", "Axis", "Allies"}
        victory = str(app.screen.query_one("#standings-victory").render())
        assert "Axis income 57 of 84 (27 short)" in victory
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, StandingsDialog)


async def test_standings_from_the_palette(saved_game, app_for):
    from axisallies_tui.tui.screens.standings import StandingsDialog

    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p", *"standings")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, StandingsDialog)


# -- the feed ----------------------------------------------------------------------


async def test_feed_grows_on_f4_enter_wraps_and_follows_new_lines(saved_game, app_for):
    from axisallies_tui.tui.widgets.combat_feed import CombatFeed

    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        feed = app.screen.query_one(CombatFeed)
        short = feed.size.height
        await pilot.press("f4", "enter")
        await settle(pilot)
        assert feed.has_focus and feed.size.height > short + 4
        await pilot.press("escape")
        await settle(pilot)
        assert feed.size.height == short and not feed.has_focus
        # narrower and wider again: every line still fits inside the box, the newest in view
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        feed.add_record("dice_rolled", "Soviet Union rolls for attack, round 1: 5 × infantry @1: [5][5][2][1][2]; "
                                       "2 × armour @3: [1][2]; 1 fighter @3: [1] → 4 hits")
        await settle(pilot)
        assert feed.virtual_size.width <= feed.scrollable_content_region.width  # nothing under the scrollbar
        assert "× armour @3" in "".join(line.text for line in feed.lines)  # no letter lost
        assert feed.scroll_y == feed.max_scroll_y


async def test_a_long_history_draws_only_its_last_lines(saved_game, app_for):
    from axisallies_tui.tui.widgets.combat_feed import SHOWN, CombatFeed

    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        feed = app.screen.query_one(CombatFeed)
        feed.add_history({"event": "note", "text": f"line {n}"} for n in range(5000))
        await settle(pilot)
        assert feed.hidden == 5000 - SHOWN
        assert len(feed.lines) <= SHOWN + 1
        assert feed.lines_written[-1] == "line 4999"


async def test_older_lines_of_the_feed_are_drawn_when_the_player_scrolls_up(saved_game, app_for):
    """A long game opens with only its newest lines drawn; scrolling to the top
    draws older ones above, keeping the line read in view, up to SHOWN lines."""
    from axisallies_tui.tui.widgets.combat_feed import SHOWN, CombatFeed

    def shown(feed: CombatFeed) -> list[str]:
        return [strip.text.strip() for strip in feed.lines]

    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        feed = app.screen.query_one(CombatFeed)
        feed.add_history({"event": "note", "text": f"line {n}"} for n in range(1000))
        await settle(pilot)
        first = shown(feed)
        assert first[-1] == "line 999" and "line 900" not in first
        assert first[0].startswith("(") and "earlier lines: scroll up" in first[0]
        await pilot.press("f4", "home")
        await settle(pilot)
        top = round(feed.scroll_y)
        assert top > 0  # the line read before stays where it was, the older ones above it
        assert shown(feed)[top] == first[0] or shown(feed)[top + 1] == first[1]
        assert f"line {1000 - len(first) - 1}" in shown(feed)
        for _ in range(SHOWN // 40):
            await pilot.press("home")
            await settle(pilot)
        lines = shown(feed)
        assert f"line {1000 - SHOWN}" in lines and f"line {1000 - SHOWN - 1}" not in lines
        assert lines[0] == f"({1000 - SHOWN} earlier lines are kept in the saved game)"


async def test_the_feed_opens_with_the_newest_lines_of_the_save(app_for):
    """The game screen reads the newest events from the back of the save: the same
    lines, oldest first, as reading the whole history."""
    from axisallies_tui.engine.actions import EndPhase
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.engine.rules import Ruleset
    from axisallies_tui.store import SavedGame
    from axisallies_tui.tui.widgets.combat_feed import CombatFeed

    game = SavedGame.create("long", Ruleset(board="classic"), seed=1)
    for _ in range(12):  # a round of turns and phases, most of them ended with nothing done
        game.apply(EndPhase(), ScriptedDice([]))
    everything = game.feed()
    assert game.feed_tail(5)[0] == everything[-len(game.feed_tail(5)[0]):]
    assert len(game.feed_tail(5)[0]) >= 5 and game.feed_tail(5)[1] == len(everything)
    assert game.feed_tail(10_000) == (everything, len(everything))
    game.close()
    app = app_for("long")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        feed = app.screen.query_one(CombatFeed)
        assert feed.lines_written == [CombatFeed.styled(e["event"], e["text"]).plain for e in everything]
        assert feed.total == len(everything)


# -- setup -------------------------------------------------------------------------


async def test_house_rules_filter_to_available_and_by_words(app_for):
    from axisallies_tui.tui.screens.setup import SetupScreen

    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        screen = app.screen
        await pilot.press("f6", "f6")
        await settle(pilot)
        everything = [o.id for o in screen.query_one("#rule-list").options if o.id]
        await pilot.press("v")
        await settle(pilot)
        available = [o.id for o in screen.query_one("#rule-list").options if o.id]
        assert 0 < len(available) < len(everything)
        assert all(screen.switchable(screen.catalogue.by_id[r]) for r in available)
        await pilot.press("slash", *"bribe")
        await settle(pilot)
        assert [o.id for o in screen.query_one("#rule-list").options if o.id] == ["s000-bribed-overflights"]
        await pilot.press("down", "space")  # from the filter into the list, switched on
        await settle(pilot)
        assert "s000-bribed-overflights" in screen.choices.house


async def test_f2_asks_for_a_name_instead_of_inventing_one(app_for):
    from textual.widgets import Input

    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        screen.query_one("#player-ussr", Input).value = "Ann"
        await pilot.press("f2")
        await settle(pilot)
        assert screen.query_one("#player-japan", Input).value == ""
        assert "Type the Axis player's name first" in screen.problem
        assert app.screen.focused is screen.query_one("#player-germany", Input)


# -- small things --------------------------------------------------------------------


def test_a_bomber_over_the_sea_is_in_the_air_and_a_fighter_on_a_carrier():
    from axisallies_tui.tui import planning
    from tests.helpers import at, make_rules, put, start

    rules = make_rules()
    state = put(rules, start(rules), "baltic_sea_zone", "uk", "bomber")
    state = at(rules, put(rules, state, "baltic_sea_zone", "uk", "fighter"), "uk", "noncombat_move")
    notes = {g.type: g.note for g in planning.unit_groups(rules, state, "baltic_sea_zone")}
    assert notes["bomber"] == "in the air"
    assert notes["fighter"] == "on a carrier"


def footer_actions(app) -> set[str]:
    """The actions whose keys are drawn whole inside an 80-column footer."""
    from axisallies_tui.tui.widgets.key_footer import KeyFooter

    footer = app.screen.query_one(KeyFooter)
    return {action for _start, end, _key, action, _enabled in footer.spans if end <= 80}


async def test_f4_is_in_the_80_column_footer(saved_game, app_for):
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await settle(pilot)
        assert {"focus_feed", "end_phase", "standings"} <= footer_actions(app)


async def test_e_is_not_offered_while_a_question_waits(app_for):
    from attrs import evolve

    from axisallies_tui import setup
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.engine.game import new_game
    from axisallies_tui.engine.rules import Ruleset
    from axisallies_tui.engine.state import Decision
    from axisallies_tui.store import SavedGame

    rules = setup.make_rules(Ruleset(board="classic"))
    state = new_game(rules, ScriptedDice([])).state
    question = Decision(power="ussr", kind="test_question", prompt="Answer?", options=("a", "b"))
    SavedGame.create("asked", rules.ruleset, seed=1, start=evolve(state, pending=question)).close()
    app = app_for("asked")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "end_phase" not in footer_actions(app)


# -- hand-over ---------------------------------------------------------------------


async def end_turn(pilot, app) -> None:
    """End phases (answering 'end anyway') until the turn passes to another power."""
    from axisallies_tui.tui.screens.dialogs import HandOverDialog

    power = app.session.state.power
    for _ in range(12):
        if app.session.state.power != power or isinstance(app.screen, HandOverDialog):
            return
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
        else:
            await pilot.press("e")
        await settle(pilot)
    raise AssertionError("the turn did not pass")


async def test_hand_over_sums_up_everything_since_the_players_last_turn(saved_game, app_for):
    """Ann (Soviets, UK) hands over to Bob (Germany), then Bob back to Ann: each
    reads what the others did since their own last turn, power by power."""
    from axisallies_tui.tui.screens.dialogs import HandOverDialog

    players = {"ussr": "Ann", "germany": "Bob", "uk": "Ann", "japan": "Bob", "usa": "Ann"}
    app = app_for(saved_game(players=players))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await pilot.press("plus", "plus", "b")  # two infantry
        await settle(pilot)
        await to_phase(pilot, app, "place")
        await pilot.press("f3", "a")
        await settle(pilot)
        await end_turn(pilot, app)
        assert isinstance(app.screen, HandOverDialog) and app.screen.player == "Bob"
        report = app.screen.report
        assert report[0] == "SU Soviet Union:"
        assert any("buys 2" in line or "2 × infantry" in line or "2 infantry" in line for line in report)
        assert any("places" in line for line in report)
        assert any("Soviet Union collects 24 IPCs" in line for line in report)
        await pilot.press("enter")
        await settle(pilot)
        await end_turn(pilot, app)  # Germany buys nothing
        assert isinstance(app.screen, HandOverDialog) and app.screen.player == "Ann"
        report = app.screen.report
        assert report[0] == "GE Germany:" and not any("Soviet Union" in line for line in report)
        assert any("Germany collects" in line for line in report)


# -- large terminals -----------------------------------------------------------------


async def test_a_large_terminal_shows_two_regions_and_a_larger_panel(saved_game, app_for):
    from axisallies_tui.tui.widgets.region_board import SpaceTable

    app = app_for(saved_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        shown = [t for t in app.screen.query(SpaceTable) if t.display]
        assert len(shown) == 1
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        shown = [t for t in app.screen.query(SpaceTable) if t.display]
        assert len(shown) == 2 and shown[0].region_id != shown[1].region_id
        assert app.screen.query_one("#side").size.width >= 56
        assert app.screen.query_one("#feed").size.height > 10  # was 10 rows at any height
        selected = app.screen.query_one("#detail").space
        await pilot.press("down")  # keys stay in the current region, the one below is to read
        await settle(pilot)
        assert app.screen.focused.region_id == app.screen.query_one("#board").active_region
        assert app.screen.query_one("#detail").space != selected


# -- odds while planning -------------------------------------------------------------


async def test_choosing_an_attack_shows_the_odds_as_planned_with_units_already_sent():
    """Russia's armour already went to Ukraine; choosing Karelia's armour and
    highlighting Ukraine shows the odds of both against the Germans there,
    the same figures the engine gives for that battle once the move is made."""
    from axisallies_tui.engine.battle_odds import odds_for_battle
    from axisallies_tui.engine.movement import Move
    from axisallies_tui.tui.panels.moves import MovePanel
    from tests.helpers import act, at, make_rules, start
    from tests.tui.test_play import open_app, origin, pick_units, saved

    rules = make_rules()
    state = at(rules, start(rules), "ussr", "combat_move")
    state = act(rules, state, Move(origin="russia", destination="ukraine_ssr", units=(("armour", 2),))).state
    app = open_app(saved(state, "planning"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = await origin(pilot, app, "karelia_ssr")
        await pick_units(pilot, panel, "armour")
        await pilot.press("enter")
        await settle(pilot)
        keys = [d.key for d in panel.dests]
        dest = next(d for d in panel.dests if d.space == "ukraine_ssr")
        await pilot.press("home", *["down"] * keys.index(dest.key))
        await app.workers.wait_for_complete()
        await settle(pilot)
        hint = str(panel.query_one("#move-hint").render())
        both = app.session.state
        for move in dest.moves:
            both = act(rules, both, move).state
        odds = odds_for_battle(rules, both, "ukraine_ssr")
        assert f"Odds as planned: win {odds.attacker_win * 100:.1f}%" in hint
        # three armour against the defenders: better than the two already there alone
        alone = odds_for_battle(rules, state, "ukraine_ssr")
        assert odds.attacker_win > alone.attacker_win
        assert isinstance(panel, MovePanel) and app.session.state.phase == "combat_move"


async def test_blank_odds_calculator_names_attacker_and_defender_and_arrows_change_side(app_for):
    from axisallies_tui.tui.screens.odds import OddsScreen

    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, OddsScreen)
        title = str(screen.query_one("#odds-title").render())
        assert "Attacker against Defender" in title and "Germany" not in title
        await pilot.press("down", "plus", "right")  # one armour, then over to the defence, same line
        await settle(pilot)
        assert screen.setup.attacking == {"armour": 1}
        assert screen.focused.id == "odds-defence" and screen.focused.cursor_row == 1
        await pilot.press("plus", "left")
        await settle(pilot)
        assert screen.setup.defending == {"armour": 1} and screen.focused.id == "odds-attack"
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert screen.result.attacker_win > 0


# -- casualties ----------------------------------------------------------------------


def loaded_transport_battle():
    """A German battleship attacks a British fleet in the North Sea: a carrier, a
    fighter and a transport with two infantry aboard. One hit to take."""
    from attrs import evolve

    from axisallies_tui.engine.actions import EndPhase
    from axisallies_tui.engine.combat import Fight
    from axisallies_tui.engine.movement import Move
    from tests.helpers import act, at, clear, make_rules, put, start

    rules = make_rules()
    state = clear(rules, clear(rules, start(rules), "north_sea_zone"), "baltic_sea_zone")
    for unit in ("carrier", "fighter", "transport"):
        state = put(rules, state, "north_sea_zone", "uk", unit)
    transport = state.next_uid - 1
    state = put(rules, state, "north_sea_zone", "uk", "infantry", 2)
    index = rules.board.space("north_sea_zone").index
    units = tuple(evolve(u, aboard=transport) if u.type == "infantry" else u for u in state.spaces[index].units)
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=units)
    state = evolve(state, spaces=tuple(spaces))
    state = put(rules, state, "baltic_sea_zone", "germany", "battleship")
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone",
                                   units=(("battleship", 1),))).state
    state = act(rules, state, EndPhase()).state
    return rules, act(rules, state, Fight(space="north_sea_zone"), dice=[1]).state


async def test_casualties_show_cargo_and_do_not_sink_a_loaded_transport_by_default():
    from axisallies_tui.tui.panels.battle import CasualtyPanel
    from tests.tui.test_play import open_app, saved

    rules, state = loaded_transport_battle()
    assert state.pending is not None and state.pending.kind == "defender_casualties"
    app = open_app(saved(state, "fleet"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.panel
        assert isinstance(panel, CasualtyPanel)
        table = panel.query_one("#casualty-table")
        notes = {str(table.get_row_at(i)[0]): str(table.get_row_at(i)[3]) for i in range(table.row_count)}
        assert "2 × infantry aboard" in notes["transport"]
        assert "need a deck" in notes["aircraft carrier"] or "need a deck" in notes.get("carrier", "")
        assert panel.picks == {"uk/fighter": 1}  # 12 IPCs, not the transport and its 6 IPCs of cargo
        assert "loaded transport counted with its cargo" in str(panel.query_one("#casualty-total").render())


async def test_the_order_of_loss_chosen_is_remembered_for_the_next_battle():
    from axisallies_tui.tui.panels.battle import CasualtyPanel
    from tests.tui.test_play import open_app, saved

    rules, state = loaded_transport_battle()
    app = open_app(saved(state, "fleet"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.panel
        assert isinstance(panel, CasualtyPanel)
        keys = [s.key() for s in panel.slots]
        # the player gives up the carrier instead of the fighter
        table = panel.query_one("#casualty-table")
        table.move_cursor(row=keys.index("uk/fighter"))
        await pilot.press("minus")
        table.move_cursor(row=keys.index("uk/carrier"))
        await pilot.press("plus")
        await settle(pilot)
        assert panel.picks.get("uk/carrier") == 1
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.loss_orders["uk"][0] == "carrier"


async def test_setup_messages_name_rules_by_title_not_id(app_for):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        screen.toggle_rule("s000-sbr-scramble-escort")
        title = screen.catalogue.by_id["s000-sbr-scramble-escort"].title
        assert screen.problem.startswith(f"{title} is planned") and "s000-" not in screen.problem


# -- built when first wanted ---------------------------------------------------------


async def test_a_name_typed_in_one_burst_after_slash_goes_to_the_find_box(saved_game, app_for):
    """Keys that arrive together (a paste, a fast typist, SSH delivering a batch)
    right after `/` belong to the find box: none may reach the game screen,
    where `e` would start ending the phase."""
    from textual import events

    from axisallies_tui.tui.widgets.jump_bar import JumpBar

    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.pause(JumpBar.BUILD_AFTER)
        phase = app.session.state.phase
        for key, char in [("slash", "/"), *((c, c) for c in "karel"), ("enter", "\r")]:
            app.post_message(events.Key(key, char))
        await settle(pilot)
        assert app.screen.query_one("#detail").space == "karelia_ssr"
        assert app.session.state.phase == phase and len(app.screen_stack) == 2, "no key reached the game screen"


async def test_region_tables_and_the_find_box_appear_when_first_wanted(saved_game, app_for):
    """The screen opens with the capital's region only; another region's table
    is built the first time the player asks for it, and the find box just after
    the first paint, in time for `/` and the name typed after it."""
    from axisallies_tui.tui.widgets.jump_bar import JumpBar
    from axisallies_tui.tui.widgets.region_board import RegionBoard, SpaceTable

    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        board = app.screen.query_one(RegionBoard)
        assert len(app.screen.query(SpaceTable)) == 1
        await pilot.pause(JumpBar.BUILD_AFTER)
        await pilot.press("slash", *"karel", "enter")
        await settle(pilot)
        assert board.current_space() == "karelia_ssr"
        assert app.screen.query_one("#detail").space == "karelia_ssr"
        rules = app.session.rules
        for number, region in enumerate(rules.board.regions, start=1):
            await pilot.press("f2", str(number))
            await settle(pilot)
            table = board.active_table()
            shown = [t for t in app.screen.query(SpaceTable) if t.display]
            assert table.region_id == region.id and shown == [table] and table.has_focus
            assert [row.key.value for row in table.ordered_rows] == board.rows[region.id] != []
            assert str(table.get_row_at(0)[0]).startswith(rules.board.space(board.rows[region.id][0]).name[:6])
        await pilot.press("slash", *"anglo", "enter")
        await settle(pilot)
        assert board.current_space() == "anglo_sudan_egypt" and board.active_table().display


def _played_long(name: str, actions: int) -> list[str]:
    """Play `actions` phase ends on the saved game `name` (no dice needed); the
    feed's lines as the save holds them."""
    from axisallies_tui.engine.actions import EndPhase
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.store import SavedGame
    from axisallies_tui.tui.widgets.combat_feed import CombatFeed

    game = SavedGame.open(name)
    while game.seq < actions:
        game.apply(EndPhase(), ScriptedDice([]))
    lines = [CombatFeed.plain(str(e["event"]), str(e["text"])) for e in game.feed()]
    game.close()
    return lines


async def test_a_saved_game_opens_reading_only_the_lines_drawn_then_keeps_the_rest(saved_game, app_for):
    """The first paint reads from the save only the feed lines it draws; the
    rest kept for scrolling up and the hand-over summary is read right after.
    The player sees the same feed: the newest lines, a note on the earlier
    ones, and, scrolling to the top, older lines in the order they happened."""
    from axisallies_tui.tui.widgets.combat_feed import MORE_DRAWN, SHOWN, CombatFeed

    history = _played_long(saved_game(), 200)
    assert len(history) > SHOWN  # more lines than are ever drawn, far more than drawn first
    app = app_for("table")
    async with app.run_test(size=SIZE) as pilot:
        feed = app.screen.query_one(CombatFeed)
        drawn_first = feed.first_drawn()
        await settle(pilot)
        assert feed.lines_written == history  # all kept once the screen is up
        shown = [strip.text.strip() for strip in feed.lines]
        assert shown[0] == f"({len(history) - drawn_first} earlier lines: scroll up to read more)"
        assert shown[-1] == history[-1]
        await pilot.press("f4", "home")
        await settle(pilot)
        assert feed.drawn == drawn_first + MORE_DRAWN  # older lines drawn above
        shown = [strip.text.strip() for strip in feed.lines]
        assert shown[0] == f"({len(history) - feed.drawn} earlier lines: scroll up to read more)"
        assert history[-feed.drawn].startswith(shown[1])  # the oldest drawn, from the save


async def test_the_hand_over_summary_reads_the_history_not_yet_kept(saved_game, app_for):
    """A turn ended before the rest of the feed was read still gets its summary
    of everything since the next player's last turn (read from the save then)."""
    from axisallies_tui.tui.screens.dialogs import HandOverDialog
    from axisallies_tui.tui.widgets.combat_feed import CombatFeed

    players = {"ussr": "Ann", "germany": "Bob", "uk": "Ann", "japan": "Bob", "usa": "Ann"}
    name = saved_game(players=players)
    _played_long(name, 60)
    app = app_for(name)
    async with app.run_test(size=SIZE) as pilot:
        feed = app.screen.query_one(CombatFeed)
        feed._rest, rest = None, feed._rest  # as if the first paint were not out yet: keep it for later
        await settle(pilot)
        feed._rest = rest
        for _ in range(40):  # to the end of the turn: the next power is the other player's
            await pilot.press("e")
            await settle(pilot)
            if isinstance(app.screen, HandOverDialog):
                break
            if isinstance(app.screen, ConfirmDialog):  # money left unspent, units not placed
                await pilot.press("y")
                await settle(pilot)
        assert isinstance(app.screen, HandOverDialog)
        assert feed._rest is None  # read for the summary
        assert len(feed.records) > feed.first_drawn()


async def test_the_garbage_collector_paused_for_the_start_up_runs_again_once_the_game_is_painted(saved_game, app_for):
    """`run` pauses the cyclic collector for the start-up; a game played for hours
    must not do without it: it is on again once the first screen is painted."""
    import gc

    app = app_for(saved_game())
    gc.disable()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert gc.isenabled()
            assert "Round 1" in str(app.screen.query_one("#status-text").render())
    finally:
        gc.enable()
        gc.unfreeze()


async def test_a_panel_title_longer_than_the_panel_wraps_instead_of_losing_words(saved_game, app_for):
    """At 160x50 the action panel is about 55 columns: a battle's question such as
    "Battle for Ukraine S.S.R., after round 1: press on or retreat?" needs two
    lines, and its last words must not be cut off."""
    app = app_for(saved_game())
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        title = app.screen.panel.query_one(".panel-title")
        question = "Battle for Ukraine S.S.R., after round 1: press on or retreat?"
        title.update(question)
        await settle(pilot)
        assert title.size.width < len(question)
        shown = " ".join("".join(seg.text for seg in strip).strip() for strip in title.render_lines(title.size.region))
        assert shown == question


async def test_on_a_tall_board_the_current_region_is_above_the_next_one(saved_game, app_for):
    """At 160x50 the region after the current one is shown below it to read. Going
    back from the Soviet Union (where the game opens) to Europe: Europe, the
    current region, is on top and the Soviet Union below, whatever order the
    tables were first made in."""
    from axisallies_tui.tui.widgets.region_board import RegionBoard, SpaceTable

    app = app_for(saved_game())
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(RegionBoard)
        regions = [r.id for r in app.session.rules.board.regions]
        for key in ("2", "1"):  # Europe, then the Americas: each time the region before the last
            await pilot.press("f2", key)
            await settle(pilot)
            current, following = board.active_table(), regions[regions.index(board.active_region) + 1]
            shown = sorted((t for t in app.screen.query(SpaceTable) if t.display), key=lambda t: t.region.y)
            assert [t.region_id for t in shown] == [current.region_id, following]


def test_the_planned_odds_line_accounts_for_every_ending():
    """Win, lose and draw leave out a win by aircraft alone (no capture) and a
    stalemate: where they have a chance, the planned attack's line says so."""
    from axisallies_tui.engine.odds import battle_odds
    from axisallies_tui.engine.profiles import Profile
    from axisallies_tui.tui.panels.moves import _planned_line

    infantry = Profile(unit="infantry", domain="land", value=1, cost=3)
    fighter = Profile(unit="fighter", domain="air", value=3, cost=12)
    odds = battle_odds([(infantry, 1), (fighter, 2)], [(Profile(unit="infantry", domain="land", value=2, cost=3), 2)])
    line = _planned_line(odds)
    assert f"no capture {odds.attacker_survives_no_capture * 100:.1f}%" in line
    assert "stalemate" not in line
    plain = battle_odds([(infantry, 2)], [(Profile(unit="infantry", domain="land", value=2, cost=3), 2)])
    assert "no capture" not in _planned_line(plain)
