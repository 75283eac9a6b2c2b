"""Position files: a game situation written as TOML, read back exactly.

A position says only what differs from the board's start: the rules, whose
turn and which phase, each power's money and developments, and the spaces
whose owner or units are not as printed on the board. Players write them to
set up a lesson, to copy a real table, or to ask a rules question; tests and
bug reports use them too. The format is described in README.md
("Positions").

Reading checks everything and reports the first problem as one line
`file: entry: problem` (a `DataError`), like the board and rule loaders.
Writing (`position_text`) produces a file that reads back to exactly the
same state: changed spaces list their units with their ids (so references to
units, like cargo aboard a transport, survive), and engine state the format
has no table for (a battle under way, the undo history) is kept as JSON text
under `[engine]`.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
import types
import typing
from collections import Counter
from pathlib import Path
from typing import Any, Iterable

import attrs
from attrs import evolve, frozen

from axisallies_tui.codec import converter, explain
from axisallies_tui.engine.dice import POLICIES, StandardPolicy
from axisallies_tui.engine.edits import placement_refusal
from axisallies_tui.engine.errors import DataError
from axisallies_tui.engine.game import DECISIONS, setup_state
from axisallies_tui.engine.model import Board, Edition, UnitType
from axisallies_tui.engine.movement import transport_room
from axisallies_tui.engine.profiles import DEFENCE, profile
from axisallies_tui.engine.rules import HouseRuleChoice, Rules, Ruleset
from axisallies_tui.engine.state import Decision, GameResult, GameState, PowerState, SpaceState, TurnRecord, Unit
from axisallies_tui.engine.tx import Tx
from axisallies_tui.loaders.common import Fields, Problems

VERSION = 1
NOBODY = "none"
"""The owner written for a neutral territory that belongs to no power."""

TOP_KEYS = {"version", "board", "rules", "game", "turn", "powers", "spaces", "pending", "result", "engine"}
GAME_KEYS = {"round", "power", "phase", "done", "complexes_built", "next_uid"}
SPACE_KEYS = {"owner", "clear", "units"}
UNIT_KEYS = {"power", "type", "count", "ids", "aboard", "cargo"}
_UNIT_FIXED = {"uid", "power", "type", "aboard"}
# GameState fields that have a table or key of their own; any other field a
# later version of the engine adds is carried as JSON text under [engine].
_STATE_COVERED = {"round", "power", "phase", "powers", "spaces", "next_uid", "turn", "done_this_round",
                  "complexes_built", "pending", "result"}
# Fields (of units and of the turn record) whose values are space ids.
_SPACE_VALUED = {"came_from", "landing", "captured", "built", "placed", "assault_zones", "rockets"}


@frozen
class Position:
    """What a position file describes: the rules and the state to start from."""

    ruleset: Ruleset
    state: GameState


# -- reading ----------------------------------------------------------------------------

MAX_ENTRY_UNITS = 999
"""The most units one entry (or one count of bought units) may name."""
MAX_UNITS = 20_000
"""The most units a position may hold in all (the classic start has about 300)."""
MAX_NUMBER = 1_000_000
"""Bound on the other numbers (IPCs, rounds, movement used...)."""
MAX_FILE_BYTES = 1024 * 1024


def load_position(path: str | Path) -> Position:
    """Read and check a position file. Raises DataError (`file: entry: problem`)."""
    path = Path(path)
    try:
        if path.exists() and not path.is_file():
            raise DataError(str(path), "", "is not a regular file")
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise DataError(str(path), "", f"is larger than {MAX_FILE_BYTES // 1024} KiB")
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise DataError(str(path), "", "file not found") from None
    except UnicodeDecodeError:
        raise DataError(str(path), "", "not UTF-8 text") from None
    except OSError as problem:
        raise DataError(str(path), "", f"cannot be read: {problem.strerror}") from None
    return loads_position(text, str(path))


def loads_position(text: str, source: str = "position") -> Position:
    """Read a position from TOML text; `source` names it in error messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        message = str(problem)
        where = re.search(r"\(at line (\d+), column (\d+)\)", message)
        entry = f"line {where.group(1)}" if where else ""
        detail = re.sub(r"\s*\(at line \d+, column \d+\)", "", message) or "syntax error"
        raise DataError(source, entry, f"not valid TOML: {detail}") from None
    return _Reader(source, data).read()


