"""Moving units in the combat and non-combat moves (base rules section 7 and 9).

A `Move` names the units, their origin and destination (and optionally the
exact path). The engine picks the path, checks every step against the rules
and explains a refusal in words. Five kinds of move, decided by what moves and
where to:

- land: land units over land (blitz, neutrals, capture of empty territory);
- sea: ships over sea zones, carrying their cargo and fighters with them;
- air: aircraft anywhere but over neutrals, with a place to land afterwards;
- load: land units from a territory onto transports in an adjacent sea zone;
- unload: land units from transports into an adjacent territory (amphibious
  assault in the combat move); what is not named stays aboard, and the
  transport is done for the turn (C-TRANS-3).

In the combat move every move must lead to a battle (C-MOVE-1): it is refused
at once when it cannot, so what `legal` lists and what `move` accepts agree.

House rules change movement through the hooks `may_enter`, `may_move`,
`movement_allowance`, `transport_capacity` and `move_costs` (hooks.py).
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any, Callable, ClassVar, Iterable, Iterator, TypeVar, cast

from attrs import frozen

from axisallies_tui.engine.actions import Action, register_action
from axisallies_tui.engine.capture import capture
from axisallies_tui.engine.copying import evolve
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import Event, UnitsLost, power_name, space_name, units_text
from axisallies_tui.engine.model import AIR, LAND, SEA, Board, Edition, Space, UnitType
from axisallies_tui.engine.queries import allied, type_counts
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.engine.turns import leave_check, on_leave
from axisallies_tui.engine.tx import Tx, handles, require

COMBAT_MOVE = "combat_move"
NONCOMBAT_MOVE = "noncombat_move"


@frozen
class Move(Action):
    """Move units of the power to act from `origin` to `destination`.

    `units` gives (unit type, count) pairs; the engine picks which pieces. `uids`
    names exact pieces instead. `path` (optional) lists the spaces entered in
    order, ending with `destination`; without it the engine finds one.
    """

    kind: ClassVar[str] = "move"
    undoable: ClassVar[bool] = True
    origin: str
    destination: str
    units: tuple[tuple[str, int], ...] = ()
    uids: tuple[int, ...] = ()
    path: tuple[str, ...] = ()
    raid: bool = False
    """Bombers only: a strategic bombing raid on the destination's complex (C-SBR)."""
    aa_order: tuple[str, ...] = ()
    """Aircraft types in the order their owner gives them up to AA fire
    (C-AA-3); unnamed types follow, cheapest first."""


register_action(Move)


@frozen
class UnitsMoved(Event):
    kind: ClassVar[str] = "units_moved"
    power: str
    units: tuple[tuple[str, int], ...]
    origin: str
    destination: str
    path: tuple[str, ...]
    how: str
    """land, sea, air, load or unload."""

    def describe(self, board: Board, edition: Edition) -> str:
        what = ", ".join(units_text(edition, unit, count) for unit, count in self.units)
        verb = {"load": "board a transport in", "unload": "land in"}.get(self.how, "move to")
        via = ""
        if len(self.path) > 1:
            via = " via " + ", ".join(space_name(board, s) for s in self.path[:-1])
        return f"{power_name(board, self.power)}: {what} from {space_name(board, self.origin)} {verb} {space_name(board, self.destination)}{via}."


@frozen
class FeePaid(Event):
    kind: ClassVar[str] = "fee_paid"
    power: str
    amount: int
    reason: str
    ipcs: int

    def describe(self, board: Board, edition: Edition) -> str:
        return f"{power_name(board, self.power)} pays {self.amount} IPCs ({self.reason}); {self.ipcs} left."


# -- unit numbers in force -------------------------------------------------------------


def allowance(rules: Rules, state: GameState, unit: Unit) -> int:
    """Spaces `unit` may enter this turn (C-MOVE-3), after developments and house rules."""
    techs = _techs(state, unit.power)
    value = rules.moves.get((techs, unit.type))
    if value is None:  # the edition's move with the developments' extra moves: the same for every such piece
        kind = rules.edition.unit(unit.type)
        value = rules.moves[(techs, unit.type)] = kind.move + sum(
            effect.move for effect in rules.edition.effects(techs, kind))
    for rule in rules.hooks("movement_allowance"):
        value = rule.movement_allowance(rules, state, unit, value)
    return value


def carrier_capacity(rules: Rules, unit: Unit) -> int:
    """Fighter places a unit offers (C-UNIT-5), after house rules."""
    value = rules.edition.unit(unit.type).carrier_capacity
    for rule in rules.hooks("carrier_capacity"):
        value = rule.carrier_capacity(rules, unit, value)
    return value


def movement_left(rules: Rules, state: GameState, unit: Unit) -> int:
    return max(0, allowance(rules, state, unit) - unit.moved)


def transport_room(rules: Rules, state: GameState, transport: Unit) -> int:
    """Transport places (C-UNIT-4), after house rules."""
    kind = rules.edition.unit(transport.type)
    value = kind.transport_capacity
    for rule in rules.hooks("transport_capacity"):
        value = rule.transport_capacity(rules, state, transport.power, kind.id, value)
    return value


def _techs(state: GameState, power: str) -> tuple[str, ...]:
    for ps in state.powers:
        if ps.id == power:
            return ps.techs
    return ()


# -- what a space is to the mover ----------------------------------------------------------


T = TypeVar("T")


