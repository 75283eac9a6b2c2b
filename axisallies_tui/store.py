"""Saved games: one SQLite file per game, an append-only, hash-chained action log.

Layout of a save (`<games dir>/<name>.aagame`, format version 2; README,
"Saved games"):

- `meta`: what never changes after creation (format version, board id and
  digest, ruleset, players and the logins bound to powers, the dice seed if
  the players chose one, the dice and events of the game's start), plus one
  changing row, `head`.
- `actions`: one row per action in play order: the action (JSON), the die
  faces it consumed, the events it caused, when it was played, and a hash
  chaining all of that to the row before (the first row to the fixed meta).
- `head`: the number of actions and the newest hash, kept apart from the
  chain so that cutting off the newest actions is noticed, with the dice
  mode and the listing summary; it carries its own checksum.
- `snapshots`: the state every `SNAPSHOT_EVERY` actions, bound to the chain.
  Loading checks the whole chain, then replays the history from the newest
  snapshot that an earlier replay by this user vouched for (`verified`), or
  from the start, and checks every later snapshot against the replay.

Every action is committed (WAL, synchronous=FULL) before `apply` returns, so a
killed process loses nothing. A new game (and an import, a migration, a
recovered copy) is written whole to a hidden temporary file and linked into
place, so a save either exists complete or not at all. One process writes a
game at a time (`savelock`); others may open it to watch.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import secrets
import sqlite3
import stat
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, Sequence

from axisallies_tui import __version__, locations, verified
from axisallies_tui.codec import (
    CodecError,
    action_from_json,
    action_to_json,
    canonical,
    dice_mode_from_json,
    dice_mode_to_json,
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
from axisallies_tui.savelock import GameBusy, GameLock, current_login, holder_of
from axisallies_tui.textsafe import harmless, harmless_data

FORMAT_VERSION = 2
WRITTEN_BY = "written_by"  # in a snapshot: the program digest that computed it
SNAPSHOT_EVERY = 100
SUFFIX = ".aagame"
EXPORT_FORMAT = "axisallies-tui game"
MAX_ACTIONS = 200_000
"""More actions than any real game has: a longer history is refused, not replayed."""
MAX_NAME = 64
MUTABLE_META = ("head",)
REQUIRED_META = ("format_version", "board", "ruleset", "seed", "start_dice", "start_events", "players", "logins")

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE actions (
    seq INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    dice TEXT NOT NULL,
    events TEXT NOT NULL,
    hash TEXT NOT NULL,
    played_at TEXT NOT NULL
);
CREATE TABLE snapshots (seq INTEGER PRIMARY KEY, state TEXT NOT NULL, state_hash TEXT NOT NULL);
"""


class StoreError(DataError):
    """A save that cannot be created, found, written or trusted."""


class NotYourTurn(StoreError):
    """A shared game: the power to act is bound to another login."""


class SaveDamaged(StoreError):
    """A save whose stored history does not check out. `intact` is how many
    actions from the start are sound (a copy can be opened up to there), or
    None when even the game's setup is unreadable."""

    def __init__(self, path: Path, entry: str, problem: str, intact: int | None) -> None:
        offer = (f"; `axisallies recover {path.stem}` opens a copy up to action {intact}"
                 if intact is not None else "")
        super().__init__(str(path), entry, f"{problem}; the file was left as it is{offer}")
        self.path = path
        self.intact = intact
        self.reason = problem
        """What is wrong, without the advice (for a screen that offers the copy itself)."""


# -- names and paths ------------------------------------------------------------------


def safe_name(name: str) -> str:
    """A save name that cannot leave the saves folder: letters, digits, `-` and `_`."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", str(name).strip()).strip("-_")[:MAX_NAME]
    if not cleaned:
        raise StoreError(harmless(name) or "(empty)", "", "a save name needs at least one letter or digit")
    return cleaned


def renamed_note(asked: str, used: str) -> str | None:
    """The message for a save name that had to be changed, or None."""
    if str(asked).strip() == used:
        return None
    return f"saved as {used!r}, not {harmless(asked)!r} (save names hold letters, digits, - and _)"


def save_path(name: str, folder: Path | None = None) -> Path:
    folder = folder or locations.games_dir()
    path = (folder / f"{safe_name(name)}{SUFFIX}").resolve()
    if path.parent != folder.resolve():
        raise StoreError(name, "", "that name would leave the saves folder")
    return path


def _uri(path: Path, **params: str) -> str:
    """An SQLite URI for `path`: `#`, `?` and `%` in folder names are escaped."""
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"{path.absolute().as_uri()}?{query}" if query else path.absolute().as_uri()


def _regular_file(path: Path) -> bool:
    """True for a regular file; a FIFO, device or folder would hang or fail SQLite."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


# -- hashes -----------------------------------------------------------------------------


_json_text = json.encoder.encode_basestring
"""A string as JSON without escaping non-ASCII, as `canonical` writes it."""


def _sha(*parts: Any) -> str:
    return hashlib.sha256(canonical(list(parts)).encode()).hexdigest()


def _chain(previous: str, seq: int, action: str, dice: str, events: str, played_at: str) -> str:
    """A row's hash: everything stored in the row, chained to the row before.
    The same text as `_sha(previous, seq, ...)` hashes (`canonical` of the list),
    written out directly: loading a long game checks every row with it."""
    if type(seq) is not int:  # noqa: E721 - a bool or an int subclass is spelt otherwise by json
        return _sha(previous, seq, action, dice, events, played_at)
    text = "[%s,%d,%s,%s,%s,%s]" % (_json_text(previous), seq, _json_text(action), _json_text(dice),
                                    _json_text(events), _json_text(played_at))
    return hashlib.sha256(text.encode()).hexdigest()


def _genesis(meta: dict[str, Any]) -> str:
    """The hash the chain starts from: every fixed setting of the game."""
    return _sha({k: v for k, v in meta.items() if k not in MUTABLE_META})


def _head(count: int, last_hash: str, genesis: str, mode: DiceMode, summary: dict[str, Any]) -> dict[str, Any]:
    head = {"count": count, "hash": last_hash, "genesis": genesis,
            "dice_mode": dice_mode_to_json(mode), "summary": summary}
    return {**head, "check": _sha(head)}


def _head_ok(head: Any) -> bool:
    check = head.get("check") if isinstance(head, dict) else None
    if not isinstance(check, str):
        return False
    return _sha({k: v for k, v in head.items() if k != "check"}) == check


def _snapshot_hash(row_hash: str, state_json: str) -> str:
    return _sha(row_hash, state_json)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# -- files: permissions, atomic creation, write errors --------------------------------------


def _shared(folder: Path) -> bool:
    """A group's shared games folder ($AXISALLIES_GAMES_DIR): files are group-writable."""
    shared = os.environ.get("AXISALLIES_GAMES_DIR")
    return shared is not None and shared != "" and Path(shared).expanduser().resolve() == folder.resolve()


