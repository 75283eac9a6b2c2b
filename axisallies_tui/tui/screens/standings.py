"""Standings (`s` on the game screen, `game: Standings` in the palette): every
power's IPCs, income, territories, forces by value and developments, each
side's totals, and how close each side is to the victory conditions in force
(the engine's figures, from `engine.queries_ui`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import DataTable, Static

from axisallies_tui.engine.economy import income_for
from axisallies_tui.engine.queries_ui import units_value, victory_progress
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState
from axisallies_tui.tui.info import player_for, power_tag
from axisallies_tui.tui.screens.dialogs import Dialog, ReadOnlyTable
from axisallies_tui.tui.widgets.common import TooSmall


def standings_rows(rules: Rules, state: GameState, players: dict[str, str]) -> list[tuple[str, ...]]:
    """One row per power, then one per side: tag, player, IPCs, income, land, units, value."""
    board = rules.board
    rows: list[tuple[str, ...]] = []
    sides: dict[str, list[int]] = {}
    for ps in state.powers:
        land = sum(1 for st in state.spaces if st.owner == ps.id)
        income = income_for(rules, state, ps.id)
        count, value = units_value(rules, state, ps.id)
        rows.append((power_tag(board, ps.id), player_for(players, ps.id) or "-", str(ps.ipcs), str(income),
                     str(land), str(count), str(value)))
        total = sides.setdefault(board.side_of(ps.id), [0, 0, 0, 0, 0])
        for index, figure in enumerate((ps.ipcs, income, land, count, value)):
            total[index] += figure
    for side, total in sides.items():
        rows.append((side.capitalize(), "", *(str(n) for n in total)))
    return rows


def developments(rules: Rules, state: GameState) -> list[str]:
    lines = []
    for ps in state.powers:
        names = rules.edition.tech_names(ps.techs)
        if names:
            lines.append(f"{power_tag(rules.board, ps.id)}: {', '.join(names)}")
    return lines or ["No power has a development yet."]


class StandingsDialog(Dialog[None]):
    BINDINGS = [Binding("escape,enter,s,q", "done", "Close", id="standings.close", key_display="Esc")]

    def __init__(self, rules: Rules, state: GameState, players: dict[str, str]) -> None:
        super().__init__(classes="dialog")
        self.rules = rules
        self.state = state
        self.players = players

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog-box dialog-wide", id="standings-box"):
            yield Static(f"Standings, round {self.state.round}", classes="dialog-title", markup=False)
            with VerticalScroll(id="standings-scroll"):
                yield ReadOnlyTable(id="standings", cursor_type="none", show_cursor=False)
                yield Static("Victory", classes="section-title", markup=False)
                progress = [f"{side.capitalize() + ': ' if side else ''}{text}"
                            for side, text in victory_progress(self.rules, self.state)]
                yield Static("\n".join(progress) or "No victory conditions are in force.",
                             id="standings-victory", markup=False)
                yield Static("Developments", classes="section-title", markup=False)
                yield Static("\n".join(developments(self.rules, self.state)), id="standings-techs", markup=False)
            yield Static("Esc closes. Units: pieces on the board; value: what they cost in IPCs.",
                         classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        table = self.query_one("#standings", DataTable)
        table.add_columns("Power", "Player", "IPCs", "Income", "Land", "Units", "Value")
        for row in standings_rows(self.rules, self.state, self.players):
            table.add_row(*row)

    def action_done(self) -> None:
        self.dismiss(None)
