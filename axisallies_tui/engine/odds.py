"""Exact battle odds: how likely each way a battle can end is.

`battle_odds` takes each side as (Profile, count) pairs, the same profiles the
combat code rolls with (profiles.py), so a house rule or a weapons development
that changes a number changes the odds. Nothing is sampled: the figures are
exact up to floating point, for a battle of any length.

How it works, for whoever has to change it:

- **Hit slots.** A side's casualty order becomes a list of *slots*, the hits it
  absorbs in order: with `damage_first`, one slot per extra hit point of each
  multi-hit unit (damage), then one slot per unit (its loss), cheapest first.
  When some hits may only go to some units (submarine hits to sea units, AA
  fire to aircraft), the slots are split into classes by domain. A hit takes
  the earliest free slot its shooter may hit, so the owner always loses what
  its order puts first. A side's *state* is the number of slots used in each
  class; it fixes which units are alive or damaged, hence what they fire.
- **Ordered states.** Hits only ever use more slots, so a round leaves the
  battle (attacker state, defender state) where it was (no hits) or in a later
  state. The attacker's states are walked in that order ("rows"). In one row
  the battle may linger any number of rounds: the expected number of rounds
  fought from each of its states comes from one triangular linear system, and
  what leaves the row reaches later rows through one matrix product
  (`_Battle.fight`). No loop over rounds, no cut-off.
- **Levels.** AA fire makes the attacker's states two-dimensional (aircraft
  lost to AA, slots used by the rounds' hits): about twenty times the rows of
  the same battle without the gun. Rows with as many slots used never lead to
  each other, so such a battle is walked a level at a time (`_walk_level`):
  the same sums as row by row, batched into a few large products per level,
  and nothing is kept per row (a 100 vs 100 battle with a gun: ~20 MB, not
  ~210). The cost is still that of the two-dimensional state: the products
  touch every (attacker row, defender state, hits) triple.
- **One round.** First-strike units of both sides fire; their hits are
  removed. The other units (those hit by the first strike excluded) fire at
  once; their hits are removed together (the casualty zone of C-COMBAT-3/4).
  A volley's hits follow a Poisson-binomial distribution (one Bernoulli per
  die group; best-of-N dice make one group hit at most once), or the Low Luck
  rule: per volley, total value // 6 sure hits and one die for the remainder.
- **Bombardment** (C-AMPH-4). Before round 1 (after AA fire, which only
  touches the attacker) the bombarding units fire one volley at the
  defender; they are not attackers (never hit, never survivors). Its hits take
  the defender's slots like any other hits. When the casualties go at once
  (`bombard_fire_back=False`), that gives a distribution over the defender's
  starting states. When they fire back (the classic default), the bombardment
  casualties are chosen first, still fire in round 1 and go with that round's
  casualties (combat.py sets them aside): that is the same as adding the
  bombardment's hits to the attacker's round-1 volley (after first strike),
  since both go to the same casualty zone cheapest first. This differs from
  combat.py only if an attacking first-strike unit could hit a defender of a
  bombarded battle (there, bombardment casualties are chosen before the first
  strike's): sea-only submarine hits have nothing to hit in a land battle.
- `max_rounds` switches to a round-by-round walk that stops after that many
  rounds; what is still being fought then is `unfinished`.
"""

from __future__ import annotations

import math
import os
from functools import lru_cache
from typing import Any, Sequence

# The matrices here are at most a few hundred wide: BLAS threads only add
# overhead (several times slower on a busy machine). Applies only if numpy is
# first imported here, and never overrides a choice made in the environment.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from attrs import frozen  # noqa: E402

from axisallies_tui.engine.dice import SIDES  # noqa: E402
from axisallies_tui.engine.model import AIR, LAND, SEA  # noqa: E402
from axisallies_tui.engine.profiles import Profile  # noqa: E402

AA_VALUE = 1
"""An AA gun's die hits an aircraft on a 1 (C-AA-3)."""

# Outcome codes of a battle state (the `_Battle.categories` matrices).
FIGHTING, ATTACKER_WIN, DEFENDER_WIN, DRAW, STALEMATE, NO_CAPTURE, RETREAT = range(7)
_OUTCOMES = 7

_AT_ONCE = 4_000_000
"""Up to this many matrix entries, every row's transitions are built in two
matrix products (`_Battle._precompute`) rather than row by row."""

Side = Sequence[tuple[Profile, int]]


