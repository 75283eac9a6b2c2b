"""The battle pane: the battles left to fight (the attacker picks the order),
both sides and the exact odds as the battle stands; then, while a battle is
fought, the casualty choice (the default offered, counts per type) and the
retreat question. Each answer advances the battle to its next decision; the
dice go to the feed from the engine's events.

Who answers is the decision's power: the defender picks its own casualties.
The game screen hands the keyboard over when that is another player.
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import frozen
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from axisallies_tui.engine.actions import Answer
from axisallies_tui.engine.combat import RAID, Fight, by_piece, retreat_label
from axisallies_tui.engine.errors import OddsCancelled
from axisallies_tui.engine.queries_ui import casualty_note
from axisallies_tui.engine.state import GameState
from axisallies_tui.tui import battles
from axisallies_tui.tui.info import player_for, power_label, sentence, short_space_name
from axisallies_tui.tui.panels.base import PhasePanel, register_panel


@frozen
class OddsFailed:
    """The odds of a battle could not be worked out (a house rule's bug): shown
    as such instead of leaving 'odds...' on the screen."""

    reason: str


ODDS_WORK = "battle-odds"
"""The worker group of a pane's odds: cancelled when the position moves on."""

WORKING = object()
"""Odds asked for and not worked out yet (a worker thread is on them)."""


def _panel(widget: Widget) -> Any:
    return next(a for a in widget.ancestors if isinstance(a, BattlePaneBase))


class BattlePaneBase(PhasePanel):
    """What the battle panels share: the odds calculator key, the answering
    player's name, the last dice rolled and a cache of odds for this position."""

    DEFAULT_CSS = """
    BattlePaneBase > .battle-info { height: auto; max-height: 8; }
    BattlePaneBase > VerticalScroll.battle-info { height: 1fr; min-height: 3; max-height: 100%; }
    BattlePaneBase > OptionList { border: none; border-left: tall $border-blurred; }
    BattlePaneBase > OptionList:focus { border: none; border-left: tall $border; }
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._odds: dict[str, Any] = {}
        self._odds_state: GameState | None = None
        self._odds_wanted: set[str] = set()
        self._odds_asked: set[str] = set()

    def odds(self, space: str) -> Any | None:
        """The odds of the battle in `space` as it stands (None for a raid), or
        WORKING while a worker thread works them out: simulated odds (a battle
        that house rules change) take seconds, and the screen must not freeze
        for them, nor for the calculator's first load. They are shown when they
        come (`show_odds`); odds of a position already left are dropped."""
        self.forget_stale_odds()
        if space in self._odds:
            return self._odds[space]
        if space not in self._odds_asked:
            if not self._odds_wanted:
                self.call_after_refresh(self._work_out_odds)
            self._odds_wanted.add(space)
            self._odds_asked.add(space)
        return WORKING

    def forget_stale_odds(self) -> None:
        """On a new position (each `show_state` asks): stop the simulation still
        running for the old one and forget its odds."""
        state = self.session.state
        if self._odds_state is not state:
            self.workers.cancel_group(self, ODDS_WORK)
            self._odds, self._odds_state, self._odds_asked, self._odds_wanted = {}, state, set(), set()

    def _work_out_odds(self) -> None:
        wanted, self._odds_wanted = self._odds_wanted, set()
        state, rules = self.session.state, self.session.rules
        if self._odds_state is not state or not self.is_attached or not wanted:
            return

        def work_out() -> None:
            worker = get_current_worker()
            for space in sorted(wanted):
                if worker.is_cancelled:
                    return

                def so_far(odds: Any, fought: int, total: int, space: str = space) -> None:
                    try:
                        self.app.call_from_thread(self._odds_found, state, space,
                                                  battles.OddsSoFar(odds, fought, total))
                    except RuntimeError:  # the app closed meanwhile: the simulation's stop says so next
                        pass

                try:
                    odds: Any = battles.odds_for(rules, state, space, stop=lambda: worker.is_cancelled,
                                                 progress=so_far)
                except OddsCancelled:
                    return
                except Exception as problem:  # a rule's bug: say so, never 'odds...' for good
                    odds = OddsFailed(f"{type(problem).__name__}: {problem}")
                try:
                    self.app.call_from_thread(self._odds_found, state, space, odds)
                except RuntimeError:  # the app closed meanwhile
                    return

        self.run_worker(work_out, thread=True, group=ODDS_WORK, exit_on_error=False)

    def _odds_found(self, state: GameState, space: str, odds: Any) -> None:
        if self._odds_state is not state or not self.is_attached:
            return  # the battle moved on while they were worked out
        self._odds[space] = odds
        self.show_odds()

    def show_odds(self) -> None:
        """Odds have come: redraw what shows them, and nothing the player may be
        moving through (highlights, the board's cursor)."""

    def who(self, power: str) -> str:
        """`SU Soviet Union (Ann)`."""
        player = player_for(self.session.players, power)
        label = power_label(self.session.rules.board, power)
        return f"{label} ({player})" if player else label

    def last_rolls(self) -> list[str]:
        """The dice and losses of the last action, as the feed words them."""
        step = self.session.last_step
        wanted = ("dice_rolled", "casualties", "casualties_chosen", "retreated")
        if step is None:  # a game just opened: the end of its feed
            records = self.session.feed()[-8:]
            return [str(r.get("text", "")) for r in records if r.get("event") in wanted][-4:]
        rules = self.session.rules
        return [e.text(rules.board, rules.edition) for e in step.events if e.kind in wanted][-4:]

    def battle_space(self) -> str | None:
        state = self.session.state
        return state.battle.space if state.battle is not None else None

    def info_lines(self, space: str, with_odds: bool = True, header: bool = True,
                   kind: str | None = None) -> list[str]:
        rules, state = self.session.rules, self.session.state
        lines = battles.battle_lines(rules, state, space, kind)
        if not header:
            lines = lines[1:]
        odds = self.odds(space) if with_odds and kind != RAID else None
        if odds is WORKING:
            lines.append("Odds: working them out...")
        elif isinstance(odds, OddsFailed):
            lines.append(f"Odds: could not be worked out ({odds.reason})")
        elif odds is not None:
            lines += battles.odds_lines(rules, odds, rules.board.space(space).is_land)
        return lines

    def open_odds(self, space: str | None) -> None:
        opener = getattr(self.app, "show_odds", None)
        if opener is not None:
            opener(self.session, space)


class BattleList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Fight", id="battle.fight", key_display="Enter"),
        Binding("o", "odds", "Odds", id="battle.odds"),
    ]

    def action_odds(self) -> None:
        panel = _panel(self)
        option = self.highlighted_option
        panel.open_odds(battles.fight_of(option.id)[0] if option is not None and option.id else None)


@register_panel("conduct_combat")
class BattlePanel(BattlePaneBase):
    """Conduct combat with no battle under way: pick the next one to fight."""

    DEFAULT_CSS = """
    BattlePanel > #battle-list { height: auto; max-height: 5; }
    """

    can_focus = True

    def compose(self) -> ComposeResult:
        yield Static("Conduct combat", classes="panel-title")
        yield Static("", id="battle-text", classes="panel-text", markup=False)
        yield BattleList(id="battle-list", markup=False)
        with VerticalScroll(classes="battle-info"):
            yield Static("", id="battle-info", markup=False)
        yield Static("Enter fight   o odds calculator   e end", id="battle-keys", classes="panel-keys",
                     markup=False)

    def focus_first(self) -> None:
        listing = self.query_one(BattleList)
        (listing if listing.display else self).focus()

    def show_state(self) -> None:
        self.forget_stale_odds()
        rules, state = self.session.rules, self.session.state
        fights = battles.battle_list(rules, state)
        entries = [battles.fight_id(space_id, kind) for space_id, kind in fights]
        listing = self.query_one(BattleList)
        keep = listing.highlighted_option.id if listing.highlighted_option is not None else None
        listing.clear_options()
        for (space_id, kind), entry in zip(fights, entries):
            listing.add_option(Option(self._label(space_id, kind), id=entry))
        listing.display = bool(fights)
        if fights:
            listing.highlighted = entries.index(keep) if keep in entries else 0
            self._show_count(len(fights))
        else:
            done_here = state.turn.battles_done
            fought = [short_space_name(rules.board.space(s.removeprefix("raid:")))
                      + (" (raid)" if s.startswith("raid:") else "")
                      for s in done_here if f"raid:{s}" not in done_here]
            done = " " + sentence(f"Fought this turn: {', '.join(fought)}") if fought else ""
            self.query_one("#battle-text", Static).update(
                f"Every battle is fought.{done} Press e to go on to the non-combat move.")
            self.query_one("#battle-info", Static).update("")
            self.query_one("#battle-keys", Static).update("e end the phase   F1 rules")
            if self.screen.focused is listing:
                self.focus()
        self._show_info()

    def _label(self, space_id: str, kind: str) -> str:
        rules, state = self.session.rules, self.session.state
        name = short_space_name(rules.board.space(space_id))
        if kind == RAID:
            label = f"Bombing raid on {name}"
        else:
            odds = self.odds(space_id)
            shown = ("odds..." if odds is WORKING else "odds unavailable" if isinstance(odds, OddsFailed)
                     else battles.short_odds(odds))
            label = f"{name}: {shown}"
        later = battles.order_problem(rules, state, space_id, kind)
        return f"{label} ({later})" if later else label

    def _show_count(self, count: int) -> None:
        simulated = any(battles.is_simulated(odds) for odds in self._odds.values())
        working = any(space not in self._odds for space in self._odds_asked)
        how = ("Odds marked ~ are simulated: house rules change those battles." if simulated
               else "" if working else "Odds are exact for the battle as it stands.")
        self.query_one("#battle-text", Static).update(f"{count} to fight; you choose the order. {how}")

    def show_odds(self) -> None:
        listing = self.query_one(BattleList)
        for index in range(listing.option_count):
            entry = listing.get_option_at_index(index).id
            if entry:
                listing.replace_option_prompt_at_index(index, self._label(*battles.fight_of(entry)))
        if listing.option_count:
            self._show_count(listing.option_count)
        self._show_info()

    def _show_info(self) -> None:
        option = self.query_one(BattleList).highlighted_option
        if option is None or option.id is None:
            return
        space_id, kind = battles.fight_of(option.id)
        self.query_one("#battle-info", Static).update("\n".join(self.info_lines(space_id, kind=kind)))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.ShowSpace(battles.fight_of(event.option.id)[0]))
        self._show_info()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            space_id, kind = battles.fight_of(event.option.id)
            self.post_message(self.Submit(Fight(space=space_id, fight_kind=kind)))


