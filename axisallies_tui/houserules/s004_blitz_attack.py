"""s004-blitz-attack: a second combat move and combat for fast units.

A power that holds all its original territories may buy a Blitz Attack in its
purchase phase (`buy_blitz`). On its next turn, and only then, it may declare
it (`declare_blitz`) before its combat move ends; the turn then gains a Blitz
Movement phase (an edition combat move) and a Blitz Combat phase (an edition
conduct combat) just before the non-combat move. Only armour, motorized
infantry and fighters/light bombers move in the Blitz Movement: land units one
space, whatever they used before; aircraft as if they had used exactly 2
movement points. The per-unit movement records are set for the phase as it
begins and put back, for the units that did not move in it, as it ends.
"""

from __future__ import annotations

from typing import ClassVar, Iterator

from attrs import evolve, frozen

from axisallies_tui.engine.actions import Action, register_action
from axisallies_tui.engine.events import Event, power_name
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import AIR, Board, Edition
from axisallies_tui.engine.movement import allowance
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, Unit
from axisallies_tui.engine.turns import phases_for
from axisallies_tui.engine.tx import Tx, require

RULE = "s004-blitz-attack"
BLITZ_MOVE = "blitz_move"
BLITZ_COMBAT = "blitz_combat"
FAST_UNITS = ("armour", "motorized_infantry", "elite_motorized_infantry", "fighter", "light_bomber")
AIR_SPENT = 2
"""Movement points aircraft are reckoned to have used in the normal combat move."""


@frozen
class BuyBlitz(Action):
    """Buy a Blitz Attack for the power's next turn (purchase phase)."""

    kind: ClassVar[str] = "buy_blitz"
    undoable: ClassVar[bool] = True
    label: ClassVar[str] = "blitz purchase"


@frozen
class DeclareBlitz(Action):
    """Use the Blitz Attack bought last turn: this turn gains the blitz phases."""

    kind: ClassVar[str] = "declare_blitz"


register_action(BuyBlitz)
register_action(DeclareBlitz)


@frozen
class Before:
    """A unit's movement record as the Blitz Movement began."""

    uid: int
    moved: int
    combat_moved: bool
    stopped: bool


@frozen
class Blitz:
    """This rule's state."""

    bought: tuple[str, ...] = ()
    """Powers holding a Blitz Attack for their next turn."""
    ready: str | None = None
    """The power to move, if it may declare the Blitz Attack it bought last turn."""
    declared: bool = False
    before: tuple[Before, ...] = ()
    """Records put back when the Blitz Movement ends, for units that did not move."""
    movers: tuple[int, ...] = ()
    """Units that moved in the Blitz Movement (their battles are fought again)."""


@frozen
class BlitzNews(Event):
    kind: ClassVar[str] = "blitz"
    power: str
    what: str
    """bought, ready, declared or lost."""
    detail: str = ""

    def describe(self, board: Board, edition: Edition) -> str:
        who = power_name(board, self.power)
        return {
            "bought": f"{who} buys a Blitz Attack for its next turn{self.detail}.",
            "ready": f"{who} may declare its Blitz Attack this turn.",
            "declared": f"{who} declares its Blitz Attack: Blitz Movement and Blitz Combat follow the battles.",
            "lost": f"{who}'s Blitz Attack is lost{self.detail}.",
        }[self.what]


