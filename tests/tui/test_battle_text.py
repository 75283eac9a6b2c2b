"""The battle pane's and move panel's words, without an app: the casualty table
writes answers exactly as the engine words them, and the move planner's
destinations are the engine's own verdicts."""

from __future__ import annotations

import pytest

from axisallies_tui.engine.bots import RandomBot
from axisallies_tui.engine.dice import SeededDice
from axisallies_tui.engine.game import apply
from axisallies_tui.engine.legal import is_legal
from axisallies_tui.engine.movement import Move
from axisallies_tui.tui import battles, planning
from axisallies_tui.tui.panels.base import panel_for
from tests.helpers import at, make_rules, start


@pytest.mark.parametrize("house", [(), ("s000-damaged-capital-ships",)])
def test_casualty_answers_round_trip_through_the_table(house):
    """Random games with battles: at every casualty question the default and each
    listed answer, read into the table's counts and written back, are the same
    text (so Enter on an unchanged table sends the engine's default), and the
    counts never exceed what each line holds."""
    rules = make_rules(*house)
    seen = 0
    for seed in range(3):
        bot = RandomBot(seed)
        state = start(rules, [1])
        for number in range(1500):
            pending = state.pending
            if pending is not None and pending.kind in battles.CASUALTY_KINDS:
                slots = battles.casualty_slots(rules, state, pending.kind)
                available = {s.key(): s.available for s in slots}
                for answer in (pending.default, *pending.options):
                    picks = battles.parse_answer(rules, answer, slots)
                    assert battles.write_answer(slots, picks, rules) == answer
                    assert all(n <= available[key] for key, n in picks.items())
                seen += 1
            if state.result is not None:
                break
            state = apply(rules, state, bot.choose(rules, state), SeededDice(seed, number)).state
    assert seen > 10


def test_every_destination_offered_is_legal_and_every_refusal_is_the_engines():
    """Soviet combat move: each place listed as reachable is a legal move for the
    engine, and each refused one carries the engine's refusal."""
    rules = make_rules()
    state = at(rules, start(rules), "ussr", "combat_move")
    for origin in planning.origins(rules, state):
        for group in planning.unit_groups(rules, state, origin):
            if group.stuck:
                continue
            for dest in planning.destinations(rules, state, origin, group.uids):
                moves = dest.moves or (Move(origin=origin, destination=dest.space, uids=group.uids),)
                assert dest.ok == is_legal(rules, state, moves[0]), (origin, dest)
                if dest.ok:
                    assert dest.path and dest.path[-1] == dest.space


def test_stuck_pieces_say_why():
    rules = make_rules()
    state = at(rules, start(rules), "ussr", "combat_move")
    aa = next(g for g in planning.unit_groups(rules, state, "russia") if g.type == "aa_gun")
    assert aa.stuck == "antiaircraft guns move only in the non-combat move"
    assert "1aa" not in planning.origin_label(rules, state, "russia")
    assert planning.origin_label(rules, state, "russia").endswith("(1 stuck)")


def test_land_units_and_aircraft_from_one_territory_go_as_two_moves():
    rules = make_rules()
    state = at(rules, start(rules), "ussr", "combat_move")
    groups = planning.unit_groups(rules, state, "karelia_ssr")
    uids = [u for g in groups if g.type in ("armour", "fighter") for u in g.uids]
    dest = next(d for d in planning.destinations(rules, state, "karelia_ssr", uids) if d.space == "ukraine_ssr")
    assert dest.ok and len(dest.moves) == 2
    assert {t for t, _ in dest.moved} == {"armour", "fighter"}


def test_move_and_battle_panels_are_loaded_when_first_wanted():
    assert panel_for("combat_move").__name__ == "MovePanel"
    assert panel_for("conduct_combat").__name__ == "BattlePanel"
    assert panel_for("conduct_combat", pending="retreat").__name__ == "RetreatPanel"
    assert panel_for("conduct_combat", pending="bombard_casualties").__name__ == "CasualtyPanel"
    assert panel_for("conduct_combat", pending="some_house_rule_question").__name__ == "DecisionPanel"