class View:
    """Read-only questions about spaces, from the point of view of the power to move."""

    def __init__(self, rules: Rules, state: GameState) -> None:
        self.rules = rules
        self.board = rules.board
        self.edition = rules.edition
        self.state = state
        self.power = state.power
        self.combat = rules.phase_kind(state.phase) == COMBAT_MOVE
        self._hostile: dict[str, bool] = {}
        self._enemy_land: dict[str, bool] = {}
        self._left: dict[int, tuple[Unit, int]] = {}
        self._answers: dict[tuple[Any, ...], Any] = {}
        """Answers already given (`remember`): the state never changes, and the
        hooks asked read only their arguments."""

    def remember(self, key: tuple[Any, ...], work: Callable[[], T]) -> T:
        """The answer to `key` about this view's state: `work` done once."""
        answers = self._answers
        if key not in answers:
            answers[key] = work()
        return cast(T, answers[key])

    def units(self, space_id: str) -> tuple[Unit, ...]:
        return self.state.spaces[self.board.space_by_id[space_id].index].units

    def movement_left(self, unit: Unit) -> int:
        """`movement_left` of one of this state's pieces."""
        known = self._left.get(unit.uid)
        if known is None or known[0] is not unit:
            known = self._left[unit.uid] = (unit, movement_left(self.rules, self.state, unit))
        return known[1]

    def owner(self, space_id: str) -> str | None:
        return self.state.spaces[self.board.space(space_id).index].owner

    def kind(self, unit: Unit) -> UnitType:
        return self.edition.unit(unit.type)

    def enemy_units(self, space_id: str) -> list[Unit]:
        return [u for u in self.units(space_id) if not allied(self.board, u.power, self.power)]

    def hostile(self, space_id: str) -> bool:
        """Holds enemy units (C-BOARD-4; a sea zone with an enemy ship is hostile)."""
        known = self._hostile.get(space_id)
        if known is None:
            friends = self.board.allies_of[self.power]
            known = self._hostile[space_id] = any(u.power not in friends for u in self.units(space_id))
        return known

    def enemy_combatants(self, space_id: str) -> list[Unit]:
        return [u for u in self.enemy_units(space_id) if self.kind(u).combatant]

    def still_neutral(self, space_id: str) -> bool:
        space = self.board.space(space_id)
        return space.neutral and self.owner(space_id) is None

    def friendly_land(self, space_id: str) -> bool:
        space = self.board.space(space_id)
        return space.is_land and allied(self.board, self.owner(space_id), self.power)

    def enemy_land(self, space_id: str) -> bool:
        known = self._enemy_land.get(space_id)
        if known is None:
            known = self._enemy_land[space_id] = self._is_enemy_land(space_id)
        return known

    def _is_enemy_land(self, space_id: str) -> bool:
        space = self.board.space(space_id)
        owner = self.owner(space_id)
        if space.is_land and owner is None and not space.neutral:
            answers = (rule.unowned_land_is_enemy(self.rules, self.state, self.power, space_id)
                       for rule in self.rules.hooks("unowned_land_is_enemy"))
            return next((answer for answer in answers if answer is not None), False)
        return space.is_land and owner is not None and not allied(self.board, owner, self.power)

    def captured_this_turn(self, space_id: str) -> bool:
        return space_id in self.state.turn.captured

    def held_at_turn_start(self, space_id: str) -> bool:
        """Friendly now and not taken this turn: it was friendly when the turn began
        (nothing is lost during one's own turn)."""
        return self.friendly_land(space_id) and not self.captured_this_turn(space_id)

    def landing_ok(self, space_id: str, unit_kind: UnitType) -> bool:
        """Could an aircraft of this kind end its turn here (C-LAND-AIR-1/2)?"""
        space = self.board.space(space_id)
        if space.is_land:
            return self.held_at_turn_start(space_id)
        need = unit_kind.carrier_cost
        return need is not None and need > 0 and self.carrier_room(space_id) >= need

    def carrier_places_coming(self, zones: Iterable[str], need: int, ignore: Iterable[int] = ()) -> bool:
        """C-AIR-2, C-LAND-AIR-3: could one of the mover's carriers that may still
        sail this turn bring `need` free places into one of `zones`? A carrier
        offers its places less the fighters already aboard where it is (an
        ally's fighters ride with it, C-SEA-4)."""
        wanted = {zone for zone in zones if self.board.space(zone).is_sea and not self.hostile(zone)}
        skip = set(ignore)
        for space, held in zip(self.board.spaces, self.state.spaces):
            for carrier in held.units:
                places = carrier_capacity(self.rules, carrier)
                if carrier.power != self.power or places <= 0 or carrier.uid in skip:
                    continue
                if carrier.combat_moved or carrier.fought or why_stuck(self, carrier) is not None:
                    continue
                if min(places, self.carrier_room(space.id, ignore=skip)) < need:
                    continue
                sail = sea_distances(self, space.id, movement_left(self.rules, self.state, carrier))
                if wanted.intersection(sail):
                    return True
        return False

    def carrier_room(self, space_id: str, ignore: Iterable[int] = ()) -> int:
        """Free carrier places for fighters in a sea zone (own and allied carriers)."""
        skip = set(ignore)
        capacity = used = 0
        for unit in self.units(space_id):
            if unit.uid in skip or not allied(self.board, unit.power, self.power):
                continue
            kind = self.kind(unit)
            capacity += carrier_capacity(self.rules, unit)
            if kind.domain == AIR:
                used += kind.carrier_cost or 0
        return capacity - used

    def cargo_of(self, transport: Unit, space_id: str) -> list[Unit]:
        return [u for u in self.units(space_id) if u.aboard == transport.uid]

    def cargo_load(self, transport: Unit, space_id: str) -> int:
        return sum(self.kind(u).transport_cost or 0 for u in self.cargo_of(transport, space_id))


# -- checking one step ----------------------------------------------------------------


_LATEST_VIEW = threading.local()
"""The view asked about last, per thread (`view`): the interface and the odds
workers ask about different states at once."""


def view_of(rules: Rules, state: GameState) -> View:
    """The view of `state`, shared by everyone in this thread asking about the
    latest state asked about (listing moves, then trying them, asks the same
    questions). A view holds its rules and state, so neither id can be reused
    while it stands, and a view never changes what it answers."""
    view: View | None = getattr(_LATEST_VIEW, "view", None)
    if view is None or view.rules is not rules or view.state is not state:
        view = _LATEST_VIEW.view = View(rules, state)
    return view


def _names(view: View, units: list[Unit]) -> str:
    kinds = sorted({view.kind(u).name.lower() for u in units})
    return " and ".join(kinds)


def step_problem(view: View, units: list[Unit], domain: str, frm: str, to: str, last: bool) -> str | None:
    """Why `units` may not go from `frm` into `to` (as the end of the move if `last`)."""
    board = view.board
    target = board.space(to)
    if to not in board.space(frm).neighbours:
        return f"{board.space(frm).name} and {target.name} do not touch"
    if domain == LAND:
        problem = _land_step(view, units, target, last)
    elif domain == SEA:
        problem = _sea_step(view, units, frm, target, last)
    else:
        problem = _air_step(view, units, target, last)
    if problem:
        return problem
    for rule in view.rules.hooks("may_enter"):
        problem = rule.may_enter(view.rules, view.state, view.power, tuple(u.type for u in units), frm, to)
        if problem:
            return problem
    return None


