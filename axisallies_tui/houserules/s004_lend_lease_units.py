"""s004-lend-lease-units: a power hands one ship or aircraft to an ally.

In its non-combat move a power may give one air or naval unit (a parameter
allows more) to a friendly power. The unit must not have attacked this turn,
and must stand in a territory the receiver controls or in a sea zone
bordering one; an aircraft must also be where it may end the turn. The
handover is declared at the end of the non-combat move, so once a unit is
handed over nothing more moves that turn. Both
powers must hold their own capitals. The receiver's identical unit takes its
place: the same piece changes owner, keeps its damage, and from then on uses
the receiver's developments. A transport goes empty: the engine carries a
power's land units only on its own transports, so cargo cannot stay aboard an
ally's. The units given this turn are noted in the turn's marks.
"""

from __future__ import annotations

from typing import ClassVar, Iterator

from attrs import evolve, frozen

from axisallies_tui.engine.actions import Action, register_action
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import UnitsChangedHands, power_name, space_name
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import AIR, SEA
from axisallies_tui.engine.movement import lost_aircraft
from axisallies_tui.engine.queries import allied, owner, piece
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.engine.tx import Tx, require

RULE = "s004-lend-lease-units"
PHASE = "noncombat_move"
MARK = "lend_lease:"


@frozen
class LendLease(Action):
    """Hand the unit `uid` over to the friendly power `to` (this rule only)."""

    kind: ClassVar[str] = "lend_lease"
    uid: int
    to: str


register_action(LendLease)


@implements(RULE)
class LendLeaseUnits(HouseRule):
    actions = (LendLease,)

    def given(self, state: GameState) -> int:
        """Units the power to move has handed over this turn."""
        return sum(1 for mark in state.turn.marks if mark.startswith(MARK))

    def may_enter(
        self, rules: Rules, state: GameState, power: str, units: tuple[str, ...], frm: str, to: str
    ) -> str | None:
        """A lend-lease is declared at the end of the non-combat move: after one,
        nothing moves any more this turn."""
        if rules.phase_kind(state.phase) == PHASE and self.given(state):
            return "a lend-lease ends your non-combat move"
        return None

    def why_not(self, rules: Rules, state: GameState, space: str, unit: Unit, to: str,
                stranded: frozenset[int] | None = None) -> str | None:
        """Why `unit` in `space` may not go to `to` now, or None. `stranded`: the
        mover's aircraft with nowhere to end the turn (computed if not given)."""
        giver = state.power
        if unit.power != giver:
            return "you may hand over only your own units"
        if rules.edition.unit(unit.type).domain not in (AIR, SEA):
            return "only aircraft and ships may be handed over"
        if unit.combat_moved or unit.fought or unit.raiding:
            return "a unit that took part in this turn's attacks may not be handed over"
        if any(u.aboard == unit.uid for u in state.spaces[rules.board.space(space).index].units):
            return "a transport is handed over empty: the game carries no ally's cargo"
        if not self.receiver_ok(rules, state, to):
            return f"{power_name(rules.board, to)} is not a friendly power"
        for power in (giver, to):
            if owner(rules.board, state, rules.board.power(power).capital) != power:
                return f"{power_name(rules.board, power)} does not hold its capital"
        if not self.near_receiver(rules, state, space, to):
            return (f"{space_name(rules.board, space)} is neither held by {power_name(rules.board, to)} "
                    "nor a sea zone next to its territory")
        if stranded is None:
            stranded = frozenset(plane.uid for _, plane in lost_aircraft(rules, state))
        if unit.uid in stranded:
            return "the aircraft must first land where it may end the turn"
        return None

    def receiver_ok(self, rules: Rules, state: GameState, to: str) -> bool:
        return (to in rules.board.power_by_id and to != state.power and to not in state.eliminated
                and rules.board.power(to).takes_turns and allied(rules.board, to, state.power))

    def near_receiver(self, rules: Rules, state: GameState, space: str, to: str) -> bool:
        place = rules.board.space(space)
        if place.is_land:
            return owner(rules.board, state, space) == to
        return any(rules.board.space(n).is_land and owner(rules.board, state, n) == to for n in place.neighbours)

    def legal_actions(self, rules: Rules, state: GameState) -> Iterator[Action]:
        if rules.phase_kind(state.phase) != PHASE or self.given(state) >= int(self.params["units_per_turn"]):
            return
        allies = [p.id for p in rules.board.powers if self.receiver_ok(rules, state, p.id)]
        stranded = frozenset(plane.uid for _, plane in lost_aircraft(rules, state))
        for space, held in zip(rules.board.spaces, state.spaces):
            offered: set[tuple[str, str]] = set()
            for unit in held.units:
                for to in allies:
                    if (unit.type, to) not in offered and self.why_not(rules, state, space.id, unit, to, stranded) is None:
                        offered.add((unit.type, to))
                        yield LendLease(uid=unit.uid, to=to)

    def handle(self, tx: Tx, action: Action) -> None:
        assert isinstance(action, LendLease)
        require(tx.rules.phase_kind(tx.state.phase) == PHASE, "lend-lease is declared in the non-combat move")
        limit = int(self.params["units_per_turn"])
        require(self.given(tx.state) < limit, f"only {limit} unit(s) may be handed over each turn")
        space, unit = _find(tx, action.uid)
        problem = self.why_not(tx.rules, tx.state, space, unit, action.to)
        require(problem is None, problem or "")
        tx.replace_units(space, [evolve(u, power=action.to) if u.uid == unit.uid else u for u in tx.space(space).units])
        tx.turn(marks=tx.state.turn.marks + (f"{MARK}{unit.uid}",))
        # the engine's own event for a change of owner, so feeds and tallies see it
        tx.emit(UnitsChangedHands(space=space, unit=unit.type, count=1, previous=unit.power, new_owner=action.to))


def _find(tx: Tx, uid: int) -> tuple[str, Unit]:
    found = piece(tx.board, tx.state, uid)
    if found is None:
        raise IllegalAction(f"there is no piece number {uid}")
    return found
