"""Play without a screen: bots, or actions as JSON lines on stdin.

Protocol (documented in docs/headless.md; JSON Schema in schemas/): one JSON
object per line in each direction. Out first: `{"hello": {"protocol": N, ...}}`.
In: an action (`{"action": ...}`) or a query (`{"query": "state" | "legal" |
"pending" | "status" | "preview"}`). Out: `{"event": ...}` lines for what
happened, then one `{"status": ...}` line saying who acts now; `{"pending": ...}`
when a decision waits; `{"error": MESSAGE, "code": CODE, "line": N}` for bad
input (nothing changes); `{"result": ...}` when the game ends. Every line is
written by `protocol.json_line`, which leaves no control character raw.

Table dice: when an action needs dice the players roll by hand, the driver
writes `{"dice_needed": {"count", "purpose"}}` and reads `{"dice": [...]}`;
the action is then applied again from the start with every face typed so
far (the engine never waits, and applying is pure).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from attrs import asdict

from axisallies_tui import __version__
from axisallies_tui.codec import CodecError, action_from_json, action_to_json, event_to_json
from axisallies_tui.engine.actions import Answer, Concede
from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.combat import BATTLE, pending_fights
from axisallies_tui.engine.dice import (
    DIGITAL,
    SCRIPTED,
    TABLE,
    DiceExhausted,
    DiceMode,
    DiceNeeded,
    TableDice,
    face_problem,
)
from axisallies_tui.engine.economy import income_for
from axisallies_tui.engine.errors import DataError, IllegalAction
from axisallies_tui.engine.game import Step, apply, new_game
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.movement import Move, movement_left
from axisallies_tui.engine.queries import controlled_by, count_units
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.protocol import (
    BAD_DICE,
    BAD_JSON,
    BAD_REQUEST,
    DECISION_PENDING,
    DICE_EXHAUSTED,
    GAME_OVER,
    ILLEGAL_ACTION,
    ILLEGAL_MOVE,
    LINE_TOO_LONG,
    NO_DICE_NEEDED,
    NOT_YOUR_TURN,
    PROTOCOL,
    SAVE_FAILED,
    UNKNOWN_QUERY,
    error,
)
from axisallies_tui.store import NotYourTurn, SavedGame


class Session:
    """A game being played headless, saved or only in memory."""

    def __init__(self, rules: Rules, state: GameState, seed: str | None, saved: SavedGame | None = None,
                 start_events: tuple[Any, ...] = (), dice_mode: DiceMode | None = None, dice_used: int = 0) -> None:
        self.rules = rules
        self.state = state
        self.seed = seed
        self.saved = saved
        self.applied = 0
        self.start_events = start_events
        self._dice_mode = dice_mode or DiceMode()
        self._dice_used = dice_used

    @classmethod
    def fresh(cls, rules: Rules, seed: str, start: GameState | None = None,
              dice_mode: DiceMode | None = None) -> "Session":
        """A game only in memory, from the board's start or from a position."""
        mode = dice_mode or DiceMode()
        try:
            step = new_game(rules, mode.source(seed, 0, 0), start)
        except DiceExhausted as problem:
            raise DataError("scripted dice", "", f"the game cannot start: {problem.reason}") from None
        return cls(rules, step.state, seed, start_events=step.events, dice_mode=mode, dice_used=len(step.dice))

    @property
    def dice_mode(self) -> DiceMode:
        return self.saved.dice_mode if self.saved is not None else self._dice_mode

    @property
    def dice_used(self) -> int:
        return self.saved.dice_used if self.saved is not None else self._dice_used

    def apply(self, action: Any, typed: Sequence[int] = ()) -> Step:
        """Apply `action` with the game's dice; `typed` are the table dice typed
        for it so far. Raises IllegalAction (DiceNeeded, DiceExhausted)."""
        if self.saved is not None:
            step = self.saved.apply(action, TableDice(typed) if self.dice_mode.kind == TABLE else None)
        else:
            dice = self._dice_mode.source(self.seed, self.applied + 1, self._dice_used, typed)
            step = apply(self.rules, self.state, action, dice)
            self._dice_used += len(step.dice)
        self.state = step.state
        self.applied += 1
        return step


# -- dice modes from the command line ----------------------------------------------------


