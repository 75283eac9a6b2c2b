"""The plugin surface: what a house rule may change, and how active rules combine.

A house rule is one subclass of `HouseRule`, registered with
`@implements("<catalogue id>")`. It overrides the hooks it needs; every hook
below is declared once in `SPECS` with its family and how several rules'
answers combine:

- `fold`: the value passes through each rule in order (numbers, lists of phases).
- `first`: the first rule with an answer (not None) decides.
- `collect`: every rule's answers are joined (bonuses, fees, extra actions).
- `act`: lifecycle points; each rule runs in order and may *act on the game*
  through the `Tx` it is given (roll, pay, move pieces, emit events, ask a
  decision, change its own state).

Value hooks (`fold`, `first`, `collect`) are questions: the engine also asks
them while listing legal moves, computing odds and drawing screens, so they
must not roll, pay or change anything. Only `act` hooks and the handlers of a
rule's own actions and decisions receive a `Tx`.

Which rules are active belongs to the game (`ActiveRules`, built from the
players' choices), never to module-level registries: two games with different
rules in one process do not see each other's rules. Where rules meet at one
hook their order is declared with `before`/`after` (catalogue ids), never the
order they were switched on; otherwise they run in id order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Literal

from attrs import frozen

from axisallies_tui.engine.model import UnitType

if TYPE_CHECKING:
    from axisallies_tui.engine.actions import Action
    from axisallies_tui.engine.dice import DiceSource
    from axisallies_tui.engine.events import Event
    from axisallies_tui.engine.model import Board, Edition
    from axisallies_tui.engine.profiles import Profile
    from axisallies_tui.engine.research import ResearchScheme
    from axisallies_tui.engine.rules import Rules
    from axisallies_tui.engine.state import Decision, GameState, Unit
    from axisallies_tui.engine.tx import Tx

Combine = Literal["fold", "first", "collect", "act"]

# Moments at which `check_victory` is asked.
END_OF_TURN = "end_of_turn"
END_OF_ROUND = "end_of_round"


@frozen
class RuleData:
    """What a rule's TOML entry contributes as data (loaded by `loaders.house`)."""

    units: tuple[UnitType, ...] = ()
    """Unit types the rule adds, in the edition file's format (`[rules.units.<id>]`)."""
    options: tuple[tuple[str, Any], ...] = ()
    """Base options the rule needs set while it is on (`[rules.options]`)."""


@frozen
class HookSpec:
    """One hook point: where the engine calls it, and how answers combine."""

    name: str
    family: str
    combine: Combine


def _specs(*rows: tuple[str, str, Combine]) -> Mapping[str, HookSpec]:
    return MappingProxyType({name: HookSpec(name, family, combine) for name, family, combine in rows})


SPECS: Mapping[str, HookSpec] = _specs(
    # data: the game's board and unit list, built once when the game is set up
    ("overlay_board", "data", "fold"),
    ("overlay_edition", "data", "fold"),
    ("research_scheme", "research", "first"),
    # movement
    ("may_enter", "movement", "first"),
    ("may_move", "movement", "first"),
    ("may_overfly_neutral", "movement", "first"),
    ("unowned_land_is_enemy", "movement", "first"),
    ("movement_allowance", "movement", "fold"),
    ("transport_capacity", "movement", "fold"),
    ("carrier_capacity", "movement", "fold"),
    ("move_costs", "economy", "collect"),
    # battle
    ("unit_profile", "numbers", "fold"),
    ("battle_steps", "procedure", "fold"),
    ("unit_in_battle", "numbers", "fold"),
    ("casualty_targets", "procedure", "fold"),
    ("casualty_chooser", "procedure", "fold"),
    ("may_bombard", "procedure", "fold"),
    ("bombardment_casualties_fire_back", "procedure", "fold"),
    ("may_retreat", "procedure", "fold"),
    ("raid_damage", "numbers", "fold"),
    # turn order and phases
    ("choose_next_power", "turn order", "first"),
    ("turn_phases", "turn order", "fold"),
    # economy
    ("turn_start_bonus", "economy", "collect"),
    ("income_bonus", "economy", "collect"),
    ("adjust_income", "economy", "fold"),
    ("unit_cost", "economy", "fold"),
    ("buys_without_capital", "economy", "fold"),
    # capture
    ("liberation_returns", "capture", "fold"),
    # decisions and the rule's own actions
    ("legal_actions", "decisions", "collect"),
    ("decision_options", "decisions", "fold"),
    # victory
    ("check_victory", "victory", "first"),
    # lifecycle (act)
    ("on_setup", "lifecycle", "act"),
    ("on_turn_start", "lifecycle", "act"),
    ("on_turn_end", "lifecycle", "act"),
    ("on_phase_start", "lifecycle", "act"),
    ("on_phase_end", "lifecycle", "act"),
    ("after_purchase", "lifecycle", "act"),
    ("after_place", "lifecycle", "act"),
    ("after_research", "lifecycle", "act"),
    ("on_income", "lifecycle", "act"),
    ("on_capture", "lifecycle", "act"),
    ("after_battle", "lifecycle", "act"),
)
HOOKS = tuple(SPECS)