def _file_mode(folder: Path) -> int:
    return 0o660 if _shared(folder) else 0o600


@contextlib.contextmanager
def _umask_for(folder: Path) -> Iterator[None]:
    """Files created inside are private to the owner, or to the owner's group in a
    shared folder (SQLite's -wal and -shm files take the save's mode)."""
    old = os.umask(0o007 if _shared(folder) else 0o077)
    try:
        yield
    finally:
        os.umask(old)


def _fit_permissions(path: Path) -> None:
    """The save's mode, and in a shared folder the folder's group (setgid folders
    give it anyway; this covers folders without the setgid bit)."""
    folder = path.parent
    os.chmod(path, _file_mode(folder))
    if _shared(folder):
        with contextlib.suppress(OSError):
            os.chown(path, -1, os.stat(folder).st_gid)


def write_problem(path: Path | str, problem: BaseException) -> StoreError:
    """One line for a failed write: which file, and what went wrong."""
    text = str(problem).lower()
    code = getattr(problem, "errno", None) or getattr(problem, "sqlite_errorcode", None)
    if code == errno.ENOSPC or "disk is full" in text or "database or disk is full" in text:
        reason = "the disk is full"
    elif code in (errno.EROFS, errno.EACCES, errno.EPERM) or "readonly" in text or "read-only" in text:
        reason = "it is read-only (no permission to write, or a read-only disk)"
    elif isinstance(problem, OSError) and problem.strerror:
        reason = problem.strerror
    else:
        reason = str(problem) or type(problem).__name__
    return StoreError(str(path), "", f"cannot be written: {reason}; nothing was changed")


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(_uri(path, mode="rw"), uri=True, isolation_level="DEFERRED", timeout=2)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    return conn


