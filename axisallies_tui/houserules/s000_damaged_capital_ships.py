"""s000-damaged-capital-ships: battleships and carriers take two hits.

A damaged battleship fights at 2 and cannot bombard; a damaged carrier
attacks at 0, defends at 1 and holds no fighters; a damaged ship moves 1.
At the start of its turn a power may repair a damaged ship (its own or an
ally's) in a sea zone bordering one of its complexes: it pays, the ship leaves
the board for the yard (this rule's own state) and comes back whole in a sea
zone bordering that complex when the power's place phase ends.
"""

from __future__ import annotations

from typing import ClassVar, Iterator

from attrs import evolve, frozen

from axisallies_tui.engine.actions import Action, register_action
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import Event, UnitsLost, power_name, space_name, units_text
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import Board, Edition
from axisallies_tui.engine.profiles import Profile
from axisallies_tui.engine.queries import allied, piece
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.engine.tx import Tx, require

RULE = "s000-damaged-capital-ships"
SHIPS = ("battleship", "carrier")
DAMAGED = {("battleship", "attack"): 2, ("battleship", "defence"): 2, ("carrier", "attack"): 0, ("carrier", "defence"): 1}
REPAIR_PHASES = ("research", "purchase")


@frozen
class RepairShip(Action):
    """Repair a damaged battleship or carrier (this rule only), declared as the turn begins."""

    kind: ClassVar[str] = "repair_ship"
    uid: int
    """The damaged ship."""
    factory: str
    """The repairing complex's territory (it borders the ship's sea zone)."""


register_action(RepairShip)


@frozen
class InYard:
    """A ship lifted off the board for repair, waiting for its repairer's placement."""

    uid: int
    owner: str
    unit: str
    factory: str
    zone: str


@frozen
class Yard:
    """This rule's state: the ships under repair."""

    ships: tuple[InYard, ...] = ()


@frozen
class ShipRepaired(Event):
    kind: ClassVar[str] = "ship_repaired"
    power: str
    owner: str
    unit: str
    space: str
    cost: int
    back: bool
    """False when it goes into the yard, True when it returns whole."""

    def describe(self, board: Board, edition: Edition) -> str:
        ship = units_text(edition, self.unit, 1)[2:]
        if self.back:
            return f"{power_name(board, self.owner)}'s repaired {ship} returns to {space_name(board, self.space)}."
        return (f"{power_name(board, self.power)} pays {self.cost} IPCs to repair {power_name(board, self.owner)}'s "
                f"{ship} at {space_name(board, self.space)}.")


@implements(RULE)
class DamagedCapitalShips(HouseRule):
    State = Yard
    actions = (RepairShip,)

    def unit_profile(
        self, rules: Rules, power: str, techs: frozenset[str], unit: str, role: str, round_number: int,
        profile: Profile,
    ) -> Profile:
        if unit not in SHIPS:
            return profile
        return evolve(profile, hit_points=2, damaged_value=DAMAGED[(unit, role)])

    def movement_allowance(self, rules: Rules, state: GameState, unit: Unit, value: int) -> int:
        return min(value, 1) if unit.type in SHIPS and unit.damage else value

    def carrier_capacity(self, rules: Rules, unit: Unit, value: int) -> int:
        return 0 if unit.type == "carrier" and unit.damage else value

    def may_bombard(self, rules: Rules, unit: Unit, allowed: bool) -> bool:
        return allowed and not unit.damage

    def legal_actions(self, rules: Rules, state: GameState) -> Iterator[Action]:
        if rules.phase_kind(state.phase) not in REPAIR_PHASES:
            return
        for space, held in zip(rules.board.spaces, state.spaces):
            for unit in held.units:
                if unit.type in SHIPS and unit.damage and allied(rules.board, unit.power, state.power):
                    for factory in space.neighbours:
                        yield RepairShip(uid=unit.uid, factory=factory)

    def handle(self, tx: Tx, action: Action) -> None:
        assert isinstance(action, RepairShip)
        require(tx.rules.phase_kind(tx.state.phase) in REPAIR_PHASES,
                "repairs are declared as the turn begins (research or purchase)")
        zone, ship = _find(tx, action.uid)
        power = tx.state.power
        require(ship.type in SHIPS and ship.damage > 0, "only a damaged battleship or carrier is repaired")
        require(allied(tx.board, ship.power, power), "you repair your own or your allies' ships")
        require(action.factory in tx.board.space(zone).neighbours,
                f"{tx.board.space(action.factory).name} does not border {tx.board.space(zone).name}")
        require(tx.space(action.factory).owner == power and any(
            u.power == power and tx.edition.unit(u.type).has("factory") for u in tx.space(action.factory).units),
            f"you have no complex in {tx.board.space(action.factory).name}")
        cost = repair_cost(self, tx.state, power, ship.type)
        require(cost <= tx.power(power).ipcs, f"the repair costs {cost} IPCs; you have {tx.power(power).ipcs}")
        tx.add_ipcs(power, -cost)
        tx.replace_units(zone, [u for u in tx.space(zone).units if u.uid != ship.uid])
        yard: Yard = self.state_in(tx.state)
        entry = InYard(uid=ship.uid, owner=ship.power, unit=ship.type, factory=action.factory, zone=zone)
        tx.set_rule_state(self.id, Yard(ships=yard.ships + (entry,)))
        tx.emit(ShipRepaired(power=power, owner=ship.power, unit=ship.type, space=action.factory, cost=cost, back=False))

    def on_phase_end(self, tx: Tx, phase: str) -> None:
        """Repaired ships come back whole when their repairer's placement ends."""
        if tx.rules.phase_kind(phase) != "place":
            return
        yard: Yard = self.state_in(tx.state)
        if yard.ships:
            tx.set_rule_state(self.id, Yard())
        for ship in yard.ships:
            _launch(tx, ship)


def repair_cost(rule: HouseRule, state: GameState, power: str, unit: str) -> int:
    base = int(rule.params["battleship_repair_cost"] if unit == "battleship" else rule.params["carrier_repair_cost"])
    techs = next(p.techs for p in state.powers if p.id == power)
    if "industrial_technology" in techs:
        base = -(-base * 4 // 5)  # 20% off, rounded up: 10 -> 8, 7 -> 6
    return base


def _find(tx: Tx, uid: int) -> tuple[str, Unit]:
    found = piece(tx.board, tx.state, uid)
    if found is None:
        raise IllegalAction(f"there is no piece number {uid}")
    return found


def _launch(tx: Tx, ship: InYard) -> None:
    factory = tx.board.space(ship.factory)
    free = [z for z in (ship.zone, *factory.neighbours)
            if tx.board.space(z).is_sea and not any(not allied(tx.board, u.power, ship.owner) for u in tx.space(z).units)]
    if not free:
        # No space: the ship is in the yard, off the board (as bought units never placed).
        tx.emit(UnitsLost(power=ship.owner, unit=ship.unit, count=1,
                          reason=f"every sea zone by {factory.name} holds enemy ships: "
                                 "the repaired ship cannot be launched"))
        return
    tx.replace_units(free[0], tx.space(free[0]).units + (Unit(uid=ship.uid, power=ship.owner, type=ship.unit),))
    tx.emit(ShipRepaired(power=tx.state.power, owner=ship.owner, unit=ship.unit, space=free[0], cost=0, back=True))
