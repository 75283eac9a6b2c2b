"""Pilot tests of the move screens, the battle pane, the odds calculator, table
dice and edit mode: each flow played with the keyboard at 80x24, checking what
a player would notice (the panel, the status line, the feed) and what was
stored. Positions are built with `tests.helpers` and saved with the store."""

from __future__ import annotations

from axisallies_tui.engine.dice import DiceMode, ScriptedDice
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.odds import battle_odds
from axisallies_tui.engine.profiles import ATTACK, DEFENCE, profile
from axisallies_tui.engine.queries import owner, power_state
from axisallies_tui.store import SavedGame
from axisallies_tui.tui.app import make_app
from axisallies_tui.tui.panels.battle import BattlePanel, CasualtyPanel, RetreatPanel
from axisallies_tui.tui.panels.moves import MovePanel
from axisallies_tui.tui.screens.dialogs import ConfirmDialog, DicePrompt, HandOverDialog
from axisallies_tui.tui.screens.edit import EditDialog
from axisallies_tui.tui.screens.game import GameScreen
from axisallies_tui.tui.screens.odds import OddsScreen
from axisallies_tui.tui.widgets.combat_feed import CombatFeed
from axisallies_tui.tui.widgets.status_line import StatusLine
from tests.helpers import act, at, clear, count, make_rules, money, put, start

SIZE = (80, 24)


def feed(app) -> list[str]:
    game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    return game.query_one(CombatFeed).lines_written


def problem(app) -> str:
    return app.screen.query_one(StatusLine).problem