class CasualtyTable(DataTable[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign,right", "change(1)", "More", id="casualty.more", key_display="+", show=False),
        Binding("minus,left", "change(-1)", "Fewer", id="casualty.fewer", key_display="-", show=False),
        Binding("d", "default", "Default", id="casualty.default"),
        Binding("enter", "confirm", "Confirm", id="casualty.confirm", key_display="Enter"),
        Binding("o", "odds", "Odds", id="casualty.odds", show=False),
    ]

    def action_change(self, step: int) -> None:
        _panel(self).change(step)

    def action_default(self) -> None:
        _panel(self).reset()

    def action_confirm(self) -> None:
        _panel(self).confirm()

    def action_odds(self) -> None:
        panel = _panel(self)
        panel.open_odds(panel.battle_space())


@register_panel(*(f"@decision:{kind}" for kind in battles.CASUALTY_KINDS))
class CasualtyPanel(BattlePaneBase):
    """Choose casualties: one line per type (and `damage only` for two-hit
    ships), the cheapest-first default filled in."""

    DEFAULT_CSS = """
    CasualtyPanel > #casualty-table { height: auto; max-height: 8; }
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.slots: list[battles.Slot] = []
        self.picks: dict[str, int] = {}
        self.default_picks: dict[str, int] = {}
        self.default_why = ""
        self._question: object = None

    def compose(self) -> ComposeResult:
        yield Static("", id="casualty-title", classes="panel-title", markup=False)
        yield Static("", id="casualty-who", classes="panel-text", markup=False)
        with VerticalScroll(classes="battle-info"):
            yield Static("", id="battle-info", markup=False)
        yield CasualtyTable(id="casualty-table", cursor_type="row")
        yield Static("", id="casualty-total", classes="panel-text", markup=False)
        yield Static("+/- change   d default   Enter confirm   o odds", classes="panel-keys", markup=False)

    def on_mount(self) -> None:
        table = self.query_one(CasualtyTable)
        table.add_column("Unit", key="unit")
        table.add_column("Here", key="here")
        table.add_column("Lose", key="lose")
        table.add_column("Note", key="note")
        super().on_mount()

    def focus_first(self) -> None:
        self.query_one(CasualtyTable).focus()

    @property
    def kind(self) -> str:
        pending = self.session.state.pending
        return pending.kind if pending is not None else ""

    def needed(self) -> int:
        """The hits to take (fewer than scored when submarine hits find no ship)."""
        state = self.session.state
        return battles.casualty_question(self.session.rules, state, self.kind).hits if state.battle else 0

    def show_state(self) -> None:
        self.forget_stale_odds()
        rules, state = self.session.rules, self.session.state
        pending = state.pending
        if pending is None or state.battle is None:
            return
        space = state.battle.space
        table = self.query_one(CasualtyTable)
        keep_row = table.cursor_row if self._question is state else 0  # a refusal keeps the player's place
        if self._question is not state:  # a new question: start from the default
            self._question = state
            self.slots = battles.casualty_slots(rules, state, pending.kind)
            self.default_picks, self.default_why = self.work_out_default()
            self.picks = dict(self.default_picks)
        name = short_space_name(rules.board.space(space))
        self.query_one("#casualty-title", Static).update(f"Battle for {name}, round {state.battle.round}: casualties")
        needed = self.needed()
        self.query_one("#casualty-who", Static).update(
            f"{self.who(pending.power)} chooses {needed} casualt{'y' if needed == 1 else 'ies'}. "
            f"{battles.casualty_note(rules, pending.kind)}{battles.sea_hits_note(rules, state, pending.kind)}")
        info = self.last_rolls() + self.info_lines(space, with_odds=False, header=False)
        self.query_one("#battle-info", Static).update("\n".join(info))
        table.clear()
        single = len({s.power for s in self.slots}) <= 1
        for slot in self.slots:
            n = self.picks.get(slot.key(), 0)
            note = casualty_note(rules, state, space, battles.slot_units(rules, state, pending.kind, slot),
                                 slot.damage)
            table.add_row(battles.slot_label(rules, slot, single), str(slot.available), str(n) if n else "", note,
                          key=slot.key())
        if self.slots:
            table.move_cursor(row=min(keep_row, len(self.slots) - 1))
        self._show_total()

    def _show_total(self) -> None:
        chosen = battles.hits_chosen(self.slots, self.picks)
        needed = self.needed()
        mark = f" (the default: {self.default_why})" if self.picks == self.default_picks else ""
        more = "" if chosen == needed else f": {'add' if chosen < needed else 'take off'} {abs(needed - chosen)}"
        self.query_one("#casualty-total", Static).update(f"Chosen {chosen} of {needed}{mark}{more}.")

    def current_slot(self) -> battles.Slot | None:
        table = self.query_one(CasualtyTable)
        if not self.slots:
            return None
        return self.slots[min(table.cursor_row, len(self.slots) - 1)]

    def change(self, step: int) -> None:
        slot = self.current_slot()
        if slot is None:
            return
        n = self.picks.get(slot.key(), 0) + step
        if n < 0:
            return
        if n > slot.available:
            what = "can take damage" if slot.damage else "are here"
            name = self.session.rules.edition.unit(slot.type).name.lower()
            self.post_message(self.Problem(f"only {slot.available} {name} {what}"))
            return
        self.picks[slot.key()] = n
        self.query_one(CasualtyTable).update_cell(slot.key(), "lose", str(n) if n else "")
        self._show_total()

    def work_out_default(self) -> tuple[dict[str, int], str]:
        """The player's remembered order, else the lowest loss counting cargo;
        the engine's default if the engine would refuse ours."""
        rules, state = self.session.rules, self.session.state
        pending = state.pending
        engine_default = battles.parse_answer(rules, pending.default if pending else None, self.slots)
        loaded = by_piece(rules) and any(p.cargo for p in battles.casualty_question(rules, state, self.kind).pieces)
        engine_why = "lowest loss, a loaded transport counted with its cargo" if loaded else "cheapest first"
        if pending is None:
            return engine_default, engine_why
        order = self.session.loss_orders.get(pending.power, [])
        picks = battles.sensible_picks(rules, state, pending.kind, self.slots, self.needed(), order)
        if picks == engine_default:
            return engine_default, "your order of loss" if order else engine_why
        if battles.hits_chosen(self.slots, picks) != self.needed() or self.session.problem(
                Answer(choice=battles.write_answer(self.slots, picks, rules))) is not None:
            return engine_default, engine_why
        return picks, ("your order of loss from the last battle" if order
                       else "lowest loss, a loaded transport counted with its cargo")

    def reset(self) -> None:
        self.picks = dict(self.default_picks)
        for slot in self.slots:
            n = self.picks.get(slot.key(), 0)
            self.query_one(CasualtyTable).update_cell(slot.key(), "lose", str(n) if n else "")
        self._show_total()

    def confirm(self) -> None:
        chosen, needed = battles.hits_chosen(self.slots, self.picks), self.needed()
        if chosen != needed:
            self.post_message(self.Problem(f"choose exactly {needed} casualt{'y' if needed == 1 else 'ies'} "
                                           f"(you chose {chosen})"))
            return
        pending = self.session.state.pending
        if pending is not None and self.picks != self.default_picks:
            # the player's own choice: the types lost, first in the order shown, lead next time
            lost = [s.type for s in self.slots if self.picks.get(s.key()) and not s.damage]
            earlier = self.session.loss_orders.get(pending.power, [])
            self.session.loss_orders[pending.power] = lost + [t for t in earlier if t not in lost]
        answer = battles.write_answer(self.slots, self.picks, self.session.rules)
        self.post_message(self.Submit(Answer(choice=answer)))


class RetreatList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Answer", id="retreat.answer", key_display="Enter"),
        Binding("o", "odds", "Odds", id="retreat.odds"),
    ]

    def action_odds(self) -> None:
        panel = _panel(self)
        panel.open_odds(panel.battle_space())


