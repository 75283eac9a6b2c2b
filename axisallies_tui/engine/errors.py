"""The failures the engine reports: bad data files, illegal play, and odds
worked out for nobody (cancelled)."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now. `reason` is written for players.

    Raised before anything changes: the game state is exactly as it was.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DataError(Exception):
    """A board, rule, position or save file that cannot be used.

    The message is one line naming the file, the entry and the problem, so the
    command line can print it as it is and exit with status 2.
    """

    def __init__(self, file: str, entry: str, problem: str) -> None:
        self.file = file
        self.entry = entry
        self.problem = problem
        where = f"{file}: {entry}" if entry else file
        super().__init__(f"{where}: {problem}")


class OddsCancelled(Exception):
    """Simulated odds were told to stop: nobody wants them any more."""
