"""Pilot tests: each flow played with the keyboard, checking what a player
would notice (the status line, the feed, the panels) and what was stored."""

from __future__ import annotations

import json

from attrs import evolve

from axisallies_tui import setup
from axisallies_tui.engine.queries import power_state
from axisallies_tui.loaders.house import Catalogue
from axisallies_tui.store import SavedGame
from axisallies_tui.tui.app import make_app
from axisallies_tui.tui.panels.moves import MovePanel
from axisallies_tui.tui.panels.place import PlacePanel
from axisallies_tui.tui.panels.purchase import PurchasePanel
from axisallies_tui.tui.presets import presets_dir
from axisallies_tui.tui.screens.dialogs import ConfirmDialog, GameOverDialog, HandOverDialog
from axisallies_tui.tui.screens.game import GameScreen
from axisallies_tui.tui.screens.help import HelpScreen
from axisallies_tui.tui.screens.setup import SetupScreen
from axisallies_tui.tui.screens.start import StartScreen
from axisallies_tui.tui.widgets.combat_feed import CombatFeed
from axisallies_tui.tui.widgets.region_board import RegionBoard
from axisallies_tui.tui.widgets.status_line import StatusLine
from tests.tui.waiting import settle, to_phase, workers_done

SIZE = (80, 24)


def feed(app) -> list[str]:
    return app.screen.query_one(CombatFeed).lines_written


def status(app) -> StatusLine:
    return app.screen.query_one(StatusLine)




# -- setup ---------------------------------------------------------------------------


async def test_setup_with_house_rules_parameters_and_players_starts_a_saved_game():
    """C-GAME-1: names per power, a house rule with a parameter, Low Luck and a seed
    end up in the save; Axis v Allies fills the names in one keystroke."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        screen = app.screen
        screen.query_one("#save-name").value = "friday"
        screen.query_one("#player-ussr").value = "Ann"
        screen.query_one("#player-germany").value = "Bob"
        await pilot.press("f2")  # Axis v Allies
        assert screen.query_one("#player-japan").value == "Bob"
        assert screen.query_one("#player-usa").value == "Ann"
        screen.query_one("#low-luck").value = True
        screen.query_one("#seed").value = "42"
        await pilot.press("f6", "f6")  # the house-rules tab, keyboard in the list
        await settle(pilot)
        screen.query_one("#rule-filter").focus()
        await pilot.press(*"enthusiasm")
        await settle(pilot)
        await pilot.press("tab", "space")
        await settle(pilot)
        assert "s000-axis-war-enthusiasm" in screen.choices.house
        bonus = next(w for w in screen.query("ParamInput") if w.spec.name == "germany_bonus")
        bonus.value = "10"
        await settle(pilot)
        await pilot.press("f5")
        await settle(pilot, 5)
        assert isinstance(app.screen, GameScreen), getattr(app.screen, "problem", "")
    saved = SavedGame.open("friday", watch=True)
    assert saved.meta["players"] == {"ussr": "Ann", "germany": "Bob", "uk": "Ann", "japan": "Bob", "usa": "Ann"}
    assert saved.rules.ruleset.dice == "low_luck"
    assert saved.seed == "42"
    assert dict(saved.rules.ruleset.house[0].params) == {"germany_bonus": 10}
    saved.close()


async def test_conflicting_rules_are_refused_with_the_reason(monkeypatch):
    """Two rules that exclude each other: the second is refused, the reason shown,
    the first stays on. (No two available rules conflict yet, so the catalogue is
    given one conflict for this test.)"""
    real = setup.catalogue()
    pair = {"s000-soviet-first-turn-no-attack": "s000-axis-war-enthusiasm",
            "s000-axis-war-enthusiasm": "s000-soviet-first-turn-no-attack"}
    rules = tuple(evolve(r, conflicts=(pair[r.id],)) if r.id in pair else r for r in real.rules)
    monkeypatch.setattr(setup, "catalogue", lambda: Catalogue(documents=real.documents, rules=rules))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        screen.toggle_rule("s000-axis-war-enthusiasm")
        screen.toggle_rule("s000-soviet-first-turn-no-attack")
        await settle(pilot)
        assert "s000-axis-war-enthusiasm conflicts with s000-soviet-first-turn-no-attack" in screen.problem
        assert "Refused:" in str(screen.query_one("#setup-problem").render())
        assert list(screen.choices.house) == ["s000-axis-war-enthusiasm"]
        screen.toggle_rule("s000-sbr-scramble-escort")
        assert "planned and cannot be switched on" in screen.problem


async def test_parameter_out_of_range_refuses_the_start():
    """The setup check is the command line's: the reason comes from choice_problems."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        screen.toggle_rule("s000-victory-conditions")
        await settle(pilot)
        goal = screen.query_one("ParamInput")
        goal.value = "20"
        await settle(pilot)
        assert "axis_income_goal must be at least 50" in screen.problem
        await pilot.press("f5")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert "axis_income_goal must be at least 50" in app.screen.problem


