"""Place new units: the units waiting, and for the highlighted one every space
where the rules let it go (from `engine.legal.legal_actions`)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from axisallies_tui.engine.actions import Action, Place
from axisallies_tui.engine.economy import factory_capacity, placement_problem
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.queries import power_state, unplaced_count
from axisallies_tui.engine.tx import Tx
from axisallies_tui.tui.info import short_space_name
from axisallies_tui.tui.panels.base import PhasePanel, register_panel
from axisallies_tui.tui.session import NoDice


class WaitingList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,right", "to_targets", "Choose space", id="place.choose", key_display="Enter"),
        Binding("a", "place_all", "Place all", id="place.all_here"),
    ]

    def action_to_targets(self) -> None:
        self.screen.query_one("#targets", OptionList).focus()

    def action_place_all(self) -> None:
        """`a` from the unit list: all of them into the space highlighted below
        (the first one offered), as a player pressing the key would expect."""
        targets = self.screen.query_one("#targets", TargetList)
        if targets.highlighted is None and targets.option_count:
            targets.highlighted = 0
        targets.action_place(True)


class TargetList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "place(False)", "Place 1", id="place.one", key_display="Enter"),
        Binding("a", "place(True)", "Place all", id="place.all"),
        Binding("left", "to_waiting", "Units", show=False),
    ]

    def action_place(self, everything: bool) -> None:
        panel = next(a for a in self.ancestors if isinstance(a, PlacePanel))
        if self.highlighted is not None:
            option = self.get_option_at_index(self.highlighted)
            if option.id:
                panel.place(option.id, everything)

    def action_to_waiting(self) -> None:
        self.screen.query_one("#waiting", OptionList).focus()


@register_panel("place")
class PlacePanel(PhasePanel):
    title = "Place new units"

    DEFAULT_CSS = """
    PlacePanel > #waiting { height: auto; max-height: 6; }
    PlacePanel > #targets { height: 1fr; min-height: 3; }
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.unit: str | None = None
        self.targets: dict[str, int | None] = {}

    def compose(self) -> ComposeResult:
        yield Static(self.title, classes="panel-title")
        yield Static("", id="place-text", classes="panel-text", markup=False)
        yield WaitingList(id="waiting", markup=False)
        yield Static("Where it may go:", id="targets-title", classes="panel-text", markup=False)
        yield TargetList(id="targets", markup=False)
        yield Static("Enter place 1   a place all   p from board   u undo   e end",
                     classes="panel-keys", markup=False)

    def focus_first(self) -> None:
        waiting = self.query_one("#waiting", OptionList)
        (waiting if waiting.option_count else self).focus()

    can_focus = True

    def show_state(self) -> None:
        rules, state = self.session.rules, self.session.state
        ps = power_state(rules.board, state, state.power)
        waiting = self.query_one("#waiting", OptionList)
        keep = self.unit
        waiting.clear_options()
        for unit_id, count in ps.unplaced:
            waiting.add_option(Option(f"{count} x {rules.edition.unit(unit_id).name}", id=unit_id))
        ids = [u for u, _ in ps.unplaced]
        for selector in ("#waiting", "#targets-title", "#targets"):
            self.query_one(selector).display = bool(ids)
        if not ids:
            self.unit = None
            self.query_one("#place-text", Static).update(
                "Nothing is waiting to be placed. Press e to end the phase and collect income."
            )
            self.query_one("#targets", OptionList).clear_options()
            self._keep_focus()
            return
        total = sum(n for _, n in ps.unplaced)
        self.query_one("#place-text", Static).update(f"{total} unit(s) waiting. Pick one, then a space.")
        self.unit = keep if keep in ids else ids[0]
        waiting.highlighted = ids.index(self.unit)
        self.show_targets()
        self._keep_focus()

    def _keep_focus(self) -> None:
        """A list that held the keyboard and was hidden (everything placed), or no
        focus at all, or the bare panel (after an undo brought the lists back):
        the keyboard goes to the unit list, so the next key does something here."""
        if not self.is_attached:
            return
        focused = self.screen.focused
        if focused is None or focused is self or (self in focused.ancestors_with_self and not focused.display):
            self.focus_first()

    def show_targets(self) -> None:
        rules, state = self.session.rules, self.session.state
        targets = self.query_one("#targets", OptionList)
        # the space highlighted stays highlighted: the next unit goes where the last went
        was = targets.get_option_at_index(targets.highlighted).id if targets.highlighted is not None else None
        targets.clear_options()
        self.targets = {}
        if self.unit is None:
            return
        tx = Tx(rules, state, NoDice())
        unit = rules.edition.unit(self.unit)
        spaces = [a.space for a in legal_actions(rules, state) if isinstance(a, Place) and a.unit == self.unit]
        for space_id in spaces:
            _problem, factory = placement_problem(tx, unit, space_id, None)
            room = factory_capacity(tx, factory, state.power) if factory and not unit.has("factory") else None
            self.targets[space_id] = room
            where = short_space_name(rules.board.space(space_id))
            notes = []
            if factory and factory != space_id:
                notes.append(f"from {rules.board.space(factory).name}")
            if room is not None:
                notes.append(f"{room} more this turn")
            elif not unit.has("factory"):
                notes.append("no limit")
            label = f"{where} ({', '.join(notes)})" if notes else where
            targets.add_option(Option(label, id=space_id))
        if not spaces:
            targets.add_option(Option("nowhere: this unit cannot be placed now", disabled=True))
        else:
            targets.highlighted = spaces.index(was) if was in spaces else 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "waiting" and event.option.id and event.option.id != self.unit:
            self.unit = event.option.id
            self.show_targets()

    def place(self, space: str, everything: bool) -> None:
        if self.unit is None:
            self.post_message(self.Problem("nothing is waiting to be placed"))
            return
        rules, state = self.session.rules, self.session.state
        ps = power_state(rules.board, state, state.power)
        have = unplaced_count(ps, self.unit)
        count = 1
        if everything:
            unit = rules.edition.unit(self.unit)
            room = self.targets.get(space)
            count = 1 if unit.has("one_per_territory") or unit.has("factory") else have
            if room is not None:
                count = max(1, min(count, room))
        self.post_message(self.Submit(Place(unit=self.unit, space=space, count=count)))

    def place_in(self, space: str) -> None:
        """From the board: try one of the highlighted unit in `space`; the engine says why not."""
        if self.unit is None:
            self.post_message(self.Problem("nothing is waiting to be placed"))
            return
        self.post_message(self.Submit(Place(unit=self.unit, space=space, count=1)))

    def end_phase_warning(self) -> str | None:
        rules, state = self.session.rules, self.session.state
        ps = power_state(rules.board, state, state.power)
        total = sum(n for _, n in ps.unplaced)
        if not total:
            return None
        return f"{total} unit(s) are still waiting and will be lost if the phase ends. End it anyway?"

    def before_end_phase(self) -> list[Action]:
        return []