def _land_step(view: View, units: list[Unit], target: Space, last: bool) -> str | None:
    name = _names(view, units)
    if not target.is_land:
        return f"{target.name} is at sea: {name} cross water only aboard a transport"
    crowded = _crowding(view, units, target.id) if last else None
    if crowded:
        return crowded
    if view.still_neutral(target.id):
        if not view.combat:
            return f"{target.name} is neutral: neutral territories are entered only in the combat move"
        if not last:
            return f"{target.name} is neutral: a move into a neutral territory must end there"
        return None
    if view.enemy_land(target.id):
        if not view.combat:
            return f"{target.name} is enemy territory: non-combat moves stay in friendly territory"
        if any(view.kind(u).has("aa") for u in units):
            return "antiaircraft guns may not enter enemy territory"
        if last:
            return None
        if view.enemy_combatants(target.id):
            if all(view.kind(u).has("blitz") for u in units):
                return f"tanks cannot blitz through {target.name}: it holds enemy units"
            return f"{target.name} holds enemy units: {name} must stop there"
        if not all(view.kind(u).has("blitz") for u in units):
            return f"only armour may blitz through an enemy territory; {name} must stop in {target.name}"
        return None
    if not last and view.hostile(target.id):
        return f"{target.name} holds enemy units: {name} must stop there"
    return None


def _crowding(view: View, units: list[Unit], target: str) -> str | None:
    """C-AA-4: a kind allowed once per territory (the AA gun) may not end a move
    beside another of its kind, the mover's or an ally's (project default)."""
    if not view.rules.ruleset.has_fix(1):
        return None
    for kind_id in sorted({u.type for u in units if view.kind(u).has("one_per_territory")}):
        moving = sum(1 for u in units if u.type == kind_id)
        there = any(u.type == kind_id and allied(view.board, u.power, view.power) for u in view.units(target))
        if moving > 1 or there:
            name = view.edition.unit(kind_id).name.lower()
            return f"{view.board.space(target).name} may hold only one {name}" + (
                "; it already has one" if there else "; move them one at a time to different territories")
    return None


def _sea_step(view: View, units: list[Unit], frm: str, target: Space, last: bool) -> str | None:
    if not target.is_sea:
        return f"{target.name} is land: ships stay at sea"
    for canal in view.board.canals:
        if {frm, target.id} == set(canal.seas):
            open_ = all(view.held_at_turn_start(land) for land in canal.land)
            if not open_:
                holders = " and ".join(view.board.space(land).name for land in canal.land)
                return (
                    f"the {canal.name} is controlled by the enemy: your side must have held "
                    f"{holders} since the start of the turn"
                )
    if view.hostile(target.id):
        if not view.combat:
            return f"{target.name} holds enemy ships: non-combat moves may not enter it"
        if not last:
            return f"{target.name} holds enemy ships: ships must stop there"
    return None


def _air_step(view: View, units: list[Unit], target: Space, last: bool) -> str | None:
    if view.still_neutral(target.id) and not any(
        rule.may_overfly_neutral(view.rules, view.state, view.power, target.id)
        for rule in view.rules.hooks("may_overfly_neutral")
    ):
        return f"aircraft may not fly over {target.name} while it is neutral"
    if not last:
        return None
    if view.still_neutral(target.id):
        return f"aircraft may not land in {target.name} while it is neutral"
    if view.combat:
        if not view.hostile(target.id):
            return f"aircraft in the combat move must attack: {target.name} holds no enemy units"
        return None
    kinds = {view.kind(u).id: view.kind(u) for u in units}
    if view.enemy_land(target.id) or (target.is_sea and view.hostile(target.id)):
        return f"{target.name} is held by the enemy: aircraft end the non-combat move where they can land"
    if target.is_land and view.captured_this_turn(target.id):
        return f"{target.name} was captured this turn: aircraft may not land there"
    if target.is_sea and any(not k.carrier_cost for k in kinds.values()):
        return f"bombers land only in friendly territory, not at sea in {target.name}"
    return None


# -- paths -------------------------------------------------------------------------------


def _shortest(
    board: Board, origin: str, destination: str, domain: str, ok: Callable[[str, str, bool], bool]
) -> list[str] | None:
    """Shortest path (spaces entered) from origin to destination whose steps pass `ok`."""
    previous: dict[str, str | None] = {origin: None}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        if here == destination:
            break
        for there in board.space(here).neighbours:
            if there in previous or there not in board.spaces_for[domain] and there != destination:
                continue
            if not ok(here, there, there == destination):
                continue
            previous[there] = here
            queue.append(there)
    if destination not in previous:
        return None
    path = []
    node: str | None = destination
    while node is not None and node != origin:
        path.append(node)
        node = previous[node]
    return list(reversed(path))


def find_path(view: View, units: list[Unit], domain: str, origin: str, destination: str, budget: int,
              explicit: tuple[str, ...] = ()) -> list[str]:
    """The path the move takes, or IllegalAction saying why there is none."""
    board = view.board
    name = _names(view, units)
    if explicit:
        if explicit[-1] != destination:
            raise IllegalAction("the path must end at the destination")
        here = origin
        for position, there in enumerate(explicit):
            if there not in board.space_by_id:
                raise IllegalAction(f"there is no space called {there!r}")
            problem = step_problem(view, units, domain, here, there, position == len(explicit) - 1)
            if problem:
                raise IllegalAction(problem)
            here = there
        path: list[str] | None = list(explicit)
    else:
        def legal(frm: str, to: str, last: bool) -> bool:
            return step_problem(view, units, domain, frm, to, last) is None

        path = _bounded(board, origin, destination, domain, budget, legal)
        if path is None:
            geometric = _shortest(board, origin, destination, domain, lambda a, b, c: True)
            if geometric is None:
                where = {LAND: "over land", SEA: "by sea", AIR: "by air"}[domain]
                raise IllegalAction(f"{board.space(destination).name} cannot be reached {where} from {board.space(origin).name}")
            if len(geometric) > budget:
                raise IllegalAction(_too_far(board, name, origin, destination, len(geometric), budget))
            here = origin
            for position, there in enumerate(geometric):
                problem = step_problem(view, units, domain, here, there, position == len(geometric) - 1)
                if problem:
                    raise IllegalAction(problem)
                here = there
            raise IllegalAction(f"every route to {board.space(destination).name} is blocked")
    assert path is not None
    if len(path) > budget:
        raise IllegalAction(_too_far(board, name, origin, destination, len(path), budget))
    return path


def _too_far(board: Board, name: str, origin: str, destination: str, distance: int, budget: int) -> str:
    plural = "s" if budget != 1 else ""
    return (
        f"{board.space(destination).name} is {distance} spaces from {board.space(origin).name}; "
        f"the {name} {'have' if ' and ' in name else 'has'} {budget} movement point{plural} left"
    )


