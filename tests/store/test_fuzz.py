"""Fuzzing: malformed headless requests, position files and imports each get one
error naming the problem, never a traceback, a hang or a silent coercion."""

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from axisallies_tui import setup
from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.errors import DataError, IllegalAction
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.headless import Session, serve
from axisallies_tui.positions import loads_position
from axisallies_tui.store import SavedGame, StoreError, import_game

RULES = setup.make_rules(Ruleset(board="classic"))
KINDS = ["end_phase", "research", "purchase", "return_purchase", "place", "undo", "answer", "concede", "move",
         "fight", "add_units", "remove_units", "set_owner", "set_ipcs", "grant_tech", "remove_tech"]
FIELDS = ["unit", "count", "space", "origin", "destination", "units", "path", "uids", "raid", "aa_order",
          "choice", "dice", "power", "reason", "ipcs", "tech", "factory"]
WORDS = ["infantry", "inf", "armour", "germany", "russia", "ukraine_ssr", "ussr", "uk", "jet_power", "", "\x1b[2J"]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(WORDS), st.text(max_size=20),
)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
actions = st.builds(
    lambda kind, fields: {"action": kind, **fields},
    st.sampled_from(KINDS + ["bogus"]),
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5),
)
messages = st.one_of(
    actions,
    st.builds(lambda q: {"query": q}, st.one_of(st.sampled_from(["state", "legal", "pending", "status"]), json_values)),
    st.builds(lambda d: {"dice": d}, json_values),
    json_values,
)
lines = st.one_of(messages.map(lambda m: json.dumps(m)), st.text(max_size=40), st.just("[" * 5000))
OUT_KEYS = {"hello", "event", "status", "pending", "dice_needed", "error", "result", "state", "legal"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, max_size=12))
def test_headless_requests_get_answers_or_one_error_each(sent):
    session = Session.fresh(RULES, "1")
    written = []
    code = serve(session, io.StringIO("\n".join(sent) + "\n"), written.append)
    assert code in (0, 2)
    for message in written:
        assert set(message) & OUT_KEYS
        json.dumps(message)  # every answer is JSON
        if "error" in message:
            assert isinstance(message["error"], str) and "\n" not in message["error"]


@pytest.mark.parametrize("line, field", [
    ({"action": "purchase", "unit": 1e400, "count": 1}, "unit"),
    ({"action": "purchase", "unit": "inf", "count": "2"}, "count"),
    ({"action": "purchase", "unit": "inf", "count": 2.0}, "count"),
    ({"action": "purchase", "unit": "inf", "count": True}, "count"),
    ({"action": "add_units", "space": "russia", "power": "ussr", "unit": "inf", "count": 3_000_000,
      "reason": "x"}, "count"),
])
def test_no_silent_coercion_and_counts_have_limits(line, field):
    session = Session.fresh(RULES, "1")
    written = []
    serve(session, io.StringIO(json.dumps({"action": "end_phase"}) + "\n" + json.dumps(line) + "\n"), written.append)
    errors = [m["error"] for m in written if "error" in m]
    assert len(errors) == 1 and f"'{field}'" in errors[0]


POSITION_LINES = [
    'board = "classic"', "[game]", "round = 2", 'power = "germany"', 'phase = "purchase"', "[powers.germany]",
    "ipcs = 20", 'techs = ["jet_power"]', "unplaced = { infantry = 2 }", "[spaces.china]", 'owner = "japan"',
    "clear = true", 'units = [{ power = "japan", type = "armour", count = 2 }]', "[turn]", "researched = true",
    "[rules]", 'dice = "low_luck"', "[rules.options]", "max_built_complexes = 6",
]
toml_scalars = st.one_of(st.integers(min_value=-10**12, max_value=10**12), st.sampled_from(
    ['"germany"', '"x"', "true", "1e400", "-1", '"\\u001b[2J"', "[]", "{}", '[{ power = "ussr" }]', "3000000"]))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(POSITION_LINES),
                          st.builds(lambda k, v: f"{k} = {v}", st.sampled_from(
                              ["round", "power", "phase", "ipcs", "count", "owner", "units", "done", "techs",
                               "unplaced", "moved", "complexes_built", "captured", "placed"]), toml_scalars)),
                max_size=14))
def test_position_files_load_or_give_one_error_and_play_on(text_lines):
    try:
        position = loads_position("\n".join(text_lines), "fuzz.toml")
    except DataError as problem:
        assert "\n" not in str(problem)
        return
    rules = setup.make_rules(position.ruleset)
    session = Session.fresh(rules, "1", start=position.state)
    bot = RandomBot(1)
    for _ in range(15):
        if session.state.result is not None:
            break
        session.apply(bot.choose(rules, session.state))


@pytest.fixture(scope="module")
def exported():
    import os
    import tempfile

    from axisallies_tui import locations

    folder = tempfile.mkdtemp()
    os.environ["AXISALLIES_HOME"] = folder
    game = SavedGame.create("source", Ruleset(board="classic"), seed=3, players={"ussr": "Ann"},
                            folder=locations.games_dir())
    bot = RandomBot(3)
    for _ in range(25):
        game.apply(bot.choose(game.rules, game.state))
    data = game.export()
    game.close()
    return json.loads(json.dumps(data))


def mutate(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def leaf_paths(data, prefix=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaf_paths(value, prefix + (key,))
    elif isinstance(data, list) and data:
        for index, value in enumerate(data):
            yield from leaf_paths(value, prefix + (index,))
    yield prefix


def rechain(data):
    """Recompute an export's hash chain after an edit, as a forger would."""
    from axisallies_tui import store
    from axisallies_tui.codec import canonical

    try:
        previous = store._genesis(data["meta"])
        for index, row in enumerate(data["actions"]):
            row["hash"] = previous = store._chain(previous, index + 1, canonical(row["action"]), canonical(row["dice"]),
                                                  canonical(row["events"]), row["played_at"])
    except (KeyError, TypeError, ValueError, AttributeError):
        pass


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(st.data())
def test_imports_are_checked_completely_before_they_are_accepted(exported, data):
    paths = [p for p in leaf_paths(exported) if p]
    path = data.draw(st.sampled_from(paths))
    value = data.draw(json_values)
    mutated = mutate(json.loads(json.dumps(exported)), path, value)
    if data.draw(st.booleans()):
        rechain(mutated)  # a crafted file: the replay, not the chain, must catch it
    name = f"imp{abs(hash(json.dumps(mutated, sort_keys=True))) % 10**9}"
    try:
        game = import_game(mutated, name, "fuzz.json")
    except (StoreError, DataError) as problem:
        assert "\n" not in str(problem)
        return
    game.close()
    game = SavedGame.open(name)  # an accepted import opens and plays on
    bot = RandomBot(2)
    for _ in range(10):
        if game.state.result is not None:
            break
        try:
            game.apply(bot.choose(game.rules, game.state))
        except IllegalAction:
            pass
    game.close()


@pytest.mark.parametrize("text, words", [
    ('[spaces.china]\nunits = [{ power = "japan", type = "armour", count = 3000000 }]', "'count' must be at most 999"),
    ("[powers.japan]\nipcs = 100000000000000000000", "'ipcs' must be at most"),
    ("[powers.japan]\nunplaced = { infantry = 5000 }", "infantry must be"),
])
def test_position_files_have_limits(text, words):
    with pytest.raises(DataError, match=words):
        loads_position(text, "big.toml")


def test_a_fifo_is_not_read_as_a_position_file(tmp_path):
    import os

    from axisallies_tui.positions import load_position

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(DataError, match="not a regular file"):
        load_position(fifo)
