"""The game being played in the interface: a `SavedGame` plus where its dice
come from. Every action goes through `SavedGame.apply`, so it is on disk before
any screen shows its result."""

from __future__ import annotations

from typing import Any, Callable, Union

from axisallies_tui.engine.actions import Action
from axisallies_tui.engine.dice import TABLE, DiceSource, TableDice
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.game import Step, apply
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.store import SavedGame, StoreError

DiceChoice = Union[DiceSource, Callable[[int], DiceSource], None]
"""Test dice: one source shared by every action (`ScriptedDice`), a function
from the action's number to a source, or None for the game's own seeded dice."""


class NoDice:
    """For trying an action without playing it: any roll refuses it."""

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        raise IllegalAction(f"{purpose} needs dice")


class GameSession:
    def __init__(self, saved: SavedGame, dice: DiceChoice = None) -> None:
        self.saved = saved
        self._dice = dice
        self.last_step: Step | None = None
        """The step of the last action applied (panels show its dice)."""
        self.loss_orders: dict[str, list[str]] = {}
        """Power -> unit types in the order its player chose to lose them last
        time (first lost first): the next casualty default follows it."""

    @property
    def rules(self) -> Rules:
        return self.saved.rules

    @property
    def state(self) -> GameState:
        return self.saved.state

    @property
    def name(self) -> str:
        return self.saved.name

    @property
    def players(self) -> dict[str, str]:
        return self.saved.players

    @property
    def watching(self) -> bool:
        """Opened read-only: another process plays this game; we follow it."""
        return self.saved.read_only

    def waiting_for_other_login(self) -> str | None:
        """Shared server: the login whose turn it is, when that is someone else."""
        return self.saved.bound_elsewhere()

    def follow(self) -> list[dict[str, Any]]:
        """Watching: the events of the actions played elsewhere since the last call."""
        return self.saved.refresh()

    def _dice_for_next(self) -> DiceSource | None:
        if self._dice is None:
            return None
        if hasattr(self._dice, "roll"):
            return self._dice
        return self._dice(self.saved.seq + 1)

    @property
    def table_dice(self) -> bool:
        """The players roll real dice and type them (`DiceNeeded` asks for them)."""
        return self._dice is None and self.saved.dice_mode.kind == TABLE

    def apply(self, action: Action, typed: tuple[int, ...] = ()) -> Step:
        """Apply and store `action`; `typed` are the table dice typed for it so far.
        Raises IllegalAction with nothing changed (`DiceNeeded` when table dice
        must be rolled: apply again with the faces added)."""
        dice = self._dice_for_next()
        if dice is None and self.table_dice:
            dice = TableDice(typed)
        try:
            step = self.saved.apply(action, dice)
        except StoreError as problem:  # watched only, or the disk refused: the last saved state stays
            raise IllegalAction(str(problem)) from None
        self.last_step = step
        return step

    def problem(self, action: Action) -> str | None:
        """Why `action` would be refused now (without playing or storing it), or None.
        Actions that roll dice are only checked up to their first roll."""
        try:
            apply(self.rules, self.state, action, NoDice())
        except IllegalAction as refused:
            if refused.reason.endswith("needs dice"):
                return None
            return refused.reason
        return None

    def trial(self, actions: list[Action]) -> tuple[GameState | None, str | None]:
        """Play `actions` in memory only; the state they lead to, or the first refusal."""
        state = self.state
        for action in actions:
            try:
                state = apply(self.rules, state, action, NoDice()).state
            except IllegalAction as refused:
                return None, refused.reason
        return state, None

    def feed(self) -> list[dict[str, Any]]:
        return self.saved.feed()

    def feed_tail(self, limit: int) -> tuple[list[dict[str, Any]], int]:
        """The newest `limit` events (or a few more) and how many the game has in all."""
        return self.saved.feed_tail(limit)

    def close(self) -> None:
        self.saved.close()
