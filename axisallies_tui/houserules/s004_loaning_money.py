"""s004-loaning-money: a power lends IPCs to its allies before it buys anything.

A loan is made in the research or purchase phase, before the power has done
its research or bought a unit this turn. The loans of one turn may total at
most 10% (a parameter) of the treasury as it stood before the first of them,
rounded up. The source never mentions repayment, so a loan is a gift: this
rule keeps a ledger of who lent what to whom (its own state, saved with the
game) for the players, and enforces nothing.
"""

from __future__ import annotations

from typing import ClassVar, Iterator

from attrs import frozen

from axisallies_tui.engine.actions import Action, register_action
from axisallies_tui.engine.events import Event, power_name
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import Board, Edition
from axisallies_tui.engine.queries import allied, power_state
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.engine.tx import Tx, require

RULE = "s004-loaning-money"
LOAN_PHASES = ("research", "purchase")


@frozen
class Loan(Action):
    """Lend `amount` IPCs to the friendly power `to` (this rule only)."""

    kind: ClassVar[str] = "loan"
    to: str
    amount: int = 1


register_action(Loan)


@frozen
class LoanEntry:
    """One loan in the ledger."""

    round: int
    lender: str
    borrower: str
    amount: int


@frozen
class Ledger:
    """This rule's state: every loan made, and the lending of the turn under way
    (whose turn, the treasury before its first loan, how much is lent so far)."""

    loans: tuple[LoanEntry, ...] = ()
    turn_round: int = 0
    turn_power: str = ""
    base: int = 0
    lent: int = 0


@frozen
class LoanMade(Event):
    kind: ClassVar[str] = "loan_made"
    power: str
    to: str
    amount: int
    owed: int
    """All that `to` has borrowed from `power` so far, this loan included."""

    def describe(self, board: Board, edition: Edition) -> str:
        return (f"{power_name(board, self.power)} lends {ipcs(self.amount)} to {power_name(board, self.to)} "
                f"({ipcs(self.owed)} lent to them in all; repaying is up to the players).")


def ipcs(amount: int) -> str:
    return f"{amount} IPC" if amount == 1 else f"{amount} IPCs"


@implements(RULE)
class LoaningMoney(HouseRule):
    State = Ledger
    actions = (Loan,)

    def limit(self, treasury: int) -> int:
        """The most a power holding `treasury` before lending may lend in a turn."""
        return -(-treasury * int(self.params["limit_percent"]) // 100)

    def lending(self, state: GameState) -> tuple[int, int]:
        """(treasury before this turn's first loan, IPCs lent so far this turn)
        for the power to move."""
        ledger: Ledger = self.state_in(state)
        if (ledger.turn_round, ledger.turn_power) == (state.round, state.power):
            return ledger.base, ledger.lent
        return power_state_ipcs(state, state.power), 0

    def why_not_now(self, rules: Rules, state: GameState) -> str | None:
        """Why the power to move may not lend now, or None."""
        if rules.phase_kind(state.phase) not in LOAN_PHASES:
            return "loans are made before research and purchases, in the research or purchase phase"
        if state.turn.researched:
            return "loans come before research; this turn's research is done"
        if power_state(rules.board, state, state.power).unplaced:
            return "loans come before purchases; units are already bought this turn"
        return None

    def borrowers(self, rules: Rules, state: GameState) -> tuple[str, ...]:
        """The friendly powers the power to move may lend to."""
        return tuple(
            p.id for p in rules.board.powers
            if p.id != state.power and p.takes_turns and p.id not in state.eliminated
            and allied(rules.board, p.id, state.power)
        )

    def legal_actions(self, rules: Rules, state: GameState) -> Iterator[Action]:
        if self.why_not_now(rules, state) is not None:
            return
        base, lent = self.lending(state)
        left = min(self.limit(base) - lent, power_state_ipcs(state, state.power))
        for ally in self.borrowers(rules, state):
            for amount in range(1, left + 1):  # every amount: the TUI's `x` list offers what is listed
                yield Loan(to=ally, amount=amount)

    def handle(self, tx: Tx, action: Action) -> None:
        assert isinstance(action, Loan)
        problem = self.why_not_now(tx.rules, tx.state)
        require(problem is None, problem or "")
        power = tx.state.power
        require(action.to in self.borrowers(tx.rules, tx.state),
                f"{power_name(tx.board, action.to)} is not a friendly power you can lend to")
        require(action.amount >= 1, "a loan is at least 1 IPC")
        base, lent = self.lending(tx.state)
        limit = self.limit(base)
        require(lent + action.amount <= limit,
                f"your loans this turn may total {limit} IPCs ({self.params['limit_percent']}% of {base}, "
                f"rounded up); {lent} already lent")
        require(action.amount <= tx.power().ipcs, f"you hold only {tx.power().ipcs} IPCs")
        tx.add_ipcs(power, -action.amount)
        tx.add_ipcs(action.to, action.amount)
        ledger: Ledger = self.state_in(tx.state)
        entry = LoanEntry(round=tx.state.round, lender=power, borrower=action.to, amount=action.amount)
        tx.set_rule_state(self.id, Ledger(loans=ledger.loans + (entry,), turn_round=tx.state.round,
                                          turn_power=power, base=base, lent=lent + action.amount))
        owed = sum(e.amount for e in ledger.loans + (entry,) if (e.lender, e.borrower) == (power, action.to))
        tx.emit(LoanMade(power=power, to=action.to, amount=action.amount, owed=owed))


def power_state_ipcs(state: GameState, power: str) -> int:
    return next(p.ipcs for p in state.powers if p.id == power)
