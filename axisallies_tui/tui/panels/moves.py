"""Combat and non-combat moves, in three steps: a space to move from, the units
there (how many of each, with their movement left; pieces that cannot move
say why), then a destination from those the engine accepts, with the path it
chose. Refused destinations stay listed with the engine's reason.

Loading (land units to a sea zone with a transport), unloading (units aboard
to a territory), ships carrying fighters (carrier and fighters chosen
together), strategic bombing raids (a `Raid` destination for bombers) and the
order aircraft are lost to AA fire (`o`) are all picked the same way. On the
board, `m` moves from the highlighted space and `t` tries the chosen units
there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from axisallies_tui.engine.combat import pending_battles
from axisallies_tui.engine.errors import OddsCancelled
from axisallies_tui.engine.events import units_text
from axisallies_tui.engine.movement import COMBAT_MOVE, Move
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.tui import battles, planning
from axisallies_tui.tui.info import phase_name, sentence, short_space_name
from axisallies_tui.tui.panels.base import PhasePanel, register_panel

if TYPE_CHECKING:
    from axisallies_tui.engine.odds import Odds  # numpy: loaded only when odds are worked out

FROM, UNITS, TO = "from", "units", "to"


def planned_odds_text(rules: Rules, state: GameState, moves: tuple[Move, ...],
                      stop: Callable[[], bool] | None = None,
                      progress_line: Callable[[str], None] | None = None) -> str:
    """One line: the odds of the battle these moves start or join, with every unit
    already sent there (the engine's `preview`, the battle's own procedure); ""
    when no battle would be fought. Simulated odds ask `stop` as they go (and
    raise OddsCancelled), and tell `progress_line` the line for the battles fought so far."""
    from axisallies_tui.engine.preview import preview

    def told(odds: Odds, fought: int, total: int) -> None:
        if progress_line is not None:
            progress_line(_planned_line(battles.OddsSoFar(odds, fought, total)))

    try:
        odds = preview(rules, state, *moves, with_odds=True, stop=stop, progress=told).odds
    except ValueError as problem:  # a battle the calculator cannot size up
        return f"Odds as planned: {problem}"
    if odds is None:
        return ""
    return _planned_line(odds)


def _planned_line(odds: Any) -> str:
    """The line for exact or simulated odds, or a simulation's figures so far."""
    how = battles.how_simulated(odds)
    odds = odds.odds if isinstance(odds, battles.OddsSoFar) else odds
    text = (f"Odds as planned: win {odds.attacker_win * 100:.1f}%  "
            f"lose {odds.defender_win * 100:.1f}%  draw {odds.draw * 100:.1f}%")
    # the rest of the hundred, where there is any: the player should not wonder where it went
    for label, share in (("no capture", odds.attacker_survives_no_capture),  # the battle pane says why
                         ("stalemate", odds.stalemate)):
        if share >= 0.0005:
            text += f"  {label} {share * 100:.1f}%"
    return text + (f" ({how})" if how else "")


def _panel(widget: Widget) -> "MovePanel":
    return next(a for a in widget.ancestors if isinstance(a, MovePanel))


class OriginList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,right", "select", "Pick units", id="move.from", key_display="Enter"),
    ]


