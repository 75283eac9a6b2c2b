"""Exact odds speed figures (design.md budget: 30 vs 30 mixed land battle <= 100 ms).
Prints numbers; asserts nothing.

    python benchmarks/odds.py

Each line: the median and the slowest of REPEATS runs (after one warm-up run
that fills the binomial cache), the number of battle states, and the result.
Then "before / after": the row-by-row walk every battle used before AA fire
went a level at a time (`_Battle.solve(by_level=False)`, the baseline, measured
in the same run) against today's route, with time and tracemalloc peak.
Then simulated odds (a battle house rules change, fought 1,000 times through the
engine) of a 15 vs 14 land battle under two sets of house rules, against the
same simulation under the base rules. The last lines time the whole
`axisallies odds --json` command in a new process against a
standard-library-only script computing the same odds (odds_stdlib.py).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from axisallies_tui import setup  # noqa: E402
from axisallies_tui.engine.odds import _Battle, battle_odds  # noqa: E402
from axisallies_tui.engine.profiles import ATTACK, DEFENCE, profile  # noqa: E402
from axisallies_tui.engine.rules import Ruleset  # noqa: E402

REPEATS = 5
BUDGET_MS = 100


def main() -> None:
    rules = setup.make_rules(Ruleset(board="classic"))

    def att(unit: str, n: int, *techs: str):  # type: ignore[no-untyped-def]
        return profile(rules, "germany", techs, unit, ATTACK), n

    def dfn(unit: str, n: int, *techs: str):  # type: ignore[no-untyped-def]
        return profile(rules, "ussr", techs, unit, DEFENCE), n

    land_att = [att("infantry", 15), att("armour", 8), att("fighter", 5), att("bomber", 2)]
    land_def = [dfn("infantry", 20), dfn("armour", 6), dfn("fighter", 4)]
    cases = [
        ("30 vs 30 land", land_att, land_def, {}),
        ("30 vs 30 land + AA gun", land_att, land_def, {"aa_guns": 1}),
        ("30 vs 30 land + AA, Low Luck", land_att, land_def, {"aa_guns": 1, "low_luck": True}),
        ("30 vs 30 land + AA, retreat below 10", land_att, land_def, {"aa_guns": 1, "retreat_below": 10}),
        ("30 vs 30 land + AA, max_rounds=100 walk", land_att, land_def, {"aa_guns": 1, "max_rounds": 100}),
        ("60 vs 60 land (no aircraft)", [att("infantry", 40), att("armour", 20)],
         [dfn("infantry", 50), dfn("armour", 10)], {}),
        ("sea 12 vs 12, subs both sides, jets, super subs",
         [att("submarine", 4, "super_submarines"), att("battleship", 2), att("carrier", 2), att("fighter", 4)],
         [dfn("submarine", 2), dfn("transport", 3), dfn("carrier", 2), dfn("fighter", 4, "jet_power"),
          dfn("battleship", 1)], {"land_battle": False}),
        ("58 vs 60 land + AA gun", [att("infantry", 30), att("armour", 18), att("fighter", 8), att("bomber", 2)],
         [dfn("infantry", 44), dfn("armour", 10), dfn("fighter", 6)], {"aa_guns": 1}),
        ("100 vs 100 land", [att("infantry", 50), att("armour", 30), att("fighter", 15), att("bomber", 5)],
         [dfn("infantry", 70), dfn("armour", 20), dfn("fighter", 10)], {}),
        ("100 vs 100 land + AA gun", [att("infantry", 50), att("armour", 30), att("fighter", 15), att("bomber", 5)],
         [dfn("infantry", 70), dfn("armour", 20), dfn("fighter", 10)], {"aa_guns": 1}),
        ("1 vs 1", [att("infantry", 1)], [dfn("infantry", 1)], {}),
    ]
    print(f"exact odds, median / slowest of {REPEATS} runs  [budget {BUDGET_MS} ms for 30 vs 30 land]")
    for name, attackers, defenders, options in cases:
        result = battle_odds(attackers, defenders, **options)
        times = []
        for _ in range(REPEATS):
            begin = time.perf_counter()
            battle_odds(attackers, defenders, **options)
            times.append(time.perf_counter() - begin)
        states = _count_states(attackers, defenders, options)
        print(f"  {name:<48} {statistics.median(times) * 1000:7.1f} / {max(times) * 1000:6.1f} ms"
              f"  {states:>6} states  attacker wins {result.attacker_win:.4f}, rounds {result.rounds:.2f}")

    _before_after(att, dfn, land_att, land_def)
    _engine_route(rules, land_att, land_def)
    _simulated()

    _whole_process()


def _whole_process() -> None:
    """`axisallies odds --json` as a new process against a standard-library-only
    script computing the same exact odds (benchmarks/odds_stdlib.py), same run.
    Both start from compiled bytecode, as an installed program does."""
    here = Path(__file__).resolve().parent
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(here.parent / "axisallies_tui"), str(here)],
                   check=True, env=env)
    print("whole process, median of 5: `axisallies odds --json` / stdlib-only script (baseline)")
    for name, att, dfn in (("3 inf, 1 arm vs 4 inf", "3 inf, 1 arm", "4 inf"),
                           ("30 vs 30 + AA", "15 inf, 8 arm, 5 ftr, 2 bmr", "20 inf, 6 arm, 4 ftr, 1 aa")):
        ours = [sys.executable, "-m", "axisallies_tui", "odds", "--att", att, "--def", dfn, "--json"]
        baseline = [sys.executable, str(here / "odds_stdlib.py"), att, dfn]
        mine, theirs = _process_time(ours, env), _process_time(baseline, env)
        print(f"  {name:<24} {mine * 1000:6.0f} ms / {theirs * 1000:6.0f} ms = {mine / theirs:4.2f}x  [target 1.1x]")


def _process_time(command: list[str], env: dict[str, str]) -> float:
    runs = []
    for _ in range(5):
        begin = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=env, cwd=Path(__file__).resolve().parents[1])
        runs.append(time.perf_counter() - begin)
    return statistics.median(runs)


def _before_after(att, dfn, land_att, land_def) -> None:  # type: ignore[no-untyped-def]
    """The baseline (row-by-row walk) and today's walk of the same battles, same answers."""
    big_att = [att("infantry", 50), att("armour", 30), att("fighter", 15), att("bomber", 5)]
    big_def = [dfn("infantry", 70), dfn("armour", 20), dfn("fighter", 10)]
    cases = [
        ("30 vs 30 land", land_att, land_def, 0),
        ("60 vs 60 land (no aircraft)", [att("infantry", 40), att("armour", 20)],
         [dfn("infantry", 50), dfn("armour", 10)], 0),
        ("58 vs 60 land + AA gun", [att("infantry", 30), att("armour", 18), att("fighter", 8), att("bomber", 2)],
         [dfn("infantry", 44), dfn("armour", 10), dfn("fighter", 6)], 1),
        ("100 vs 100 land", big_att, big_def, 0),
        ("100 vs 100 land + AA gun", big_att, big_def, 1),
    ]
    print("before (row by row, baseline) / after, median time and tracemalloc peak")
    for name, attackers, defenders, guns in cases:
        figures = []
        for by_level in (False, True):
            run = partial(_solve, attackers, defenders, guns, by_level)
            result = run()
            times = []
            for _ in range(REPEATS if guns == 0 or by_level else 1):  # the AA baseline takes seconds
                begin = time.perf_counter()
                run()
                times.append(time.perf_counter() - begin)
            tracemalloc.start()
            run()
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            figures.append((statistics.median(times), peak, result.attacker_win))
        (t0, m0, w0), (t1, m1, w1) = figures
        print(f"  {name:<30} {t0 * 1000:7.1f} ms {m0 / 2**20:6.1f} MB -> {t1 * 1000:7.1f} ms {m1 / 2**20:6.1f} MB"
              f"  ({t0 / t1:4.1f}x; attacker wins {w0:.6f} / {w1:.6f})")