def _connect_read(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(_uri(path, mode="ro"), uri=True, timeout=2)


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_whole(path: Path, meta: dict[str, Any], rows: Sequence[tuple[Any, ...]],
                 snapshots: Sequence[tuple[Any, ...]], head: dict[str, Any], *, replace: bool) -> None:
    """Write a complete save to a hidden temporary file, then link it into place:
    a kill at any moment leaves either the whole save or none (the caller holds
    the name's lock). With `replace` an existing save is swapped atomically."""
    folder = path.parent
    temp = folder / f".{path.stem}.{os.getpid()}.{secrets.token_hex(4)}.creating"
    try:
        with _umask_for(folder):
            conn = sqlite3.connect(temp, isolation_level="DEFERRED")
            try:
                with conn:
                    conn.executescript(SCHEMA)
                    conn.executemany("INSERT INTO meta VALUES (?, ?)",
                                     [(k, canonical(v)) for k, v in {**meta, "head": head}.items()])
                    conn.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)", rows)
                    conn.executemany("INSERT INTO snapshots VALUES (?, ?, ?)", snapshots)
                conn.execute("PRAGMA journal_mode=WAL")
            finally:
                conn.close()
            _fit_permissions(temp)
            fd = os.open(temp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            if replace:
                os.replace(temp, path)
            else:
                try:
                    os.link(temp, path)
                except FileExistsError:
                    raise StoreError(str(path), "", f"a game called {path.stem!r} already exists "
                                                    "(choose another name)") from None
                except OSError as problem:
                    if problem.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
                        raise
                    if path.exists():  # no hard links here: a rename under our lock
                        raise StoreError(str(path), "", f"a game called {path.stem!r} already exists") from None
                    os.rename(temp, path)
            _fsync_folder(folder)
    except StoreError:
        raise
    except (OSError, sqlite3.Error) as problem:
        raise write_problem(path, problem) from None
    finally:
        for leftover in (temp, Path(f"{temp}-journal"), Path(f"{temp}-wal"), Path(f"{temp}-shm")):
            with contextlib.suppress(OSError):
                leftover.unlink()


def _clear_leftovers(path: Path) -> None:
    """Temporary files a killed creation left for this name (we hold its lock)."""
    for leftover in path.parent.glob(f".{glob_escape(path.stem)}.*.creating*"):
        with contextlib.suppress(OSError):
            leftover.unlink()


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


def _take_lock(path: Path) -> GameLock:
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        return GameLock.acquire(path, _file_mode(path.parent))
    except GameBusy:
        raise
    except OSError as problem:
        raise write_problem(path.parent if not path.parent.is_dir() else path, problem) from None


# -- reading and checking a save ---------------------------------------------------------------


class _Content:
    """What a save file holds, read without changing it and checked row by row."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.meta: dict[str, Any] = {}
        self.head: Any = None
        self.rows: list[tuple[int, str, str, str, str, str]] = []
        self.snapshots: list[tuple[int, str, str]] = []
        self.version: int = 0
        self.broken: str | None = None
        """Why the rows after `rows` could not be read (a damaged page), if so."""


def _read(path: Path) -> _Content:
    """Every table of the save, with each value checked for its type. Raises
    SaveDamaged when the file is not a readable save at all."""
    content = _Content(path)
    if not _regular_file(path):
        raise StoreError(str(path), "", "is not a regular file (a saved game was expected)")
    try:
        conn = _connect_read(path)
        with contextlib.closing(conn):
            try:
                raw_meta = conn.execute("SELECT key, value FROM meta").fetchall()
            except sqlite3.DatabaseError as problem:
                raise SaveDamaged(path, "", f"not a readable saved game ({problem})", None) from None
            raw_rows, content.broken = _read_rows(conn)
            try:
                raw_snaps = conn.execute("SELECT seq, state, state_hash FROM snapshots ORDER BY seq").fetchall()
            except sqlite3.DatabaseError:
                raw_snaps, content.broken = [], content.broken or "the stored positions are unreadable"
    except sqlite3.DatabaseError as problem:
        raise SaveDamaged(path, "", f"not a readable saved game ({problem})", None) from None
    except OSError as problem:
        raise StoreError(str(path), "", f"cannot be read: {problem.strerror or problem}") from None
    for row in raw_meta:
        if len(row) != 2 or not all(isinstance(v, str) for v in row):
            raise SaveDamaged(path, "meta", "a setting is damaged", None)
        try:
            content.meta[row[0]] = json.loads(row[1])
        except ValueError:
            raise SaveDamaged(path, "meta", f"the setting {harmless(row[0])!r} is damaged", None) from None
    content.version = content.meta.get("format_version")  # type: ignore[assignment]
    content.head = content.meta.pop("head", None)
    content.rows = [tuple(r) for r in raw_rows]
    content.snapshots = [tuple(s) for s in raw_snaps]
    return content


def _read_rows(conn: sqlite3.Connection) -> tuple[list[Any], str | None]:
    """The action rows; when a damaged page stops the read, the rows before it
    (one at a time) and why the rest cannot be read."""
    query = "SELECT seq, action, dice, events, hash, played_at FROM actions ORDER BY seq"
    try:
        return conn.execute(f"{query} LIMIT ?", (MAX_ACTIONS + 1,)).fetchall(), None
    except sqlite3.DatabaseError as problem:
        reason = f"unreadable ({problem})"
    rows: list[Any] = []
    try:
        for row in conn.execute(query):
            rows.append(row)
            if len(rows) > MAX_ACTIONS:
                break
    except sqlite3.DatabaseError:
        pass
    return rows, reason


def _check_rows(content: _Content, genesis: str) -> tuple[int, str, str | None]:
    """How many rows from the start are sound, the last sound hash, and what is
    wrong with the next one (None when all are sound)."""
    previous = genesis
    for index, row in enumerate(content.rows, start=1):
        if index > MAX_ACTIONS:
            return index - 1, previous, f"more than {MAX_ACTIONS} actions"
        if len(row) != 6 or not isinstance(row[0], int) or not all(isinstance(v, str) for v in row[1:]):
            return index - 1, previous, "the row is damaged"
        if row[0] != index:
            return index - 1, previous, f"is numbered {row[0]} (an action is missing or was added)"
        seq, action, dice, events, row_hash, played_at = row
        if _chain(previous, seq, action, dice, events, played_at) != row_hash:
            return index - 1, previous, "does not match the hash chain: the file was edited or damaged"
        previous = row[4]
    return len(content.rows), previous, None


def _verify(content: _Content) -> tuple[int, str]:
    """Check the chain and the head of a version-2 save; the number of actions and
    the newest hash. Raises SaveDamaged saying which action and what is wrong."""
    path, meta = content.path, content.meta
    missing = [k for k in REQUIRED_META if k not in meta]
    if missing:
        raise SaveDamaged(path, "meta", f"missing {', '.join(missing)}", None)
    genesis = _genesis(meta)
    head_ok = _head_ok(content.head)
    if head_ok and content.head.get("genesis") != genesis:
        raise SaveDamaged(path, "meta", "the game's settings were changed after it was created", None)
    sound, last_hash, problem = _check_rows(content, genesis)
    if problem is None and content.broken is not None:
        problem = content.broken
    if problem is not None:
        raise SaveDamaged(path, f"action {sound + 1}", problem, sound)
    if not head_ok:
        raise SaveDamaged(path, "head", "the record of the newest action is damaged", sound)
    count, head_hash = content.head.get("count"), content.head.get("hash")
    if isinstance(count, int) and count > sound:
        raise SaveDamaged(path, f"action {sound + 1}",
                          f"is missing: the save records {count} actions but holds {sound}", sound)
    if count != sound or head_hash != last_hash:
        raise SaveDamaged(path, "head", "does not match the newest action", min(sound, count)
                          if isinstance(count, int) else sound)
    return sound, last_hash


def _rules_and_start(path: Path, meta: dict[str, Any]) -> tuple[Rules, GameState | None]:
    from axisallies_tui.setup import SetupError, make_rules

    try:
        ruleset = ruleset_from_json(meta["ruleset"])
        rules = make_rules(ruleset)
        start = state_from_json(meta["start_state"]) if meta.get("start_state") is not None else None
    except (CodecError, SetupError, KeyError, TypeError) as problem:
        raise SaveDamaged(path, "meta", f"{harmless(problem)}", None) from None
    return rules, start


def _start_step(path: Path, rules: Rules, meta: dict[str, Any], start: GameState | None) -> Step:
    try:
        dice = ScriptedDice(meta["start_dice"])
        step = new_game(rules, dice, start)
    except (IllegalAction, ValueError, TypeError) as problem:
        raise SaveDamaged(path, "meta", f"the game's start cannot be replayed: {harmless(problem)}", None) from None
    if dice.remaining:
        raise SaveDamaged(path, "meta", "the game's start recorded more dice than it used", None)
    return step


def _replay_rows(path: Path, rules: Rules, state: GameState, rows: Sequence[tuple[Any, ...]],
                 board_changed: bool, first: int = 1,
                 checkpoints: dict[int, str] | None = None) -> tuple[GameState, int, dict[int, GameState]]:
    """Apply each stored action with its recorded dice. Returns the state, the
    faces used, and the states at `checkpoints` (snapshot numbers)."""
    used = 0
    at: dict[int, GameState] = {}
    for seq, row in enumerate(rows, start=first):
        try:
            action = action_from_json(json.loads(row[1]))
            dice = ScriptedDice(_faces(json.loads(row[2])))
            state = apply(rules, state, action, dice).state
        except (CodecError, IllegalAction, ValueError, TypeError, RecursionError) as problem:
            changed = " (the board file has changed since this game was saved)" if board_changed else ""
            raise SaveDamaged(path, f"action {seq}", f"cannot be replayed{changed}: {harmless(problem)}",
                              seq - 1) from None
        if dice.remaining:
            raise SaveDamaged(path, f"action {seq}", "recorded more dice than the action used", seq - 1)
        used += len(json.loads(row[2]))
        if checkpoints and seq in checkpoints:
            at[seq] = state
    return state, used, at


def _faces(data: Any) -> list[int]:
    if not isinstance(data, list):
        raise ValueError("the dice are not a list")
    return data


def _check_snapshot_rows(path: Path, content: _Content, count: int) -> dict[int, str]:
    """Every stored snapshot must be well formed and bound to the chain (a flipped
    byte anywhere in one is caught here, cheaply). The chain hash at each
    snapshot's action."""
    hashes = {row[0]: row[4] for row in content.rows}
    at: dict[int, str] = {}
    for snap in content.snapshots:
        if len(snap) != 3 or not isinstance(snap[0], int) or not all(isinstance(v, str) for v in snap[1:]):
            raise SaveDamaged(path, "snapshot", "a stored position is damaged", count)
        seq, state_json, state_hash = snap
        if seq not in hashes or _snapshot_hash(hashes[seq], state_json) != state_hash:
            raise SaveDamaged(path, f"snapshot after action {seq}", "is damaged", count)
        at[seq] = hashes[seq]
    return at


def _trusted_start(content: _Content, chain_at: dict[int, str], state: GameState) -> tuple[int, GameState, int]:
    """Where replaying may start: after the newest snapshot that this user's
    record (`verified`) vouches for, every earlier one vouched for too; else at
    the game's start. The action number, its position and the die faces used
    up to it."""
    keys = {seq: verified.key(chain_hash) for seq, chain_hash in chain_at.items()}
    known = verified.vouched(list(keys.values()))
    base, text = 0, ""
    for seq, state_json, _hash in sorted(content.snapshots):
        if known.get(keys[seq]) != verified.text_digest(state_json):
            break
        base, text = seq, state_json
    if not base:
        return 0, state, 0
    try:
        data = json.loads(text)
        data.pop(WRITTEN_BY, None)
        trusted = state_from_json(data)
        used = sum(0 if row[2] == "[]" else len(_faces(json.loads(row[2]))) for row in content.rows[:base])
    except (CodecError, ValueError, TypeError, AttributeError):
        return 0, state, 0  # vouched for but unreadable now: replay it all
    return base, trusted, used


def _snapshot_text(state: GameState) -> str:
    """A stored position, marked with the program that computed it."""
    return canonical({**state_to_json(state), WRITTEN_BY: verified.program_digest()})


def _check_snapshots(path: Path, content: _Content, states: dict[int, GameState], count: int,
                     after: int) -> list[tuple[int, str]]:
    """Each stored snapshot after action `after` must equal the replayed state
    (those up to it were vouched for by an earlier replay).

    Only a snapshot this same program wrote can be compared: another version may
    spell a position differently (a decision's answers, a new field) for the same
    history. Such a snapshot is not evidence either way and is never used (the
    game goes on from the replay), so a forger gains nothing by relabelling one.
    Returns the (action number, text) of the snapshots that matched."""
    matched = []
    for seq, state_json, _hash in content.snapshots:
        if seq <= after:
            continue
        try:
            data = json.loads(state_json)
            if not isinstance(data, dict):
                raise ValueError("not an object")
            if data.pop(WRITTEN_BY, None) != verified.program_digest():
                continue
            stored = state_from_json(data)
        except (CodecError, ValueError):
            raise SaveDamaged(path, f"snapshot after action {seq}", "is damaged", count) from None
        if stored != states.get(seq):
            raise SaveDamaged(path, f"snapshot after action {seq}", "does not match the game's history", count)
        matched.append((seq, state_json))
    return matched


# -- version 1 (saves written before the format carried events in the chain) ----------------


def _v1_chain(previous: str, seq: int, action: str, dice: str) -> str:
    return hashlib.sha256(f"{previous}|{seq}|{action}|{dice}".encode()).hexdigest()


def _v1_genesis(meta: dict[str, Any]) -> str:
    fixed = {k: meta.get(k) for k in ("format_version", "board", "ruleset", "seed", "start_state", "start_dice")}
    return hashlib.sha256(canonical(fixed).encode()).hexdigest()


def migrate_v1(content: _Content) -> tuple[dict[str, Any], DiceMode]:
    """Version 1 to version 2: check the old chain (action and dice only), then
    give the game a version-2 setting record. The old seed is dropped (it sat in
    the file in plain text, so it predicted every roll): from now on the
    computer's dice come from the operating system. The rows are rewritten
    with their events by the caller, which replays them anyway."""
    path, meta = content.path, content.meta
    missing = [k for k in ("board", "ruleset", "seed", "start_dice") if k not in meta]
    if missing:
        raise SaveDamaged(path, "meta", f"missing {', '.join(missing)}", None)
    previous = _v1_genesis(meta)
    for index, row in enumerate(content.rows, start=1):
        if len(row) != 6 or not isinstance(row[0], int) or not all(isinstance(v, str) for v in row[1:]):
            raise SaveDamaged(path, f"action {index}", "the row is damaged", index - 1)
        if row[0] != index or _v1_chain(previous, index, row[1], row[2]) != row[4]:
            raise SaveDamaged(path, f"action {index}",
                              "does not match the hash chain: the file was edited or damaged", index - 1)
        previous = row[4]
    if content.broken is not None:
        raise SaveDamaged(path, f"action {len(content.rows) + 1}", content.broken, len(content.rows))
    try:
        mode = dice_mode_from_json(meta["dice_mode"]) if meta.get("dice_mode") else DiceMode()
    except CodecError as problem:
        raise SaveDamaged(path, "meta", f"dice mode: {problem}", None) from None
    new_meta = {
        "format_version": FORMAT_VERSION,
        "app_version": meta.get("app_version"),
        "board": meta["board"],
        "board_digest": meta.get("board_digest"),
        "ruleset": meta["ruleset"],
        "players": meta.get("players") or {},
        "logins": {},
        "seed": None,
        "start_state": meta.get("start_state"),
        "start_dice": meta["start_dice"],
        "start_events": meta.get("start_events") or [],
        "created_at": meta.get("created_at"),
        "migrated_from": {"format_version": 1, "at": _now()},
    }
    return new_meta, mode


# -- the game -----------------------------------------------------------------------------


class SavedGame:
    """A game backed by its save file. `apply` commits before it returns.

    Opened to write, it holds the save's lock; opened to watch (`read_only`),
    it never writes and `refresh` follows the actions another process adds.
    """

    def __init__(self, path: Path, rules: Rules, state: GameState, seq: int, last_hash: str,
                 meta: dict[str, Any], dice_mode: DiceMode, dice_used: int, summary: dict[str, Any],
                 conn: sqlite3.Connection | None = None, lock: GameLock | None = None,
                 watching: dict[str, Any] | None = None) -> None:
        self.path = path
        self.conn = conn
        self.lock = lock
        self.rules = rules
        self.state = state
        self.seq = seq
        self.last_hash = last_hash
        self.meta = meta
        self.dice_mode = dice_mode
        self.dice_used = dice_used
        """Die faces the whole game has consumed (a scripted game goes on from here)."""
        self.summary = summary
        self.watching = watching
        """Who holds the game when it was opened to watch (None: we may write)."""
        self.renamed: str | None = None
        """Set when the name asked for had to be changed: the message to show."""
        self._migrated_rows: list[tuple[Any, ...]] | None = None

    def _rows(self) -> list[tuple[Any, ...]]:
        """The stored rows of the history loaded (a watched version-1 save: as migrated)."""
        if self._migrated_rows is not None:
            return self._migrated_rows[: self.seq]
        return _read(self.path).rows[: self.seq]

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def seed(self) -> str | None:
        """The seed the players chose for reproducible dice, or None (the
        operating system's randomness, recorded as it is rolled)."""
        seed = self.meta.get("seed")
        return None if seed is None else str(seed)

    @property
    def read_only(self) -> bool:
        return self.lock is None

    @property
    def players(self) -> dict[str, str]:
        players = self.meta.get("players") or {}
        return {str(k): harmless(v) for k, v in players.items()}

    @property
    def logins(self) -> dict[str, str]:
        return {str(k): str(v) for k, v in (self.meta.get("logins") or {}).items()}

    # -- creating and opening ---------------------------------------------------------
    @classmethod
    def create(cls, name: str, ruleset: Ruleset, *, seed: int | str | None = None,
               players: dict[str, str] | None = None, folder: Path | None = None,
               start: GameState | None = None, overwrite: bool = False,
               dice_mode: DiceMode | None = None, logins: dict[str, str] | None = None) -> "SavedGame":
        """A new save, created whole or not at all. `start` is a position to play
        on from (its phase, if it names one, is resumed exactly); `dice_mode` says
        who rolls the dice; without `seed` the computer's dice are unpredictable."""
        from axisallies_tui.setup import make_rules

        rules = make_rules(ruleset)
        path = save_path(name, folder)
        seed_text = None if seed is None or str(seed) == "" else str(seed)
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
            "players": check_players(rules, players or {}, "players"),
            "logins": check_players(rules, logins or {}, "logins"),
            "seed": seed_text,
            "start_state": state_to_json(start) if start is not None else None,
            "start_dice": list(step.dice),
            "start_events": [event_to_json(e, rules.board, rules.edition) for e in step.events],
            "created_at": _now(),
        }
        game = cls._write_new(path, rules, step.state, meta, mode, [], overwrite=overwrite)
        game.renamed = renamed_note(name, path.stem)
        return game

    @classmethod
    def _write_new(cls, path: Path, rules: Rules, state: GameState, meta: dict[str, Any], mode: DiceMode,
                   rows: list[tuple[Any, ...]], *, overwrite: bool = False,
                   snapshots: Sequence[tuple[Any, ...]] = (), dice_used: int = 0,
                   lock: GameLock | None = None) -> "SavedGame":
        """Write a complete save under the name's lock and open it for writing."""
        lock = lock or _take_lock(path)
        try:
            if path.exists() and not overwrite:
                raise StoreError(str(path), "", f"a game called {path.stem!r} already exists (choose another name)")
            _clear_leftovers(path)
            genesis = _genesis(meta)
            last_hash = rows[-1][4] if rows else genesis
            summary = _summary(state)
            head = _head(len(rows), last_hash, genesis, mode, summary)
            if overwrite:
                for suffix in ("-wal", "-shm"):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
            _write_whole(path, meta, rows, snapshots, head, replace=overwrite)
            conn = _open_writer(path)
            verified.remember((rows[snap[0] - 1][4], snap[1]) for snap in snapshots)  # made by replaying
        except BaseException:
            lock.release()
            raise
        used = len(meta["start_dice"]) + dice_used
        return cls(path, rules, state, len(rows), last_hash, meta, mode, used, summary, conn, lock)

    @classmethod
    def open(cls, name_or_path: str | Path, folder: Path | None = None, *, watch: bool = False) -> "SavedGame":
        """Open a save to play (taking its lock; GameBusy when another process
        has it), or with `watch` read-only. The whole history is checked."""
        path = _resolve(name_or_path, folder)
        lock = None if watch else _take_lock(path)
        try:
            return cls._load(path, lock)
        except BaseException:
            if lock is not None:
                lock.release()
            raise

    @classmethod
    def _load(cls, path: Path, lock: GameLock | None) -> "SavedGame":
        if not path.exists():
            raise StoreError(str(path), "", "no such saved game (see `axisallies list`)")
        content = _read(path)
        if content.version == 1:
            return cls._load_v1(content, lock)
        if content.version != FORMAT_VERSION:
            raise StoreError(str(path), "meta", f"format version {harmless(content.version)!r} is not supported "
                                                f"(this program reads versions 1 and {FORMAT_VERSION})")
        count, last_hash = _verify(content)
        meta = content.meta
        rules, start = _rules_and_start(path, meta)
        step = _start_step(path, rules, meta, start)
        chain_at = _check_snapshot_rows(path, content, count)
        base, state, used_before = _trusted_start(content, chain_at, step.state)
        later = {seq: "" for seq in chain_at if seq > base}
        state, used, at = _replay_rows(path, rules, state, content.rows[base:],
                                       meta.get("board_digest") != rules.board.digest, first=base + 1,
                                       checkpoints=later)
        matched = _check_snapshots(path, content, at, count, after=base)
        verified.remember((chain_at[seq], text) for seq, text in matched)
        used += used_before
        try:
            mode = dice_mode_from_json(content.head["dice_mode"])
        except (CodecError, KeyError) as problem:
            raise SaveDamaged(path, "head", f"dice mode: {problem}", count) from None
        if _check_logins(meta) is None:
            raise SaveDamaged(path, "meta", "the players' logins are damaged", None)
        conn = _open_writer(path) if lock is not None else None
        watching = None if lock is not None else (holder_of(path) or {})
        return cls(path, rules, state, count, last_hash, meta, mode, len(meta["start_dice"]) + used,
                   content.head.get("summary") or {}, conn, lock, watching)

    @classmethod
    def _load_v1(cls, content: _Content, lock: GameLock | None) -> "SavedGame":
        """A version-1 save: checked, replayed and, when opened to play, rewritten
        as version 2 (the original is kept beside it as `NAME.aagame.v1`)."""
        path = content.path
        meta, mode = migrate_v1(content)
        rules, start = _rules_and_start(path, meta)
        step = _start_step(path, rules, meta, start)
        rows, state, used = _rebuild_rows(path, rules, step.state, _genesis(meta),
                                          [(json.loads(r[1]), json.loads(r[2]), r[5]) for r in content.rows])
        if lock is None:
            summary = _summary(state)
            game = cls(path, rules, state, len(rows), rows[-1][4] if rows else _genesis(meta), meta, mode,
                       len(meta["start_dice"]) + used, summary, None, None, holder_of(path) or {})
            game._migrated_rows = rows  # the file stays version 1; feed and export use these
            return game
        _checkpoint_old(path)
        backup = Path(f"{path}.v1")
        try:
            if not backup.exists():
                os.link(path, backup)
        except OSError as problem:
            raise write_problem(backup, problem) from None
        snapshots = _snapshots_for(rows, rules, step.state)
        return cls._write_new(path, rules, state, meta, mode, rows, overwrite=True, snapshots=snapshots,
                              dice_used=used, lock=lock)

    def refresh(self) -> list[dict[str, Any]]:
        """Watching: take in the actions the writer added since; their events
        (made harmless). A damaged or rewritten history raises SaveDamaged."""
        content = _read(self.path)
        if content.version != FORMAT_VERSION:
            return []
        count, last_hash = _verify(content)
        if count <= self.seq:
            return []
        if content.rows[self.seq - 1][4] != self.last_hash if self.seq else False:
            raise SaveDamaged(self.path, f"action {self.seq}", "changed while it was watched", self.seq)
        new = content.rows[self.seq:count]
        state, used, _ = _replay_rows(self.path, self.rules, self.state, new, False, first=self.seq + 1)
        self.state, self.seq, self.last_hash = state, count, last_hash
        self.dice_used += used
        self.summary = content.head.get("summary") or {}
        self.watching = holder_of(self.path) or {}
        events: list[dict[str, Any]] = []
        for row in new:
            events.extend(harmless_data(json.loads(row[3])))
        return events

    # -- playing ------------------------------------------------------------------------
    def apply(self, action: Action, dice: DiceSource | None = None) -> Step:
        """Apply and commit `action`. Dice default to the game's dice mode (the
        operating system's dice or the chosen seed, the rest of the script, or
        table dice with nothing typed yet, which raise `DiceNeeded` if the
        action rolls). Raises IllegalAction, or StoreError when the game is
        only watched or the write fails; either way nothing is stored or changed."""
        self._check_login()  # first: a watcher waiting for another login is told whose turn it is
        self._check_writer()
        number = self.seq + 1
        step = apply(self.rules, self.state, action, dice or self.dice_mode.source(self.seed, number, self.dice_used))
        played_at = _now()
        action_json = canonical(action_to_json(action))
        dice_json = canonical(list(step.dice))
        events = canonical([event_to_json(e, self.rules.board, self.rules.edition) for e in step.events])
        row_hash = _chain(self.last_hash, number, action_json, dice_json, events, played_at)
        summary = _summary(step.state)
        head = _head(number, row_hash, _genesis(self.meta), self.dice_mode, summary)
        try:
            with self.conn:  # type: ignore[union-attr]
                self.conn.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",  # type: ignore[union-attr]
                                  (number, action_json, dice_json, events, row_hash, played_at))
                self.conn.execute("UPDATE meta SET value = ? WHERE key = 'head'", (canonical(head),))  # type: ignore[union-attr]
                state_json = ""
                if number % SNAPSHOT_EVERY == 0:
                    state_json = _snapshot_text(step.state)
                    self.conn.execute("INSERT INTO snapshots VALUES (?, ?, ?)",  # type: ignore[union-attr]
                                      (number, state_json, _snapshot_hash(row_hash, state_json)))
        except sqlite3.Error as problem:
            raise write_problem(self.path, problem) from None
        if state_json:  # we computed this position ourselves: a later load may start here
            verified.remember([(row_hash, state_json)])
        self.seq, self.last_hash, self.state, self.summary = number, row_hash, step.state, summary
        self.dice_used += len(step.dice)
        return step

    def _check_writer(self) -> None:
        if self.conn is None:
            from axisallies_tui.savelock import describe

            who = describe(self.watching) if self.watching else "read-only"
            raise StoreError(str(self.path), "", f"opened to watch ({who}): nothing can be played here")

    def _check_login(self) -> None:
        """In a shared game a bound power's decisions come only from its login."""
        power = self.state.pending.power if self.state.pending else self.state.power
        bound = self.logins.get(power)
        me = current_login()
        if bound is not None and bound != me and self.state.result is None:
            name = self.rules.board.power(power).name if power in self.rules.board.power_by_id else power
            raise NotYourTurn(str(self.path), "", f"{name} is played by {harmless(bound)}, and you are {me}: "
                                                  f"only {harmless(bound)} can play it (you may watch)")

    def bound_elsewhere(self) -> str | None:
        """The login the power to act is bound to, when that is not us (a shared
        game waiting for someone else), else None."""
        _power, bound = self.whose_turn()
        if bound is None or bound == current_login() or self.state.result is not None:
            return None
        return bound

    def hand_over(self) -> None:
        """Stop writing and watch (the next player, at their own login, may now
        open the game); `take_back` resumes writing when it is our turn again."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        self.watching = holder_of(self.path) or {}

    def take_back(self) -> bool:
        """Watching: become the writer again if nobody else holds the game. The
        history read while watching must still be the file's history."""
        if self.lock is not None:
            return True
        try:
            lock = GameLock.acquire(self.path, _file_mode(self.path.parent))
        except (GameBusy, OSError):
            return False
        try:
            self.refresh()
            self.conn = _open_writer(self.path)
        except BaseException:
            lock.release()
            raise
        self.lock, self.watching = lock, None
        return True

    def whose_turn(self) -> tuple[str, str | None]:
        """The power to act and the login bound to it (None: anyone at this keyboard)."""
        power = self.state.pending.power if self.state.pending else self.state.power
        return power, self.logins.get(power)

    def set_dice_mode(self, mode: DiceMode) -> None:
        """Roll differently from now on (stored, so the game reopens in this mode).
        A new script starts with the next die the game rolls."""
        self._check_writer()
        if mode.kind == SCRIPTED:
            mode = DiceMode(kind=SCRIPTED, script=mode.script, start=self.dice_used)
        head = _head(self.seq, self.last_hash, _genesis(self.meta), mode, self.summary)
        try:
            with self.conn:  # type: ignore[union-attr]
                self.conn.execute("UPDATE meta SET value = ? WHERE key = 'head'", (canonical(head),))  # type: ignore[union-attr]
        except sqlite3.Error as problem:
            raise write_problem(self.path, problem) from None
        self.dice_mode = mode

    def feed(self) -> list[dict[str, Any]]:
        """Every event of the game so far, oldest first (the combat feed's
        history), with control characters made harmless."""
        events = list(self.meta.get("start_events") or [])
        for row in self._rows():
            events.extend(json.loads(row[3]))
        return [harmless_data(e) for e in events]

    def feed_tail(self, limit: int) -> tuple[list[dict[str, Any]], int]:
        """The newest `limit` events or a few more, oldest first (made harmless),
        and how many the game has in all: what the game screen keeps, read from
        the newest action back, so a long game opens as quickly as a short one."""
        if self._migrated_rows is not None:
            return self._feed_tail_of_all(limit)
        batches: list[list[dict[str, Any]]] = []
        kept = 0
        try:
            with contextlib.closing(_connect_read(self.path)) as conn:
                newest_first = conn.execute("SELECT events FROM actions WHERE seq <= ? ORDER BY seq DESC",
                                            (self.seq,))
                for (text,) in newest_first:
                    batches.append(json.loads(text))
                    kept += len(batches[-1])
                    if kept >= limit:
                        break
                older = self.seq - len(batches)
                earlier = conn.execute("SELECT coalesce(sum(json_array_length(events)), 0) FROM actions "
                                       "WHERE seq <= ?", (older,)).fetchone()[0] if older else 0
        except (sqlite3.Error, ValueError, TypeError):  # as `feed` would: it says what is wrong
            return self._feed_tail_of_all(limit)
        start = list(self.meta.get("start_events") or []) if len(batches) == self.seq else []
        events = start + [event for batch in reversed(batches) for event in batch]
        total = len(self.meta.get("start_events") or []) + earlier + kept
        return [harmless_data(e) for e in events], total

    def _feed_tail_of_all(self, limit: int) -> tuple[list[dict[str, Any]], int]:
        events = self.feed()
        return events[-limit:], len(events)

    def details(self) -> dict[str, Any]:
        """What `load` and the game screen say about the game's setup."""
        return {
            "name": self.name,
            "board": self.rules.board.id,
            "dice": (f"seed {self.seed} (reproducible: anyone with the seed can predict the rolls)"
                     if self.seed is not None else "the operating system's randomness, recorded as rolled"),
            "dice_mode": self.dice_mode.kind,
            "players": self.players,
            "logins": self.logins,
            "format_version": FORMAT_VERSION,
        }

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # -- export ---------------------------------------------------------------------------
    def export(self) -> dict[str, Any]:
        rows = self._rows()
        return {
            "format": EXPORT_FORMAT,
            "version": FORMAT_VERSION,
            "name": self.name,
            "meta": dict(self.meta),
            "dice_mode": dice_mode_to_json(self.dice_mode),
            "actions": [
                {"seq": seq, "action": json.loads(a), "dice": json.loads(d), "events": json.loads(e),
                 "played_at": p, "hash": h}
                for seq, a, d, e, h, p in rows
            ],
        }


