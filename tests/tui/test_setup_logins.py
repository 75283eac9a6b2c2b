"""Binding powers to logins on the setup screen (shared server): the login
column appears for a group's games folder, an unknown login is refused, and a
bound power is then played only from its login while others watch.

Real second users cannot be created here, so logins are faked: the user
database (`savelock.known_login`) knows alice and bob, and the process's own
login (`current_login`) is set per step."""

from __future__ import annotations

import os

import pytest

from axisallies_tui import savelock, store
from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.store import NotYourTurn, SavedGame, save_path
from axisallies_tui.tui.app import make_app
from axisallies_tui.tui.screens.game import GameScreen
from axisallies_tui.tui.screens.setup import SetupScreen
from axisallies_tui.tui.widgets.combat_feed import CombatFeed
from axisallies_tui.tui.widgets.status_line import StatusLine
from tests.tui.waiting import settle, until

SIZE = (80, 24)


@pytest.fixture
def shared_folder(tmp_path, monkeypatch):
    folder = tmp_path / "srv-axisallies"
    folder.mkdir()
    os.chmod(folder, 0o2770)
    monkeypatch.setenv("AXISALLIES_GAMES_DIR", str(folder))
    monkeypatch.setattr(savelock, "known_login", lambda login: login in {"alice", "bob"})
    return folder


def login_as(monkeypatch, name: str) -> None:
    monkeypatch.setattr(store, "current_login", lambda: name)
    monkeypatch.setattr(savelock, "current_login", lambda: name)


async def fill(pilot, screen, **fields: str) -> None:
    for widget_id, value in fields.items():
        screen.query_one(f"#{widget_id.replace('_', '-')}").value = value
    await settle(pilot)


async def test_powers_bound_at_setup_are_played_only_from_their_logins(shared_folder, monkeypatch):
    login_as(monkeypatch, "alice")
    app = make_app(dice=ScriptedDice([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        screen = app.screen
        await fill(pilot, screen, save_name="duel", player_ussr="Ann", login_ussr="alice",
                   player_germany="Bob", login_germany="bbo")
        await pilot.press("f2")  # Axis v Allies: names and logins for each side
        assert screen.query_one("#login-japan").value == "bbo" and screen.query_one("#login-uk").value == "alice"
        await pilot.press("f5")
        await settle(pilot)
        assert screen.problem == "Germany, Japan: there is no user 'bbo' on this machine"
        assert not save_path("duel").exists()

        await fill(pilot, screen, login_germany="bob", login_japan="bob")
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.session.saved.logins == {"ussr": "alice", "uk": "alice", "usa": "alice",
                                            "germany": "bob", "japan": "bob"}
        assert not app.session.watching  # alice plays the Soviet Union's turn here
    app.session.close()

    login_as(monkeypatch, "bob")
    game = SavedGame.open("duel")
    with pytest.raises(NotYourTurn, match="Soviet Union is played by alice, and you are bob"):
        game.apply(EndPhase())
    game.close()

    bobs = make_app(dice=ScriptedDice([]), open_game="duel")
    async with bobs.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(bobs.screen, GameScreen) and bobs.session.watching)
        screen = bobs.screen
        assert "Soviet Union is played by alice: it is their turn" in screen.query_one(StatusLine).note
        assert screen.submit(EndPhase()) is False
        assert "only alice can play it (you may watch)" in screen.query_one(StatusLine).problem
        assert bobs.session.saved.seq == 0

        login_as(monkeypatch, "alice")  # alice, at her own login, plays on; bob's screen follows
        alices = SavedGame.open("duel")
        alices.apply(EndPhase())
        alices.close()
        login_as(monkeypatch, "bob")
        before = list(screen.query_one(CombatFeed).lines_written)
        screen._follow()
        await settle(pilot)
        assert bobs.session.saved.seq == 1 and bobs.session.state.phase == "purchase"
        after = screen.query_one(CombatFeed).lines_written  # the game so far, then what alice played
        assert before and after[: len(before)] == before and len(after) > len(before)


async def test_a_personal_folder_has_no_login_column():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert not app.screen.query(".login-input")
        assert app.screen.read_form().logins == {}
