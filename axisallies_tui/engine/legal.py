"""The actions the power to act may take now, as a finite list.

This is what the random bot chooses from and what the headless `legal`
query answers. Quantities are offered one unit (or one research die) at a
time, so every list stays short; bigger purchases are the same action with a
larger count. Concede is always legal but never listed.
"""

from __future__ import annotations

from typing import Callable, Iterator

from axisallies_tui.engine.actions import Action, Answer, EndPhase, Place, Purchase, Undo
from axisallies_tui.engine.economy import (
    complexes_committed,
    placement_problem,
    purchasable,
    purchase_refusal,
    unit_cost,
)
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.engine.tx import Tx

Generator = Callable[[Rules, GameState], Iterator[Action]]
GENERATORS: dict[str, list[Generator]] = {}


def legal_in(kind: str) -> Callable[[Generator], Generator]:
    """Register the edition's generator of legal actions for phases of `kind`.
    House rules offer their actions through the `legal_actions` hook instead."""

    def register(fn: Generator) -> Generator:
        listed = GENERATORS.setdefault(kind, [])
        if fn in listed:
            raise ValueError(f"{fn.__name__} is registered twice for {kind} phases")
        listed.append(fn)
        return fn

    return register


def candidates(rules: Rules, state: GameState) -> list[Action]:
    """Actions worth trying now: every legal one, and perhaps some the engine refuses."""
    if state.result is not None:
        return []
    if state.pending is not None:
        if state.pending.options:
            return [Answer(choice=option) for option in state.pending.options]
        return [Answer(choice=state.pending.default)] if state.pending.default is not None else []
    actions: list[Action] = []
    for generator in GENERATORS.get(rules.phase_kind(state.phase), ()):
        actions.extend(generator(rules, state))
    for rule in rules.hooks("legal_actions"):
        actions.extend(rule.legal_actions(rules, state))
    if state.undo:
        actions.append(Undo())
    actions.append(EndPhase())
    return actions


def is_legal(rules: Rules, state: GameState, action: Action) -> bool:
    return try_action(rules, state, action) is not None


def try_action(rules: Rules, state: GameState, action: Action) -> GameState | None:
    """The state after `action` (dice all showing 1), or None if it is illegal."""
    from axisallies_tui.engine.game import apply

    try:
        return apply(rules, state, action, _Ones()).state
    except IllegalAction:
        return None


def legal_actions(rules: Rules, state: GameState) -> list[Action]:
    """Every listed action the engine accepts now."""
    return [action for action in candidates(rules, state) if is_legal(rules, state, action)]


@legal_in("research")
def _research(rules: Rules, state: GameState) -> Iterator[Action]:
    if state.turn.researched:
        return
    yield from rules.research.offers(rules, state)


@legal_in("purchase")
def _purchase(rules: Rules, state: GameState) -> Iterator[Action]:
    tx = Tx(rules, state, _NoDice())
    if purchase_refusal(tx, state.power):
        return
    ps = tx.power()
    limit = rules.option("max_built_complexes")
    for unit in rules.edition.unit_types:
        if not purchasable(unit) or unit_cost(rules, state, ps, unit) > ps.ipcs:
            continue
        if unit.has("factory") and limit and complexes_committed(tx) >= limit:
            continue
        yield Purchase(unit=unit.id, count=1)


@legal_in("place")
def _place(rules: Rules, state: GameState) -> Iterator[Action]:
    tx = Tx(rules, state, _NoDice())
    for unit_id, _count in tx.power().unplaced:
        unit = rules.edition.unit(unit_id)
        for space in rules.board.spaces:
            if unit.domain == "sea" and not space.is_sea:
                continue
            if unit.domain != "sea" and not space.is_land:
                continue
            problem, _factory = placement_problem(tx, unit, space.id, None)
            if problem is None:
                yield Place(unit=unit_id, space=space.id, count=1)


class _Ones:
    """Dice for trying an action out: legality never depends on the faces."""

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        return (1,) * count


class _NoDice:
    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        raise AssertionError("listing legal actions never rolls dice")


@legal_in("combat_move")
@legal_in("noncombat_move")
def _moves(rules: Rules, state: GameState) -> Iterator[Action]:
    from axisallies_tui.engine.movement import candidate_moves

    yield from candidate_moves(rules, state)


@legal_in("noncombat_move")
def _rockets(rules: Rules, state: GameState) -> Iterator[Action]:
    from axisallies_tui.engine.rockets import candidate_rockets

    yield from candidate_rockets(rules, state)


@legal_in("conduct_combat")
def _fights(rules: Rules, state: GameState) -> Iterator[Action]:
    from axisallies_tui.engine.combat import candidate_fights

    yield from candidate_fights(rules, state)
