"""The odds calculator: both sides' units (counts per type), the options
(sea battle, Low Luck, an AA gun, retreat below K, bombardment), and the exact
outcome with expected survivors and bars of how many units survive.

Opened from the start screen (`o`), the command palette (`odds: calculator`)
and the battle pane (`o`, filled in with that battle). The numbers come from
`engine.odds.battle_odds` with the unit profiles of the rules in force (a
game's house rules and each power's developments when opened from a game).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from axisallies_tui.engine.profiles import ATTACK, DEFENCE, profile
from axisallies_tui.engine.rules import Rules
from axisallies_tui.tui.info import power_label, power_tag, unit_abbreviation
from axisallies_tui.tui.widgets.common import CycleChoice, TooSmall
from axisallies_tui.tui.widgets.tickbox import TickBox

MAX_PER_LINE = 60
"""Units of one type a side may hold here (the computation grows with the square)."""
BAR = 12
AA_ROW = "@aa"
BOMBARD_PREFIX = "@bombard:"


@dataclass
class OddsSetup:
    """One battle to compute: what each side has and the options."""

    rules: Rules
    attacker: str
    defender: str
    attacker_techs: tuple[str, ...] = ()
    defender_techs: tuple[str, ...] = ()
    attacking: dict[str, int] = field(default_factory=dict)
    defending: dict[str, int] = field(default_factory=dict)
    bombarding: dict[str, int] = field(default_factory=dict)
    aa_guns: int = 0
    sea: bool = False
    low_luck: bool = False
    retreat_below: int = 0
    title: str = ""
    named: bool = True
    """False for the blank calculator: the sides are "Attacker" and "Defender",
    not the powers whose unit numbers are used."""

    def copy(self) -> "OddsSetup":
        """An independent copy (the worker computes from it while keys change this one)."""
        return replace(self, attacking=dict(self.attacking), defending=dict(self.defending),
                       bombarding=dict(self.bombarding))

    @classmethod
    def blank(cls, rules: Rules) -> "OddsSetup":
        board, edition = rules.board, rules.edition
        # the edition's sides, or the board's where a house rule redrew them (a free-for-all)
        sides = [s for s in edition.sides if board.powers_of_side(s)]
        if len(sides) < 2:
            sides = list(board.sides)
        attacker = board.powers_of_side(sides[0])[0]
        defender = board.powers_of_side(sides[-1])[0]
        return cls(rules=rules, attacker=attacker, defender=defender, low_luck=rules.policy.id == "low_luck",
                   named=False)

    def result(self) -> Any:
        """The exact odds (`engine.odds.Odds`), or a sentence saying what is missing."""
        from axisallies_tui.engine.odds import battle_odds

        rules = self.rules

        def side(counts: dict[str, int], power: str, techs: tuple[str, ...], role: str) -> list[Any]:
            return [(profile(rules, power, techs, unit, role), n) for unit, n in counts.items() if n]

        attackers = side(self.attacking, self.attacker, self.attacker_techs, ATTACK)
        if not attackers:
            return "Give the attacker at least one unit."
        bombard = [] if self.sea else side(self.bombarding, self.attacker, self.attacker_techs, ATTACK)
        fire_back = True
        for rule in rules.hooks("bombardment_casualties_fire_back"):
            fire_back = rule.bombardment_casualties_fire_back(rules, fire_back)
        return battle_odds(attackers, side(self.defending, self.defender, self.defender_techs, DEFENCE),
                           retreat_below=self.retreat_below, aa_guns=0 if self.sea else self.aa_guns,
                           low_luck=self.low_luck, land_battle=not self.sea, bombard=bombard,
                           bombard_fire_back=fire_back)


def setup_for_battle(rules: Rules, state: Any, space_id: str) -> OddsSetup:
    """The calculator filled in with the battle in `space_id` as it stands."""
    from axisallies_tui.engine.combat import attackers_in, bombarding_ships
    from axisallies_tui.engine.queries import power_state
    from axisallies_tui.tui.battles import current_defenders, defender_of

    board = rules.board
    space = board.space(space_id)
    attackers = attackers_in(rules, state, space_id)
    defenders = current_defenders(rules, state, space_id)
    if state.battle is not None and state.battle.space == space_id and state.battle.set_aside:
        gone = set(state.battle.set_aside)
        defenders = [u for u in defenders if u.uid not in gone]
    started = state.battle is not None and state.battle.space == space_id
    guns = [] if started else bombarding_ships(rules, state, space_id)
    defender = defender_of(rules, state, space_id) or state.power
    result = OddsSetup(rules=rules, attacker=state.power, defender=defender,
                       attacker_techs=power_state(board, state, state.power).techs,
                       defender_techs=power_state(board, state, defender).techs,
                       sea=space.is_sea, low_luck=rules.policy.id == "low_luck",
                       title=f"Battle for {space.name}" + (f", round {state.battle.round}" if started else ""))
    for unit in attackers:
        result.attacking[unit.type] = result.attacking.get(unit.type, 0) + 1
    for unit in defenders:
        result.defending[unit.type] = result.defending.get(unit.type, 0) + 1
    for unit in guns:
        result.bombarding[unit.type] = result.bombarding.get(unit.type, 0) + 1
    return result


def report(setup: OddsSetup, odds: Any) -> list[str]:
    """The result as lines of text: outcomes with bars, survivors, losses, rounds."""
    edition = setup.rules.edition

    def bar(p: float, scale: float) -> str:
        return "█" * round(BAR * p / scale) if scale > 0 else ""

    outcomes = [("Attacker wins", odds.attacker_win), ("Defender wins", odds.defender_win),
                ("Both destroyed", odds.draw)]
    if not setup.sea:
        outcomes.append(("Only aircraft left", odds.attacker_survives_no_capture))
    if setup.retreat_below:
        outcomes.append(("Attacker retreats", odds.attacker_retreat))
    if odds.stalemate > 0:
        outcomes.append(("Stalemate", odds.stalemate))
    lines = [f"{label:<18}{p * 100:6.1f}% {bar(p, 1.0)}" for label, p in outcomes]

    def survivors(pairs: tuple[tuple[str, float], ...]) -> str:
        return ", ".join(f"{n:.2f} {edition.unit(u).name.lower()}" for u, n in pairs) or "none"

    lines += ["", "Expected survivors", f" attack:  {survivors(odds.attacker_survivors)}",
              f" defence: {survivors(odds.defender_survivors)}",
              "Expected IPCs lost", f" attack {odds.attacker_ipc_loss:.1f}, defence {odds.defender_ipc_loss:.1f}",
              f"Expected rounds: {odds.rounds:.2f}"]
    for name, counts in (("attacking", odds.attacker_survivor_counts), ("defending", odds.defender_survivor_counts)):
        lines += ["", f"How many {name} units are left"]
        scale = max(counts) if counts else 0
        for n, p in enumerate(counts):
            lines.append(f"{n:>3} {'unit ' if n == 1 else 'units'} {p * 100:5.1f}% {bar(p, scale)}")
    return lines


class SideTable(DataTable[str]):
    """One side's units: +/- change the highlighted count, 0 clears it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "change(1)", "More", id="odds.more", key_display="+", show=False),
        Binding("minus", "change(-1)", "Fewer", id="odds.fewer", key_display="-", show=False),
        Binding("right", "other_side(1)", "Other side", id="odds.right", show=False),
        Binding("left", "other_side(-1)", "Other side", id="odds.left", show=False),
        Binding("0", "clear_row", "Clear", id="odds.clear_row", show=False),
        Binding("home", "row(0)", "First line", show=False),
        Binding("end", "row(-1)", "Last line", show=False),
    ]

    def __init__(self, side: str, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", **kwargs)
        self.side = side

    def action_change(self, step: int) -> None:
        screen = self.screen
        if isinstance(screen, OddsScreen):
            screen.change(self.side, self.cursor_row, step)

    def action_other_side(self, step: int) -> None:
        """Right and left move between the two sides (as Tab and Shift+Tab do),
        keeping the line; + and - change counts."""
        target = "#odds-defence" if step > 0 else "#odds-attack"
        other = self.screen.query_one(target, SideTable)
        if other is self:
            self.screen.focus_next() if step > 0 else self.screen.focus_previous()
            return
        other.move_cursor(row=min(self.cursor_row, other.row_count - 1), animate=False)
        other.focus()

    def action_row(self, index: int) -> None:
        self.move_cursor(row=index if index >= 0 else self.row_count - 1)

    def action_clear_row(self) -> None:
        screen = self.screen
        if isinstance(screen, OddsScreen):
            screen.change(self.side, self.cursor_row, None)


class OddsScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="odds.close", key_display="Esc"),
        Binding("c", "clear", "Clear all", id="odds.clear"),
    ]

    DEFAULT_CSS = """
    OddsScreen #odds-title { height: 1; text-style: bold; padding: 0 1; background: $boost; }
    OddsScreen #odds-main { height: 1fr; }
    OddsScreen #odds-left { width: 38; }
    OddsScreen #odds-tables { height: auto; }
    OddsScreen SideTable { width: 1fr; height: auto; overflow: hidden; }
    OddsScreen #odds-options { height: auto; padding: 0 1; }
    OddsScreen #odds-options > Horizontal { height: auto; }
    OddsScreen .odds-label { width: auto; padding: 0 1 0 0; }
    OddsScreen #odds-right { width: 1fr; border-left: solid $primary; padding: 0 1; }
    OddsScreen TickBox { border: none; padding: 0; height: 1; margin-right: 2; }
    OddsScreen #odds-keys { color: $text-muted; }
    """

    def help_location(self) -> tuple[str, str]:
        return "combat", "The odds calculator"  # F1 here opens this section

    def __init__(self, setup: OddsSetup) -> None:
        super().__init__()
        self.setup = setup
        self.result: Any = None
        """The last `Odds` computed (or the sentence saying what is missing)."""
        self.generation = 0
        """Counts the setups sent to the worker; only the newest one's answer is shown."""
        edition = setup.rules.edition
        self.fighting = [u for u in edition.unit_types if u.combatant]
        self.rows: dict[str, list[str]] = {
            "attack": [u.id for u in self.fighting] + [BOMBARD_PREFIX + u.id for u in edition.unit_types
                                                       if u.has("bombard")],
            "defence": [u.id for u in self.fighting] + ([AA_ROW] if any(u.has("aa") for u in edition.unit_types)
                                                        else []),
        }

    def compose(self) -> ComposeResult:
        yield TooSmall()
        board = self.setup.rules.board
        title = self.setup.title or "Odds calculator"
        if self.setup.named:
            sides = f"{power_label(board, self.setup.attacker)} attacks {power_label(board, self.setup.defender)}"
        else:
            sides = "Attacker against Defender"
        yield Static(f"{title}: {sides}", id="odds-title", markup=False)
        with Horizontal(id="odds-main"):
            with Vertical(id="odds-left"):
                with Horizontal(id="odds-tables"):
                    yield SideTable("attack", id="odds-attack")
                    yield SideTable("defence", id="odds-defence")
                with Vertical(id="odds-options"):
                    with Horizontal():
                        yield TickBox("Sea battle", self.setup.sea, id="odds-sea")
                        yield TickBox("Low Luck", self.setup.low_luck, id="odds-low-luck")
                    with Horizontal():
                        yield Static("Retreat below", classes="odds-label")
                        yield CycleChoice([("never" if n == 0 else f"{n} units", str(n)) for n in range(0, 31)],
                                          str(self.setup.retreat_below), id="odds-retreat")
                    yield Static("+/- count  0 clear  Tab/arrows: side", id="odds-keys", markup=False)
            with VerticalScroll(id="odds-right"):
                yield Static("", id="odds-result", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        board = self.setup.rules.board
        for side in ("attack", "defence"):
            table = self.query_one(f"#odds-{side}", SideTable)
            power = self.setup.attacker if side == "attack" else self.setup.defender
            label = f"{'Attack' if side == 'attack' else 'Defence'} {power_tag(board, power)}"
            if not self.setup.named:
                label = "Attacker" if side == "attack" else "Defender"
            table.add_column(label, key="unit")
            table.add_column("n", key="n")
            for row in self.rows[side]:
                table.add_row(self.row_label(row), self.count_text(side, row), key=row)
        self.recompute()
        self.query_one("#odds-attack", SideTable).focus()

    # -- the setup ------------------------------------------------------------------------
    def row_label(self, row: str) -> str:
        edition = self.setup.rules.edition
        if row == AA_ROW:
            return "AA gun"
        if row.startswith(BOMBARD_PREFIX):
            return f"bombard {unit_abbreviation(edition.unit(row.removeprefix(BOMBARD_PREFIX)))}"
        name = edition.unit(row).name.lower()
        return "carrier" if name == "aircraft carrier" else name

    def counts(self, side: str, row: str) -> tuple[dict[str, int], str]:
        if row == AA_ROW:
            return {}, ""
        if row.startswith(BOMBARD_PREFIX):
            return self.setup.bombarding, row.removeprefix(BOMBARD_PREFIX)
        return (self.setup.attacking if side == "attack" else self.setup.defending), row

    def count_text(self, side: str, row: str) -> str:
        if row == AA_ROW:
            n = self.setup.aa_guns
        else:
            table, unit = self.counts(side, row)
            n = table.get(unit, 0)
        return str(n) if n else ""

    def change(self, side: str, index: int, step: int | None) -> None:
        rows = self.rows[side]
        row = rows[min(index, len(rows) - 1)]
        if row == AA_ROW:
            self.setup.aa_guns = 0 if step is None else max(0, min(1, self.setup.aa_guns + step))
        else:
            table, unit = self.counts(side, row)
            n = 0 if step is None else max(0, min(MAX_PER_LINE, table.get(unit, 0) + step))
            if n:
                table[unit] = n
            else:
                table.pop(unit, None)
        self.query_one(f"#odds-{side}", SideTable).update_cell(row, "n", self.count_text(side, row))
        self.recompute()

    def action_clear(self) -> None:
        self.setup.attacking.clear()
        self.setup.defending.clear()
        self.setup.bombarding.clear()
        self.setup.aa_guns = 0
        for side in ("attack", "defence"):
            table = self.query_one(f"#odds-{side}", SideTable)
            for row in self.rows[side]:
                table.update_cell(row, "n", "")
        self.recompute()

    def on_checkbox_changed(self, event: TickBox.Changed) -> None:
        event.stop()
        if event.checkbox.id == "odds-sea":
            self.setup.sea = event.value
        elif event.checkbox.id == "odds-low-luck":
            self.setup.low_luck = event.value
        self.recompute()

    def on_cycle_choice_changed(self, event: CycleChoice.Changed) -> None:
        event.stop()
        self.setup.retreat_below = int(event.value)
        self.recompute()

    # -- the result -------------------------------------------------------------------------
    def recompute(self) -> None:
        """Compute the odds in a thread (a big battle never freezes the screen);
        the newest setup's answer is shown when it arrives."""
        self.generation += 1
        generation, setup = self.generation, self.setup.copy()

        def compute() -> None:
            try:
                result = setup.result()
            except ValueError as problem:
                result = str(problem)
            try:
                self.app.call_from_thread(self.show_result, generation, setup, result)
            except RuntimeError:  # the app closed while computing
                pass

        self.run_worker(compute, thread=True, group="odds", exit_on_error=False)

    def show_result(self, generation: int, setup: OddsSetup, result: Any) -> None:
        if generation != self.generation or not self.is_attached:
            return  # keys were pressed meanwhile (a newer answer is on its way), or closed
        self.result = result
        text = self.result if isinstance(self.result, str) else "\n".join(report(setup, self.result))
        notes = []
        if setup.sea and (setup.bombarding or setup.aa_guns):
            notes.append("At sea there is no bombardment and no AA gun: they are left out.")
        if notes:
            text += "\n\n" + "\n".join(notes)
        self.query_one("#odds-result", Static).update(text)

    def action_close(self) -> None:
        self.dismiss(None)