@frozen
class Odds:
    """How a battle ends. The seven outcome probabilities add up to 1."""

    attacker_win: float
    """Every defender destroyed and the attacker can take the space: in a land
    battle at least one attacking land unit survives (C-COMBAT-END-3); at sea,
    any attacking unit."""
    defender_win: float
    """Every attacking unit destroyed, at least one defender left."""
    draw: float
    """Both sides destroyed in the same round (the defender keeps the territory)."""
    stalemate: float
    """Neither side can hit the other any more (C-COMBAT-END-1): both keep their survivors."""
    attacker_survives_no_capture: float
    """Land battle only: every defender destroyed, but only attacking aircraft
    (no land unit) survive, so the territory is not captured. Not counted in
    `attacker_win`."""
    attacker_retreat: float
    """The attacker retreated: fewer than `retreat_below` of its units were left at
    the end of a round with defenders still standing. Not counted in `defender_win`."""
    unfinished: float
    """Still being fought after `max_rounds` rounds (0 without `max_rounds`)."""
    attacker_survivors: tuple[tuple[str, float], ...]
    """Expected surviving attackers per unit type (unit id, count), in input order.
    Units that retreat or stand in a stalemate count as survivors."""
    defender_survivors: tuple[tuple[str, float], ...]
    """Expected surviving defenders per unit type (AA guns are not in the sides)."""
    attacker_survivor_counts: tuple[float, ...]
    """Probability that exactly n attacking units survive, for n = 0, 1, ..."""
    defender_survivor_counts: tuple[float, ...]
    attacker_ipc_loss: float
    """Expected cost (`Profile.cost`) of the attacking units destroyed, AA losses included.
    Simulated odds count what the engine removes: fighters lost with their
    carrier too, and casualties set aside before the odds were asked."""
    defender_ipc_loss: float
    rounds: float
    """Expected number of combat rounds fought (AA fire is not a round)."""
    method: str = "exact"
    """"exact", or "simulated" when house rules change the battle's steps so
    that only the engine's own battle, fought many times, can answer."""
    margin: float = 0.0
    """For simulated odds: the 95% margin of the attacker's win chance, in
    probability (0.004 reads "+-0.4 points")."""

    def outcomes(self) -> dict[str, float]:
        """The seven outcome probabilities by field name."""
        return {
            "attacker_win": self.attacker_win,
            "defender_win": self.defender_win,
            "draw": self.draw,
            "stalemate": self.stalemate,
            "attacker_survives_no_capture": self.attacker_survives_no_capture,
            "attacker_retreat": self.attacker_retreat,
            "unfinished": self.unfinished,
        }


# Most of its length is the docstring: the calculator's one public entry point.
def battle_odds(
    attackers: Side,
    defenders: Side,
    *,
    attacker_order: Sequence[str] | None = None,
    defender_order: Sequence[str] | None = None,
    damage_first: bool = True,
    retreat_below: int = 0,
    aa_guns: int = 0,
    aa_value: int = AA_VALUE,
    low_luck: bool = False,
    land_battle: bool = True,
    max_rounds: int | None = None,
    bombard: Side = (),
    bombard_fire_back: bool = True,
) -> Odds:
    """The exact outcome distribution of one battle.

    Args:
        attackers: (profile, count) pairs; profiles made for the attack role.
        defenders: (profile, count) pairs for the defence role; may be empty
            (a territory held only by an AA gun). AA guns and complexes are not
            listed here: they never fire in rounds nor are casualties (C-UNIT-2).
        attacker_order: casualty order as unit ids, first lost first. Unit types
            not named follow, cheapest first. Default: cheapest first
            (`Profile.cost`), ties losing the lower hit value first, then input order.
        defender_order: the same for the defender.
        damage_first: a hit goes to an undamaged multi-hit unit (as damage)
            before any unit is lost. Off: a multi-hit unit takes all its hits at
            its place in the order.
        retreat_below: at the end of a round, with defenders left, the attacker
            retreats if fewer than this many of its units remain (0: never).
        aa_guns: defending AA guns. Before the first round each attacking
            aircraft (domain air) gets one die per gun, hitting on `aa_value`;
            the attacker loses its aircraft cheapest first (its order restricted
            to aircraft). Hits beyond the aircraft are lost.
        aa_value: what an AA die hits on.
        low_luck: each volley scores total value // 6 sure hits plus one die for
            the remainder (`dice.LowLuckPolicy`); AA fire too. A best-of-N die
            group counts its value once (best_of plays no part under Low Luck).
        land_battle: apply C-COMBAT-END-3 (a land unit must survive to capture).
        max_rounds: stop after this many rounds (0: AA fire and bombardment
            only) and report what is left as `unfinished`. None: fight to the
            end, exactly.
        bombard: (profile, count) pairs of units bombarding before the first
            round (C-AMPH-4), profiles for the attack role (a battleship at
            4). They fire once, all dice in one volley (one Low Luck volley),
            at any defender; the defender loses units in its casualty order.
            They never take hits, are not attackers and not survivors.
        bombard_fire_back: the bombardment casualties still fire in round 1
            and go with that round's casualties (the classic XML default).
            False (house rule s000-amphibious-assaults): they go at once and
            never fire. With `max_rounds=0` and fire back they are still
            standing (they go at the end of round 1).

    Raises:
        ValueError: no attackers, a negative count or parameter, or a profile
            with fewer than 1 hit point.
    """
    if retreat_below < 0 or aa_guns < 0 or (max_rounds is not None and max_rounds < 0):
        raise ValueError("retreat_below, aa_guns and max_rounds must not be negative")
    att = _entries(attackers, "attacker")
    dfn = _entries(defenders, "defender")
    guns = _entries(bombard, "bombard")
    if not att:
        raise ValueError("the attacker has no units")
    battle = _Battle(att, dfn, attacker_order, defender_order, damage_first, retreat_below,
                     aa_guns, aa_value, low_luck, land_battle, guns, bombard_fire_back)
    return battle.solve(max_rounds)


def _entries(side: Side, name: str) -> list[tuple[Profile, int]]:
    kept = []
    for prof, count in side:
        if count < 0:
            raise ValueError(f"{name}: {count} × {prof.unit} is not a count")
        if prof.hit_points < 1:
            raise ValueError(f"{name}: {prof.unit} needs at least 1 hit point")
        if count:
            kept.append((prof, count))
    return kept


def _value(prof: Profile, damaged: bool) -> int:
    return prof.damaged_value if damaged and prof.damaged_value is not None else prof.value


# -- hit distributions -------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _binomial(n: int, p: float) -> np.ndarray:
    """Hits of n independent die groups each hitting with chance p."""
    q = 1.0 - p
    return np.array([math.comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)])


def _low_luck(total: int) -> np.ndarray:
    sure, remainder = divmod(total, SIDES)
    pmf = np.zeros(sure + 2)
    pmf[sure] = 1 - remainder / SIDES
    pmf[sure + 1] = remainder / SIDES
    return pmf


