"""Position files: reading, writing, and reading back to the same state."""

import tomllib
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from axisallies_tui import setup
from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.dice import ScriptedDice, SeededDice
from axisallies_tui.engine.errors import DataError
from axisallies_tui.engine.game import DECISIONS, apply, new_game, resolves, setup_state
from axisallies_tui.engine.rules import HouseRuleChoice, Ruleset
from axisallies_tui.engine.state import Decision, GameResult
from axisallies_tui.houserules import choice_problems, load_implementations
from axisallies_tui.positions import load_position, loads_position, position_text, toml_key, toml_value
from tests.helpers import count, money

POSITIONS = Path(__file__).resolve().parents[1] / "data" / "positions"
GOOD = sorted(POSITIONS.glob("*.toml"))


def rules_of(position):
    return setup.make_rules(position.ruleset)


def round_trip(position):
    rules = rules_of(position)
    return loads_position(position_text(rules, position.state), "exported.toml")


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_load_export_load_gives_the_same_state_and_rules(path):
    first = load_position(path)
    again = round_trip(first)
    assert again.state == first.state
    assert again.ruleset == first.ruleset
    # and writing the reloaded position gives the very same text
    rules = rules_of(first)
    assert position_text(rules, again.state) == position_text(rules, first.state)


def test_the_round_trip_keeps_the_turn_record_and_the_units_waiting_to_be_placed():
    position = load_position(POSITIONS / "uk_place.toml")
    state = round_trip(position).state
    assert state.turn.captured == ("south_europe",) and state.turn.built == ("australia",)
    assert state.turn.placed == (("india", 1),) and state.turn.researched
    uk = next(p for p in state.powers if p.id == "uk")
    assert uk.unplaced == (("infantry", 6), ("fighter", 1), ("transport", 1))
    armour = [u for u in state.spaces[setup.board("classic").space("south_europe").index].units if u.type == "armour"]
    assert [(u.moved, u.combat_moved) for u in armour] == [(1, True), (1, True)]


def test_every_part_of_the_format_is_read():
    position = load_position(POSITIONS / "everything.toml")
    rules = rules_of(position)
    state = position.state
    assert position.ruleset.dice == "low_luck"
    assert dict(position.ruleset.options) == {"max_built_complexes": 6, "capital_lost_income": "none"}
    assert position.ruleset.house == (
        HouseRuleChoice("s000-axis-war-enthusiasm", (("germany_bonus", 6),)),
        HouseRuleChoice("s000-victory-conditions"),
    )
    assert (state.round, state.power, state.phase, state.done_this_round) == (4, "japan", "purchase", ("ussr", "germany", "uk"))
    assert state.complexes_built == 2 and money(rules, state, "japan") == 41 and money(rules, state, "germany") == 32
    assert count(rules, state, "china", "japan", "infantry") == 3 and count(rules, state, "china", "china", "infantry") == 0
    assert count(rules, state, "germany", "germany", "infantry") == 0
    assert count(rules, state, "germany", "germany", "armour") == count(rules, setup_state(rules), "germany", "germany", "armour")
    assert state.spaces[rules.board.space("turkey").index].owner == "germany"
    zone = state.spaces[rules.board.space("japan_sea_zone").index].units
    transport = next(u for u in zone if u.type == "transport")
    assert [u.type for u in zone if u.aboard == transport.uid] == ["infantry", "infantry"]
    assert sum(u.type == "transport" for u in zone) == 1


def test_a_bare_position_is_the_board_at_the_start_with_no_turn_begun():
    position = loads_position('board = "classic"\n')
    rules = rules_of(position)
    assert position.state == setup_state(rules)
    assert position.state.phase == "" and position.state.power == "ussr"


def test_without_a_phase_the_power_to_move_starts_its_turn_normally():
    """Japan's turn begins at its first phase; the powers before it have played."""
    position = loads_position('board = "classic"\n[game]\nround = 3\npower = "japan"\n')
    rules = rules_of(position)
    assert position.state.done_this_round == ("ussr", "germany", "uk")
    step = new_game(rules, ScriptedDice([]), position.state)
    assert (step.state.round, step.state.power, step.state.phase) == (3, "japan", "research")
    assert [e.kind for e in step.events][:2] == ["turn_started", "phase_started"]


def test_with_a_phase_the_position_is_resumed_exactly():
    position = load_position(POSITIONS / "uk_place.toml")
    step = new_game(rules_of(position), ScriptedDice([]), position.state)
    assert step.state == position.state and step.events == () and step.dice == ()


