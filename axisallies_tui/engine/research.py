"""Research schemes: how a power turns IPCs into weapons developments.

The edition's scheme is the classic numbered chart (C-TECH): buy dice, each
die showing the success number is a breakthrough, and a roll on the chart
names the development (repeats rolled again). Its numbers are the scheme's
data, read from the edition's `[research]` section (loaders/edition.py). A house rule replaces the
scheme through the `research_scheme` hook (bought developments, chosen
developments, two charts): the research phase, the `Research` action, the
legal-action list and the screens all go through the scheme in force.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Protocol

from attrs import evolve, field, frozen

from axisallies_tui.engine.errors import IllegalAction

# Actions and events load when research is done, not when an edition is read:
# the odds command and the loaders need the chart's numbers only (start-up time).
if TYPE_CHECKING:
    from axisallies_tui.engine.actions import Research
    from axisallies_tui.engine.rules import Rules
    from axisallies_tui.engine.state import GameState, PowerState
    from axisallies_tui.engine.tx import Tx


class ResearchScheme(Protocol):
    """What a research scheme answers. `research` may roll and pay (it acts)."""

    @property
    def id(self) -> str:
        """Names the scheme (screens tell the edition's from a rule's by it)."""
        ...

    def offers(self, rules: Rules, state: GameState) -> Iterator[Research]:
        """The `Research` actions worth listing for the power to move now."""
        ...

    def research(self, tx: Tx, action: Research) -> tuple[str, ...]:
        """Carry out `action` (raise IllegalAction to refuse); return the
        developments gained."""
        ...

    def describe(self, rules: Rules) -> str:
        """One line for the research screen: what a purchase buys."""
        ...

    def on_the_way(self, rules: Rules, state: GameState, power: str) -> tuple[str, ...]:
        """Developments `power` has paid for that are not in force yet (screens
        show them beside those held)."""
        ...


CLASSIC_CHART_ID = "classic_chart"


@frozen
class ClassicChart:
    """The edition's dice and numbered chart (C-TECH-1..3)."""

    die_cost: int
    """IPCs per research die."""
    success: int
    """A die showing at least this is a breakthrough."""
    chart: tuple[str, ...]
    """Development ids, one per face of the chart die (wrapping past the last)."""
    id: str = field(default=CLASSIC_CHART_ID, init=False)

    def offers(self, rules: Rules, state: GameState) -> Iterator[Research]:
        from axisallies_tui.engine.actions import Research

        ps = next(p for p in state.powers if p.id == state.power)
        affordable = ps.ipcs // self.die_cost
        for dice in range(1, min(affordable, 6) + 1):
            yield Research(dice=dice)

    def research(self, tx: Tx, action: Research) -> tuple[str, ...]:
        from axisallies_tui.engine.events import ResearchBought

        _require(action.development is None, "with the edition's research you buy dice, not a named development")
        _require(action.dice >= 1, "buy at least one research die, or end the phase")
        ps = tx.power()
        cost = action.dice * self.die_cost
        _require(cost <= ps.ipcs, f"{action.dice} research dice cost {cost} IPCs; you have {ps.ipcs}")
        tx.set_power(evolve(ps, ipcs=ps.ipcs - cost))
        tx.emit(ResearchBought(power=ps.id, dice=action.dice, cost=cost))
        faces = tx.roll(action.dice, "research", hit_on=None)
        gained: list[str] = []
        for _ in range(sum(1 for face in faces if face >= self.success)):
            tech = roll_on_chart(tx, self.chart)
            if tech is None:
                break
            gained.append(tech)
        return tuple(gained)

    def describe(self, rules: Rules) -> str:
        return f"Each research die costs {self.die_cost} IPCs; a {self.success} is a breakthrough."

    def on_the_way(self, rules: Rules, state: GameState, power: str) -> tuple[str, ...]:
        return ()  # a breakthrough is in force at once


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise IllegalAction(reason)


def roll_on_chart(tx: Tx, chart: tuple[str, ...]) -> str | None:
    """Roll on the development chart until a development the power lacks comes up
    (C-TECH-2: repeats are rolled again). None if it already has them all."""
    owned = set(tx.power().techs)
    if all(tech in owned for tech in chart):
        return None
    while True:
        face = tx.roll(1, "the development chart")[0]
        tech = chart[(face - 1) % len(chart)]
        if tech not in owned:
            grant(tx, tx.power(), tech)
            return tech


def grant(tx: Tx, ps: PowerState, tech: str) -> None:
    """Give `ps` the development `tech` and say so."""
    from axisallies_tui.engine.events import TechDeveloped

    tx.set_power(evolve(ps, techs=ps.techs + (tech,)))
    tx.emit(TechDeveloped(power=ps.id, tech=tech))

