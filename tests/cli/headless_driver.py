"""A scripted driver of the headless protocol, for tests: it talks to `serve`
only in JSON lines, decides from what the lines advertise (the `legal` answer,
a pending decision's options and default), and checks every line both ways
against the shipped JSON Schemas."""

from __future__ import annotations

import json
import random
from typing import Any, Iterator

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match, relevance
from referencing import Registry, Resource

from axisallies_tui import schemas
from axisallies_tui.headless import Session, serve
from axisallies_tui.protocol import json_line

_IN, _OUT = schemas.load(schemas.IN), schemas.load(schemas.OUT)
_REGISTRY = Registry().with_resources(
    [(s["$id"], Resource.from_contents(s)) for s in (_IN, _OUT)]
)
IN_CHECK = Draft202012Validator(_IN, registry=_REGISTRY)
OUT_CHECK = Draft202012Validator(_OUT, registry=_REGISTRY)
ACTION_CHECK = Draft202012Validator({"$ref": _IN["$id"] + "#/$defs/action"}, registry=_REGISTRY)
_GOOD_ACTIONS: set[str] = set()


def out_problems(line: dict[str, Any]) -> list[str]:
    """Why a written line breaks the out schema. A `legal` answer's actions are
    checked one by one against the action definition, each distinct action once
    (the answers repeat most of them from one line to the next)."""
    if not isinstance(line.get("legal"), list):
        return problems(OUT_CHECK, line)
    found = problems(OUT_CHECK, {**line, "legal": []})
    for action in line["legal"]:
        key = json.dumps(action, sort_keys=True)
        if key not in _GOOD_ACTIONS:
            wrong = problems(ACTION_CHECK, action)
            found += [f"legal: {w}" for w in wrong]
            if not wrong:
                _GOOD_ACTIONS.add(key)
    return found


def problems(validator: Draft202012Validator, line: Any) -> list[str]:
    """Why `line` breaks the schema, as short texts (empty: it is valid)."""
    worst = best_match(validator.iter_errors(line), key=relevance)
    if worst is None:
        return []
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}" for e in (worst, *(worst.context or ()))]


class Driver:
    """Feeds `serve` one line at a time, choosing each from the lines written so far.
    After `last_round` the power to move concedes, so every session ends in a result."""

    LINES_PER_ROUND = 2000
    """Far more than a round needs (about 400-800 lines sent): more means play is stuck."""

    def __init__(self, session: Session, seed: int, last_round: int) -> None:
        self.session = session
        self.random = random.Random(seed)
        self.last_round = last_round
        self.out: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.wire: list[str] = []
        """Every line exactly as written (the text a pipe would carry)."""
        self.status: dict[str, Any] = {}
        self.result: dict[str, Any] | None = None

    def write(self, message: dict[str, Any]) -> None:
        line = json_line(message)
        self.wire.append(line)
        decoded = json.loads(line)
        assert decoded == json.loads(json.dumps(message)), "the escaped line must decode to what was meant"
        found = out_problems(decoded)
        assert not found, f"line {len(self.out) + 1} breaks the schema: {found}\n{line[:500]}"
        self.out.append(decoded)
        self.status = decoded.get("status", self.status)
        self.result = decoded.get("result", self.result)

    def play(self) -> int:
        return serve(self.session, self._lines(), self.write)

    def send(self, message: dict[str, Any]) -> str:
        found = problems(IN_CHECK, message)
        assert not found, f"the driver's own line breaks the schema: {found}\n{message}"
        self.sent.append(message)
        return json.dumps(message)

    def _lines(self) -> Iterator[str]:
        seen_turn = None
        while self.result is None:
            if self.status["round"] > self.last_round:  # enough played: end it, as players may
                yield self.send({"action": "concede"})
                continue
            stuck = len(self.sent) > self.LINES_PER_ROUND * self.status["round"]
            assert not stuck, f"the game stalls: {self.status}, last sent {self.sent[-3:]}"
            turn = (self.status["round"], self.status["power"])
            if turn != seen_turn:  # once a turn: the whole position
                seen_turn = turn
                yield self.send({"query": "state"})
            yield self.send({"query": "pending"})
            pending = self.out[-1]["pending"]
            if pending is not None:
                yield self.send({"action": "answer", "choice": self._answer(pending)})
            else:
                yield self.send({"query": "legal"})
                action = self._choose(self.out[-1]["legal"])
                if action["action"] == "move" and self.random.random() < 0.1:
                    yield self.send({"query": "preview", "action": action})
                yield self.send(action)
            refused = [m for m in self.out[-3:] if "error" in m]
            assert not refused, f"an advertised choice was refused: {refused} after {self.sent[-1]}"

    def _answer(self, pending: dict[str, Any]) -> str:
        """An answer the decision itself offers: casualties by piece id from the
        pieces it lists (as a player picks them), else one of its options, else
        its default."""
        question = pending.get("casualties")
        if question and question["hits"] and self.random.random() < 0.7:
            return pieces_answer(question, self.random)
        options = pending.get("options") or []
        if options:
            return str(self.random.choice(options))
        assert pending.get("default") is not None, f"a decision offers no answer: {pending}"
        return str(pending["default"])

    def _choose(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        """A legal action at random, ending the phase a quarter of the time so
        games move on (a concession is never chosen: the game should be played).
        When the phase may not end yet (an amphibious assault half built), moves
        are taken back until it may."""
        playable = [a for a in legal if a["action"] != "concede"]
        ending = [a for a in playable if a["action"] == "end_phase"]
        if ending and (self.random.random() < 0.25 or len(playable) == len(ending)):
            return ending[0]
        undo = [a for a in playable if a["action"] == "undo"]
        if not ending and undo:
            return undo[0]
        others = [a for a in playable if a["action"] != "end_phase"] or playable
        return self.random.choice(others)


def pieces_answer(question: dict[str, Any], rng: random.Random) -> str:
    """Casualties named by piece id ("#12, #15=2"): the submarine hits (`sea_hits`)
    on sea pieces first, the other hits on any piece with a hit left."""
    left = {p["uid"]: p["hits_left"] for p in question["pieces"]}
    sea = [p["uid"] for p in question["pieces"] if p["domain"] == "sea"]
    taken: dict[int, int] = {}

    def take(among: list[int]) -> None:
        uid = rng.choice([u for u in among if left[u]])
        left[uid] -= 1
        taken[uid] = taken.get(uid, 0) + 1

    for _ in range(question["sea_hits"]):
        take(sea)
    for _ in range(question["hits"] - question["sea_hits"]):
        take(list(left))
    return ", ".join(f"#{uid}" if n == 1 else f"#{uid}={n}" for uid, n in taken.items())