def _bounded(
    board: Board, origin: str, destination: str, domain: str, budget: int, legal: Callable[[str, str, bool], bool]
) -> list[str] | None:
    """Shortest legal path within `budget` steps (breadth first, so the first found is shortest)."""
    if budget <= 0:
        return None
    frontier: list[tuple[str, tuple[str, ...]]] = [(origin, ())]
    seen = {origin}
    passable = board.spaces_for[domain]
    for _ in range(budget):
        following = []
        for here, path in frontier:
            for there in board.space_by_id[here].neighbours:
                if there not in passable and there != destination:
                    continue
                if there == destination:
                    if legal(here, there, True):
                        return list(path + (there,))
                    continue
                if there in seen or not legal(here, there, False):
                    continue
                seen.add(there)
                following.append((there, path + (there,)))
        frontier = following
    return None


def _within(view: View, origin: str, limit: int, passable: Callable[[str, str], bool]) -> dict[str, int]:
    """Spaces reachable from `origin` in at most `limit` steps, each step
    `passable(here, there)`, with their distances."""
    distance = {origin: 0}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        if distance[here] >= limit:
            continue
        for there in view.board.space(here).neighbours:
            if there not in distance and passable(here, there):
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance


def _reach(board: Board, origin: str, limit: int, domain: str) -> dict[str, int]:
    """`_within` for a piece that may step into any space of its domain: the
    same walk over the board's table of neighbours by domain."""
    steps = board.steps_for[domain]
    distance = {origin: 0}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        far = distance[here]
        if far >= limit:
            continue
        for there in steps[here]:
            if there not in distance:
                distance[there] = far + 1
                queue.append(there)
    return distance


def air_distances(view: View, origin: str, limit: int) -> dict[str, int]:
    """Spaces an aircraft can reach from `origin` within `limit` (no neutral
    airspace). Worked out once per view: read it, do not change it."""
    return view.remember(("air reach", origin, limit), lambda: _air_distances(view, origin, limit))


def _air_distances(view: View, origin: str, limit: int) -> dict[str, int]:
    def passable(here: str, there: str) -> bool:
        return not view.still_neutral(there) or any(
            rule.may_overfly_neutral(view.rules, view.state, view.power, there)
            for rule in view.rules.hooks("may_overfly_neutral")
        )

    return _within(view, origin, limit, passable)


def sea_distances(view: View, origin: str, limit: int) -> dict[str, int]:
    """Sea zones a ship can reach in the non-combat move within `limit`."""
    def passable(here: str, there: str) -> bool:
        if not view.board.space(there).is_sea or view.hostile(there):
            return False
        return not any({here, there} == set(c.seas) and not all(view.held_at_turn_start(shore) for shore in c.land)
                       for c in view.board.canals)

    return _within(view, origin, limit, passable)


def can_land_later(view: View, unit: Unit, destination: str, left: int, need: int = 1,
                   moving: Iterable[int] = ()) -> bool:
    """C-AIR-2: after attacking `destination`, could the aircraft still reach a
    landing place with `left` points? At sea that takes `need` free carrier
    places (the fighters of the move land together; `moving` are their uids,
    no longer aboard where they start): on a carrier there now, own or allied,
    or on one of the mover's carriers that can still sail to meet them
    ("planned carrier")."""
    kind = view.kind(unit)
    reach = air_distances(view, destination, left)
    for space_id in reach:
        space = view.board.space(space_id)
        if space.is_land and view.held_at_turn_start(space_id) and space_id != destination:
            return True
        if (space.is_sea and kind.carrier_cost and not view.hostile(space_id)
                and view.carrier_room(space_id, ignore=moving) >= need):
            return True
    return bool(kind.carrier_cost) and view.carrier_places_coming(reach, need, ignore=moving)


# -- choosing the pieces -----------------------------------------------------------------


def why_stuck(view: View, unit: Unit) -> str | None:
    """Why this piece cannot move at all now, or None."""
    kind = view.kind(unit)
    name = kind.name.lower()
    if kind.move <= 0:
        return f"{name}s never move"
    for rule in view.rules.hooks("may_move"):
        problem = rule.may_move(view.rules, view.state, unit)
        if problem:
            return problem
    if view.combat:
        if kind.has("aa"):
            return "antiaircraft guns move only in the non-combat move"
        if unit.stopped:
            return f"the {name} has ended its combat move"
    elif kind.domain != AIR and (unit.combat_moved or unit.fought):
        return f"the {name} moved or fought in the combat move and may not move again this turn"
    if unit.unloaded:
        return f"the {name} has unloaded this turn and may not move"
    if unit.amphibious:
        return f"the {name} landed from a transport this turn and may not move on"
    if unit.landing:
        return f"the {name} is waiting to land in {view.board.space(unit.landing).name}"
    return None


def select_units(view: View, move: Move) -> list[Unit]:
    here = [u for u in view.units(move.origin) if u.power == view.power]
    if move.uids:
        by_uid = {u.uid: u for u in here}
        missing = [uid for uid in move.uids if uid not in by_uid]
        require(not missing, f"piece(s) {missing} are not yours in {view.board.space(move.origin).name}")
        return [by_uid[uid] for uid in move.uids]
    require(bool(move.units), "say which units move")
    chosen: list[Unit] = []
    for unit_id, count in move.units:
        kind = view.edition.unit_by_id.get(unit_id) or view.edition.find_unit(unit_id)
        require(kind is not None, f"there is no unit called {unit_id!r} in this game")
        assert kind is not None
        require(count >= 1, "move at least one unit")
        candidates = [u for u in here if u.type == kind.id and u not in chosen]
        unloading = view.board.space(move.origin).is_sea and kind.domain == LAND
        if unloading:
            # one transport's cargo before the next; what boarded this turn must land first
            candidates = [u for u in candidates if u.aboard is not None]
            candidates.sort(key=lambda u: (why_stuck(view, u) is not None, not u.combat_moved, u.aboard or 0, u.uid))
        else:
            candidates.sort(key=lambda u: (why_stuck(view, u) is not None, -movement_left(view.rules, view.state, u), u.uid))
        if len(candidates) < count:
            have = len(candidates)
            raise IllegalAction(
                f"you have {have} {kind.name.lower()}{'s' if have != 1 else ''} "
                f"{'aboard transports ' if unloading else ''}in {view.board.space(move.origin).name}"
            )
        chosen.extend(candidates[:count])
    return chosen


def _mode(view: View, units: list[Unit], origin: Space, destination: Space) -> str:
    domains = {view.kind(u).domain for u in units}
    if domains == {LAND}:
        if origin.is_sea:
            return "unload"
        return "load" if destination.is_sea else LAND
    if domains == {AIR}:
        return AIR
    if domains <= {SEA, AIR} and SEA in domains:
        return SEA
    if domains == {LAND, SEA} or domains == {LAND, SEA, AIR}:
        raise IllegalAction("move the ships on their own: cargo travels with its transport")
    raise IllegalAction("move land units and aircraft separately")


