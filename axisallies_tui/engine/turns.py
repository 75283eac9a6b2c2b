"""The turn-phase state machine: phases in order, turns in order, rounds.

A turn's phases come from the edition and pass through the `turn_phases`
hook. Some phases run by themselves when entered (collect income; conduct
combat with no battle): they are registered in `AUTOMATIC`. Leaving a phase
may have consequences (unplaced units are lost): `ON_LEAVE`.
"""

from __future__ import annotations

from typing import Callable

from attrs import evolve

from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.events import PhaseStarted, RoundEnded, TurnStarted
from axisallies_tui.engine.hooks import END_OF_ROUND, END_OF_TURN
from axisallies_tui.engine.state import TurnRecord, Unit
from axisallies_tui.engine.tx import Tx, handles, require

# phase id -> function run on entering it; returns True when the phase is done
# (the machine moves on), False when players must act in it.
AUTOMATIC: dict[str, Callable[[Tx], bool]] = {}
# phase id -> function run when the phase is left.
ON_LEAVE: dict[str, list[Callable[[Tx], None]]] = {}
# phase id -> function saying why the phase may not end yet (None: it may).
LEAVE_CHECKS: dict[str, Callable[[Tx], str | None]] = {}


def automatic(phase: str) -> Callable[[Callable[[Tx], bool]], Callable[[Tx], bool]]:
    def register(fn: Callable[[Tx], bool]) -> Callable[[Tx], bool]:
        AUTOMATIC[phase] = fn
        return fn

    return register


def on_leave(phase: str) -> Callable[[Callable[[Tx], None]], Callable[[Tx], None]]:
    def register(fn: Callable[[Tx], None]) -> Callable[[Tx], None]:
        ON_LEAVE.setdefault(phase, []).append(fn)
        return fn

    return register


def leave_phase(tx: Tx, phase: str) -> None:
    """Run everything registered for leaving `phase` (edition rules and house rules)."""
    for fn in ON_LEAVE.get(phase, ()):
        fn(tx)


def leave_check(phase: str) -> Callable[[Callable[[Tx], str | None]], Callable[[Tx], str | None]]:
    def register(fn: Callable[[Tx], str | None]) -> Callable[[Tx], str | None]:
        LEAVE_CHECKS[phase] = fn
        return fn

    return register


def why_not_end_phase(tx: Tx) -> str | None:
    check = LEAVE_CHECKS.get(tx.state.phase)
    return check(tx) if check else None


def phases_for(tx: Tx, power: str) -> tuple[str, ...]:
    phases = tuple(tx.edition.phases)
    if not tx.rules.option("tech_development"):
        phases = tuple(p for p in phases if p != "research")
    for rule in tx.rules.hooks("turn_phases"):
        phases = rule.turn_phases(tx.rules, tx.state, power, phases)
    return phases


def start_turn(tx: Tx, power: str) -> None:
    """Begin `power`'s turn: reset per-turn records, pay start bonuses, enter phase one."""
    spaces = tuple(
        evolve(sp, units=tuple(_fresh(u) if u.power == power else u for u in sp.units))
        if any(u.power == power and _fresh(u) is not u for u in sp.units)
        else sp
        for sp in tx.state.spaces
    )
    tx.update(power=power, spaces=spaces, turn=TurnRecord(phases=phases_for(tx, power)))
    tx.emit(TurnStarted(round=tx.state.round, power=power))
    from axisallies_tui.engine.economy import pay_bonuses  # local: economy imports this module

    pay_bonuses(tx, power, "turn_start_bonus")
    enter_phase(tx, 0)


_FRESH = Unit(uid=0, power="", type="")
_PER_TURN = ("moved", "came_from", "combat_moved", "stopped", "amphibious", "unloaded", "landing", "fought", "raiding")


def _fresh(unit: Unit) -> Unit:
    """The unit with its per-turn movement and battle records cleared (same object
    when there is nothing to clear, so unchanged spaces stay shared)."""
    if all(getattr(unit, name) == getattr(_FRESH, name) for name in _PER_TURN):
        return unit
    return evolve(unit, **{name: getattr(_FRESH, name) for name in _PER_TURN})


def enter_phase(tx: Tx, position: int) -> None:
    """Enter the phase at `position` in this turn's list, running automatic phases
    through, until one needs a player or the turn is over."""
    phases = tx.state.turn.phases
    while position < len(phases):
        phase = phases[position]
        tx.update(phase=phase)
        tx.emit(PhaseStarted(power=tx.state.power, phase=phase))
        run = AUTOMATIC.get(phase)
        if run is None or not run(tx):
            return
        if tx.state.result is not None or tx.state.pending is not None:
            return
        leave_phase(tx, phase)
        position += 1
    end_turn(tx)


@handles(EndPhase)
def end_phase(tx: Tx, action: EndPhase) -> None:
    phase = tx.state.phase
    problem = why_not_end_phase(tx)
    require(problem is None, problem or "")
    leave_phase(tx, phase)
    enter_phase(tx, tx.state.turn.phases.index(phase) + 1)


def end_turn(tx: Tx) -> None:
    from axisallies_tui.engine.victory import check_victory

    finished = tx.state.power
    tx.update(done_this_round=tx.state.done_this_round + (finished,))
    if check_victory(tx, END_OF_TURN):
        return
    following = next_power(tx)
    if following is None:
        tx.emit(RoundEnded(round=tx.state.round))
        if check_victory(tx, END_OF_ROUND):
            return
        tx.update(round=tx.state.round + 1, done_this_round=())
        following = next_power(tx)
        assert following is not None, "a new round always has a first power"
    start_turn(tx, following)


def next_power(tx: Tx) -> str | None:
    """Who plays next in this round, or None when every power has played."""
    for rule in tx.rules.hooks("choose_next_power"):
        answer = rule.choose_next_power(tx.rules, tx.state, tx.dice)
        if answer is not None:
            power, events = answer
            for event in events:
                tx.emit(event)
            return power
    done = set(tx.state.done_this_round)
    for power in tx.board.powers:
        if power.id not in done:
            return power.id
    return None