@implements(RULE)
class BlitzAttack(HouseRule):
    State = Blitz
    actions = (BuyBlitz, DeclareBlitz)
    phases = {BLITZ_MOVE: "combat_move", BLITZ_COMBAT: "conduct_combat"}
    phase_names = {BLITZ_MOVE: "Blitz Movement", BLITZ_COMBAT: "Blitz Combat"}
    before = ("s000-soviet-first-turn-no-attack",)
    """A rule that takes the combat phases out of a turn takes the blitz ones too."""

    # -- questions --------------------------------------------------------------------
    def turn_phases(self, rules: Rules, state: GameState, power: str, phases: tuple[str, ...]) -> tuple[str, ...]:
        blitz: Blitz = self.state_in(state)
        if blitz.ready != power or not blitz.declared:
            return phases
        where = next((i for i, p in enumerate(phases) if rules.phase_kind(p) == "noncombat_move"), None)
        if where is None:
            return phases
        return phases[:where] + (BLITZ_MOVE, BLITZ_COMBAT) + phases[where:]

    def may_move(self, rules: Rules, state: GameState, unit: Unit) -> str | None:
        if state.phase != BLITZ_MOVE:
            return None
        if unit.aboard is not None:
            return "no one boards or leaves a transport in the Blitz Movement"
        if unit.type in FAST_UNITS:
            return None
        return (f"only armour, motorized infantry, fighters and light bombers move in the Blitz Movement, "
                f"not the {rules.edition.unit(unit.type).name.lower()}")

    def legal_actions(self, rules: Rules, state: GameState) -> Iterator[Action]:
        kind = rules.phase_kind(state.phase)
        if kind == "purchase":
            yield BuyBlitz()
        elif _may_still_declare(rules, state) and self.state_in(state).ready == state.power:
            yield DeclareBlitz()

    # -- the rule's actions -------------------------------------------------------------
    def handle(self, tx: Tx, action: Action) -> None:
        if isinstance(action, BuyBlitz):
            self._buy(tx)
        else:
            self._declare(tx)

    def _buy(self, tx: Tx) -> None:
        power, blitz = tx.state.power, self.state_in(tx.state)
        price = int(self.params["price"])
        require(tx.rules.phase_kind(tx.state.phase) == "purchase", "a Blitz Attack is bought in the purchase phase")
        require(power not in blitz.bought, "you already hold a Blitz Attack for your next turn")
        missing = lost_originals(tx.rules, tx.state, power)
        require(not missing, f"a Blitz Attack needs all your starting territories; you have lost {missing}")
        require(price <= tx.power().ipcs, f"a Blitz Attack costs {price} IPCs; you have {tx.power().ipcs}")
        tx.add_ipcs(power, -price)
        tx.set_rule_state(self.id, evolve(blitz, bought=blitz.bought + (power,)))
        tx.emit(BlitzNews(power=power, what="bought", detail=f" ({price} IPCs)"))

    def _declare(self, tx: Tx) -> None:
        power, blitz = tx.state.power, self.state_in(tx.state)
        require(blitz.ready == power, "you bought no Blitz Attack on your last turn")
        require(not blitz.declared, "the Blitz Attack is already declared")
        require(_battle_phase(tx.rules, tx.state) is not None, "this turn has no combat, so it can have no Blitz Attack")
        require(_may_still_declare(tx.rules, tx.state), "a Blitz Attack is declared before the combat move ends")
        missing = lost_originals(tx.rules, tx.state, power)
        require(not missing, f"a Blitz Attack needs all your starting territories; you have lost {missing}")
        tx.set_rule_state(self.id, evolve(blitz, declared=True))
        phases = phases_for(tx, power)
        require(BLITZ_MOVE in phases and tx.state.phase in phases,
                "this turn has no combat, so it can have no Blitz Attack")
        tx.turn(phases=phases)
        tx.emit(BlitzNews(power=power, what="declared"))

    # -- acts ---------------------------------------------------------------------------
    def on_turn_start(self, tx: Tx, power: str) -> None:
        blitz: Blitz = self.state_in(tx.state)
        ready = power if power in blitz.bought else None
        bought = tuple(p for p in blitz.bought if p != power)
        if (ready, bought) != (blitz.ready, blitz.bought):
            tx.set_rule_state(self.id, Blitz(bought=bought, ready=ready))
        if ready:
            tx.emit(BlitzNews(power=power, what="ready"))

    def on_turn_end(self, tx: Tx, power: str) -> None:
        blitz: Blitz = self.state_in(tx.state)
        if blitz.ready == power and not blitz.declared:
            tx.emit(BlitzNews(power=power, what="lost", detail=": it was not declared this turn"))
        if blitz.ready is not None or blitz.declared or blitz.before or blitz.movers:
            tx.set_rule_state(self.id, Blitz(bought=blitz.bought))

    def on_phase_start(self, tx: Tx, phase: str) -> None:
        if phase == BLITZ_MOVE:
            self._ready_units(tx)
        elif phase == BLITZ_COMBAT:
            self._reopen_battles(tx)

    def on_phase_end(self, tx: Tx, phase: str) -> None:
        if phase == BLITZ_MOVE:
            self._put_back_units(tx)

    # -- the Blitz Movement's unit records --------------------------------------------
    def _ready_units(self, tx: Tx) -> None:
        """Every unit of the mover may end this phase where it is (its combat move is
        settled); fast units get one land space, or aircraft all but 2 points."""
        before: list[Before] = []
        for space, held in zip(tx.board.spaces, tx.state.spaces):
            units = []
            for unit in held.units:
                if unit.power == tx.state.power:
                    before.append(Before(uid=unit.uid, moved=unit.moved, combat_moved=unit.combat_moved,
                                         stopped=unit.stopped))
                    unit = self._blitz_record(tx, unit)
                units.append(unit)
            if tuple(units) != held.units:
                tx.replace_units(space.id, units)
        tx.set_rule_state(self.id, evolve(self.state_in(tx.state), before=tuple(before)))

    def _blitz_record(self, tx: Tx, unit: Unit) -> Unit:
        if unit.type not in FAST_UNITS:
            return evolve(unit, combat_moved=False)
        if tx.edition.unit(unit.type).domain == AIR:
            moved = AIR_SPENT
        else:
            moved = max(0, allowance(tx.rules, tx.state, unit) - 1)
        return evolve(unit, moved=moved, combat_moved=False, stopped=False)

    def _put_back_units(self, tx: Tx) -> None:
        """Units that did not move in the Blitz Movement get their records back."""
        blitz: Blitz = self.state_in(tx.state)
        old = {b.uid: b for b in blitz.before}
        movers: list[int] = []
        for space, held in zip(tx.board.spaces, tx.state.spaces):
            units = []
            for unit in held.units:
                if unit.uid in old and unit.combat_moved:
                    movers.append(unit.uid)
                elif unit.uid in old:
                    was = old[unit.uid]
                    unit = evolve(unit, moved=was.moved, combat_moved=was.combat_moved, stopped=was.stopped)
                units.append(unit)
            if tuple(units) != held.units:
                tx.replace_units(space.id, units)
        tx.set_rule_state(self.id, evolve(blitz, before=(), movers=tuple(movers)))

    def _reopen_battles(self, tx: Tx) -> None:
        """A space fought over earlier this turn is fought over again if blitzing
        units went there."""
        movers = set(self.state_in(tx.state).movers)
        entered = {space.id for space, held in zip(tx.board.spaces, tx.state.spaces)
                   if any(u.uid in movers for u in held.units)}
        done = tx.state.turn.battles_done
        if entered & set(done):
            tx.turn(battles_done=tuple(s for s in done if s not in entered))


def lost_originals(rules: Rules, state: GameState, power: str) -> str:
    """The power's original territories it does not hold now, named, or ""."""
    lost = [space.name for space, held in zip(rules.board.spaces, state.spaces)
            if space.original_owner == power and space.is_land and held.owner != power]
    return ", ".join(lost)


def _battle_phase(rules: Rules, state: GameState) -> int | None:
    """Where the turn's first battle phase is, if it has one."""
    return next((i for i, p in enumerate(state.turn.phases) if rules.phase_kind(p) == "conduct_combat"), None)


def _may_still_declare(rules: Rules, state: GameState) -> bool:
    """Before the turn's first battle phase (the declaration is an intention)."""
    battle, phases = _battle_phase(rules, state), state.turn.phases
    return battle is not None and state.phase in phases and phases.index(state.phase) < battle
