"""What a move would do, asked of the engine instead of worked out by an
interface: the path it takes, what goes, the fees, the antiaircraft fire on
the way, the territories it takes, and the battle it starts (with its odds on
request). The TUI's move panel and the headless `preview` query both use it.

The move is tried on a throwaway copy with dice that all show 6 (antiaircraft
fire misses), so the answer never depends on luck and nothing is changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from attrs import frozen

from axisallies_tui.engine.combat import blocking_sea_battle, pending_battles
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import DiceRolled, Event, TerritoryCaptured
from axisallies_tui.engine.game import apply
from axisallies_tui.engine.model import AIR
from axisallies_tui.engine.movement import FeePaid, Move, UnitsMoved, View
from axisallies_tui.engine.odds import Odds
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState

if TYPE_CHECKING:
    from axisallies_tui.engine.simulate import Progress

RAID = "raid"
BATTLE = "battle"
SEA_BATTLE = "sea battle"
AMPHIBIOUS = "amphibious assault"


@frozen
class MovePreview:
    """The engine's answer to "what if I made these moves?"."""

    moves: tuple[Move, ...]
    problem: str | None = None
    """Why the engine refuses (in its own words); None when it accepts."""
    path: tuple[str, ...] = ()
    """Spaces entered by the first move, in order."""
    paths: tuple[tuple[str, ...], ...] = ()
    """The path of each move, in order (aircraft going along with land units
    may fly another way)."""
    how: str = ""
    """land, sea, air, load or unload."""
    moved: tuple[tuple[str, int], ...] = ()
    """What actually goes (cargo and fighters riding along included)."""
    fees: tuple[tuple[int, str], ...] = ()
    anti_aircraft: tuple[str, ...] = ()
    """Territories whose AA guns fire at the aircraft on the way."""
    captures: tuple[str, ...] = ()
    """Territories taken on the way or at the end, with no battle."""
    battle: str | None = None
    """The fight the destination will see: raid, battle, sea battle or
    amphibious assault (None: no fight)."""
    sea_battle_first: str | None = None
    """Troops landing from a sea zone with enemy ships wait there: the sea battle
    in this zone comes first (C-COMBAT-1), then they land."""
    aircraft_at_risk: bool = False
    """Accepted, but aircraft would be lost as things stand (no carrier room yet)."""
    odds: Odds | None = None
    """The odds of that battle as planned so far (with `with_odds`)."""
    after: GameState | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


class _Sixes:
    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        return (6,) * count


def preview(rules: Rules, state: GameState, *moves: Move, with_odds: bool = False,
            stop: Callable[[], bool] | None = None, progress: Progress | None = None) -> MovePreview:
    """Try `moves` in order (e.g. land units, then the aircraft going along) and say
    what they would do. `stop` and `progress`: as `odds_for_battle`'s (simulated
    odds ask the one and tell the other)."""
    after, events = state, list[Event]()
    try:
        for move in moves:
            step = apply(rules, after, move, _Sixes())
            after = step.state
            events.extend(step.events)
    except IllegalAction as refused:
        return MovePreview(moves=moves, problem=refused.reason)
    target = moves[0].destination
    battle = _battle_kind(rules, state, after, moves[0])
    first = None if moves[0].raid else blocking_sea_battle(rules, after, target)
    odds = None
    if with_odds and first is None and battle in (BATTLE, SEA_BATTLE, AMPHIBIOUS):
        from axisallies_tui.engine.battle_odds import odds_for_battle

        odds = odds_for_battle(rules, after, target, stop, progress)
    moved = [e for e in events if isinstance(e, UnitsMoved)]
    return MovePreview(
        moves=moves, battle=battle, sea_battle_first=first, odds=odds, after=after,
        aircraft_at_risk=_aircraft_at_risk(rules, state, after, target),
        path=moved[0].path if moved else (),
        paths=tuple(e.path for e in moved),
        how=moved[0].how if moved else "",
        moved=tuple(unit for e in moved for unit in e.units),
        fees=tuple((e.amount, e.reason) for e in events if isinstance(e, FeePaid)),
        anti_aircraft=tuple(e.space for e in events if isinstance(e, DiceRolled) and e.space),
        captures=tuple(e.space for e in events if isinstance(e, TerritoryCaptured)),
    )


def _battle_kind(rules: Rules, before: GameState, after: GameState, move: Move) -> str | None:
    target = move.destination
    if move.raid:
        return RAID
    if blocking_sea_battle(rules, after, target) is not None:
        return AMPHIBIOUS  # the troops wait offshore for the sea battle, then land
    if target not in pending_battles(rules, after):
        return None
    space = after.spaces[rules.board.space(target).index]
    if rules.board.space(target).is_sea:
        return SEA_BATTLE
    if any(u.amphibious and u.power == after.power for u in space.units):
        return AMPHIBIOUS
    return BATTLE


def _aircraft_at_risk(rules: Rules, before: GameState, after: GameState, target: str) -> bool:
    """In the non-combat move, aircraft sent to a sea zone where no carrier has room yet."""
    if rules.phase_kind(before.phase) != "noncombat_move" or not rules.board.space(target).is_sea:
        return False
    view = View(rules, after)
    planes = [u for u in view.units(target) if u.power == after.power and view.kind(u).domain == AIR]
    return bool(planes) and view.carrier_room(target) < 0
