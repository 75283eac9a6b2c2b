"""The headless protocol as a driver sees it: the greeting, every piece in the
`state` answer, an error code on every refusal, an event for every automatic
step, no control character written raw, and whole rounds played by a scripted
driver that answers each decision from what the decision itself offers. Every
line both ways is checked against the shipped JSON Schemas."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest
from attrs import evolve

from axisallies_tui import __version__
from axisallies_tui.cli import main
from axisallies_tui.engine.dice import SCRIPTED, TABLE, DiceMode
from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.engine.state import Decision, GameResult, Unit
from axisallies_tui.headless import Session, serve
from axisallies_tui.protocol import ERROR_CODES, PROTOCOL, json_line
from axisallies_tui.store import SavedGame
from tests.cli.headless_driver import IN_CHECK, Driver, out_problems, problems
from tests.helpers import at, make_rules, start

RULES = make_rules()


def talk(session: Session, *lines: Any) -> list[dict[str, Any]]:
    """Send `lines` (objects, or raw text) and return every line written, each
    checked against the out schema after going through `json_line`."""
    written: list[dict[str, Any]] = []

    def write(message: dict[str, Any]) -> None:
        decoded = json.loads(json_line(message))
        assert not out_problems(decoded), (out_problems(decoded), decoded)
        written.append(decoded)

    serve(session, io.StringIO("".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)), write)
    return written


def errors(written: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return [(m["code"], m["line"]) for m in written if "error" in m]


# -- the greeting ---------------------------------------------------------------------------


def test_the_first_line_greets_with_the_protocol_version_and_the_setting():
    rules = make_rules("s000-soviet-first-turn-no-attack")
    written = talk(Session.fresh(rules, "12", dice_mode=DiceMode(kind=TABLE)))
    hello = written[0]["hello"]
    assert (hello["protocol"], hello["program"], hello["version"]) == (PROTOCOL, "axisallies-tui", __version__)
    assert (hello["board"], hello["house_rules"]) == ("classic", ["s000-soviet-first-turn-no-attack"])
    assert (hello["dice"], hello["seed"], hello["save"]) == ("table", "12", None)
    assert PROTOCOL == 1 and "status" in written[-1]


def test_a_saved_game_is_named_in_the_greeting():
    game = SavedGame.create("greeted", Ruleset(board="classic"))
    written = talk(Session(game.rules, game.state, game.seed, saved=game))
    game.close()
    assert written[0]["hello"]["save"] == "greeted"


# -- the position, piece by piece ----------------------------------------------------------


def test_state_names_every_piece_with_what_it_carries_its_damage_and_moves_left():
    state = at(RULES, start(RULES), "uk", "noncombat_move")
    zone = RULES.board.space("north_sea_zone").index
    spaces = list(state.spaces)
    spaces[zone] = evolve(spaces[zone], units=(
        Unit(uid=900, power="uk", type="transport"),
        Unit(uid=901, power="uk", type="infantry", aboard=900),
        Unit(uid=902, power="uk", type="battleship", damage=1),
        Unit(uid=903, power="uk", type="fighter", moved=3, came_from="united_kingdom"),
    ))
    session = Session.fresh(RULES, "1", start=evolve(state, spaces=tuple(spaces), next_uid=904))
    answer = next(m["state"] for m in talk(session, {"query": "state"}) if "state" in m)
    sea = answer["spaces"]["north_sea_zone"]
    pieces = {p["id"]: p for p in sea["pieces"]}
    assert pieces[900]["cargo"] == [901] and pieces[901]["aboard"] == 900
    assert pieces[902]["damage"] == 1 and pieces[900]["damage"] == 0
    assert pieces[903]["moves_left"] == 1 and pieces[903]["came_from"] == "united_kingdom"  # 4 - 3 flown
    assert pieces[900]["moves_left"] == 2 and pieces[900]["owner"] == "uk" and pieces[900]["type"] == "transport"
    assert sea["units"] == {"uk": {"transport": 1, "infantry": 1, "battleship": 1, "fighter": 1}}  # as before
    assert (sea["owner"], sea["original_owner"]) == (None, None)


def test_state_tells_each_territory_s_owner_from_its_original_owner():
    state = at(RULES, start(RULES), "ussr", "research")
    index = RULES.board.space("karelia_ssr").index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], owner="germany")
    answer = next(m["state"] for m in talk(Session.fresh(RULES, "1", start=evolve(state, spaces=tuple(spaces))),
                                           {"query": "state"}) if "state" in m)
    assert (answer["spaces"]["karelia_ssr"]["owner"], answer["spaces"]["karelia_ssr"]["original_owner"]) == (
        "germany", "ussr")
    assert answer["spaces"]["switzerland"]["original_owner"] is None


def test_a_piece_that_moved_shows_where_it_came_from_and_what_movement_it_has_left():
    session = Session.fresh(RULES, "3")
    move = {"action": "move", "origin": "russia", "destination": "karelia_ssr", "units": [["armour", 1]]}
    written = talk(session, *[{"action": "end_phase"}] * 3, move, {"query": "state"})
    assert [m["status"]["phase"] for m in written if "status" in m][-1] == "noncombat_move"
    karelia = next(m["state"] for m in written if "state" in m)["spaces"]["karelia_ssr"]["pieces"]
    moved = [p for p in karelia if p["type"] == "armour" and p["came_from"] == "russia"]
    assert len(moved) == 1 and moved[0]["moves_left"] == 1  # armour moves 2


# -- error codes ----------------------------------------------------------------------------


def test_every_refusal_carries_a_stable_code_beside_its_message():
    written = talk(
        Session.fresh(RULES, "3"),
        "not json",                                                      # 1
        "[" * 5000,                                                      # 2
        "x" * 70000,                                                     # 3
        [1, 2],                                                          # 4
        {"action": "fly"},                                               # 5
        {"action": "purchase", "unit": "infantry", "count": "2"},        # 6
        {"query": "everything"},                                         # 7
        {"dice": [3]},                                                   # 8
        {"action": "place", "unit": "infantry", "space": "russia"},      # 9
        {"query": "preview", "action": {"action": "end_phase"}},         # 10
        {"action": "move", "origin": "russia", "destination": "germany", "units": [["infantry", 1]]},  # 11
    )
    assert errors(written) == [
        ("bad_json", 1), ("bad_json", 2), ("line_too_long", 3), ("bad_request", 4), ("unknown_action", 5),
        ("bad_field", 6), ("unknown_query", 7), ("no_dice_needed", 8), ("illegal_action", 9), ("bad_request", 10),
        ("illegal_move", 11),
    ]
    messages = [m["error"] for m in written if "error" in m]
    assert "not JSON" in messages[0] and "unknown action 'fly'" in messages[4] and "'count'" in messages[5]
    assert not any("fatal" in m for m in written)


def test_a_decision_waiting_and_a_finished_game_have_their_own_codes():
    asked = evolve(at(RULES, start(RULES), "ussr", "conduct_combat"),
                   pending=Decision(power="ussr", kind="retreat", prompt="Retreat?", options=("press on",)))
    assert errors(talk(Session.fresh(RULES, "1", start=asked), {"action": "end_phase"})) == [("decision_pending", 1)]
    over = evolve(at(RULES, start(RULES), "ussr", "research"), result=GameResult(winner="axis", reason="test", round=1))
    written = talk(Session.fresh(RULES, "1", start=over), {"action": "end_phase"})
    assert "result" in written[1] and errors(written) == [("game_over", 1)]


def test_table_dice_refused_and_scripted_dice_run_out_are_coded():
    research = at(RULES, start(RULES), "ussr", "research")
    table = Session.fresh(RULES, "1", start=research, dice_mode=DiceMode(kind=TABLE))
    written = talk(table, {"action": "research", "dice": 1}, {"dice": [9]}, {"cancel": True})
    assert errors(written) == [("bad_dice", 2)]
    scripted = Session.fresh(RULES, "1", start=research, dice_mode=DiceMode(kind=SCRIPTED, script=(6,)))
    written = talk(scripted, {"action": "research", "dice": 1})  # a 6 needs a chart die: none left
    assert errors(written) == [("dice_exhausted", 1)] and written[-1]["fatal"] is True


def test_a_save_that_cannot_be_written_is_a_fatal_error():
    game = SavedGame.create("stuck", Ruleset(board="classic"))
    session = Session(game.rules, game.state, game.seed, saved=game)
    game.conn.execute("PRAGMA query_only = 1")
    written = talk(session, {"action": "end_phase"})
    game.close()
    assert errors(written) == [("save_failed", 1)] and written[-1]["fatal"] is True


def test_the_documented_codes_are_the_ones_the_schema_allows():
    from axisallies_tui import schemas

    codes = schemas.load(schemas.OUT)["$defs"]["error"]["properties"]["code"]["enum"]
    assert codes == list(ERROR_CODES)
    documented = (schemas.FOLDER.parent.parent / "docs" / "headless.md").read_text(encoding="utf-8")
    assert all(f"`{code}`" in documented for code in ERROR_CODES)


# -- automatic steps are events -------------------------------------------------------------


def test_a_combat_phase_with_no_battle_says_it_is_skipped():
    written = talk(Session.fresh(RULES, "3"), *[{"action": "end_phase"}] * 3)
    skipped = [m for m in written if m.get("event") == "phase_skipped"]
    assert [(m["phase"], m["reason"]) for m in skipped] == [("conduct_combat", "no battles to fight")]
    assert skipped[0]["text"] == "Soviet Union skips conduct combat: no battles to fight."


def test_phases_left_out_of_a_turn_are_announced_with_the_reason():
    no_research = make_rules(options={"tech_development": False})
    written = talk(Session.fresh(no_research, "3"))
    skipped = [(m["phase"], m["reason"]) for m in written if m.get("event") == "phase_skipped"]
    assert skipped == [("research", "weapons development is off in this game")]
    assert written[-1]["status"]["phase"] == "purchase"
    soviet = make_rules("s000-soviet-first-turn-no-attack")
    written = talk(Session.fresh(soviet, "3"))
    skipped = [(m["phase"], m["reason"]) for m in written if m.get("event") == "phase_skipped"]
    leaves_out = "house rule s000-soviet-first-turn-no-attack leaves it out of this turn"
    assert skipped == [("combat_move", leaves_out), ("conduct_combat", leaves_out)]


def test_income_is_an_event_when_the_turn_ends():
    written = talk(Session.fresh(RULES, "3"), *[{"action": "end_phase"}] * 6)
    income = [m for m in written if m.get("event") == "income_collected"]
    assert len(income) == 1 and income[0]["power"] == "ussr" and income[0]["amount"] > 0


# -- control characters (issue 12) ----------------------------------------------------------

NASTY = "red\u009b31m\u0085line\u001b]0;title\u0007\u202eevil\u2028next\U000e0001\u007f"


def test_no_control_character_reaches_the_terminal_raw(monkeypatch, capsys):
    """C1 controls (CSI, NEL), C0 escapes, DEL, a bidi override, a line separator and
    a tag character in a player's edit reason: each is written as a JSON escape,
    and the driver still reads back exactly what was typed."""
    edit = {"action": "set_ipcs", "power": "ussr", "ipcs": 30, "reason": NASTY}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(edit) + "\n"))
    assert main(["headless", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    raw = [c for c in out if c != "\n" and (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c in "\u202e\u2028\U000e0001")]
    assert raw == []
    assert "\\u009b" in out and "\\u0085" in out and "\\udb40\\udc01" in out
    lines = [json.loads(line) for line in out.splitlines()]
    event = next(m for m in lines if m.get("event") == "ipcs_set")
    assert event["reason"] == NASTY


def test_plain_lines_are_written_as_json_dumps_writes_them():
    message = {"event": "x", "text": "Soviet Union buys 2 × infantry — «ok»", "n": 1}
    assert json_line(message) == json.dumps(message, ensure_ascii=False) + "\n"


# -- a scripted driver ------------------------------------------------------------------------


def _play(seed: int, rounds: int) -> Driver:
    driver = Driver(Session.fresh(RULES, str(seed)), seed=seed, last_round=rounds)
    assert driver.play() == 0
    return driver


def _check_session(driver: Driver) -> None:
    """What any driven session must show: the greeting first, every piece counted
    in `units`, every decision answered from its own offer."""
    assert "hello" in driver.out[0]
    for answer in (m["state"] for m in driver.out if "state" in m):
        for space in answer["spaces"].values():
            counted: dict[str, dict[str, int]] = {}
            for piece in space["pieces"]:
                counted.setdefault(piece["owner"], {}).setdefault(piece["type"], 0)
                counted[piece["owner"]][piece["type"]] += 1
            assert counted == space["units"]
    assert all(not problems(IN_CHECK, line) for line in driver.sent)


def test_a_driver_plays_a_round_answering_each_decision_from_its_own_offer():
    driver = _play(11, rounds=1)
    _check_session(driver)
    answered = [m for m in driver.out if m.get("event") == "decision_answered"]
    assert answered, "the round's battles asked questions, and the driver answered them"
    by_piece = [m for m in driver.sent if m.get("action") == "answer" and m["choice"].startswith("#")]
    assert by_piece, "some casualties were chosen piece by piece, by id"
    kinds = {m.get("event") for m in driver.out}
    assert {"turn_started", "income_collected", "round_ended", "dice_rolled", "conceded", "game_won"} <= kinds
    assert driver.result is not None and "result" in driver.out[-1]  # round 2's first power conceded
    assert driver.result["round"] == 2


@pytest.mark.slow
def test_a_driver_plays_several_rounds_to_a_result():
    driver = _play(5, rounds=4)
    _check_session(driver)
    assert driver.result is not None and driver.result["round"] <= 5


def test_a_power_played_by_another_login_is_refused_with_its_code(monkeypatch):
    from axisallies_tui import store

    monkeypatch.setattr(store, "current_login", lambda: "alice")
    game = SavedGame.create("duel", Ruleset(board="classic"), logins={"ussr": "alice", "germany": "bob"})
    monkeypatch.setattr(store, "current_login", lambda: "bob")
    written = talk(Session(game.rules, game.state, game.seed, saved=game), {"action": "end_phase"})
    game.close()
    assert errors(written) == [("not_your_turn", 1)]
    assert "played by alice" in next(m["error"] for m in written if "error" in m)