async def test_presets_are_saved_reused_and_refused_when_inconsistent():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        screen.toggle_rule("s000-random-turns")
        screen.query_one("#player-ussr").value = "Ann"
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press(*"weekly", "enter")
        await settle(pilot)
        stored = json.loads((presets_dir() / "weekly.json").read_text())
        assert stored["house"] == {"s000-random-turns": {}} and stored["players"]["ussr"] == "Ann"
        # a preset edited by hand to hold two alternatives of one group
        stored["house"]["s002-turn-order-shared"] = {}
        (presets_dir() / "broken.json").write_text(json.dumps(stored))
        screen.toggle_rule("s000-random-turns")  # off again
        assert screen.apply_preset("weekly")
        assert "s000-random-turns" in screen.choices.house
        assert not screen.apply_preset("broken")
        assert "alternatives (group turn-order)" in screen.problem
        assert list(screen.choices.house) == ["s000-random-turns"]


# -- phases ----------------------------------------------------------------------------


async def test_research_with_scripted_dice(saved_game, app_for):
    """C-TECH-1/2/3: one die for 5 IPCs; a 6 is a breakthrough and the chart die 5
    gives Industrial Technology, which lowers this turn's prices."""
    app = app_for(saved_game(), dice=[6, 5])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("plus", "r")
        await settle(pilot)
        state = app.session.state
        ussr = power_state(app.session.rules.board, state, "ussr")
        assert ussr.ipcs == 19 and ussr.techs == ("industrial_technology",)
        assert any("develops Industrial Technology" in line for line in feed(app))
        await pilot.press("e")
        await settle(pilot)
        panel = app.screen.panel
        assert isinstance(panel, PurchasePanel)
        infantry = app.session.rules.edition.unit("infantry")
        assert panel.price(infantry) == 2


async def test_research_needs_a_die_and_says_so(saved_game, app_for):
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = app.session.state
        await pilot.press("r")
        await settle(pilot)
        assert "choose at least one die" in status(app).problem
        assert app.session.state is before


async def test_purchase_list_buy_refuse_and_undo(saved_game, app_for):
    """C-BUY-1: the list shows the total and what is left; buying stores one
    purchase per line; too dear is refused with the engine's reason; undo takes
    back what one b bought."""
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await pilot.press("plus", "plus", "plus", "down", "plus")  # 3 infantry, 1 armour
        await settle(pilot)
        panel = app.screen.panel
        assert panel.draft == {"infantry": 3, "armour": 1}
        assert "List: 14 IPCs, leaving 10" in str(panel.query_one("#purchase-total").render())
        await pilot.press("b")
        await settle(pilot)
        ussr = power_state(app.session.rules.board, app.session.state, "ussr")
        assert ussr.unplaced == (("infantry", 3), ("armour", 1)) and ussr.ipcs == 10
        before = app.session.state
        for _ in range(6):
            await pilot.press("down")
        await pilot.press("plus")  # a battleship: 24 IPCs, 10 held
        await settle(pilot)
        assert "you have 10" in status(app).problem
        assert app.session.state is before and panel.draft == {}
        await pilot.press("u")  # one b bought both lines: one u takes both back
        await settle(pilot)
        ussr = power_state(app.session.rules.board, app.session.state, "ussr")
        assert ussr.unplaced == () and ussr.ipcs == 24
        assert sum("takes back the last purchase" in line for line in feed(app)) == 2


async def test_unbought_list_is_offered_before_the_phase_ends(saved_game, app_for):
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await pilot.press("plus", "plus", "e")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("b")  # buy, then end
        await settle(pilot)
        assert app.session.state.phase == "combat_move"
        ussr = power_state(app.session.rules.board, app.session.state, "ussr")
        assert ussr.unplaced == (("infantry", 2),)


