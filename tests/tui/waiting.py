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
