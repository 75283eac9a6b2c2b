"""Develop weapons: choose how many research dice, pay and roll; or, under a
house rule's research scheme, choose one of the purchases it offers."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from axisallies_tui.engine.actions import Research
from axisallies_tui.engine.queries import power_state
from axisallies_tui.engine.research import ClassicChart
from axisallies_tui.tui.panels.base import PhasePanel, register_panel

MAX_DICE_SHOWN = 20


@register_panel("research")
class ResearchPanel(PhasePanel):
    title = "Develop weapons"
    can_focus = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign,right,up", "more", "More dice", id="research.more", key_display="+"),
        Binding("minus,left,down", "fewer", "Fewer", id="research.fewer", key_display="-"),
        Binding("r,enter", "roll", "Roll", id="research.roll", key_display="r"),
        # Under a house rule's scheme of offers the same keys choose and buy, and
        # the footer says so (`check_action` shows one set or the other).
        Binding("plus,equals_sign,right,up", "next_offer", "Next", id="research.next", key_display="+"),
        Binding("minus,left,down", "previous_offer", "Previous", id="research.previous", key_display="-"),
        Binding("r,enter", "buy", "Buy", id="research.buy", key_display="r"),
    ]

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.dice = 0
        """Dice chosen; under a scheme of offers, the index of the chosen offer."""

    def compose(self) -> ComposeResult:
        yield Static(self.title, classes="panel-title")
        yield Static("", id="research-text", classes="panel-text", markup=False)
        yield Static("", id="research-dice", classes="panel-text", markup=False)
        yield Static("+/- choose dice   r roll   e skip research", id="research-keys", classes="panel-keys",
                     markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The dice keys under the edition's chart, the offer keys under a scheme
        of offers: the other set is hidden, and its keys go to this one."""
        dice = isinstance(self.session.rules.research, ClassicChart)
        done = self.session.state.turn.researched  # then only e (go on) is left
        if action in ("more", "fewer", "roll"):
            return dice and not done
        if action in ("next_offer", "previous_offer", "buy"):
            return not dice and not done
        return True

    def action_next_offer(self) -> None:
        self.action_more()

    def action_previous_offer(self) -> None:
        offers = self._offers() or []
        self.dice = (self.dice - 1) % max(len(offers), 1)
        self.show_state()

    def action_buy(self) -> None:
        self.action_roll()

    def _offers(self) -> list[Research] | None:
        """The purchases a house rule's scheme offers now, or None under the
        edition's dice (this panel then counts dice itself)."""
        rules, state = self.session.rules, self.session.state
        if isinstance(rules.research, ClassicChart):
            return None
        return [] if state.turn.researched else list(rules.research.offers(rules, state))

    def _label(self, offer: Research) -> str:
        techs = self.session.rules.edition.tech_by_id
        if offer.development is not None:
            return techs[offer.development].name if offer.development in techs else offer.development
        return f"{offer.dice} dice"

    def _show_offers(self, offers: list[Research]) -> None:
        rules, state = self.session.rules, self.session.state
        ps = power_state(rules.board, state, state.power)
        owned = rules.edition.tech_names(ps.techs)
        coming = rules.edition.tech_names(rules.research.on_the_way(rules, state, state.power))
        waiting = f" Bought, in force from your next turn: {', '.join(coming)}." if coming else ""
        self.query_one("#research-text", Static).update(
            f"{rules.research.describe(rules)}\nDeveloped: {', '.join(owned) if owned else 'nothing yet'}.{waiting}"
        )
        self.dice = min(self.dice, max(len(offers) - 1, 0))
        if state.turn.researched:
            line = "Research is done for this turn. Press e to go on to purchase."
        elif not offers:
            line = f"You hold {ps.ipcs} IPCs: nothing on offer. Press e to go on."
        else:
            line = "  ".join(("> " if i == self.dice else "") + self._label(o) for i, o in enumerate(offers))
        self.query_one("#research-dice", Static).update(line)
        keys = "e go on to purchase" if state.turn.researched else "+/- choose   r buy   e skip research"
        self.query_one("#research-keys", Static).update(keys)

    def _limits(self) -> tuple[int, int, bool]:
        rules, state = self.session.rules, self.session.state
        ps = power_state(rules.board, state, state.power)
        assert isinstance(rules.research, ClassicChart)  # `_offers` sent other schemes elsewhere
        cost = rules.research.die_cost
        return cost, ps.ipcs // cost, state.turn.researched

    def show_state(self) -> None:
        self.refresh_bindings()  # the footer follows: no buying keys once research is done
        offers = self._offers()
        if offers is not None:
            self._show_offers(offers)
            return
        rules, state = self.session.rules, self.session.state
        cost, affordable, done = self._limits()
        ps = power_state(rules.board, state, state.power)
        owned = rules.edition.tech_names(ps.techs)
        assert isinstance(rules.research, ClassicChart)
        success = rules.research.success
        text = (
            f"Research dice cost {cost} IPCs each. Every {success} is a breakthrough: "
            f"one more die picks the development.\n"
            f"Developed: {', '.join(owned) if owned else 'nothing yet'}."
        )
        self.query_one("#research-text", Static).update(text)
        self.dice = min(self.dice, affordable)
        if done:
            line = "Research is done for this turn. Press e to go on to purchase."
        elif affordable == 0:
            line = f"You hold {ps.ipcs} IPCs: not enough for a die. Press e to go on."
        else:
            line = (
                f"Dice: {self.dice}  cost {self.dice * cost} IPCs  (you hold {ps.ipcs}; "
                f"up to {min(affordable, MAX_DICE_SHOWN)})"
            )
        self.query_one("#research-dice", Static).update(line)

    def action_more(self) -> None:
        offers = self._offers()
        if offers is not None:
            self.dice = (self.dice + 1) % max(len(offers), 1)
            self.show_state()
            return
        cost, affordable, done = self._limits()
        if done:
            self.post_message(self.Problem("research dice are bought and rolled once a turn"))
        elif self.dice + 1 > affordable:
            more = self.dice + 1
            self.post_message(self.Problem(f"{more} dice cost {more * cost} IPCs; you cannot pay more"))
        else:
            self.dice += 1
            self.show_state()

    def action_fewer(self) -> None:
        if self.dice > 0:
            self.dice -= 1
            self.show_state()

    def action_roll(self) -> None:
        offers = self._offers()
        if offers is not None:
            if not offers:
                self.post_message(self.Problem("there is nothing to buy now; press e to go on"))
            else:
                self.post_message(self.Submit(offers[min(self.dice, len(offers) - 1)]))
            return
        if self.dice < 1:
            self.post_message(self.Problem("choose at least one die with +, or press e to skip research"))
            return
        dice, self.dice = self.dice, 0
        self.post_message(self.Submit(Research(dice=dice)))
