"""Who has a saved game open: one lock file beside each save.

`NAME.aagame.lock` is held with `flock` by the one process that may write the
game, and says who that is (login, process, host, since when). The kernel
drops the lock when that process dies, however it dies, so a lock left by a
killed process is recognised as stale and taken over. The file itself is never
deleted (deleting a lock file races with a process opening it); an unlocked
one means nobody is writing.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import pwd
import re
import socket
import stat
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from axisallies_tui.engine.errors import DataError

LOCK_SUFFIX = ".lock"
MAX_LOCK_BYTES = 4096


class GameBusy(DataError):
    """Another process is writing this game."""

    def __init__(self, save: Path, holder: dict[str, Any]) -> None:
        super().__init__(str(save), "", f"the game is open elsewhere ({describe(holder)}); "
                                        f"it can be opened to watch (read-only)")
        self.holder = holder


def current_login() -> str:
    """The login name of this process's user, from the system (not from $USER,
    which anyone can set)."""
    uid = os.geteuid()
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid{uid}"


LOGIN_SHAPE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,31}")


def login_problem(login: str) -> str | None:
    """Why `login` cannot be bound to a power, or None: it must name a user of
    this machine (a power bound to nobody could never be played again). A
    user without a name in the user database goes by `uid<number>`, as
    `current_login` gives it."""
    if not LOGIN_SHAPE.fullmatch(login):
        return f"{login!r} is not a login name (letters, digits, . _ -; at most 32)"
    if login == current_login() or known_login(login):
        return None
    return f"there is no user {login!r} on this machine"


def known_login(login: str) -> bool:
    """True for a user of this machine (from the user database)."""
    if re.fullmatch(r"uid[0-9]+", login):
        return True
    try:
        pwd.getpwnam(login)
    except KeyError:
        return False
    return True


def describe(holder: dict[str, Any]) -> str:
    """`by alice (process 123 on host) since 2026-11-27 10:02 UTC`."""
    who = str(holder.get("login") or "someone")
    where = f"process {holder.get('pid', '?')} on {holder.get('host', '?')}"
    since = str(holder.get("since") or "?").replace("T", " ").replace("+00:00", " UTC")
    from axisallies_tui.textsafe import harmless

    return harmless(f"by {who} ({where}) since {since}")


def lock_path(save: Path) -> Path:
    return Path(f"{save}{LOCK_SUFFIX}")


class GameLock:
    """The right to write one save, held until `release` (or the process ends)."""

    def __init__(self, path: Path, fd: int, stale: dict[str, Any] | None) -> None:
        self.path = path
        self.fd = fd
        self.stale = stale
        """What a killed process had written in the lock, if it left one."""

    @classmethod
    def acquire(cls, save: Path, mode: int = 0o600) -> "GameLock":
        """Take the lock of `save`, or raise GameBusy naming who holds it."""
        path = lock_path(save)
        fd = _open_lock(path, mode)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as problem:
            holder = _read(fd)
            os.close(fd)
            if problem.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise GameBusy(save, holder) from None
            raise
        stale = _read(fd) or None
        me = {"login": current_login(), "pid": os.getpid(), "host": socket.gethostname(),
              "since": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(me).encode(), 0)
        except OSError:
            pass  # a read-only folder: the flock alone still keeps a second writer out
        return cls(path, fd, stale)

    def release(self) -> None:
        if self.fd < 0:
            return
        try:
            os.ftruncate(self.fd, 0)
        except OSError:
            pass
        os.close(self.fd)  # closing drops the flock
        self.fd = -1


def holder_of(save: Path) -> dict[str, Any] | None:
    """Who is writing `save` now, or None (no lock, or only a stale one)."""
    path = lock_path(save)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return _read(fd) or {}
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def _open_lock(path: Path, mode: int) -> int:
    """Open (creating) the lock file; never follow a link or block on a FIFO."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, mode)
    except OSError as problem:
        if problem.errno not in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise
        try:  # a read-only folder: lock without writing, if the lock file is there
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except FileNotFoundError:
            raise problem from None  # say why it could not be made, not that it is missing
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise DataError(str(path), "", "is not a regular file (a lock file was expected)")
    if info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) != mode:
        try:
            os.fchmod(fd, mode)  # the umask may have taken the group's bits away
        except OSError:
            pass
    return fd


def _read(fd: int) -> dict[str, Any]:
    try:
        data = json.loads(os.pread(fd, MAX_LOCK_BYTES, 0) or b"{}")
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
