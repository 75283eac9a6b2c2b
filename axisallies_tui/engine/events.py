"""What happened: events in the past tense, each with a sentence for the feed.

Events carry ids only; `describe` turns them into words with the board's and
the edition's names. The JSON form (headless, feed storage) is the attrs fields
plus `"event": kind`.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from axisallies_tui.engine.model import Board, Edition


class Event:
    kind: ClassVar[str]

    def text(self, board: Board, edition: Edition) -> str:
        """The sentence for the feed (names ending in a full stop end it once)."""
        sentence = self.describe(board, edition)
        return sentence[:-1] if sentence.endswith("..") else sentence

    def describe(self, board: Board, edition: Edition) -> str:  # pragma: no cover - overridden
        raise NotImplementedError


def power_name(board: Board, power_id: str | None) -> str:
    if power_id is None:
        return "nobody"
    return board.power(power_id).name if power_id in board.power_by_id else power_id


def space_name(board: Board, space_id: str) -> str:
    return board.space(space_id).name if space_id in board.space_by_id else space_id


RETREAT_TO = "retreat to "


def answer_text(board: Board, choice: str) -> str:
    """An answer as people read it: a retreat names its space by id in the
    decision's options ("retreat to ukraine_ssr") and by name here."""
    head, retreat, space_id = choice.rpartition(RETREAT_TO)
    if retreat and space_id in board.space_by_id:
        return f"{head}{retreat}{board.space(space_id).name}"
    return choice


def units_text(edition: Edition, unit: str, count: int) -> str:
    name = edition.unit(unit).name if unit in edition.unit_by_id else unit
    return f"{count} {name.lower()}" if count == 1 else f"{count} × {name.lower()}"


@frozen
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    round: int
    power: str

    def describe(self, board: Board, edition: Edition) -> str:
        return f"Round {self.round}: {power_name(board, self.power)} to play."


@frozen
class PhaseStarted(Event):
    kind: ClassVar[str] = "phase_started"
    power: str
    phase: str

    def describe(self, board: Board, edition: Edition) -> str:
        name = edition.phase_names.get(self.phase, self.phase)
        return f"{power_name(board, self.power)}: {name}."


@frozen
class PhaseSkipped(Event):
    kind: ClassVar[str] = "phase_skipped"
    power: str
    phase: str
    reason: str

    def describe(self, board: Board, edition: Edition) -> str:
        name = edition.phase_names.get(self.phase, self.phase)
        return f"{power_name(board, self.power)} skips {name.lower()}: {self.reason}."


@frozen
class DiceRolled(Event):
    kind: ClassVar[str] = "dice_rolled"
    power: str
    purpose: str
    values: tuple[int, ...]
    hits: int | None = None
    """Successes counted from these dice, where the roll has a success number."""
    space: str | None = None
    """Where the dice were rolled (antiaircraft fire on the way names its territory)."""
    shooters: tuple[tuple[str, int, int, int], ...] = ()
    """What fired, in the order the dice were read: (unit type, count, hits on,
    dice rolled per unit). Lets a reader match every die to its unit."""

    def describe(self, board: Board, edition: Edition) -> str:
        tail = "" if self.hits is None else f" → {self.hits} hit{'s' if self.hits != 1 else ''}"
        return f"{power_name(board, self.power)} rolls for {self.purpose}: {self._faces(edition)}{tail}"

    def _faces(self, edition: Edition) -> str:
        """The dice by what rolled them ("3 infantry @1: [2][5][1]; 2 armour @3: [4][6]")
        when every die belongs to a unit; the plain faces otherwise (Low Luck)."""
        plain = "".join(f"[{v}]" for v in self.values) or "(no dice)"
        if not self.shooters or sum(n * each for _, n, _, each in self.shooters) != len(self.values):
            who = ", ".join(f"{units_text(edition, unit, n)} @{at}" for unit, n, at, _ in self.shooters)
            return f"{who}: {plain}" if who else plain
        groups, at = [], 0
        for unit, count, value, each in self.shooters:
            faces = self.values[at: at + count * each]
            at += count * each
            groups.append(f"{units_text(edition, unit, count)} @{value}: " + "".join(f"[{v}]" for v in faces))
        return "; ".join(groups)


@frozen
class TurnOrderDrawn(Event):
    kind: ClassVar[str] = "turn_order_drawn"
    power: str
    left_in_cup: tuple[str, ...]
    reason: str

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} is drawn to play next ({self.reason})."


@frozen
class ResearchBought(Event):
    kind: ClassVar[str] = "research_bought"
    power: str
    dice: int
    cost: int

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} spends {self.cost} IPCs on {self.dice} research dice."


@frozen
class TechDeveloped(Event):
    kind: ClassVar[str] = "tech_developed"
    power: str
    tech: str

    def describe(self, board: Board, edition: Edition) -> str:
        name = edition.tech_by_id[self.tech].name if self.tech in edition.tech_by_id else self.tech
        return f"{power_name(board, self.power)} develops {name}!"


@frozen
class UnitsPurchased(Event):
    kind: ClassVar[str] = "units_purchased"
    power: str
    unit: str
    count: int
    cost: int
    ipcs_left: int

    def describe(self, board: Board, edition: Edition) -> str:
        return (
            f"{power_name(board, self.power)} buys {units_text(edition, self.unit, self.count)} "
            f"for {self.cost} IPCs ({self.ipcs_left} left)."
        )


@frozen
class PurchaseReturned(Event):
    kind: ClassVar[str] = "purchase_returned"
    power: str
    unit: str
    count: int
    refund: int
    ipcs_left: int

    def describe(self, board: Board, edition: Edition) -> str:
        return (
            f"{power_name(board, self.power)} returns {units_text(edition, self.unit, self.count)}: "
            f"{self.refund} IPCs back ({self.ipcs_left} in hand)."
        )


