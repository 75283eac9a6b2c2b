"""Rockets (C-DEV-2) on the classic board with scripted dice: one AA gun that
has not moved fires once a turn, in the non-combat move, at an enemy
industrial complex within 3 spaces; the owner pays one die of IPCs."""

import io
import json
import sys

import pytest

from axisallies_tui.engine.actions import EndPhase, Undo
from axisallies_tui.engine.capture import capture
from axisallies_tui.engine.dice import ScriptedDice
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.movement import Move, movement_left
from axisallies_tui.engine.rockets import FireRocket
from axisallies_tui.engine.tx import Tx
from tests.helpers import act, at, clear, count, end_turn, ipcs, make_rules, money, own, put, start, taken, techs


@pytest.fixture
def rules():
    return make_rules()


def german_noncombat(rules, state=None):
    """Germany, with Rockets, in its non-combat move of round 1."""
    state = at(rules, state or start(rules), "germany", "noncombat_move")
    return techs(rules, state, "germany", "rockets")


def fire(rules, state, origin, target, dice=()):
    return act(rules, state, FireRocket(origin=origin, target=target), dice=dice)


def rockets_listed(rules, state):
    return [(a.origin, a.target) for a in legal_actions(rules, state) if isinstance(a, FireRocket)]


def test_a_rocket_takes_the_rolled_ipcs_from_the_owner(rules):
    """Russia is 3 spaces from Germany (the farthest a rocket goes): a 4 costs the USSR 4 of its 24 IPCs."""
    state = german_noncombat(rules)
    assert ("germany", "russia") in rockets_listed(rules, state)
    step = fire(rules, state, "germany", "russia", dice=[4])
    assert money(rules, step.state, "ussr") == 20
    assert money(rules, step.state, "germany") == money(rules, state, "germany")
    hit = step.events[-1]
    assert hit.text(rules.board, rules.edition) == "Rockets from Germany hit Russia: Soviet Union pays 4 IPCs; 20 left."
    gun = next(u for u in step.state.spaces[rules.board.space("germany").index].units if u.type == "aa_gun")
    assert movement_left(rules, step.state, gun) == 0, "the gun that fired stays put"


def test_the_loss_is_capped_at_the_treasury(rules):
    state = ipcs(rules, german_noncombat(rules), "uk", 2)
    step = fire(rules, state, "germany", "united_kingdom", dice=[6])
    assert money(rules, step.state, "uk") == 0
    assert "pays 2 IPCs (rolled 6, all it held); 0 left" in step.events[-1].text(rules.board, rules.edition)


def test_refused_beyond_three_spaces(rules):
    """Eastern US is 5 spaces from Germany; the United Kingdom, at 3, is in range."""
    state = german_noncombat(rules)
    with pytest.raises(IllegalAction, match="more than 3 spaces from Germany"):
        fire(rules, state, "germany", "east_us")
    assert all(target != "east_us" for _, target in rockets_listed(rules, state))


def test_refused_from_an_aa_gun_that_moved_and_allowed_again_once_the_move_is_undone(rules):
    state = german_noncombat(rules)
    moved = act(rules, state, Move(origin="germany", destination="east_europe", units=(("aa_gun", 1),))).state
    with pytest.raises(IllegalAction, match="no AA gun of yours in East Europe that has not moved"):
        fire(rules, moved, "east_europe", "russia")
    with pytest.raises(IllegalAction, match="no AA gun of yours in Germany"):
        fire(rules, moved, "germany", "russia")
    assert {origin for origin, _ in rockets_listed(rules, moved)} == {"south_europe", "west_europe"}
    back = act(rules, moved, Undo()).state
    assert money(rules, fire(rules, back, "germany", "russia", dice=[3]).state, "ussr") == 21


def test_a_fired_gun_may_not_move_and_the_rocket_is_not_taken_back(rules):
    state = german_noncombat(rules)
    before = act(rules, state, Move(origin="east_europe", destination="germany", units=(("infantry", 1),))).state
    fired = fire(rules, before, "germany", "russia", dice=[2]).state
    assert fired.undo == (), "the die closed the phase's undo history"
    with pytest.raises(IllegalAction, match="nothing to take back"):
        act(rules, fired, Undo())
    with pytest.raises(IllegalAction, match="fired a rocket this turn and stays there"):
        act(rules, fired, Move(origin="germany", destination="east_europe", units=(("aa_gun", 1),)))


def soviet_karelia(rules, state):
    """Karelia holding only its Soviet AA gun and complex (a test position)."""
    state = put(rules, clear(rules, state, "karelia_ssr"), "karelia_ssr", "ussr", "aa_gun")
    return put(rules, state, "karelia_ssr", "ussr", "industrial_complex")


