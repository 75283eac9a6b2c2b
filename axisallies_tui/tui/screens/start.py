"""The start screen: new game, resume a saved one, look up the rules, quit."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets.option_list import Option

from axisallies_tui import setup
from axisallies_tui.store import list_games
from axisallies_tui.tui.widgets.common import TooSmall

TITLE = "AXIS & ALLIES"
SUBTITLE = "The 1984 classic, for the terminal. Hot seat at one keyboard or over SSH."

MENU = (
    ("new", "n", "New game"),
    ("resume", "r", "Resume a saved game"),
    ("rules", "h", "Rules and house rules"),
    ("odds", "o", "Odds calculator"),
    ("quit", "q", "Quit"),
)


def _when(text: str) -> str:
    """`2024-05-01T12:30:00+00:00` -> `2024-05-01 12:30`."""
    return text.replace("T", " ")[:16] if text else ""


class StartScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New game", id="start.new"),
        Binding("r", "resume", "Resume", id="start.resume"),
        Binding("h", "rules", "Rules", id="start.rules"),
        Binding("o", "odds", "Odds", id="start.odds"),
        Binding("q", "quit", "Quit", id="start.quit"),
    ]

    DEFAULT_CSS = """
    StartScreen #start-body { padding: 0 1; }
    StartScreen #start-title {
        text-style: bold;
        content-align: center middle;
        width: 1fr;
        height: 3;
        border: double $primary;
    }
    StartScreen #start-subtitle { text-align: center; width: 1fr; color: $text-muted; margin-bottom: 1; }
    StartScreen #start-main { height: 1fr; }
    StartScreen #start-menu { width: 30; height: auto; max-height: 8; margin-right: 1; }
    StartScreen #start-games { width: 1fr; }
    StartScreen #games { height: 1fr; }
    StartScreen #start-message { height: auto; color: $text-warning; }
    StartScreen.-narrow #start-main { layout: vertical; }
    StartScreen.-narrow #start-menu { width: 1fr; }
    """
    """Its own rules (not in app.tcss): read when the screen is first shown, not before the first paint."""

    def __init__(self, message: str = "") -> None:
        super().__init__()
        self.message = message
        self.games: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="start-body"):
            yield Static(TITLE, id="start-title")
            yield Static(SUBTITLE, id="start-subtitle", markup=False)
            with Horizontal(id="start-main"):
                yield OptionList(*[Option(f"{key}  {label}", id=action) for action, key, label in MENU],
                                 id="start-menu", markup=False)
                with Vertical(id="start-games"):
                    yield Static("Saved games (Enter resumes)", classes="section-title")
                    yield DataTable(id="games", cursor_type="row")
                    yield Static("", id="no-games", markup=False)
            yield Static(self.message, id="start-message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.load_games()
        self.query_one("#start-menu", OptionList).focus()

    def load_games(self) -> None:
        table = self.query_one("#games", DataTable)
        table.clear(columns=True)
        table.add_columns("Name", "Board", "Round", "To play", "Phase", "Last played")
        self.games = list_games()
        for game in self.games:
            table.add_row(*self.game_row(game), key=game["name"])
        empty = self.query_one("#no-games", Static)
        empty.update("" if self.games else "No saved games yet: press n to start one.")
        table.display = bool(self.games)

    @staticmethod
    def game_row(game: dict[str, Any]) -> tuple[str, ...]:
        if "problem" in game:
            return (game["name"], "?", "", "", game["problem"], "")
        board_name = str(game.get("board", ""))
        to_play = ""
        phase = str(game.get("phase", ""))
        try:
            board = setup.board(board_name)
            power = board.power_by_id.get(str(game.get("power")))
            to_play = f"{power.short} {power.name}" if power else str(game.get("power", ""))
            edition = setup.editions()[board.edition]
            phase = edition.phase_names.get(phase, phase)
            board_name = board.id
        except Exception:  # a board that is gone: show the ids as they are
            to_play = str(game.get("power", ""))
        if game.get("winner"):
            to_play, phase = "-", f"over: {game['winner']} won" if game["winner"] != "draw" else "over: draw"
        return (game["name"], board_name, str(game.get("round", "")), to_play, phase,
                _when(str(game.get("last_played", ""))))

    def show_message(self, text: str) -> None:
        self.message = text
        self.query_one("#start-message", Static).update(text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        action = event.option.id
        if action:
            getattr(self, f"action_{action}")()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value:
            self.open_game(event.row_key.value)

    def open_game(self, name: str) -> None:
        problem = getattr(self.app, "open_game")(name)
        if problem:
            self.show_message(f"Refused: {problem}")

    def action_new(self) -> None:
        getattr(self.app, "show_setup")()

    def action_resume(self) -> None:
        if not self.games:
            self.show_message("There is no saved game to resume yet.")
            return
        self.query_one("#games", DataTable).focus()

    def action_rules(self) -> None:
        getattr(self.app, "action_help")()

    def action_odds(self) -> None:
        getattr(self.app, "show_odds")()

    def action_quit(self) -> None:
        self.app.exit()