class UnitTable(DataTable[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign,right", "change(1)", "More", id="move.more", key_display="+", show=False),
        Binding("minus,left", "change(-1)", "Fewer", id="move.fewer", key_display="-", show=False),
        Binding("a", "all", "All", id="move.all"),
        Binding("enter", "where", "Where to", id="move.where", key_display="Enter"),
        Binding("escape,backspace", "back", "Back", id="move.back_units", key_display="Esc"),
    ]

    def action_change(self, step: int) -> None:
        _panel(self).change(step)

    def action_all(self) -> None:
        _panel(self).choose_all()

    def action_where(self) -> None:
        _panel(self).to_destinations()

    def action_back(self) -> None:
        _panel(self).to_origins()


class DestinationList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Move", id="move.go", key_display="Enter"),
        Binding("o", "aa_order", "AA order", id="move.aa_order"),
        Binding("escape,backspace,left", "back", "Back", id="move.back_to", key_display="Esc"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "aa_order":
            return len(_panel(self).air_types) > 1
        return True

    def action_aa_order(self) -> None:
        _panel(self).cycle_aa_order()

    def action_back(self) -> None:
        _panel(self).to_units()


@register_panel("combat_move", "noncombat_move")
class MovePanel(PhasePanel):
    DEFAULT_CSS = """
    MovePanel > #move-list, MovePanel > #move-units, MovePanel > #move-to { height: 1fr; min-height: 3; }
    MovePanel > OptionList { border: none; border-left: tall $border-blurred; }
    MovePanel > OptionList:focus { border: none; border-left: tall $border; }
    MovePanel > #move-hint { height: auto; max-height: 5; }
    """

    can_focus = True

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.step = FROM
        self.origin: str | None = None
        self.groups: list[planning.UnitGroup] = []
        self.chosen: dict[str, int] = {}
        """Group key -> pieces of that group chosen to move."""
        self.dests: list[planning.Destination] = []
        self.air_types: list[str] = []
        self.aa_order: tuple[str, ...] = ()
        self._drawn: GameState | None = None
        self._dest_cache: tuple[GameState | None, dict[tuple[object, ...], list[planning.Destination]]] = (None, {})
        self.plan_odds: dict[str, str] = {}
        """Destination key -> the odds line of the battle there as planned ("" for
        no battle), for the units chosen now; cleared when the choice changes."""
        self.plan_odds_so_far: dict[str, str] = {}
        """The same while a simulation is still on them: its figures so far."""

    def compose(self) -> ComposeResult:
        yield Static("", id="move-title", classes="panel-title", markup=False)
        yield Static("", id="move-text", classes="panel-text", markup=False)
        yield OriginList(id="move-list", markup=False)
        yield UnitTable(id="move-units", cursor_type="row")
        yield DestinationList(id="move-to", markup=False)
        yield Static("", id="move-hint", classes="panel-text", markup=False)
        yield Static("", id="move-keys", classes="panel-keys", markup=False)

    def on_mount(self) -> None:
        table = self.query_one(UnitTable)
        table.add_column("Unit", key="unit")
        table.add_column("Here", key="here")
        table.add_column("Move", key="move")
        table.add_column("Left", key="left")
        table.add_column("Note", key="note")
        super().on_mount()

    # -- reading ----------------------------------------------------------------------
    @property
    def combat(self) -> bool:
        return self.session.state.phase == COMBAT_MOVE

    def chosen_uids(self) -> tuple[int, ...]:
        uids: list[int] = []
        for group in self.groups:
            uids.extend(group.uids[: self.chosen.get(group.key, 0)])
        return tuple(uids)

    def moving_text(self) -> str:
        """`2 × infantry, 1 armour`: the pieces chosen."""
        counts: dict[str, int] = {}
        for group in self.groups:
            if self.chosen.get(group.key):
                counts[group.type] = counts.get(group.type, 0) + self.chosen[group.key]
        return ", ".join(units_text(self.session.rules.edition, t, n) for t, n in counts.items())

    def current_group(self) -> planning.UnitGroup | None:
        table = self.query_one(UnitTable)
        if not self.groups:
            return None
        return self.groups[min(table.cursor_row, len(self.groups) - 1)]

    def focus_first(self) -> None:
        target = self.query_one({FROM: "#move-list", UNITS: "#move-units", TO: "#move-to"}[self.step])
        # at once, not after the queued keys: a player typing ahead (Enter, Down, a)
        # must reach the list now shown, not the one just hidden
        try:
            self.screen.set_focus(target)
        except Exception:  # not mounted on a screen yet
            target.focus()

    # -- drawing ------------------------------------------------------------------------
    def show_state(self) -> None:
        state = self.session.state
        was = self.step
        if self._drawn is not None and state is not self._drawn:
            # something was played (a move, an undo, an edit): start the group afresh
            self.chosen = {}
            self.dests = []
            if self.origin and planning.movable_here(self.session.rules, state, self.origin):
                self.step = UNITS if self.step != FROM else FROM
            else:
                self.step = FROM
        self._drawn = state
        self._draw()
        if self.step != was:
            focused = self.screen.focused if self.is_attached else None
            if focused is None or self in focused.ancestors_with_self:
                self.focus_first()

    def _draw(self) -> None:
        rules = self.session.rules
        phase = phase_name(rules.edition, self.session.state.phase)
        for selector, step in (("#move-list", FROM), ("#move-units", UNITS), ("#move-to", TO)):
            self.query_one(selector).display = self.step == step
        where = short_space_name(rules.board.space(self.origin)) if self.origin else ""
        titles = {FROM: f"{phase}: pick a space", UNITS: f"{phase}: units in {where}",
                  TO: f"{phase}: where to from {where}"}
        self.query_one("#move-title", Static).update(titles[self.step])
        {FROM: self._draw_origins, UNITS: self._draw_units, TO: self._draw_destinations}[self.step]()

    def _set(self, text: str, hint: str, keys: str) -> None:
        self.query_one("#move-text", Static).update(text)
        self.query_one("#move-hint", Static).update(hint)
        self.query_one("#move-keys", Static).update(keys)

    def _draw_origins(self) -> None:
        rules, state = self.session.rules, self.session.state
        spaces = planning.origins(rules, state)
        listing = self.query_one(OriginList)
        keep = self.origin
        listing.set_options([Option(planning.origin_label(rules, state, space_id), id=space_id)
                             for space_id in spaces])
        if spaces:
            listing.highlighted = spaces.index(keep) if keep in spaces else 0
        if self.combat:
            battles = [short_space_name(rules.board.space(s)) for s in pending_battles(rules, state)]
            planned = sentence(f"Attacks so far: {', '.join(battles)}") if battles else "No attacks yet."
            text = "Every unit moved now must attack or support an assault. " + planned
        else:
            text = "Move units within friendly ground; aircraft must end where they can land."
        if not spaces:
            text = "Nothing left that can move in this phase. Press e to end it."
        self._set(text, "", "Enter pick  m/t on board: from/to  u undo  e end")

    def _draw_units(self) -> None:
        rules, state = self.session.rules, self.session.state
        assert self.origin is not None
        current = self.current_group() if self.query_one(UnitTable).row_count else None
        keep = current.key if current is not None else None
        self.groups = planning.unit_groups(rules, state, self.origin)
        table = self.query_one(UnitTable)
        table.clear()
        for group in self.groups:
            n = self.chosen.get(group.key, 0)
            note = "cannot move" if group.stuck else group.note
            table.add_row(group.label, str(group.count), str(n) if n else "", str(group.left), note, key=group.key)
        keys = [g.key for g in self.groups]
        table.move_cursor(row=keys.index(keep) if keep in keys else 0, animate=False)
        self._show_unit_text()

    def _show_unit_text(self) -> None:
        total = sum(self.chosen.values())
        group = self.current_group()
        hint = f"Cannot move: {group.stuck}." if group is not None and group.stuck else ""
        if not self.groups:
            text = "None of your units here can move."
        elif total:
            text = f"Moving {self.moving_text()}."
        else:
            text = "Choose how many of each with + and -, or a for all of a line."
        self._set(text, hint, "+/- choose  a all  Enter where to  Esc back")

    def _draw_destinations(self) -> None:
        rules = self.session.rules
        listing = self.query_one(DestinationList)
        keep = listing.highlighted_option.id if listing.highlighted_option is not None else None
        options: list[Option | None] = []
        for index, dest in enumerate(self.dests):
            if not dest.ok and (index == 0 or self.dests[index - 1].ok):
                options.append(None)  # a rule between the places to go and those refused
            options.append(Option(planning.describe(rules, dest), id=dest.key))
        listing.set_options(options)  # one update, not one per line
        keys = [d.key for d in self.dests]
        if keys:
            listing.highlighted = listing.get_option_index(keep if keep in keys else keys[0])
        good = sum(1 for d in self.dests if d.ok)
        moving = self.moving_text()
        if good:
            text = f"{moving}: {good} place{'s' if good != 1 else ''} to go."
        elif self.dests and len({d.problem for d in self.dests}) == 1:
            text = f"{moving}: refused everywhere: {self.dests[0].problem}."
        elif self.dests:
            text = f"{moving}: nowhere they may go in this phase (reasons below)."
        else:
            text = f"{moving}: no place within reach for this phase. Try a space with t on the board."
        if len(self.air_types) > 1:
            order = self.aa_order or tuple(self.air_types)
            text += f" AA fire takes {rules.edition.unit(order[0]).name.lower()}s first (o changes)."
        aa_key = "o AA order  " if len(self.air_types) > 1 else ""
        self._set(text, self._destination_hint(), f"Enter move  {aa_key}t on board: try there  Esc back")

    def _destination_hint(self, start: bool = True) -> str:
        """The path to the highlighted destination and the odds of the battle there
        as planned; unknown odds are set to work (`start`) and read "working..."
        or the simulation's figures so far until they come."""
        option = self.query_one(DestinationList).highlighted_option
        dest = next((d for d in self.dests if option is not None and d.key == option.id), None)
        if dest is None or self.origin is None:
            return ""
        path = planning.path_text(self.session.rules, self.origin, dest)
        if self.combat and dest.ok and not dest.raid and dest.moves:
            known = self.plan_odds.get(dest.key)
            if known is None:
                if start:
                    self._start_plan_odds(dest)
                return path + "\n" + self.plan_odds_so_far.get(dest.key, "Odds as planned: working...")
            return path + ("\n" + known if known else "")
        return path

    def _start_plan_odds(self, dest: planning.Destination) -> None:
        """The odds of the battle there as planned so far (units already sent there
        and these), computed in a thread so a big battle never freezes the screen."""
        rules, state, moves, key = self.session.rules, self.session.state, dest.moves, dest.key
        self.plan_odds_so_far.pop(key, None)  # a new run counts its battles from the start

        def compute() -> None:
            worker = get_current_worker()  # exclusive: the next destination's odds cancel these

            def show(text: str, final: bool) -> None:
                if worker.is_cancelled:
                    return  # for units or a destination no longer chosen
                try:
                    self.app.call_from_thread(self._show_plan_odds, state, key, moves, text, final)
                except RuntimeError:  # the app closed while computing
                    pass

            try:
                text = planned_odds_text(rules, state, moves, stop=lambda: worker.is_cancelled,
                                         progress_line=lambda line: show(line, False))
            except OddsCancelled:
                return
            show(text, True)

        self.run_worker(compute, thread=True, exclusive=True, group="plan-odds", exit_on_error=False)

    def _show_plan_odds(self, state: GameState, key: str, moves: tuple[Move, ...], text: str, final: bool) -> None:
        if state is not self.session.state or not self.is_attached:
            return  # something was played meanwhile (these odds are for another position), or gone
        if not any(d.key == key and d.moves == moves for d in self.dests):
            return  # for units no longer the ones chosen
        (self.plan_odds if final else self.plan_odds_so_far)[key] = text
        option = self.query_one(DestinationList).highlighted_option
        if self.step == TO and option is not None and option.id == key:
            self.query_one("#move-hint", Static).update(self._destination_hint(start=False))

    # -- moving between the steps ---------------------------------------------------------------
    def to_origins(self) -> None:
        self.step = FROM
        self.chosen = {}
        self._drop_plan_odds()
        self._draw()
        self.focus_first()

    def open_origin(self, space: str) -> None:
        if self.origin != space:
            self.chosen = {}
            self.aa_order = ()
            self.groups = []  # a new space: the cursor starts on its first line
        self.origin = space
        self.step = UNITS
        self._draw()
        self.focus_first()

    def to_units(self) -> None:
        if self.origin is None:
            self.to_origins()
            return
        self.step = UNITS
        self._drop_plan_odds()
        self._draw()
        self.focus_first()

    def to_destinations(self) -> None:
        if not sum(self.chosen.values()):
            group = self.current_group()
            if group is None:
                self.post_message(self.Problem("nothing here can move"))
                return
            if group.stuck:
                self.post_message(self.Problem(group.stuck))
                return
            self.chosen = {group.key: group.count}  # Enter on a line with nothing chosen: all of it
        self._compute_destinations()
        self.step = TO
        self.query_one(DestinationList).highlighted = None  # a new list opens at its first line
        self._draw()
        self.focus_first()

    def _compute_destinations(self, extra: tuple[str, ...] = ()) -> None:
        rules, state = self.session.rules, self.session.state
        assert self.origin is not None
        uids = self.chosen_uids()
        self.air_types = planning.aircraft_types(rules, state, self.origin, uids)
        if set(self.aa_order) != set(self.air_types):
            self.aa_order = ()
        key = (self.origin, uids, self.aa_order, extra)
        if self._dest_cache[0] is not state:
            self._dest_cache = (state, {})
        known = self._dest_cache[1]
        if key not in known:  # each choice is asked of the engine once per position
            known[key] = planning.destinations(rules, state, self.origin, uids, self.aa_order, extra)
        self.dests = list(known[key])
        self._drop_plan_odds()

    def _drop_plan_odds(self) -> None:
        """Other units chosen, or the destinations left: the odds worked out for
        them no longer apply, and a simulation still on them stops."""
        self.workers.cancel_group(self, "plan-odds")
        self.plan_odds, self.plan_odds_so_far = {}, {}

    # -- choosing ------------------------------------------------------------------------------
    def change(self, step: int) -> None:
        group = self.current_group()
        if group is None:
            return
        if group.stuck:
            self.post_message(self.Problem(group.stuck))
            return
        n = self.chosen.get(group.key, 0) + step
        if n < 0:
            return
        if n > group.count:
            self.post_message(self.Problem(f"only {group.count} {group.label} here"))
            return
        self.chosen[group.key] = n
        self._refresh_row(group)

    def choose_all(self) -> None:
        group = self.current_group()
        if group is None:
            return
        if group.stuck:
            self.post_message(self.Problem(group.stuck))
            return
        self.chosen[group.key] = 0 if self.chosen.get(group.key) == group.count else group.count
        self._refresh_row(group)

    def _refresh_row(self, group: planning.UnitGroup) -> None:
        n = self.chosen.get(group.key, 0)
        self.query_one(UnitTable).update_cell(group.key, "move", str(n) if n else "")
        self._show_unit_text()

    def cycle_aa_order(self) -> None:
        if len(self.air_types) < 2:
            self.post_message(self.Problem("the AA loss order matters only with more than one kind of aircraft"))
            return
        order = list(self.aa_order or self.air_types)
        self.aa_order = tuple(order[1:] + order[:1])
        self._compute_destinations()
        self._draw()

    def move(self, key: str) -> None:
        dest = next((d for d in self.dests if d.key == key), None)
        if dest is None or self.origin is None:
            return
        if not dest.ok:
            self.post_message(self.Problem(dest.problem or "refused"))
            return
        self.post_message(self.Submit(*dest.moves))

    # -- the board ------------------------------------------------------------------------------
    def move_from(self, space: str) -> None:
        rules, state = self.session.rules, self.session.state
        if not any(u.power == state.power for u in state.spaces[rules.board.space(space).index].units):
            self.post_message(self.Problem(f"you have no units in {rules.board.space(space).name}"))
            return
        self.open_origin(space)

    def move_to(self, space: str) -> None:
        if self.origin is None or not self.chosen_uids():
            self.post_message(self.Problem("choose units to move first (m on the board picks where from)"))
            return
        if space == self.origin:
            self.post_message(self.Problem("the units are already there"))
            return
        rules, state = self.session.rules, self.session.state
        aa_order = self.aa_order if len(self.air_types) > 1 else ()
        moves = [Move(origin=self.origin, destination=space, uids=group, aa_order=aa_order)
                 for group in planning.split_groups(rules, state, self.origin, self.chosen_uids())]
        self.post_message(self.Submit(*moves))

    # -- events -------------------------------------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_list.id == "move-list" and event.option.id:
            self.post_message(self.ShowSpace(event.option.id))
        elif event.option_list.id == "move-to":
            self.query_one("#move-hint", Static).update(self._destination_hint())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None:
            return
        if event.option_list.id == "move-list":
            self.open_origin(event.option.id)
        elif event.option_list.id == "move-to":
            self.move(event.option.id)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if self.step == UNITS:
            self._show_unit_text()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()

    # -- leaving the phase ------------------------------------------------------------------------
    def end_phase_warning(self) -> str | None:
        if self.combat:
            return None
        return planning.lost_aircraft_text(self.session.rules, self.session.state)
