"""The game ends when its terminal hangs up, even if no hang-up signal reaches it.

Started by a wrapper, on a terminal that is not its controlling terminal (as
here), the game is not told of the hang-up by signal; Textual's input thread would
then read the dead terminal in a busy loop for ever. The game must notice and
end (its actions are saved as they are played).
"""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

WRAPPER = """
import subprocess, sys
game = subprocess.Popen([sys.executable, "-m", "axisallies_tui", "load", "hangup"])
open(sys.argv[1], "w").write(str(game.pid))
sys.exit(game.wait())
"""


def _read_until(master: int, marker: bytes, limit: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + limit
    while marker not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    return seen


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_the_game_ends_when_its_terminal_hangs_up(tmp_path):
    env = {**os.environ, "AXISALLIES_HOME": str(tmp_path), "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none"}
    subprocess.run([sys.executable, "-m", "axisallies_tui", "new", "hangup", "--seed", "1"], env=env, check=True,
                   capture_output=True, stdin=subprocess.DEVNULL)
    master, slave = pty.openpty()
    pid_file = tmp_path / "pid"
    wrapper = subprocess.Popen([sys.executable, "-c", WRAPPER, str(pid_file)], env=env, stdin=slave, stdout=slave,
                               stderr=slave, start_new_session=True)
    os.close(slave)
    try:
        assert b"Round 1" in _read_until(master, b"Round 1", 60), "the game screen never showed"
        game = int(pid_file.read_text())
        os.close(master)  # the terminal hangs up
        deadline = time.monotonic() + 60
        while _running(game) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _running(game), "the game kept running on a terminal that hung up"
        wrapper.wait(30)
    finally:
        if wrapper.poll() is None:
            wrapper.kill()
        if pid_file.exists() and _running(int(pid_file.read_text())):
            os.kill(int(pid_file.read_text()), 9)