def _resolve(name_or_path: str | Path, folder: Path | None) -> Path:
    if str(name_or_path).endswith(SUFFIX):
        return Path(name_or_path).absolute()
    return save_path(str(name_or_path), folder)


def _open_writer(path: Path) -> sqlite3.Connection:
    try:
        with _umask_for(path.parent):
            conn = _connect(path)
            conn.execute("SELECT count(*) FROM meta").fetchone()
        return conn
    except sqlite3.Error as problem:
        raise write_problem(path, problem) from None


def _checkpoint_old(path: Path) -> None:
    """Fold a version-1 save's WAL into the file before it is replaced (a WAL left
    beside the new file would be read as part of it)."""
    try:
        conn = sqlite3.connect(_uri(path, mode="rw"), uri=True)
        with contextlib.closing(conn):
            conn.execute("PRAGMA journal_mode=DELETE")
    except sqlite3.Error as problem:
        raise write_problem(path, problem) from None


def _rebuild_rows(path: Path, rules: Rules, state: GameState, genesis: str,
                  actions: Sequence[tuple[Any, Any, str | None]], source: str | None = None,
                  ) -> tuple[list[tuple[Any, ...]], GameState, int]:
    """Replay (action JSON, dice list, played_at) entries and chain them as
    version-2 rows with the events the replay gives. Raises SaveDamaged (or a
    StoreError naming `source`, for imports) at the first that fails."""
    rows: list[tuple[Any, ...]] = []
    previous, used = genesis, 0
    for seq, (action_data, dice_data, played_at) in enumerate(actions, start=1):
        try:
            action = action_from_json(action_data)
            dice = ScriptedDice(_faces(dice_data))
            step = apply(rules, state, action, dice)
        except (CodecError, IllegalAction, ValueError, TypeError, RecursionError) as problem:
            if source is not None:
                raise StoreError(source, f"actions[{seq - 1}]", f"cannot be replayed: {harmless(problem)}") from None
            raise SaveDamaged(path, f"action {seq}", f"cannot be replayed: {harmless(problem)}", seq - 1) from None
        if dice.remaining:
            if source is not None:
                raise StoreError(source, f"actions[{seq - 1}]", "has more dice than the action used")
            raise SaveDamaged(path, f"action {seq}", "recorded more dice than the action used", seq - 1)
        state = step.state
        action_json = canonical(action_to_json(action))
        dice_json = canonical(list(step.dice))
        events = canonical([event_to_json(e, rules.board, rules.edition) for e in step.events])
        when = played_at if isinstance(played_at, str) and len(played_at) <= 40 else _now()
        previous = _chain(previous, seq, action_json, dice_json, events, when)
        rows.append((seq, action_json, dice_json, events, previous, when))
        used += len(step.dice)
    return rows, state, used