# -- what a combat move may do (C-MOVE-1) -----------------------------------------------


def _no_battle(view: View, units: list[Unit], destination: str) -> str:
    where = view.board.space(destination).name
    return (f"a combat move must end in a battle: {where} holds none for the {_names(view, units)}; "
            f"move there in the non-combat move")


def _land_goes_to_fight(view: View, destination: str, path: list[str]) -> bool:
    """Land units attack, take empty enemy land or a neutral, or (armour) end
    anywhere after taking an empty enemy territory on the way (C-LAND-3)."""
    if view.enemy_land(destination) or view.still_neutral(destination) or view.hostile(destination):
        return True
    return any(view.enemy_land(s) and not view.enemy_combatants(s) for s in path[:-1])


def _ships_go_to_fight(view: View, ships: list[Unit], origin: str, destination: str, steps: int) -> bool:
    """Ships enter a sea battle or an assault's unloading zone; transports may
    also be on their way to an assault, carrying cargo or going to pick it up;
    warships may join transports waiting with cargo beside enemy land."""
    if view.hostile(destination) or destination in view.state.turn.assault_zones:
        return True
    for ship in ships:
        if not view.kind(ship).transport_capacity:
            continue
        left = movement_left(view.rules, view.state, ship) - steps
        if (view.cargo_of(ship, origin) or _cargo_to_pick_up(view, destination)) and _assault_within_reach(
                view, destination, left):
            return True
    beside_enemy = any(view.enemy_land(n) for n in view.board.space(destination).neighbours)
    return beside_enemy and any(
        u.power == view.power and view.kind(u).transport_capacity and not u.unloaded and view.cargo_of(u, destination)
        for u in view.units(destination)
    )


def _cargo_to_pick_up(view: View, zone: str) -> bool:
    """Own land units beside `zone` that may still board a transport this turn."""
    for land in view.board.space(zone).neighbours:
        if not view.friendly_land(land):
            continue
        if any(u.power == view.power and view.kind(u).transport_cost is not None and u.moved == 0
               and why_stuck(view, u) is None for u in view.units(land)):
            return True
    return False


# -- the move itself -------------------------------------------------------------------


@handles(Move)
def move_units(tx: Tx, move: Move) -> None:
    require(tx.rules.phase_kind(tx.state.phase) in (COMBAT_MOVE, NONCOMBAT_MOVE), "units move only in the combat move and non-combat move phases")
    board = tx.board
    for space_id in (move.origin, move.destination):
        require(space_id in board.space_by_id, f"there is no space called {space_id!r}")
    require(move.origin != move.destination, "the units are already there")
    view = view_of(tx.rules, tx.state)
    origin, destination = board.space(move.origin), board.space(move.destination)
    units = select_units(view, move)
    mode = _mode(view, units, origin, destination)
    for unit in units:
        problem = why_stuck(view, unit)
        require(problem is None, problem or "")
    {LAND: _move_land, SEA: _move_sea, AIR: _move_air, "load": _load, "unload": _unload}[mode](tx, view, move, units)


def _budget(view: View, units: list[Unit], origin: str) -> int:
    left = min(view.movement_left(u) for u in units)
    if left == 0 and origin in view.state.turn.rockets and any(view.rules.edition.unit(u.type).has("aa") for u in units):
        raise IllegalAction(f"the AA gun in {view.board.space(origin).name} fired a rocket this turn "
                            "and stays there until the turn ends")
    return left


def _relocate(tx: Tx, units: list[Unit], origin: str, destination: str, **changes: Any) -> list[Unit]:
    """Take `units` out of `origin` and put them, changed, into `destination`."""
    moving = {u.uid for u in units}
    tx.replace_units(origin, [u for u in tx.space(origin).units if u.uid not in moving])
    moved = [evolve(u, **changes) for u in units]
    tx.replace_units(destination, tx.space(destination).units + tuple(moved))
    return moved


def _record(tx: Tx, view: View, move: Move, units: list[Unit], path: list[str], how: str) -> None:
    tx.emit(UnitsMoved(power=view.power, units=type_counts(units), origin=move.origin, destination=move.destination,
                       path=tuple(path), how=how))


def _charge(tx: Tx, power: str, amount: int, reason: str) -> None:
    have = tx.power(power).ipcs
    require(amount <= have, f"{reason} costs {amount} IPCs; you have {have}")
    total = tx.add_ipcs(power, -amount)
    tx.emit(FeePaid(power=power, amount=amount, reason=reason, ipcs=total))


def _pay_move_costs(tx: Tx, view: View, units: list[Unit], path: list[str]) -> None:
    for rule in tx.rules.hooks("move_costs"):
        for amount, reason, mark in rule.move_costs(tx.rules, tx.state, view.power, tuple(u.type for u in units), tuple(path)):
            _charge(tx, view.power, amount, reason)
            if mark:
                tx.turn(marks=tx.state.turn.marks + (mark,))


def _move_land(tx: Tx, view: View, move: Move, units: list[Unit]) -> None:
    path = find_path(view, units, LAND, move.origin, move.destination, _budget(view, units, move.origin), move.path)
    destination = move.destination
    if view.combat:
        require(_land_goes_to_fight(view, destination, path), _no_battle(view, units, destination))
    if view.still_neutral(destination):
        _charge(tx, view.power, tx.edition.neutral_entry_cost, f"entering neutral {tx.board.space(destination).name}")
    _pay_move_costs(tx, view, units, path)
    came_from = path[-2] if len(path) > 1 else move.origin
    blitz = all(view.kind(u).has("blitz") for u in units)
    # A move ends on entering a battle, a neutral, or (for all but armour) enemy land (C-LAND-2/3).
    stops = bool(view.enemy_combatants(destination)) or view.still_neutral(destination) or (
        view.combat and view.enemy_land(destination) and not blitz
    )
    ids = {u.uid for u in units}
    _relocate(tx, units, move.origin, destination, came_from=came_from)
    tx.replace_units(destination, [
        evolve(u, moved=u.moved + len(path), combat_moved=u.combat_moved or view.combat, stopped=u.stopped or stops)
        if u.uid in ids else u
        for u in tx.space(destination).units
    ])
    _record(tx, view, move, units, path, LAND)
    if view.combat:
        # Empty enemy land (a lone AA gun or complex counts as empty) and neutrals
        # are taken on entry, without dice (C-MOVE-2, C-LAND-3, C-NEUTRAL-3).
        for space_id in path:
            now = View(tx.rules, tx.state)
            if (now.enemy_land(space_id) or now.still_neutral(space_id)) and not now.enemy_combatants(space_id):
                capture(tx, space_id, view.power)