def test_a_space_entry_replaces_only_the_groups_it_names():
    """Units listed for (power, type) replace that group; the rest stay; count 0 removes."""
    text = """
[spaces.germany]
units = [
  { power = "germany", type = "infantry", count = 9 },
  { power = "germany", type = "bomber", count = 0 },
]
[spaces.ukraine_ssr]
clear = true
"""
    position = loads_position(text)
    rules = rules_of(position)
    state, begin = position.state, setup_state(rules)
    assert count(rules, state, "germany", "germany", "infantry") == 9
    assert count(rules, state, "germany", "germany", "bomber") == 0
    assert count(rules, state, "germany", "germany", "armour") == count(rules, begin, "germany", "germany", "armour")
    assert state.spaces[rules.board.space("ukraine_ssr").index].units == ()


def test_unit_state_and_cargo_are_read_and_checked():
    text = """
[spaces.north_sea_zone]
units = [{ power = "uk", type = "transport", moved = 1, cargo = [{ power = "uk", type = "inf", count = 2 }] }]
"""
    state = loads_position(text).state
    zone = state.spaces[setup.board("classic").space("north_sea_zone").index].units
    transport = next(u for u in zone if u.type == "transport" and u.moved == 1)
    assert [u.type for u in zone if u.aboard == transport.uid] == ["infantry", "infantry"]
    too_much = text.replace('type = "inf", count = 2 }', 'type = "inf" }, { power = "uk", type = "armour" }')
    with pytest.raises(DataError, match=r"north_sea_zone\]: a transport has 2 transport places; its cargo needs 3"):
        loads_position(too_much, "p.toml")
    with pytest.raises(DataError, match="a transport cannot carry fighter"):
        loads_position(text.replace('type = "inf"', 'type = "fighter"'), "p.toml")


def test_a_damaged_unit_cannot_have_more_damage_than_hit_points():
    text = '[spaces.north_sea_zone]\nunits = [{ power = "uk", type = "battleship", damage = 1 }]\n'
    with pytest.raises(DataError, match="takes 1 hit\\(s\\) in this game; damage 1 would sink it"):
        loads_position(text, "p.toml")
    two_hits = loads_position(text + "[rules.house.s000-damaged-capital-ships]\n").state
    zone = two_hits.spaces[setup.board("classic").space("north_sea_zone").index].units
    assert [u.damage for u in zone if u.type == "battleship"] == [1]


def test_owners_and_neutrals():
    state = loads_position('[spaces.spain]\nowner = "germany"\n[spaces.turkey]\nowner = "none"\n').state
    board = setup.board("classic")
    assert state.spaces[board.space("spain").index].owner == "germany"
    with pytest.raises(DataError, match=r"\[spaces.germany\]: only a neutral territory can belong to nobody"):
        loads_position('[spaces.germany]\nowner = "none"\n', "p.toml")


@pytest.mark.parametrize("text, where, problem", [
    ('[game]\npower = "germany"\nphase = "dinner"', "[game]", "phase 'dinner' is not one of this turn's phases"),
    ('[game]\npower = "germany"\ndone = ["germany"]', "[game]", "cannot be among the powers done"),
    ('[turn]\nresearched = true', "[turn]", "give [game] phase too"),
    ('[powers.germany]\nipcs = -5', "[powers.germany]", "'ipcs' must be at least 0, not -5"),
    ('[powers.germany]\ntechs = ["death_ray"]', "[powers.germany]", "no weapons development 'death_ray'"),
    ('[powers.germany]\nunplaced = { zeppelin = 2 }', "[powers.germany]", "no unit type 'zeppelin'"),
    ('[rules]\ndice = "loaded"', "[rules] dice", "must be one of standard, low_luck"),
    ('[rules.options]\nmax_built_complexes = "lots"', "[rules.options] max_built_complexes", "whole number"),
    ('[rules.options]\nspeed = 3', "[rules.options] speed", "no such option"),
    ('[rules.house.s000-sbr-scramble-escort]', "[rules.house.s000-sbr-scramble-escort]", "planned and cannot be switched on"),
    ('board = "atlantis"', "board", "no board called 'atlantis'"),
    ('colour = "red"', "(top level)", "unknown key 'colour'"),
    ('[spaces.germany]\nunits = [{ power = "germany", type = "battleship" }]', "[spaces.germany] units #1", "battleships go in sea zones"),
    ('[spaces.north_sea_zone]\nunits = [{ power = "uk", type = "infantry" }]', "[spaces.north_sea_zone] units #1", "except aboard a transport"),
    ('[spaces.germany]\nunits = [{ power = "germany", type = "infantry", count = 2.5 }]', "[spaces.germany] units #1", "'count' must be a whole number"),
    ('[spaces.russia]\nunits = [{ power = "ussr", type = "infantry", colour = "red" }]', "[spaces.russia] units #1", "unknown key 'colour'"),
    ('[spaces.russia]\nunits = [{ power = "ussr", type = "industrial_complex", count = 2 }]', "[spaces.russia]", "at most one industrial complex"),
    ('[game]\nphase = "place"\n[pending]\npower = "uk"\nkind = "no_such_question"\nprompt = "?"\noptions = []',
     "[pending]", "no kind of decision called 'no_such_question'"),
])
def test_each_mistake_is_named_with_its_entry(text, where, problem):
    with pytest.raises(DataError) as raised:
        loads_position(text, "lesson.toml")
    message = str(raised.value)
    assert message.startswith(f"lesson.toml: {where}: ")
    assert problem in message and "\n" not in message


