"""Money: research, purchase, placement and income (base-rules sections 5, 6, 10, 11)."""

from __future__ import annotations

from axisallies_tui.engine.actions import Place, Purchase, Research, ReturnPurchase
from axisallies_tui.engine.copying import evolve
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.events import (
    IncomeCollected,
    PhaseSkipped,
    PurchaseReturned,
    UnitsLost,
    UnitsPlaced,
    UnitsPurchased,
)
from axisallies_tui.engine.model import AIR, LAND, SEA, UnitType
from axisallies_tui.engine.queries import allied, capital_lost, territory_income, unplaced_count
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, PowerState
from axisallies_tui.engine.turns import automatic, on_leave, pay_bonuses
from axisallies_tui.engine.tx import Tx, handles, require, require_phase

# -- prices -------------------------------------------------------------------------


def unit_cost(rules: Rules, state: GameState, power: PowerState, unit: UnitType) -> int:
    """What `power` pays for one `unit` now: base price, house rules, then the
    developments held (Industrial Technology in the classic game)."""
    cost = unit.cost
    for rule in rules.hooks("unit_cost"):
        cost = rule.unit_cost(rules, state, power.id, unit.id, cost)
    cost += sum(effect.cost for effect in rules.edition.effects(power.techs, unit))
    return max(1, cost)


def purchasable(unit: UnitType) -> bool:
    return unit.cost > 0


# -- research -----------------------------------------------------------------------


@handles(Research)
def research(tx: Tx, action: Research) -> None:
    """The research phase's one purchase, carried out by the scheme in force."""
    require_phase(tx, "research")
    require(not tx.state.turn.researched, "research is bought once a turn")
    gained = tx.rules.research.research(tx, action)
    tx.turn(researched=True)
    for rule in tx.rules.hooks("after_research"):
        rule.after_research(tx, tx.state.power, gained)


# -- purchase -----------------------------------------------------------------------


def _unit_type(tx: Tx, unit_id: str) -> UnitType:
    unit = tx.edition.unit_by_id.get(unit_id) or tx.edition.find_unit(unit_id)
    if unit is None:
        raise IllegalAction(f"there is no unit called {unit_id!r} in this game")
    return unit


def purchase_refusal(tx: Tx, power_id: str) -> str | None:
    """Why `power_id` may not buy anything now, or None."""
    if capital_lost(tx.board, tx.state, power_id):
        allowed = False
        for rule in tx.rules.hooks("buys_without_capital"):
            allowed = rule.buys_without_capital(tx.rules, tx.state, power_id, allowed)
        if allowed:
            return None
        capital = tx.board.capital_space(power_id).name
        return f"your capital {capital} is held by the enemy: no purchases until it is freed"
    return None


@automatic("purchase")
def enter_purchase(tx: Tx) -> bool:
    reason = purchase_refusal(tx, tx.state.power)
    if reason:
        tx.emit(PhaseSkipped(power=tx.state.power, phase=tx.state.phase, reason=reason))
        return True
    return False


def complexes_committed(tx: Tx) -> int:
    """Complexes built so far plus those bought and not yet placed (all powers)."""
    waiting = sum(unplaced_count(ps, unit.id) for ps in tx.state.powers for unit in tx.edition.unit_types if unit.has("factory"))
    return tx.state.complexes_built + waiting


@handles(Purchase)
def purchase(tx: Tx, action: Purchase) -> None:
    require_phase(tx, "purchase")
    unit = _unit_type(tx, action.unit)
    require(action.count >= 1, "buy at least one unit")
    require(purchasable(unit), f"{unit.name} cannot be bought")
    reason = purchase_refusal(tx, tx.state.power)
    require(reason is None, reason or "")
    if unit.has("factory"):
        limit = tx.rules.option("max_built_complexes")
        if limit:
            left = limit - complexes_committed(tx)
            require(
                action.count <= left,
                f"only {limit} industrial complexes may be built in a game; {max(left, 0)} left",
            )
    ps = tx.power()
    price = unit_cost(tx.rules, tx.state, ps, unit)
    cost = price * action.count
    require(cost <= ps.ipcs, f"{action.count} × {unit.name.lower()} cost {cost} IPCs; you have {ps.ipcs}")
    unplaced = dict(ps.unplaced)
    unplaced[unit.id] = unplaced.get(unit.id, 0) + action.count
    tx.set_power(evolve(ps, ipcs=ps.ipcs - cost, unplaced=_ordered(tx, unplaced)))
    tx.emit(UnitsPurchased(power=ps.id, unit=unit.id, count=action.count, cost=cost, ipcs_left=ps.ipcs - cost))
    for rule in tx.rules.hooks("after_purchase"):
        rule.after_purchase(tx, ps.id, unit.id, action.count)