def _move_sea(tx: Tx, view: View, move: Move, units: list[Unit]) -> None:
    ships = [u for u in units if view.kind(u).domain == SEA]
    riders = [u for u in units if view.kind(u).domain == AIR]
    path = find_path(view, ships, SEA, move.origin, move.destination, _budget(view, ships, move.origin), move.path)
    room = sum(carrier_capacity(view.rules, s) for s in ships)
    need = sum(view.kind(r).carrier_cost or 0 for r in riders)
    if any(not view.kind(r).carrier_cost for r in riders):
        raise IllegalAction("only fighters ride on carriers; bombers fly on their own")
    require(need <= room, f"the carriers moving have room for {room} fighters, not {need}")
    # Allied fighters aboard always go with the carriers (C-SEA-4).
    allied_riders = [
        u for u in view.units(move.origin)
        if view.kind(u).domain == AIR and u.power != view.power and allied(view.board, u.power, view.power)
    ]
    left_behind_room = view.carrier_room(move.origin, ignore=[s.uid for s in ships] + [r.uid for r in riders])
    if allied_riders and left_behind_room < 0:
        riders = riders + allied_riders[: max(0, room - need)]
    if view.combat:
        require(_ships_go_to_fight(view, ships, move.origin, move.destination, len(path)),
                _no_battle(view, ships, move.destination))
    _pay_move_costs(tx, view, ships, path)
    cargo = [c for ship in ships for c in view.cargo_of(ship, move.origin)]
    stops = view.hostile(move.destination)
    came_from = path[-2] if len(path) > 1 else move.origin
    ship_ids = {s.uid for s in ships}
    rider_ids = {r.uid for r in riders}
    _relocate(tx, ships + riders + cargo, move.origin, move.destination)
    # Cargo keeps its own combat_moved mark: it is set when a unit boards in the
    # combat move, and only such cargo must land this turn (C-TRANS-2); cargo
    # from an earlier turn may ride into a sea battle and stay aboard.
    tx.replace_units(move.destination, [
        evolve(u, moved=u.moved + len(path), came_from=came_from, combat_moved=u.combat_moved or view.combat,
               stopped=u.stopped or stops) if u.uid in ship_ids
        else evolve(u, came_from=came_from, combat_moved=u.combat_moved or view.combat) if u.uid in rider_ids
        else evolve(u, came_from=came_from) if u.aboard in ship_ids
        else u
        for u in tx.space(move.destination).units
    ])
    _record(tx, view, move, ships + riders, path, SEA)


def _move_air(tx: Tx, view: View, move: Move, units: list[Unit]) -> None:
    budget = _budget(view, units, move.origin)
    if move.raid:
        require(view.combat, "bombing raids are declared in the combat move")
        require(all(view.kind(u).has("strategic_bomber") for u in units), "only bombers make strategic bombing raids")
        require(view.enemy_land(move.destination) and any(view.kind(u).has("factory") for u in view.enemy_units(move.destination)),
                f"{view.board.space(move.destination).name} has no enemy industrial complex to bomb")
    path = find_path(view, units, AIR, move.origin, move.destination, budget, move.path)
    if view.combat:
        need = sum(view.kind(u).carrier_cost or 0 for u in units)
        moving = [u.uid for u in units]
        for unit in units:
            left = movement_left(view.rules, view.state, unit) - len(path)
            if not can_land_later(view, unit, move.destination, left, max(1, need), moving):
                name = view.kind(unit).name.lower()
                raise IllegalAction(
                    f"the {name} would have {left} movement point{'s' if left != 1 else ''} left "
                    f"and no friendly place to land"
                )
    _pay_move_costs(tx, view, units, path)
    came_from = path[-2] if len(path) > 1 else move.origin
    _record(tx, view, move, units, path, AIR)
    if view.combat:
        units = _anti_aircraft_fire(tx, view, move, units, path)
    ids = {u.uid for u in units}
    _relocate(tx, units, move.origin, move.destination)
    tx.replace_units(move.destination, [
        evolve(u, moved=u.moved + len(path), came_from=came_from, combat_moved=u.combat_moved or view.combat,
               stopped=u.stopped or view.combat, raiding=move.raid) if u.uid in ids else u
        for u in tx.space(move.destination).units
    ])


def _anti_aircraft_fire(tx: Tx, view: View, move: Move, planes: list[Unit], path: list[str]) -> list[Unit]:
    """C-AA-1..4: each enemy territory with an AA gun that the aircraft enter or
    fly over in the combat move fires one die per aircraft, hitting on 1. The
    owner of the aircraft loses them in the order it gave (else cheapest first).
    Returns the survivors."""
    from axisallies_tui.engine.events import Casualties, DiceRolled, units_text

    order = {unit: rank for rank, unit in enumerate(move.aa_order)}
    survivors = list(planes)
    for space_id in path:
        guns = [u for u in view.enemy_units(space_id) if view.kind(u).has("aa")]
        if not guns or not survivors:
            continue
        targets = ", ".join(units_text(view.edition, unit, n) for unit, n in type_counts(survivors))
        purpose = f"antiaircraft fire in {view.board.space(space_id).name} at {targets}"
        faces = tx.dice.roll(len(survivors), purpose)
        hits = sum(1 for face in faces if face <= 1)
        tx.emit(DiceRolled(power=guns[0].power, purpose=purpose, values=faces, hits=hits, space=space_id,
                           shooters=((guns[0].type, 1, 1, len(survivors)),)))
        if not hits:
            continue
        survivors.sort(key=lambda u: (order.get(u.type, len(order)), view.kind(u).cost, u.uid))
        shot, survivors = survivors[:hits], survivors[hits:]
        gone = {u.uid for u in shot}
        tx.replace_units(move.origin, [u for u in tx.space(move.origin).units if u.uid not in gone])
        tx.emit(Casualties(space=space_id, power=view.power, destroyed=type_counts(shot), note="antiaircraft fire"))
    return survivors