class _Reader:
    def __init__(self, source: str, data: dict[str, Any]) -> None:
        self.source = source
        self.data = data
        self.problems = Problems(Path(source))

    def add(self, entry: str, problem: str) -> None:
        self.problems.add(entry, problem)

    def read(self) -> Position:
        top = Fields(self.problems, "(top level)", self.data, TOP_KEYS)
        version = top.get("version", int, VERSION)
        if version != VERSION:
            self.add("version", f"this program reads position version {VERSION}, not {version}")
        ruleset, rules = self._rules(top)
        self.problems.raise_if_any()  # the rest cannot be checked without the rules
        assert rules is not None
        self.rules = rules
        self.board: Board = rules.board
        self.edition: Edition = rules.edition
        state = setup_state(rules)
        state = self._powers(state, top.get("powers", dict, {}))
        state = self._spaces(state, top.get("spaces", dict, {}))
        state = self._game(state, top.get("game", dict, {}), top)
        self.problems.raise_if_any()
        return Position(ruleset=ruleset, state=state)

    # -- board and rules ----------------------------------------------------------------
    def _rules(self, top: Fields) -> tuple[Ruleset, Rules | None]:
        from axisallies_tui import setup
        from axisallies_tui.houserules import choice_problems

        board_id = top.text("board", "classic")
        try:
            board = setup.board(board_id)
        except setup.SetupError as problem:
            self.add("board", str(problem))
            return Ruleset(board=board_id), None
        edition = setup.editions()[board.edition]
        table = Fields(self.problems, "[rules]", top.get("rules", dict, {}), {"dice", "options", "house"})
        dice = table.text("dice", StandardPolicy.id)
        if dice not in POLICIES:
            self.add("[rules] dice", f"must be one of {', '.join(POLICIES)}, not {dice!r}")
        options = []
        for name, value in table.get("options", dict, {}).items():
            spec = edition.option_by_name.get(name)
            if spec is None:
                known = ", ".join(o.name for o in edition.options)
                self.add(f"[rules.options] {name}", f"no such option (options: {known})")
            elif (why := spec.check(value)) is not None:
                self.add(f"[rules.options] {name}", why)
            else:
                options.append((name, value))
        catalogue = setup.catalogue()
        choices = []
        for rule_id, params in table.get("house", dict, {}).items():
            entry = f"[rules.house.{rule_id}]"
            if rule_id not in catalogue.by_id:
                self.add(entry, "no such house rule (see `axisallies rules list`)")
                continue
            if not isinstance(params, dict):
                self.add(entry, "must be a table of the rule's parameters (empty for none)")
                continue
            choices.append(HouseRuleChoice(id=rule_id, params=tuple(sorted(params.items()))))
        for conflict in choice_problems(catalogue, edition.id, tuple(choices)):
            rule_id = next((c.id for c in choices if conflict.startswith(c.id)), None)
            self.add(f"[rules.house.{rule_id}]" if rule_id else "[rules.house]", conflict)
        ruleset = Ruleset(board=board.id, options=tuple(sorted(options)), house=tuple(choices), dice=dice)
        if self.problems.found:
            return ruleset, None
        try:
            return ruleset, setup.make_rules(ruleset)
        except setup.SetupError as problem:  # pragma: no cover - every check above runs first
            self.add("[rules]", str(problem))
            return ruleset, None

    # -- powers -------------------------------------------------------------------------
    def _powers(self, state: GameState, table: dict[str, Any]) -> GameState:
        powers = list(state.powers)
        for power_id, body in table.items():
            entry = f"[powers.{power_id}]"
            if power_id not in self.board.power_by_id:
                self.add(entry, f"no power called {power_id!r} (powers: {', '.join(self.board.power_by_id)})")
                continue
            index = next(i for i, p in enumerate(powers) if p.id == power_id)
            values = self._attrs_fields(entry, body, PowerState, skip={"id"}, complete=False)
            for tech in values.get("techs", ()):
                if tech not in self.edition.tech_by_id:
                    self.add(entry, f"no weapons development {tech!r} (developments: {', '.join(self.edition.tech_by_id)})")
            if len(set(values.get("techs", ()))) != len(values.get("techs", ())):
                self.add(entry, "a development is listed twice")
            if "unplaced" in values:
                values["unplaced"] = self._unit_counts(entry, "unplaced", values["unplaced"])
            powers[index] = evolve(powers[index], **values)
        return evolve(state, powers=tuple(powers))

    def _unit_counts(self, entry: str, key: str, counts: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
        """`{inf = 2}` as (unit id, count) pairs, in the order written."""
        found: dict[str, int] = {}
        for name, count in counts:
            unit = self._unit_type(entry, name)
            if unit is None:
                continue
            if count < 1 or count > MAX_ENTRY_UNITS:
                self.add(entry, f"{key}: {name} must be 1 to {MAX_ENTRY_UNITS}, not {count}")
            found[unit.id] = found.get(unit.id, 0) + count
        return tuple(found.items())

    def _unit_type(self, entry: str, name: Any) -> UnitType | None:
        unit = None
        if isinstance(name, str):
            unit = self.edition.unit_by_id.get(name) or self.edition.find_unit(name)
        if unit is None:
            self.add(entry, f"no unit type {name!r} (types: {', '.join(self.edition.unit_by_id)})")
        return unit

    # -- spaces -------------------------------------------------------------------------
    def _spaces(self, state: GameState, table: dict[str, Any]) -> GameState:
        self.state_so_far = state
        plans = []
        given: list[int] = []
        for space_id, body in table.items():
            entry = f"[spaces.{space_id}]"
            if space_id not in self.board.space_by_id:
                self.add(entry, f"no space called {space_id!r} on the {self.board.id} board")
                continue
            space = self.board.space(space_id)
            fields = Fields(self.problems, entry, body, SPACE_KEYS)
            held = self._owner(entry, space, state.spaces[space.index], fields.get("owner", str, None))
            specs = []
            for number, unit_body in enumerate(fields.get("units", list, []), start=1):
                spec = self._unit_spec(f"{entry} units #{number}", unit_body, space, nested=False)
                if spec is not None:
                    specs.append(spec)
                    given.extend(spec.all_ids())
            plans.append((entry, space, held, fields.flag("clear"), specs))
        # Units without ids get new ones above every id in use or given.
        self.next_uid = max([state.next_uid] + [uid + 1 for uid in given])
        spaces = list(state.spaces)
        for entry, space, held, clear, specs in plans:
            units = [] if clear else list(held.units)
            named = {(spec.power, spec.unit.id) for spec in specs}
            replaced = {u.uid for u in units if (u.power, u.type) in named and u.aboard is None}
            units = [u for u in units if u.uid not in replaced and u.aboard not in replaced]
            for spec in specs:
                units.extend(self._make(spec, spec.aboard))
            self._check_space(entry, space, units)
            spaces[space.index] = evolve(held, units=tuple(units))
        seen = Counter(u.uid for held in spaces for u in held.units)
        clash = sorted(uid for uid, times in seen.items() if times > 1)
        if clash:
            self.add("[spaces]", f"unit id {clash[0]} is given to {seen[clash[0]]} units; ids must differ")
        return evolve(state, spaces=tuple(spaces), next_uid=self.next_uid)

    def _owner(self, entry: str, space: Any, held: SpaceState, owner: str | None) -> SpaceState:
        if owner is None:
            return held
        if space.is_sea:
            self.add(entry, f"{space.name} is a sea zone: sea zones have no owner")
        elif owner == NOBODY:
            if not space.neutral:
                self.add(entry, f"only a neutral territory can belong to nobody; {space.name} is not neutral")
            return evolve(held, owner=None)
        elif owner not in self.board.power_by_id:
            self.add(entry, f"owner {owner!r} is not a power (powers: "
                            f"{', '.join(self.board.power_by_id)}, or {NOBODY!r} for a neutral)")
        else:
            return evolve(held, owner=owner)
        return held

    def _unit_spec(self, where: str, body: Any, space: Any, nested: bool) -> "_Spec | None":
        keys = (UNIT_KEYS - {"cargo", "aboard"} if nested else UNIT_KEYS) | set(unit_state_fields())
        fields = Fields(self.problems, where, body, keys)
        power = fields.text("power")
        unit = self._unit_type(where, fields.text("type"))
        ids = self._ids(where, fields.get("ids", list, None))
        count = fields.number("count", len(ids) if ids is not None else 1)
        if isinstance(count, int) and count > MAX_ENTRY_UNITS:
            self.add(where, f"'count' must be at most {MAX_ENTRY_UNITS}, not {count}")
            count = 0
        aboard = fields.get("aboard", int, None)
        if power and power not in self.board.power_by_id:
            self.add(where, f"no power called {power!r} (powers: {', '.join(self.board.power_by_id)})")
        if ids is not None and len(ids) != count:
            self.add(where, f"'ids' lists {len(ids)} ids for {count} units")
            return None
        if unit is None or power not in self.board.power_by_id:
            return None
        if not nested and aboard is None and (refusal := placement_refusal(space, unit)):
            self.add(where, refusal)
            return None
        state_values = self._attrs_fields(where, fields.table, Unit, skip=_UNIT_FIXED, only=set(unit_state_fields()))
        hit_points = profile(self.rules, power, (), unit.id, DEFENCE).hit_points  # house rules may add some
        if state_values.get("damage", 0) >= hit_points:
            self.add(where, f"a {unit.name.lower()} takes {hit_points} hit(s) in this game; "
                            f"damage {state_values['damage']} would sink it")
            return None
        cargo = []
        for index, cargo_body in enumerate([] if nested else fields.get("cargo", list, []), start=1):
            rider = self._unit_spec(f"{where} cargo #{index}", cargo_body, space, nested=True)
            if rider is not None:
                cargo.append(rider)
        if count > 1 and any(rider.ids for rider in cargo):
            self.add(where, "cargo with ids needs one entry per transport (count = 1)")
            return None
        return _Spec(power=power, unit=unit, count=max(count, 0), ids=ids, aboard=aboard,
                     state=state_values, cargo=tuple(cargo))

    def _ids(self, where: str, ids: list[Any] | None) -> tuple[int, ...] | None:
        if ids is None:
            return None
        if not all(isinstance(i, int) and not isinstance(i, bool) and i >= 1 for i in ids):
            self.add(where, "'ids' must be a list of whole numbers of at least 1")
            return None
        return tuple(ids)

    def _make(self, spec: "_Spec", aboard: int | None) -> list[Unit]:
        """`spec.count` units, each followed by the cargo it carries."""
        units: list[Unit] = []
        for index in range(spec.count):
            self._made = getattr(self, "_made", 0) + 1
            if self._made > MAX_UNITS:
                raise DataError(self.source, "", f"more than {MAX_UNITS} units in one position")
            uid = spec.ids[index] if spec.ids else self._uid()
            units.append(Unit(uid=uid, power=spec.power, type=spec.unit.id, aboard=aboard, **spec.state))
            for rider in spec.cargo:
                units.extend(self._make(rider, uid))
        return units

    def _uid(self) -> int:
        self.next_uid += 1
        return self.next_uid - 1

    def _check_space(self, entry: str, space: Any, units: list[Unit]) -> None:
        """What a space may hold: one complex; cargo that fits what carries it."""
        factories = sum(1 for u in units if self.edition.unit(u.type).has("factory"))
        if factories > 1:
            self.add(entry, f"a territory holds at most one industrial complex; {space.name} would have {factories}")
        by_uid = {u.uid: u for u in units}
        riders: dict[int, list[UnitType]] = {}
        for unit in units:
            if unit.aboard is None:
                continue
            if unit.aboard not in by_uid:
                name = self.edition.unit(unit.type).name
                self.add(entry, f"{name} {unit.uid} is aboard unit {unit.aboard}, which is not in {space.name}")
                return
            riders.setdefault(unit.aboard, []).append(self.edition.unit(unit.type))
        for carrier_id, cargo in riders.items():
            carrier = by_uid[carrier_id]
            problem = self._cargo_problem(carrier, self.edition.unit(carrier.type), cargo)
            if problem:
                self.add(entry, problem)

    def _cargo_problem(self, unit: Unit, carrier: UnitType, cargo: list[UnitType]) -> str | None:
        if carrier.transport_capacity:
            costs = [c.transport_cost for c in cargo]
            room, what = transport_room(self.rules, self.state_so_far, unit), "transport places"
        else:
            costs = [c.carrier_cost for c in cargo]
            room, what = carrier.carrier_capacity, "carrier places"
        if not room:
            return f"a {carrier.name.lower()} carries no units"
        unfit = [c.name.lower() for c, cost in zip(cargo, costs) if cost is None]
        if unfit:
            return f"a {carrier.name.lower()} cannot carry {', '.join(unfit)}"
        needed = sum(cost or 0 for cost in costs)
        if needed > room:
            return f"a {carrier.name.lower()} has {room} {what}; its cargo needs {needed}"
        return None

    # -- whose turn ---------------------------------------------------------------------
    def _game(self, state: GameState, table: dict[str, Any], top: Fields) -> GameState:
        fields = Fields(self.problems, "[game]", table, GAME_KEYS)
        order = [p.id for p in self.board.powers]
        given_done = "done" in fields.table
        done = fields.strings("done")
        power = fields.get("power", str, None)
        for name in list(done) + ([power] if power is not None else []):
            if name not in self.board.power_by_id:
                self.add("[game]", f"no power called {name!r} (powers: {', '.join(order)})")
                return state
        if power is None:
            power = next((p for p in order if p not in done), order[0])
        if not given_done:
            done = tuple(order[: order.index(power)])
        if power in done and "result" not in top.table:
            self.add("[game]", f"{power} is to play, so it cannot be among the powers done this round")
        if len(set(done)) != len(done):
            self.add("[game] done", "a power is listed twice")
        round_number = fields.number("round", 1, minimum=1)
        phase = fields.text("phase", "")
        built = fields.get("complexes_built", int, None)
        if built is None:
            built = sum(
                1 for space, held in zip(self.board.spaces, state.spaces) if not space.original_factory
                for unit in held.units if self.edition.unit(unit.type).has("factory")
            )
        elif built < 0:
            self.add("[game]", f"'complexes_built' must be at least 0, not {built}")
        fewest = max([setup_state(self.rules).next_uid] + [u.uid + 1 for held in state.spaces for u in held.units])
        next_uid = fields.get("next_uid", int, None)
        if next_uid is None:
            next_uid = fewest
        elif next_uid < fewest:
            self.add("[game]", f"'next_uid' must be at least {fewest} (above every unit id), not {next_uid}")
        state = evolve(state, round=round_number, power=power, phase=phase, done_this_round=tuple(done),
                       complexes_built=built, next_uid=next_uid)
        turn_table = top.get("turn", dict, None)
        pending_table = top.get("pending", dict, None)
        if not phase:
            for name, given in (("[turn]", turn_table), ("[pending]", pending_table)):
                if given is not None:
                    self.add(name, "only a position in the middle of a turn has this: give [game] phase too")
            given_phases: tuple[str, ...] | None = None
        else:
            values = self._attrs_fields("[turn]", turn_table or {}, TurnRecord)
            given_phases = values.pop("phases", None)
            state = evolve(state, turn=TurnRecord(**values))  # its phases once house rules' state is read
        if pending_table is not None and phase:
            kinds = sorted({*DECISIONS, *(k for rule in self.rules.active.rules for k in rule.decisions)})
            values = self._attrs_fields("[pending]", pending_table, Decision)
            decision_power = values.get("power")
            complete = _complete(Decision, values)
            if decision_power not in self.board.power_by_id:
                self.add("[pending]", f"'power' must name a power ({', '.join(order)}), not {decision_power!r}")
            elif values.get("kind") not in kinds:
                self.add("[pending]", f"no kind of decision called {values.get('kind')!r} "
                                      f"(kinds: {', '.join(kinds) or 'none yet'})")
            elif complete:
                state = evolve(state, pending=Decision(**values))
        result_table = top.get("result", dict, None)
        if result_table is not None:
            values = self._attrs_fields("[result]", result_table, GameResult)
            sides = (*self.edition.sides, "draw")
            if values.get("winner") not in sides:
                self.add("[result]", f"'winner' must be one of {', '.join(sides)}, not {values.get('winner')!r}")
            elif _complete(GameResult, values):
                state = evolve(state, result=GameResult(**values))
        engine = top.get("engine", dict, {})
        extra = {f.name: f for f in attrs.fields(GameState) if f.name not in _STATE_COVERED}
        for name, text in engine.items():
            if name not in extra:
                self.add("[engine]", f"unknown key {name!r}")
                continue
            value = self._convert("[engine]", name, text, "json", _hints(GameState)[name])
            if value is not _INVALID:
                state = evolve(state, **{name: value})
        return self._phases(state, phase, given_phases) if phase else state

    def _phases(self, state: GameState, phase: str, given: tuple[str, ...] | None) -> GameState:
        """The turn's phases: as given, or as the rules give them for this state
        (house rules' state included, since a rule may add phases to a turn)."""
        phases = given if given is not None else default_phases(self.rules, state)
        known = (*self.edition.phases, *(p for p in self.edition.phase_kinds if p not in self.edition.phases))
        unknown = [p for p in phases if p not in known]
        if unknown:
            self.add("[turn]", f"unknown phase {unknown[0]!r} (phases: {', '.join(known)})")
        if phase not in phases:
            self.add("[game]", f"phase {phase!r} is not one of this turn's phases ({', '.join(phases)})")
        return evolve(state, turn=evolve(state.turn, phases=phases))

    # -- typed fields -------------------------------------------------------------------
    def _attrs_fields(self, entry: str, table: Any, cls: type, skip: Iterable[str] = (),
                      only: set[str] | None = None, complete: bool = True) -> dict[str, Any]:
        """The values of `cls`'s fields given in `table`, converted and checked;
        unknown keys are problems unless `only` limits what is looked at. With
        `complete`, fields without a default must be given."""
        if not isinstance(table, dict):
            self.add(entry, "must be a table")
            return {}
        hints = _hints(cls)
        names = [f.name for f in attrs.fields(cls) if f.name not in set(skip)]
        if only is None:
            for key in table:
                if key not in names:
                    self.add(entry, f"unknown key {key!r} (allowed: {', '.join(names)})")
        values: dict[str, Any] = {}
        for field in attrs.fields(cls):
            if field.name not in names or field.name not in table or (only is not None and field.name not in only):
                continue
            value = self._convert(entry, field.name, table[field.name], _kind(hints[field.name]), hints[field.name])
            if value is _INVALID:
                continue
            values[field.name] = value
        for field in attrs.fields(cls):
            if complete and only is None and field.name in names and field.default is attrs.NOTHING \
                    and field.name not in table:
                self.add(entry, f"missing {field.name!r}")
        return values

    def _convert(self, entry: str, key: str, value: Any, kind: str, hint: Any) -> Any:
        def bad(expected: str) -> object:
            self.add(entry, f"{key!r} must be {expected}, not {_describe(value)}")
            return _INVALID

        if kind == "bool":
            return value if isinstance(value, bool) else bad("true or false")
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return bad("a whole number")
            if value < 0:
                self.add(entry, f"{key!r} must be at least 0, not {value}")
                return _INVALID
            if value > MAX_NUMBER:
                self.add(entry, f"{key!r} must be at most {MAX_NUMBER}, not {value}")
                return _INVALID
            return value
        if kind in ("str", "optstr"):
            if not isinstance(value, str):
                return bad("text")
            if key in _SPACE_VALUED and value not in self.board.space_by_id:
                self.add(entry, f"{key!r}: no space called {value!r}")
                return _INVALID
            return value
        if kind == "strs":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                return bad("a list of text")
            for item in value:
                if key in _SPACE_VALUED and item not in self.board.space_by_id:
                    self.add(entry, f"{key!r}: no space called {item!r}")
                    return _INVALID
            return tuple(value)
        if kind == "counts":
            if not isinstance(value, dict) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value.values()
            ):
                return bad("a table of whole numbers, like { infantry = 2 }")
            for name, number in value.items():
                if key in _SPACE_VALUED and name not in self.board.space_by_id:
                    self.add(entry, f"{key!r}: no space called {name!r}")
                    return _INVALID
                if number < 0:
                    self.add(entry, f"{key!r}: {name} must be at least 0, not {number}")
                    return _INVALID
                if number > MAX_ENTRY_UNITS:
                    self.add(entry, f"{key!r}: {name} must be at most {MAX_ENTRY_UNITS}, not {number}")
                    return _INVALID
            return tuple(value.items())
        if not isinstance(value, str):
            return bad("JSON text")
        try:
            return converter.structure(json.loads(value), hint)
        except Exception as problem:  # cattrs raises several kinds; all mean "not this shape"
            why = " ".join(explain(problem).split())
            self.add(entry, f"{key!r} is not a valid value: {why}")
            return _INVALID