def dice_mode_from_options(dice: str | None, dice_file: str | None) -> DiceMode | None:
    """`--dice digital|table|1,4,6,...` or `--dice-file F`; None when neither is given.
    A bad value raises DataError naming the option or the file."""
    if dice is not None and dice_file is not None:
        raise DataError("--dice-file", "", "give --dice or --dice-file, not both")
    if dice_file is not None:
        path = Path(dice_file)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as problem:
            raise DataError(dice_file, "", f"cannot be read: {problem.strerror}") from None
        except UnicodeDecodeError:
            raise DataError(dice_file, "", "not text") from None
        faces = []
        for number, line in enumerate(text.splitlines(), start=1):
            for word in re.split(r"[\s,]+", line.split("#", 1)[0].strip()):
                if word:
                    faces.append(_face(word, dice_file, f"line {number}"))
        if not faces:
            raise DataError(dice_file, "", "holds no dice (write the faces 1-6, separated by commas or spaces)")
        return DiceMode(kind=SCRIPTED, script=tuple(faces))
    if dice is None:
        return None
    word = dice.strip().lower()
    if word in (DIGITAL, TABLE):
        return DiceMode(kind=word)
    faces = [_face(w, "--dice", "") for w in re.split(r"[\s,]+", dice.strip()) if w]
    if not faces:
        raise DataError("--dice", "", "write digital, table, or the faces to use, like 1,4,6")
    return DiceMode(kind=SCRIPTED, script=tuple(faces))


def _face(word: str, source: str, entry: str) -> int:
    try:
        face = int(word)
    except ValueError:
        face = word  # type: ignore[assignment]
    problem = face_problem(face)
    if problem:
        raise DataError(source, entry, problem)
    return face


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
    """The whole position in plain terms (the `state` query). `units` counts the
    pieces of each space; `pieces` names every one of them."""
    spaces = {}
    for space, held in zip(rules.board.spaces, state.spaces):
        spaces[space.id] = {"owner": held.owner, "original_owner": space.original_owner,
                            "units": count_units(held.units),
                            "pieces": [piece_json(rules, state, unit, held.units) for unit in held.units]}
    return {
        **status(rules, state),
        "powers": power_summary(rules, state),
        "unplaced": {ps.id: dict(ps.unplaced) for ps in state.powers if ps.unplaced},
        "spaces": spaces,
        "battles": battles_json(rules, state),
        "result": None if state.result is None else {"winner": state.result.winner, "reason": state.result.reason},
    }


def piece_json(rules: Rules, state: GameState, unit: Unit, beside: Sequence[Unit]) -> dict[str, Any]:
    """One piece: its id (what `uids` and casualty answers name), what it is, whose,
    how far it may still move this turn, where it came from, what it carries."""
    return {"id": unit.uid, "type": unit.type, "owner": unit.power,
            "moves_left": movement_left(rules, state, unit), "came_from": unit.came_from,
            "aboard": unit.aboard, "cargo": [u.uid for u in beside if u.aboard == unit.uid],
            "damage": unit.damage}


def battles_json(rules: Rules, state: GameState) -> list[dict[str, Any]]:
    """The battles and raids the power to act still has to fight ("kind": "battle"
    or "raid"; a territory both attacked and raided has one of each), and whether
    one of them is being fought now."""
    under_way = state.battle.space if state.battle is not None else None
    return [{"space": space, "kind": kind, "under_way": kind == BATTLE and space == under_way}
            for space, kind in pending_fights(rules, state)]


def pending_json(state: GameState) -> dict[str, Any] | None:
    decision = state.pending
    if decision is None:
        return None
    shown: dict[str, Any] = {"power": decision.power, "kind": decision.kind, "prompt": decision.prompt,
                             "options": list(decision.options), "default": decision.default}
    if decision.casualties is not None:  # answers may also name these pieces: "#12, #15"
        shown["casualties"] = asdict(decision.casualties)
    return shown


def play_bot(session: Session, rounds: int, seed: int | str) -> dict[str, Any]:
    """Let the random bot play every power for `rounds` rounds from where the game
    stands (a round under way counts as the first) or until someone wins; return
    the summary object of `axisallies headless --bot`."""
    bot = RandomBot(seed)
    first = session.state.round
    last = first + rounds - 1
    while session.state.result is None and session.state.round <= last:
        try:
            session.apply(bot.choose(session.rules, session.state))
        except DiceExhausted as problem:
            saved = f" (saved as {session.saved.name})" if session.saved is not None else ""
            raise DataError("scripted dice", "", f"{problem.reason}; the game stopped after "
                                                 f"{session.applied} actions{saved}") from None
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


