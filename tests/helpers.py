"""Scenario building for rule tests: real classic board, scripted dice.

`at()` puts a chosen power in a chosen phase; `own()`, `put()` and `ipcs()`
arrange the board the way a rules question describes it. Each returns a new
state; nothing is mutated.
"""

from __future__ import annotations

from typing import Any

from attrs import evolve

from axisallies_tui import setup
from axisallies_tui.engine.actions import Action
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.game import Step, apply, new_game
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import power_index, units_in
from axisallies_tui.engine.rules import HouseRuleChoice, Rules, Ruleset
from axisallies_tui.engine.state import GameState, TurnRecord, Unit
from axisallies_tui.engine.turns import phases_for
from axisallies_tui.engine.tx import Tx


def make_rules(*house: str, params: dict[str, dict[str, Any]] | None = None,
               options: dict[str, Any] | None = None, dice: str = "standard") -> Rules:
    params = params or {}
    choices = tuple(HouseRuleChoice(id=h, params=tuple(sorted(params.get(h, {}).items()))) for h in house)
    return setup.make_rules(
        Ruleset(board="classic", options=tuple(sorted((options or {}).items())), house=choices, dice=dice)
    )


def start(rules: Rules, dice: list[int] | tuple[int, ...] = ()) -> GameState:
    return new_game(rules, ScriptedDice(list(dice))).state


def act(rules: Rules, state: GameState, action: Action, dice: list[int] | tuple[int, ...] = ()) -> Step:
    """Apply with exactly these dice: leftover dice fail the test (a rule rolled less than expected)."""
    scripted = ScriptedDice(list(dice))
    step = apply(rules, state, action, scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} scripted dice were not used"
    return step


def at(rules: Rules, state: GameState, power: str, phase: str, round: int | None = None) -> GameState:
    """`power` in `phase` of its turn (the turn's phases as the rules give them),
    the powers before it in the fixed order having played this round."""
    order = [p.id for p in rules.board.powers]
    done = tuple(order[: order.index(power)])
    state = evolve(state, power=power, round=round or state.round, done_this_round=done)
    tx = Tx(rules, state, ScriptedDice([]))
    return evolve(state, phase=phase, turn=TurnRecord(phases=phases_for(tx, power)), pending=None)


def own(rules: Rules, state: GameState, space: str, power: str | None) -> GameState:
    index = rules.board.space(space).index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], owner=power)
    return evolve(state, spaces=tuple(spaces))


def taken(rules: Rules, state: GameState, space: str, power: str) -> GameState:
    """`power` captured `space` on an earlier turn (its complex and AA gun change hands)."""
    from axisallies_tui.engine.capture import capture

    tx = Tx(rules, state, ScriptedDice([]))
    capture(tx, space, power)
    return evolve(tx.state, turn=TurnRecord())


def put(rules: Rules, state: GameState, space: str, power: str, unit: str, count: int = 1) -> GameState:
    index = rules.board.space(space).index
    first = state.next_uid
    new = tuple(Unit(uid=first + i, power=power, type=unit) for i in range(count))
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=spaces[index].units + new)
    return evolve(state, spaces=tuple(spaces), next_uid=first + count)


def clear(rules: Rules, state: GameState, space: str) -> GameState:
    index = rules.board.space(space).index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=())
    return evolve(state, spaces=tuple(spaces))


def attack_caucasus(rules: Rules, german: list[tuple[str, int]], soviet: list[tuple[str, int]]) -> GameState:
    """Germany's combat move ended with `german` (unit, count) moved from a
    German-held Ukraine into Caucasus, held by `soviet`; both spaces emptied first."""
    from axisallies_tui.engine.actions import EndPhase

    state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
    state = own(rules, state, "ukraine_ssr", "germany")
    for unit, n in german:
        state = put(rules, state, "ukraine_ssr", "germany", unit, n)
    for unit, n in soviet:
        state = put(rules, state, "caucasus", "ussr", unit, n)
    state = at(rules, state, "germany", "combat_move")
    for unit, n in german:  # one kind a move: land units and aircraft move apart
        state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=((unit, n),))).state
    return act(rules, state, EndPhase()).state


def ipcs(rules: Rules, state: GameState, power: str, amount: int) -> GameState:
    index = power_index(rules.board, power)
    powers = list(state.powers)
    powers[index] = evolve(powers[index], ipcs=amount)
    return evolve(state, powers=tuple(powers))


def techs(rules: Rules, state: GameState, power: str, *tech_ids: str) -> GameState:
    index = power_index(rules.board, power)
    powers = list(state.powers)
    powers[index] = evolve(powers[index], techs=tuple(tech_ids))
    return evolve(state, powers=tuple(powers))


def money(rules: Rules, state: GameState, power: str) -> int:
    return state.powers[power_index(rules.board, power)].ipcs


def count(rules: Rules, state: GameState, space: str, power: str, unit: str) -> int:
    return sum(1 for u in units_in(rules.board, state, space) if u.power == power and u.type == unit)


def kinds(step: Step) -> list[str]:
    return [event.kind for event in step.events]


def end_turn(rules: Rules, state: GameState) -> Step:
    """End phases until the power to move changes (no dice expected)."""
    from axisallies_tui.engine.actions import EndPhase

    power = state.power
    events = []
    while state.power == power and state.result is None:
        step = act(rules, state, EndPhase())
        events.extend(step.events)
        state = step.state
    return Step(state=state, events=tuple(events), dice=())


def move(rules: Rules, state: GameState, origin: str, destination: str, *units: tuple[str, int],
         **fields: Any) -> Step:
    """`units` ((type, count) pairs) move from `origin` to `destination`; `fields`
    are the Move's other fields (`path`, `uids`, ...), given as lists or tuples."""
    extra = {name: tuple(value) if isinstance(value, list) else value for name, value in fields.items()}
    return act(rules, state, Move(origin=origin, destination=destination, units=tuple(units), **extra))


def refused(rules: Rules, state: GameState, origin: str, destination: str, *units: tuple[str, int],
            **fields: Any) -> str:
    """Why that move is refused (it must be)."""
    try:
        move(rules, state, origin, destination, *units, **fields)
    except IllegalAction as problem:
        return problem.reason
    raise AssertionError(f"the move from {origin} to {destination} was accepted")


def landing_behind_a_sub(rules: Rules) -> GameState:
    """The UK's combat move: two British infantry aboard in the North Sea, a German
    submarine there too, one German infantry in West Europe."""
    state = clear(rules, start(rules), "west_europe")
    state = put(rules, state, "west_europe", "germany", "infantry", 1)
    state = at(rules, state, "uk", "combat_move")
    state = move(rules, state, "united_kingdom", "north_sea_zone", ("infantry", 2)).state
    return put(rules, state, "north_sea_zone", "germany", "submarine")


def damaged(rules: Rules, state: GameState, space: str) -> GameState:
    """Every piece in `space` takes one hit of damage (two-hit ships)."""
    index = rules.board.space(space).index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=tuple(evolve(u, damage=1) for u in spaces[index].units))
    return evolve(state, spaces=tuple(spaces))
