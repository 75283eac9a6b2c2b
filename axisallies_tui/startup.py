"""What the first instants of a run decide, before anything heavy is imported."""

from __future__ import annotations

import gc
import sys
from typing import Sequence


def interactive() -> bool:
    """True when both ends are a terminal, so the full-screen game can run
    (piped or redirected, the commands print text)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def opens_the_game_screen(args: Sequence[str]) -> bool:
    """The command starts the full-screen game (as `cli` decides: no command,
    `load` or `new`, both ends a terminal, not --json)."""
    command = next((a for a in args if not a.startswith("-")), None)
    return interactive() and "--json" not in args and command in (None, "load", "new")


def pause_collector_for_the_game_screen(args: Sequence[str]) -> None:
    """Start-up makes many objects and frees few: the cyclic collector would walk
    them again and again (about 0.1 s before the first paint). The app turns it
    back on once its first screen is painted (`tui.app.resume_collector`)."""
    if opens_the_game_screen(args):
        gc.disable()