async def test_place_offers_legal_spaces_and_refuses_others_with_the_reason(saved_game, app_for):
    """C-PLACE-1/3: units go to a complex's territory; a space with no complex is
    refused with the engine's reason and nothing changes."""
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await pilot.press("plus", "plus", "plus", "b")
        await settle(pilot)
        await to_phase(pilot, app, "combat_move")
        assert isinstance(app.screen.panel, MovePanel)
        await to_phase(pilot, app, "place")
        panel = app.screen.panel
        assert isinstance(panel, PlacePanel)
        assert set(panel.targets) == {"russia", "karelia_ssr"}
        # from the board: Caucasus has no complex
        app.screen.jump_to("caucasus")
        await settle(pilot)
        before = app.session.state
        await pilot.press("p")
        await settle(pilot)
        assert "no industrial complex in Caucasus" in status(app).problem
        assert app.session.state is before
        # from the panel: one, then the rest
        await pilot.press("f3")
        await settle(pilot)
        await pilot.press("enter")  # waiting list -> spaces
        await pilot.press("enter")  # place one in the first space offered
        await settle(pilot)
        ussr = power_state(app.session.rules.board, app.session.state, "ussr")
        assert ussr.unplaced == (("infantry", 2),)
        await pilot.press("a")
        await settle(pilot)
        ussr = power_state(app.session.rules.board, app.session.state, "ussr")
        assert ussr.unplaced == ()
        assert sum("places" in line for line in feed(app)) == 2


async def test_unplaced_units_warning_before_ending_place(saved_game, app_for):
    """C-PLACE-6: ending the place phase with units waiting asks first."""
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await pilot.press("plus", "b")
        await settle(pilot)
        await to_phase(pilot, app, "place")
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "will be lost" in app.screen.question
        await pilot.press("n")
        await settle(pilot)
        assert app.session.state.phase == "place"


async def test_end_of_turn_hands_over_to_the_next_player(saved_game, app_for):
    """Hot seat: the turn passes from Ann's Soviets to Bob's Germans with a summary
    of the Soviet income; from Bob's Germans to Bob's Japanese there is no prompt."""
    name = saved_game(players={"ussr": "Ann", "germany": "Bob", "uk": "Ann", "japan": "Ann", "usa": "Ann"})
    app = app_for(name)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(5):
            await pilot.press("e")
            await settle(pilot)
            if isinstance(app.screen, ConfirmDialog):  # IPCs left unspent: end anyway
                await pilot.press("y")
                await settle(pilot)
        assert isinstance(app.screen, HandOverDialog)
        assert app.screen.player == "Bob" and "GE Germany" in app.screen.next_label
        assert any("Soviet Union collects 24 IPCs" in line for line in app.screen.report)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert "GE Germany (Bob)" in str(status(app).query_one("#status-text").render())


async def test_same_player_gets_no_hand_over(saved_game, app_for):
    app = app_for(saved_game(players={"ussr": "Ann", "germany": "Ann"}))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(5):
            await pilot.press("e")
            await settle(pilot)
            if isinstance(app.screen, ConfirmDialog):  # IPCs left unspent: end anyway
                await pilot.press("y")
                await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.session.state.power == "germany"


async def test_a_full_round_of_five_powers(saved_game, app_for):
    """Every power researches nothing, buys infantry, places it and collects income."""
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for power in ("ussr", "germany", "uk", "japan", "usa"):
            assert app.session.state.power == power
            await to_phase(pilot, app, "purchase")
            await pilot.press("plus", "b")
            await settle(pilot)
            await to_phase(pilot, app, "place")
            await pilot.press("f3", "enter", "a")
            await settle(pilot)
            await pilot.press("e")
            await settle(pilot)
        assert app.session.state.round == 2 and app.session.state.power == "ussr"
        assert any("End of round 1" in line for line in feed(app))


# -- saving and resuming -----------------------------------------------------------


async def test_quit_and_resume_restores_the_saved_state_and_feed(saved_game, app_for):
    name = saved_game()
    app = app_for(name)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await pilot.press("plus", "plus", "b")
        await settle(pilot)
        played = app.session.state
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.press("r", "enter")
        await settle(pilot, 5)
        assert isinstance(app.screen, GameScreen)
        assert app.session.state == played
        reopened = SavedGame.open(name, watch=True)
        assert reopened.state == app.session.state
        reopened.close()
        assert any("buys 2 × infantry" in line for line in feed(app))


async def test_unreadable_game_is_refused_on_the_start_screen(saved_game, app_for):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.open_game("missing")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert "no such saved game" in app.screen.message


