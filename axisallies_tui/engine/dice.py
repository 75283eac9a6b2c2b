"""Where dice come from, and how they turn into hits.

A *source* supplies die faces: seeded random, scripted (tests, replays),
typed at the table, or anything else that implements `roll`. A game's *dice
mode* (`DiceMode`, chosen at setup and stored with the game) says which
source each action gets. A *policy* turns a group of shots into
hits: standard dice roll one die per shot; Low Luck takes the sure hits and
rolls one die for the remainder. Combat code asks the policy for hits and
never asks which one is in force.

Every value consumed is recorded by `RecordingDice`, so the game log keeps the
faces themselves and a replay never depends on a generator's internals.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from attrs import frozen

from axisallies_tui.engine.errors import IllegalAction

SIDES = 6


def face_problem(face: Any) -> str | None:
    """Why `face` is not something a six-sided die can show, or None."""
    if isinstance(face, bool) or not isinstance(face, int):
        return f"a die shows a whole number from 1 to {SIDES}, not {face!r}"
    if not 1 <= face <= SIDES:
        return f"a die shows 1 to {SIDES}, not {face}"
    return None


class DiceSource(Protocol):
    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        """Return `count` faces (1..6). `purpose` says what they are for."""


class SeededDice:
    """Pseudo-random dice for a game with a chosen seed (reproducible, and so
    predictable by anyone who knows the seed). Each action's stream is derived
    from the seed and the number of dice the game has rolled before it, so a
    resumed game rolls exactly as an uninterrupted one would, and taking back
    a purchase or move that rolled nothing shifts no later roll."""

    def __init__(self, seed: int | str, stream: int | str = 0) -> None:
        self.seed = seed
        self._random = random.Random(f"{seed}:{stream}")

    def for_action(self, number: int) -> "SeededDice":
        return SeededDice(self.seed, number)

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        return tuple(self._random.randint(1, SIDES) for _ in range(count))


class SystemDice:
    """Dice drawn from the operating system's randomness at the moment they are
    rolled: nothing stored anywhere predicts them. The game log records every
    face, so replays never need this source again."""

    def __init__(self) -> None:
        self._random = random.SystemRandom()

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        return tuple(self._random.randint(1, SIDES) for _ in range(count))


class DiceExhausted(IllegalAction):
    """A scripted dice list ran out: the action needed more dice than were given."""


class ScriptedDice:
    """Dice that return given faces in order, and fail loudly when they run out."""

    def __init__(self, faces: Sequence[int]) -> None:
        for face in faces:
            problem = face_problem(face)
            if problem:
                raise ValueError(problem)
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


class DiceNeeded(IllegalAction):
    """Table dice: the action needs `count` more dice, rolled for `purpose`.

    Raised from inside `apply`, so nothing has changed. The caller asks the
    players for the faces and applies the same action again with every face
    typed so far (apply is pure, so the repeat sees the same rolls in the same
    order and then gets further).
    """

    def __init__(self, count: int, purpose: str) -> None:
        word = "die" if count == 1 else "dice"
        super().__init__(f"roll {count} {word} for {purpose} and type the {'value' if count == 1 else 'values'}")
        self.count = count
        self.purpose = purpose


class TableDice:
    """Real dice rolled at the table: the faces typed so far, handed out in order.
    When they run short the engine never waits: it raises `DiceNeeded`."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        for face in faces:
            problem = face_problem(face)
            if problem:
                raise ValueError(problem)
        self.faces = tuple(faces)
        self.position = 0

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        left = len(self.faces) - self.position
        if count > left:
            raise DiceNeeded(count - left, purpose)
        taken = self.faces[self.position:self.position + count]
        self.position += count
        return taken


DIGITAL = "digital"
TABLE = "table"
SCRIPTED = "scripted"