# -- the greeting and the codes of refusals -------------------------------------------


def hello(session: Session) -> dict[str, Any]:
    """The first line a driver reads: the protocol version and the game's setting."""
    rules = session.rules
    return {"hello": {
        "protocol": PROTOCOL, "program": "axisallies-tui", "version": __version__,
        "board": rules.board.id, "house_rules": list(rules.ruleset.house_ids()),
        "dice": session.dice_mode.kind, "seed": session.seed,
        "save": session.saved.name if session.saved is not None else None,
    }}


def _refusal_code(state: GameState, action: Any) -> str:
    """Why the engine refused `action`, as a code: the game is over, a question
    waits for its answer, or the rules forbid it."""
    if state.result is not None:
        return GAME_OVER
    if state.pending is not None and not isinstance(action, (Answer, Concede)):
        return DECISION_PENDING
    return ILLEGAL_MOVE if isinstance(action, Move) else ILLEGAL_ACTION


def serve(session: Session, lines: Iterable[str], write: Callable[[dict[str, Any]], None]) -> int:
    """Read actions and queries as JSON lines until end of input. Returns the exit
    status: 0, or 2 when scripted dice ran out (the game stops there)."""
    rules = session.rules
    write(hello(session))
    for event in session.start_events:
        write(event_to_json(event, rules.board, rules.edition))
    _report_position(session, write)
    incoming = _messages(lines)
    for number, message, problem in incoming:
        if problem is not None:
            write(error(*problem, number))
            continue
        if isinstance(message, dict) and "query" in message:
            write(_answer_query(session, message["query"], number, message))
            continue
        if not isinstance(message, dict):
            write(error(BAD_REQUEST, f"line {number}: expected a JSON object with \"action\" or \"query\"", number))
            continue
        if isinstance(message, dict) and "dice" in message and "action" not in message:
            write(error(NO_DICE_NEEDED, "no dice are needed now", number))
            continue
        try:
            action = action_from_json(message)
        except CodecError as refused:
            write(error(refused.code, str(refused), number))
            continue
        if _attempt(session, action, number, incoming, write):
            return 2
    return 0


MAX_LINE = 65536
"""The longest input line read (a longer one is refused, not parsed)."""


Problem = tuple[str, str]
"""(error code, message) for an input line that cannot be read."""
Incoming = Iterator[tuple[int, Any, Problem | None]]


def _messages(lines: Iterable[str]) -> Incoming:
    """(line number, parsed JSON, problem) for each non-blank input line."""
    for number, line in enumerate(lines, start=1):
        line = line.strip()
        if not line:
            continue
        if len(line) > MAX_LINE:
            yield number, None, (LINE_TOO_LONG, f"line {number} is longer than {MAX_LINE} characters")
            continue
        try:
            yield number, json.loads(line), None
        except RecursionError:
            yield number, None, (BAD_JSON, f"line {number} is nested too deeply")
        except ValueError as problem:
            yield number, None, (BAD_JSON, f"line {number} is not JSON: {problem}")


def _attempt(session: Session, action: Any, number: int, incoming: Incoming,
             write: Callable[[dict[str, Any]], None]) -> bool:
    """Apply one action, asking for table dice as often as it needs them.
    True when the game must stop (scripted dice ran out)."""
    rules = session.rules
    typed: list[int] = []
    while True:
        try:
            step = session.apply(action, typed)
        except DiceNeeded as need:
            faces = _ask_for_dice(session, need, incoming, write)
            if faces is None:
                _report_position(session, write)
                return False
            typed.extend(faces)
            continue
        except DiceExhausted as problem:
            write(error(DICE_EXHAUSTED, f"{problem.reason}; the game stops here", number))
            return True
        except IllegalAction as problem:
            write(error(_refusal_code(session.state, action), problem.reason, number))
            return False
        except NotYourTurn as problem:
            write(error(NOT_YOUR_TURN, str(problem), number))
            return False
        except DataError as problem:  # the save cannot be written: stop, keeping what is saved
            write(error(SAVE_FAILED, f"{problem}; the game stops here", number))
            return True
        for event in step.events:
            write(event_to_json(event, rules.board, rules.edition))
        _report_position(session, write)
        return False


