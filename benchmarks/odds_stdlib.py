"""The baseline for `axisallies odds` as a whole process: a script that uses
the standard library only and computes the same exact odds of a classic land
battle (attacker's win, defender's win, both destroyed), as the odds command
would with no house rule named. Benchmarks time it as a process next to the
command (benchmarks/odds.py); it is not part of the program.

    python benchmarks/odds_stdlib.py "3 inf, 1 arm" "4 inf, 1 aa"

Classic numbers (C-UNIT-1): attack/defence infantry 1/2, armour 3/2, fighter
3/4, bomber 4/1. Each side loses its cheapest units first; an AA gun fires one
die at each attacking aircraft before round 1 and hits on a 1, fighters lost
before bombers. The attacker wins only with a land unit left. Written plainly:
a state is (aircraft lost to AA, hits taken since, defender's hits taken), and
the chance of each ending from a state is worked out from the states after it.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from math import comb

ATTACK = {"inf": 1, "arm": 3, "ftr": 3, "bmr": 4}
DEFENCE = {"inf": 2, "arm": 2, "ftr": 4, "bmr": 1}
COST = {"inf": 3, "arm": 5, "ftr": 12, "bmr": 15}
AIR = ("ftr", "bmr")


def parse(text: str) -> tuple[list[str], int]:
    units, guns = [], 0
    for part in text.split(","):
        count, name = part.split()
        if name == "aa":
            guns += int(count)
        else:
            units += [name] * int(count)
    return sorted(units, key=lambda u: COST[u]), guns


def hit_chances(values: list[int]) -> list[float]:
    """Chance of each number of hits for dice hitting on `values`."""
    dist = [1.0]
    for value in values:
        p = value / 6
        dist = [(dist[k] if k < len(dist) else 0.0) * (1 - p) + (dist[k - 1] * p if k else 0.0)
                for k in range(len(dist) + 1)]
    return dist


def solve(attackers: list[str], defenders: list[str], guns: int) -> tuple[float, float, float]:
    aircraft = [u for u in attackers if u in AIR]

    def alive(lost_to_aa: int, hits: int) -> list[str]:
        left = list(attackers)
        for unit in aircraft[:lost_to_aa]:
            left.remove(unit)
        return left[hits:]

    @lru_cache(maxsize=None)
    def fire(side: str, lost_to_aa: int, hits: int) -> tuple[float, ...]:
        units = alive(lost_to_aa, hits) if side == "a" else defenders[hits:]
        table = ATTACK if side == "a" else DEFENCE
        return tuple(hit_chances([table[u] for u in units]))

    @lru_cache(maxsize=None)
    def outcome(lost_to_aa: int, a_hits: int, d_hits: int) -> tuple[float, float, float]:
        a_left, d_left = alive(lost_to_aa, a_hits), defenders[d_hits:]
        if not a_left and not d_left:
            return (0.0, 0.0, 1.0)
        if not d_left:
            return (1.0, 0.0, 0.0) if any(u not in AIR for u in a_left) else (0.0, 0.0, 0.0)
        if not a_left:
            return (0.0, 1.0, 0.0)
        on_a, on_d = fire("d", 0, d_hits), fire("a", lost_to_aa, a_hits)
        stay = on_a[0] * on_d[0]
        total = [0.0, 0.0, 0.0]
        for x, px in enumerate(on_a):
            for y, py in enumerate(on_d):
                if (x or y) and px * py:
                    later = outcome(lost_to_aa, min(a_hits + x, len(attackers) - lost_to_aa),
                                    min(d_hits + y, len(defenders)))
                    for k in range(3):
                        total[k] += px * py * later[k]
        return (total[0] / (1 - stay), total[1] / (1 - stay), total[2] / (1 - stay))

    shots = len(aircraft) * guns
    result = [0.0, 0.0, 0.0]
    for hits in range(shots + 1):
        chance = comb(shots, hits) * (1 / 6) ** hits * (5 / 6) ** (shots - hits)
        lost = min(hits, len(aircraft))
        for k, value in enumerate(outcome(lost, 0, 0)):
            result[k] += chance * value
    return result[0], result[1], result[2]


def main() -> None:
    sys.setrecursionlimit(100_000)
    attackers, _ = parse(sys.argv[1])
    defenders, guns = parse(sys.argv[2])
    win, loss, draw = solve(attackers, defenders, guns)
    print(json.dumps({"attacker_win": win, "defender_win": loss, "draw": draw}))


if __name__ == "__main__":
    main()