_INVALID = object()


@frozen
class _Spec:
    """One `units` entry, checked: `count` units alike, each carrying `cargo`."""

    power: str
    unit: UnitType
    count: int
    ids: tuple[int, ...] | None
    aboard: int | None
    state: dict[str, Any]
    cargo: tuple["_Spec", ...] = ()

    def all_ids(self) -> list[int]:
        return list(self.ids or ()) + [uid for rider in self.cargo for uid in rider.all_ids()]


def _complete(cls: type, values: dict[str, Any]) -> bool:
    """Every field without a default has a value (missing ones are already reported)."""
    return all(f.name in values for f in attrs.fields(cls) if f.default is attrs.NOTHING)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, str):
        return repr(value)
    return {int: "a number", float: "a decimal number", list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _kind(hint: Any) -> str:
    """How a field of this type is written in TOML."""
    if hint in (bool, int, str):
        name: str = hint.__name__
        return name
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType) and set(args) == {str, type(None)}:
        return "optstr"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] is str:
            return "strs"
        if args[0] == tuple[str, int]:
            return "counts"
    return "json"


def unit_state_fields() -> list[str]:
    """The unit fields a position may set (movement and battle records, damage)."""
    return [f.name for f in attrs.fields(Unit) if f.name not in _UNIT_FIXED]