@frozen
class UnitsPlaced(Event):
    kind: ClassVar[str] = "units_placed"
    power: str
    unit: str
    count: int
    space: str
    factory: str

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} places {units_text(edition, self.unit, self.count)} in {space_name(board, self.space)}."


@frozen
class UnitsLost(Event):
    kind: ClassVar[str] = "units_lost"
    power: str
    unit: str
    count: int
    reason: str
    space: str | None = None
    """Where on the board they were; None for bought units never placed."""

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} loses {units_text(edition, self.unit, self.count)}: {self.reason}."


@frozen
class IncomeCollected(Event):
    kind: ClassVar[str] = "income_collected"
    power: str
    amount: int
    ipcs: int
    note: str = ""

    def describe(self, board: Board, edition: Edition) -> str:
        note = f" ({self.note})" if self.note else ""
        return f"{power_name(board, self.power)} collects {self.amount} IPCs{note}; now holds {self.ipcs}."


@frozen
class BonusPaid(Event):
    kind: ClassVar[str] = "bonus_paid"
    power: str
    amount: int
    reason: str
    ipcs: int

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} receives {self.amount} IPCs ({self.reason}); now holds {self.ipcs}."


@frozen
class TerritoryCaptured(Event):
    kind: ClassVar[str] = "territory_captured"
    space: str
    by: str
    previous: str | None
    new_owner: str

    def describe(self, board: Board, edition: Edition) -> str:
        if self.new_owner != self.by:
            return (
                f"{power_name(board, self.by)} liberates {space_name(board, self.space)}: "
                f"it returns to {power_name(board, self.new_owner)}."
            )
        if self.previous is None:
            return f"{power_name(board, self.by)} takes neutral {space_name(board, self.space)}."
        return f"{power_name(board, self.by)} captures {space_name(board, self.space)} from {power_name(board, self.previous)}."


@frozen
class CapitalPlundered(Event):
    kind: ClassVar[str] = "capital_plundered"
    space: str
    by: str
    victim: str
    amount: int

    def describe(self, board: Board, edition: Edition) -> str:
        return (
            f"{power_name(board, self.by)} takes {space_name(board, self.space)}, the capital of "
            f"{power_name(board, self.victim)}, and seizes its {self.amount} IPCs."
        )


@frozen
class UnitsChangedHands(Event):
    kind: ClassVar[str] = "units_changed_hands"
    space: str
    unit: str
    count: int
    previous: str
    new_owner: str

    def describe(self, board: Board, edition: Edition) -> str:
        return (
            f"{units_text(edition, self.unit, self.count)} in {space_name(board, self.space)} "
            f"pass from {power_name(board, self.previous)} to {power_name(board, self.new_owner)}."
        )


@frozen
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    round: int

    def describe(self, board: Board, edition: Edition) -> str:
        return f"End of round {self.round}."


@frozen
class GameWon(Event):
    kind: ClassVar[str] = "game_won"
    winner: str
    reason: str

    def describe(self, board: Board, edition: Edition) -> str:
        if self.winner == "draw":
            return f"The game is drawn: {self.reason}."
        return f"The {self.winner.capitalize()} win: {self.reason}."


@frozen
class Conceded(Event):
    kind: ClassVar[str] = "conceded"
    power: str
    side: str

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} concedes for the {self.side.capitalize()}."


@frozen
class DecisionAnswered(Event):
    kind: ClassVar[str] = "decision_answered"
    power: str
    decision: str
    choice: str
    said: str = ""
    """The answer as people read it where the choice names pieces by id
    ("infantry #12, transport #162 (2 infantry aboard)"); empty otherwise."""

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} chooses {self.said or answer_text(board, self.choice)}."


@frozen
class ActionUndone(Event):
    kind: ClassVar[str] = "action_undone"
    power: str
    action: str

    def describe(self, board: Board, edition: Edition) -> str:
        from axisallies_tui.engine.actions import ACTIONS

        kind = ACTIONS.get(self.action)
        label = (kind.label if kind is not None else "") or self.action.replace("_", " ")
        last = "" if self.action == "end_phase" else "last "
        return f"{power_name(board, self.power)} takes back the {last}{label}."


@frozen
class Casualties(Event):
    kind: ClassVar[str] = "casualties"
    space: str
    power: str
    destroyed: tuple[tuple[str, int], ...]
    damaged: tuple[tuple[str, int], ...] = ()
    note: str = ""

    def parts(self, edition: Edition) -> str:
        lost = [units_text(edition, u, n) for u, n in self.destroyed]
        lost += [f"{units_text(edition, u, n)} damaged" for u, n in self.damaged]
        return ", ".join(lost) or "nothing"

    def describe(self, board: Board, edition: Edition) -> str:
        note = f" ({self.note})" if self.note else ""
        return f"✗ {power_name(board, self.power)} loses {self.parts(edition)} in {space_name(board, self.space)}{note}."


@frozen
class CasualtiesChosen(Casualties):
    """Defending casualties picked this round: they fire back before they go."""

    kind: ClassVar[str] = "casualties_chosen"

    def describe(self, board: Board, edition: Edition) -> str:
        pieces = sum(n for _, n in self.destroyed) + sum(n for _, n in self.damaged)
        lost = sum(n for _, n in self.destroyed)
        back = {0: "", 1: "; it fires back before it goes"}.get(lost, "; they fire back before they go")
        return (f"{power_name(board, self.power)} takes {self.parts(edition)} as "
                f"{'a casualty' if pieces == 1 else 'casualties'} in {space_name(board, self.space)}{back}.")
