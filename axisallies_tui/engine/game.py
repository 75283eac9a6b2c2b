"""The engine's entry points: start a game, apply an action.

`apply` validates an action against the rules and returns a `Step`: the new
state, the events it caused, and the dice faces it consumed (which the store
keeps, so a replay feeds them back as scripted dice).
"""

from __future__ import annotations

from attrs import frozen

from axisallies_tui.engine import combat as _combat  # noqa: F401

# Importing these modules registers their handlers and automatic phases.
from axisallies_tui.engine import economy as _economy  # noqa: F401
from axisallies_tui.engine import edits as _edits  # noqa: F401
from axisallies_tui.engine import movement as _movement  # noqa: F401
from axisallies_tui.engine import rockets as _rockets  # noqa: F401
from axisallies_tui.engine import turns as _turns  # noqa: F401
from axisallies_tui.engine.actions import Action, Answer, Concede, EndPhase, Undo
from axisallies_tui.engine.casualties import names_pieces, parse_piece_answer, piece_answer_text
from axisallies_tui.engine.decisions import DECISIONS, resolves
from axisallies_tui.engine.dice import DiceSource
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import ActionUndone, Conceded, DecisionAnswered, Event, answer_text
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import Decision, GameState, PowerState, SpaceState, UndoEntry, Unit
from axisallies_tui.engine.turns import PHASE_ENDS_TAKEN_BACK, start_turn
from axisallies_tui.engine.tx import HANDLERS, Tx, handles, require
from axisallies_tui.engine.victory import DRAW, finish


@frozen
class Step:
    state: GameState
    events: tuple[Event, ...]
    dice: tuple[int, ...]
    """Every die face this step consumed, in order."""


def setup_state(rules: Rules) -> GameState:
    """The board's starting position, before the first turn begins."""
    board = rules.board
    spaces = []
    uid = 1
    by_space: dict[str, list[Unit]] = {}
    for start in board.starting_units:
        for _ in range(start.count):
            by_space.setdefault(start.space, []).append(Unit(uid=uid, power=start.power, type=start.unit))
            uid += 1
    for space in board.spaces:
        owner = space.original_owner if space.is_land else None
        spaces.append(SpaceState(owner=owner, units=tuple(by_space.get(space.id, ()))))
    powers = tuple(PowerState(id=p.id, ipcs=p.starting_ipcs) for p in board.powers)
    return GameState(
        round=1, power=board.powers[0].id, phase="", powers=powers, spaces=tuple(spaces), next_uid=uid
    )


def new_game(rules: Rules, dice: DiceSource, state: GameState | None = None) -> Step:
    """Begin round 1, or play on from `state` (a position). A position that names
    a phase is resumed exactly as it is (nothing happens, no dice); one without
    a phase begins its power's turn."""
    if state is not None and state.phase:
        return Step(state=state, events=(), dice=())
    start = state or setup_state(rules)
    tx = Tx(rules, start, dice)
    if state is not None:
        start_turn(tx, state.power)
        return Step(state=tx.state, events=tuple(tx.events), dice=tuple(tx.dice.used))
    from axisallies_tui.engine.turns import next_power, turn_takers

    for rule in rules.hooks("on_setup"):
        rule.on_setup(tx)
    first = next_power(tx) or turn_takers(rules, tx.state)[0]
    start_turn(tx, first)
    return Step(state=tx.state, events=tuple(tx.events), dice=tuple(tx.dice.used))


def apply(rules: Rules, state: GameState, action: Action, dice: DiceSource) -> Step:
    """Carry out `action` for the power to act. Raises IllegalAction (state unchanged)."""
    if state.result is not None:
        raise IllegalAction("the game is over")
    if state.pending is not None and not isinstance(action, (Answer, Concede)):
        power = rules.board.power(state.pending.power).name
        raise IllegalAction(f"waiting for {power} to answer: {state.pending.prompt}")
    tx = Tx(rules, state, dice)
    handler = HANDLERS.get(type(action))
    owner = rules.active.owner_of_action(type(action))
    if handler is not None:
        handler(tx, action)
    elif owner is not None:
        owner.handle(tx, action)
    else:
        from axisallies_tui.engine.hooks import REGISTRY

        rule = next((cls.id for cls in REGISTRY.values() if type(action) in cls.actions), "a house rule")
        raise IllegalAction(f"the action {action.kind!r} belongs to {rule}, which is not on in this game")
    if not isinstance(action, Undo):
        _remember_for_undo(tx, state, action)
    return Step(state=tx.state, events=tuple(tx.events), dice=tuple(tx.dice.used))