def default_phases(rules: Rules, state: GameState) -> tuple[str, ...]:
    """The phases of `state.power`'s turn as the rules give them."""
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.engine.turns import phases_for

    return phases_for(Tx(rules, state, ScriptedDice([])), state.power)


# -- writing -----------------------------------------------------------------------------


def position_text(rules: Rules, state: GameState, comment: str = "") -> str:
    """The position file for `state`: only what differs from the board's start.
    Reading it back gives exactly `state`."""
    board = rules.board
    start = setup_state(rules)
    out = _Writer()
    out.comment("Axis & Allies position (axisallies-tui). Start a game from it with:")
    out.comment("  axisallies new NAME --position FILE   or   axisallies headless --position FILE")
    if comment:
        out.comment(comment)
    out.pair("version", VERSION)
    out.pair("board", board.id)

    ruleset = rules.ruleset
    out.table("rules")
    out.pair("dice", ruleset.dice)
    if ruleset.options:
        out.table("rules", "options")
        for name, value in ruleset.options:
            out.pair(name, value)
    for choice in ruleset.house:
        out.table("rules", "house", choice.id)
        for name, value in choice.params:
            out.pair(name, value)

    out.table("game")
    out.pair("round", state.round)
    out.pair("power", state.power)
    if state.phase:
        out.pair("phase", state.phase)
    out.pair("done", list(state.done_this_round))
    out.pair("complexes_built", state.complexes_built)
    fewest = max([start.next_uid] + [u.uid + 1 for held in state.spaces for u in held.units])
    if state.next_uid != fewest:
        out.pair("next_uid", state.next_uid)

    if state.phase:
        turn = _changed_fields(state.turn, TurnRecord(phases=default_phases(rules, state)))
        if turn:
            out.table("turn")
            for name, value in turn:
                out.pair(name, value)

    for power in state.powers:
        out.table("powers", power.id)
        out.pair("ipcs", power.ipcs)
        for name, value in _changed_fields(power, PowerState(id=power.id, ipcs=power.ipcs)):
            out.pair(name, value)

    for space, now, then in zip(board.spaces, state.spaces, start.spaces):
        if now == then:
            continue
        out.table("spaces", space.id)
        if now.owner != then.owner:
            out.pair("owner", NOBODY if now.owner is None else now.owner)
        if now.units != then.units:
            if then.units:
                out.pair("clear", True)
            if now.units:
                out.array("units", unit_entries(now.units))

    for name, value in (("pending", state.pending), ("result", state.result)):
        if value is not None:
            out.table(name)
            for key, item in _changed_fields(value, None):
                out.pair(key, item)
    defaults = GameState(round=1, power="", phase="", powers=(), spaces=(), next_uid=1)
    extra = [(f.name, getattr(state, f.name)) for f in attrs.fields(GameState)
             if f.name not in _STATE_COVERED and getattr(state, f.name) != getattr(defaults, f.name)]
    if extra:
        out.table("engine")
        for name, value in extra:
            out.pair(name, json.dumps(converter.unstructure(value), sort_keys=True, ensure_ascii=False))
    return out.text()