@handles(ReturnPurchase)
def return_purchase(tx: Tx, action: ReturnPurchase) -> None:
    require_phase(tx, "purchase")
    unit = _unit_type(tx, action.unit)
    ps = tx.power()
    have = unplaced_count(ps, unit.id)
    require(1 <= action.count <= have, f"you have bought {have} × {unit.name.lower()} this turn")
    refund = unit_cost(tx.rules, tx.state, ps, unit) * action.count
    unplaced = dict(ps.unplaced)
    unplaced[unit.id] = have - action.count
    tx.set_power(evolve(ps, ipcs=ps.ipcs + refund, unplaced=_ordered(tx, unplaced)))
    tx.emit(
        PurchaseReturned(power=ps.id, unit=unit.id, count=action.count, refund=refund, ipcs_left=ps.ipcs + refund)
    )


def _ordered(tx: Tx, counts: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((u.id, counts[u.id]) for u in tx.edition.unit_types if counts.get(u.id, 0) > 0)


# -- placement ----------------------------------------------------------------------


def has_factory(tx: Tx, space_id: str, power: str) -> bool:
    return any(u.power == power and tx.edition.unit(u.type).has("factory") for u in tx.space(space_id).units)


def factory_capacity(tx: Tx, space_id: str, power: str) -> int | None:
    """Units the complex in `space_id` may still place this turn; None = no limit (C-PLACE-4)."""
    space = tx.board.space(space_id)
    if space.original_factory and space.original_owner == power:
        return None
    used = dict(tx.state.turn.placed).get(space_id, 0)
    return max(0, space.ipc - used)


def factory_problem(tx: Tx, space_id: str, power: str) -> str | None:
    """Why the complex in `space_id` cannot produce for `power` now, or None."""
    space = tx.board.space(space_id)
    if not space.is_land or tx.space(space_id).owner != power or not has_factory(tx, space_id, power):
        return f"you have no industrial complex in {space.name}"
    if space_id in tx.state.turn.captured:
        return f"{space.name} was captured this turn: its complex produces from your next turn"
    if space_id in tx.state.turn.built:
        return f"the complex in {space.name} was built this turn and produces from your next turn"
    if factory_capacity(tx, space_id, power) == 0:
        return f"the complex in {space.name} has placed all {space.ipc} units it may this turn"
    return None


def placement_problem(tx: Tx, unit: UnitType, space_id: str, factory: str | None) -> tuple[str | None, str]:
    """Check placing one `unit` in `space_id`; return (reason it is illegal or None, factory used)."""
    power = tx.state.power
    if space_id not in tx.board.space_by_id:
        return f"there is no space called {space_id!r}", ""
    space = tx.board.space(space_id)
    if unit.has("factory"):
        if not space.is_land or tx.space(space_id).owner != power:
            return f"a complex goes in a territory you control; {space.name} is not yours", ""
        if space_id in tx.state.turn.captured:
            return f"you did not control {space.name} at the start of your turn", ""
        if any(tx.edition.unit(u.type).has("factory") for u in tx.space(space_id).units):
            return f"{space.name} already has an industrial complex", ""
        if space.ipc <= 0:
            return f"{space.name} is worth 0 IPCs: a complex there could produce nothing", ""
        return None, space_id
    if unit.domain in (LAND, AIR):
        if not space.is_land:
            what = "fighters" if unit.carrier_cost else unit.name.lower()
            return f"new {what} are placed in the complex's territory, not at sea", ""
        problem = factory_problem(tx, space_id, power)
        if problem:
            return problem, ""
        if unit.has("one_per_territory") and any(
            u.type == unit.id and allied(tx.board, u.power, power) for u in tx.space(space_id).units
        ):
            return f"{space.name} already has a {unit.name.lower()}; only one is allowed per territory", ""
        return None, space_id
    if unit.domain == SEA:
        if not space.is_sea:
            return f"new {unit.name.lower()}s are placed in a sea zone next to a complex", ""
        if any(not allied(tx.board, u.power, power) for u in tx.space(space_id).units):
            return f"{space.name} holds enemy units: new ships may not be placed there", ""
        candidates = [factory] if factory else [n for n in space.neighbours if tx.board.space(n).is_land]
        reasons = []
        for candidate in candidates:
            if candidate not in tx.board.space_by_id or candidate not in space.neighbours:
                reasons.append(f"{candidate} does not border {space.name}")
                continue
            problem = factory_problem(tx, candidate, power)
            if problem is None:
                return None, candidate
            if has_factory(tx, candidate, power):
                reasons.append(problem)
        if reasons:
            return reasons[0], ""
        return f"{space.name} does not border a complex of yours", ""
    return f"{unit.name} cannot be placed", ""


@handles(Place)
def place(tx: Tx, action: Place) -> None:
    require_phase(tx, "place")
    unit = _unit_type(tx, action.unit)
    ps = tx.power()
    have = unplaced_count(ps, unit.id)
    require(action.count >= 1, "place at least one unit")
    require(action.count <= have, f"you have {have} × {unit.name.lower()} waiting to be placed")
    problem, factory = placement_problem(tx, unit, action.space, action.factory)
    require(problem is None, problem or "")
    if unit.has("one_per_territory"):
        require(action.count == 1, f"only one {unit.name.lower()} is allowed per territory")
    if not unit.has("factory"):
        room = factory_capacity(tx, factory, ps.id)
        require(
            room is None or action.count <= room,
            f"the complex in {tx.board.space(factory).name} may place {room} more unit(s) this turn",
        )
        placed = dict(tx.state.turn.placed)
        placed[factory] = placed.get(factory, 0) + action.count
        tx.turn(placed=tuple(sorted(placed.items())))
    else:
        tx.turn(built=tx.state.turn.built + (action.space,))
        tx.update(complexes_built=tx.state.complexes_built + action.count)
    unplaced = dict(ps.unplaced)
    unplaced[unit.id] = have - action.count
    tx.set_power(evolve(ps, unplaced=_ordered(tx, unplaced)))
    tx.add_units(action.space, ps.id, unit.id, action.count)
    tx.emit(UnitsPlaced(power=ps.id, unit=unit.id, count=action.count, space=action.space, factory=factory))
    for rule in tx.rules.hooks("after_place"):
        rule.after_place(tx, ps.id, unit.id, action.space, action.count)


@on_leave("place")
def lose_unplaced(tx: Tx) -> None:
    """C-PLACE-6: bought units that were not placed are lost."""
    ps = tx.power()
    for unit, count in ps.unplaced:
        tx.emit(UnitsLost(power=ps.id, unit=unit, count=count, reason="bought but not placed"))
    if ps.unplaced:
        tx.set_power(evolve(ps, unplaced=()))


# -- income -------------------------------------------------------------------------


def income_for(rules: Rules, state: GameState, power: str) -> int:
    """The income `power` would collect now (without bonuses)."""
    amount = territory_income(rules.board, state, power)
    for rule in rules.hooks("adjust_income"):
        amount = rule.adjust_income(rules, state, power, amount)
    if capital_lost(rules.board, state, power) and rules.option("capital_lost_income") == "none":
        return 0
    return max(0, amount)


@automatic("collect_income")
def collect_income(tx: Tx) -> bool:
    power = tx.state.power
    amount = income_for(tx.rules, tx.state, power)
    note = ""
    if capital_lost(tx.board, tx.state, power) and purchase_refusal(tx, power) is not None:
        note = "capital held by the enemy: none" if amount == 0 else "cannot be spent while the capital is held"
    total = tx.add_ipcs(power, amount)
    tx.emit(IncomeCollected(power=power, amount=amount, ipcs=total, note=note))
    pay_bonuses(tx, power, "income_bonus")
    for rule in tx.rules.hooks("on_income"):
        rule.on_income(tx, power, amount)
    return True