def _load(tx: Tx, view: View, move: Move, units: list[Unit]) -> None:
    zone = move.destination
    require(zone in view.board.space(move.origin).neighbours,
            f"{view.board.space(move.origin).name} does not border {view.board.space(zone).name}")
    require(not view.hostile(zone), f"{view.board.space(zone).name} holds enemy ships: transports load only in friendly waters")
    for unit in units:
        require(unit.moved == 0, f"the {view.kind(unit).name.lower()} has already moved this turn and may not board")
    transports = [
        t for t in view.units(zone)
        if t.power == view.power and view.kind(t).transport_capacity and not t.unloaded and not t.fought
    ]
    require(bool(transports), f"you have no transport in {view.board.space(zone).name} that can load")
    if view.combat:
        # C-TRANS-2: in the combat move only troops bound for an assault board.
        transports = [t for t in transports
                      if _assault_within_reach(view, zone, movement_left(view.rules, view.state, t))]
        require(bool(transports), f"a combat move must end in a battle: no transport in {view.board.space(zone).name} "
                                  f"can reach an enemy coast this turn; load in the non-combat move")
    room = {t.uid: transport_room(view.rules, view.state, t) - view.cargo_load(t, zone) for t in transports}
    assignment: dict[int, int] = {}
    for unit in sorted(units, key=lambda u: -(view.kind(u).transport_cost or 99)):
        cost = view.kind(unit).transport_cost
        if cost is None:
            raise IllegalAction(f"{view.kind(unit).name.lower()}s cannot be carried by transport")
        fitting = [uid for uid, free in room.items() if free >= cost]
        if not fitting:
            places = sum(max(0, free) for free in room.values())
            raise IllegalAction(
                f"the transports in {view.board.space(zone).name} have {places} place{'s' if places != 1 else ''} left: "
                f"a transport carries two infantry, or one armour, or one AA gun"
            )
        best = min(fitting, key=lambda uid: room[uid])  # fill partly loaded transports first
        room[best] -= cost
        assignment[unit.uid] = best
    ids = {u.uid for u in units}
    _relocate(tx, units, move.origin, zone)
    tx.replace_units(zone, [
        evolve(u, aboard=assignment[u.uid], came_from=move.origin, combat_moved=u.combat_moved or view.combat)
        if u.uid in ids else u
        for u in tx.space(zone).units
    ])
    _record(tx, view, move, units, [zone], "load")


def _unload(tx: Tx, view: View, move: Move, units: list[Unit]) -> None:
    zone, target = move.origin, move.destination
    space = view.board.space(target)
    require(target in view.board.space(zone).neighbours, f"{space.name} does not border {view.board.space(zone).name}")
    transports = {t.uid: t for t in view.units(zone) if t.uid in {u.aboard for u in units}}
    for transport in transports.values():
        require(not transport.unloaded, "that transport has already unloaded this turn")
        if not view.combat:
            require(not transport.fought, "a transport that took part in combat may not unload in the non-combat move")
    if view.still_neutral(target):
        raise IllegalAction(f"{space.name} is neutral: land there overland, not from the sea")
    assault = view.enemy_land(target)
    if view.combat:
        require(assault, f"{space.name} is friendly: in the combat move transports unload only into enemy territory")
    else:
        require(view.friendly_land(target), f"{space.name} is held by the enemy: unload there in the combat move")
    crowded = _crowding(view, units, target)
    require(crowded is None, crowded or "")
    # C-TRANS-3: a transport unloads once a turn; what is not named stays aboard
    # for the rest of the turn, which cargo loaded for this assault may not do.
    ids = {u.uid for u in units}
    staying = [u for u in view.units(zone) if u.aboard in transports and u.uid not in ids]
    stranded = [u for u in staying if view.combat and u.combat_moved and u.landing is None]
    require(not stranded, f"the {_names(view, stranded)} loaded this turn would stay aboard: a transport unloads only "
                          f"once a turn, and cargo loaded in the combat move must land; unload it too")
    tx.replace_units(zone, [evolve(t, unloaded=True) if t.uid in transports else t for t in tx.space(zone).units])
    if view.combat and view.hostile(zone):
        # C-AMPH-2: the sea battle comes first; the cargo lands only if it is won.
        tx.replace_units(zone, [
            evolve(u, landing=target, combat_moved=True, stopped=True) if u.uid in ids else u
            for u in tx.space(zone).units
        ])
    else:
        left = [u for u in tx.space(zone).units if u.uid in ids]
        _relocate(tx, left, zone, target, aboard=None, came_from=zone, amphibious=view.combat,
                  combat_moved=view.combat or units[0].combat_moved, stopped=True)
        tx.replace_units(target, [
            evolve(u, moved=allowance(tx.rules, tx.state, u)) if u.uid in ids else u for u in tx.space(target).units
        ])
    if view.combat:
        tx.turn(assault_zones=tx.state.turn.assault_zones + ((zone,) if zone not in tx.state.turn.assault_zones else ()))
    _record(tx, view, move, units, [target], "unload")
    if view.combat and not view.hostile(zone) and not View(tx.rules, tx.state).enemy_combatants(target):
        capture(tx, target, view.power)  # a lone AA gun or complex does not defend (C-LAND-3, C-CAPTURE-3)


# -- ending the move phases ---------------------------------------------------------------


def combat_move_problem(rules: Rules, state: GameState) -> str | None:
    """C-MOVE-1, C-TRANS-2: before the combat move ends, every unit that moved must
    take part in a battle or an assault, and cargo loaded for an assault must land."""
    view = view_of(rules, state)
    for space, held in zip(rules.board.spaces, state.spaces):
        for unit in held.units:
            if unit.power != state.power or not unit.combat_moved:
                continue
            kind = view.kind(unit)
            name = kind.name.lower()
            if unit.aboard is not None and unit.landing is None:
                return (f"the {name} loaded in {space.name} must land in an enemy territory in this combat move "
                        f"(unload it, or undo)")
            if unit.landing or unit.aboard is not None:
                continue
            battle = view.hostile(space.id)
            blitzed = unit.came_from in state.turn.captured
            if kind.domain == LAND and (battle or space.id in state.turn.captured or blitzed):
                continue
            if kind.domain == SEA and (battle or space.id in state.turn.assault_zones):
                continue
            if kind.domain == AIR and (battle or unit.raiding):  # a raid still comes, even on a complex taken since
                continue
            return (f"the {name} moved to {space.name} in the combat move but takes part in no battle "
                    f"there: combat moves must attack (undo it, or move it in the non-combat move)")
    return None


def lost_aircraft(rules: Rules, state: GameState) -> list[tuple[str, Unit]]:
    """C-LAND-AIR-1: the mover's aircraft that have no legal place to be."""
    view = view_of(rules, state)
    lost: list[tuple[str, Unit]] = []
    for space, held in zip(rules.board.spaces, state.spaces):
        planes = [u for u in held.units if u.power == state.power and view.kind(u).domain == AIR]
        if not planes:
            continue
        if space.is_land:
            if not view.held_at_turn_start(space.id):
                lost.extend((space.id, p) for p in planes)
            continue
        # bombers never sit on carriers; fighters beyond the carriers' room go down
        lost.extend((space.id, p) for p in planes if not view.kind(p).carrier_cost)
        room = view.carrier_room(space.id)
        for plane in sorted((p for p in planes if view.kind(p).carrier_cost), key=lambda p: p.uid, reverse=True):
            if room >= 0:
                break
            lost.append((space.id, plane))
            room += view.kind(plane).carrier_cost or 0
    return lost


