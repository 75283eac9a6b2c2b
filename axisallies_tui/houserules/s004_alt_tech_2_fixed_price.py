"""s004-alt-tech-2-fixed-price: developments are bought outright at set prices.

No research dice: in the research phase a power names one development it
lacks and pays its price (Rockets 10, Super Submarines 15, Long-Range Aircraft
20, Jet Fighters 25, Heavy Bombers 30, Industrial Technology 35 by default).
At most one a turn (the engine already allows one research purchase a turn),
and it works from the buyer's next turn: until then it waits in this rule's
state and is handed over when that turn begins.
"""

from __future__ import annotations

from typing import ClassVar, Iterator

from attrs import frozen

from axisallies_tui.engine.actions import Research
from axisallies_tui.engine.events import Event, power_name
from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import Board, Edition
from axisallies_tui.engine.research import ResearchScheme, grant
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.engine.tx import Tx, require

RULE = "s004-alt-tech-2-fixed-price"
PRICE_PARAMS = {
    "rockets": "price_rockets",
    "super_submarines": "price_super_submarines",
    "long_range_aircraft": "price_long_range_aircraft",
    "jet_power": "price_jet_fighters",
    "heavy_bombers": "price_heavy_bombers",
    "industrial_technology": "price_industrial_technology",
}
"""The classic developments and the parameter holding each one's price (the
source's Jet Fighters is the edition's Jet Power)."""


@frozen
class Waiting:
    """This rule's state: developments bought and not yet in force, as
    (power, development) pairs in the order bought."""

    bought: tuple[tuple[str, str], ...] = ()


@frozen
class DevelopmentBought(Event):
    kind: ClassVar[str] = "development_bought"
    power: str
    tech: str
    cost: int

    def describe(self, board: Board, edition: Edition) -> str:
        name = edition.tech_by_id[self.tech].name if self.tech in edition.tech_by_id else self.tech
        return (f"{power_name(board, self.power)} buys {name} for {self.cost} IPCs; "
                "it comes into force at the start of its next turn.")


class FixedPrices:
    """The research scheme of this rule: `Research(development=...)`, no dice."""

    id = "fixed_prices"

    def __init__(self, rule: FixedPriceResearch) -> None:
        self.rule = rule

    def offers(self, rules: Rules, state: GameState) -> Iterator[Research]:
        ps = next(p for p in state.powers if p.id == state.power)
        for tech, price in self.rule.prices(rules):
            if price <= ps.ipcs and not self.rule.holds_or_awaits(state, state.power, tech):
                yield Research(development=tech)

    def research(self, tx: Tx, action: Research) -> tuple[str, ...]:
        require(action.dice == 0, "developments are bought at fixed prices here; there are no research dice")
        require(action.development is not None, "name the development to buy")
        prices = dict(self.rule.prices(tx.rules))
        tech = action.development or ""
        require(tech in prices, f"{tech!r} is not a development that can be bought")
        power = tx.state.power
        name = tx.edition.tech_by_id[tech].name
        require(tech not in tx.power().techs, f"you already have {name}")
        require(not self.rule.holds_or_awaits(tx.state, power, tech), f"{name} is already bought and on its way")
        cost = prices[tech]
        require(cost <= tx.power().ipcs, f"{name} costs {cost} IPCs; you have {tx.power().ipcs}")
        tx.add_ipcs(power, -cost)
        waiting: Waiting = self.rule.state_in(tx.state)
        tx.set_rule_state(RULE, Waiting(bought=waiting.bought + ((power, tech),)))
        tx.emit(DevelopmentBought(power=power, tech=tech, cost=cost))
        return ()

    def describe(self, rules: Rules) -> str:
        listed = ", ".join(f"{rules.edition.tech_by_id[t].name} {p}" for t, p in self.rule.prices(rules))
        return (f"Developments are bought outright, one a turn: {listed} IPCs. "
                "A development bought now works from your next turn.")

    def on_the_way(self, rules: Rules, state: GameState, power: str) -> tuple[str, ...]:
        waiting: Waiting = self.rule.state_in(state)
        return tuple(tech for who, tech in waiting.bought if who == power)


@implements(RULE)
class FixedPriceResearch(HouseRule):
    State = Waiting

    def research_scheme(self, rules: Rules) -> ResearchScheme | None:
        return FixedPrices(self)

    def prices(self, rules: Rules) -> tuple[tuple[str, int], ...]:
        """(development, price) for the edition's developments, cheapest first."""
        known = [t for t in PRICE_PARAMS if t in rules.edition.tech_by_id]
        return tuple(sorted(((t, int(self.params[PRICE_PARAMS[t]])) for t in known), key=lambda tp: tp[1]))

    def holds_or_awaits(self, state: GameState, power: str, tech: str) -> bool:
        """Whether `power` has `tech` or has bought it and waits for it."""
        ps = next(p for p in state.powers if p.id == power)
        waiting: Waiting = self.state_in(state)
        return tech in ps.techs or (power, tech) in waiting.bought

    def on_turn_start(self, tx: Tx, power: str) -> None:
        """What `power` bought on its last turn comes into force now."""
        waiting: Waiting = self.state_in(tx.state)
        mine = [tech for who, tech in waiting.bought if who == power]
        if not mine:
            return
        tx.set_rule_state(RULE, Waiting(bought=tuple(pair for pair in waiting.bought if pair[0] != power)))
        for tech in mine:
            if tech not in tx.power(power).techs:
                grant(tx, tx.power(power), tech)