def _changed_fields(value: Any, default: Any) -> list[tuple[str, Any]]:
    """(key, TOML value) for each field of `value` that differs from `default`
    (every field when `default` is None), skipping `id`."""
    cls: type = type(value)
    hints = _hints(cls)
    pairs = []
    for field in attrs.fields(cls):
        item = getattr(value, field.name)
        if field.name == "id" or (default is not None and item == getattr(default, field.name)):
            continue
        if item is None:
            continue
        pairs.append((field.name, _toml_form(item, _kind(hints[field.name]))))
    return pairs


def _toml_form(value: Any, kind: str) -> Any:
    if kind == "strs":
        return list(value)
    if kind == "counts":
        return dict(value)
    if kind == "json":
        return json.dumps(converter.unstructure(value), sort_keys=True, ensure_ascii=False)
    return value


def unit_entries(units: Iterable[Unit]) -> list[dict[str, Any]]:
    """`units` entries that rebuild these units exactly, in their order: one
    entry per run of alike units, with their ids."""
    hints = _hints(Unit)
    fresh = Unit(uid=0, power="", type="")
    entries: list[dict[str, Any]] = []
    for unit in units:
        body: dict[str, Any] = {"power": unit.power, "type": unit.type, "count": 1, "ids": [unit.uid]}
        for name in unit_state_fields():
            value = getattr(unit, name)
            if value != getattr(fresh, name) and value is not None:
                body[name] = _toml_form(value, _kind(hints[name]))
        if unit.aboard is not None:
            body["aboard"] = unit.aboard
        last = entries[-1] if entries else None
        if last is not None and {**last, "count": 0, "ids": []} == {**body, "count": 0, "ids": []}:
            last["count"] += 1
            last["ids"].append(unit.uid)
        else:
            entries.append(body)
    return entries


