"""What a player (or bot, or test) asks the engine to do: imperative, small values.

The JSON form of an action is its fields plus `"action": kind`; `ACTIONS`
maps each kind to its class so the store and the headless driver can read
actions back.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen


class Action:
    kind: ClassVar[str]
    undoable: ClassVar[bool] = False
    """True for actions a player may take back within the phase (if no dice rolled)."""
    label: ClassVar[str] = ""
    """What the feed calls it when it is taken back ("purchase", "move", "edit")."""


@frozen
class EndPhase(Action):
    """Finish the current phase and go on to the next."""

    kind: ClassVar[str] = "end_phase"
    label: ClassVar[str] = "end of the phase"


@frozen
class Research(Action):
    """Research once per turn: with the edition's chart, buy `dice` research dice
    and roll them; a scheme that sells developments reads `development`."""

    kind: ClassVar[str] = "research"
    dice: int = 0
    development: str | None = None


@frozen
class Purchase(Action):
    """Buy `count` units of type `unit`; they wait for the place phase."""

    kind: ClassVar[str] = "purchase"
    undoable: ClassVar[bool] = True
    unit: str
    count: int = 1


@frozen
class ReturnPurchase(Action):
    """Take back units bought earlier in this purchase phase, for a full refund."""

    kind: ClassVar[str] = "return_purchase"
    unit: str
    count: int = 1


@frozen
class Place(Action):
    """Place bought units. Sea units go into a sea zone next to a complex;
    `factory` names the complex when several border that zone."""

    kind: ClassVar[str] = "place"
    undoable: ClassVar[bool] = True
    label: ClassVar[str] = "placement"
    unit: str
    space: str
    count: int = 1
    factory: str | None = None


@frozen
class Undo(Action):
    """Take back the last undoable action of this phase."""

    kind: ClassVar[str] = "undo"


@frozen
class Answer(Action):
    """Answer the pending decision with one of its options."""

    kind: ClassVar[str] = "answer"
    choice: str


@frozen
class Concede(Action):
    """The player to move gives up the game for their whole side."""

    kind: ClassVar[str] = "concede"


ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls for cls in (EndPhase, Research, Purchase, ReturnPurchase, Place, Undo, Answer, Concede)
}


def register_action(cls: type[Action]) -> type[Action]:
    """Let another engine module (movement, combat, edits) add its action kinds."""
    if cls.kind in ACTIONS and ACTIONS[cls.kind] is not cls:
        raise ValueError(f"two actions share the kind {cls.kind!r}")
    ACTIONS[cls.kind] = cls
    return cls