def test_several_mistakes_are_counted_in_one_line():
    with pytest.raises(DataError, match=r"\(and 1 more problem in this file\)"):
        loads_position('[powers.germany]\nipcs = -1\n[powers.italy]\nipcs = 3\n', "p.toml")


@pytest.fixture
def question():
    @resolves("test_question")
    def ignore(tx, choice):
        pass

    yield
    del DECISIONS["test_question"]


def test_a_pending_decision_and_a_result_round_trip(question):
    rules = setup.make_rules(Ruleset(board="classic"))
    state = new_game(rules, SeededDice(1, 0)).state
    state = evolve(state, pending=Decision(power="ussr", kind="test_question", prompt="Say \"yes\"?\tor no",
                                           options=("yes", "no"), default=None),
                   result=GameResult(winner="allies", reason="a test", round=1))
    again = loads_position(position_text(rules, state)).state
    assert again == state
    assert again.pending.prompt == "Say \"yes\"?\tor no" and again.result.winner == "allies"


def played_states(ruleset, seed, actions):
    rules = setup.make_rules(ruleset)
    state = new_game(rules, SeededDice(seed, 0)).state
    bot = RandomBot(seed)
    for number in range(1, actions + 1):
        if state.result is not None:
            break
        state = apply(rules, state, bot.choose(rules, state), SeededDice(seed, number)).state
        yield rules, state


def compatible_rules() -> tuple[HouseRuleChoice, ...]:
    """Every implemented rule that can be on with those before it (in id order):
    rules in conflict or in one group cannot all be on at once."""
    chosen: tuple[HouseRuleChoice, ...] = ()
    for rule_id in sorted(load_implementations()):
        tried = chosen + (HouseRuleChoice(rule_id),)
        if not choice_problems(setup.catalogue(), "classic", tried):
            chosen = tried
    return chosen


def test_a_game_in_progress_exports_to_a_position_that_loads_back_to_it_exactly():
    """Every state of bot games (purchases waiting, units moved and loaded on
    transports, battles and decisions under way, undo histories, random turn
    order) survives export and reload unchanged."""
    plain = Ruleset(board="classic", house=(HouseRuleChoice("s000-random-turns"),))
    every = Ruleset(board="classic", house=compatible_rules())
    seen = {"undo": 0, "cargo": 0, "pending": 0, "damage": 0}
    for ruleset, seed in ((plain, 11), (plain, 12), (every, 13), (every, 14)):
        for number, (rules, state) in enumerate(played_states(ruleset, seed, 500)):
            if number % 25 and not (state.pending and number % 4 == 0):
                continue  # a sample: every state would take too long
            again = loads_position(position_text(rules, state), "exported.toml")
            assert again.ruleset == ruleset
            assert again.state == state
            seen["undo"] += bool(state.undo)
            seen["cargo"] += any(u.aboard is not None for held in state.spaces for u in held.units)
            seen["pending"] += state.pending is not None
            seen["damage"] += any(u.damage for held in state.spaces for u in held.units)
    assert all(seen.values()), seen


RIDE = """
[spaces.north_sea_zone]
clear = true
units = [
  { power = "uk", type = "transport", ids = [500] },
  { power = "uk", type = "infantry", count = 2, ids = [501, 502], aboard = 500 },
  { power = "uk", type = "battleship" },
]
"""