class HouseRule:
    """Base class of every house rule. Each hook has "no opinion" by default.

    Class attributes a rule may set:

    - `State`: an attrs frozen class holding the rule's own state. It lives in
      `GameState.rule_state` under the rule's id, is saved with the game, and
      starts as `initial_state(rules)`. Read it with `rule.state_in(state)`;
      change it with `tx.set_rule_state(rule.id, new)`.
    - `actions`: action classes only this rule handles (`handle`), offered by
      `legal_actions`.
    - `decisions`: decision kinds this rule asks (`tx.ask`) and answers (`answer`).
    - `phases`: phase ids this rule adds to the turn (through `turn_phases`),
      each with its kind: an edition kind (`model.PHASE_KINDS`: a second
      combat move is a `combat_move`) runs the edition's procedure; any other
      kind is the rule's own and runs through `run_phase`, `legal_actions`,
      `why_not_end_phase` and `end_phase`. `phase_names` gives their titles.
    - `steps`: battle step ids this rule adds (through `battle_steps`) and runs
      in `battle_step`.
    - `before` / `after`: catalogue ids this rule must run before / after at
      every hook both implement.
    """

    id: ClassVar[str] = ""
    State: ClassVar[type[Any] | None] = None
    actions: ClassVar[tuple[type[Action], ...]] = ()
    decisions: ClassVar[tuple[str, ...]] = ()
    phases: ClassVar[Mapping[str, str]] = MappingProxyType({})
    phase_names: ClassVar[Mapping[str, str]] = MappingProxyType({})
    steps: ClassVar[tuple[str, ...]] = ()
    before: ClassVar[tuple[str, ...]] = ()
    after: ClassVar[tuple[str, ...]] = ()

    def __init__(self, params: Mapping[str, Any], data: RuleData | None = None) -> None:
        self.params: Mapping[str, Any] = MappingProxyType(dict(params))
        self.data = data or RuleData()
        self._initial: Any = None

    # -- own state ----------------------------------------------------------------
    def initial_state(self, rules: Rules) -> Any:
        """The rule's state when a game starts (or when a save made before the
        rule kept state is loaded). Rules with a `State` override this or give
        `State` defaults for every field."""
        return self.State() if self.State is not None else None

    def state_in(self, state: GameState) -> Any:
        """This rule's state in `state` (its initial state if none is stored yet)."""
        for slot in state.rule_state:
            if slot.id == self.id:
                return slot.data
        return self._initial

    def bind(self, rules: Rules) -> None:
        """Called once when the game's `Rules` are built."""
        self._initial = self.initial_state(rules)

    # -- data ---------------------------------------------------------------------
    def overlay_board(self, board: Board) -> Board:
        """Data. The board this game is played on (alternative sea zones, other sides)."""
        return board

    def overlay_edition(self, edition: Edition) -> Edition:
        """Data. The unit types, developments and options this game uses. Units and
        forced options from the rule's TOML entry are added before this runs."""
        return edition

    def research_scheme(self, rules: Rules) -> ResearchScheme | None:
        """Research. The scheme that replaces the edition's research, or None."""
        return None

    # -- movement -----------------------------------------------------------------
    def may_enter(
        self, rules: Rules, state: GameState, power: str, units: tuple[str, ...], frm: str, to: str
    ) -> str | None:
        """Why units of these types may not go from `frm` into `to` (a sentence
        for the player), or None to allow it."""
        return None

    def may_move(self, rules: Rules, state: GameState, unit: Unit) -> str | None:
        """Why this piece of the power to move may not move at all now (a sentence
        for the player), or None to leave it to the edition. Asked for every
        piece a move picks and while listing moves."""
        return None

    def may_overfly_neutral(self, rules: Rules, state: GameState, power: str, space: str) -> bool | None:
        """True lets `power`'s aircraft cross the still-neutral `space`."""
        return None

    def unowned_land_is_enemy(self, rules: Rules, state: GameState, power: str, space: str) -> bool | None:
        """True makes `space`, a land territory nobody holds that is not a neutral,
        enemy land to `power`: entered only in the combat move and taken on entry
        (no battle while it is empty). The edition never leaves such a territory,
        so by default it is simply not friendly."""
        return None

    def movement_allowance(self, rules: Rules, state: GameState, unit: Unit, value: int) -> int:
        """Spaces this unit may enter in a turn."""
        return value

    def carrier_capacity(self, rules: Rules, unit: Unit, value: int) -> int:
        """Fighter places this unit offers."""
        return value

    def transport_capacity(self, rules: Rules, state: GameState, power: str, unit: str, value: int) -> int:
        """Transport places a unit of type `unit` offers."""
        return value

    def move_costs(
        self, rules: Rules, state: GameState, power: str, units: tuple[str, ...], path: tuple[str, ...]
    ) -> Sequence[tuple[int, str, str]]:
        """Fees for a move along `path`: (IPCs, reason, mark kept for the turn or "")."""
        return ()

    # -- battle -------------------------------------------------------------------
    def unit_profile(
        self, rules: Rules, power: str, techs: frozenset[str], unit: str, role: str, round_number: int,
        profile: Profile,
    ) -> Profile:
        """How a unit of `power` (holding `techs`) fights in `role` in battle round
        `round_number`. Combat and the odds calculator both use the answer, which
        is remembered for the game: it must depend on these arguments only (what
        reads the battle belongs in `unit_in_battle`)."""
        return profile

    def battle_steps(
        self, rules: Rules, state: GameState, when: str, steps: tuple[str, ...]
    ) -> tuple[str, ...]:
        """The battle steps (`when` is "pre" for the pre-battle part, "round" for
        each round) of the battle under way (`state.battle`). Insert, replace,
        remove or reorder; steps of your own run in `battle_step`. A battle
        whose steps differ from the edition's gets simulated odds."""
        return steps

    def changes_battle(self, rules: Rules, state: GameState, space_id: str) -> bool:
        """Whether this rule's battle hooks can change how the battle in
        `space_id` goes, from the units there now (before it starts: the
        attackers moved in and the defenders). Answer False only when they
        certainly cannot (a submarine rule, no submarine on either side): the
        battle then gets the exact odds. Asked about battles under way too, so
        the answer may turn False as units fall, never back to True."""
        return True

    def battle_step(self, tx: Tx, step: str) -> None:
        """Run one of this rule's battle steps (it may fire, ask, remove units)."""
        raise NotImplementedError(f"{self.id} declares the battle step {step!r} but does not run it")

    def unit_in_battle(self, rules: Rules, state: GameState, unit: Unit, role: str, profile: Profile) -> Profile:
        """How `unit` fights in the battle under way (`state.battle`: its space,
        round; the units present), after `unit_profile`. Battles where a rule
        answers this get simulated odds."""
        return profile

    def casualty_targets(self, rules: Rules, state: GameState, kind: str, units: list[Unit]) -> list[Unit]:
        """The units the hits of a casualty decision of `kind` may strike."""
        return units

    def casualty_chooser(self, rules: Rules, state: GameState, kind: str, power: str) -> str:
        """The power that chooses the casualties of `kind` (the edition: their owner)."""
        return power

    def may_bombard(self, rules: Rules, unit: Unit, allowed: bool) -> bool:
        """Whether this ship may bombard before a landing."""
        return allowed

    def bombardment_casualties_fire_back(self, rules: Rules, answer: bool) -> bool:
        """Whether units killed by bombardment still fire in round one."""
        return answer

    def may_retreat(self, rules: Rules, state: GameState, unit: Unit, allowed: bool) -> bool:
        """Whether this attacking unit may retreat (the edition: not after a landing)."""
        return allowed

    def raid_damage(
        self, rules: Rules, power: str, techs: frozenset[str], unit: str, faces: tuple[int, ...], damage: int
    ) -> int:
        """IPCs a raiding bomber costs its victim, from its dice."""
        return damage

    # -- turn order ---------------------------------------------------------------
    def choose_next_power(
        self, rules: Rules, state: GameState, dice: DiceSource
    ) -> tuple[str | None, tuple[Event, ...]] | None:
        """(next power or None for "the round is over", events to log), or None to
        leave the turn order to later rules and the edition. May roll (the dice
        are recorded); must not change the state."""
        return None

    def turn_phases(self, rules: Rules, state: GameState, power: str, phases: tuple[str, ...]) -> tuple[str, ...]:
        """The phase ids `power` plays this turn (round = `state.round`)."""
        return phases

    # -- economy ------------------------------------------------------------------
    def turn_start_bonus(self, rules: Rules, state: GameState, power: str) -> Sequence[tuple[int, str]]:
        """IPCs given at the start of `power`'s turn: (amount, reason) pairs."""
        return ()

    def income_bonus(self, rules: Rules, state: GameState, power: str) -> Sequence[tuple[int, str]]:
        """IPCs given with income that do not count as income (for victory)."""
        return ()

    def adjust_income(self, rules: Rules, state: GameState, power: str, income: int) -> int:
        """The income `power` collects."""
        return income

    def unit_cost(self, rules: Rules, state: GameState, power: str, unit: str, cost: int) -> int:
        """The price `power` pays for one `unit`."""
        return cost

    def buys_without_capital(self, rules: Rules, state: GameState, power: str, allowed: bool) -> bool:
        """Whether `power`, whose capital the enemy holds, may still buy units
        (the edition: no, C-BUY-3)."""
        return allowed

    # -- capture ------------------------------------------------------------------
    def liberation_returns(self, rules: Rules, state: GameState, original: str, space: str, value: bool) -> bool:
        """Whether `space`, taken from the enemy by an ally of its original owner
        `original`, goes back to `original` at once (the edition: when
        `original`'s capital is in friendly hands, C-CAP-LIB-1/2)."""
        return value

    # -- decisions and actions ----------------------------------------------------
    def legal_actions(self, rules: Rules, state: GameState) -> Iterator[Action]:
        """This rule's own actions that may be worth offering now (the engine
        keeps those it accepts). Listed for bots, `legal` and the interfaces."""
        return iter(())

    def handle(self, tx: Tx, action: Action) -> None:
        """Carry out one of `actions` (raise IllegalAction to refuse it)."""
        raise NotImplementedError(f"{self.id} declares {type(action).__name__} but does not handle it")

    def decision_options(self, rules: Rules, state: GameState, decision: Decision) -> tuple[str, ...]:
        """Extra answers this rule adds to a pending decision (of any kind). An
        answer it adds comes back to its `answer`."""
        return ()

    def answer(self, tx: Tx, decision: Decision, choice: str) -> None:
        """Carry out `choice`, an answer to one of this rule's decisions or one
        of the answers it added with `decision_options`."""
        raise NotImplementedError(f"{self.id} asked {decision.kind} but does not answer it")

    def run_phase(self, tx: Tx, phase: str) -> bool:
        """Enter a phase whose kind this rule owns: return True when it needs no
        player (the turn moves on), False to wait for actions."""
        return True

    def why_not_end_phase(self, rules: Rules, state: GameState, phase: str) -> str | None:
        """Why the current phase (of a kind this rule owns) may not end yet."""
        return None

    def end_phase(self, tx: Tx, phase: str) -> None:
        """Leave a phase of a kind this rule owns (before every rule's `on_phase_end`)."""

    # -- victory ------------------------------------------------------------------
    def check_victory(self, rules: Rules, state: GameState, moment: str) -> tuple[str, str] | None:
        """If any active rule implements this hook, it replaces the edition's victory
        conditions. Return (winner side or "draw", reason)."""
        return None

    # -- lifecycle: these may act on the game through `tx` ---------------------------
    def on_setup(self, tx: Tx) -> None:
        """Before the first turn of a new game (not when a position is loaded)."""

    def on_turn_start(self, tx: Tx, power: str) -> None:
        """A turn begins, before its first phase."""

    def on_turn_end(self, tx: Tx, power: str) -> None:
        """A turn ends, before victory is checked."""

    def on_phase_start(self, tx: Tx, phase: str) -> None:
        """A phase begins (before an automatic phase runs)."""

    def on_phase_end(self, tx: Tx, phase: str) -> None:
        """A phase ends, after the edition's own end-of-phase steps."""

    def after_purchase(self, tx: Tx, power: str, unit: str, count: int) -> None:
        """Units were bought."""

    def after_place(self, tx: Tx, power: str, unit: str, space: str, count: int) -> None:
        """Units were placed."""

    def after_research(self, tx: Tx, power: str, gained: tuple[str, ...]) -> None:
        """Research was done; `gained` lists the developments it brought."""

    def on_income(self, tx: Tx, power: str, amount: int) -> None:
        """Income was collected."""

    def on_capture(self, tx: Tx, space: str, old_owner: str | None, new_owner: str) -> None:
        """A territory changed hands (captured or liberated)."""

    def after_battle(self, tx: Tx, space: str, outcome: str) -> None:
        """A battle ended; `outcome` is attacker, defender, both (all destroyed),
        retreat or stalemate."""


