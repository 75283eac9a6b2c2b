"""Edit mode: change the board outside the rules (a mistake at the table, a
photo of a real board), for the selected space or a power, with a reason.

Each edit is an ordinary engine action (`engine/edits.py`): checked, stored
with its reason, shown in the feed and taken back with `u` within the phase.
The dialog checks the edit with the engine before it closes, so a refusal is
shown where it was typed.
"""

from __future__ import annotations

from typing import Callable, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Static

from axisallies_tui.engine.actions import Action
from axisallies_tui.engine.edits import AddUnits, GrantTech, RemoveTech, RemoveUnits, SetIpcs, SetOwner
from axisallies_tui.engine.queries import power_state
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.tui.info import power_label, units_text
from axisallies_tui.tui.screens.dialogs import Dialog
from axisallies_tui.tui.widgets.common import CycleChoice, TooSmall

KINDS = (
    ("add units", "add"),
    ("remove units", "remove"),
    ("set the owner", "owner"),
    ("set a power's IPCs", "ipcs"),
    ("grant a development", "grant"),
    ("take a development away", "revoke"),
)
FIELDS = {
    "add": ("power", "unit", "count"),
    "remove": ("power", "unit", "count"),
    "owner": ("owner",),
    "ipcs": ("power", "ipcs"),
    "grant": ("power", "tech"),
    "revoke": ("power", "tech"),
}
NOBODY = "-"


class EditChoice(CycleChoice):
    """A choice in the edit dialog: Enter applies the edit rather than stepping."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "screen.apply", "Apply", show=False),
    ]


class EditDialog(Dialog[Action | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_none", "Cancel", id="edit.cancel"),
        Binding("ctrl+s", "apply", "Apply", id="edit.apply", show=False),
    ]

    DEFAULT_CSS = """
    EditDialog .edit-row { height: 1; margin-bottom: 1; }
    EditDialog .edit-label { width: 14; }
    EditDialog .edit-row Input { width: 1fr; height: 1; border: none; padding: 0; }
    EditDialog #edit-problem { color: $text-error; text-style: bold; }
    """

    def help_location(self) -> tuple[str, str]:
        return "keys", "Edit mode"  # F1 here opens this section

    def __init__(self, rules: Rules, state: GameState, space_id: str,
                 check: Callable[[Action], str | None]) -> None:
        super().__init__(classes="dialog")
        self.rules = rules
        self.state = state
        self.space_id = space_id
        self.check = check
        self.problem = ""

    def compose(self) -> ComposeResult:
        board, edition = self.rules.board, self.rules.edition
        space = board.space(self.space_id)
        held = self.state.spaces[space.index]
        powers = [(power_label(board, p.id), p.id) for p in board.powers]
        owner_choices = powers + ([("nobody (neutral)", NOBODY)] if space.neutral else [])
        first = held.owner or self.state.power
        units = units_text(edition, board, held.units, long=True).replace("\n", "; ") or "no units"
        where = f"held by {power_label(board, held.owner)}; " if space.is_land else ""
        yield TooSmall()
        with Vertical(classes="dialog-box dialog-wide"):
            yield Static(f"Edit the board: {space.name}", classes="dialog-title", markup=False)
            yield Static(f"{where}{units}.", classes="dialog-text", markup=False)
            for field, label, widget in (
                ("kind", "Change", EditChoice(KINDS, "add", id="edit-kind")),
                ("power", "Power", EditChoice(powers, first, id="edit-power")),
                ("owner", "New owner", EditChoice(owner_choices, first, id="edit-owner")),
                ("unit", "Unit", EditChoice([(u.name.lower(), u.id) for u in edition.unit_types], "infantry",
                                            id="edit-unit")),
                ("count", "How many", Input("1", id="edit-count", compact=True)),
                ("ipcs", "IPCs", Input(str(power_state(board, self.state, first).ipcs), id="edit-ipcs",
                                       compact=True)),
                ("tech", "Development", EditChoice([(t.name, t.id) for t in edition.techs],
                                                   edition.techs[0].id if edition.techs else "", id="edit-tech")),
                ("reason", "Reason", Input(placeholder="why (shown in the feed and the game's log)",
                                           id="edit-reason", compact=True)),
            ):
                with Horizontal(classes="edit-row", id=f"row-{field}"):
                    yield Static(label, classes="edit-label", markup=False)
                    yield widget
            yield Static("", id="edit-problem", markup=False)
            yield Static("Tab next field, Left/Right choose, Enter applies, Esc cancels. "
                         "u on the game screen takes an edit back.", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self.show_fields()
        self.query_one("#edit-kind").focus()

    @property
    def kind(self) -> str:
        return self.query_one("#edit-kind", EditChoice).value

    def show_fields(self) -> None:
        wanted = set(FIELDS[self.kind]) | {"kind", "reason"}
        for field in ("kind", "power", "owner", "unit", "count", "ipcs", "tech", "reason"):
            self.query_one(f"#row-{field}").display = field in wanted

    def on_cycle_choice_changed(self, event: CycleChoice.Changed) -> None:
        event.stop()
        if event.choice.id == "edit-kind":
            self.show_fields()
        elif event.choice.id == "edit-power":
            ipcs = power_state(self.rules.board, self.state, event.value).ipcs
            self.query_one("#edit-ipcs", Input).value = str(ipcs)
        self.show_problem("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_apply()

    def show_problem(self, text: str) -> None:
        self.problem = text
        self.query_one("#edit-problem", Static).update(f"Refused: {text}" if text else "")

    def build_edit(self) -> tuple[Action | None, str | None]:
        """The edit as an engine action, or why it cannot be written yet."""
        reason = self.query_one("#edit-reason", Input).value.strip()
        if not reason:
            return None, "an edit needs a reason (it is shown in the game's log)"
        kind = self.kind
        power = self.query_one("#edit-power", EditChoice).value
        if kind in ("add", "remove"):
            text = self.query_one("#edit-count", Input).value.strip()
            if not text.isdigit() or int(text) < 1:
                return None, f"how many: a whole number of at least 1, not {text!r}"
            unit = self.query_one("#edit-unit", EditChoice).value
            cls = AddUnits if kind == "add" else RemoveUnits
            return cls(space=self.space_id, power=power, unit=unit, count=int(text), reason=reason), None
        if kind == "owner":
            owner = self.query_one("#edit-owner", EditChoice).value
            return SetOwner(space=self.space_id, power=None if owner == NOBODY else owner, reason=reason), None
        if kind == "ipcs":
            text = self.query_one("#edit-ipcs", Input).value.strip()
            if not text.isdigit():
                return None, f"IPCs: a whole number of at least 0, not {text!r}"
            return SetIpcs(power=power, ipcs=int(text), reason=reason), None
        tech = self.query_one("#edit-tech", EditChoice).value
        cls2 = GrantTech if kind == "grant" else RemoveTech
        return cls2(power=power, tech=tech, reason=reason), None

    def action_apply(self) -> None:
        edit, problem = self.build_edit()
        if edit is not None:
            problem = self.check(edit)
        if problem or edit is None:
            self.show_problem(problem or "")
            return
        self.dismiss(edit)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
