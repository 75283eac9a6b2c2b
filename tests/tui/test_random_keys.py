"""Random keys and resizes, seeded: whatever a player mashes, nothing raises.

Each run plays a fixed number of keys (`AXISALLIES_RANDOM_KEYS`, default
bounded for CI) from a seed, mixing single presses, bursts typed faster than
the screen settles, and terminal resizes from 80x24 up to 160x50 (and now and
then too small). Half the runs start from a new game, half from a game a bot
has played on to a battle decision or a later turn. Any exception inside the
app fails the test, which names the seed and the keys so the failure can be
replayed.
"""

from __future__ import annotations

import os
import random

import pytest
from textual import events

from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.store import SavedGame

KEYS = (
    list("abcdeghimnoprstuy0123456789+-/?") + [
        "enter", "escape", "tab", "shift+tab", "space", "backspace",
        "up", "down", "left", "right", "pageup", "pagedown", "home", "end",
        "f1", "f2", "f3", "f4", "f5", "f6", "f9", "ctrl+p", "ctrl+e",
        "plus", "minus", "left_square_bracket", "right_square_bracket",
    ]
)
"""What a player at the game can press (not Ctrl+Q, which ends the run)."""

WEIGHTED = ["e"] * 6 + ["enter"] * 8 + ["y"] * 3 + ["down"] * 6 + ["escape"] * 3 + ["a"] * 3 + ["b"] * 2
SIZES = [(80, 24), (80, 24), (100, 30), (120, 36), (140, 40), (160, 50), (70, 20), (50, 15)]
COUNT = int(os.environ.get("AXISALLIES_RANDOM_KEYS", "150"))
"""Keys per run. CI plays the default (six runs of 150: as many keys as three
runs of 300, spread over parallel workers); `AXISALLIES_RANDOM_KEYS=5000` for a
long run."""
GAMES = [(1, 0), (2, 0), (3, 0), (4, 90), (5, 155), (6, 300)]
"""(seed, bot actions played first): three new games; the defender choosing
casualties in Germany's first turn, the attacker choosing in the UK's, and
Germany's non-combat move in round 2."""


def character(key: str) -> str | None:
    names = {"plus": "+", "minus": "-", "space": " ", "left_square_bracket": "[", "right_square_bracket": "]"}
    if key in names:
        return names[key]
    return key if len(key) == 1 else None


def played_on(name: str, seed: int, actions: int) -> str:
    """The saved game `name` after a random bot's first `actions` actions."""
    game = SavedGame.open(name)
    bot = RandomBot(seed)
    for _ in range(actions):
        game.apply(bot.choose(game.rules, game.state))
    game.close()
    return name


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "actions"), GAMES)
async def test_random_keys_and_resizes_never_raise(seed, actions, saved_game, app_for):
    rng = random.Random(seed)
    name = played_on(saved_game("mash", seed=seed), seed, actions)
    app = app_for(name, dice=[rng.randint(1, 6) for _ in range(5000)])
    played: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while len(played) < COUNT:
            roll = rng.random()
            if roll < 0.03:
                size = rng.choice(SIZES)
                played.append(f"resize {size}")
                await pilot.resize_terminal(*size)
                await pilot.pause()
            elif roll < 0.15:  # a burst, typed faster than the screen settles
                burst = [rng.choice(KEYS + WEIGHTED) for _ in range(rng.randint(2, 5))]
                played.extend(burst)
                for key in burst:
                    app.post_message(events.Key(key, character(key)))
                await pilot.pause()
            else:
                key = rng.choice(KEYS + WEIGHTED)
                played.append(key)
                await pilot.press(key)
            assert app.return_code is None, f"seed {seed}/{actions}: the app stopped after {played[-20:]}"
    # leaving the context re-raises anything the app raised; say how to replay it
    assert not app._exception, f"seed {seed}/{actions}, last keys {played[-20:]}"


async def test_end_phase_answer_typed_twice_ends_one_phase(saved_game, app_for):
    """`d d` typed faster than the dialog closes: one answer, one phase ended."""
    from axisallies_tui.tui.screens.dialogs import ConfirmDialog

    app = app_for(saved_game("fast"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e", "plus", "e")  # research ends; one infantry listed; end?
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        for key in ("d", "d"):
            app.post_message(events.Key(key, key))
        for _ in range(5):
            await pilot.pause()
        assert app.session.state.phase == "combat_move"
        assert not isinstance(app.screen, ConfirmDialog)


@pytest.mark.parametrize("keys", [("f2", "end", "pagedown"), ("end", "pagedown", "f2")])
async def test_keys_on_a_terminal_too_small_for_help_do_nothing(saved_game, app_for, keys):
    """Under 18 rows the screen says it is too small; keys reach no hidden list."""
    from axisallies_tui.tui.screens.help import HelpScreen

    app = app_for(saved_game("short"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.resize_terminal(80, 16)
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
