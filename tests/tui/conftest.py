"""Fixtures for the interface tests: saved games made directly with the store,
the app built by its factory with scripted dice, and a steady text cursor."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.engine.rules import HouseRuleChoice, Ruleset
from axisallies_tui.store import SavedGame
from axisallies_tui.tui.app import AxisAlliesApp, make_app

FIXED_TIME = "2024-06-01T12:00:00+00:00"


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch):
    """The text cursor does not blink in tests, so screenshots are stable."""

    def keep_visible(self: Input) -> None:
        self._cursor_visible = True

    monkeypatch.setattr(Input, "_toggle_cursor", keep_visible)


@pytest.fixture
def fixed_clock(monkeypatch):
    """Saves record this time as 'last played' (the start screen shows it)."""
    monkeypatch.setattr("axisallies_tui.store._now", lambda: FIXED_TIME)


@pytest.fixture
def saved_game():
    """Create a saved game on the classic board and return its name."""

    def create(name: str = "table", players: dict[str, str] | None = None,
               house: dict[str, dict[str, Any]] | None = None, seed: int = 1) -> str:
        choices = tuple(HouseRuleChoice(id=k, params=tuple(sorted(v.items()))) for k, v in (house or {}).items())
        game = SavedGame.create(name, Ruleset(board="classic", house=choices), seed=seed, players=players or {})
        game.close()
        return name

    return create


@pytest.fixture
def app_for():
    """The app opened on a saved game (or on the start screen), with scripted dice."""

    def build(name: str | None = None, dice: list[int] | tuple[int, ...] = ()) -> AxisAlliesApp:
        return make_app(dice=ScriptedDice(list(dice)), open_game=name, theme="textual-dark")

    return build
