"""Saved games: one SQLite file per game, an append-only, hash-chained action log.

Layout of a save (`<games dir>/<name>.aagame`):

- `meta`: format version, board id and digest, ruleset, players, dice seed,
  dice mode (digital, table or scripted; see `engine.dice.DiceMode`), the
  dice and events of the game's start, and a summary for listings.
- `actions`: one row per action in play order: the action (JSON), the dice
  faces it consumed, the events it caused, and a hash that chains the row to
  the one before. Rows are only ever added.
- `snapshots`: the state every `SNAPSHOT_EVERY` actions, so loading replays
  only the tail.

Every action is committed (WAL, synchronous=FULL) before `apply` returns, so a
killed process loses nothing. Loading verifies the chain and replays the tail
with the recorded dice; any mismatch refuses the file and leaves it untouched.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from axisallies_tui import __version__, locations
from axisallies_tui.codec import (
    CodecError,
    action_from_json,
    dice_mode_from_json,
    dice_mode_to_json,
    action_to_json,
    canonical,
    event_to_json,
    ruleset_from_json,
    ruleset_to_json,
    state_from_json,
    state_to_json,
)
from axisallies_tui.engine.actions import Action
from axisallies_tui.engine.dice import SCRIPTED, DiceMode, DiceSource, ScriptedDice
from axisallies_tui.engine.errors import DataError, IllegalAction
from axisallies_tui.engine.game import Step, apply, new_game
from axisallies_tui.engine.rules import Rules, Ruleset
from axisallies_tui.engine.state import GameState

FORMAT_VERSION = 1
SNAPSHOT_EVERY = 100
SUFFIX = ".aagame"
EXPORT_FORMAT = "axisallies-tui game"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    seq INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    dice TEXT NOT NULL,
    events TEXT NOT NULL,
    hash TEXT NOT NULL,
    played_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS snapshots (seq INTEGER PRIMARY KEY, state TEXT NOT NULL, state_hash TEXT NOT NULL);
"""


class StoreError(DataError):
    """A save that cannot be created, found or trusted."""


