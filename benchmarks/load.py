"""How long opening a saved 20-round game takes. Prints numbers; asserts nothing.

    python benchmarks/load.py [--rounds 20]

Both figures come from the same run on the same save:

- baseline: a load with no record of earlier replays (what every load did
  before `verified`, and what a player's first load of someone else's game
  still does): the whole history is replayed;
- a later load: the chain is checked whole, and only the actions after the
  newest snapshot this user vouched for are replayed (budget 0.5 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["AXISALLIES_HOME"] = tempfile.mkdtemp(prefix="aa-bench-load-")
os.environ.pop("AXISALLIES_GAMES_DIR", None)

from axisallies_tui import verified  # noqa: E402
from axisallies_tui.engine.bots import RandomBot  # noqa: E402
from axisallies_tui.engine.rules import Ruleset  # noqa: E402
from axisallies_tui.store import SavedGame  # noqa: E402

RUNS = 5


def play(rounds: int) -> int:
    game = SavedGame.create("bench", Ruleset(board="classic"), seed=3, overwrite=True)
    bot = RandomBot(3)
    while game.state.round <= rounds and game.state.result is None:
        game.apply(bot.choose(game.rules, game.state))
    game.close()
    return game.seq


def timed_load(forget: bool) -> float:
    if forget:
        verified.record_path().unlink(missing_ok=True)
    begin = time.perf_counter()
    SavedGame.open("bench").close()
    return time.perf_counter() - begin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    actions = play(rounds)
    timed_load(forget=False)  # warm the imports and the rules cache alike for both figures
    baseline, later = [], []
    for _ in range(RUNS):  # interleaved, so that the machine's load falls on both alike
        baseline.append(timed_load(forget=True))
        later.append(timed_load(forget=False))
    before, after = statistics.median(baseline), statistics.median(later)
    print(f"load a saved {rounds}-round game ({actions} actions), median of {RUNS}:")
    print(f"  baseline, whole history replayed: {before:.3f} s")
    print(f"  later load, from a vouched snapshot: {after:.3f} s = {after / before:.0%} of the baseline"
          f"  [budget 0.5 s]")


if __name__ == "__main__":
    main()
