"""Waiting for what a player would wait for, instead of fixed pauses."""

from __future__ import annotations

import time
from typing import Callable


async def until(pilot, condition: Callable[[], bool], timeout: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    """Let the app run until `condition()` holds; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {condition.__name__}")
        await pilot.pause(0.02)


async def workers_done(pilot) -> None:  # type: ignore[no-untyped-def]
    """Let background work (palette searches, odds, the search index) finish, then repaint."""
    await pilot.app.workers.wait_for_complete()
    for _ in range(3):
        await pilot.pause()


async def settle(pilot, times: int = 3) -> None:  # type: ignore[no-untyped-def]
    """Let a few refresh cycles pass (messages posted by a key press are handled)."""
    for _ in range(times):
        await pilot.pause()


async def to_phase(pilot, app, phase: str, tries: int = 10) -> None:  # type: ignore[no-untyped-def]
    """Press e (end phase) until `phase` is reached, confirming any question."""
    from axisallies_tui.tui.screens.dialogs import ConfirmDialog

    for _ in range(tries):
        if app.session.state.phase == phase:
            return
        await pilot.press("e")
        await settle(pilot)
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
            await settle(pilot)
    assert app.session.state.phase == phase