async def settle(pilot, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause()


async def computed(pilot) -> None:
    """The odds are computed in a thread: wait for it, then for the screen."""
    await pilot.app.workers.wait_for_complete()
    await settle(pilot)


def saved(state, name: str = "scene", rules=None, players=None, dice_mode=None) -> str:
    rules = rules or make_rules()
    SavedGame.create(name, rules.ruleset, seed=1, start=state, players=players or {}, dice_mode=dice_mode).close()
    return name


def open_app(name: str, dice=()):
    return make_app(dice=ScriptedDice(list(dice)), open_game=name, theme="textual-dark")


async def origin(pilot, app, space: str) -> MovePanel:
    """Highlight `space` on the board and press m: the panel lists its units."""
    app.screen.jump_to(space)
    await settle(pilot)
    await pilot.press("m")
    await settle(pilot)
    panel = app.screen.panel
    assert isinstance(panel, MovePanel) and panel.origin == space and panel.step == "units"
    return panel


async def pick_units(pilot, panel: MovePanel, unit: str, count: int | None = None, aboard: bool = False) -> None:
    """Move the cursor to the `unit` line and choose `count` of it (all with a)."""
    index = next(i for i, g in enumerate(panel.groups) if g.type == unit and (" aboard" in f" {g.note}") == aboard)
    table = panel.query_one("#move-units")
    while table.cursor_row < index:
        await pilot.press("down")
    while table.cursor_row > index:
        await pilot.press("up")
    if count is None:
        await pilot.press("a")
    else:
        for _ in range(count):
            await pilot.press("plus")
    await settle(pilot)


async def go_to(pilot, panel: MovePanel, key: str) -> None:
    """From the units, Enter lists the destinations; pick `key` and press Enter."""
    if panel.step != "to":
        await pilot.press("enter")
        await settle(pilot)
    keys = [d.key for d in panel.dests]
    assert key in keys, keys
    await pilot.press("home", *["down"] * keys.index(key), "enter")
    await settle(pilot)


# -- the combat move ------------------------------------------------------------------------


async def test_a_refused_destination_a_refused_end_and_undo():
    """C-TRANS-1, C-MOVE-1: a full transport is listed with the engine's reason;
    a transport sailing to no battle is refused at once; infantry that boarded
    and did not land keep the combat move from ending, with the reason in the
    status line; u takes the move back."""
    rules = make_rules()
    name = saved(at(rules, start(rules), "ussr", "combat_move"))
    app = open_app(name)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = await origin(pilot, app, "karelia_ssr")
        await pick_units(pilot, panel, "infantry")  # three: the transport takes two
        await pilot.press("enter")
        await settle(pilot)
        refused = next(d for d in panel.dests if d.space == "karelia_sea_zone")
        assert "have 0 places left" in refused.problem
        before = app.session.state
        await go_to(pilot, panel, "karelia_sea_zone")
        assert "have 0 places left" in problem(app) and app.session.state is before

        panel = await origin(pilot, app, "karelia_sea_zone")
        await pick_units(pilot, panel, "transport")
        await go_to(pilot, panel, "north_sea_zone")
        assert "a combat move must end in a battle" in problem(app) and app.session.state is before

        panel = await origin(pilot, app, "karelia_ssr")
        await pick_units(pilot, panel, "infantry", 2)
        await go_to(pilot, panel, "karelia_sea_zone")
        moved = app.session.state
        assert count(rules, moved, "karelia_sea_zone", "ussr", "infantry") == 2
        await pilot.press("e")
        await settle(pilot)
        assert "must land in an enemy territory" in problem(app)
        assert app.session.state is moved and app.session.state.phase == "combat_move"
        await pilot.press("u")
        await settle(pilot)
        assert count(rules, app.session.state, "karelia_sea_zone", "ussr", "infantry") == 0
        assert any("takes back the last move" in line for line in feed(app))


async def test_a_blitz_through_empty_caucasus_into_persia():
    """C-LAND-3: armour passes through empty Caucasus, taking it, into Persia; the
    destination list says so before the move, with the path the engine chose."""
    rules = make_rules()
    name = saved(at(rules, clear(rules, start(rules), "caucasus"), "germany", "combat_move"))
    app = open_app(name)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = await origin(pilot, app, "ukraine_ssr")
        await pick_units(pilot, panel, "armour", 1)
        await pilot.press("enter")
        await settle(pilot)
        persia = next(d for d in panel.dests if d.space == "persia")
        assert persia.path == ("caucasus", "persia")
        assert "blitz, takes Caucasus" in persia.tags
        await go_to(pilot, panel, "persia")
        state = app.session.state
        assert owner(rules.board, state, "caucasus") == "germany" and owner(rules.board, state, "persia") == "germany"
        assert any("move to Persia via Caucasus" in line for line in feed(app))


async def test_load_sail_and_unload_an_amphibious_assault_with_bombardment():
    """C-TRANS-1..4, C-AMPH-1/4: two infantry board the transport in the North Sea,
    it sails with the battleship to the West Spain zone, the infantry land in
    West Europe; the battle pane then shows the assault and the bombardment."""
    rules = make_rules()
    name = saved(at(rules, clear(rules, start(rules), "west_spain_sea_zone"), "uk", "combat_move"))
    app = open_app(name)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = await origin(pilot, app, "united_kingdom")
        await pick_units(pilot, panel, "infantry")
        await pilot.press("enter")
        await settle(pilot)
        assert "boards a transport" in next(d for d in panel.dests if d.space == "north_sea_zone").tags
        await go_to(pilot, panel, "north_sea_zone")

        panel = await origin(pilot, app, "north_sea_zone")
        assert "carrying 2inf" in next(g for g in panel.groups if g.type == "transport").note
        await pick_units(pilot, panel, "transport")
        await pick_units(pilot, panel, "battleship")
        await go_to(pilot, panel, "west_spain_sea_zone")
        state = app.session.state
        assert count(rules, state, "west_spain_sea_zone", "uk", "infantry") == 2

        panel = await origin(pilot, app, "west_spain_sea_zone")
        await pick_units(pilot, panel, "infantry", aboard=True)
        await pilot.press("enter")
        await settle(pilot)
        assert "amphibious assault" in next(d for d in panel.dests if d.space == "west_europe").tags
        await go_to(pilot, panel, "west_europe")
        assert count(rules, app.session.state, "west_europe", "uk", "infantry") == 2

        await pilot.press("e")
        await settle(pilot)
        battle = app.screen.panel
        assert isinstance(battle, BattlePanel)
        info = str(battle.query_one("#battle-info").render())
        assert "Amphibious assault: 2 unit(s) landed from the sea may not retreat." in info
        assert "Bombardment first: UK 1bb fire once" in info


# -- battles ------------------------------------------------------------------------------


async def test_a_battle_with_a_chosen_casualty_a_hand_over_and_a_retreat():
    """C-COMBAT-3/4, C-RETREAT-2: Bob's armour attacks Ann's Caucasus. Two hits:
    Ann (handed the keyboard) loses armour and infantry instead of the default
    two infantry; they fire back and miss; Bob retreats to Ukraine."""
    rules = make_rules()
    state = put(rules, clear(rules, start(rules), "caucasus"), "caucasus", "ussr", "infantry", 3)
    state = put(rules, state, "caucasus", "ussr", "armour")
    state = put(rules, clear(rules, state, "ukraine_ssr"), "ukraine_ssr", "germany", "armour", 2)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 2),))).state
    name = saved(state, players={"germany": "Bob", "ussr": "Ann"})
    app = open_app(name, dice=[1, 2, 6, 6, 6, 6])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("e")  # to conduct combat
        await settle(pilot)
        panel = app.screen.panel
        assert isinstance(panel, BattlePanel)
        assert "Caucasus: win" in str(panel.query_one("#battle-list").get_option_at_index(0).prompt)
        expected = app.session.state
        from axisallies_tui.engine.battle_odds import odds_for_battle

        assert f"win {odds_for_battle(rules, expected, 'caucasus').attacker_win * 100:.1f}%" in \
            str(panel.query_one("#battle-info").render())
        await pilot.press("enter")  # fight: two hits
        await settle(pilot)
        assert isinstance(app.screen, HandOverDialog) and app.screen.player == "Ann"
        assert any("must answer" in line for line in app.screen.report)
        await pilot.press("enter")
        await settle(pilot)
        casualties = app.screen.panel
        assert isinstance(casualties, CasualtyPanel)
        assert casualties.picks == {"ussr/infantry": 2}  # the default, cheapest first
        await pilot.press("minus", "down", "plus")
        await settle(pilot)
        assert casualties.picks == {"ussr/infantry": 1, "ussr/armour": 1}
        await pilot.press("enter")
        await settle(pilot)
        assert any("Soviet Union chooses armour=1, infantry=1" in line for line in feed(app))
        assert isinstance(app.screen, HandOverDialog) and app.screen.player == "Bob"
        await pilot.press("enter")
        await settle(pilot)
        retreat = app.screen.panel
        assert isinstance(retreat, RetreatPanel)
        options = [(o.id, str(o.prompt)) for o in retreat.query_one("#retreat-list").options]
        assert options[1] == ("retreat to ukraine_ssr", "retreat to Ukraine S.S.R.")  # by id, shown by name
        await pilot.press("down", "enter")
        await settle(pilot)
        state = app.session.state
        assert count(rules, state, "ukraine_ssr", "germany", "armour") == 2
        assert count(rules, state, "caucasus", "ussr", "infantry") == 2
        assert count(rules, state, "caucasus", "ussr", "armour") == 0
        assert isinstance(app.screen.panel, BattlePanel)