def _snapshots_for(rows: Sequence[tuple[Any, ...]], rules: Rules, state: GameState) -> list[tuple[Any, ...]]:
    """Snapshots for rows being written whole (replayed once more from `state`)."""
    snapshots = []
    for row in rows:
        state = apply(rules, state, action_from_json(json.loads(row[1])), ScriptedDice(json.loads(row[2]))).state
        if row[0] % SNAPSHOT_EVERY == 0:
            state_json = _snapshot_text(state)
            snapshots.append((row[0], state_json, _snapshot_hash(row[4], state_json)))
    return snapshots


def check_players(rules: Rules, players: Any, what: str) -> dict[str, str]:
    """`{power: name}` with known powers and short names; StoreError otherwise."""
    if not isinstance(players, dict):
        raise StoreError(what, "", "write them as {power: name}")
    powers = {p.id for p in rules.board.powers}
    checked = {}
    for power, name in players.items():
        if power not in powers:
            raise StoreError(what, harmless(power), f"no such power (powers: {', '.join(sorted(powers))})")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise StoreError(what, power, f"a name is 1 to {MAX_NAME} characters, not {harmless(repr(name))[:80]}")
        checked[power] = name.strip()
    return checked


def _check_logins(meta: dict[str, Any]) -> dict[str, str] | None:
    logins = meta.get("logins")
    if not isinstance(logins, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in logins.items()):
        return None
    return logins