def _remember_for_undo(tx: Tx, before: GameState, action: Action) -> None:
    """Keep what an undoable action changed; anything else (a phase change, a
    die rolled, a non-undoable action) closes the undo history."""
    after = tx.state
    same_turn = after.power == before.power and after.round == before.round
    ended = isinstance(action, EndPhase) and tx.rules.phase_kind(before.phase) in PHASE_ENDS_TAKEN_BACK
    undoable = action.undoable and after.phase == before.phase or ended
    if not (undoable and same_turn and not tx.dice.used and after.pending is None):
        if after.undo:
            tx.update(undo=())
        return
    changed_spaces = tuple(
        (index, old) for index, (old, new) in enumerate(zip(before.spaces, after.spaces)) if old is not new
    )
    entry = UndoEntry(
        action=action.kind,
        spaces=changed_spaces,
        powers=before.powers,
        turn=before.turn,
        next_uid=before.next_uid,
        complexes_built=before.complexes_built,
        rule_state=before.rule_state,
        phase=before.phase if ended else "",
    )
    tx.update(undo=before.undo + (entry,))


@handles(Undo)
def undo(tx: Tx, action: Undo) -> None:
    require(bool(tx.state.undo), "there is nothing to take back in this phase")
    entry = tx.state.undo[-1]
    spaces = list(tx.state.spaces)
    for index, old in entry.spaces:
        spaces[index] = old
    tx.update(
        spaces=tuple(spaces), powers=entry.powers, turn=entry.turn, next_uid=entry.next_uid,
        complexes_built=entry.complexes_built, rule_state=entry.rule_state, undo=tx.state.undo[:-1],
    )
    if entry.phase:
        tx.update(phase=entry.phase)
    tx.emit(ActionUndone(power=tx.state.power, action=entry.action))


# -- actions that belong to no phase -------------------------------------------------

@handles(Answer)
def answer(tx: Tx, action: Answer) -> None:
    state_before = tx.state
    pending = tx.state.pending
    require(pending is not None, "there is no question to answer")
    assert pending is not None
    choice = _as_option(tx, pending, action.choice)
    require(
        not pending.options or choice in pending.options or pending.casualties is not None,
        f"{action.choice!r} is not an answer to: {pending.prompt} (choose from {', '.join(pending.options)})",
    )
    tx.update(pending=None)
    tx.emit(DecisionAnswered(power=pending.power, decision=pending.kind, choice=action.choice,
                             said=_said(tx, pending, action.choice)))
    added = next((rule for rule in tx.rules.hooks("decision_options")
                  if choice in rule.decision_options(tx.rules, state_before, pending)), None)
    owner = added or tx.rules.active.owner_of_decision(pending.kind)
    if owner is not None:
        owner.answer(tx, pending, choice)
    else:
        DECISIONS[pending.kind](tx, choice)


def _said(tx: Tx, pending: Decision, choice: str) -> str:
    """A casualty answer naming pieces by id, as people read it ("" otherwise)."""
    if pending.casualties is None or not names_pieces(choice):
        return ""
    try:
        return piece_answer_text(pending.casualties, parse_piece_answer(choice), tx.rules.edition)
    except IllegalAction:
        return ""


def _as_option(tx: Tx, pending: Decision, choice: str) -> str:
    """Saves from before retreats named spaces by id answered with the space's
    name ("retreat to Ukraine S.S.R."): read such an answer as its option."""
    if choice in pending.options:
        return choice
    return next((option for option in pending.options if answer_text(tx.board, option) == choice), choice)


@handles(Concede)
def concede(tx: Tx, action: Concede) -> None:
    """The answering power gives up for its whole side. With two sides the other
    wins; with more, that side is out and the game goes on until one is left."""
    power = tx.state.pending.power if tx.state.pending else tx.state.power
    side = tx.board.side_of(power)
    tx.emit(Conceded(power=power, side=side))
    out = tx.state.eliminated + tuple(p for p in tx.board.powers_of_side(side) if p not in tx.state.eliminated)
    tx.update(eliminated=out)
    left = tuple(dict.fromkeys(p.side for p in tx.board.powers if p.id not in out))
    name = tx.board.power(power).name
    if len(left) <= 1:
        finish(tx, left[0] if left else DRAW, f"{name} conceded for the {side.capitalize()}")
        return
    require(tx.state.pending is None, "a power may leave the game only on its own turn, not while answering")
    from axisallies_tui.engine.turns import end_turn

    end_turn(tx)


@frozen
class Game:
    """A game in memory: the rules and the current state. Immutable."""

    rules: Rules
    state: GameState

    def apply(self, action: Action, dice: DiceSource) -> tuple["Game", Step]:
        step = apply(self.rules, self.state, action, dice)
        return Game(self.rules, step.state), step


# DECISIONS and resolves are re-exported: callers outside the engine reach them here.
__all__ = ["DECISIONS", "Game", "Step", "apply", "new_game", "resolves", "setup_state"]
