"""Positions this user has already checked against a game's history, so that
loading a long game replays only the actions after the newest of them.

A save's snapshots cannot be trusted as they stand: the hashes in the file are
unkeyed, so whoever can write the file can put any position in a snapshot and
recompute every hash. The first load therefore replays the whole history and
compares each snapshot with the replay. What that replay proved is written
here, in the user's private data folder:

    key = SHA-256(program digest, chain hash after action N)
    value = SHA-256(the snapshot's stored JSON text)

A later load (or the writer, who computed the position itself) may start from
a stored snapshot only when this record holds exactly that text for exactly
that key. Why that is as safe as replaying:

- The chain hash after action N commits to the game's settings and to every
  stored row up to N (SHA-256 collision resistance), and the program digest to
  the engine, house-rule and codec code and the rules data that replayed it.
  Same key, same history, same program: the same position, so the record
  stays true. A changed or rewritten history, a snapshot moved to another
  action or copied from another game, or a program update gives another key,
  and the load replays as before.
- A changed snapshot text gives another digest: not vouched for, so it is
  compared with the replay and refused if it differs.
- Only the user can write this file (it is skipped unless owned by the user
  and not writable by group or others); anyone who can write it can already
  run code as the user. A damaged or unreadable record, a full or read-only
  disk: the record is ignored and the load replays everything. A flipped
  byte can only make an entry miss, never vouch for another position.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import stat
import time
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from axisallies_tui import locations

FILE_NAME = "verified-positions.sqlite"
MAX_ENTRIES = 20_000
"""Oldest entries go first past this (a 20-round game needs about 30)."""
_PACKAGE = Path(__file__).resolve().parent
_CODE = ("engine", "houserules", "loaders", "codec.py", "setup.py")


def record_path() -> Path:
    return locations.user_data_dir() / "verified" / FILE_NAME


@lru_cache(maxsize=None)
def program_digest() -> str:
    """SHA-256 of the code and data that decide what a replay gives. Unreadable
    code gives a fresh random value: nothing recorded is used."""
    digest = hashlib.sha256()
    try:
        files = sorted(p for name in _CODE for p in ((_PACKAGE / name).rglob("*.py") if (_PACKAGE / name).is_dir()
                                                      else [_PACKAGE / name]))
        files += list(locations.edition_files().values()) + locations.house_rule_files()
        files += list(locations.board_files().values())
        for path in files:
            digest.update(str(path.name).encode() + b"\0" + path.read_bytes() + b"\0")
    except OSError:
        return os.urandom(32).hex()
    return digest.hexdigest()


def key(chain_hash: str) -> str:
    return hashlib.sha256(f"{program_digest()}|{chain_hash}".encode()).hexdigest()


def text_digest(state_json: str) -> str:
    return hashlib.sha256(state_json.encode()).hexdigest()


def _private(path: Path) -> bool:
    """Owned by us and writable by nobody else (the file and its folder)."""
    try:
        for item in (path, path.parent):
            info = os.stat(item)
            if info.st_uid != os.geteuid() or info.st_mode & 0o022:
                return False
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def vouched(keys: Sequence[str]) -> dict[str, str]:
    """The recorded digest for each of `keys` that has one; {} when the record
    is missing, unreadable or not private."""
    path = record_path()
    if not keys or not _private(path):
        return {}
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=0.5)
        with contextlib.closing(conn):
            marks = ",".join("?" * len(keys))
            found = conn.execute(f"SELECT key, digest FROM verified WHERE key IN ({marks})", list(keys)).fetchall()
    except sqlite3.Error:
        return {}
    return {str(k): str(d) for k, d in found}


def remember(entries: Iterable[tuple[str, str]]) -> None:
    """Record (chain hash, snapshot text) pairs that were checked by replay.
    Best effort: a record that cannot be written is simply not kept."""
    rows = [(key(chain_hash), text_digest(state_json), time.time()) for chain_hash, state_json in entries]
    if not rows:
        return
    path = record_path()
    old = os.umask(0o077)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if os.stat(path.parent).st_uid == os.geteuid():
            os.chmod(path.parent, 0o700)  # a folder made under a loose umask
        if path.exists() and not _private(path):
            return
        conn = sqlite3.connect(path, timeout=0.5)
        with contextlib.closing(conn):
            with conn:
                conn.execute("CREATE TABLE IF NOT EXISTS verified "
                             "(key TEXT PRIMARY KEY, digest TEXT NOT NULL, at REAL NOT NULL)")
                conn.executemany("INSERT OR REPLACE INTO verified VALUES (?, ?, ?)", rows)
                conn.execute("DELETE FROM verified WHERE key IN (SELECT key FROM verified "
                             "ORDER BY at DESC LIMIT -1 OFFSET ?)", (MAX_ENTRIES,))
    except (OSError, sqlite3.Error):
        return
    finally:
        os.umask(old)