def recover(name_or_path: str | Path, new_name: str | None = None, folder: Path | None = None) -> SavedGame:
    """A copy of a damaged save holding the game up to its last intact action
    (the damaged file is left as it is)."""
    path = _resolve(name_or_path, folder)
    try:
        SavedGame.open(path, watch=True).close()
    except SaveDamaged as damage:
        intact = damage.intact
        if intact is None:
            raise StoreError(str(path), "", "the game's setup is damaged: no copy can be made") from None
    else:
        intact = None
    content = _read(path)
    meta = content.meta
    if content.version == 1:
        meta, mode = migrate_v1(content) if intact is None else _v1_meta_unchecked(content)
    else:
        try:
            mode = dice_mode_from_json(content.head["dice_mode"])
        except Exception:  # a damaged head: the game goes on with the computer's dice
            mode = DiceMode()
    rules, start = _rules_and_start(path, meta)
    step = _start_step(path, rules, meta, start)
    keep = content.rows if intact is None else content.rows[:intact]
    entries = [(json.loads(r[1]), json.loads(r[2]), r[5]) for r in keep]
    meta = {**meta, "recovered_from": {"name": path.stem, "actions": len(entries), "at": _now()}}
    rows, state, used = _rebuild_rows(path, rules, step.state, _genesis(meta), entries)
    target = save_path(new_name or f"{path.stem}-recovered", folder or path.parent)
    return SavedGame._write_new(target, rules, state, meta, mode, rows,
                                snapshots=_snapshots_for(rows, rules, step.state), dice_used=used)


