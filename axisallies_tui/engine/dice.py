"""Where dice come from, and how they turn into hits.

A *source* supplies die faces: seeded random, scripted (tests, replays), or
anything else that implements `roll`. A *policy* turns a group of shots into
hits: standard dice roll one die per shot; Low Luck takes the sure hits and
rolls one die for the remainder. Combat code asks the policy for hits and
never asks which one is in force.

Every value consumed is recorded by `RecordingDice`, so the game log keeps the
faces themselves and a replay never depends on a generator's internals.
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from axisallies_tui.engine.errors import IllegalAction

SIDES = 6


class DiceSource(Protocol):
    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        """Return `count` faces (1..6). `purpose` says what they are for."""


class SeededDice:
    """Pseudo-random dice. Each game action gets its own stream, derived from the
    game seed and the action's number, so a resumed game rolls exactly as an
    uninterrupted one would."""

    def __init__(self, seed: int | str, stream: int = 0) -> None:
        self.seed = seed
        self._random = random.Random(f"{seed}:{stream}")

    def for_action(self, number: int) -> "SeededDice":
        return SeededDice(self.seed, number)

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        return tuple(self._random.randint(1, SIDES) for _ in range(count))


class DiceExhausted(IllegalAction):
    """A scripted dice list ran out: the action needed more dice than were given."""


class ScriptedDice:
    """Dice that return given faces in order, and fail loudly when they run out."""

    def __init__(self, faces: Sequence[int]) -> None:
        for face in faces:
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= SIDES:
                raise ValueError(f"a die shows 1 to {SIDES}, not {face!r}")
        self.faces = list(faces)

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        if count > len(self.faces):
            raise DiceExhausted(
                f"the scripted dice ran out: {count} needed for {purpose}, "
                f"{len(self.faces)} left"
            )
        taken, self.faces = self.faces[:count], self.faces[count:]
        return tuple(taken)

    @property
    def remaining(self) -> int:
        return len(self.faces)


class RecordingDice:
    """Wraps a source and keeps every face it handed out, in order."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.used: list[int] = []

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        if count <= 0:
            return ()
        faces = tuple(self.inner.roll(count, purpose))
        self.used.extend(faces)
        return faces


class StandardPolicy:
    """One die per shot; a shot hits when the die is at most its value."""

    id = "standard"

    def hits(self, dice: DiceSource, shots: Sequence[int], purpose: str) -> tuple[int, tuple[int, ...]]:
        shooting = [value for value in shots if value > 0]
        faces = dice.roll(len(shooting), purpose) if shooting else ()
        return sum(1 for face, value in zip(faces, shooting) if face <= value), faces


class LowLuckPolicy:
    """Low Luck: every full 6 points of combined value is a sure hit; the rest
    hits if one die shows at most the remainder."""

    id = "low_luck"

    def hits(self, dice: DiceSource, shots: Sequence[int], purpose: str) -> tuple[int, tuple[int, ...]]:
        total = sum(value for value in shots if value > 0)
        sure, remainder = divmod(total, SIDES)
        if remainder == 0:
            return sure, ()
        faces = dice.roll(1, purpose)
        return sure + (1 if faces[0] <= remainder else 0), faces


POLICIES = {StandardPolicy.id: StandardPolicy(), LowLuckPolicy.id: LowLuckPolicy()}


def draw_one(dice: DiceSource, count: int, purpose: str) -> tuple[int, tuple[int, ...]]:
    """Pick one of `count` things fairly with six-sided dice (rerolling the faces
    that do not divide evenly), so every draw is a logged die roll.

    Returns the index picked and all faces rolled.
    """
    if count <= 1:
        return 0, ()
    if count > SIDES:
        raise ValueError("draw_one picks among at most six things")
    usable = SIDES - SIDES % count
    faces: list[int] = []
    while True:
        face = dice.roll(1, purpose)[0]
        faces.append(face)
        if face <= usable:
            return (face - 1) % count, tuple(faces)