async def test_save_a_copy_writes_an_export(saved_game, app_for, tmp_path):
    app = app_for(saved_game("copyme"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.export_game(app.session)
        await settle(pilot)
        box = app.screen.query_one("#prompt-input")
        box.value = str(tmp_path / "copy.json")
        await pilot.press("enter")
        await settle(pilot)
    data = json.loads((tmp_path / "copy.json").read_text())
    assert data["format"] == "axisallies-tui game" and data["name"] == "copyme"


# -- help, palette, game over, terminal ------------------------------------------------


async def test_help_opens_at_the_phase_and_searches(saved_game, app_for):
    app = app_for(saved_game(house={"s000-axis-war-enthusiasm": {"germany_bonus": 6}}))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await pilot.press("f1")
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.current == "purchase"
        ids = [p.id for p in help_screen.pages]
        assert ids.index("house-active") < ids.index("house-000")
        active = help_screen.by_id["house-active"].markdown
        assert "Axis war enthusiasm" in active and "`germany_bonus` = 6" in active
        assert "## Axis war enthusiasm" not in help_screen.by_id["house-000"].markdown
        await pilot.press("slash", *"blitz")
        await settle(pilot)
        assert {"movement", "house-004"} <= {hit.page for hit in help_screen.hits}
        await pilot.press("ctrl+a", "ctrl+k", *"C-LAND-3")  # a rule id
        await settle(pilot)
        assert help_screen.hits[0].page == "movement" and help_screen.hits[0].heading == "Blitz"
        await pilot.press("enter")
        await settle(pilot)
        assert help_screen.current == "movement"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_command_palette_jumps_to_a_space(saved_game, app_for):
    app = app_for(saved_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"go: anglo")
        await workers_done(pilot)
        await pilot.press("enter")
        await settle(pilot)
        board = app.screen.query_one(RegionBoard)
        assert board.current_space() == "anglo_sudan_egypt" and board.active_region == "africa"


async def test_conceding_ends_the_game_with_the_winner_shown(saved_game, app_for):
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.concede()
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, GameOverDialog)
        assert "The Axis win" in app.screen.headline
        await pilot.press("enter")
        await settle(pilot)
        assert "Game over" in str(status(app).query_one("#status-text").render())
        before = app.session.state
        await pilot.press("e")
        await settle(pilot)
        assert app.session.state is before


async def test_too_small_terminal_shows_a_message_and_resizing_keeps_the_game(saved_game, app_for):
    app = app_for(saved_game())
    async with app.run_test(size=(50, 14)) as pilot:
        await settle(pilot)
        notice = app.screen.query_one(".too-small")
        assert notice.display and "too small" in str(notice.render())
        assert not app.screen.query_one("#main").display or app.screen.has_class("-tiny-w")
        state = app.session.state
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not app.screen.has_class("-tiny-w")
        await pilot.press("plus", "r")  # still playable: needs a die, none scripted
        await settle(pilot)
        assert app.session.state is state
        assert "scripted dice ran out" in status(app).problem
        await pilot.resize_terminal(130, 40)
        await settle(pilot)
        assert app.screen.has_class("-wide") and app.session.state is state


async def test_a_pending_decision_is_answered_from_the_panel(app_for):
    """A question the engine waits on shows its prompt and answers; Enter answers
    (a decision kind registered for this test only: pay 5 IPCs or not)."""
    from axisallies_tui.engine.decisions import DECISIONS, resolves
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.engine.game import new_game
    from axisallies_tui.engine.rules import Ruleset
    from axisallies_tui.engine.state import Decision
    from axisallies_tui.tui.panels.decision import DecisionPanel

    @resolves("test_tribute")
    def pay(tx, choice):
        if choice == "pay":
            tx.add_ipcs(tx.state.power, -5)

    try:
        rules = setup.make_rules(Ruleset(board="classic"))
        state = new_game(rules, ScriptedDice([])).state
        question = Decision(power="ussr", kind="test_tribute", prompt="Pay 5 IPCs?", options=("pay", "refuse"))
        SavedGame.create("asked", rules.ruleset, seed=1, start=evolve(state, pending=question)).close()
        app = app_for("asked")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen.panel, DecisionPanel)
            assert "SU Soviet Union to answer" in str(status(app).query_one("#status-text").render())
            await pilot.press("e")  # not while a question waits
            await settle(pilot)
            assert app.session.state.pending is not None
            await pilot.press("enter")  # the first answer: pay
            await settle(pilot)
            assert app.session.state.pending is None
            assert power_state(rules.board, app.session.state, "ussr").ipcs == 19
            assert not isinstance(app.screen.panel, DecisionPanel)
    finally:
        del DECISIONS["test_tribute"]


async def test_command_palette_loads_a_saved_game_from_the_start_screen(saved_game, app_for):
    saved_game("campaign")
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert getattr(app, "session", None) is None
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"load: campaign")
        await workers_done(pilot)
        await pilot.press("enter")
        await settle(pilot, 6)
        assert app.session.saved.name == "campaign"


async def test_place_all_works_straight_from_the_unit_list(saved_game, app_for):
    """Pressing a before choosing a space puts everything in the first space offered."""
    app = app_for(saved_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_phase(pilot, app, "purchase")
        await pilot.press("plus", "plus", "b")
        await settle(pilot)
        await to_phase(pilot, app, "place")
        await pilot.press("f3")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        ussr = power_state(app.session.rules.board, app.session.state, "ussr")
        assert ussr.unplaced == ()
