"""The setup screen: board, players, base options, dice, and every house rule
grouped by the document it comes from, with its help text beside it.

Choices are checked with the same functions the command line uses
(`houserules.choice_problems`, `setup.make_rules`); a refusal shows their
reason and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from axisallies_tui import locations, setup
from axisallies_tui.engine.model import Board, Edition, OptionSpec
from axisallies_tui.engine.rules import HouseRuleChoice
from axisallies_tui.houserules import choice_problems, load_implementations
from axisallies_tui.loaders.house import Catalogue, HouseRuleSpec
from axisallies_tui.savelock import login_problem
from axisallies_tui.store import StoreError, save_path
from axisallies_tui.tui.presets import PresetError, SetupChoices, list_presets, load_preset, save_preset
from axisallies_tui.tui.screens.dialogs import PickDialog, TextPrompt
from axisallies_tui.tui.widgets.common import CycleChoice, TooSmall
from axisallies_tui.tui.widgets.tickbox import TickBox

PLAYERS = "Players (one person may hold several powers; leave blank to share the keyboard)"
PLAYERS_SHARED = "Players and logins (a power with a login is played only from that login)"


def reflow(text: str) -> str:
    """Join the hard-wrapped lines of each paragraph, so the text wraps to the pane."""
    paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)


def default_save_name() -> str:
    for number in range(1, 1000):
        name = f"game-{number}"
        try:
            if not save_path(name).exists():
                return name
        except StoreError:
            break
    return "game"


class RuleList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,enter", "toggle_rule", "On/off", id="setup.toggle", key_display="Space"),
        Binding("slash", "screen.find_rule", "Filter", id="setup.filter", key_display="/"),
        Binding("v", "screen.available_only", "Available only", id="setup.available"),
    ]

    def action_toggle_rule(self) -> None:
        """Space: the highlighted rule on or off (Textual's DOMNode has its own `action_toggle`)."""
        if self.highlighted is None:
            return
        option = self.get_option_at_index(self.highlighted)
        if option.id:
            screen = self.screen
            getattr(screen, "toggle_rule")(option.id)


class RuleFilter(Input):
    """The words to filter the house rules by; Down or Enter goes to the list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,enter", "to_list", "To the list", id="setup.filter_to_list", show=False),
    ]

    def action_to_list(self) -> None:
        self.screen.query_one("#rule-list").focus()


class ParamInput(Input):
    """An input for one house-rule parameter; remembers which."""

    def __init__(self, rule_id: str, spec: OptionSpec, value: Any) -> None:
        super().__init__(str(value), placeholder=str(spec.default), compact=True)
        self.rule_id = rule_id
        self.spec = spec


class SetupScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "start", "Start", id="setup.start", key_display="F5", tooltip="Create the game and open it"),
        Binding("f2", "two_players", "Axis v Allies", id="setup.two",
                tooltip="One player for the Axis powers, one for the Allies", key_display="F2"),
        Binding("f3", "load_preset", "Load", id="setup.load", key_display="F3", tooltip="Load a saved preset"),
        Binding("f4", "save_preset", "Save", id="setup.save", key_display="F4",
                tooltip="Save these choices as a preset"),
        Binding("f6", "next_tab", "Tab", id="setup.tab", key_display="F6",
                tooltip="Next tab: game, options, house rules"),
        Binding("escape", "back", "Back", id="setup.back"),
    ]

    DEFAULT_CSS = """
    SetupScreen #setup-title { text-style: bold; height: 1; padding: 0 1; }
    SetupScreen #setup-tabs { height: 1fr; }
    SetupScreen #setup-summary { height: auto; max-height: 2; padding: 0 1; }
    SetupScreen #setup-problem { height: auto; max-height: 3; padding: 0 1; }
    SetupScreen .form-row { height: auto; margin-bottom: 0; }
    SetupScreen .form-label { width: 30; padding-right: 1; }
    SetupScreen .form-row Input { width: 1fr; max-width: 50; }
    SetupScreen .form-row Select { width: 1fr; max-width: 50; }
    SetupScreen .form-row Input.login-input { width: 20; margin-left: 1; }
    SetupScreen .form-row Button { margin-right: 2; margin-top: 1; }
    SetupScreen .option-row { height: auto; margin-bottom: 1; }
    SetupScreen .option-name { width: 26; }
    SetupScreen .option-control { width: 26; }
    SetupScreen .option-help { width: 1fr; color: $text-muted; padding-left: 1; }
    SetupScreen.-narrow .option-row { layout: vertical; }
    SetupScreen.-narrow .option-help { padding-left: 2; }
    SetupScreen #house-main { height: 1fr; }
    SetupScreen #house-left { width: 1fr; }
    SetupScreen #rule-list { height: 1fr; border: none; }
    SetupScreen #rule-filter-note { height: 1; color: $text-muted; }
    SetupScreen #rule-detail { width: 1fr; padding: 0 1; border-left: solid $primary; }
    SetupScreen #rule-params { height: auto; }
    SetupScreen .param-help { color: $text-muted; }
    SetupScreen.-narrow #house-main { layout: vertical; }
    SetupScreen.-narrow #house-left { height: 2fr; }
    SetupScreen.-narrow #rule-detail { border-left: none; border-top: solid $primary; height: 1fr; }
    """
    """Its own rules (not in app.tcss): read when the screen is first shown, not before the first paint."""

    def __init__(self, choices: SetupChoices | None = None) -> None:
        super().__init__()
        self.choices = choices or SetupChoices()
        self.catalogue: Catalogue = setup.catalogue()
        self.board: Board = setup.board(self.choices.board)
        self.edition: Edition = setup.editions()[self.board.edition]
        self.implemented = set(load_implementations())
        self.detail_rule: str | None = None
        self.params: dict[str, dict[str, Any]] = {k: dict(v) for k, v in self.choices.house.items()}
        """Parameters typed for each rule, kept while the rule is off too."""
        self.problem = ""
        """The last refusal shown (tests read it)."""
        self.available_only = False
        """The house-rule list shows only rules that can be switched on now (`v`)."""
        self.shared = locations.games_dir_shared()
        """Games go to a group's folder: each power may be bound to a login."""

    # -- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="setup-body"):
            yield Static("New game", id="setup-title")
            with TabbedContent(id="setup-tabs"):
                with TabPane("Game and players", id="tab-game"):
                    yield from self.compose_game()
                with TabPane("Base options", id="tab-options"):
                    yield from self.compose_options()
                with TabPane("House rules", id="tab-house"):
                    yield from self.compose_house()
            yield Static("", id="setup-summary", markup=False)
            yield Static("", id="setup-problem", markup=False)
        yield Footer()

    def compose_game(self) -> ComposeResult:
        with VerticalScroll(id="game-form"):
            with Horizontal(classes="form-row"):
                yield Static("Board", classes="form-label")
                boards = [(setup.board(b).name, b) for b in setup.board_ids()]
                yield CycleChoice(boards, self.choices.board, id="board-choice")
            with Horizontal(classes="form-row"):
                yield Static("Save name", classes="form-label")
                yield Input(default_save_name(), id="save-name", compact=True,
                            placeholder="letters, digits, - and _")
            with Horizontal(classes="form-row"):
                yield Static("Dice", classes="form-label")
                yield TickBox("Low Luck", self.choices.low_luck, id="low-luck", compact=True)
            with Horizontal(classes="form-row"):
                yield Static("Dice seed", classes="form-label")
                yield Input(self.choices.seed, id="seed", compact=True, placeholder="optional: same seed, same dice")
            yield Static(PLAYERS_SHARED if self.shared else PLAYERS, classes="section-title", markup=False)
            for power in self.board.powers:
                with Horizontal(classes="form-row"):
                    yield Static(f"{power.short} {power.name} ({power.side})", classes="form-label", markup=False)
                    yield Input(self.choices.players.get(power.id, ""), id=f"player-{power.id}", compact=True,
                                placeholder="player name")
                    if self.shared:
                        yield Input(self.choices.logins.get(power.id, ""), id=f"login-{power.id}", compact=True,
                                    placeholder="login: anyone", classes="login-input")
            with Horizontal(classes="form-row"):
                yield Button("Axis v Allies [F2]", id="two-players", compact=True)
                yield Button("Start game [F5]", id="start", compact=True, variant="primary")

    def compose_options(self) -> ComposeResult:
        with VerticalScroll(id="options-form"):
            for spec in self.edition.options:
                value = self.choices.options.get(spec.name, spec.default)
                with Horizontal(classes="option-row"):
                    if isinstance(spec.default, bool):
                        yield Static(spec.name, classes="option-name", markup=False)
                        yield TickBox("on", bool(value), id=f"option-{spec.name}", compact=True,
                                       classes="option-control")
                    elif spec.choices:
                        yield Static(spec.name, classes="option-name", markup=False)
                        yield CycleChoice([(c, c) for c in spec.choices], str(value), id=f"option-{spec.name}",
                                     classes="option-control")
                    else:
                        yield Static(spec.name, classes="option-name", markup=False)
                        yield Input(str(value), id=f"option-{spec.name}", compact=True, classes="option-control")
                    yield Static(spec.help, classes="option-help", markup=False)

    def compose_house(self) -> ComposeResult:
        with Horizontal(id="house-main"):
            with Vertical(id="house-left"):
                yield RuleFilter(placeholder="Filter: type words (/ from the list)", id="rule-filter", compact=True)
                yield Static("", id="rule-filter-note", markup=False)
                yield RuleList(id="rule-list", markup=False)
            with VerticalScroll(id="rule-detail"):
                yield Static("", id="rule-help", markup=False)
                yield Vertical(id="rule-params")

    def on_mount(self) -> None:
        self.fill_rule_list()
        self.show_summary()
        self.query_one("#save-name", Input).focus()

    # -- house rules ---------------------------------------------------------------
    def rule_label(self, rule: HouseRuleSpec) -> Text:
        on = rule.id in self.choices.house
        if rule.group:
            box = "(*)" if on else "( )"
        else:
            box = "[x]" if on else "[ ]"
        if not self.switchable(rule):
            box = " - "
        label = Text(f"{box} {rule.title}")
        if not self.switchable(rule):
            label.append("  planned", style="italic")
        elif rule.group:
            label.append(f"  [group {rule.group}]", style="italic")
        if on:
            label.stylize("bold")
        return label

    def switchable(self, rule: HouseRuleSpec) -> bool:
        return rule.available and rule.id in self.implemented and rule.fits(self.edition.id)

    def fill_rule_list(self, words: str = "") -> None:
        rules_list = self.query_one("#rule-list", RuleList)
        keep = self.detail_rule
        rules_list.clear_options()
        wanted = set(r.id for r in self.catalogue.search(words.split())) if words.strip() else None
        shown = 0
        for document in self.catalogue.documents:
            members = [r for r in self.catalogue.rules if r.document is document and (wanted is None or r.id in wanted)
                       and (not self.available_only or self.switchable(r))]
            shown += len(members)
            if not members:
                continue
            heading = Text(f"{document.title} (s{document.seed})", style="bold underline")
            rules_list.add_option(Option(heading, disabled=True))
            for rule in members:
                rules_list.add_option(Option(self.rule_label(rule), id=rule.id))
        which = "available rules" if self.available_only else "rules"
        note = f"{shown} {which}" + (f" matching '{words.strip()}'" if words.strip() else "")
        note += "; v: all rules" if self.available_only else "; v: available only"
        self.query_one("#rule-filter-note", Static).update(note)
        ids = [o.id for o in rules_list.options if o.id]
        if words.strip():
            # a rule named by the words comes first, before rules that only mention them
            lowered = words.casefold().split()
            titled = [i for i in ids if all(w in f"{i} {self.catalogue.by_id[i].title}".casefold() for w in lowered)]
            ids = titled + [i for i in ids if i not in titled]
            keep = None
        if keep in ids:
            rules_list.highlighted = rules_list.get_option_index(keep)
        elif ids:
            rules_list.highlighted = rules_list.get_option_index(ids[0])
            self.show_rule(ids[0])

    def refresh_rule_labels(self) -> None:
        rules_list = self.query_one("#rule-list", RuleList)
        for option in rules_list.options:
            if option.id and option.id in self.catalogue.by_id:
                rules_list.replace_option_prompt(option.id, self.rule_label(self.catalogue.by_id[option.id]))

    def house_choices(self, house: dict[str, dict[str, Any]]) -> tuple[HouseRuleChoice, ...]:
        return tuple(HouseRuleChoice(id=k, params=tuple(sorted(v.items()))) for k, v in house.items())

    def toggle_rule(self, rule_id: str) -> None:
        rule = self.catalogue.by_id[rule_id]
        house = dict(self.choices.house)
        note = ""
        if rule_id in house:
            del house[rule_id]
        else:
            if not self.switchable(rule):
                self.show_problem(f"{rule.title} is planned and cannot be switched on yet")
                return
            if rule.group:
                rivals = [r for r in house if (other := self.catalogue.by_id.get(r)) is not None
                          and other.group == rule.group and not (rule.bloc and other.bloc == rule.bloc)]
                for rival in rivals:
                    del house[rival]
                if rivals:
                    names = ", ".join(self.catalogue.by_id[r].title for r in rivals)
                    note = f"Switched off {names}: only one of group {rule.group} may be on."
            house[rule_id] = dict(self.params.get(rule_id, {}))
            problems = choice_problems(self.catalogue, self.edition.id, self.house_choices(house))
            if problems:
                self.show_problem("; ".join(problems))
                return
        self.choices.house = house
        self.refresh_rule_labels()
        self.show_summary(note)
        self.show_rule(rule_id)

    def show_rule(self, rule_id: str | None) -> None:
        self.detail_rule = rule_id
        help_box = self.query_one("#rule-help", Static)
        params_box = self.query_one("#rule-params", Vertical)
        params_box.remove_children()
        if rule_id is None or rule_id not in self.catalogue.by_id:
            help_box.update("")
            return
        rule = self.catalogue.by_id[rule_id]
        if not self.switchable(rule):
            status = "planned: shown for reference, cannot be switched on yet"
        else:
            status = "ON" if rule_id in self.choices.house else "off (Space switches it on)"
        lines = [rule.title, f"{rule.id} | {status}", f"{rule.document.title}, {rule.section}"]
        if rule.group:
            others = [r.id for r in self.catalogue.group_members(rule.group) if r.id != rule.id]
            lines.append(f"One of group {rule.group}: " + ", ".join(others))
        if rule.requires:
            lines.append("Needs: " + ", ".join(rule.requires))
        if rule.conflicts:
            lines.append("Not with: " + ", ".join(rule.conflicts))
        lines.extend(["", reflow(rule.help)])
        help_box.update("\n".join(lines))
        if rule.params:
            values = self.params.get(rule_id) or {}
            widgets: list[Any] = [Static("Parameters:", classes="section-title")]
            for spec in rule.params:
                bounds = []
                if spec.min is not None:
                    bounds.append(f"min {spec.min}")
                if spec.max is not None:
                    bounds.append(f"max {spec.max}")
                widgets.append(Static(f"{spec.name} ({', '.join(bounds) or 'any'}): {reflow(spec.help)}",
                                      classes="param-help", markup=False))
                widgets.append(ParamInput(rule.id, spec, values.get(spec.name, spec.default)))
            if not self.switchable(rule):
                for widget in widgets:
                    widget.disabled = True
            params_box.mount(*widgets)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "rule-list" and event.option.id and event.option.id != self.detail_rule:
            self.show_rule(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()

    # -- inputs --------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "rule-filter":
            self.fill_rule_list(event.value)
            return
        if isinstance(event.input, ParamInput):
            box = event.input
            params = self.params.setdefault(box.rule_id, {})
            value = box.spec.parse(event.value)
            if value == params.get(box.spec.name, box.spec.default):
                return  # the input was just filled in, not changed
            if event.value.strip() == "" or value == box.spec.default:
                params.pop(box.spec.name, None)
            else:
                params[box.spec.name] = value
            if box.rule_id in self.choices.house:
                self.choices.house[box.rule_id] = dict(params)
            why = box.spec.check(value)
            if why:
                title = self.catalogue.by_id[box.rule_id].title if box.rule_id in self.catalogue.by_id else box.rule_id
                self.show_problem(f"{title}: {box.spec.name} {why}")
            else:
                self.show_summary()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "two-players":
            self.action_two_players()

    # -- reading the form ----------------------------------------------------------
    def read_form(self) -> SetupChoices:
        """The choices as the form shows them now (parameters already in `choices.house`)."""
        choices = SetupChoices(board=str(self.query_one("#board-choice", CycleChoice).value))
        choices.players = {}
        for power in self.board.powers:
            name = self.query_one(f"#player-{power.id}", Input).value.strip()
            if name:
                choices.players[power.id] = name
        choices.logins = self.read_logins()
        choices.low_luck = self.query_one("#low-luck", TickBox).value
        choices.seed = self.query_one("#seed", Input).value.strip()
        choices.house = {k: dict(v) for k, v in self.choices.house.items()}
        options: dict[str, Any] = {}
        for spec in self.edition.options:
            widget = self.query_one(f"#option-{spec.name}")
            if isinstance(widget, TickBox):
                value: Any = widget.value
            elif isinstance(widget, CycleChoice):
                value = widget.value
            else:
                value = spec.parse(getattr(widget, "value", ""))
            if value != spec.default:
                options[spec.name] = value
        choices.options = options
        return choices

    def write_form(self, choices: SetupChoices) -> None:
        """Show `choices` in the form (after loading a preset)."""
        self.choices = choices
        self.params.update({k: dict(v) for k, v in choices.house.items()})
        for power in self.board.powers:
            self.query_one(f"#player-{power.id}", Input).value = choices.players.get(power.id, "")
            if self.shared:
                self.query_one(f"#login-{power.id}", Input).value = choices.logins.get(power.id, "")
        self.query_one("#low-luck", TickBox).value = choices.low_luck
        for spec in self.edition.options:
            widget = self.query_one(f"#option-{spec.name}")
            value = choices.options.get(spec.name, spec.default)
            if isinstance(widget, TickBox):
                widget.value = bool(value)
            elif isinstance(widget, CycleChoice):
                widget.value = value
            elif isinstance(widget, Input):
                widget.value = str(value)
        self.refresh_rule_labels()
        self.show_rule(self.detail_rule)
        self.show_summary()

    def read_logins(self) -> dict[str, str]:
        """`{power: login}` typed in the login column (none in a personal folder)."""
        if not self.shared:
            return {}
        typed = {p.id: self.query_one(f"#login-{p.id}", Input).value.strip() for p in self.board.powers}
        return {power: login for power, login in typed.items() if login}

    def login_problems(self, logins: dict[str, str]) -> list[str]:
        """Each login that cannot be bound, with the powers it was typed for."""
        powers: dict[str, list[str]] = {}
        for power in self.board.powers:
            if power.id in logins:
                powers.setdefault(logins[power.id], []).append(power.name)
        return [f"{', '.join(names)}: {why}" for login, names in powers.items() if (why := login_problem(login))]

    def choice_problems(self, choices: SetupChoices) -> list[str]:
        problems = self.login_problems(choices.logins) if self.shared else []
        for spec in self.edition.options:
            if spec.name in choices.options and (why := spec.check(choices.options[spec.name])):
                problems.append(f"option {spec.name} {why}")
        problems.extend(choice_problems(self.catalogue, self.edition.id, choices.ruleset().house))
        return problems

    # -- messages ------------------------------------------------------------------
    def show_problem(self, reason: str) -> None:
        self.problem = reason
        box = self.query_one("#setup-problem", Static)
        box.update(f"Refused: {reason}")
        box.add_class("-problem")

    def show_summary(self, note: str = "") -> None:
        self.problem = ""
        parts = []
        on = [self.catalogue.by_id[r].title for r in self.choices.house if r in self.catalogue.by_id]
        parts.append(f"House rules on: {', '.join(on)}" if on else "No house rules")
        box = self.query_one("#setup-problem", Static)
        box.remove_class("-problem")
        box.update(note)
        self.query_one("#setup-summary", Static).update(" | ".join(parts))

    # -- actions -------------------------------------------------------------------
    def action_two_players(self) -> None:
        """Fill every Axis power with one player's name and every Allied power with another's."""
        names = {}
        for side in ("axis", "allies"):
            powers = [p for p in self.board.powers if p.side == side]
            typed = [self.query_one(f"#player-{p.id}", Input).value.strip() for p in powers]
            name = next((t for t in typed if t), "")
            if not name:  # a name is the player's to give, not ours to invent
                field = self.query_one(f"#player-{powers[0].id}", Input)
                field.focus()
                self.show_problem(f"Type the {side.capitalize()} player's name first (here, for "
                                  f"{powers[0].name}), then F2 gives it to every {side.capitalize()} power.")
                return
            names[side] = name
        logins = self.read_logins()
        for side, name in names.items():
            powers = [p for p in self.board.powers if p.side == side]
            login = next((logins[p.id] for p in powers if p.id in logins), "")
            for power in powers:
                self.query_one(f"#player-{power.id}", Input).value = name
                if login:
                    self.query_one(f"#login-{power.id}", Input).value = login
        self.show_summary(f"Two players: {names['axis']} plays the Axis, {names['allies']} the Allies.")

    def action_start(self) -> None:
        choices = self.read_form()
        problems = self.choice_problems(choices)
        if problems:
            self.show_problem("; ".join(problems))
            return
        try:
            setup.make_rules(choices.ruleset())
        except setup.SetupError as refused:
            self.show_problem(str(refused))
            return
        name = self.query_one("#save-name", Input).value.strip()
        problem = getattr(self.app, "create_game")(name, choices)
        if problem:
            self.show_problem(problem)

    def help_location(self) -> tuple[str, str]:
        """F1 here opens the house rules of the highlighted rule's document."""
        rule = self.catalogue.by_id.get(self.detail_rule or "")
        if rule is not None:
            return f"house-{rule.document.seed}", rule.title
        return "overview", ""

    def action_next_tab(self) -> None:
        tabs = self.query_one("#setup-tabs", TabbedContent)
        order = ["tab-game", "tab-options", "tab-house"]
        tabs.active = order[(order.index(tabs.active) + 1) % len(order)]
        focus = {"tab-game": "#save-name", "tab-options": "#options-form", "tab-house": "#rule-list"}[tabs.active]
        self.call_after_refresh(self.focus_target, focus)

    def focus_target(self, selector: str) -> None:
        target = self.query_one(selector)
        if selector == "#options-form":
            self.query_one("#options-form").query(".option-control").first().focus()
        else:
            target.focus()

    def action_back(self) -> None:
        getattr(self.app, "show_start")()

    def action_find_rule(self) -> None:
        self.query_one("#rule-filter", Input).focus()

    def action_available_only(self) -> None:
        self.available_only = not self.available_only
        self.fill_rule_list(self.query_one("#rule-filter", Input).value)

    def action_save_preset(self) -> None:
        def save(name: str | None) -> None:
            if not name:
                return
            try:
                path = save_preset(name, self.read_form())
            except (PresetError, OSError) as problem:
                self.show_problem(str(problem))
                return
            self.show_summary(f"Preset saved as {path.stem} ({path}).")

        self.app.push_screen(TextPrompt("Save these choices as a preset", placeholder="preset name",
                                        note="Board, players, options and house rules are kept."), callback=save)

    def action_load_preset(self) -> None:
        def load(name: str | None) -> None:
            if name:
                self.apply_preset(name)

        options = [(name, name) for name in list_presets()]
        self.app.push_screen(PickDialog("Load a preset", options, empty="No presets saved yet (F4 saves one)."),
                             callback=load)

    def apply_preset(self, name: str) -> bool:
        try:
            choices = load_preset(name)
        except PresetError as problem:
            self.show_problem(str(problem))
            return False
        problems = self.choice_problems(choices)
        if choices.board not in setup.board_ids():
            problems.insert(0, f"no board called {choices.board!r}")
        if problems:
            self.show_problem(f"preset {name}: " + "; ".join(problems))
            return False
        choices.seed = self.query_one("#seed", Input).value.strip()
        self.write_form(choices)
        self.show_summary(f"Loaded preset {name}.")
        return True