class _Writer:
    """A TOML emitter for this fixed schema: comments, `key = value` pairs,
    `[a.b]` headers, and one multi-line array of inline tables (units)."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def comment(self, text: str) -> None:
        self.lines.extend(f"# {line}".rstrip() for line in text.splitlines() or [""])

    def table(self, *path: str) -> None:
        self.lines.append("")
        self.lines.append(f"[{'.'.join(toml_key(p) for p in path)}]")

    def pair(self, key: str, value: Any) -> None:
        self.lines.append(f"{toml_key(key)} = {toml_value(value)}")

    def array(self, key: str, items: list[Any]) -> None:
        self.lines.append(f"{toml_key(key)} = [")
        self.lines.extend(f"  {toml_value(item)}," for item in items)
        self.lines.append("]")

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


_BARE = re.compile(r"[A-Za-z0-9_-]+")


def toml_key(key: str) -> str:
    """A TOML key: bare when it may be, else a quoted string."""
    return key if _BARE.fullmatch(key) else toml_string(key)


def toml_string(text: str) -> str:
    """A TOML basic string. JSON's escapes are all valid TOML escapes; TOML
    also forbids a raw DEL, which JSON leaves alone."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def toml_value(value: Any) -> str:
    """A TOML value (on one line) for a bool, int, str, list or dict."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {type(value).__name__}")
