"""A battle as an ordered list of steps.

Before the first round the *pre-battle* steps run once (bombardment); then each
round runs the *round* steps in order (submarine strike, attacker fire,
defender fire, the end of the round: casualties removed, the end checked, the
retreat question). Both lists pass through the `battle_steps` hook, so a house
rule inserts, replaces, removes or reorders steps; a step a rule adds runs
through that rule (`HouseRule.steps` / `battle_step`).

`Battle.stage` names the next step to run: `start` (the pre-battle steps come
next), `round` (a round begins: the end is checked first), a step id, or
`next_round`. The stage is set to the following step *before* a step runs, so
a step that stops for a decision resumes at the right place once the decision
is answered (the answer calls `advance`).
"""

from __future__ import annotations

from typing import Callable, Literal

from axisallies_tui.engine.copying import evolve
from axisallies_tui.engine.hooks import HouseRule
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.engine.tx import Tx

When = Literal["pre", "round"]
PRE_BATTLE_STEPS: tuple[str, ...] = ("bombard",)
ROUND_STEPS: tuple[str, ...] = ("sub_strike", "attack_fire", "defence_fire", "end_of_round")
START = "start"
ROUND = "round"
NEXT_ROUND = "next_round"
LEGACY_STAGES = {"subs": "attack_fire", "fired": "defence_fire", "defended": "end_of_round", "retreat": NEXT_ROUND}
"""Stage names of saves made before battles were lists of steps."""

Step = Callable[[Tx], None]
STEPS: dict[str, Step] = {}
"""The edition's battle steps by id (filled once by `combat`)."""
ROUND_CHECK: list[Callable[[Tx], bool]] = []
"""Asked as each round begins: True when the battle is over (it has ended it)."""


def battle_step(step_id: str) -> Callable[[Step], Step]:
    """Register one of the edition's battle steps."""

    def register(fn: Step) -> Step:
        if step_id in STEPS:
            raise ValueError(f"the battle step {step_id!r} is registered twice")
        STEPS[step_id] = fn
        return fn

    return register


def steps_for(rules: Rules, state: GameState, when: When) -> tuple[str, ...]:
    """The steps of this battle's pre-battle part or of one round, after house rules."""
    return _steps(rules.hooks("battle_steps"), rules, state, when)


EXACT_BLIND = ("unit_in_battle", "casualty_targets", "casualty_chooser")
"""Hooks the exact calculator cannot see: a rule answering one of them gets simulated odds."""


ATTACKER_FIRE = ("attack_fire", "attack_fire_rest")
"""Steps in which the attacker's main volley is fired (the edition's, and the
one s000-order-of-combat puts in its place)."""


def after_attacker_fire(steps: tuple[str, ...], step: str) -> tuple[str, ...]:
    """`steps` with `step` inserted right after the attacker's main volley (before
    any defensive roll), or before the last step if there is no such volley."""
    fire = [i for i, name in enumerate(steps) if name in ATTACKER_FIRE]
    at = fire[-1] + 1 if fire else max(0, len(steps) - 1)
    return steps[:at] + (step,) + steps[at:]


def is_edition_procedure(rules: Rules, state: GameState, space_id: str | None = None) -> bool:
    """True when the battle in `space_id` (default: the one under way) runs the
    edition's steps unchanged and no rule reads it in ways the exact odds
    calculator does not model. A rule that says this battle is beyond its reach
    (`HouseRule.changes_battle`: no submarine for a submarine rule, say) is
    left out, so the battle keeps its exact odds."""
    space = space_id if space_id is not None else state.battle.space if state.battle is not None else None

    def reaches(rule: HouseRule) -> bool:
        return space is None or rule.changes_battle(rules, state, space)

    if any(reaches(rule) for hook in EXACT_BLIND for rule in rules.hooks(hook)):
        return False
    changing = tuple(rule for rule in rules.hooks("battle_steps") if reaches(rule))
    return (_steps(changing, rules, state, "pre") == PRE_BATTLE_STEPS
            and _steps(changing, rules, state, "round") == ROUND_STEPS)


def _steps(changing: tuple[HouseRule, ...], rules: Rules, state: GameState, when: When) -> tuple[str, ...]:
    steps = PRE_BATTLE_STEPS if when == "pre" else ROUND_STEPS
    for rule in changing:
        steps = rule.battle_steps(rules, state, when, steps)
    return steps


def advance(tx: Tx) -> None:
    """Run the battle under way until it needs a decision or ends."""
    while tx.state.battle is not None and tx.state.pending is None and tx.state.result is None:
        battle = tx.state.battle
        stage = LEGACY_STAGES.get(battle.stage, battle.stage)
        if stage == NEXT_ROUND:
            _set_stage(tx, ROUND, battle.round + 1)
            continue
        if stage == ROUND and ROUND_CHECK and ROUND_CHECK[0](tx):
            return
        pre = steps_for(tx.rules, tx.state, "pre")
        steps = pre if stage == START or (stage != ROUND and stage in pre) else steps_for(tx.rules, tx.state, "round")
        after = ROUND if steps is pre else NEXT_ROUND
        if stage in (START, ROUND):
            if not steps:
                _set_stage(tx, after, battle.round)
                continue
            stage = steps[0]
        at = steps.index(stage) if stage in steps else len(steps) - 1
        _set_stage(tx, steps[at + 1] if at + 1 < len(steps) else after, battle.round)
        _run(tx, stage)


def _set_stage(tx: Tx, stage: str, round_number: int) -> None:
    assert tx.state.battle is not None
    tx.update(battle=evolve(tx.state.battle, stage=stage, round=round_number))


def _run(tx: Tx, step_id: str) -> None:
    owner = tx.rules.active.owner_of_step(step_id)
    if owner is not None:
        owner.battle_step(tx, step_id)
        return
    step = STEPS.get(step_id)
    if step is None:
        raise AssertionError(f"no battle step {step_id!r} (no active rule runs it)")
    step(tx)