async def test_a_strategic_bombing_raid():
    """C-SBR: the bomber's destination list offers a raid on Germany's complex;
    the AA gun misses; the raid's die (5) costs Germany 5 IPCs."""
    rules = make_rules()
    state = at(rules, put(rules, start(rules), "east_europe", "uk", "bomber"), "uk", "combat_move")
    name = saved(state)
    app = open_app(name, dice=[3, 5])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = await origin(pilot, app, "east_europe")
        await pick_units(pilot, panel, "bomber")
        await pilot.press("enter")
        await settle(pilot)
        raid = next(d for d in panel.dests if d.raid and d.space == "germany")
        assert raid.tags[0] == "bombing raid" and "AA fire" in raid.tags
        await go_to(pilot, panel, "raid:germany")
        assert any("antiaircraft fire in Germany" in line for line in feed(app))
        await pilot.press("e")
        await settle(pilot)
        battle = app.screen.panel
        assert isinstance(battle, BattlePanel)
        assert "Bombing raid on Germany" in str(battle.query_one("#battle-list").get_option_at_index(0).prompt)
        assert "Bombing raid on Germany by UK United Kingdom" in str(battle.query_one("#battle-info").render())
        await pilot.press("enter")
        await settle(pilot)
        assert money(rules, app.session.state, "germany") == 32 - 5
        assert any("Bombing raid on Germany: Germany pays 5 IPCs" in line for line in feed(app))


