"""Engine speed figures (design.md budgets). Prints numbers; asserts nothing.

    python benchmarks/engine.py

- apply one action: median over random-bot games (budget 1 ms)
- replay a 10,000-action log from its recorded dice (budget 2 s)
- load a saved 20-round game from its SQLite file (budget 0.5 s)
- list every legal move for Germany at the start of round 1 (combat move)
- start-up time of the non-interactive commands (they never import Textual)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("AXISALLIES_HOME", tempfile.mkdtemp(prefix="aa-bench-"))

from axisallies_tui import setup  # noqa: E402
from axisallies_tui.engine.bots import RandomBot  # noqa: E402
from axisallies_tui.engine.dice import ScriptedDice, SeededDice  # noqa: E402
from axisallies_tui.engine.game import apply, new_game  # noqa: E402
from axisallies_tui.engine.rules import Ruleset  # noqa: E402
from axisallies_tui.store import SavedGame  # noqa: E402

LOG_LENGTH = 10_000


def record_games(rules):  # type: ignore[no-untyped-def]
    """Random-bot play until LOG_LENGTH actions: [(start state, [(action, dice)])], timings."""
    segments, timings = [], []
    total, seed = 0, 0
    while total < LOG_LENGTH:
        seed += 1
        state = new_game(rules, SeededDice(seed, 0)).state
        bot, moves = RandomBot(seed), []
        segments.append((state, moves))
        while state.result is None and total < LOG_LENGTH:
            action = bot.choose(rules, state)
            begin = time.perf_counter()
            step = apply(rules, state, action, SeededDice(seed, len(moves) + 1))
            timings.append(time.perf_counter() - begin)
            moves.append((action, step.dice))
            state = step.state
            total += 1
    return segments, timings


def main() -> None:
    rules = setup.make_rules(Ruleset(board="classic"))
    segments, timings = record_games(rules)
    print(f"apply one action (median of {len(timings)}): {statistics.median(timings) * 1000:.3f} ms  [budget 1 ms]")

    begin = time.perf_counter()
    for start, moves in segments:
        state = start
        for action, dice in moves:
            state = apply(rules, state, action, ScriptedDice(list(dice))).state
    print(f"replay {len(timings)} logged actions: {time.perf_counter() - begin:.2f} s  [budget 2 s]")

    game = SavedGame.create("bench", Ruleset(board="classic"), seed=3, overwrite=True)
    bot = RandomBot(3)
    while game.state.round <= 20 and game.state.result is None:
        game.apply(bot.choose(game.rules, game.state))
    actions = game.seq
    game.close()
    loads = []
    for _ in range(5):
        begin = time.perf_counter()
        SavedGame.open("bench").close()
        loads.append(time.perf_counter() - begin)
    print(f"load a saved 20-round game ({actions} actions): {statistics.median(loads):.3f} s  [budget 0.5 s]")

    from attrs import evolve

    from axisallies_tui.engine.legal import legal_actions
    from axisallies_tui.engine.state import TurnRecord

    opening = new_game(rules, SeededDice(1, 0)).state
    germany = evolve(opening, power="germany", phase="combat_move", done_this_round=("ussr",),
                     turn=TurnRecord(phases=rules.edition.phases))
    listings = []
    for _ in range(15):
        begin = time.perf_counter()
        moves = legal_actions(rules, germany)
        listings.append(time.perf_counter() - begin)
    print(f"list legal combat moves for Germany, round 1 ({len(moves)} actions): "
          f"{statistics.median(listings) * 1000:.1f} ms")

    for command in (["--version"], ["maps", "export", "classic", "--json"], ["rules", "list", "--json"]):
        runs = []
        for _ in range(5):
            begin = time.perf_counter()
            subprocess.run([sys.executable, "-m", "axisallies_tui", *command], capture_output=True, check=True)
            runs.append(time.perf_counter() - begin)
        print(f"start-up `axisallies {' '.join(command)}`: {statistics.median(runs) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
