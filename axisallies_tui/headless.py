"""Play without a screen: bots, or actions as JSON lines on stdin.

Protocol (documented in README.md, "Headless protocol"): one JSON object per
line in each direction. In: an action (`{"action": ...}`) or a query
(`{"query": "state" | "legal" | "pending" | "status"}`). Out: `{"event": ...}`
lines for what happened, then one `{"status": ...}` line saying who acts now;
`{"pending": ...}` when a decision waits; `{"error": ...}` for bad input
(nothing changes); `{"result": ...}` when the game ends.
"""

from __future__ import annotations

import json
from typing import IO, Any, Callable

from axisallies_tui.codec import CodecError, action_from_json, action_to_json, event_to_json
from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.dice import SeededDice
from axisallies_tui.engine.economy import income_for
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.game import Step, apply, new_game
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.queries import controlled_by, count_units
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState


class Session:
    """A game being played headless, saved or only in memory."""

    def __init__(self, rules: Rules, state: GameState, seed: str, saved: Any = None, start_events: tuple[Any, ...] = ()) -> None:
        self.rules = rules
        self.state = state
        self.seed = seed
        self.saved = saved
        self.applied = 0
        self.start_events = start_events

    @classmethod
    def fresh(cls, rules: Rules, seed: str) -> "Session":
        step = new_game(rules, SeededDice(seed, 0))
        return cls(rules, step.state, seed, start_events=step.events)

    def apply(self, action: Any) -> Step:
        if self.saved is not None:
            step = self.saved.apply(action)
        else:
            step = apply(self.rules, self.state, action, SeededDice(self.seed, self.applied + 1))
        self.state = step.state
        self.applied += 1
        return step


def status(rules: Rules, state: GameState) -> dict[str, Any]:
    return {"round": state.round, "power": state.power, "phase": state.phase,
            "waiting_for": state.pending.power if state.pending else state.power}


def power_summary(rules: Rules, state: GameState) -> dict[str, Any]:
    return {
        ps.id: {
            "ipcs": ps.ipcs,
            "income": income_for(rules, state, ps.id),
            "territories": len(controlled_by(rules.board, state, ps.id)),
            "techs": list(ps.techs),
        }
        for ps in state.powers
    }


def state_json(rules: Rules, state: GameState) -> dict[str, Any]:
    """The whole position in plain terms (the `state` query)."""
    spaces = {}
    for space, held in zip(rules.board.spaces, state.spaces):
        spaces[space.id] = {"owner": held.owner, "units": count_units(held.units)}
    return {
        **status(rules, state),
        "powers": power_summary(rules, state),
        "unplaced": {ps.id: dict(ps.unplaced) for ps in state.powers if ps.unplaced},
        "spaces": spaces,
        "result": None if state.result is None else {"winner": state.result.winner, "reason": state.result.reason},
    }


def pending_json(state: GameState) -> dict[str, Any] | None:
    decision = state.pending
    if decision is None:
        return None
    return {"power": decision.power, "kind": decision.kind, "prompt": decision.prompt,
            "options": list(decision.options), "default": decision.default}


def play_bot(session: Session, rounds: int, seed: int | str) -> dict[str, Any]:
    """Let the random bot play every power for `rounds` rounds from where the game
    stands (a round under way counts as the first) or until someone wins; return
    the summary object of `axisallies headless --bot`."""
    bot = RandomBot(seed)
    first = session.state.round
    last = first + rounds - 1
    while session.state.result is None and session.state.round <= last:
        session.apply(bot.choose(session.rules, session.state))
    return summary(session, first)


def summary(session: Session, first_round: int) -> dict[str, Any]:
    state = session.state
    result = state.result
    played = (result.round if result else state.round - 1) - first_round + 1
    return {
        "rounds_played": played,
        "winner": result.winner if result else None,
        "reason": result.reason if result else None,
        "powers": power_summary(session.rules, state),
        "actions_applied": session.applied,
        "seed": session.seed,
        "save": session.saved.name if session.saved is not None else None,
        **status(session.rules, state),
    }


def serve(session: Session, lines: IO[str], write: Callable[[dict[str, Any]], None]) -> None:
    """Read actions and queries as JSON lines until end of input."""
    rules = session.rules
    for event in session.start_events:
        write(event_to_json(event, rules.board, rules.edition))
    _report_position(session, write)
    for number, line in enumerate(lines, start=1):
        line = line.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError as problem:
            write({"error": f"line {number} is not JSON: {problem}", "line": number})
            continue
        if isinstance(message, dict) and "query" in message:
            write(_answer_query(session, message["query"], number))
            continue
        try:
            action = action_from_json(message)
            step = session.apply(action)
        except (CodecError, IllegalAction) as problem:
            reason = problem.reason if isinstance(problem, IllegalAction) else str(problem)
            write({"error": reason, "line": number})
            continue
        for event in step.events:
            write(event_to_json(event, rules.board, rules.edition))
        _report_position(session, write)


def _report_position(session: Session, write: Callable[[dict[str, Any]], None]) -> None:
    state = session.state
    if state.result is not None:
        write({"result": {"winner": state.result.winner, "reason": state.result.reason, "round": state.result.round}})
        return
    pending = pending_json(state)
    if pending is not None:
        write({"pending": pending})
    write({"status": status(session.rules, state)})


def _answer_query(session: Session, query: Any, number: int) -> dict[str, Any]:
    rules, state = session.rules, session.state
    if query == "state":
        return {"state": state_json(rules, state)}
    if query == "legal":
        return {"legal": [action_to_json(a) for a in legal_actions(rules, state)]}
    if query == "pending":
        return {"pending": pending_json(state)}
    if query == "status":
        return {"status": status(rules, state)}
    return {"error": f"unknown query {query!r} (known: state, legal, pending, status)", "line": number}
