"""Rules search speed (the help pane searches on every key press). Prints
figures beside a baseline measured in the same run; asserts nothing.

    python benchmarks/search.py

- one search over all sections: median, 95th percentile and slowest over the
  question set of tests/help/questions.py (budget 20 ms); baseline: a plain
  scan of every section for the words, as the pane did before the index
- building the index (the help text, 199 house rules, the vocabulary): the app
  builds it in a background thread half a second after its first paint, and
  the help pane builds it before its first paint if opened sooner (budget:
  adds under 50 ms); baseline: loading the house-rule catalogue's TOML files
- the first search in a fresh process (it imports rapidfuzz)
- building the help screen and the key-to-first-paint of the pane in the real
  app, with the index not yet built and built by the warm-up
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("AXISALLIES_HOME", tempfile.mkdtemp(prefix="aa-bench-"))

from axisallies_tui import rulesearch, setup  # noqa: E402
from tests.help.questions import QUESTIONS  # noqa: E402

ROUNDS = 5


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def plain_scan(sections: list[rulesearch.Section], query: str) -> list[int]:
    """The baseline: every section containing every word, as typed."""
    words = [w.casefold() for w in query.split()]
    return [n for n, s in enumerate(sections) if all(w in f"{s.heading}\n{s.text}".casefold() for w in words)]


def timed(function, *args) -> float:  # type: ignore[no-untyped-def]
    begin = time.perf_counter()
    function(*args)
    return time.perf_counter() - begin


def search_figures(catalogue) -> None:  # type: ignore[no-untyped-def]
    index = rulesearch.index_for(catalogue)
    queries = [query for query, _answer in QUESTIONS]
    index.search(queries[0])  # imports rapidfuzz once
    ours, base = [], []
    for _ in range(ROUNDS):
        for query in queries:
            ours.append(timed(index.search, query))
            base.append(timed(plain_scan, index.sections, query))
    ours.sort()
    print(f"search, {len(index.sections)} sections, {len(ours)} searches: median {ms(statistics.median(ours))}, "
          f"95% {ms(ours[int(len(ours) * 0.95)])}, slowest {ms(ours[-1])}  [budget 20 ms]")
    print(f"  baseline, plain word scan of the same sections: median {ms(statistics.median(base))}")
    typing = "can my sub shoot down a fighter?"
    keys = [timed(index.search, typing[:n]) for n in range(1, len(typing) + 1)]
    print(f"  typing {typing!r} key by key: slowest key {ms(max(keys))}, all {len(keys)} keys {ms(sum(keys))}")


def build_figures() -> None:
    from axisallies_tui import locations
    from axisallies_tui.loaders.house import load_catalogue

    catalogue_times, build_times = [], []
    for _ in range(ROUNDS):
        begin = time.perf_counter()
        catalogue = load_catalogue(locations.house_rule_files())
        catalogue_times.append(time.perf_counter() - begin)
        rulesearch.vocabulary.cache_clear()
        rulesearch.base_pages.cache_clear()
        begin = time.perf_counter()
        rulesearch.SearchIndex(rulesearch.base_sections() + rulesearch.house_sections(catalogue),
                               rulesearch.vocabulary())
        build_times.append(time.perf_counter() - begin)
    print(f"build the index (help files, vocabulary, house rules; cold caches): median "
          f"{ms(statistics.median(build_times))}  [budget: adds under 50 ms to the pane's first paint]")
    print(f"  baseline, loading the house-rule catalogue from its TOML files: median "
          f"{ms(statistics.median(catalogue_times))}")


def fresh_process_figures() -> None:
    probe = (
        "import time; t0 = time.perf_counter()\n"
        "from axisallies_tui import rulesearch, setup\n"
        "index = rulesearch.index_for(setup.catalogue()); t1 = time.perf_counter()\n"
        "index.search('figher'); t2 = time.perf_counter()\n"
        "print(f'{(t1 - t0) * 1000:.1f} {(t2 - t1) * 1000:.1f}')\n"
    )
    runs = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                             cwd=Path(__file__).resolve().parents[1]).stdout.split()
        runs.append((float(out[0]), float(out[1])))
    print(f"fresh process: import, catalogue and index {statistics.median(r[0] for r in runs):.1f} ms; "
          f"first search (a typo: imports rapidfuzz) {statistics.median(r[1] for r in runs):.1f} ms")


async def pane_open(cold: bool) -> tuple[float, float]:
    """(building the help screen, key to its first paint) in the real app at 80x24."""
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.tui.app import make_app
    from axisallies_tui.tui.screens.help import HelpScreen

    app = make_app(dice=ScriptedDice([]), theme="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.6)  # the app's own warm-up has run by now
        if cold:
            rulesearch._CACHE.clear()
        begin = time.perf_counter()
        HelpScreen(setup.catalogue(), {})
        build = time.perf_counter() - begin
        if cold:
            rulesearch._CACHE.clear()
        begin = time.perf_counter()
        await pilot.press("h")
        while not isinstance(app.screen, HelpScreen):
            await pilot.pause()
        await pilot.pause()
        return build, time.perf_counter() - begin


def pane_figures() -> None:
    cold = [asyncio.run(pane_open(True)) for _ in range(ROUNDS)]
    warm = [asyncio.run(pane_open(False)) for _ in range(ROUNDS)]
    print(f"help screen built: index not yet built {ms(statistics.median(c[0] for c in cold))}, "
          f"index built by the app's warm-up {ms(statistics.median(w[0] for w in warm))}")
    print(f"help pane, key to first paint (pilot, 80x24, noisy): index not yet built "
          f"{ms(statistics.median(c[1] for c in cold))}, built by the warm-up {ms(statistics.median(w[1] for w in warm))}")


def main() -> None:
    catalogue = setup.catalogue()
    search_figures(catalogue)
    build_figures()
    fresh_process_figures()
    pane_figures()


if __name__ == "__main__":
    main()