def test_refused_from_a_territory_captured_this_turn(rules):
    """The Soviet AA gun captured with Karelia this turn has not moved, but may not fire;
    captured on an earlier turn, it may."""
    state = german_noncombat(rules, soviet_karelia(rules, start(rules)))
    tx = Tx(rules, state, ScriptedDice([]))
    capture(tx, "karelia_ssr", "germany")
    assert count(rules, tx.state, "karelia_ssr", "germany", "aa_gun") == 1
    with pytest.raises(IllegalAction, match="Karelia S.S.R. was captured this turn"):
        fire(rules, tx.state, "karelia_ssr", "russia")
    earlier = german_noncombat(rules, taken(rules, soviet_karelia(rules, start(rules)), "karelia_ssr", "germany"))
    assert money(rules, fire(rules, earlier, "karelia_ssr", "russia", dice=[5]).state, "ussr") == 19


def test_one_rocket_a_turn(rules):
    state = fire(rules, german_noncombat(rules), "germany", "russia", dice=[1]).state
    with pytest.raises(IllegalAction, match="has fired its rocket this turn"):
        fire(rules, state, "south_europe", "united_kingdom")
    assert rockets_listed(rules, state) == []


def test_refused_without_the_development_and_outside_the_noncombat_move(rules):
    plain = at(rules, start(rules), "germany", "noncombat_move")
    with pytest.raises(IllegalAction, match="Germany has not developed Rockets"):
        fire(rules, plain, "germany", "russia")
    assert rockets_listed(rules, plain) == []
    combat = techs(rules, at(rules, start(rules), "germany", "combat_move"), "germany", "rockets")
    with pytest.raises(IllegalAction, match="done in the Non-combat move phase"):
        fire(rules, combat, "germany", "russia")
    assert rockets_listed(rules, combat) == []


def test_refused_at_friendly_complexes_and_spaces_without_one(rules):
    state = german_noncombat(rules)
    with pytest.raises(IllegalAction, match="not an enemy territory with an industrial complex"):
        fire(rules, state, "germany", "south_europe")
    with pytest.raises(IllegalAction, match="not an enemy territory with an industrial complex"):
        fire(rules, state, "germany", "ukraine_ssr")
    with pytest.raises(IllegalAction, match="not a territory"):
        fire(rules, state, "germany", "atlantis")


def test_the_aa_gun_that_fired_still_fires_at_a_raid_later(rules):
    state = fire(rules, german_noncombat(rules), "germany", "russia", dice=[6]).state
    state = end_turn(rules, state).state
    assert state.power == "uk"
    state = own(rules, clear(rules, state, "east_europe"), "east_europe", "uk")
    state = at(rules, put(rules, state, "east_europe", "uk", "bomber"), "uk", "combat_move")
    step = act(rules, state, Move(origin="east_europe", destination="germany", units=(("bomber", 1),), raid=True),
               dice=[1])
    assert count(rules, step.state, "germany", "uk", "bomber") == 0
    assert [e.space for e in step.events if e.kind == "dice_rolled"] == ["germany"]


def test_a_new_turn_brings_a_new_rocket(rules):
    """Played on to Germany's next non-combat move, the gun that fired may fire again."""
    state = fire(rules, german_noncombat(rules), "germany", "russia", dice=[6]).state
    state = act(rules, state, EndPhase()).state
    assert state.phase == "place" and state.turn.rockets == ("germany",)
    while state.power != "germany" or state.phase != "noncombat_move":
        state = act(rules, state, EndPhase()).state
    assert state.round == 2 and state.turn.rockets == ()
    assert ("germany", "russia") in rockets_listed(rules, state)


def test_headless_lists_and_fires_a_rocket(rules, tmp_path, monkeypatch, capsys):
    """The README's rocket line, fed to the JSON-lines protocol from a position."""
    from axisallies_tui.cli import main

    position = tmp_path / "rockets.toml"
    position.write_text('board = "classic"\n[game]\nround = 2\npower = "germany"\nphase = "noncombat_move"\n'
                        '[powers.germany]\nipcs = 30\ntechs = ["rockets"]\n')
    lines = [{"query": "legal"}, {"action": "fire_rocket", "origin": "germany", "target": "russia"},
             {"action": "fire_rocket", "origin": "west_europe", "target": "united_kingdom"}]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(json.dumps(line) + "\n" for line in lines)))
    assert main(["headless", "--position", str(position), "--seed", "3"]) == 0
    messages = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    legal = next(m["legal"] for m in messages if "legal" in m)
    assert {"action": "fire_rocket", "origin": "germany", "target": "russia"} in legal
    hit = next(m for m in messages if m.get("event") == "rocket_hit")
    assert (hit["origin"], hit["target"], hit["victim"]) == ("germany", "russia", "ussr")
    assert hit["text"].startswith("Rockets from Germany hit Russia: Soviet Union pays ")
    assert "has fired its rocket this turn" in next(m["error"] for m in messages if "error" in m)
