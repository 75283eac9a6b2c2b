"""The turn-phase state machine: phases in order, turns in order, rounds.

The turn is data: a turn's phase ids come from the edition and pass through
the `turn_phases` hook (a rule may insert, remove or reorder phases); the
round's order is the board's powers that take turns, which `choose_next_power`
may change. Each phase id has a *kind* (`Rules.phase_kind`): the edition's
procedures below are registered per kind, and a phase of a kind a house rule
owns runs through that rule (`HouseRule.run_phase`).

Some kinds run by themselves when entered (collect income; conduct combat
with no battle): `AUTOMATIC`. Leaving a phase may have consequences (unplaced
units are lost): `ON_LEAVE`. These tables hold the edition's procedure only,
filled once by the engine's own modules; registering a kind twice is an error.
House rules never register here: they use the lifecycle hooks.
"""

from __future__ import annotations

from typing import Callable, TypeVar

from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.copying import evolve
from axisallies_tui.engine.events import BonusPaid, PhaseSkipped, PhaseStarted, RoundEnded, TurnStarted
from axisallies_tui.engine.hooks import END_OF_ROUND, END_OF_TURN, HouseRule
from axisallies_tui.engine.model import PHASE_KINDS
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, TurnRecord, Unit
from axisallies_tui.engine.tx import Tx, handles, require

T = TypeVar("T")

# phase kind -> function run on entering it; returns True when the phase is done
# (the machine moves on), False when players must act in it.
AUTOMATIC: dict[str, Callable[[Tx], bool]] = {}
# phase kind -> function run when the phase is left.
ON_LEAVE: dict[str, Callable[[Tx], None]] = {}
# phase kind -> function saying why the phase may not end yet (None: it may).
LEAVE_CHECKS: dict[str, Callable[[Tx], str | None]] = {}


PHASE_ENDS_TAKEN_BACK = frozenset({"purchase"})
"""Phase kinds whose end `u` may take back (issue 13: a purchase ended with money
left by mistake), as long as no die has been rolled and the turn has not passed
since. Other phase ends stay final, as at the table."""


def _register(table: dict[str, T], kind: str, what: str) -> Callable[[T], T]:
    if kind not in PHASE_KINDS:
        raise ValueError(f"{kind!r} is not a phase kind the engine runs")

    def register(fn: T) -> T:
        if kind in table:
            raise ValueError(f"the {what} of {kind} phases is registered twice")
        table[kind] = fn
        return fn

    return register


def automatic(kind: str) -> Callable[[Callable[[Tx], bool]], Callable[[Tx], bool]]:
    return _register(AUTOMATIC, kind, "automatic step")


def on_leave(kind: str) -> Callable[[Callable[[Tx], None]], Callable[[Tx], None]]:
    return _register(ON_LEAVE, kind, "end step")


def leave_check(kind: str) -> Callable[[Callable[[Tx], str | None]], Callable[[Tx], str | None]]:
    return _register(LEAVE_CHECKS, kind, "end check")


def leave_phase(tx: Tx, phase: str) -> None:
    """The edition's end-of-phase step for `phase`'s kind, then every rule's `on_phase_end`."""
    end = ON_LEAVE.get(tx.rules.phase_kind(phase))
    owner = _owner(tx, phase)
    if end is not None:
        end(tx)
    elif owner is not None:
        owner.end_phase(tx, phase)
    for rule in tx.rules.hooks("on_phase_end"):
        rule.on_phase_end(tx, phase)


def why_not_end_phase(tx: Tx) -> str | None:
    phase = tx.state.phase
    owner = _owner(tx, phase)
    if owner is not None:
        return owner.why_not_end_phase(tx.rules, tx.state, phase)
    check = LEAVE_CHECKS.get(tx.rules.phase_kind(phase))
    return check(tx) if check else None


def pay_bonuses(tx: Tx, power: str, hook: str) -> None:
    """Pay the IPCs the rules' `hook` (turn_start_bonus or income_bonus) grant `power`."""
    for rule in tx.rules.hooks(hook):
        for amount, reason in getattr(rule, hook)(tx.rules, tx.state, power):
            if amount:
                total = tx.add_ipcs(power, amount)
                tx.emit(BonusPaid(power=power, amount=amount, reason=reason, ipcs=total))


def _owner(tx: Tx, phase: str) -> HouseRule | None:
    """The rule that runs `phase`, when its kind is not one the edition runs."""
    if tx.rules.phase_kind(phase) in PHASE_KINDS:
        return None
    return tx.rules.active.owner_of_phase(phase)


def phases_for(tx: Tx, power: str) -> tuple[str, ...]:
    return _phase_plan(tx, power)[0]


def _phase_plan(tx: Tx, power: str) -> tuple[tuple[str, ...], dict[str, str]]:
    """This turn's phases, and why each phase left out of it is left out."""
    phases = tuple(tx.edition.phases)
    left_out: dict[str, str] = {}
    if not tx.rules.option("tech_development"):
        left_out.update((p, "weapons development is off in this game")
                        for p in phases if tx.rules.phase_kind(p) == "research")
        phases = tuple(p for p in phases if p not in left_out)
    for rule in tx.rules.hooks("turn_phases"):
        after = rule.turn_phases(tx.rules, tx.state, power, phases)
        left_out.update((p, f"house rule {rule.id} leaves it out of this turn") for p in phases if p not in after)
        phases = after
    return phases, {p: why for p, why in left_out.items() if p not in phases}


def start_turn(tx: Tx, power: str) -> None:
    """Begin `power`'s turn: reset per-turn records, pay start bonuses, enter phase one."""
    spaces = tuple(
        evolve(sp, units=tuple(_fresh(u) if u.power == power else u for u in sp.units))
        if any(u.power == power and _fresh(u) is not u for u in sp.units)
        else sp
        for sp in tx.state.spaces
    )
    phases, left_out = _phase_plan(tx, power)
    tx.update(power=power, spaces=spaces, turn=TurnRecord(phases=phases))
    tx.emit(TurnStarted(round=tx.state.round, power=power))
    for phase, reason in left_out.items():  # said, so a player (or driver) is not left wondering
        tx.emit(PhaseSkipped(power=power, phase=phase, reason=reason))
    pay_bonuses(tx, power, "turn_start_bonus")
    for rule in tx.rules.hooks("on_turn_start"):
        rule.on_turn_start(tx, power)
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
        for rule in tx.rules.hooks("on_phase_start"):
            rule.on_phase_start(tx, phase)
        if not _run_phase(tx, phase):
            return
        if tx.state.result is not None or tx.state.pending is not None:
            return
        leave_phase(tx, phase)
        position += 1
    end_turn(tx)


def _run_phase(tx: Tx, phase: str) -> bool:
    """Run the automatic part of `phase`; True when it needs no player."""
    if tx.state.result is not None or tx.state.pending is not None:
        return False
    owner = _owner(tx, phase)
    if owner is not None:
        return owner.run_phase(tx, phase)
    run = AUTOMATIC.get(tx.rules.phase_kind(phase))
    return run is not None and run(tx)


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
    for rule in tx.rules.hooks("on_turn_end"):
        rule.on_turn_end(tx, finished)
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
    for power in turn_takers(tx.rules, tx.state):
        if power not in done:
            return power
    return None


def turn_takers(rules: Rules, state: GameState) -> tuple[str, ...]:
    """The powers that take turns, in the board's order: not neutral garrisons,
    not powers played as part of another's turn, not powers out of the game."""
    return tuple(
        p.id for p in rules.board.powers
        if p.takes_turns and p.played_by is None and p.id not in state.eliminated
    )