async def test_mixed_aircraft_choose_which_is_lost_to_aa_fire_first():
    """C-AA-3: a fighter and a bomber attack Germany; o puts bombers first in the
    AA loss order, so the one hit (a 1) takes the bomber, not the cheaper fighter."""
    rules = make_rules()
    state = put(rules, start(rules), "east_europe", "uk", "bomber")
    state = at(rules, put(rules, state, "east_europe", "uk", "fighter"), "uk", "combat_move")
    app = open_app(saved(state), dice=[1, 6])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = await origin(pilot, app, "east_europe")
        await pick_units(pilot, panel, "fighter")
        await pick_units(pilot, panel, "bomber")
        await pilot.press("enter")
        await settle(pilot)
        assert panel.air_types == ["fighter", "bomber"]
        await pilot.press("o")
        await settle(pilot)
        assert panel.aa_order == ("bomber", "fighter")
        assert "AA fire takes bombers first" in str(panel.query_one("#move-text").render())
        await go_to(pilot, panel, "germany")
        state = app.session.state
        assert count(rules, state, "germany", "uk", "fighter") == 1
        assert count(rules, state, "germany", "uk", "bomber") == 0


async def test_a_carrier_takes_its_fighter_along():
    """C-SEA-4: the carrier and the fighter on it are chosen together and sail as one."""
    rules = make_rules()
    app = open_app(saved(at(rules, start(rules), "usa", "noncombat_move")))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = await origin(pilot, app, "hawaii_sea_zone")
        assert "on a carrier" in next(g for g in panel.groups if g.type == "fighter").note
        await pick_units(pilot, panel, "carrier")
        await pick_units(pilot, panel, "fighter")
        await go_to(pilot, panel, "midway_sea_zone")
        state = app.session.state
        assert count(rules, state, "midway_sea_zone", "usa", "fighter") == 1
        assert count(rules, state, "midway_sea_zone", "usa", "carrier") == 1


# -- the odds calculator -----------------------------------------------------------------------


async def test_odds_screen_numbers_match_battle_odds():
    """From the start screen: 2 infantry and 1 armour attack 2 infantry; the
    figures are `battle_odds` for the same sides, and the screen shows them."""
    rules = make_rules()
    app = make_app(theme="textual-dark")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, OddsScreen)
        await pilot.press("plus", "plus", "down", "plus")  # attack: 2 infantry, 1 armour
        await pilot.press("tab", "plus", "plus")  # defence: 2 infantry
        await computed(pilot)
        expected = battle_odds(
            [(profile(rules, "germany", (), "infantry", ATTACK), 2),
             (profile(rules, "germany", (), "armour", ATTACK), 1)],
            [(profile(rules, "ussr", (), "infantry", DEFENCE), 2)])
        assert screen.result == expected
        text = str(screen.query_one("#odds-result").render())
        assert f"Attacker wins     {expected.attacker_win * 100:6.1f}%" in text
        assert f"Defender wins     {expected.defender_win * 100:6.1f}%" in text
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, OddsScreen)


async def test_odds_screen_from_the_battle_pane_is_filled_in():
    rules = make_rules()
    state = put(rules, clear(rules, start(rules), "caucasus"), "caucasus", "ussr", "infantry", 3)
    state = put(rules, clear(rules, state, "ukraine_ssr"), "ukraine_ssr", "germany", "armour", 2)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 2),))).state
    app = open_app(saved(state))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("e", "o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, OddsScreen)
        assert screen.setup.attacking == {"armour": 2} and screen.setup.defending == {"infantry": 3}
        await computed(pilot)
        from axisallies_tui.engine.battle_odds import odds_for_battle

        assert screen.result.attacker_win == odds_for_battle(rules, app.session.state, "caucasus").attacker_win


# -- table dice ---------------------------------------------------------------------------------


async def test_table_dice_are_asked_for_checked_and_used():
    """Table dice: research asks for 1 die; 0, 7 and text are refused in the
    dialog; a 6 is a breakthrough and the chart die 5 gives Industrial Technology."""
    rules = make_rules()
    SavedGame.create("table", rules.ruleset, seed=1, dice_mode=DiceMode(kind="table")).close()
    app = make_app(open_game="table", theme="textual-dark")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = app.session.state
        await pilot.press("plus", "r")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, DicePrompt) and prompt.count == 1 and prompt.purpose == "research"
        for bad, reason in (("0", "a die shows 1 to 6, not 0"), ("7", "a die shows 1 to 6, not 7"),
                            ("x", "a die shows a whole number from 1 to 6, not 'x'"), ("3 4", "type 1 die, not 2")):
            await pilot.press(*bad, "enter")
            await settle(pilot)
            assert app.screen is prompt and prompt.problem == reason
            assert app.session.state is before
        await pilot.press("6", "enter")
        await settle(pilot)
        chart = app.screen
        assert isinstance(chart, DicePrompt) and chart.purpose == "the development chart"
        await pilot.press("5", "enter")
        await settle(pilot)
        ussr = power_state(rules.board, app.session.state, "ussr")
        assert ussr.techs == ("industrial_technology",) and ussr.ipcs == 19
        assert any("rolls for research: [6]" in line for line in feed(app))