def test_unit_ids_and_rides_are_read():
    position = loads_position(RIDE)
    rules = rules_of(position)
    zone = position.state.spaces[rules.board.space("north_sea_zone").index].units
    assert [(u.uid, u.type, u.aboard) for u in zone] == [
        (500, "transport", None), (501, "infantry", 500), (502, "infantry", 500), (503, "battleship", None)]
    assert position.state.next_uid == 504


@pytest.mark.parametrize("old, new, problem", [
    ("aboard = 500", "aboard = 499", "Infantry 501 is aboard unit 499, which is not in North Sea Zone"),
    ("ids = [501, 502]", "ids = [501]", "'ids' lists 1 ids for 2 units"),
    ('type = "battleship" }', 'type = "battleship", ids = [3] }', "unit id 3 is given to 2 units"),
    ("ids = [500]", "ids = [0]", "'ids' must be a list of whole numbers of at least 1"),
])
def test_unit_ids_and_rides_are_checked(old, new, problem):
    with pytest.raises(DataError, match=problem):
        loads_position(RIDE.replace(old, new), "p.toml")


def test_next_uid_stays_above_every_unit():
    with pytest.raises(DataError, match="'next_uid' must be at least 162"):
        loads_position("[game]\nnext_uid = 10\n", "p.toml")
    assert loads_position("[game]\nnext_uid = 900\n").state.next_uid == 900


# -- the TOML writer ---------------------------------------------------------------------

printable = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)


@given(text=printable, key=printable.filter(bool))
def test_any_text_survives_the_toml_writer(text, key):
    document = f"{toml_key(key)} = {toml_value(text)}\n"
    assert tomllib.loads(document) == {key: text}


@given(st.recursive(
    st.booleans() | st.integers(-10**12, 10**12) | printable,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(printable.filter(bool), inner, max_size=4),
    max_leaves=12,
))
def test_nested_values_survive_the_toml_writer(value):
    assert tomllib.loads(f"v = {toml_value(value)}\n") == {"v": value}


def test_the_readme_example_is_a_valid_position():
    """The format described in README.md ("Positions") loads as documented."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme[readme.index("## Positions"):]
    start = section.index("```toml") + len("```toml")
    position = loads_position(section[start:section.index("```", start)], "README.md")
    rules = rules_of(position)
    assert (position.state.power, position.state.phase) == ("japan", "purchase")
    assert count(rules, position.state, "japan_sea_zone", "japan", "battleship") == 0
    assert round_trip(position) == position


# -- whatever the file holds, the answer is a position or one DataError ----------------------

_words = st.sampled_from(["germany", "uk", "none", "infantry", "inf", "north_sea_zone", "russia", "place",
                          "research", "jet_power", "s000-random-turns", "low_luck", "x", ""])
_scalars = st.one_of(st.integers(-3, 600), st.booleans(), _words, st.floats(allow_nan=False, width=16))
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_words, inner, max_size=3),
                       max_leaves=8)
_unit = st.fixed_dictionaries({}, optional={
    "power": _words, "type": _words, "count": _scalars, "ids": _values, "aboard": _scalars, "moved": _scalars,
    "damage": _scalars, "cargo": st.lists(st.dictionaries(st.sampled_from(["power", "type", "count"]), _scalars)),
})
_document = st.fixed_dictionaries({}, optional={
    "board": st.sampled_from(["classic", "atlantis", 3]),
    "rules": st.fixed_dictionaries({}, optional={"dice": _values, "options": _values, "house": _values}),
    "game": st.dictionaries(st.sampled_from(["round", "power", "phase", "done", "complexes_built", "next_uid"]), _values),
    "turn": st.dictionaries(st.sampled_from(["researched", "captured", "built", "placed", "phases", "marks"]), _values),
    "powers": st.dictionaries(_words, st.dictionaries(st.sampled_from(["ipcs", "techs", "unplaced"]), _values)),
    "spaces": st.dictionaries(_words, st.fixed_dictionaries({}, optional={
        "owner": _values, "clear": _values, "units": st.lists(_unit, max_size=3) | _values})),
    "pending": st.dictionaries(st.sampled_from(["power", "kind", "prompt", "options", "default"]), _values),
    "result": st.dictionaries(st.sampled_from(["winner", "reason", "round"]), _values),
    "engine": st.dictionaries(st.sampled_from(["battle", "undo", "other"]), _values),
})


@given(_document)
def test_any_document_gives_a_position_or_one_data_error(document):
    from axisallies_tui.positions import _Reader

    try:
        _Reader("fuzz.toml", document).read()
    except DataError as problem:
        assert str(problem).startswith("fuzz.toml: ") and "\n" not in str(problem)
