"""Odds by fighting the battle many times with the engine itself.

When house rules change a battle's steps (`battle.is_edition_procedure` is
False), the exact calculator no longer describes it. Rather than give a wrong
number that looks exact, the odds come from the engine's own battle procedure,
fought with seeded dice and every question answered with its default
(cheapest casualties, press on). The procedure is written once; the result
says it was simulated and how far it may be off.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Callable, Iterator, Sequence

from attrs import evolve, frozen

from axisallies_tui.engine.actions import Action, Answer
from axisallies_tui.engine.dice import SeededDice
from axisallies_tui.engine.errors import IllegalAction, OddsCancelled
from axisallies_tui.engine.events import Casualties, CasualtiesChosen, Event
from axisallies_tui.engine.model import LAND
from axisallies_tui.engine.odds import Odds
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState

TRIALS = 1000
SEED = "odds"
_MAX_STEPS = 400
_OUTCOME = {"attacker": "attacker_win", "defender": "defender_win", "both": "draw",
            "stalemate": "stalemate", "retreat": "attacker_retreat"}


PROGRESS_EVERY = 100
"""Battles between two reports of the figures so far (`simulated_odds`'s `progress`)."""

Progress = Callable[[Odds, int, int], None]
"""Told the figures so far, the battles fought and the battles to fight."""


def simulated_odds(rules: Rules, state: GameState, space_id: str, trials: int = TRIALS,
                   stop: Callable[[], bool] | None = None, progress: Progress | None = None) -> Odds:
    """Fight the battle in `space_id` `trials` times (the same seeds every call,
    so the same position always shows the same figures). `stop` is asked between
    trials (an interface whose position moved on): when it says so, raise
    OddsCancelled rather than spend seconds on figures nobody will see.
    `progress` is told the figures so far every `PROGRESS_EVERY` battles (not
    after the last: that is the answer), so an interface can show a first
    estimate long before the whole run ends; the figures after n battles are
    those `trials=n` would give."""
    start = _ready_to_fight(rules, state)
    tally = _Tally()
    for trial in range(trials):
        if stop is not None and stop():
            raise OddsCancelled(space_id)
        tally.add(rules, space_id, _fight_once(rules, start, space_id, trial))
        fought = trial + 1
        if progress is not None and fought % PROGRESS_EVERY == 0 and fought < trials:
            progress(tally.odds(), fought, trials)
    return tally.odds()


class _Tally:
    """What the battles fought so far came to."""

    def __init__(self) -> None:
        self.trials = 0
        self.rounds = 0
        self.outcomes: Counter[str] = Counter()
        self.att_left: Counter[str] = Counter()
        self.def_left: Counter[str] = Counter()
        self.att_counts: Counter[int] = Counter()
        self.def_counts: Counter[int] = Counter()
        self.att_lost = 0
        self.def_lost = 0

    def add(self, rules: Rules, space_id: str, fought: _Fought) -> None:
        from axisallies_tui.engine.combat import attackers_in, defenders_in

        after, outcome = fought.state, fought.outcome
        attackers = attackers_in(rules, after, space_id) if outcome != "retreat" else []
        defenders = defenders_in(rules, after, space_id)
        if outcome == "attacker" and rules.board.space(space_id).is_land and \
                not any(rules.edition.unit(u.type).domain == LAND for u in attackers):
            outcome = "no_capture"  # aircraft alone cannot take it: kept apart, as the exact odds do
        self.trials += 1
        self.outcomes[outcome] += 1
        self.att_lost += fought.attacker_lost
        self.def_lost += fought.defender_lost
        self.att_left.update(u.type for u in attackers)
        self.def_left.update(u.type for u in defenders)
        self.att_counts[len(attackers)] += 1
        self.def_counts[len(defenders)] += 1
        self.rounds += fought.rounds

    def odds(self) -> Odds:
        trials = self.trials
        share = {name: self.outcomes[code] / trials for code, name in _OUTCOME.items()}
        win = share["attacker_win"]
        return Odds(
            attacker_win=win, defender_win=share["defender_win"], draw=share["draw"],
            stalemate=share["stalemate"], attacker_survives_no_capture=self.outcomes["no_capture"] / trials,
            attacker_retreat=share["attacker_retreat"], unfinished=self.outcomes["unfinished"] / trials,
            attacker_survivors=tuple((unit, n / trials) for unit, n in sorted(self.att_left.items())),
            defender_survivors=tuple((unit, n / trials) for unit, n in sorted(self.def_left.items())),
            attacker_survivor_counts=_distribution(self.att_counts, trials),
            defender_survivor_counts=_distribution(self.def_counts, trials),
            attacker_ipc_loss=self.att_lost / trials, defender_ipc_loss=self.def_lost / trials,
            rounds=self.rounds / trials,
            method="simulated", margin=1.96 * math.sqrt(max(win * (1 - win), 1 / trials) / trials),
        )


def _ready_to_fight(rules: Rules, state: GameState) -> GameState:
    """The position with its battle about to be fought: in the conduct combat
    phase (odds are asked while planning too), with no question pending."""
    if state.battle is not None:
        return state
    phase = next((p for p in rules.edition.phases if rules.phase_kind(p) == "conduct_combat"), state.phase)
    return evolve(state, phase=phase, pending=None, undo=())


@frozen
class _Fought:
    """One battle fought to its end (or as far as it went)."""

    state: GameState
    outcome: str
    rounds: int
    attacker_lost: int = 0
    """Cost of the attacker's units destroyed (the edition's prices)."""
    defender_lost: int = 0


def _fight_once(rules: Rules, state: GameState, space_id: str, trial: int) -> _Fought:
    """One battle to its end."""
    from axisallies_tui.engine.combat import BattleEnded, Fight
    from axisallies_tui.engine.game import apply

    dice = SeededDice(SEED, trial)
    attacker = state.power
    lost = Counter[bool]()  # by "is the attacker's"
    action: Action | None = Fight(space=space_id) if state.battle is None else _default(state)
    rounds = state.battle.round if state.battle else 1
    for _ in range(_MAX_STEPS):
        if action is None:
            break
        try:
            step = apply(rules, state, action, dice)
        except IllegalAction:
            break
        if step.state.battle is not None:
            rounds = step.state.battle.round
        state = step.state
        for power, cost in _losses(rules, step.events, space_id):
            lost[power == attacker] += cost
        ended = next((e for e in step.events if isinstance(e, BattleEnded) and e.space == space_id), None)
        if ended is not None:
            return _Fought(state, ended.outcome, rounds, lost[True], lost[False])
        action = _default(state)
    return _Fought(state, "unfinished", rounds, lost[True], lost[False])


def _losses(rules: Rules, events: Sequence[Event], space_id: str) -> Iterator[tuple[str, int]]:
    """(power, cost) of the units the battle in `space_id` destroyed in `events`:
    the casualties removed (fighters left with no deck when their carrier sank
    among them, which the exact calculator does not count)."""
    for event in events:
        if isinstance(event, Casualties) and not isinstance(event, CasualtiesChosen) and event.space == space_id:
            yield event.power, sum(rules.edition.unit(unit).cost * n for unit, n in event.destroyed)


def _default(state: GameState) -> Action | None:
    pending = state.pending
    return Answer(choice=pending.default) if pending is not None and pending.default is not None else None


def _distribution(counts: Counter[int], trials: int) -> tuple[float, ...]:
    top = max(counts) if counts else 0
    return tuple(counts[n] / trials for n in range(top + 1))