async def test_table_dice_cancelled_changes_nothing():
    rules = make_rules()
    SavedGame.create("table", rules.ruleset, seed=1, dice_mode=DiceMode(kind="table")).close()
    app = make_app(open_game="table", theme="textual-dark")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = app.session.state
        await pilot.press("plus", "r")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.session.state is before
        assert "Cancelled" in app.screen.query_one(StatusLine).note


# -- edit mode ---------------------------------------------------------------------------------


async def test_an_edit_needs_confirmation_and_a_reason_and_is_undone():
    """Edits: F9 asks once, the editor opens at the selected space (Russia); no
    reason is refused in the dialog; two infantry are added with a reason shown
    in the feed; u takes them off again."""
    rules = make_rules()
    app = open_app(saved(start(rules)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = count(rules, app.session.state, "russia", "ussr", "infantry")
        await pilot.press("f9")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await settle(pilot)
        editor = app.screen
        assert isinstance(editor, EditDialog) and editor.space_id == "russia"
        editor.query_one("#edit-count").value = "2"
        editor.query_one("#edit-reason").focus()
        await pilot.press("enter")
        await settle(pilot)
        assert "needs a reason" in editor.problem and app.screen is editor
        await pilot.press(*"forgot them", "enter")
        await settle(pilot)
        assert count(rules, app.session.state, "russia", "ussr", "infantry") == before + 2
        assert any("(edit: forgot them)" in line for line in feed(app))
        await pilot.press("f9")  # no second question
        await settle(pilot)
        assert isinstance(app.screen, EditDialog)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert count(rules, app.session.state, "russia", "ussr", "infantry") == before


async def test_an_edit_the_engine_refuses_stays_in_the_dialog():
    rules = make_rules()
    app = open_app(saved(start(rules)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.edit_mode = True
        await pilot.press("f9")
        await settle(pilot)
        editor = app.screen
        await pilot.press("right")  # remove units
        editor.query_one("#edit-count").value = "40"
        editor.query_one("#edit-reason").value = "photo of the table"
        editor.action_apply()
        await settle(pilot)
        assert "cannot remove 40" in editor.problem and app.screen is editor


async def test_odds_screen_options_aa_gun_retreat_and_sea():
    """The options reach `battle_odds`: an AA gun among the defenders fires at the
    attacking fighter, retreat below 2, then the same units as a sea battle."""
    rules = make_rules()
    app = make_app(theme="textual-dark")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        screen = app.screen
        await pilot.press("plus", "plus", "down", "down", "plus")  # attack: 2 infantry, 1 fighter
        await pilot.press("tab", "plus", "plus", "end", "plus")  # defence: 2 infantry and the AA gun
        await computed(pilot)
        assert screen.setup.aa_guns == 1
        attack = [(profile(rules, "germany", (), "infantry", ATTACK), 2),
                  (profile(rules, "germany", (), "fighter", ATTACK), 1)]
        defence = [(profile(rules, "ussr", (), "infantry", DEFENCE), 2)]
        assert screen.result == battle_odds(attack, defence, aa_guns=1)
        screen.query_one("#odds-retreat").value = "2"
        screen.setup.retreat_below = 2
        screen.recompute()
        await computed(pilot)
        assert screen.result == battle_odds(attack, defence, aa_guns=1, retreat_below=2)
        assert "Attacker retreats" in str(screen.query_one("#odds-result").render())
        screen.query_one("#odds-sea").focus()
        await pilot.press("space")
        await computed(pilot)
        assert screen.setup.sea
        assert screen.result == battle_odds(attack, defence, retreat_below=2, land_battle=False)
        assert "no AA gun" in str(screen.query_one("#odds-result").render())