def _v1_meta_unchecked(content: _Content) -> tuple[dict[str, Any], DiceMode]:
    """The version-2 settings of a damaged version-1 save (its rows are not checked)."""
    rows, content.rows = content.rows, []
    try:
        return migrate_v1(content)
    finally:
        content.rows = rows


# -- import -------------------------------------------------------------------------------


def import_game(data: Any, name: str, source: str, folder: Path | None = None) -> SavedGame:
    """Recreate a save from an exported JSON document. Every action is replayed
    before anything is written; the save is then written whole."""
    from axisallies_tui.setup import SetupError, make_rules

    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise StoreError(source, "", f"not an exported game (expected \"format\": \"{EXPORT_FORMAT}\")")
    version = data.get("version")
    if version not in (1, FORMAT_VERSION) or isinstance(version, bool):
        raise StoreError(source, "version", f"format version {harmless(repr(version))[:40]} is not supported")
    meta, actions = data.get("meta"), data.get("actions")
    if not isinstance(meta, dict) or not isinstance(actions, list):
        raise StoreError(source, "", "needs \"meta\" (an object) and \"actions\" (a list)")
    if len(actions) > MAX_ACTIONS:
        raise StoreError(source, "actions", f"more than {MAX_ACTIONS} actions")
    _check_export_chain(data, source)
    try:
        ruleset = ruleset_from_json(meta.get("ruleset"))
        rules = make_rules(ruleset)
        start = state_from_json(meta["start_state"]) if meta.get("start_state") is not None else None
        mode_data = data.get("dice_mode", meta.get("dice_mode"))
        mode = dice_mode_from_json(mode_data) if mode_data else DiceMode()
    except (CodecError, KeyError, SetupError) as problem:
        raise StoreError(source, "meta", harmless(problem)) from None
    seed = meta.get("seed") if version == FORMAT_VERSION else None
    if seed is not None and (not isinstance(seed, str) or len(seed) > 200):
        raise StoreError(source, "meta.seed", "a seed is a string of at most 200 characters")
    start_dice = meta.get("start_dice", [])
    try:
        dice = ScriptedDice(_faces(start_dice))
        step = new_game(rules, dice, start)
    except (IllegalAction, ValueError, TypeError) as problem:
        raise StoreError(source, "meta.start_dice", f"the game cannot start: {harmless(problem)}") from None
    if dice.remaining:
        raise StoreError(source, "meta.start_dice", "holds more dice than the game's start used")
    new_meta = {
        "format_version": FORMAT_VERSION,
        "app_version": __version__,
        "board": rules.board.id,
        "board_digest": rules.board.digest,
        "ruleset": ruleset_to_json(ruleset),
        "players": check_players(rules, meta.get("players") or {}, f"{source}: meta.players"),
        "logins": check_players(rules, meta.get("logins") or {}, f"{source}: meta.logins"),
        "seed": seed,
        "start_state": state_to_json(start) if start is not None else None,
        "start_dice": list(step.dice),
        "start_events": [event_to_json(e, rules.board, rules.edition) for e in step.events],
        "created_at": _now(),
        "imported_from": harmless(source)[:200],
    }
    entries = []
    for index, row in enumerate(actions):
        if not isinstance(row, dict) or "action" not in row or "dice" not in row:
            raise StoreError(source, f"actions[{index}]", "needs \"action\" and \"dice\"")
        entries.append((row["action"], row["dice"], row.get("played_at")))
    rows, state, used = _rebuild_rows(Path(source), rules, step.state, _genesis(new_meta), entries, source=source)
    path = save_path(name, folder)
    game = SavedGame._write_new(path, rules, state, new_meta, mode, rows,
                                snapshots=_snapshots_for(rows, rules, step.state), dice_used=used)
    game.renamed = renamed_note(name, path.stem)
    return game