def safe_name(name: str) -> str:
    """A save name that cannot leave the saves folder: letters, digits, `-` and `_`."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-_")[:64]
    if not cleaned:
        raise StoreError(name or "(empty)", "", "a save name needs at least one letter or digit")
    return cleaned


def save_path(name: str, folder: Path | None = None) -> Path:
    folder = folder or locations.games_dir()
    path = (folder / f"{safe_name(name)}{SUFFIX}").resolve()
    if path.parent != folder.resolve():
        raise StoreError(name, "", "that name would leave the saves folder")
    return path


def _chain(previous: str, seq: int, action: str, dice: str) -> str:
    return hashlib.sha256(f"{previous}|{seq}|{action}|{dice}".encode()).hexdigest()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@contextlib.contextmanager
def _private_files() -> Iterator[None]:
    """Files created inside are readable by their owner only (shared servers)."""
    old = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(old)


class SavedGame:
    """A game backed by its save file. `apply` commits before it returns."""

    def __init__(self, path: Path, conn: sqlite3.Connection, rules: Rules, state: GameState,
                 seq: int, last_hash: str, seed: str, meta: dict[str, Any],
                 dice_mode: DiceMode | None = None, dice_used: int = 0) -> None:
        self.path = path
        self.conn = conn
        self.rules = rules
        self.state = state
        self.seq = seq
        self.last_hash = last_hash
        self.seed = seed
        self.meta = meta
        self.dice_mode = dice_mode or DiceMode()
        self.dice_used = dice_used
        """Die faces the whole game has consumed (a scripted game goes on from here)."""

    @property
    def name(self) -> str:
        return self.path.stem

    # -- creating and opening ---------------------------------------------------------
    @classmethod
    def create(cls, name: str, ruleset: Ruleset, *, seed: int | str | None = None,
               players: dict[str, str] | None = None, folder: Path | None = None,
               start: GameState | None = None, overwrite: bool = False,
               dice_mode: DiceMode | None = None) -> "SavedGame":
        """A new save. `start` is a position to play on from (its phase, if it
        names one, is resumed exactly); `dice_mode` says who rolls the dice."""
        from axisallies_tui.setup import make_rules

        rules = make_rules(ruleset)
        path = save_path(name, folder)
        if path.exists() and not overwrite:
            raise StoreError(str(path), "", f"a game called {path.stem!r} already exists (choose another name)")
        seed_text = str(seed if seed is not None else int.from_bytes(os.urandom(6), "big"))
        mode = dice_mode or DiceMode()
        try:
            step = new_game(rules, mode.source(seed_text, 0, 0), start)
        except IllegalAction as problem:
            raise StoreError(str(path), "dice", f"the game cannot start: {problem.reason}") from None
        meta = {
            "format_version": FORMAT_VERSION,
            "app_version": __version__,
            "board": rules.board.id,
            "board_digest": rules.board.digest,
            "ruleset": ruleset_to_json(ruleset),
            "players": players or {},
            "seed": seed_text,
            "start_state": state_to_json(start) if start is not None else None,
            "dice_mode": dice_mode_to_json(mode),
            "start_dice": list(step.dice),
            "start_events": [event_to_json(e, rules.board, rules.edition) for e in step.events],
            "created_at": _now(),
        }
        with _private_files():
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if overwrite and path.exists():
                for suffix in ("", "-wal", "-shm"):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
            conn = _connect(path)
            with conn:
                conn.executescript(SCHEMA)
                for key, value in meta.items():
                    conn.execute("INSERT INTO meta VALUES (?, ?)", (key, canonical(value)))
                conn.execute("INSERT INTO meta VALUES ('summary', ?)", (canonical(_summary(rules, step.state)),))
        os.chmod(path, 0o600)
        game = cls(path, conn, rules, step.state, 0, _genesis(meta), seed_text, meta, mode, len(step.dice))
        return game

    @classmethod
    def open(cls, name_or_path: str | Path, folder: Path | None = None) -> "SavedGame":
        path = Path(name_or_path) if str(name_or_path).endswith(SUFFIX) else save_path(str(name_or_path), folder)
        if not path.exists():
            raise StoreError(str(path), "", "no such saved game (see `axisallies list`)")
        meta, rows, snapshots = _read_verified(path)
        rules, state, seq, last_hash = _replay(path, meta, rows, snapshots)
        try:
            mode = dice_mode_from_json(meta["dice_mode"]) if meta.get("dice_mode") else DiceMode()
            used = len(meta["start_dice"]) + sum(len(json.loads(dice)) for _seq, _a, dice, _h in rows)
        except (CodecError, TypeError, ValueError) as problem:
            raise StoreError(str(path), "meta", f"dice mode: {problem}; the file was left as it is") from None
        with _private_files():
            conn = _connect(path)
        return cls(path, conn, rules, state, seq, last_hash, str(meta["seed"]), meta, mode, used)

    # -- playing ------------------------------------------------------------------------
    def apply(self, action: Action, dice: DiceSource | None = None) -> Step:
        """Apply and commit `action`. Dice default to the game's dice mode (the
        seeded stream for this action number, the rest of the script, or table
        dice with nothing typed yet, which raise `DiceNeeded` if the action
        rolls). Raises IllegalAction with nothing stored or changed."""
        number = self.seq + 1
        step = apply(self.rules, self.state, action, dice or self.dice_mode.source(self.seed, number, self.dice_used))
        action_json = canonical(action_to_json(action))
        dice_json = canonical(list(step.dice))
        row_hash = _chain(self.last_hash, number, action_json, dice_json)
        events = canonical([event_to_json(e, self.rules.board, self.rules.edition) for e in step.events])
        with self.conn:
            self.conn.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
                (number, action_json, dice_json, events, row_hash, _now()),
            )
            self.conn.execute(
                "UPDATE meta SET value = ? WHERE key = 'summary'", (canonical(_summary(self.rules, step.state)),)
            )
            if number % SNAPSHOT_EVERY == 0:
                state_json = canonical(state_to_json(step.state))
                self.conn.execute(
                    "INSERT INTO snapshots VALUES (?, ?, ?)",
                    (number, state_json, hashlib.sha256(f"{row_hash}|{state_json}".encode()).hexdigest()),
                )
        self.seq, self.last_hash, self.state = number, row_hash, step.state
        self.dice_used += len(step.dice)
        return step

    def set_dice_mode(self, mode: DiceMode) -> None:
        """Roll differently from now on (stored, so the game reopens in this mode).
        A new script starts with the next die the game rolls."""
        if mode.kind == SCRIPTED:
            mode = DiceMode(kind=SCRIPTED, script=mode.script, start=self.dice_used)
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('dice_mode', ?)", (canonical(dice_mode_to_json(mode)),))
        self.dice_mode = mode
        self.meta["dice_mode"] = dice_mode_to_json(mode)

    def feed(self) -> list[dict[str, Any]]:
        """Every event of the game so far, oldest first (the combat feed's history)."""
        events = list(self.meta.get("start_events") or [])
        for (text,) in self.conn.execute("SELECT events FROM actions ORDER BY seq"):
            events.extend(json.loads(text))
        return events

    def close(self) -> None:
        self.conn.close()

    # -- export ---------------------------------------------------------------------------
    def export(self) -> dict[str, Any]:
        rows = self.conn.execute("SELECT seq, action, dice, hash FROM actions ORDER BY seq").fetchall()
        return {
            "format": EXPORT_FORMAT,
            "version": FORMAT_VERSION,
            "name": self.name,
            "meta": {k: v for k, v in self.meta.items() if k != "start_events"},
            "actions": [
                {"seq": seq, "action": json.loads(a), "dice": json.loads(d), "hash": h} for seq, a, d, h in rows
            ],
        }


def import_game(data: Any, name: str, source: str, folder: Path | None = None) -> SavedGame:
    """Recreate a save from an exported JSON document, replaying it to check it."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise StoreError(source, "", f"not an exported game (expected \"format\": \"{EXPORT_FORMAT}\")")
    if data.get("version") != FORMAT_VERSION:
        raise StoreError(source, "version", f"format version {data.get('version')!r} is not supported")
    meta = data.get("meta")
    actions = data.get("actions")
    if not isinstance(meta, dict) or not isinstance(actions, list):
        raise StoreError(source, "", "needs \"meta\" and \"actions\"")
    try:
        ruleset = ruleset_from_json(meta.get("ruleset"))
        start = state_from_json(meta["start_state"]) if meta.get("start_state") else None
        mode = dice_mode_from_json(meta["dice_mode"]) if meta.get("dice_mode") else None
    except (CodecError, KeyError) as problem:
        raise StoreError(source, "meta", str(problem)) from None
    game = SavedGame.create(name, ruleset, seed=meta.get("seed"), players=meta.get("players"), folder=folder,
                            start=start, dice_mode=mode)
    try:
        previous = game.last_hash
        if meta.get("start_dice", []) != list(game.meta["start_dice"]):
            raise StoreError(source, "meta.start_dice", "does not match the game's start")
        for row in actions:
            seq = row.get("seq") if isinstance(row, dict) else None
            where = f"actions[{seq}]"
            try:
                action = action_from_json(row["action"])
                dice = ScriptedDice(row["dice"])
            except (CodecError, KeyError, TypeError, ValueError) as problem:
                raise StoreError(source, where, str(problem)) from None
            expected = _chain(previous, game.seq + 1, canonical(row["action"]), canonical(row["dice"]))
            if row.get("hash") != expected:
                raise StoreError(source, where, "does not match the hash chain: the file was edited or damaged")
            try:
                game.apply(action, dice)
            except IllegalAction as problem:
                raise StoreError(source, where, f"cannot be replayed: {problem.reason}") from None
            if dice.remaining:
                raise StoreError(source, where, "has more dice than the action used")
            previous = expected
    except Exception:
        game.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{game.path}{suffix}").unlink(missing_ok=True)
        raise
    return game


def list_games(folder: Path | None = None) -> list[dict[str, Any]]:
    """Summaries of the saves in the folder, most recently played first."""
    folder = folder or locations.games_dir()
    games = []
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            with contextlib.closing(conn):
                meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            summary = json.loads(meta["summary"])
            summary.update(name=path.stem, board=json.loads(meta["board"]))
        except (sqlite3.Error, KeyError, ValueError):
            summary = {"name": path.stem, "problem": "not a readable saved game"}
        games.append(summary)
    return sorted(games, key=lambda g: g.get("last_played", ""), reverse=True)


# -- internals ----------------------------------------------------------------------------


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level="DEFERRED")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    return conn


def _genesis(meta: dict[str, Any]) -> str:
    fixed = {k: meta[k] for k in ("format_version", "board", "ruleset", "seed", "start_state", "start_dice")}
    return hashlib.sha256(canonical(fixed).encode()).hexdigest()


def _summary(rules: Rules, state: GameState) -> dict[str, Any]:
    return {
        "round": state.round,
        "power": state.power,
        "phase": state.phase,
        "winner": state.result.winner if state.result else None,
        "last_played": _now(),
    }


def _read_verified(path: Path) -> tuple[dict[str, Any], list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Read a save without changing it, and check its hash chain."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        with contextlib.closing(conn):
            meta = {k: json.loads(v) for k, v in conn.execute("SELECT key, value FROM meta")}
            rows = conn.execute("SELECT seq, action, dice, hash FROM actions ORDER BY seq").fetchall()
            snapshots = conn.execute("SELECT seq, state, state_hash FROM snapshots ORDER BY seq").fetchall()
    except sqlite3.DatabaseError as problem:
        raise StoreError(str(path), "", f"not a readable saved game ({problem}); the file was left as it is") from None
    except ValueError:
        raise StoreError(str(path), "meta", "holds text that is not JSON; the file was left as it is") from None
    if meta.get("format_version") != FORMAT_VERSION:
        raise StoreError(str(path), "meta", f"format version {meta.get('format_version')!r} is not supported")
    missing = [k for k in ("board", "ruleset", "seed", "start_dice") if k not in meta]
    if missing:
        raise StoreError(str(path), "meta", f"missing {', '.join(missing)}; the file was left as it is")
    previous = _genesis(meta)
    for index, (seq, action, dice, row_hash) in enumerate(rows, start=1):
        if seq != index or _chain(previous, seq, action, dice) != row_hash:
            raise StoreError(
                str(path), f"action {seq}",
                "does not match the hash chain: the file was edited or damaged; it was left as it is",
            )
        previous = row_hash
    return meta, rows, snapshots


def _replay(path: Path, meta: dict[str, Any], rows: list[tuple[Any, ...]],
            snapshots: list[tuple[Any, ...]]) -> tuple[Rules, GameState, int, str]:
    from axisallies_tui.setup import SetupError, make_rules

    try:
        ruleset = ruleset_from_json(meta["ruleset"])
        rules = make_rules(ruleset)
        start = state_from_json(meta["start_state"]) if meta.get("start_state") else None
    except (CodecError, SetupError) as problem:
        raise StoreError(str(path), "meta", f"{problem}; the file was left as it is") from None
    hashes = {seq: row_hash for seq, _a, _d, row_hash in rows}
    state: GameState | None = None
    begin = 0
    for seq, state_json, state_hash in reversed(snapshots):
        if seq in hashes and hashlib.sha256(f"{hashes[seq]}|{state_json}".encode()).hexdigest() == state_hash:
            try:
                state = state_from_json(json.loads(state_json))
            except (CodecError, ValueError):
                continue
            begin = seq
            break
    if state is None:
        step = new_game(rules, ScriptedDice(meta["start_dice"]), start)
        state = step.state
    last_hash = rows[begin - 1][3] if begin else _genesis(meta)
    for seq, action_text, dice_text, row_hash in rows[begin:]:
        try:
            action = action_from_json(json.loads(action_text))
            dice = ScriptedDice(json.loads(dice_text))
            state = apply(rules, state, action, dice).state
        except (CodecError, IllegalAction, ValueError) as problem:
            changed = " (the board file has changed since this game was saved)" if meta.get("board_digest") != rules.board.digest else ""
            raise StoreError(str(path), f"action {seq}", f"cannot be replayed{changed}: {problem}") from None
        if dice.remaining:
            raise StoreError(str(path), f"action {seq}", "recorded more dice than the action used")
        last_hash = row_hash
    return rules, state, len(rows), last_hash
