"""The Textual app: start screen, setup, game, help.

`make_app` is the factory: tests pass scripted dice and a game to open, the
command line passes `--ascii` and the game named on it. Screens are switched,
never stacked (start -> setup -> game -> start), with dialogs and help pushed
on top.
"""

from __future__ import annotations

import gc
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.driver import Driver
from textual.screen import Screen

from axisallies_tui import locations, setup
from axisallies_tui.engine.errors import DataError
from axisallies_tui.store import SaveDamaged, SavedGame
from axisallies_tui.textsafe import harmless
from axisallies_tui.tui.ascii import ascii_driver
from axisallies_tui.tui.commands import GameCommands, LoadCommands, RulesCommands
from axisallies_tui.tui.session import DiceChoice, GameSession

if TYPE_CHECKING:  # setup's presets are read when the setup screen opens
    from axisallies_tui.tui.presets import SetupChoices

SIXTEEN_COLOUR_SYSTEMS = ("standard", "windows")


class AxisAlliesApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "Axis & Allies"
    COMMANDS = App.COMMANDS | {GameCommands, RulesCommands, LoadCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "help", "Help", id="app.help", key_display="F1"),
    ]
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny-w"), (60, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-tiny-h"), (18, "-short"), (32, "-tall")]

    def __init__(self, *, dice: DiceChoice = None, ascii: bool = False, open_game: str | SavedGame | None = None,
                 theme: str | None = None) -> None:
        self.ascii = ascii
        super().__init__()
        self.dice = dice
        self.open_name = open_game
        self.session: GameSession | None = None
        self._theme_choice = theme

    # -- terminal ------------------------------------------------------------------
    def get_driver_class(self) -> type[Driver]:
        base = super().get_driver_class()
        return ascii_driver(base) if getattr(self, "ascii", False) else base

    def on_mount(self) -> None:
        self.call_after_refresh(resume_collector)
        self.set_timer(0.5, self._warm_up_rules_search)
        if not self.is_headless and _terminal_input():
            self.set_interval(2.0, self._exit_if_terminal_gone)
        if self._theme_choice:
            self.theme = self._theme_choice
        elif "TEXTUAL_THEME" not in os.environ and self.console.color_system in SIXTEEN_COLOUR_SYSTEMS:
            self.theme = "ansi-dark"
        if isinstance(self.open_name, SavedGame):  # opened already by the command line
            self.start_session(GameSession(self.open_name, self.dice))
        elif self.open_name:
            problem = self.open_game(self.open_name)
            if problem:
                self.exit(return_code=2, message=f"axisallies: {problem}")
        else:
            self.show_start()

    def _exit_if_terminal_gone(self) -> None:
        """End the program once its terminal has hung up. A hang-up normally ends
        it by signal, but one started by a wrapper may not get the signal, and
        Textual's input thread then reads an empty terminal in a busy loop, one
        core at full load on a shared server until someone kills it. Every
        action is saved as it is played, so nothing is lost."""
        if not _terminal_input():
            self.exit(return_code=1)

    async def on_event(self, event: events.Event) -> None:
        """While the terminal is too small the screen shows only a message, and its
        widgets have no room: keys (other than quitting) are not passed to them,
        so nothing acts on a list nobody can see."""
        if (isinstance(event, events.Key) and not event.is_forwarded and event.key not in ("ctrl+q", "ctrl+c")
                and self.screen_stack and {"-tiny-w", "-tiny-h"} & self.screen.classes):
            return
        await super().on_event(event)

    # -- moving between screens ------------------------------------------------------
    def _show(self, screen: Screen[Any]) -> None:
        """Put `screen` in place of the current top screen (dialogs closed first)."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_start(self, message: str = "") -> None:
        from axisallies_tui.tui.screens.start import StartScreen

        self.session = None
        self._show(StartScreen(message))

    def show_setup(self, choices: SetupChoices | None = None) -> None:
        from axisallies_tui.tui.screens.setup import SetupScreen

        self._show(SetupScreen(choices))

    def open_game(self, name: str) -> str | None:
        """Open a saved game on the game screen; the reason it cannot be opened, or None."""
        from axisallies_tui.savelock import GameBusy

        try:
            try:
                saved = SavedGame.open(name)
            except GameBusy as busy:
                saved = SavedGame.open(name, watch=True)
                self.notify(f"{busy.problem.split(';')[0]}: watching it, read-only.", title="Watching")
        except SaveDamaged as damage:
            if damage.intact is not None:
                self.offer_recovered_copy(name, damage)
            return harmless(damage)
        except (DataError, setup.SetupError) as problem:
            return harmless(problem)
        self.start_session(GameSession(saved, self.dice))
        return None

    def offer_recovered_copy(self, name: str, damage: SaveDamaged) -> None:
        """A damaged save: offer a copy holding the game up to its last intact
        action (the damaged file stays as it is)."""
        from axisallies_tui.store import recover
        from axisallies_tui.tui.screens.dialogs import ConfirmDialog

        def answer(choice: str | None) -> None:
            if choice != "copy":
                return
            try:
                copy = recover(name)
            except DataError as problem:
                self.notify(harmless(problem), title="No copy made", severity="error")
                return
            self.notify(f"Opened {copy.name}, a copy up to action {copy.seq}; {name} was left as it is.",
                        title="Copy opened")
            self.start_session(GameSession(copy, self.dice))

        where = f"{damage.path.name}: {damage.entry}" if damage.entry else damage.path.name
        question = (f"{harmless(where)}: {harmless(damage.reason)}. The file was left as it is.\n\n"
                    f"Open a copy ({name}-recovered) holding the game up to action {damage.intact}?")
        self.push_screen(ConfirmDialog(question, [("y", "Open the copy", "copy"), ("n", "Cancel", "no")],
                                       title="Damaged save"), callback=answer)

    def create_game(self, name: str, choices: SetupChoices) -> str | None:
        """Create a saved game from setup choices and open it; the refusal, or None."""
        seed: int | str | None = choices.seed or None
        if isinstance(seed, str) and seed.isdigit():
            seed = int(seed)
        try:
            saved = SavedGame.create(name, choices.ruleset(), seed=seed, players=dict(choices.players),
                                     logins=dict(choices.logins))
        except (DataError, setup.SetupError) as problem:
            return harmless(problem)
        if saved.renamed:
            self.notify(saved.renamed, title="Save name changed")
        self.start_session(GameSession(saved, self.dice))
        return None

    def start_session(self, session: GameSession) -> None:
        from axisallies_tui.tui.screens.game import GameScreen

        self.session = session
        self._show(GameScreen(session))

    # -- help ----------------------------------------------------------------------
    def _warm_up_rules_search(self) -> None:
        """Build the help search index in the background once the first screen is up."""
        from axisallies_tui.rulesearch import warm_up

        warm_up(setup.catalogue)

    def action_help(self, page: str = "", heading: str = "") -> None:
        from axisallies_tui.tui.screens.help import HelpScreen

        if any(isinstance(s, HelpScreen) for s in self.screen_stack):
            return
        active: dict[str, dict[str, Any]] = {}
        if self.session is not None:
            active = {c.id: dict(c.params) for c in self.session.rules.ruleset.house}
        if not page:
            where = getattr(self.screen, "help_location", None)
            page, heading = where() if callable(where) else ("overview", "")
        self.push_screen(HelpScreen(setup.catalogue(), active, page, heading))

    def show_rule_help(self, rule_id: str) -> None:
        from axisallies_tui.tui.helptext import rule_page_for

        active = {c.id: dict(c.params) for c in self.session.rules.ruleset.house} if self.session else {}
        rule = setup.catalogue().by_id[rule_id]
        self.action_help(rule_page_for(setup.catalogue(), rule_id, active), rule.title)

    # -- odds calculator ---------------------------------------------------------------
    def show_odds(self, session: GameSession | None = None, space: str | None = None) -> None:
        """Open the odds calculator: blank (base rules of the classic board, or the
        game's rules), or filled in with the battle in `space` as it stands."""
        from axisallies_tui.tui.screens.odds import OddsScreen, OddsSetup, setup_for_battle

        session = session if session is not None else self.session
        if any(isinstance(s, OddsScreen) for s in self.screen_stack):
            return
        if session is None:
            from axisallies_tui.engine.rules import Ruleset

            rules = setup.make_rules(Ruleset(board="classic"))
            self.push_screen(OddsScreen(OddsSetup.blank(rules)))
            return
        if space is not None:
            self.push_screen(OddsScreen(setup_for_battle(session.rules, session.state, space)))
        else:
            self.push_screen(OddsScreen(OddsSetup.blank(session.rules)))

    # -- saving a copy -------------------------------------------------------------
    def export_game(self, session: GameSession) -> None:
        from axisallies_tui.tui.screens.dialogs import TextPrompt

        default = locations.user_data_dir() / "exports" / f"{session.name}.json"

        def write(answer: str | None) -> None:
            if not answer:
                return
            path = Path(answer).expanduser()
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(session.saved.export(), indent=1, ensure_ascii=False) + "\n",
                                encoding="utf-8")
            except OSError as problem:
                self.notify(f"Could not write {path}: {problem.strerror}", severity="error", title="Not saved")
                return
            self.notify(f"Wrote {path}. `axisallies import` reads it back.", title="Copy saved")

        self.push_screen(TextPrompt("Save a copy of the game (JSON)", str(default),
                                    note="The game itself is saved after every action; this is an extra copy."),
                         callback=write)


def _terminal_input() -> bool:
    """Whether the program's input is still a terminal (False once it hangs up)."""
    stdin = sys.__stdin__
    try:
        return stdin is not None and os.isatty(stdin.fileno())
    except ValueError:  # closed
        return False


def make_app(*, dice: DiceChoice = None, ascii: bool = False, open_game: str | SavedGame | None = None,
             theme: str | None = None) -> AxisAlliesApp:
    """Build the app. `dice`: scripted dice for tests; `open_game`: a save (name or
    opened game) to show at once instead of the start screen."""
    return AxisAlliesApp(dice=dice, ascii=ascii, open_game=open_game, theme=theme)


def resume_collector() -> None:
    """Turn the cyclic garbage collector back on once the first screen is painted
    (`run` and `python -m axisallies_tui` pause it for the start-up). What the
    start-up made is kept out of later collections (`gc.freeze`): nearly all of
    it lives as long as the program."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def run(open_game: str | SavedGame | None = None, ascii: bool = False) -> int:
    """Run the app in this terminal; the exit status. The garbage collector
    pauses until the first paint (see `resume_collector`)."""
    gc.disable()
    app = make_app(open_game=open_game, ascii=ascii)
    app.run()
    return app.return_code or 0