REGISTRY: dict[str, type[HouseRule]] = {}
"""The rule implementations this program knows (a catalogue of code, like a list
of installed plugins). Which of them are on is `ActiveRules`, per game."""


def implements(rule_id: str) -> Callable[[type[HouseRule]], type[HouseRule]]:
    """Class decorator: register `cls` as the implementation of catalogue id `rule_id`."""

    def register(cls: type[HouseRule]) -> type[HouseRule]:
        known = REGISTRY.get(rule_id)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise ValueError(f"{rule_id} is implemented twice ({known.__qualname__}, {cls.__qualname__})")
        cls.id = rule_id
        REGISTRY[rule_id] = cls
        return cls

    return register


class RuleOrderError(ValueError):
    """Active rules whose declared before/after order cannot be satisfied."""


def _ordered(rules: Sequence[HouseRule]) -> tuple[HouseRule, ...]:
    """Rules in declared before/after order, ties broken by id (never by the order
    they were switched on)."""
    by_id: dict[str, HouseRule] = {}
    for rule in rules:
        if rule.id in by_id:
            raise RuleOrderError(f"{rule.id} is switched on twice")
        by_id[rule.id] = rule
    follows: dict[str, set[str]] = {rule_id: set() for rule_id in by_id}
    for rule in rules:
        for later in rule.before:
            if later in by_id:
                follows[later].add(rule.id)
        for earlier in rule.after:
            if earlier in by_id:
                follows[rule.id].add(earlier)
    ordered: list[HouseRule] = []
    placed: set[str] = set()
    while len(ordered) < len(by_id):
        ready = sorted(i for i in by_id if i not in placed and follows[i] <= placed)
        if not ready:
            stuck = sorted(set(by_id) - placed)
            raise RuleOrderError(f"the before/after order of {', '.join(stuck)} is circular")
        placed.add(ready[0])
        ordered.append(by_id[ready[0]])
    return tuple(ordered)