def _check_export_chain(data: dict[str, Any], source: str) -> None:
    """An export carries its save's hash chain: an edited file is refused."""
    meta, version = data["meta"], data["version"]
    try:
        previous = _v1_genesis(meta) if version == 1 else _genesis(meta)
    except (TypeError, ValueError):
        raise StoreError(source, "meta", "cannot be read") from None
    for index, row in enumerate(data["actions"]):
        where = f"actions[{index}]"
        if not isinstance(row, dict):
            raise StoreError(source, where, "an action entry is an object")
        try:
            if version == 1:
                expected = _v1_chain(previous, index + 1, canonical(row["action"]), canonical(row["dice"]))
            else:
                expected = _chain(previous, index + 1, canonical(row["action"]), canonical(row["dice"]),
                                  canonical(row["events"]), row["played_at"])
        except (KeyError, TypeError, ValueError) as problem:
            raise StoreError(source, where, f"missing or unreadable field {harmless(problem)}") from None
        if row.get("hash") != expected:
            raise StoreError(source, where, "does not match the hash chain: the file was edited or damaged")
        previous = expected


# -- listing --------------------------------------------------------------------------------


def list_games(folder: Path | None = None) -> list[dict[str, Any]]:
    """Summaries of the saves in the folder, most recently played first. Anything
    that is not a regular file is skipped with a note (a FIFO would hang SQLite)."""
    folder = folder or locations.games_dir()
    me = current_login()
    games = []
    try:
        paths = sorted(folder.glob(f"*{SUFFIX}"))
    except OSError:
        paths = []
    for path in paths:
        name = harmless(path.stem)
        if not _regular_file(path):
            games.append({"name": name, "problem": "not a regular file; skipped"})
            continue
        games.append(_listing(path, name, me))
    return sorted(games, key=lambda g: str(g.get("last_played", "")), reverse=True)


def _listing(path: Path, name: str, me: str) -> dict[str, Any]:
    try:
        conn = _connect_read(path)
        with contextlib.closing(conn):
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        version = json.loads(meta["format_version"])
        if version == 1:
            summary: dict[str, Any] = json.loads(meta["summary"])
            logins: dict[str, str] = {}
        else:
            head = json.loads(meta["head"])
            if not _head_ok(head):
                raise ValueError("damaged")
            summary = dict(head["summary"])
            logins = json.loads(meta["logins"])
        players = json.loads(meta.get("players", "{}"))
        summary = harmless_data(summary)
        summary.update(name=name, board=harmless(json.loads(meta["board"])),
                       players=harmless_data(players), logins=harmless_data(logins))
        waiting = summary.get("waiting_for") or summary.get("power")
        summary["your_turn"] = bool(logins) and not summary.get("winner") and waiting is not None and logins.get(waiting) == me
        holder = holder_of(path)
        if holder is not None:
            summary["open_by"] = harmless(holder.get("login") or "someone")
    except (sqlite3.Error, KeyError, ValueError, TypeError, AttributeError):
        return {"name": name, "problem": "not a readable saved game"}
    return summary


def _summary(state: GameState) -> dict[str, Any]:
    return {
        "round": state.round,
        "power": state.power,
        "phase": state.phase,
        "waiting_for": state.pending.power if state.pending else state.power,
        "winner": state.result.winner if state.result else None,
        "last_played": _now(),
    }