def _solve(attackers, defenders, guns: int, by_level: bool):  # type: ignore[no-untyped-def]
    battle = _Battle(list(attackers), list(defenders), None, None, True, 0, guns, 1, False, True, [], True)
    return battle.solve(None, by_level=by_level)


def _battle_position(rules, attackers, defenders):  # type: ignore[no-untyped-def]
    """A new game with `attackers` (German) and `defenders` (Soviet) in Caucasus,
    Germany to fight: each side as (unit id, count)."""
    from attrs import evolve

    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.engine.game import new_game
    from axisallies_tui.engine.state import Unit

    state = new_game(rules, ScriptedDice([])).state
    space = rules.board.space("caucasus")
    units, uid = [], state.next_uid
    for power, side in (("germany", attackers), ("ussr", defenders)):
        for unit, count in side:
            for _ in range(count):
                units.append(Unit(uid=uid, power=power, type=unit, came_from="ukraine_ssr"))
                uid += 1
    spaces = list(state.spaces)
    spaces[space.index] = evolve(spaces[space.index], units=tuple(units))
    return evolve(state, spaces=tuple(spaces), power="germany", phase="conduct_combat", next_uid=uid)


def _engine_route(rules, land_att, land_def) -> None:  # type: ignore[no-untyped-def]
    """The battle pane's odds (`battle_odds.odds_for_battle`: the battle's steps checked,
    profiles read from the position) against the calculator alone, same battle."""
    from axisallies_tui.engine.battle_odds import odds_for_battle

    state = _battle_position(rules, [(p.unit, n) for p, n in land_att], [(p.unit, n) for p, n in land_def])
    timings = {}
    for name, run in (("calculator alone (baseline)", lambda: battle_odds(land_att, land_def)),
                      ("battle pane route (odds_for_battle)", lambda: odds_for_battle(rules, state, "caucasus"))):
        run()
        times = []
        for _ in range(REPEATS):
            begin = time.perf_counter()
            run()
            times.append(time.perf_counter() - begin)
        timings[name] = statistics.median(times)
        print(f"  30 vs 30 land, {name:<38} {timings[name] * 1000:7.1f} ms")
    base, route = timings.values()
    print(f"  the shared battle steps add {100 * (route / base - 1):+.0f}% (budget +10%)")