@register_panel("@decision:retreat")
class RetreatPanel(BattlePaneBase):
    """After a round: press on (the odds of doing so shown) or retreat."""

    DEFAULT_CSS = """
    RetreatPanel > #retreat-list { height: auto; max-height: 5; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="retreat-title", classes="panel-title", markup=False)
        yield Static("", id="retreat-who", classes="panel-text", markup=False)
        yield RetreatList(id="retreat-list", markup=False)
        with VerticalScroll(classes="battle-info"):
            yield Static("", id="battle-info", markup=False)
        yield Static("Enter answer   o odds calculator", classes="panel-keys", markup=False)

    def focus_first(self) -> None:
        self.query_one(RetreatList).focus()

    def show_state(self) -> None:
        self.forget_stale_odds()
        rules, state = self.session.rules, self.session.state
        pending = state.pending
        if pending is None or state.battle is None:
            return
        space = state.battle.space
        name = short_space_name(rules.board.space(space))
        self.query_one("#retreat-title", Static).update(
            f"Battle for {name}, after round {state.battle.round}: press on or retreat?")
        self.query_one("#retreat-who", Static).update(f"{self.who(pending.power)} decides.")
        listing = self.query_one(RetreatList)
        keep = listing.highlighted_option.id if listing.highlighted_option is not None else None
        listing.clear_options()
        for choice in pending.options:
            label = retreat_label(rules.board, choice)
            if choice == "press on":
                label = "press on (fight another round)"
            elif choice == "aircraft leave the battle":
                label = "aircraft leave the battle (they land in the non-combat move)"
            listing.add_option(Option(label, id=choice))
        listing.highlighted = pending.options.index(keep) if keep in pending.options else 0
        self.show_odds()

    def show_odds(self) -> None:
        battle = self.session.state.battle
        if battle is None:
            return
        lines = self.last_rolls() + self.info_lines(battle.space, header=False)
        lines = [f"Odds if you press on{line[4:]}" if line.startswith(("Odds:", "Odds (")) else line
                 for line in lines]
        self.query_one("#battle-info", Static).update("\n".join(lines))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.Submit(Answer(choice=event.option.id)))
