"""Purchase units: a shopping list with prices, a running total and what will be
left. The list is a draft until `b` buys it; each line is then stored as one
`Purchase` (or `ReturnPurchase` for units taken back)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from axisallies_tui.engine.actions import Action, Purchase, ReturnPurchase
from axisallies_tui.engine.economy import purchasable, purchase_refusal, unit_cost
from axisallies_tui.engine.model import UnitType
from axisallies_tui.engine.queries import power_state, unplaced_count
from axisallies_tui.engine.tx import Tx
from axisallies_tui.tui.info import unit_abbreviation
from axisallies_tui.tui.panels.base import PhasePanel, register_panel
from axisallies_tui.tui.session import NoDice


class ShoppingTable(DataTable[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign,right", "add(1)", "Add", id="purchase.add", key_display="+"),
        Binding("minus,left", "add(-1)", "Remove", id="purchase.remove", key_display="-"),
        Binding("b", "buy", "Buy", id="purchase.buy"),
        Binding("c", "clear", "Clear", id="purchase.clear"),
    ]

    def action_add(self, step: int) -> None:
        panel = next(a for a in self.ancestors if isinstance(a, PurchasePanel))
        panel.change(step)

    def action_buy(self) -> None:
        next(a for a in self.ancestors if isinstance(a, PurchasePanel)).buy()

    def action_clear(self) -> None:
        next(a for a in self.ancestors if isinstance(a, PurchasePanel)).clear_list()


@register_panel("purchase")
class PurchasePanel(PhasePanel):
    title = "Purchase units"

    DEFAULT_CSS = """
    PurchasePanel > ShoppingTable { height: auto; max-height: 12; }
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.draft: dict[str, int] = {}
        """Unit id -> count to buy (negative: to return). Not stored until bought."""
        self.units: list[UnitType] = [u for u in self.session.rules.edition.unit_types if purchasable(u)]

    def compose(self) -> ComposeResult:
        yield Static(self.title, classes="panel-title")
        yield Static("", id="purchase-refusal", classes="panel-text", markup=False)
        yield ShoppingTable(id="shopping", cursor_type="row")
        yield Static("", id="purchase-total", classes="panel-text", markup=False)
        yield Static("+/- change list   b buy   c clear   u undo   e end", classes="panel-keys", markup=False)

    def on_mount(self) -> None:
        table = self.query_one(ShoppingTable)
        table.add_column("Unit", key="unit")
        table.add_column("Cost", key="cost")
        table.add_column("List", key="list")
        table.add_column("Bought", key="bought")
        for unit in self.units:
            table.add_row(unit.name, "", "", "", key=unit.id)
        super().on_mount()

    def focus_first(self) -> None:
        self.query_one(ShoppingTable).focus()

    # -- money ---------------------------------------------------------------------
    def price(self, unit: UnitType) -> int:
        rules, state = self.session.rules, self.session.state
        return unit_cost(rules, state, power_state(rules.board, state, state.power), unit)

    def list_cost(self) -> int:
        return sum(self.price(self.session.rules.edition.unit(u)) * n for u, n in self.draft.items())

    def draft_actions(self) -> list[Action]:
        """The list as engine actions: returns first (they free money), then buys."""
        returns: list[Action] = [ReturnPurchase(unit=u, count=-n) for u, n in self.draft.items() if n < 0]
        buys: list[Action] = [Purchase(unit=u, count=n) for u, n in self.draft.items() if n > 0]
        return returns + buys

    def list_text(self) -> str:
        edition = self.session.rules.edition
        parts = [f"{'+' if n > 0 else ''}{n} {unit_abbreviation(edition.unit(u))}" for u, n in self.draft.items() if n]
        return ", ".join(parts)

    # -- drawing -------------------------------------------------------------------
    def show_state(self) -> None:
        rules, state = self.session.rules, self.session.state
        ps = power_state(rules.board, state, state.power)
        refusal = purchase_refusal(Tx(rules, state, NoDice()), state.power)
        self.query_one("#purchase-refusal", Static).update(refusal or "")
        table = self.query_one(ShoppingTable)
        for unit in self.units:
            n = self.draft.get(unit.id, 0)
            bought = unplaced_count(ps, unit.id)
            table.update_cell(unit.id, "cost", str(self.price(unit)))
            table.update_cell(unit.id, "list", f"{n:+d}" if n else "")
            table.update_cell(unit.id, "bought", str(bought) if bought else "")
        cost = self.list_cost()
        spent = sum(self.price(rules.edition.unit(u)) * n for u, n in ps.unplaced)
        lines = [f"Holding {ps.ipcs} IPCs. List: {cost} IPCs, leaving {ps.ipcs - cost}."]
        if ps.unplaced:
            listing = ", ".join(f"{n} {unit_abbreviation(rules.edition.unit(u))}" for u, n in ps.unplaced)
            lines.append(f"Bought this turn: {listing} ({spent} IPCs).")
        self.query_one("#purchase-total", Static).update("\n".join(lines))

    def current_unit(self) -> UnitType | None:
        table = self.query_one(ShoppingTable)
        if not self.units:
            return None
        return self.units[min(table.cursor_row, len(self.units) - 1)]

    # -- changing the list ---------------------------------------------------------
    def change(self, step: int) -> None:
        unit = self.current_unit()
        if unit is None:
            return
        draft = dict(self.draft)
        draft[unit.id] = draft.get(unit.id, 0) + step
        if draft[unit.id] == 0:
            del draft[unit.id]
        previous, self.draft = self.draft, draft
        _state, problem = self.session.trial(self.draft_actions())
        if problem:
            self.draft = previous
            if step < 0 and self.draft.get(unit.id, 0) <= 0:
                problem = f"no {unit.name.lower()} on the list or bought this turn to take back"
            elif any(u != unit.id and n > 0 for u, n in self.draft.items()):
                problem += " once the rest of the list is paid for"
            self.post_message(self.Problem(problem))
            return
        self.show_state()

    def clear_list(self) -> None:
        self.draft = {}
        self.show_state()

    def buy(self) -> None:
        actions = self.draft_actions()
        if not actions:
            self.post_message(self.Problem("the list is empty: choose units with + first"))
            return
        self.draft = {}
        self.post_message(self.Submit(*actions))

    # -- leaving the phase ---------------------------------------------------------
    def end_phase_warning(self) -> str | None:
        if self.draft:
            return f"Your list ({self.list_text()}) is not bought yet. Buy it before ending the phase?"
        rules, state = self.session.rules, self.session.state
        ipcs = power_state(rules.board, state, state.power).ipcs
        prices = [(self.price(u), u) for u in self.units]
        affordable = [(p, u) for p, u in prices if 0 < p <= ipcs]
        if not affordable:
            return None
        cheapest, unit = min(affordable, key=lambda pu: pu[0])
        return (f"{ipcs} IPCs are left unspent: enough for {ipcs // cheapest} more "
                f"{unit.name.lower()} at {cheapest} each. Unspent IPCs are kept for next turn. "
                f"(u takes it back until a die is rolled.) End the purchase?")

    def before_end_phase(self) -> list[Action]:
        return self.draft_actions()