def _fold(pmf: np.ndarray, cap: int) -> np.ndarray:
    """Hits above `cap` count as `cap` (nothing more to hit); length cap + 1."""
    if len(pmf) > cap + 1:
        folded = pmf[: cap + 1].copy()
        folded[cap] += pmf[cap + 1:].sum()
        return folded
    padded = np.zeros(cap + 1)
    padded[: len(pmf)] = pmf
    return padded


def _hits(groups: dict[Any, int], low_luck: bool) -> np.ndarray:
    """Distribution of the hits of one volley: `groups` maps a hit chance to its
    number of die groups, or (Low Luck) None to the total value."""
    pmf = np.ones(1)
    for key, amount in groups.items():
        part = _low_luck(amount) if low_luck else _binomial(amount, key)
        pmf = np.convolve(pmf, part)
    return pmf


def _bombardment(entries: list[tuple[Profile, int]], low_luck: bool, cap: int) -> np.ndarray | None:
    """Distribution of the bombardment's hits (capped at `cap`), or None when
    nothing fires. Every bombarding die is one volley (combat.py rolls them
    together); a hit may go to any defender (combat.py asks for casualties among
    all defenders, whatever the shooter)."""
    groups: dict[Any, int] = {}
    for prof, count in entries:
        if prof.dice <= 0 or prof.value <= 0:
            continue
        if low_luck:
            groups[None] = groups.get(None, 0) + count * prof.dice * prof.value
        else:
            chance = prof.hit_chance()
            groups[chance] = groups.get(chance, 0) + count * prof.dice
    if not groups:
        return None
    return _fold(_hits(groups, low_luck), cap)


def _add_rows(target: np.ndarray, rows: np.ndarray, values: np.ndarray) -> None:
    """target[rows] += values, with rows that may repeat."""
    _, first = np.unique(rows, return_index=True)
    target[rows[first]] += values[first]
    if len(first) < len(rows):
        again = np.ones(len(rows), dtype=bool)
        again[first] = False
        np.add.at(target, rows[again], values[again])


_BLOCK = 32
"""Block width of the batched triangular sums below."""