@frozen
class DiceMode:
    """Where a game's dice come from; chosen at setup and stored with the game.

    The dice *policy* (standard or Low Luck) is part of the ruleset; the mode
    only says who rolls: the computer (`digital`, seeded), the players
    (`table`: they type what they rolled), or a fixed list (`scripted`, for
    tests, bug reports and replaying a disputed roll).
    """

    kind: str = DIGITAL
    script: tuple[int, ...] = ()
    """For `scripted`: the faces, used in order."""
    start: int = 0
    """For `scripted`: how many faces the game had used when the script began
    (a saved game may switch to a script part-way through)."""

    def __attrs_post_init__(self) -> None:
        if self.kind not in (DIGITAL, TABLE, SCRIPTED):
            raise ValueError(f"dice mode must be {DIGITAL}, {TABLE} or {SCRIPTED}, not {self.kind!r}")
        for face in self.script:
            problem = face_problem(face)
            if problem:
                raise ValueError(problem)

    def source(self, seed: int | str | None, number: int, used: int, typed: Sequence[int] = ()) -> DiceSource:
        """The dice for action `number` (0 = the start of the game), when the game
        has used `used` faces so far; `typed` are table dice typed for it.
        Without a seed the computer's dice come from the operating system.

        The start of a table-dice game (the opening turn-order draw of some house
        rules) is rolled by the computer: no one has been asked to sit down yet.
        """
        if self.kind == SCRIPTED and used >= self.start:
            return ScriptedDice(self.script[used - self.start:])
        if self.kind == TABLE and number > 0:
            return TableDice(typed)
        if seed is None:
            return SystemDice()
        return SeededDice(seed, f"die{used}")  # the n-th die of the game, whatever came before it

    def left(self, used: int) -> int | None:
        """Scripted faces not yet used (None for the other modes)."""
        if self.kind != SCRIPTED:
            return None
        return max(0, len(self.script) - max(0, used - self.start))


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

    def hits(
        self, dice: DiceSource, shots: Sequence[int], purpose: str, best_of: Sequence[int] = ()
    ) -> tuple[int, tuple[int, ...]]:
        """`best_of[i]` dice are rolled for shot i (default 1) and the best one counts."""
        keep = list(best_of) or [1] * len(shots)
        shooting = [(value, best) for value, best in zip(shots, keep) if value > 0]
        faces = dice.roll(sum(best for _, best in shooting), purpose) if shooting else ()
        hits, at = 0, 0
        for value, best in shooting:
            hits += min(faces[at: at + best]) <= value
            at += best
        return hits, faces


class LowLuckPolicy:
    """Low Luck: every full 6 points of combined value is a sure hit; the rest
    hits if one die shows at most the remainder."""

    id = "low_luck"

    def hits(
        self, dice: DiceSource, shots: Sequence[int], purpose: str, best_of: Sequence[int] = ()
    ) -> tuple[int, tuple[int, ...]]:
        """Values are pooled; a "best of" shot counts its value once (Low Luck has
        no better-of-two dice: the odds calculator reads it the same way)."""
        total = sum(value for value in shots if value > 0)
        sure, remainder = divmod(total, SIDES)
        if remainder == 0:
            return sure, ()
        faces = dice.roll(1, purpose)
        return sure + (1 if faces[0] <= remainder else 0), faces


class DicePolicy(Protocol):
    """Turns a volley of shots into hits (and the faces it rolled)."""

    id: str

    def hits(
        self, dice: DiceSource, shots: Sequence[int], purpose: str, best_of: Sequence[int] = ()
    ) -> tuple[int, tuple[int, ...]]: ...


POLICIES: dict[str, DicePolicy] = {StandardPolicy.id: StandardPolicy(), LowLuckPolicy.id: LowLuckPolicy()}


def draw_one(dice: DiceSource, count: int, purpose: str) -> tuple[int, tuple[int, ...]]:
    """Pick one of `count` things fairly with six-sided dice, so every draw is a
    logged die roll: enough dice are read as one base-6 number to cover `count`,
    and a number past the last whole multiple of `count` is rolled again.

    Returns the index picked and all faces rolled.
    """
    if count <= 1:
        return 0, ()
    digits, span = 1, SIDES
    while span < count:
        digits, span = digits + 1, span * SIDES
    usable = span - span % count
    faces: list[int] = []
    while True:
        rolled = dice.roll(digits, purpose)
        faces.extend(rolled)
        number = 0
        for face in rolled:
            number = number * SIDES + (face - 1)
        if number < usable:
            return number % count, tuple(faces)
