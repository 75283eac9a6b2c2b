"""s000-capital-capture: temporary capitals.

A power whose capital falls names one of its remaining complexes as its
temporary capital (a decision asked of the loser, not of the power moving),
collects half its income while it governs from there, and buys and places as
usual. Taking a temporary capital seizes the treasury, as taking a capital
does, and the loser names another. A power with no capital of either kind
collects nothing; allies that free its territories keep them (and their
income) until it has a capital or temporary capital again, and then hand them
back. The temporary capitals are this rule's own state.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from axisallies_tui.engine.capture import capture
from axisallies_tui.engine.events import Event, power_name, space_name
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import Board, Edition
from axisallies_tui.engine.queries import allied, capital_lost, territory_income
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import Decision, GameState
from axisallies_tui.engine.tx import Tx

RULE = "s000-capital-capture"
CHOOSE = "temporary_capital"


@frozen
class Seat:
    """`power` governs from `space` while its capital is in enemy hands."""

    power: str
    space: str


@frozen
class Capitals:
    """This rule's state: the temporary capitals, and the powers waiting to name
    one while another question is pending."""

    seats: tuple[Seat, ...] = ()
    waiting: tuple[str, ...] = ()


@frozen
class TemporaryCapital(Event):
    kind: ClassVar[str] = "temporary_capital"
    power: str
    space: str | None
    """None: the power has no complex left, so no temporary capital."""
    note: str = ""

    def describe(self, board: Board, edition: Edition) -> str:
        who = power_name(board, self.power)
        if self.space is None:
            return f"{who} has no industrial complex left: no temporary capital and no income{self.note}."
        return f"{who} governs from {space_name(board, self.space)}, its temporary capital{self.note}."


@frozen
class TreasurySeized(Event):
    kind: ClassVar[str] = "treasury_seized"
    space: str
    by: str
    victim: str
    amount: int

    def describe(self, board: Board, edition: Edition) -> str:
        return (f"{power_name(board, self.by)} takes {space_name(board, self.space)}, the temporary capital of "
                f"{power_name(board, self.victim)}, and seizes its {self.amount} IPCs.")


@frozen
class CapitalRestored(Event):
    kind: ClassVar[str] = "capital_restored"
    power: str
    space: str

    def describe(self, board: Board, edition: Edition) -> str:
        return (f"{power_name(board, self.power)} holds its capital {space_name(board, self.space)} again: "
                "no more temporary capital, full income.")


@frozen
class HalfIncome(Event):
    kind: ClassVar[str] = "half_income"
    power: str
    space: str
    full: int
    paid: int

    def describe(self, board: Board, edition: Edition) -> str:
        return (f"{power_name(board, self.power)} collects half its income at its temporary capital "
                f"{space_name(board, self.space)}: {self.paid} of {self.full} IPCs.")


@implements(RULE)
class CapitalCapture(HouseRule):
    State = Capitals
    decisions = (CHOOSE,)

    # -- questions --------------------------------------------------------------------
    def adjust_income(self, rules: Rules, state: GameState, power: str, income: int) -> int:
        if not capital_lost(rules.board, state, power):
            return income
        return income // 2 if seat_of(self, state, power) else 0

    def buys_without_capital(self, rules: Rules, state: GameState, power: str, allowed: bool) -> bool:
        return allowed or seat_of(self, state, power) is not None

    def liberation_returns(self, rules: Rules, state: GameState, original: str, space: str, value: bool) -> bool:
        return value or seat_of(self, state, original) is not None

    # -- acts -------------------------------------------------------------------------
    def on_capture(self, tx: Tx, space: str, old_owner: str | None, new_owner: str) -> None:
        board = tx.board.space(space)
        if board.capital_of == new_owner and seat_of(self, tx.state, new_owner):
            self._unseat(tx, new_owner)
            tx.emit(CapitalRestored(power=new_owner, space=space))
        if old_owner is not None and not allied(tx.board, old_owner, new_owner):
            if board.capital_of == old_owner:
                self._name_seat(tx, old_owner)
            elif seat_of(self, tx.state, old_owner) == space:
                self._seize(tx, space, old_owner, new_owner)
                self._name_seat(tx, old_owner)
        if (capital_lost(tx.board, tx.state, new_owner) and seat_of(self, tx.state, new_owner) is None
                and space in complexes_of(tx, new_owner)):
            self._name_seat(tx, new_owner)

    def on_income(self, tx: Tx, power: str, amount: int) -> None:
        seat = seat_of(self, tx.state, power)
        if seat is not None and capital_lost(tx.board, tx.state, power):
            full = territory_income(tx.board, tx.state, power)
            tx.emit(HalfIncome(power=power, space=seat, full=full, paid=amount))

    def answer(self, tx: Tx, decision: Decision, choice: str) -> None:
        space = next((s for s in complexes_of(tx, decision.power) if tx.board.space(s).name == choice), None)
        if space is None:  # it fell in the same action that took the capital: choose again
            self._name_seat(tx, decision.power)
        else:
            self._seat(tx, decision.power, space, "")
        if tx.state.pending is None:
            self._ask_next(tx)

    # -- the steps ----------------------------------------------------------------------
    def _name_seat(self, tx: Tx, power: str) -> None:
        """`power` needs a temporary capital: none, the only complex, or its choice."""
        self._unseat(tx, power)
        options = complexes_of(tx, power)
        if not options:
            tx.emit(TemporaryCapital(power=power, space=None))
        elif len(options) == 1:
            self._seat(tx, power, options[0], " (its only complex)")
        elif tx.state.pending is None:
            self._ask(tx, power)
        elif tx.state.pending.kind == CHOOSE:
            state: Capitals = self.state_in(tx.state)
            tx.set_rule_state(self.id, Capitals(seats=state.seats, waiting=state.waiting + (power,)))
        else:
            self._seat(tx, power, options[0], " (chosen for it: another question was pending)")

    def _ask(self, tx: Tx, power: str) -> None:
        names = tuple(tx.board.space(s).name for s in complexes_of(tx, power))
        tx.ask(Decision(power=power, kind=CHOOSE, options=names, default=names[0],
                        prompt=f"{tx.board.power(power).name} has lost its capital: which complex becomes "
                               "its temporary capital?"))

    def _ask_next(self, tx: Tx) -> None:
        state: Capitals = self.state_in(tx.state)
        if not state.waiting:
            return
        power, rest = state.waiting[0], state.waiting[1:]
        tx.set_rule_state(self.id, Capitals(seats=state.seats, waiting=rest))
        if seat_of(self, tx.state, power) is None and capital_lost(tx.board, tx.state, power):
            self._name_seat(tx, power)
        else:
            self._ask_next(tx)

    def _seat(self, tx: Tx, power: str, space: str, note: str) -> None:
        state: Capitals = self.state_in(tx.state)
        seats = tuple(s for s in state.seats if s.power != power) + (Seat(power=power, space=space),)
        tx.set_rule_state(self.id, Capitals(seats=seats, waiting=state.waiting))
        tx.emit(TemporaryCapital(power=power, space=space, note=note))
        self._take_back_territories(tx, power)

    def _unseat(self, tx: Tx, power: str) -> None:
        state: Capitals = self.state_in(tx.state)
        if any(s.power == power for s in state.seats):
            tx.set_rule_state(self.id, Capitals(seats=tuple(s for s in state.seats if s.power != power),
                                                waiting=state.waiting))

    def _seize(self, tx: Tx, space: str, victim: str, new_owner: str) -> None:
        """The treasury goes to the conqueror: the power moving (the new owner when a
        freed territory went back to its original owner)."""
        captor = tx.state.power if not allied(tx.board, tx.state.power, victim) else new_owner
        loot = tx.power(victim).ipcs
        tx.add_ipcs(victim, -loot)
        tx.add_ipcs(captor, loot)
        tx.emit(TreasurySeized(space=space, by=captor, victim=victim, amount=loot))

    def _take_back_territories(self, tx: Tx, power: str) -> None:
        """Allies stop holding a power's territories once it has a capital again."""
        for space, held in zip(tx.board.spaces, tx.state.spaces):
            if (space.original_owner == power and held.owner not in (None, power)
                    and allied(tx.board, held.owner, power)):
                capture(tx, space.id, power)


def seat_of(rule: HouseRule, state: GameState, power: str) -> str | None:
    """The temporary capital of `power`, or None."""
    capitals: Capitals = rule.state_in(state)
    return next((s.space for s in capitals.seats if s.power == power), None)


def complexes_of(tx: Tx, power: str) -> list[str]:
    """Territories `power` holds with a complex of its own, richest first."""
    found = [
        space.id for space, held in zip(tx.board.spaces, tx.state.spaces)
        if held.owner == power and any(u.power == power and tx.edition.unit(u.type).has("factory") for u in held.units)
    ]
    return sorted(found, key=lambda s: (-tx.board.space(s).ipc, s))
