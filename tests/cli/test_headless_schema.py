"""The shipped JSON Schemas of the headless protocol: generated from the code and
kept in step with it, valid schemas themselves, and strict enough to catch a
line that breaks the contract (a test that validates everything would prove nothing)."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from axisallies_tui import schemas
from axisallies_tui.schemas import build
from tests.cli.headless_driver import IN_CHECK, OUT_CHECK, problems


@pytest.mark.parametrize("name, make", [(schemas.IN, build.in_schema), (schemas.OUT, build.out_schema)])
def test_the_shipped_schemas_match_the_code(name, make):
    """A new action, event or field changes the schema: run
    `python -m axisallies_tui.schemas.build` and commit the files."""
    shipped = (schemas.FOLDER / name).read_text(encoding="utf-8")
    assert shipped == build.text(make()), f"{name} is out of date: python -m axisallies_tui.schemas.build"


@pytest.mark.parametrize("name", [schemas.IN, schemas.OUT])
def test_the_schemas_are_valid_draft_2020_12(name):
    Draft202012Validator.check_schema(schemas.load(name))


def test_every_action_and_event_of_the_program_has_its_definition():
    from axisallies_tui.engine.actions import ACTIONS

    actions, events = build._every_kind()
    defs_in, defs_out = schemas.load(schemas.IN)["$defs"], schemas.load(schemas.OUT)["$defs"]
    assert set(ACTIONS) <= set(actions)
    assert all(f"action_{kind}" in defs_in for kind in actions)
    assert all(f"event_{kind}" in defs_out for kind in events)
    assert {"move", "fight", "set_ipcs", "answer"} <= set(actions)
    assert {"units_moved", "battle_started", "phase_skipped", "income_collected"} <= set(events)


GOOD_IN = [
    {"action": "end_phase"},
    {"action": "purchase", "unit": "inf", "count": 3},
    {"action": "purchase", "unit": "inf"},
    {"action": "move", "origin": "russia", "destination": "karelia_ssr", "units": [["armour", 1]], "raid": False},
    {"action": "answer", "choice": "infantry=2"},
    {"query": "state"},
    {"query": "preview", "action": {"action": "move", "origin": "russia", "destination": "karelia_ssr"}},
    {"dice": [1, 6]},
    {"cancel": True},
]
BAD_IN = [
    {"action": "purchase", "unit": "inf", "count": "3"},       # a number as text
    {"action": "purchase", "count": 3},                         # no unit
    {"action": "purchase", "unit": "inf", "colour": "red"},     # a field no purchase has
    {"action": "move", "origin": "russia", "destination": "x", "units": [["armour"]]},  # a pair of one
    {"query": "preview"},                                       # preview of nothing
    {"query": "everything"},
    {"dice": [7]},
    {"cancel": False},
    {"hello": 1},
]


@pytest.mark.parametrize("line", GOOD_IN)
def test_lines_a_driver_may_write_are_valid(line):
    assert problems(IN_CHECK, line) == []


@pytest.mark.parametrize("line", BAD_IN)
def test_lines_the_program_refuses_break_the_in_schema(line):
    assert problems(IN_CHECK, line)


STATUS = {"round": 1, "power": "ussr", "phase": "research", "waiting_for": "ussr"}
GOOD_OUT = [
    {"hello": {"protocol": 1, "program": "axisallies-tui", "version": "0.1.0", "board": "classic",
               "house_rules": [], "dice": "digital", "seed": None, "save": None}},
    {"status": STATUS},
    {"pending": None},
    {"pending": {"power": "ussr", "kind": "casualties", "prompt": "?", "options": [], "default": "infantry=1",
                 "pieces": [1, 2]}},                                   # decisions may advertise more
    {"event": "phase_skipped", "power": "ussr", "phase": "conduct_combat", "reason": "no battles to fight",
     "text": "Soviet Union skips conduct combat: no battles to fight."},
    {"event": "a_kind_from_a_newer_program", "anything": [1], "text": "Something happened."},
    {"error": "no", "code": "illegal_action", "line": 3},
    {"error": "out of dice", "code": "dice_exhausted", "line": 3, "fatal": True},
    {"result": {"winner": "axis", "reason": "r", "round": 9}},
    {"legal": [{"action": "end_phase"}, {"action": "place", "unit": "infantry", "space": "india", "count": 1,
                                         "factory": None}]},
]
BAD_OUT = [
    {"status": {**STATUS, "round": "1"}},
    {"status": {"round": 1, "power": "ussr"}},
    {"event": "units_purchased", "power": "ussr", "unit": "infantry", "cost": 6, "ipcs_left": 18, "text": "?"},
    {"event": "phase_skipped", "power": "ussr", "phase": "x", "reason": "r"},           # no text
    {"error": "no", "line": 3},                                                          # no code
    {"error": "no", "code": "something_else", "line": 3},
    {"dice_needed": {"count": 0, "purpose": "research"}},
    {"greeting": {}},
]


@pytest.mark.parametrize("line", GOOD_OUT)
def test_lines_the_program_may_write_are_valid(line):
    assert problems(OUT_CHECK, line) == []


@pytest.mark.parametrize("line", BAD_OUT)
def test_lines_that_break_the_contract_are_caught(line):
    assert problems(OUT_CHECK, line)
