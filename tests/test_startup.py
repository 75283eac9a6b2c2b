"""The first instants of a run: the collector is paused only for the game screen."""

from __future__ import annotations

import gc
import sys

from axisallies_tui.startup import opens_the_game_screen, pause_collector_for_the_game_screen


class _Terminal:
    def isatty(self) -> bool:
        return True


def test_only_commands_that_open_the_game_screen_on_a_terminal_pause_the_collector(monkeypatch):
    monkeypatch.setattr(sys, "stdin", _Terminal())
    monkeypatch.setattr(sys, "stdout", _Terminal())
    assert opens_the_game_screen([]) and opens_the_game_screen(["load", "table"])
    assert opens_the_game_screen(["new", "table", "--seed", "1"])
    for args in (["load", "table", "--json"], ["odds", "--att", "1 inf"], ["list"], ["headless"]):
        assert not opens_the_game_screen(args), args
    try:
        pause_collector_for_the_game_screen(["list"])
        assert gc.isenabled()
        pause_collector_for_the_game_screen(["load", "table"])
        assert not gc.isenabled()
    finally:
        gc.enable()

