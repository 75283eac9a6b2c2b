"""Interface speed figures (design.md budgets). Prints numbers; asserts nothing.

    python benchmarks/tui.py [--size 120x40] [--keys 60] [--long-game 10000] [--home DIR]
    python benchmarks/tui.py --start-only --long-game 0    (the start-ups only, about a minute)

The app runs as a real program on a pseudo-terminal, exactly as a player
starts it (`axisallies load NAME`), and this script plays the terminal: it
answers the app's question about synchronized output, so every repaint
arrives framed by begin/end markers and can be timed to the end of the frame.

- start to first painted game screen, classic board (budget 0.8 s): from
  spawning the process to the end of the first frame showing the status line
- the same for a saved game of 10,000 actions (`--long-game ACTIONS`; 0
  skips it): a game the random bot plays, buying at most a few units a turn
  so that it stays quick (see `_long_game`), saved action by action as a
  player's game is. It takes a minute or two the first time and is kept in
  --home for the next runs
- key press to repaint while moving through the region tables (budget 50 ms
  median): Down, Up and region digits on the board, each timed from writing
  the key to the end of the frame it causes
- key press to repaint in the move panel (same budget): in the Soviet combat
  move, each space's units (Enter), their destinations (Enter: every
  candidate tried with the engine), back twice (Backspace, as Esc but without
  the terminal's wait for an escape sequence) and the next space (Down)
- the battle pane: start to the first painted battle of a position in
  conduct combat, and to its exact odds (worked out, numpy loaded, right
  after that first paint), then each Enter that fights the battle or answers
  its casualty and retreat questions
- peak resident memory of the running game (budget 120 MB): VmHWM at the end

Both programs start from compiled byte code, as an installed game does (pip
compiles it; a checkout writes it on the first start): the environment's
PYTHONDONTWRITEBYTECODE is dropped, the byte code goes to a cache in the
temporary home, and one untimed start of each program fills it. `--start-only`
times the start-ups and nothing else.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"
FRAME_END = b"\x1b[?2026l"
KEYS = {"down": b"\x1b[B", "up": b"\x1b[A", "f2": b"\x1bOQ", "f3": b"\x1bOR", "ctrl+q": b"\x11",
        "enter": b"\r", "backspace": b"\x7f"}
BATTLE_POSITION = """
board = "classic"

[game]
round = 1
power = "germany"
phase = "conduct_combat"

[spaces.caucasus]
clear = true
units = [
  { power = "ussr", type = "infantry", count = 3 },
  { power = "ussr", type = "armour", count = 1 },
  { power = "germany", type = "armour", count = 3, moved = 1, combat_moved = true, stopped = true },
]

[spaces.ukraine_ssr]
clear = true
"""


BARE_APP = """
from textual.app import App
from textual.widgets import DataTable, Footer, Static


class Bare(App):
    def compose(self):
        yield Static("Round 1 | a bare Textual app")
        yield DataTable(cursor_type="row")
        yield Footer()

    def on_mount(self):
        table = self.query_one(DataTable)
        table.add_columns("Space", "Units")
        for n in range(40):
            table.add_row(f"space {n}", f"{n} units")