def _ask_for_dice(session: Session, need: DiceNeeded, incoming: Incoming,
                  write: Callable[[dict[str, Any]], None]) -> list[int] | None:
    """Ask for `need.count` table dice until a valid answer comes; None when the
    players cancel the action (`{"cancel": true}`) or the input ends."""
    request = {"dice_needed": {"count": need.count, "purpose": need.purpose}}
    write(request)
    for number, message, problem in incoming:
        if problem is None and isinstance(message, dict) and "query" in message:
            write(_answer_query(session, message["query"], number, message))
            continue
        if problem is None and message == {"cancel": True}:
            return None
        if problem is None:
            faces, wrong = typed_dice(message, need.count, need.purpose)
            if wrong is None:
                return faces
            problem = (BAD_DICE, wrong)
        write(error(*problem, number))
        write(request)
    return None


def typed_dice(message: Any, count: int, purpose: str) -> tuple[list[int], str | None]:
    """Check a `{"dice": [...]}` answer: exactly `count` faces from 1 to 6."""
    if not isinstance(message, dict) or set(message) != {"dice"} or not isinstance(message["dice"], list):
        return [], f"type the dice as {{\"dice\": [...]}} ({count} for {purpose}), or {{\"cancel\": true}}"
    faces = message["dice"]
    if len(faces) > count:
        return [], f"{count} {'die' if count == 1 else 'dice'} needed for {purpose}, not {len(faces)}"
    for face in faces:
        problem = face_problem(face)
        if problem:
            return [], problem
    if len(faces) != count:
        return [], f"{count} {'die' if count == 1 else 'dice'} needed for {purpose}, not {len(faces)}"
    return list(faces), None


def _report_position(session: Session, write: Callable[[dict[str, Any]], None]) -> None:
    state = session.state
    if state.result is not None:
        write({"result": {"winner": state.result.winner, "reason": state.result.reason, "round": state.result.round}})
        return
    pending = pending_json(state)
    if pending is not None:
        write({"pending": pending})
    write({"status": status(session.rules, state)})


def _answer_query(session: Session, query: Any, number: int, message: dict[str, Any] | None = None) -> dict[str, Any]:
    rules, state = session.rules, session.state
    if query == "preview":
        return _preview(rules, state, (message or {}).get("action"), number)
    if query == "state":
        return {"state": state_json(rules, state)}
    if query == "legal":
        return {"legal": [action_to_json(a) for a in legal_actions(rules, state)]}
    if query == "pending":
        return {"pending": pending_json(state)}
    if query == "status":
        return {"status": status(rules, state)}
    shown = json.dumps(query, ensure_ascii=True)[:40]
    return error(UNKNOWN_QUERY, f"unknown query {shown} (known: state, legal, pending, status, preview)", number)


def _preview(rules: Rules, state: GameState, action: Any, number: int) -> dict[str, Any]:
    """What a move would do, from the engine (`engine.preview`), without doing it."""
    from axisallies_tui.engine.movement import Move
    from axisallies_tui.engine.preview import preview

    try:
        move = action_from_json(action)
    except CodecError as problem:
        return error(problem.code, f"preview needs a move action: {problem}", number)
    if not isinstance(move, Move):
        return error(BAD_REQUEST, "preview answers for move actions only", number)
    seen = preview(rules, state, move, with_odds=True)
    odds = seen.odds
    return {"preview": {
        "ok": seen.ok, "problem": seen.problem, "path": list(seen.path), "how": seen.how,
        "moved": [[unit, count] for unit, count in seen.moved], "fees": [[n, why] for n, why in seen.fees],
        "anti_aircraft": list(seen.anti_aircraft), "captures": list(seen.captures), "battle": seen.battle,
        "aircraft_at_risk": seen.aircraft_at_risk,
        "odds": None if odds is None else {"attacker_win": round(odds.attacker_win, 4),
                                           "defender_win": round(odds.defender_win, 4),
                                           "no_capture": round(odds.attacker_survives_no_capture, 4),
                                           "method": odds.method, "margin": round(odds.margin, 4)},
    }}
