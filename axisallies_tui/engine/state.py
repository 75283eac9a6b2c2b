"""The game state: frozen values only, so an old state is never changed.

Containers are tuples (attrs' `frozen` is shallow, so a dict field would
still mutate). Spaces and powers are stored in the board's order; the
`queries` module reads them by id.
"""

from __future__ import annotations

from typing import Any

from attrs import evolve, frozen

from axisallies_tui.engine.casualties import CasualtyQuestion

__all__ = [
    "Battle",
    "UndoEntry",
    "Decision",
    "GameResult",
    "RuleSlot",
    "GameState",
    "PowerState",
    "SpaceState",
    "TurnRecord",
    "Unit",
    "evolve",
]


@frozen
class Unit:
    """One piece on the board. `uid` stays with it for the whole game."""

    uid: int
    power: str
    type: str
    moved: int = 0
    """Movement points used this turn."""
    damage: int = 0
    """Hits taken and not yet repaired (for units with more than one hit point)."""
    aboard: int | None = None
    """uid of the transport this land unit rides on, if any."""
    came_from: str | None = None
    """The space it entered its present space from this turn (for retreats)."""
    combat_moved: bool = False
    """Moved in this turn's combat move (land and sea units may not move again)."""
    stopped: bool = False
    """Its combat move is over (it entered a battle or an enemy space)."""
    amphibious: bool = False
    """Landed from a transport this turn (no further move; no retreat)."""
    unloaded: bool = False
    """A transport that has unloaded this turn: it may not move, load or unload."""
    landing: str | None = None
    """Cargo waiting at sea to land in this territory once the sea battle is won."""
    fought: bool = False
    """Took part in a battle this turn."""
    raiding: bool = False
    """A bomber on a strategic bombing raid this turn (C-SBR): in no other battle."""


@frozen
class SpaceState:
    owner: str | None
    """Controlling power of a land space; None for sea zones and unowned neutrals."""
    units: tuple[Unit, ...] = ()


@frozen
class PowerState:
    id: str
    ipcs: int
    techs: tuple[str, ...] = ()
    """Weapons developments, in the order gained."""
    unplaced: tuple[tuple[str, int], ...] = ()
    """Units bought this turn and waiting for the place phase: (unit type, count)."""


@frozen
class TurnRecord:
    """What happened earlier in the current power's turn; reset when a turn starts."""

    phases: tuple[str, ...] = ()
    """The phases of this turn, after house rules have added or removed some."""
    researched: bool = False
    captured: tuple[str, ...] = ()
    """Spaces captured this turn (no landing there, no production there)."""
    built: tuple[str, ...] = ()
    """Spaces where a complex was placed this turn (it cannot produce yet)."""
    placed: tuple[tuple[str, int], ...] = ()
    """Units placed from each complex this turn: (complex space, count)."""
    assault_zones: tuple[str, ...] = ()
    """Sea zones from which land units were unloaded into enemy territory this turn."""
    marks: tuple[str, ...] = ()
    """Short notes house rules keep for the rest of the turn (e.g. "bribed:turkey")."""
    battles_done: tuple[str, ...] = ()
    """Spaces whose battle (or raid, as "raid:<space>") has been fought this turn."""
    rockets: tuple[str, ...] = ()
    """Territories from which a rocket was fired this turn (C-DEV-2: one a turn)."""


@frozen
class Decision:
    """A question the engine waits on. Only `Answer` actions from `power` are legal."""

    power: str
    kind: str
    prompt: str
    options: tuple[str, ...]
    default: str | None = None
    casualties: CasualtyQuestion | None = None
    """For a casualty decision: the pieces and hits, so that answers naming
    pieces by id (beyond `options`) are allowed too."""


@frozen
class UndoEntry:
    """What one undoable action changed, so `Undo` can put it back: the previous
    values of the spaces and powers it touched, and of the small fields."""

    action: str
    """The action's kind, for the feed ("undid purchase")."""
    spaces: tuple[tuple[int, SpaceState], ...]
    powers: tuple[PowerState, ...]
    turn: TurnRecord
    next_uid: int
    complexes_built: int
    rule_state: tuple["RuleSlot", ...] = ()
    phase: str = ""
    """The phase to return to when the action ended one (a purchase ended with
    money left); empty when the action stayed in its phase."""


@frozen
class Battle:
    """A battle under way: where it stands between two decisions (C-COMBAT 8.2).
    The attacker is always the power to move; whether it is at sea, the board says."""

    space: str
    defender: str
    """The power that answers the defending side's questions."""
    round: int = 1
    stage: str = "start"
    """start, sub_casualties, defender_casualties, attacker_casualties, retreat."""
    hits: int = 0
    """Hits waiting for the casualty decision of this stage."""
    set_aside: tuple[int, ...] = ()
    """Defending casualties of this round: they still fire before they go."""
    damage_pending: tuple[int, ...] = ()
    """Defending two-hit units damaged this round: the damage counts once they have fired."""
    amphibious: bool = False
    targets: tuple[int, ...] = ()
    """When not empty: the only units the hits waiting for a decision may strike
    (a step whose fire may only hit some units, such as aircraft)."""
    sea_hits: int = 0
    """How many of `hits` only sea units may take (submarine hits, C-COMBAT-SUB)."""


@frozen
class RuleSlot:
    """One house rule's own state (a loan ledger, a temporary capital, ...):
    an attrs value of the rule's `State` class, saved with the game."""

    id: str
    """The rule's catalogue id."""
    data: Any


@frozen
class GameResult:
    winner: str
    """A side id (`axis`, `allies`) or `draw`."""
    reason: str
    round: int


@frozen
class GameState:
    round: int
    power: str
    phase: str
    powers: tuple[PowerState, ...]
    spaces: tuple[SpaceState, ...]
    next_uid: int
    turn: TurnRecord = TurnRecord()
    eliminated: tuple[str, ...] = ()
    """Powers out of the game (conceded in a game of more than two sides)."""
    done_this_round: tuple[str, ...] = ()
    """Powers that have finished their turn in this round, in the order they played."""
    complexes_built: int = 0
    """Industrial complexes built in the whole game (the box holds only four extra)."""
    pending: Decision | None = None
    battle: Battle | None = None
    result: GameResult | None = None
    rule_state: tuple[RuleSlot, ...] = ()
    """House rules' own state, one slot per rule that has stored any (hooks.HouseRule.State)."""
    undo: tuple[UndoEntry, ...] = ()
    """Undoable actions taken in the current phase, newest last. Cleared when the
    phase ends or dice are rolled: dice never get taken back."""
