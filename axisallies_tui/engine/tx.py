"""The working copy of one `apply` call: the state so far, the events so far,
and the dice. Handlers replace `tx.state` with new frozen values; the state
passed in is never touched, so an `IllegalAction` raised half-way leaves the
game exactly as it was.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from attrs import evolve

from axisallies_tui.engine.actions import Action
from axisallies_tui.engine.dice import DiceSource, RecordingDice
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import DiceRolled, Event
from axisallies_tui.engine.queries import power_index
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, PowerState, SpaceState, Unit


class Tx:
    def __init__(self, rules: Rules, state: GameState, dice: DiceSource) -> None:
        self.rules = rules
        self.board = rules.board
        self.edition = rules.edition
        self.state = state
        self.dice = RecordingDice(dice)
        self.events: list[Event] = []

    # -- events and dice -------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll(self, count: int, purpose: str, power: str | None = None, hit_on: int | None = None) -> tuple[int, ...]:
        """Roll `count` dice and log them; with `hit_on`, count faces at most it as hits."""
        faces = self.dice.roll(count, purpose)
        hits = None if hit_on is None else sum(1 for f in faces if f <= hit_on)
        self.emit(DiceRolled(power=power or self.state.power, purpose=purpose, values=faces, hits=hits))
        return faces

    # -- state edits ---------------------------------------------------------------
    def update(self, **changes: Any) -> None:
        self.state = evolve(self.state, **changes)

    def power(self, power_id: str | None = None) -> PowerState:
        return self.state.powers[power_index(self.board, power_id or self.state.power)]

    def set_power(self, power: PowerState) -> None:
        index = power_index(self.board, power.id)
        powers = list(self.state.powers)
        powers[index] = power
        self.state = evolve(self.state, powers=tuple(powers))

    def add_ipcs(self, power_id: str, amount: int) -> int:
        """Change a power's IPCs (never below zero); return the new total."""
        ps = self.power(power_id)
        total = max(0, ps.ipcs + amount)
        self.set_power(evolve(ps, ipcs=total))
        return total

    def space(self, space_id: str) -> SpaceState:
        return self.state.spaces[self.board.space(space_id).index]

    def set_space(self, space_id: str, space: SpaceState) -> None:
        index = self.board.space(space_id).index
        spaces = list(self.state.spaces)
        spaces[index] = space
        self.state = evolve(self.state, spaces=tuple(spaces))

    def add_units(self, space_id: str, power: str, unit: str, count: int) -> None:
        first = self.state.next_uid
        new = tuple(Unit(uid=first + i, power=power, type=unit) for i in range(count))
        current = self.space(space_id)
        self.set_space(space_id, evolve(current, units=current.units + new))
        self.update(next_uid=first + count)

    def replace_units(self, space_id: str, units: Iterable[Unit]) -> None:
        self.set_space(space_id, evolve(self.space(space_id), units=tuple(units)))

    def turn(self, **changes: Any) -> None:
        self.state = evolve(self.state, turn=evolve(self.state.turn, **changes))


Handler = Callable[[Tx, Any], None]
HANDLERS: dict[type[Action], Handler] = {}


def handles(action_type: type[Action]) -> Callable[[Handler], Handler]:
    """Register the function that carries out `action_type`."""

    def register(fn: Handler) -> Handler:
        HANDLERS[action_type] = fn
        return fn

    return register


def require(condition: bool, reason: str) -> None:
    """Refuse the action with `reason` unless `condition` holds."""
    if not condition:
        raise IllegalAction(reason)


def require_phase(tx: Tx, *phases: str) -> None:
    if tx.state.phase not in phases:
        names = " or ".join(tx.edition.phase_names.get(p, p) for p in phases)
        now = tx.edition.phase_names.get(tx.state.phase, tx.state.phase)
        raise IllegalAction(f"that is done in the {names} phase; it is now {now}")
