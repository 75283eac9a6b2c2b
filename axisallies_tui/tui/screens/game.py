"""The game screen: status line, region tables, the selected space, the action
panel for the phase, and the feed.

Widgets render and post messages; this screen turns them into engine actions
and applies them through the session (stored before shown). A refusal puts
its reason in the status line and changes nothing.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from axisallies_tui.engine.actions import Action, Concede, EndPhase, Undo
from axisallies_tui.engine.dice import DiceNeeded
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.game import Step
from axisallies_tui.engine.state import GameState
from axisallies_tui.textsafe import harmless
from axisallies_tui.tui import info
from axisallies_tui.tui.panels import PhasePanel, panel_for
from axisallies_tui.tui.session import GameSession
from axisallies_tui.tui.widgets.combat_feed import MAX_LINES, CombatFeed
from axisallies_tui.tui.widgets.common import TooSmall, breakpoint_classes
from axisallies_tui.tui.widgets.jump_bar import JumpBar
from axisallies_tui.tui.widgets.key_footer import KeyFooter
from axisallies_tui.tui.widgets.region_board import RegionBoard
from axisallies_tui.tui.widgets.space_detail import SpaceDetail
from axisallies_tui.tui.widgets.status_line import StatusLine

HUGE_WIDTH = 140
"""Columns from which the action panel and the space in full take a third of the width."""


class GameScreen(Screen[None]):
    AUTO_FOCUS = ""
    """No focus on the first focusable widget (the board) on mount: `_first_focus`
    gives it to the action panel, and one move of the keyboard is one restyle less."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "end_phase", "End", id="game.end_phase", tooltip="End the phase"),
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("slash", "find", "Find", id="game.find", key_display="/", show=False, priority=True),
        Binding("s", "standings", "Standings", id="game.standings"),
        Binding("k", "rocket", "Rocket", id="game.rocket", tooltip="Fire this turn's rocket (Rockets)"),
        Binding("x", "rule_actions", "Rules", id="game.rule_actions",
                tooltip="Actions the house rules in play offer now (loans, repairs...)"),
        Binding("f2", "focus_board", "Board", id="game.board", key_display="F2"),
        Binding("f3", "focus_panel", "Actions", id="game.panel", key_display="F3"),
        Binding("f4", "focus_feed", "Feed", id="game.feed", key_display="F4"),
        Binding("f9,ctrl+e", "edit", "Edit", id="game.edit", show=False, key_display="F9"),
        Binding("q", "leave", "Leave", id="game.leave", show=False),
    ]

    def __init__(self, session: GameSession) -> None:
        # the keyboard starts in the action panel: shown on a narrow screen (a class
        # given now, not on mount, where it would restyle the whole screen once more)
        super().__init__(classes="-show-side")
        self.add_class(*self._size_classes(), update=False)
        self.session = session
        self.panel: PhasePanel | None = None
        self._panel_key: tuple[object, ...] = ()
        self._closed = False
        self._side_wanted = True
        """On a narrow screen, show the side column (the keyboard is there), not the board."""
        self._following = False
        self.edit_mode = False
        """Edit mode was confirmed once in this session: F9 opens the editor at once."""
        self._rule_actions: tuple[GameState | None, list[tuple[str, Action]]] = (None, [])
        self.gestures: list[tuple[int, int, tuple[int, str, str]]] = []
        """One key that stored several undoable actions (`b` buys a list: one
        purchase per line): how many, the depth of the undo history after them,
        and the turn and phase. `u` at that depth takes them all back, as the
        player made them with one key."""

    # -- what is going on ------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def phase(self) -> str:
        return self.state.phase

    def compose(self) -> ComposeResult:
        rules = self.session.rules
        yield TooSmall()
        yield StatusLine(id="status")
        with Horizontal(id="main"):
            with Vertical(id="board-column"):
                yield JumpBar(rules.board, id="jump")
                yield RegionBoard(rules, self.state, initial_space=self.start_space(), id="board")
            with Vertical(id="side"):
                yield SpaceDetail(id="detail")
                with Vertical(id="panel-slot"):  # the first panel comes with the screen, not a mount later
                    yield self._new_panel()
        yield CombatFeed(id="feed")
        yield KeyFooter()  # Ctrl+P still opens the palette; F4 needs the room

    def on_mount(self) -> None:
        feed = self.query_one(CombatFeed)
        # the lines drawn first now; the rest of those kept once the screen is painted
        feed.add_history(*self.session.feed_tail(feed.first_drawn()), rest=lambda: self.session.feed_tail(MAX_LINES))
        self.call_after_refresh(feed.complete_history)
        self.refresh_view()
        board = self.query_one(RegionBoard)
        start = self.start_space()
        if start:
            board.select_space(start, focus=False)
        self.call_after_refresh(self._first_focus)
        if self.state.result is not None:
            self.call_after_refresh(self.show_game_over)
        if self.session.watching:
            self._start_following()
        elif self.session.waiting_for_other_login():
            self.call_after_refresh(self._hand_over_to_login)

    def _start_following(self) -> None:
        if not self._following:
            self._following = True
            self.set_interval(1.0, self._follow)

    def _hand_over_to_login(self) -> None:
        """Shared server: the next decision belongs to another login. Let go of the
        game so they can open it, say whose turn it is, and follow their moves."""
        login = self.session.waiting_for_other_login()
        if login is None:
            return
        self.session.saved.hand_over()
        who = info.power_label(self.session.rules.board, info.actor(self.state))
        self.query_one(StatusLine).show_note(f"{who} is played by {harmless(login)}: it is their turn; "
                                             f"you are watching.")
        self._start_following()

    def _follow(self) -> None:
        """Watching a game played elsewhere: show the actions added since, and
        take the game back when the next decision is ours."""
        from axisallies_tui.engine.errors import DataError

        if not self.session.watching:
            return
        try:
            events = self.session.follow()
            mine = self.session.saved.logins and self.session.waiting_for_other_login() is None
            if mine and self.session.saved.take_back():
                self.query_one(StatusLine).show_note("Your turn.")
        except DataError as problem:
            self.query_one(StatusLine).show_problem(str(problem))
            return
        if events:
            self.query_one(CombatFeed).add_later(events)
            self.refresh_view()

    def _first_focus(self) -> None:
        panel = self.panel
        if panel is None:
            return
        if not panel.is_mounted:  # swapped in a moment ago: its controls come with its mount
            # a timer, not call_after_refresh: an idle screen runs those at once, and
            # asking again straight away would keep the loop from mounting the panel
            self.set_timer(0.01, self._first_focus)
            return
        panel.focus_first()

    def _size_classes(self) -> set[str]:
        """The classes the screen's first resize would give it for the terminal's
        size (breakpoints, `-huge`): given at construction, they do not restyle
        the whole screen once more just before its first paint."""
        return set(breakpoint_classes(self) + (["-huge"] if self.app.size.width >= HUGE_WIDTH else []))

    def on_resize(self, event: events.Resize) -> None:
        # 140 columns and more: room for a larger action panel (app.tcss)
        self.set_class(event.size.width >= HUGE_WIDTH, "-huge")
        self.call_after_refresh(self._show_side_or_board)  # once the app has set -narrow or not
        if self.focused is None:  # opened too small, nothing could take the keyboard: the panel takes it now
            self.call_after_refresh(self._first_focus)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """On narrow terminals the board and the side column take turns: the one
        holding the keyboard is shown."""
        chain = list(event.widget.ancestors_with_self)
        if self.query_one("#side") in chain:
            self._side_wanted = True
        elif self.query_one("#board-column") in chain:
            self._side_wanted = False
        self._show_side_or_board()

    def _show_side_or_board(self) -> None:
        """`-show-side` matters only on a narrow screen: changing a class of the
        screen restyles all of it, so a wide one is left alone."""
        if self.has_class("-narrow"):
            self.set_class(self._side_wanted, "-show-side")

    def start_space(self) -> str | None:
        """Open the board at the capital of the power to act."""
        board = self.session.rules.board
        power = info.actor(self.state)
        return board.power(power).capital if power in board.power_by_id else None

    def on_unmount(self) -> None:
        if not self._closed:
            self._closed = True
            self.session.close()

    # -- drawing -------------------------------------------------------------------
    def refresh_view(self, force_panel: bool = False) -> None:
        state = self.state
        rules = self.session.rules
        status = self.query_one(StatusLine)
        status.show_status(info.status_text(rules, state, self.session.players))
        self.query_one(RegionBoard).show_state(state)
        detail = self.query_one(SpaceDetail)
        if detail.space:
            detail.show(rules, state, detail.space)
        if force_panel or self._panel_wanted() != self._panel_key or self.panel is None:
            self.swap_panel()
        elif self.panel.is_mounted:  # else its mount shows the state
            self.panel.show_state()
        self.refresh_bindings()

    def _panel_wanted(self) -> tuple[object, ...]:
        """What decides which panel shows (a change makes a new one)."""
        state = self.state
        return state.round, state.power, state.phase, state.pending, state.result is not None

    def swap_panel(self) -> None:
        slot = self.query_one("#panel-slot", Vertical)
        focused = self.focused
        had_focus = self.panel is not None and focused is not None and self.panel in focused.ancestors_with_self
        slot.remove_children()
        slot.mount(self._new_panel())
        if had_focus or self.focused is None:
            self.call_after_refresh(self._first_focus)

    def _new_panel(self) -> PhasePanel:
        """The action panel for the position (made `self.panel`), the side column
        widened for moves, battles and questions."""
        state = self.state
        cls = panel_for(state.phase, pending=state.pending.kind if state.pending else False,
                        over=state.result is not None)
        self.panel = cls(self.session, classes="phase-panel")
        self._panel_key = self._panel_wanted()
        # composing, the screen is styled whole once mounted: no restyle of it now
        self.set_class(state.phase in ("combat_move", "noncombat_move", "conduct_combat") or
                       state.pending is not None, "-roomy-panel", update=self.is_mounted)
        return self.panel

    # -- playing -------------------------------------------------------------------
    def submit(self, *actions: Action, typed: tuple[int, ...] = ()) -> bool | None:
        """Apply actions in order; stop at the first refusal. True if all were applied,
        False on a refusal, None while table dice are being asked for (the rest is
        applied once they are typed). `typed`: table dice typed for the first action."""
        status = self.query_one(StatusLine)
        undoable = 0
        try:
            for index, action in enumerate(actions):
                before = self.state
                try:
                    step = self.session.apply(action, typed)
                except DiceNeeded as need:
                    self.ask_for_dice(need, actions[index:], typed)
                    return None
                except IllegalAction as refused:
                    status.show_problem(refused.reason)
                    self.refresh_view()
                    return False
                typed = ()
                undoable = undoable + 1 if action.undoable else 0
                self.after_step(before, step)
            return True
        finally:
            if undoable > 1 and len(self.state.undo) >= undoable:
                self.gestures.append((undoable, len(self.state.undo), self._turn_key()))

    def _turn_key(self) -> tuple[int, str, str]:
        return self.state.round, self.state.power, self.state.phase

    def action_undo(self) -> None:
        """Take back what the last key did: one action, or all those one key stored."""
        depth, count = len(self.state.undo), 1
        while self.gestures and (self.gestures[-1][2] != self._turn_key() or self.gestures[-1][1] > depth):
            self.gestures.pop()  # taken back already, or from another phase
        if self.gestures and self.gestures[-1][1] == depth:
            count = self.gestures.pop()[0]
        self.submit(*[Undo() for _ in range(min(count, depth) or 1)])

    def ask_for_dice(self, need: DiceNeeded, actions: tuple[Action, ...], typed: tuple[int, ...]) -> None:
        """Table dice: ask for the faces, then apply the same action again with every
        face typed so far (applying is pure, so it rolls the same and gets further)."""
        from axisallies_tui.tui.screens.dialogs import DicePrompt

        who = info.power_label(self.session.rules.board, info.actor(self.state))

        def answer(faces: list[int] | None) -> None:
            if faces is None:
                self.query_one(StatusLine).show_note("Cancelled: the action waiting for dice was not played.")
                self.refresh_view()
                return
            self.submit(*actions, typed=typed + tuple(faces))

        self.app.push_screen(DicePrompt(need.count, need.purpose, who), callback=answer)

    def after_step(self, before: GameState, step: Step) -> None:
        rules = self.session.rules
        self.query_one(CombatFeed).add_events(rules, step.events)
        after = step.state
        last = step.events[-1].text(rules.board, rules.edition) if step.events else ""
        self.query_one(StatusLine).show_note(last)
        self.refresh_view()
        if after.result is not None and before.result is None:
            self.show_game_over()
            return
        finished = info.turn_finished(before, after)
        if after.power != before.power and after.result is None:
            start = self.start_space()
            if start:  # the board opens at the new power's capital; the keyboard stays put
                self.query_one(RegionBoard).select_space(start, focus=False)
        report = info.turn_report(rules, step.events, before.power) if finished else []
        if self.session.waiting_for_other_login():  # nobody at this keyboard plays next
            if report:
                self.notify("\n".join(report), title=f"{info.power_label(rules.board, before.power)}: turn over")
            self._hand_over_to_login()
            return
        was, now = info.actor(before), info.actor(after)
        players = self.session.players
        if was != now and not info.same_person(players, was, now):
            label = info.power_label(rules.board, now)
            if finished:  # a new turn: everything since this player's own last turn
                feed = self.query_one(CombatFeed)
                feed.complete_history()
                records = feed.records
                mine = [p.id for p in rules.board.powers if info.same_person(players, p.id, now)] or [now]
                report = info.since_last_turn(records, mine, rules.board) or report
            if after.pending is not None:  # a question for another player, mid-turn
                report = report + [f"{label} must answer: {after.pending.prompt}."]
            elif not finished and last:  # back to the mover after answering: what came of it
                report = report + [last]
            from axisallies_tui.tui.screens.dialogs import HandOverDialog

            self.app.push_screen(HandOverDialog(report, label, info.player_for(players, now)),
                                 callback=lambda _: self._first_focus())
        elif finished and report:
            self.notify("\n".join(report), title=f"{info.power_label(rules.board, before.power)}: turn over")

    def show_game_over(self) -> None:
        from axisallies_tui.tui.screens.dialogs import GameOverDialog

        result = self.state.result
        if result is None:
            return
        rules = self.session.rules
        headline = "The game is drawn" if result.winner == "draw" else f"The {result.winner.capitalize()} win"
        headline += f" in round {result.round}."
        self.app.push_screen(GameOverDialog(headline, f"How: {result.reason}.",
                                            info.power_rows(rules, self.state, self.session.players)))

    # -- messages from widgets -------------------------------------------------------
    @on(PhasePanel.Submit)
    def _panel_submit(self, message: PhasePanel.Submit) -> None:
        message.stop()
        self.submit(*message.actions)

    @on(PhasePanel.Problem)
    def _panel_problem(self, message: PhasePanel.Problem) -> None:
        message.stop()
        self.query_one(StatusLine).show_problem(message.reason)

    @on(RegionBoard.SpaceHighlighted)
    def _space_highlighted(self, message: RegionBoard.SpaceHighlighted) -> None:
        self.query_one(SpaceDetail).show(self.session.rules, self.state, message.space)

    @on(RegionBoard.SpaceChosen)
    def _space_chosen(self, message: RegionBoard.SpaceChosen) -> None:
        from axisallies_tui.tui.screens.dialogs import TextDialog

        rules = self.session.rules
        space = rules.board.space(message.space)
        text = "\n".join(info.space_detail(rules, self.state, space)[1:])
        self.app.push_screen(TextDialog(space.name, text))

    @on(RegionBoard.PlaceHere)
    def _place_here(self, message: RegionBoard.PlaceHere) -> None:
        if self.panel is not None:
            self.panel.place_in(message.space)

    @on(RegionBoard.MoveKey)
    def _move_key(self, message: RegionBoard.MoveKey) -> None:
        if self.panel is not None:
            if message.what == "from":
                self.panel.move_from(message.space)
            else:
                self.panel.move_to(message.space)

    @on(PhasePanel.ShowSpace)
    def _show_space(self, message: PhasePanel.ShowSpace) -> None:
        message.stop()
        board = self.query_one(RegionBoard)
        if board.current_space() != message.space:
            board.select_space(message.space, focus=False)

    @on(JumpBar.Jump)
    def _jump(self, message: JumpBar.Jump) -> None:
        board = self.query_one(RegionBoard)
        if message.space:
            self.jump_to(message.space)
        else:
            board.focus_table()

    def jump_to(self, space_id: str) -> None:
        self.query_one(RegionBoard).select_space(space_id)
        name = self.session.rules.board.space(space_id).name
        self.query_one(StatusLine).show_note(f"Showing {name}" + ("" if name.endswith(".") else "."))

    # -- actions -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.state
        if action == "end_phase":
            # a question waiting (casualties, retreat) or the game over: `e` does nothing, so it is not shown
            return False if state.result is not None or state.pending is not None else True
        if action == "undo":
            return True if state.undo else False
        if action == "rocket":
            from axisallies_tui.tui.rockets import may_have_rockets

            return may_have_rockets(self.session.rules, state)
        if action == "rule_actions":
            return bool(self.rule_actions())
        return True

    def rule_actions(self) -> list[tuple[str, Action]]:
        """The house rules' own actions the engine accepts now (asked once per position)."""
        from axisallies_tui.engine.queries_ui import rule_actions

        state = self.state
        if self._rule_actions[0] is not state:
            self._rule_actions = (state, rule_actions(self.session.rules, state))
        return self._rule_actions[1]

    def action_rule_actions(self) -> None:
        """`x`: pick one of the actions the active house rules offer now. The list
        and its words come from the engine, so a new rule's action needs no code here."""
        from axisallies_tui.engine.queries_ui import action_text
        from axisallies_tui.tui.screens.dialogs import PickDialog

        offered = self.rule_actions()
        if not offered:
            self.query_one(StatusLine).show_problem("no house rule in play offers an action now")
            return
        rules = self.session.rules
        options = [(str(n), f"{info.rule_short_name(rule).capitalize()}: {action_text(rules, self.state, action)}")
                   for n, (rule, action) in enumerate(offered)]

        def chosen(key: str | None) -> None:
            if key is not None:
                self.submit(offered[int(key)][1])
            elif self.panel is not None:
                self.panel.focus_first()

        self.app.push_screen(PickDialog("Actions of the house rules in play", options), callback=chosen)

    def action_end_phase(self) -> None:
        from axisallies_tui.tui.screens.dialogs import ConfirmDialog

        if self.state.result is not None:
            self.query_one(StatusLine).show_problem("the game is over")
            return
        panel = self.panel
        warning = panel.end_phase_warning() if panel is not None else None
        if not warning:
            self.submit(EndPhase())
            return
        first = panel.before_end_phase() if panel is not None else []
        if first:
            choices = [("b", "Buy, then end", "first"), ("d", "Drop it and end", "end"), ("c", "Cancel", "cancel")]
        else:
            choices = [("y", "End the phase", "end"), ("n", "Cancel", "cancel")]

        def answer(choice: str | None) -> None:
            if choice == "first":
                self.submit(*first, EndPhase())
            elif choice == "end":
                self.submit(EndPhase())
            elif self.panel is not None:
                self.panel.focus_first()

        self.app.push_screen(ConfirmDialog(warning, choices, title="End the phase?"), callback=answer)

    def action_rocket(self) -> None:
        """C-DEV-2: pick one of the launches the engine allows, and fire it."""
        from axisallies_tui.engine.rockets import FireRocket
        from axisallies_tui.tui.rockets import rocket_options, why_no_rocket
        from axisallies_tui.tui.screens.dialogs import PickDialog

        options = rocket_options(self.session.rules, self.state)
        if not options:
            self.query_one(StatusLine).show_problem(why_no_rocket(self.session.rules, self.state))
            return

        def fire(choice: str | None) -> None:
            if choice:
                origin, target = choice.split(">")
                self.submit(FireRocket(origin=origin, target=target))

        self.app.push_screen(PickDialog("Fire a rocket: one a turn, one die of IPCs", options), callback=fire)

    def action_edit(self) -> None:
        """Edit mode (F9): asked once a session, then the editor for the selected space."""
        from axisallies_tui.tui.screens.dialogs import ConfirmDialog

        if self.state.result is not None:
            self.query_one(StatusLine).show_problem("the game is over")
            return
        if self.edit_mode:
            self.open_editor()
            return

        def answer(choice: str | None) -> None:
            if choice == "yes":
                self.edit_mode = True
                self.open_editor()

        question = ("Edit mode changes the board outside the rules: units, owners, IPCs, developments. "
                    "Use it to fix a mistake or copy a real table. Every edit needs a reason, is shown in "
                    "the feed and the game's log, and u takes it back within the phase. Open the editor?")
        self.app.push_screen(ConfirmDialog(question, [("y", "Open the editor", "yes"), ("n", "Cancel", "no")],
                                           title="Edit the board?"), callback=answer)

    def open_editor(self) -> None:
        from axisallies_tui.tui.screens.edit import EditDialog

        board = self.query_one(RegionBoard)
        space = board.current_space() or self.start_space()
        if space is None:
            return

        def apply_edit(edit: Action | None) -> None:
            if edit is not None:
                self.submit(edit)

        self.app.push_screen(EditDialog(self.session.rules, self.state, space, self.session.problem),
                             callback=apply_edit)

    def action_standings(self) -> None:
        from axisallies_tui.tui.screens.standings import StandingsDialog

        self.app.push_screen(StandingsDialog(self.session.rules, self.state, self.session.players))

    async def action_find(self) -> None:
        # A priority key: the app runs this before it hands on the keys typed after
        # `/`, so they reach the find box even when they arrive all at once.
        bar = self.query_one(JumpBar)
        if not bar.has_class("-open"):
            await bar.open()

    def action_focus_board(self) -> None:
        self.query_one(RegionBoard).focus_table()

    def action_focus_panel(self) -> None:
        if self.panel is not None:
            self.panel.focus_first()

    def action_focus_feed(self) -> None:
        self.query_one(CombatFeed).focus()

    def action_leave(self) -> None:
        getattr(self.app, "show_start")()

    def concede(self) -> None:
        from axisallies_tui.tui.screens.dialogs import ConfirmDialog

        state = self.state
        if state.result is not None:
            self.query_one(StatusLine).show_problem("the game is over")
            return
        power = info.actor(state)
        side = self.session.rules.board.side_of(power)

        def answer(choice: str | None) -> None:
            if choice == "yes":
                self.submit(Concede())

        question = (f"{info.power_label(self.session.rules.board, power)} gives up for the whole "
                    f"{side.capitalize()} side: the other side wins. Concede?")
        self.app.push_screen(ConfirmDialog(question, [("y", "Concede", "yes"), ("n", "Play on", "no")],
                                           title="Concede the game?"), callback=answer)

    def help_location(self) -> tuple[str, str]:
        from axisallies_tui.tui.helptext import help_location

        return help_location(self.phase, self.state.pending.kind if self.state.pending else None)