def _forward(inflow: np.ndarray, stay: np.ndarray, moves: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """x = inflow + x P for each batch row, P[j, j'] = stay[j] moves[j, j'] keep[j']
    upper triangular: a forward substitution by blocks (LU on the whole would
    cost a cube of the width per row)."""
    x = np.empty_like(inflow)
    for lo in range(0, inflow.shape[1], _BLOCK):
        hi = min(lo + _BLOCK, inflow.shape[1])
        rhs = inflow[:, lo:hi]
        if lo:
            rhs = rhs + ((x[:, :lo] * stay[:, :lo])[:, None, :] @ moves[:, :lo, lo:hi])[:, 0] * keep[:, lo:hi]
        block = np.eye(hi - lo) - stay[:, lo:hi, None] * moves[:, lo:hi, lo:hi] * keep[:, None, lo:hi]
        x[:, lo:hi] = np.linalg.solve(block.transpose(0, 2, 1), rhs[:, :, None])[:, :, 0]
    return x


def _upper_product(w: np.ndarray, v: np.ndarray) -> np.ndarray:
    """w @ v for batches of upper triangular v, skipping its zero blocks."""
    out = np.empty(w.shape[:2] + v.shape[2:])
    for lo in range(0, v.shape[2], _BLOCK):
        hi = min(lo + _BLOCK, v.shape[2])
        out[:, :, lo:hi] = w[:, :, :hi] @ v[:, :hi, lo:hi]
    return out


# -- one side ------------------------------------------------------------------------------


class _Army:
    """One side's units in casualty order, its hit slots and its states."""

    def __init__(self, entries: list[tuple[Profile, int]], order: Sequence[str] | None,
                 damage_first: bool, split_sea: bool, split_air: bool) -> None:
        rank = {unit: n for n, unit in enumerate(order or ())}

        def key(item: tuple[int, tuple[Profile, int]]) -> tuple[int, int, int, int]:
            n, (prof, _) = item
            return (rank.get(prof.unit, len(rank)), prof.cost, prof.value, n)

        ordered = sorted(enumerate(entries), key=key)
        self.entries = [prof for prof, _ in entries]
        self.entry_of = [n for n, (_, count) in ordered for _ in range(count)]
        self.units: list[Profile] = [prof for _, (prof, count) in ordered for _ in range(count)]
        self.types: list[str] = list(dict.fromkeys(prof.unit for prof, _ in entries))
        self.type_of = [self.types.index(prof.unit) for prof in self.units]
        hp = [prof.hit_points for prof in self.units]
        self.hp = hp
        if damage_first:
            slots = [u for u in range(len(hp)) for _ in range(hp[u] - 1)] + list(range(len(hp)))
        else:
            slots = [u for u in range(len(hp)) for _ in range(hp[u])]
        self.slot_unit = slots
        domains = {prof.domain for prof in self.units}
        split_sea = split_sea and SEA in domains and len(domains) > 1
        split_air = split_air and AIR in domains and len(domains) > 1
        keys: list[tuple[bool | None, bool | None]] = []
        self.class_slots: list[list[int]] = []
        for pos, unit in enumerate(slots):
            domain = self.units[unit].domain
            k = (domain == SEA if split_sea else None, domain == AIR if split_air else None)
            if k not in keys:
                keys.append(k)
                self.class_slots.append([])
            self.class_slots[keys.index(k)].append(pos)
        members = [{self.units[slots[pos]].domain for pos in cls} for cls in self.class_slots]
        self.class_holds = {SEA: [m == {SEA} for m in members], AIR: [m == {AIR} for m in members],
                            None: [True] * len(members)}
        self.sea_slots = sum(h for prof, h in zip(self.units, hp) if prof.domain == SEA)
        self.states: list[tuple[int, ...]] = []
        self.index: dict[tuple[int, ...], int] = {}

    @property
    def zero(self) -> tuple[int, ...]:
        return (0,) * len(self.class_slots)

    def next1(self, state: tuple[int, ...], target: str | None) -> tuple[int, ...] | None:
        """The state after one more hit that may go to `target` units (None: any),
        or None if no such unit is left."""
        best, best_pos = -1, len(self.slot_unit)
        for k, cls in enumerate(self.class_slots):
            if self.class_holds[target][k] and state[k] < len(cls) and cls[state[k]] < best_pos:
                best, best_pos = k, cls[state[k]]
        if best < 0:
            return None
        return state[:best] + (state[best] + 1,) + state[best + 1:]

    def chain(self, state: tuple[int, ...], target: str | None) -> list[tuple[int, ...]]:
        """`state` and the states after 1, 2, ... hits on `target` units."""
        out = [state]
        following = self.next1(state, target)
        while following is not None:
            out.append(following)
            following = self.next1(following, target)
        return out

    def enumerate(self, starts: list[tuple[int, ...]], targets: tuple[str | None, ...]) -> None:
        """Every state reachable from `starts` by hits on `targets`, in the order
        hits lead (more slots used comes later)."""
        seen = set(starts)
        todo = list(starts)
        while todo:
            state = todo.pop()
            for target in targets:
                nxt = self.next1(state, target)
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        self.states = sorted(seen, key=lambda s: (sum(s), s))
        self.index = {state: n for n, state in enumerate(self.states)}

    def describe(self) -> None:
        """Per state: who is alive and damaged, and what that means."""
        n, size = len(self.states), len(self.units)
        used = np.array(self.states, dtype=np.int64).reshape(n, len(self.class_slots))
        hits = np.zeros((n, size), dtype=np.int64)
        for k, cls in enumerate(self.class_slots):
            # taken[c, u]: hits unit u has had once the first c slots of class k are used
            taken = np.zeros((len(cls) + 1, size), dtype=np.int64)
            for c, pos in enumerate(cls):
                taken[c + 1] = taken[c]
                taken[c + 1, self.slot_unit[pos]] += 1
            hits += taken[used[:, k]]
        alive = hits < np.array(self.hp, dtype=np.int64)
        damaged = alive & (hits > 0)
        weights = alive.astype(float)

        def per_unit(values: list[Any]) -> np.ndarray:
            return np.array(values, dtype=float).reshape(size)

        self.alive_count = alive.sum(axis=1)
        self.land_alive = weights @ per_unit([p.domain == LAND for p in self.units])
        self.sea_alive = weights @ per_unit([p.domain == SEA for p in self.units]) > 0
        self.alive_cost = weights @ per_unit([p.cost for p in self.units])
        self.type_counts = weights @ np.eye(len(self.types))[self.type_of].reshape(size, len(self.types))
        # Kinds: (entry, damaged) pairs, 2e and 2e + 1; how many of each are alive per state.
        by_entry = np.eye(len(self.entries))[self.entry_of].reshape(size, len(self.entries))
        counts = np.zeros((n, 2 * len(self.entries)), dtype=np.int64)
        counts[:, 0::2] = (alive & ~damaged).astype(np.int64) @ by_entry.astype(np.int64)
        counts[:, 1::2] = damaged.astype(np.int64) @ by_entry.astype(np.int64)
        self.kind_counts = counts
        self.kinds = [(prof, damaged) for prof in self.entries for damaged in (False, True)]
        shoots = np.array([prof.dice > 0 and _value(prof, dmg) > 0 for prof, dmg in self.kinds], dtype=bool)
        sea_only = np.array([prof.sea_targets_only for prof, _ in self.kinds], dtype=bool)
        present = counts > 0
        self.can_hit_any = (present & shoots & ~sea_only).any(axis=1)
        self.can_hit_sea = (present & shoots & sea_only).any(axis=1)
        self.initial_cost = float(sum(prof.cost for prof in self.units))
        self.has_first_strike = any(prof.first_strike for prof in self.units)
        self.has_sea_only = any(prof.sea_targets_only for prof in self.units)

    def volleys(self, first_strike: bool, low_luck: bool, cap_any: int, cap_sea: int) -> np.ndarray:
        """Per state, the distribution of (hits on anything, hits on sea units only)
        its `first_strike` (or other) units score, flattened as any * (cap_sea + 1) + sea."""
        firing = [k for k, (prof, dmg) in enumerate(self.kinds)
                  if prof.first_strike == first_strike and prof.dice > 0 and _value(prof, dmg) > 0]
        out = np.zeros((len(self.states), (cap_any + 1) * (cap_sea + 1)))
        seen: dict[tuple[int, ...], np.ndarray] = {}
        for s, row in enumerate(self.kind_counts[:, firing].tolist()):
            signature = tuple(row)
            if signature not in seen:
                groups: tuple[dict[Any, int], dict[Any, int]] = ({}, {})
                for k, count in zip(firing, signature):
                    if not count:
                        continue
                    prof, damaged = self.kinds[k]
                    group = groups[prof.sea_targets_only]
                    if low_luck:
                        group[None] = group.get(None, 0) + count * prof.dice * _value(prof, damaged)
                    else:
                        chance = prof.hit_chance(damaged)
                        group[chance] = group.get(chance, 0) + count * prof.dice
                any_hits = _fold(_hits(groups[0], low_luck), cap_any)
                sea_hits = _fold(_hits(groups[1], low_luck), cap_sea)
                seen[signature] = np.outer(any_hits, sea_hits).ravel()
            out[s] = seen[signature]
        return out

    def landing(self, cap_any: int, cap_sea: int) -> np.ndarray:
        """next[s, h]: the state after hits h (encoded as in `volleys`) land on state s.
        Hits on sea units only are taken first, then the rest in casualty order."""
        general = self._padded(self._chains(None), cap_any)
        sea = self._padded(self._chains(SEA), cap_sea) if cap_sea else np.arange(len(self.states))[:, None]
        # table[s, g, k] = general[sea[s, k], g]
        return general[sea].transpose(0, 2, 1).reshape(len(self.states), -1)

    @staticmethod
    def _padded(chains: list[list[int]], cap: int) -> np.ndarray:
        """chains as an array of cap + 1 columns, each repeating its last state."""
        return np.array([(chain + chain[-1:] * cap)[: cap + 1] for chain in chains], dtype=np.int64)

    def _chains(self, target: str | None) -> list[list[int]]:
        chains: list[list[int]] = [[] for _ in self.states]
        for s in reversed(range(len(self.states))):
            nxt = self.next1(self.states[s], target)
            chains[s] = [s] + chains[self.index[nxt]] if nxt is not None else [s]
        return chains


def _aa_fire(army: _Army, guns: int, value: int, low_luck: bool) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """AA fire before the first round: the attacker's states after 0, 1, ...
    aircraft lost, and the chance of each."""
    aircraft = sum(1 for prof in army.units if prof.domain == AIR)
    air_chain = army.chain(army.zero, AIR) if guns and aircraft else [army.zero]
    shots = aircraft * guns
    if len(air_chain) == 1 or value <= 0:
        return air_chain, np.ones(1)
    if low_luck:
        return air_chain, _fold(_low_luck(shots * value), len(air_chain) - 1)
    return air_chain, _fold(_binomial(shots, min(value, SIDES) / SIDES), len(air_chain) - 1)


# -- the battle ----------------------------------------------------------------------------


class _Battle:
    """A battle's state space, its transitions and the walk over them."""

    def __init__(self, att: list[tuple[Profile, int]], dfn: list[tuple[Profile, int]],
                 attacker_order: Sequence[str] | None, defender_order: Sequence[str] | None,
                 damage_first: bool, retreat_below: int, aa_guns: int, aa_value: int,
                 low_luck: bool, land_battle: bool, bombard: list[tuple[Profile, int]],
                 bombard_fire_back: bool) -> None:
        att_sea_only = any(p.sea_targets_only for p, _ in att)
        def_sea_only = any(p.sea_targets_only for p, _ in dfn)
        self.a = a = _Army(att, attacker_order, damage_first, def_sea_only, aa_guns > 0)
        self.d = d = _Army(dfn, defender_order, damage_first, att_sea_only, False)
        air_chain, aa = _aa_fire(a, aa_guns, aa_value, low_luck)
        a.enumerate(air_chain, (None, SEA) if def_sea_only else (None,))
        d.enumerate([d.zero], (None, SEA) if att_sea_only else (None,))
        a.describe()
        d.describe()
        self.na, self.nd = len(a.states), len(d.states)

        # What each side fires (encoded for its target), and where hits land.
        self.d_sea = d_sea = d.sea_slots if a.has_sea_only else 0
        self.a_sea = a_sea = a.sea_slots if d.has_sea_only else 0
        self.att_fire = a.volleys(False, low_luck, len(d.slot_unit), d_sea)
        self.att_first = a.volleys(True, low_luck, len(d.slot_unit), d_sea) if a.has_first_strike else None
        self.def_fire = d.volleys(False, low_luck, len(a.slot_unit), a_sea)
        self.def_first = d.volleys(True, low_luck, len(a.slot_unit), a_sea) if d.has_first_strike else None
        self.def_next = d.landing(len(d.slot_unit), d_sea)
        self.att_next = a.landing(len(a.slot_unit), a_sea)
        self._rowbase = (np.arange(self.nd) * self.nd)[:, None]
        self._parts: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self._first: dict[int, tuple[np.ndarray | None, Any]] = {}
        self._level_tables()
        self._starts(air_chain, aa, _bombardment(bombard, low_luck, len(d.slot_unit)), bombard_fire_back)
        self._end_codes(land_battle, retreat_below)
        self.outcome = np.zeros(_OUTCOMES)
        self.att_mass = np.zeros(self.na)
        self.def_mass = np.zeros(self.nd)
        self.rounds = 0.0

    def _level_tables(self) -> None:
        """What the level walk reads to build the defender's moves quickly."""
        span = np.arange(self.nd)
        chain = np.minimum(span[:, None] + np.arange(self.def_next.shape[1])[None], self.nd - 1)
        self._def_chain = self.def_next.shape[1] == self.nd and bool(np.array_equal(self.def_next, chain))
        """The defender's states are one chain: hits h take state j to min(j + h, last)."""
        ahead = span[None, :] - span[:, None]
        self._toeplitz = np.where(ahead >= 0, ahead, self.nd)

    def _starts(self, air_chain: list[tuple[int, ...]], aa: np.ndarray, shelling: np.ndarray | None,
                fire_back: bool) -> None:
        """Where the battle stands before round 1: AA fire spreads the attacker over
        `air_chain`; the bombardment's hits either join the first round's volley
        (`opening`, fire back) or move the defender's start state."""
        self.opening = shelling if fire_back else None
        d = self.d
        d_start = np.zeros(self.nd)
        if shelling is None or fire_back:
            d_start[d.index[d.zero]] = 1.0
        else:  # hits h land on the untouched defender: encoded h * (d_sea + 1), no sea-only hits
            np.add.at(d_start, self.def_next[d.index[d.zero], np.arange(len(shelling)) * (self.d_sea + 1)], shelling)
        self.start = np.zeros((self.na, self.nd))
        for state, p in zip(air_chain, aa):
            self.start[self.a.index[state]] += p * d_start

    def _end_codes(self, land_battle: bool, retreat_below: int) -> None:
        """How each state (attacker row, defender column) ends, if it does."""
        a, d = self.a, self.d
        att_dead = (a.alive_count == 0)[:, None]
        def_dead = (d.alive_count == 0)[None, :]
        att_hits = (d.alive_count > 0)[None, :] & (a.can_hit_any[:, None] | (a.can_hit_sea[:, None] & d.sea_alive[None, :]))
        def_hits = (a.alive_count > 0)[:, None] & (d.can_hit_any[None, :] | (d.can_hit_sea[None, :] & a.sea_alive[:, None]))
        won = np.where((a.land_alive == 0)[:, None] & bool(land_battle), NO_CAPTURE, ATTACKER_WIN)
        before: np.ndarray = np.full((self.na, self.nd), FIGHTING)
        before = np.where(~att_hits & ~def_hits, STALEMATE, before)
        after: np.ndarray = np.where((a.alive_count < retreat_below)[:, None], RETREAT, before)
        ends = [(att_dead, DEFENDER_WIN), (def_dead, won), (def_dead & att_dead, DRAW)]  # last wins
        for mask, outcome in ends:
            code = np.asarray(outcome)
            before = np.where(mask, code, before)
            after = np.where(mask, code, after)
        self.before_round = before
        """Before the first round: no retreat yet."""
        self.end_of_round = after
        """At the end of a round: the attacker may retreat (C-RETREAT-1)."""

    # -- transitions --------------------------------------------------------------------

    def _defender_moves(self, vol: np.ndarray) -> np.ndarray:
        """T[j, j']: chance the defender goes from state j to j' under this volley."""
        hits = np.nonzero(vol)[0]
        cells = (self._rowbase + self.def_next[:, hits]).ravel()
        weights = np.broadcast_to(vol[hits], (self.nd, len(hits))).ravel()
        return np.bincount(cells, weights, minlength=self.nd * self.nd).reshape(self.nd, self.nd)

    def _attacker_moves(self, i: int, volleys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(rows, T): T[j, r]: chance that the defender's volley from state j moves
        the attacker from state i to state rows[r] (rows[0] is i itself)."""
        nxt = self.att_next[i]
        rows, inverse = np.unique(nxt, return_inverse=True)
        spread = np.zeros((len(nxt), len(rows)))
        spread[np.arange(len(nxt)), inverse] = 1.0
        return rows, volleys @ spread

    def _precompute(self) -> None:
        """Every row's `_normal` parts at once, when they fit in `_AT_ONCE` entries."""
        na, nd = self.na, self.nd
        h_att, h_def = self.def_next.shape[1], self.att_next.shape[1]
        if max(na * nd * nd, h_att * nd * nd, h_def * na * h_def, nd * na * h_def) > _AT_ONCE:
            return
        # V for every row: spread[h, j * nd + j'] = 1 when hits h take the defender from j to j'.
        spread = np.zeros((h_att, nd * nd))
        spread[np.tile(np.arange(h_att), nd), (self._rowbase + self.def_next).ravel()] = 1.0
        defender_moves = (self.att_fire @ spread).reshape(na, nd, nd)
        # U for every row: one column per (row, state it can reach), rows in order.
        keys = (np.arange(na, dtype=np.int64)[:, None] * na + self.att_next).ravel()
        reached, column = np.unique(keys, return_inverse=True)
        pick = np.zeros((h_def, len(reached)))
        pick[np.tile(np.arange(h_def), na), column.ravel()] = 1.0
        attacker_moves = self.def_fire @ pick
        starts = np.searchsorted(reached // na, np.arange(na + 1))
        for i in range(na):
            part = slice(starts[i], starts[i + 1])
            self._parts[i] = (reached[part] % na, attacker_moves[:, part], defender_moves[i])

    def _normal(self, i: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The exchange of fire after the first strike, with the attacker in state i:
        (rows, U, V); U[j, r] moves the attacker to rows[r], V[j, j'] the defender to j'."""
        if i not in self._parts:
            rows, moves = self._attacker_moves(i, self.def_fire)
            self._parts[i] = (rows, moves, self._defender_moves(self.att_fire[i]))
        return self._parts[i]

    def _first_strike(self, i: int) -> tuple[np.ndarray | None, Any]:
        """(F, G): F[j, j'] the attacker's first strike from state i on the defender,
        G = (rows, T) the defender's first strike on the attacker; None when nothing fires."""
        if i not in self._first:
            f = None
            if self.att_first is not None and self.att_first[i, 0] < 1.0:
                f = self._defender_moves(self.att_first[i])
            g = None
            if self.def_first is not None and (self.def_first[:, 0] < 1.0).any():
                g = self._attacker_moves(i, self.def_first)
            self._first[i] = (f, g)
        return self._first[i]

    def _joined(self, vol: np.ndarray, extra: np.ndarray) -> np.ndarray:
        """The volley `vol` (encoded as in `_Army.volleys`) with `extra` hits on
        anything added (the bombardment's, fire back), capped as `vol` is."""
        cap = len(self.d.slot_unit)
        grid = vol.reshape(cap + 1, self.d_sea + 1)
        out = np.zeros_like(grid)
        for k, p in enumerate(extra):
            if p:
                out[k:] += p * grid[: cap + 1 - k]
                out[cap] += p * grid[cap + 1 - k:].sum(axis=0)
        return out.ravel()

    def fight(self, i: int, x: np.ndarray, opening: np.ndarray | None = None) -> list[tuple[np.ndarray, np.ndarray]]:
        """Where one round fought from each state of row i (weights x over the
        defender's states) leads: a list of (attacker rows, mass over defender states).
        `opening`: hits to add to the attacker's volley (bombardment, round 1)."""
        f, g = self._first_strike(i)
        if g is None:
            groups = [(i, x)]
        else:
            rows, moves = g
            groups = [(int(row), x * moves[:, k]) for k, row in enumerate(rows)]
        out = []
        for row, weight in groups:
            if not weight.any():
                continue
            y = weight @ f if f is not None else weight
            rows, u, v = self._normal(row)
            if opening is not None:
                v = self._defender_moves(self._joined(self.att_fire[row], opening))
            out.append((rows, (y[:, None] * u).T @ v))
        return out

    def staying(self, i: int) -> np.ndarray:
        """P[j, j']: one round from (i, j) ends in (i, j')."""
        f, g = self._first_strike(i)
        _, u, v = self._normal(i)
        stay = u[:, 0]
        if g is not None:  # the defender's first strike left the attacker in state i
            stay_first = g[1][:, 0]
            if f is None:
                return np.asarray((stay_first * stay)[:, None] * v)
            return np.asarray((stay_first[:, None] * f) @ (stay[:, None] * v))
        if f is None:
            return np.asarray(stay[:, None] * v)
        return np.asarray(f @ (stay[:, None] * v))

    # -- the walk -----------------------------------------------------------------------

    def _record(self, i: int, mass: np.ndarray, outcomes: np.ndarray) -> None:
        self.outcome += np.bincount(outcomes, mass, minlength=_OUTCOMES)
        self.att_mass[i] += mass.sum()
        self.def_mass += mass

    def _first_round(self, fight: bool) -> np.ndarray:
        """Record what ends before the first round, then fight it (`fight`) and
        return the mass after it, or return the mass that would fight it."""
        after = np.zeros((self.na, self.nd))
        for row in np.nonzero(self.start.any(axis=1))[0]:
            i = int(row)
            mass = self.start[i]
            fighting = self.before_round[i] == FIGHTING
            self._record(i, np.where(fighting, 0.0, mass), self.before_round[i])
            x = np.where(fighting, mass, 0.0)
            if not fight:
                after[i] = x
            elif x.any():
                self.rounds += x.sum()
                for rows, part in self.fight(i, x, self.opening):
                    after[rows] += part
        return after

    def solve(self, max_rounds: int | None, by_level: bool = True) -> Odds:
        """The odds. `by_level=False` walks the rows one by one even where they
        could go a level at a time (the benchmark's baseline)."""
        levels = self._levels() if by_level and max_rounds is None else None
        if max_rounds != 0 and levels is None:
            self._precompute()
        mass = self._first_round(fight=max_rounds != 0)
        if max_rounds is None:
            self._walk(mass, levels)
            return self._odds(0.0)
        if max_rounds == 0:
            return self._odds(self._leave(mass))
        return self._odds(self._rounds(mass, max_rounds - 1))

    def _levels(self) -> list[np.ndarray] | None:
        """The attacker's rows by slots used, when some level has more than one
        row (AA fire: aircraft lost before the first round) and no first strike
        (the level walk does not have it); otherwise None."""
        if self.att_first is not None or self.def_first is not None:
            return None
        used = np.array([sum(state) for state in self.a.states])
        bounds = np.flatnonzero(np.diff(used)) + 1  # the states are sorted by slots used
        return np.split(np.arange(self.na), bounds) if len(bounds) + 1 < self.na else None

    def _walk(self, mass: np.ndarray, levels: list[np.ndarray] | None) -> None:
        """Fight to the end: each attacker row once, in order, or a level at a
        time: rows with as many slots used, which no round connects."""
        ending = self.end_of_round != FIGHTING
        ended = np.zeros((self.na, self.nd))
        if levels is not None:
            for rows in levels:
                self._walk_level(rows, mass, ended, ending)
        else:
            for i in range(self.na):
                self._walk_row(i, mass, ended, ending)
        self.outcome += np.bincount(self.end_of_round.ravel(), ended.ravel(), minlength=_OUTCOMES)
        self.att_mass += ended.sum(axis=1)
        self.def_mass += ended.sum(axis=0)

    def _walk_row(self, i: int, mass: np.ndarray, ended: np.ndarray, ending: np.ndarray) -> None:
        """Row i to its end: what stays in it ends in `ended`, the rest moves on in `mass`."""
        inflow = mass[i]
        if not inflow.any():
            return
        arrivals = ended[i]
        arrivals[ending[i]] = inflow[ending[i]]
        live = np.flatnonzero(~ending[i] & (inflow > 0))
        if not len(live):
            return
        # x = expected rounds fought from each state of the row:
        # x = inflow + x P on the fighting states (P upper triangular).
        live = np.arange(live[0], self.nd)[~ending[i, live[0]:]]
        system = np.eye(len(live)) - self.staying(i)[np.ix_(live, live)]
        x = np.zeros(self.nd)
        x[live] = np.linalg.solve(system.T, inflow[live])
        self.rounds += x.sum()
        for rows, part in self.fight(i, x):
            if rows[0] == i:  # the row itself: only arrivals at ending states are new
                arrivals[ending[i]] += part[0][ending[i]]
                rows, part = rows[1:], part[1:]
            mass[rows] += part

    def _walk_level(self, rows: np.ndarray, mass: np.ndarray, ended: np.ndarray, ending: np.ndarray) -> None:
        """`_walk_row` for every row of a level at once (no first strike): the
        same sums, batched, so that a two-dimensional attacker (AA fire) costs
        a few large matrix products per level instead of one small one per row."""
        inflow, end = mass[rows], ending[rows]
        ended[rows] = np.where(end, inflow, 0.0)
        fighting = ~end & (inflow > 0)
        if not fighting.any():
            return
        cols = slice(int(np.flatnonzero(fighting.any(axis=0))[0]), self.nd)
        keep = ~end[:, cols]
        dest, fire = self._hits_on_level(rows)
        itself = dest == rows[:, None]
        moves = self._defender_moves_level(rows)
        stay = itself.astype(float) @ fire.T
        x = np.zeros(inflow.shape)
        x[:, cols] = _forward((inflow[:, cols] * keep), stay[:, cols], moves[:, cols, cols], keep)
        self.rounds += x.sum()
        out = _upper_product((x[:, :, None] * fire[None]).transpose(0, 2, 1), moves)  # out[b, h, j']
        back = (itself[:, None, :].astype(float) @ out)[:, 0]
        ended[rows] += np.where(end, back, 0.0)
        _add_rows(mass, dest[~itself], out[~itself])

    def _hits_on_level(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(dest, fire): the defender's volleys against these rows, hits that all
        lead to the last state folded together: fire[j, h] the chance of hits h
        from defender state j, dest[b, h] where they take row b."""
        dest, fire = self.att_next[rows], self.def_fire
        if self.a_sea == 0:  # plain hits: a chain, the same state once it is used up
            width = int((dest == dest[:, -1:]).argmax(axis=1).max()) + 1
            if width < dest.shape[1]:
                fire = np.concatenate([fire[:, : width - 1], fire[:, width - 1:].sum(axis=1, keepdims=True)], axis=1)
                dest = dest[:, :width]
        return dest, fire

    def _defender_moves_level(self, rows: np.ndarray) -> np.ndarray:
        """`_defender_moves` of each row's own volley: V[b, j, j']."""
        nd, vols = self.nd, self.att_fire[rows]
        if self._def_chain:  # V[b, j, j'] = vols[b, j' - j], the last state takes the rest
            padded = np.concatenate([vols, np.zeros((len(rows), 1))], axis=1)
            out = padded[:, self._toeplitz]
            out[:, :, nd - 1] = np.cumsum(vols[:, ::-1], axis=1)[:, ::-1][:, nd - 1 - np.arange(nd)]
            return out
        cells = (np.arange(len(rows))[:, None, None] * (nd * nd) + self._rowbase[None] + self.def_next[None])
        weights = np.broadcast_to(vols[:, None, :], cells.shape)
        return np.bincount(cells.ravel(), weights.ravel(), minlength=len(rows) * nd * nd).reshape(len(rows), nd, nd)

    def _rounds(self, mass: np.ndarray, rounds: int) -> float:
        """Fight at most `rounds` more rounds; return the mass still fighting."""
        live = self.end_of_round == FIGHTING
        for fought in range(rounds + 1):
            for row in np.nonzero(mass.any(axis=1))[0]:
                i = int(row)
                self._record(i, np.where(live[i], 0.0, mass[i]), self.end_of_round[i])
            mass = np.where(live, mass, 0.0)
            if fought == rounds or not mass.any():
                break
            after = np.zeros_like(mass)
            for row in np.nonzero(mass.any(axis=1))[0]:
                i = int(row)
                self.rounds += mass[i].sum()
                for rows, part in self.fight(i, mass[i]):
                    after[rows] += part
            mass = after
        return self._leave(mass)

    def _leave(self, mass: np.ndarray) -> float:
        """Battles still being fought: their units count as survivors."""
        self.att_mass += mass.sum(axis=1)
        self.def_mass += mass.sum(axis=0)
        return float(mass.sum())

    def _odds(self, unfinished: float) -> Odds:
        a, d = self.a, self.d
        p = [float(v) for v in self.outcome]

        def survivors(army: _Army, weights: np.ndarray) -> tuple[tuple[str, float], ...]:
            expected = weights @ army.type_counts
            return tuple((unit, float(n)) for unit, n in zip(army.types, expected))

        def counts(army: _Army, weights: np.ndarray) -> tuple[float, ...]:
            dist = np.bincount(army.alive_count, weights, minlength=len(army.units) + 1)
            return tuple(float(v) for v in dist)

        return Odds(
            attacker_win=p[ATTACKER_WIN],
            defender_win=p[DEFENDER_WIN],
            draw=p[DRAW],
            stalemate=p[STALEMATE],
            attacker_survives_no_capture=p[NO_CAPTURE],
            attacker_retreat=p[RETREAT],
            unfinished=unfinished,
            attacker_survivors=survivors(a, self.att_mass),
            defender_survivors=survivors(d, self.def_mass),
            attacker_survivor_counts=counts(a, self.att_mass),
            defender_survivor_counts=counts(d, self.def_mass),
            attacker_ipc_loss=float(self.att_mass @ (a.initial_cost - a.alive_cost)),
            defender_ipc_loss=float(self.def_mass @ (d.initial_cost - d.alive_cost)),
            rounds=float(self.rounds),
        )


__all__ = ["AA_VALUE", "Odds", "battle_odds"]
