"""Rockets (C-DEV-2): an AA gun of a power with the development fires at an
enemy industrial complex, and the complex's owner loses one die of IPCs.

Timing (the project default, as TripleA plays classic): once per power per
turn, in the non-combat move. It is an action the player takes during that
phase rather than a question asked when it ends, because that is how a table
plays it: whenever you like during your non-combat move you say "my rocket
from Germany hits Russia" and roll, as you would announce any other move.
The gun that fired counts as moved and stays put, and only a gun that has
not moved may fire, so firing mid-phase comes to the same as firing at its
end (nothing else that decides a rocket changes in a non-combat move).
Rolling closes the phase's undo history, as every die does: moves made
before the rocket can no longer be taken back, and neither can the rocket.

Range counts steps across the board's spaces, land and sea alike, as
TripleA's distance does (the classic board has no impassable spaces).
"""

from __future__ import annotations

from collections import deque
from typing import ClassVar, Iterator

from attrs import evolve, frozen

from axisallies_tui.engine.actions import Action, register_action
from axisallies_tui.engine.events import Event, power_name, space_name
from axisallies_tui.engine.model import WAR, Board, Edition
from axisallies_tui.engine.movement import allowance
from axisallies_tui.engine.queries import power_state
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.engine.tx import Tx, handles, require, require_phase

ROCKETS = "rockets"
"""The development's id in the edition's data."""
ROCKET_RANGE = 3
"""Spaces from the firing gun to its target, at most (C-DEV-2)."""
NONCOMBAT_MOVE = "noncombat_move"


@frozen
class FireRocket(Action):
    """Fire this turn's rocket: an unmoved AA gun in `origin` hits the industrial
    complex in the enemy territory `target`."""

    kind: ClassVar[str] = "fire_rocket"
    origin: str
    target: str


register_action(FireRocket)


@frozen
class RocketHit(Event):
    kind: ClassVar[str] = "rocket_hit"
    power: str
    origin: str
    target: str
    victim: str
    rolled: int
    amount: int
    """IPCs paid: the roll, or what the victim held if that was less."""
    ipcs: int
    """What the victim holds afterwards."""

    def describe(self, board: Board, edition: Edition) -> str:
        short = f" (rolled {self.rolled}, all it held)" if self.amount < self.rolled else ""
        return (f"Rockets from {space_name(board, self.origin)} hit {space_name(board, self.target)}: "
                f"{power_name(board, self.victim)} pays {self.amount} IPCs{short}; {self.ipcs} left.")


# -- who may fire where ---------------------------------------------------------------------


def launcher(rules: Rules, state: GameState, origin: str) -> Unit | None:
    """An AA gun of the power to move in `origin` that may fire a rocket: it has
    not moved this turn and is not aboard a transport."""
    for unit in state.spaces[rules.board.space(origin).index].units:
        if (unit.power == state.power and rules.edition.unit(unit.type).has("aa")
                and unit.moved == 0 and not unit.combat_moved and unit.aboard is None):
            return unit
    return None


def in_range(board: Board, origin: str) -> dict[str, int]:
    """Every space within `ROCKET_RANGE` steps of `origin`, with its distance."""
    reach = {origin: 0}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        if reach[here] == ROCKET_RANGE:
            continue
        for there in board.space(here).neighbours:
            if there not in reach:
                reach[there] = reach[here] + 1
                queue.append(there)
    return reach


def is_target(rules: Rules, state: GameState, space_id: str) -> bool:
    """An enemy territory with an industrial complex in it."""
    space = state.spaces[rules.board.space(space_id).index]
    return (space.owner is not None and rules.board.relation(state.power, space.owner) == WAR
            and any(rules.edition.unit(u.type).has("factory") for u in space.units))


def rocket_problem(rules: Rules, state: GameState, origin: str, target: str) -> str | None:
    """Why the power to move may not fire a rocket from `origin` at `target` now, or None."""
    board, power = rules.board, state.power
    if ROCKETS not in power_state(board, state, power).techs:
        return f"{power_name(board, power)} has not developed Rockets"
    if state.turn.rockets:
        return f"{power_name(board, power)} has fired its rocket this turn (one a turn)"
    for space_id in (origin, target):
        if space_id not in board.space_by_id or not board.space(space_id).is_land:
            return f"{space_id!r} is not a territory on this board"
    where = board.space(origin).name
    if origin in state.turn.captured:
        return f"{where} was captured this turn: no rocket may be fired from it"
    if launcher(rules, state, origin) is None:
        return f"no AA gun of yours in {where} that has not moved this turn"
    if not is_target(rules, state, target):
        return f"{board.space(target).name} is not an enemy territory with an industrial complex"
    if target not in in_range(board, origin):
        return f"{board.space(target).name} is more than {ROCKET_RANGE} spaces from {where}"
    return None


def launches(rules: Rules, state: GameState) -> list[tuple[str, str]]:
    """Every (origin, target) pair the power to move may fire at now, in board order."""
    if rules.phase_kind(state.phase) != NONCOMBAT_MOVE or state.pending is not None:
        return []
    if ROCKETS not in power_state(rules.board, state, state.power).techs or state.turn.rockets:
        return []  # `rocket_problem` refuses every pair: no need to walk each gun's range
    pairs: list[tuple[str, str]] = []
    for space in rules.board.spaces:
        if space.is_land and launcher(rules, state, space.id) is not None:
            for target in sorted(in_range(rules.board, space.id), key=lambda t: rules.board.space(t).index):
                if rocket_problem(rules, state, space.id, target) is None:
                    pairs.append((space.id, target))
    return pairs


def candidate_rockets(rules: Rules, state: GameState) -> Iterator[FireRocket]:
    for origin, target in launches(rules, state):
        yield FireRocket(origin=origin, target=target)


# -- firing ---------------------------------------------------------------------------------


@handles(FireRocket)
def fire_rocket(tx: Tx, action: FireRocket) -> None:
    """Roll one die; the target's owner pays that much, capped at what it holds."""
    require_phase(tx, NONCOMBAT_MOVE)
    problem = rocket_problem(tx.rules, tx.state, action.origin, action.target)
    require(problem is None, problem or "")
    gun = launcher(tx.rules, tx.state, action.origin)
    assert gun is not None
    victim = tx.space(action.target).owner
    assert victim is not None
    rolled = tx.roll(1, f"the rocket from {tx.board.space(action.origin).name} "
                        f"at {tx.board.space(action.target).name}")[0]
    paid = min(rolled, tx.power(victim).ipcs)
    left = tx.add_ipcs(victim, -paid)
    # the gun that fired stays where it is for the rest of the turn
    spent = evolve(gun, moved=max(1, allowance(tx.rules, tx.state, gun)))
    tx.replace_units(action.origin, [spent if u.uid == gun.uid else u for u in tx.space(action.origin).units])
    tx.turn(rockets=tx.state.turn.rockets + (action.origin,))
    tx.emit(RocketHit(power=tx.state.power, origin=action.origin, target=action.target, victim=victim,
                      rolled=rolled, amount=paid, ipcs=left))