Bare().run()
"""
"""The baseline measured in the same run: a bare Textual app with a status
line, a list and a footer (first paint; bytes written for a cursor move)."""


class Terminal:
    """The master side of a pseudo-terminal running the app."""

    def __init__(self, argv: list[str], env: dict[str, str], width: int, height: int) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.started = time.perf_counter()
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT,
                                        close_fds=True, start_new_session=True)
        os.close(slave)
        self.seen = b""
        self.seen_all = b""
        """Everything read since start (`seen` is emptied by `drain` and `press`)."""

    def read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            return b""
        if SYNC_QUERY in chunk:
            os.write(self.master, SYNC_REPLY)
        self.seen += chunk
        self.seen_all += chunk
        return chunk

    def wait_for(self, predicate, timeout: float = 10.0) -> float:  # type: ignore[no-untyped-def]
        """Read until `predicate(output so far)` holds; the time it held."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            self.read(0.05)
            if predicate(self.seen):
                return time.perf_counter()
        raise TimeoutError(f"the app did not answer within {timeout} s; last output: {self.seen[-300:]!r}")

    def drain(self, quiet: float = 0.15) -> None:
        while self.read(quiet):
            pass
        self.seen = b""

    def press(self, data: bytes) -> float:
        """Send a key; seconds until the end of the frame it causes."""
        self.seen = b""
        sent = time.perf_counter()
        os.write(self.master, data)
        done = self.wait_for(lambda out: FRAME_END in out, timeout=5.0)
        return done - sent

    def peak_memory_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(x for x in status.splitlines() if x.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024

    def close(self) -> None:
        try:
            os.write(self.master, KEYS["ctrl+q"])
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
        os.close(self.master)


def _saved_games(env: dict[str, str]) -> dict[str, dict[str, object]]:
    import json

    listed = subprocess.run([sys.executable, "-m", "axisallies_tui", "list", "--json"], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True)
    return {game["name"]: game for game in json.loads(listed.stdout)}


def _new_game(arguments: list[str], env: dict[str, str]) -> None:
    """`axisallies new ARGUMENTS`, unless a game of that name is there from an earlier run."""
    if arguments[0] not in _saved_games(env):
        subprocess.run([sys.executable, "-m", "axisallies_tui", "new", *arguments], cwd=ROOT, env=env, check=True,
                       capture_output=True)


LONG_GAME_CAP = 3
"""Units the long game's bot buys at most in a turn (see `_long_game`)."""


def _long_game(actions: int, env: dict[str, str]) -> int:
    """A bot game of at least `actions` actions saved as "long" (kept from an
    earlier run with the same --home): the feed and the start-up with
    thousands of actions behind them. The number of actions in it.

    Played here through the engine and saved as a player's game is, one
    committed action at a time: the random bot on every power with victory
    switched off (a finished game opens on its result), except that it buys at
    most `LONG_GAME_CAP` units a turn. Left to buy all it can, the armies grow
    every round and so does each move's list of candidates: by round 40 or so
    one combat move takes the bot minutes. Capped, the armies stay the size of
    the opening's, every action takes a few milliseconds, and 10,000 actions
    (about 65 rounds) are played and saved in a minute or two. It stops at the
    start of a turn, as a game is usually resumed."""
    import json

    argv = [sys.executable, "-m", "axisallies_tui"]
    if "long" in _saved_games(env):
        done = subprocess.run([*argv, "load", "long", "--json"], cwd=ROOT, env=env, capture_output=True, text=True)
        played = int(json.loads(done.stdout)["actions"]) if done.returncode == 0 else 0
        if played >= actions:
            return played
    os.environ["AXISALLIES_HOME"] = env["AXISALLIES_HOME"]  # the store reads it on first use
    sys.path.insert(0, str(ROOT))
    from axisallies_tui import setup
    from axisallies_tui.engine.actions import EndPhase
    from axisallies_tui.engine.bots import RandomBot
    from axisallies_tui.engine.queries import power_state
    from axisallies_tui.engine.rules import Ruleset
    from axisallies_tui.store import SavedGame

    board = setup.board("classic")
    options = setup.parse_options(setup.editions()[board.edition], ["military_victory=false", "axis_economic_victory=0"])
    game = SavedGame.create("long", Ruleset(board=board.id, options=options), seed=7, overwrite=True)
    rules, bot, begun = game.rules, RandomBot(7), time.perf_counter()
    try:
        while game.state.result is None and not (game.seq >= actions and game.state.phase == "research"
                                                 and game.state.pending is None):
            state = game.state
            if rules.phase_kind(state.phase) == "purchase" and state.pending is None and \
                    sum(n for _unit, n in power_state(rules.board, state, state.power).unplaced) >= LONG_GAME_CAP:
                game.apply(EndPhase())
            else:
                game.apply(bot.choose(rules, state))
            if game.seq % 1000 == 0:
                print(f"  long game: {game.seq} actions, round {game.state.round}, "
                      f"{time.perf_counter() - begun:.0f} s", file=sys.stderr)
    finally:
        game.close()
    return game.seq


def _first_paint(term: Terminal, marker: bytes, close: bool = True) -> float:
    """Seconds from spawning the program to the end of the first frame showing `marker`."""
    painted = term.wait_for(lambda out: marker in out and FRAME_END in out[out.index(marker):], timeout=60)
    if close:
        term.close()
    return painted - term.started


def _bytes_per_key(totals: list[int]) -> float:
    """Median bytes written per key from running totals."""
    steps = [b - a for a, b in zip(totals, totals[1:])]
    return statistics.median(steps) if steps else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--keys", type=int, default=60, help="key presses to time")
    parser.add_argument("--starts", type=int, default=5, help="start-ups to time")
    parser.add_argument("--long-game", type=int, default=10_000, metavar="ACTIONS",
                        help="time the start-up of a saved bot game of at least this many actions "
                             "(0: skip; made in a minute or two, then kept in --home)")
    parser.add_argument("--start-only", action="store_true", help="time the start-ups only")
    parser.add_argument("--home", help="folder for the saves and byte code, kept between runs (default: a new "
                                       "temporary folder); a long game already in it is used again")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))

    home = args.home or tempfile.mkdtemp(prefix="aa-bench-tui-")
    env = {**os.environ, "AXISALLIES_HOME": home, "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none",
           "PYTHONPYCACHEPREFIX": str(Path(home) / "pycache")}
    env.pop("AXISALLIES_GAMES_DIR", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    _new_game(["bench", "--seed", "1"], env)

    long_actions = _long_game(args.long_game, env) if args.long_game else 0

    # the first paints, taken in turn (bare app, new game, long game) so a change
    # in the machine's load weighs on all three alike; the first round is untimed
    programs = {"bare": ([sys.executable, "-c", BARE_APP], b"Round 1"),
                "new": ([sys.executable, "-m", "axisallies_tui", "load", "bench"], b"Round 1")}
    if long_actions:  # the footer: a finished game shows its result, not "Round"
        programs["long"] = ([sys.executable, "-m", "axisallies_tui", "load", "long"], b" Help")
    first_paints: dict[str, list[float]] = {name: [] for name in programs}
    for run in range(args.starts + 1):
        for name, (argv, marker) in programs.items():
            took = _first_paint(Terminal(argv, env, width, height), marker)
            if run:
                first_paints[name].append(took)
    bare_starts, starts, long_starts = first_paints["bare"], first_paints["new"], first_paints.get("long", [])
    bare = statistics.median(bare_starts)
    if args.start_only:
        print(f"terminal {width}x{height}, classic board; load average {os.getloadavg()[0]:.2f} "
              f"on {os.cpu_count()} CPUs")
        for name, label in (("bare", "bare Textual app"), ("new", "new game"),
                            ("long", f"saved game of {long_actions} actions")):
            if first_paints.get(name):
                median = statistics.median(first_paints[name])
                runs = ", ".join(f"{s:.2f}" for s in first_paints[name])
                print(f"first paint, {label}: median {median:.2f} s = {median / bare:.2f}x the bare app ({runs})")
        return

    # the baseline's bytes for a cursor move
    bare_bytes = []
    term = Terminal([sys.executable, "-c", BARE_APP], env, width, height)
    _first_paint(term, b"Round 1", close=False)
    term.drain()
    for _ in range(10):
        term.press(KEYS["down"])
        term.drain(0.02)
        bare_bytes.append(len(term.seen_all))
    term.close()
    bare_move = _bytes_per_key(bare_bytes)

    played = f"keys{os.getpid()}"  # keys below play moves: a game of this run's own (--home keeps saves)
    _new_game([played, "--seed", "1"], env)
    term = Terminal([sys.executable, "-m", "axisallies_tui", "load", played], env, width, height)
    term.wait_for(lambda out: b"Round 1" in out and FRAME_END in out[out.index(b"Round 1"):])
    term.drain()
    term.press(KEYS["f2"])
    term.drain()
    latencies = []
    by_kind: dict[str, list[float]] = {"arrow": [], "region": []}
    plan = (["down"] * 8 + ["up"] * 4 + [str(n) for n in (1, 2, 4, 6, 7, 8, 3)]) * (args.keys // 19 + 1)
    game_bytes = []
    for key in plan[: args.keys]:
        before = len(term.seen_all)
        took = term.press(KEYS.get(key, key.encode()))
        latencies.append(took)
        if key in ("down", "up"):
            term.drain(0.02)
            game_bytes.append(len(term.seen_all) - before)
        by_kind["arrow" if key in KEYS else "region"].append(took * 1000)
        term.drain(0.02)
    # the move panel: research and purchase ended, the Soviet combat move
    for key in (b"e", b"e", b"y", KEYS["f3"]):  # y: end the purchase with the IPCs unspent
        term.press(key)
        term.drain(0.1)
    moves: dict[str, list[float]] = {"units": [], "destinations": [], "back": [], "next space": []}
    for _ in range(max(1, args.keys // 15)):
        for kind, key in (("units", "enter"), ("destinations", "enter"), ("back", "backspace"), ("back", "backspace"),
                          ("next space", "down")):
            moves[kind].append(term.press(KEYS[key]) * 1000)
            term.drain(0.05)
    memory = term.peak_memory_mb()
    term.close()

    # the battle pane, from a position in conduct combat
    position = Path(home) / "battle.toml"
    position.write_text(BATTLE_POSITION, encoding="utf-8")
    _new_game([f"battle{os.getpid()}", "--position", str(position), "--seed", "3"], env)
    term = Terminal([sys.executable, "-m", "axisallies_tui", "load", f"battle{os.getpid()}"], env, width, height)
    painted = term.wait_for(lambda out: b"Conduct combat" in out and FRAME_END in out[out.index(b"Conduct combat"):])
    shown = term.wait_for(lambda out: b"Odds: win" in out and FRAME_END in out[out.index(b"Odds: win"):])
    battle_start, odds_shown = painted - term.started, shown - term.started
    term.drain()
    answers = []
    for _ in range(30):
        answers.append(term.press(KEYS["enter"]) * 1000)
        term.drain(0.1)
        if b"battle is fought" in term.seen or b"battle is fought" in term.seen_all:
            break
    memory = max(memory, term.peak_memory_mb())
    term.close()

    ms = sorted(x * 1000 for x in latencies)
    print(f"terminal {width}x{height}, classic board")
    print(f"bare Textual app (baseline, this run): first paint median {bare:.2f} s; "
          f"a cursor move writes {bare_move:.0f} bytes")
    if long_starts:
        print(f"first paint of a saved game with {long_actions} actions: median {statistics.median(long_starts):.2f} s "
              f"= {statistics.median(long_starts) / bare:.2f}x the bare app (target 1.3x)")
    if game_bytes:
        moved = statistics.median(game_bytes)
        print(f"a cursor move on the game screen's board writes {moved:.0f} bytes = {moved / bare_move:.1f}x "
              f"the bare list (target 2x)")
    print(f"start to first painted game screen: median {statistics.median(starts):.2f} s, best {min(starts):.2f} s "
          f"(runs: {', '.join(f'{s:.2f}' for s in starts)}; budget 0.8 s) = "
          f"{statistics.median(starts) / bare:.2f}x the bare app")
    print(f"  load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"key press to repaint on the region tables: median {statistics.median(ms):.1f} ms, "
          f"90th percentile {ms[int(len(ms) * 0.9) - 1]:.1f} ms, worst {ms[-1]:.1f} ms "
          f"over {len(ms)} keys (budget 50 ms median)")
    print(f"  arrows in a table: median {statistics.median(by_kind['arrow']):.1f} ms; "
          f"switching region: median {statistics.median(by_kind['region']):.1f} ms")
    move_all = sorted(x for values in moves.values() for x in values)
    print(f"key press to repaint in the move panel: median {statistics.median(move_all):.1f} ms, "
          f"worst {move_all[-1]:.1f} ms over {len(move_all)} keys (budget 50 ms median)")
    print("  " + "; ".join(f"{kind}: median {statistics.median(v):.1f} ms" for kind, v in moves.items()))
    print(f"  (target: under 10 ms a key in the move panel; median now {statistics.median(move_all):.1f} ms)")
    print(f"battle pane: start to the first painted battle {battle_start:.2f} s, its odds shown at {odds_shown:.2f} s; "
          f"Enter to fight or answer: median {statistics.median(answers):.1f} ms, worst {max(answers):.1f} ms "
          f"over {len(answers)} keys")
    print(f"peak resident memory: {memory:.0f} MB (budget 120 MB)")


if __name__ == "__main__":
    main()