def candidate_moves(rules: Rules, state: GameState) -> Iterator[Move]:
    """Moves worth trying now: a cheap superset of the legal one-unit moves
    without an explicit path (so every such move the engine accepts is here),
    and for each loaded transport the landing of its whole cargo (so cargo that
    must land together can). `legal.legal_actions` keeps those the engine accepts."""
    view = view_of(rules, state)
    for space, held in zip(rules.board.spaces, state.spaces):
        if not held.units:
            continue
        if space.is_sea:
            yield from _whole_cargo_landings(view, space)
        seen: set[tuple[object, ...]] = set()
        for unit in held.units:
            if unit.power != state.power:
                continue
            key = (unit.type, unit.moved, unit.aboard, unit.combat_moved)
            if key in seen or why_stuck(view, unit) is not None:  # `seen` holds only pieces that may move
                continue
            seen.add(key)
            for destination in _candidate_destinations(view, unit, space):
                yield Move(origin=space.id, destination=destination, units=((unit.type, 1),))


def _whole_cargo_landings(view: View, zone: Space) -> Iterator[Move]:
    for transport in view.units(zone.id):
        cargo = view.cargo_of(transport, zone.id)
        if transport.power != view.power or transport.unloaded or len(cargo) < 2:
            continue
        for land in zone.neighbours:
            if view.board.space(land).is_land and (view.enemy_land(land) if view.combat else view.friendly_land(land)):
                yield Move(origin=zone.id, destination=land, uids=tuple(u.uid for u in cargo))


def _candidate_destinations(view: View, unit: Unit, space: Space) -> Iterator[str]:
    kind = view.kind(unit)
    board = view.board
    left = view.movement_left(unit)

    def wanted(space_id: str) -> bool:
        return view.remember(("wanted", kind.id, space_id), lambda: _wanted(view, kind, space_id))

    if kind.domain == LAND and unit.aboard is not None:
        yield from (n for n in space.neighbours if board.space(n).is_land and wanted(n))
        return
    if kind.domain == AIR:
        yield from (s for s in air_distances(view, space.id, left) if s != space.id and wanted(s))
        return
    reach = view.remember(("reach", space.id, left, kind.domain), lambda: _reach(board, space.id, left, kind.domain))
    yield from (s for s in reach if s != space.id and wanted(s))
    if kind.domain == LAND and unit.moved == 0 and kind.transport_cost is not None:
        for zone in space.neighbours:
            if board.space(zone).is_sea and _transport_waits(view, zone):
                yield zone


def _wanted(view: View, kind: UnitType, space_id: str) -> bool:
    """Whether a piece of `kind` might end its move in `space_id`."""
    target = view.board.space(space_id)
    if kind.domain == AIR:
        if view.combat:
            return view.hostile(space_id)
        return view.landing_ok(space_id, kind) or (target.is_sea and bool(kind.carrier_cost) and not view.hostile(space_id))
    if kind.domain == LAND:
        if view.combat:  # armour may end in friendly land after a blitz
            return view.enemy_land(space_id) or view.still_neutral(space_id) or kind.has("blitz")
        return view.friendly_land(space_id)
    # ships in the combat move: battles, assaults, and the ways to them (the engine judges)
    return view.combat or not view.hostile(space_id)


def _transport_waits(view: View, zone: str) -> bool:
    """A transport of the mover in `zone` that land units beside it might board
    (in the combat move, one that could still reach an assault). The same for
    every piece ashore: worked out once per view."""
    return view.remember(("boarding", zone), lambda: any(
        t.power == view.power and view.kind(t).transport_capacity and not t.unloaded
        and (not view.combat or _assault_within_reach(view, zone, view.movement_left(t)))
        for t in view.units(zone)
    ))


def _assault_within_reach(view: View, zone: str, left: int) -> bool:
    """Could a transport in `zone` with `left` moves reach a zone beside enemy land?"""
    return view.remember(("assault reach", zone, left), lambda: _assault_reach(view, zone, left))


def _assault_reach(view: View, zone: str, left: int) -> bool:
    reach = {zone: 0}
    queue = deque([zone])
    while queue:
        here = queue.popleft()
        if any(view.enemy_land(n) for n in view.board.space(here).neighbours):
            return True
        if reach[here] >= left or (here != zone and view.hostile(here)):
            continue
        for there in view.board.space(here).neighbours:
            if there not in reach and view.board.space(there).is_sea:
                reach[there] = reach[here] + 1
                queue.append(there)
    return False


def strands_the_phase(rules: Rules, before: GameState, move: Move, after: GameState) -> bool:
    """A combat move after which the phase could not end and that builds no
    amphibious assault (loading, sailing loaded transports, landing)."""
    if rules.phase_kind(after.phase) != COMBAT_MOVE or combat_move_problem(rules, after) is None:
        return False
    origin, destination = rules.board.space(move.origin), rules.board.space(move.destination)
    if origin.is_land != destination.is_land:
        return False  # loading or unloading
    view = view_of(rules, before)
    return not any(u.aboard is not None and u.power == before.power for u in view.units(move.origin)) or origin.is_land


@leave_check(COMBAT_MOVE)
def _combat_move_may_end(tx: Tx) -> str | None:
    return combat_move_problem(tx.rules, tx.state)


@on_leave(NONCOMBAT_MOVE)
def _land_or_lose_aircraft(tx: Tx) -> None:
    """C-LAND-AIR-1: aircraft with no legal landing place at the end of the
    non-combat move are destroyed."""
    lost = lost_aircraft(tx.rules, tx.state)
    for space_id in {space for space, _ in lost}:
        gone = {p.uid for space, p in lost if space == space_id}
        tx.replace_units(space_id, [u for u in tx.space(space_id).units if u.uid not in gone])
    counts: dict[tuple[str, str], int] = {}
    for space_id, plane in lost:
        counts[(space_id, plane.type)] = counts.get((space_id, plane.type), 0) + 1
    for (space_id, unit), count in counts.items():
        tx.emit(UnitsLost(power=tx.state.power, unit=unit, count=count, space=space_id,
                          reason=f"no place to land in or near {tx.board.space(space_id).name}"))