def _simulated() -> None:
    """Simulated odds (`simulate.simulated_odds`: the battle fought 1,000 times
    through the engine) of one 15 vs 14 land battle under house rules that change
    battles, against the same simulation under the base rules (the engine's own
    cost, measured in the same run)."""
    from axisallies_tui.engine.rules import HouseRuleChoice
    from axisallies_tui.engine.simulate import TRIALS, simulated_odds

    attackers = [("infantry", 7), ("armour", 4), ("fighter", 3), ("bomber", 1)]
    defenders = [("infantry", 9), ("armour", 2), ("fighter", 3)]
    print(f"simulated odds, 15 vs 14 land, {TRIALS:,} battles through the engine")
    base = None
    for name, house in (("base rules (baseline)", ()), ("Defender Retreats", ("s000-defender-retreats",)),
                        ("Order of Combat + Dogfights", ("s000-order-of-combat", "s000-dogfights"))):
        rules = setup.make_rules(Ruleset(board="classic", house=tuple(HouseRuleChoice(id=h) for h in house)))
        state = _battle_position(rules, attackers, defenders)
        begin = time.perf_counter()
        odds = simulated_odds(rules, state, "caucasus")
        took = time.perf_counter() - begin
        base = base or took
        print(f"  {name:<30} {took:6.2f} s = {took / TRIALS * 1000:5.2f} ms a battle = {took / base:4.2f}x"
              f"  attacker wins {odds.attacker_win:.3f} +-{odds.margin:.3f}")


def _count_states(attackers, defenders, options) -> int:  # type: ignore[no-untyped-def]
    battle = _Battle(list(attackers), list(defenders), None, None, True, options.get("retreat_below", 0),
                     options.get("aa_guns", 0), 1, options.get("low_luck", False), options.get("land_battle", True),
                     [], True)
    return battle.na * battle.nd


if __name__ == "__main__":
    main()