class ActiveRules:
    """The house rules switched on for one game, in their declared order, indexed
    by the hooks they implement and the actions, decisions and phases they own."""

    def __init__(self, rules: Sequence[HouseRule] = ()) -> None:
        self.rules = _ordered(rules)
        self._by_hook: dict[str, tuple[HouseRule, ...]] = {
            hook: tuple(rule for rule in self.rules if getattr(type(rule), hook) is not getattr(HouseRule, hook))
            for hook in HOOKS
        }
        self._actions = self._owners("actions", lambda rule: rule.actions)
        self._decisions = self._owners("decisions", lambda rule: rule.decisions)
        self._phases = self._owners("phases", lambda rule: tuple(rule.phases))
        self._steps = self._owners("battle steps", lambda rule: rule.steps)

    def _owners(self, what: str, owned: Callable[[HouseRule], Sequence[Any]]) -> dict[Any, HouseRule]:
        table: dict[Any, HouseRule] = {}
        for rule in self.rules:
            for item in owned(rule):
                if item in table:
                    raise RuleOrderError(f"{rule.id} and {table[item].id} both claim the {what} entry {item!r}")
                table[item] = rule
        return table

    def bind(self, rules: Rules) -> None:
        for rule in self.rules:
            rule.bind(rules)

    def implementing(self, hook: str) -> tuple[HouseRule, ...]:
        return self._by_hook[hook]

    def owner_of_action(self, action_type: type[Action]) -> HouseRule | None:
        return self._actions.get(action_type)

    def owner_of_decision(self, kind: str) -> HouseRule | None:
        return self._decisions.get(kind)

    def owner_of_phase(self, phase: str) -> HouseRule | None:
        return self._phases.get(phase)

    def owner_of_step(self, step: str) -> HouseRule | None:
        return self._steps.get(step)

    def phase_kinds(self) -> dict[str, str]:
        return {phase: kind for rule in self.rules for phase, kind in rule.phases.items()}

    def get(self, rule_id: str) -> HouseRule | None:
        return next((rule for rule in self.rules if rule.id == rule_id), None)

    def ids(self) -> tuple[str, ...]:
        return tuple(rule.id for rule in self.rules)

    def __contains__(self, rule_id: str) -> bool:
        return any(rule.id == rule_id for rule in self.rules)
