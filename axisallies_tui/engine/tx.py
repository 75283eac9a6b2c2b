"""The working copy of one `apply` call: the state so far, the events so far,
and the dice. Handlers replace `tx.state` with new frozen values; the state
passed in is never touched, so an `IllegalAction` raised half-way leaves the
game exactly as it was.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from axisallies_tui.engine.actions import Action
from axisallies_tui.engine.copying import copier, evolve
from axisallies_tui.engine.dice import DiceSource, RecordingDice
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import DiceRolled, Event
from axisallies_tui.engine.queries import power_index
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import Decision, GameState, PowerState, RuleSlot, SpaceState, Unit


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
        self.state = _copy_state(self.state, **changes)

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

    # -- house rules' own state and questions ------------------------------------------
    def rule_state(self, rule_id: str) -> Any:
        """The state `rule_id` keeps (its initial state if it stored none yet)."""
        rule = self.rules.active.get(rule_id)
        if rule is None:
            raise KeyError(f"{rule_id} is not on in this game")
        return rule.state_in(self.state)

    def set_rule_state(self, rule_id: str, data: Any) -> None:
        """Store `rule_id`'s new state (an instance of its `State` class). Storing
        what is stored already changes nothing: the position stays the same
        object, so the engine's answers remembered for it still hold."""
        if any(slot.id == rule_id and slot.data == data for slot in self.state.rule_state):
            return
        slots = tuple(slot for slot in self.state.rule_state if slot.id != rule_id)
        self.state = evolve(self.state, rule_state=tuple(sorted(slots + (RuleSlot(rule_id, data),), key=_slot_id)))

    def ask(self, decision: Decision) -> None:
        """Stop and wait for `decision`; active rules may add answers to it first."""
        extra = tuple(
            option for rule in self.rules.hooks("decision_options")
            for option in rule.decision_options(self.rules, self.state, decision)
        )
        if extra:
            decision = evolve(decision, options=decision.options + extra)
        self.update(pending=decision)


_copy_state = copier(GameState)
"""`evolve` of a game state (a step copies it many times)."""


def _slot_id(slot: RuleSlot) -> str:
    return slot.id


Handler = Callable[[Tx, Any], None]
HANDLERS: dict[type[Action], Handler] = {}


def handles(action_type: type[Action]) -> Callable[[Handler], Handler]:
    """Register the function that carries out `action_type`."""

    def register(fn: Handler) -> Handler:
        if action_type in HANDLERS:
            raise ValueError(f"{action_type.__name__} is handled twice")
        HANDLERS[action_type] = fn
        return fn

    return register


def require(condition: bool, reason: str) -> None:
    """Refuse the action with `reason` unless `condition` holds."""
    if not condition:
        raise IllegalAction(reason)


def require_phase(tx: Tx, *kinds: str) -> None:
    """Refuse unless the current phase is of one of `kinds` (a rule may add
    phases of an edition kind, such as a second combat move)."""
    if tx.rules.phase_kind(tx.state.phase) not in kinds:
        names = " or ".join(tx.rules.phase_name(k) for k in kinds)
        now = tx.rules.phase_name(tx.state.phase)
        raise IllegalAction(f"that is done in the {names} phase; it is now {now}")
