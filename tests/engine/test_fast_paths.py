"""The answers the engine remembers to run battles and list moves faster
(per board, per game, per state) are the answers it would work out afresh:
a new state is never answered from an old one, and what is handed out may be
changed by the caller without harm."""

from __future__ import annotations

import attrs
import pytest

from axisallies_tui.engine.combat import attackers_in, battle_profile, defenders_in
from axisallies_tui.engine.copying import evolve
from axisallies_tui.engine.model import AIR, LAND, SEA
from axisallies_tui.engine.movement import view_of
from axisallies_tui.engine.profiles import ATTACK, profile
from axisallies_tui.engine.queries import allied
from axisallies_tui.engine.state import Battle
from tests.helpers import at, clear, make_rules, put, start


def test_the_engines_evolve_still_runs_validators_and_takes_keyword_only_fields():
    @attrs.frozen
    class Sample:
        count: int = attrs.field(validator=attrs.validators.ge(0))
        name: str = attrs.field(kw_only=True, default="a")

    sample = Sample(1, name="b")
    assert evolve(sample, count=2) == Sample(2, name="b")
    assert evolve(sample, name="c") == Sample(1, name="c")
    with pytest.raises(ValueError):
        evolve(sample, count=-1)
    with pytest.raises(TypeError):
        evolve(sample, colour="red")


@pytest.mark.parametrize("house", [(), ("s000-divided-sea-zones",), ("s004-every-nation-for-itself",)])
def test_the_boards_tables_agree_with_its_spaces_and_relations(house):
    """Also for boards a house rule lays over the file's (other seas, other sides)."""
    board = make_rules(*house).board
    for a in board.powers:
        for b in board.powers:
            assert (b.id in board.allies_of[a.id]) == allied(board, a.id, b.id)
    for space in board.spaces:
        for domain, kind in ((LAND, "land"), (SEA, "sea")):
            expected = tuple(n for n in space.neighbours if board.space(n).kind == kind)
            assert board.steps_for[domain][space.id] == expected
        assert board.steps_for[AIR][space.id] == space.neighbours


def test_a_profile_is_the_same_whatever_order_the_developments_are_held_in():
    rules = make_rules()
    one = profile(rules, "usa", ("jet_power", "heavy_bombers"), "bomber", ATTACK)
    other = profile(rules, "usa", ("heavy_bombers", "jet_power"), "bomber", ATTACK)
    assert one == other == profile(rules, "usa", frozenset({"jet_power", "heavy_bombers"}), "bomber", ATTACK)


def sea_battle(rules, round_number):
    state = clear(rules, start(rules), "north_sea_zone")
    state = put(rules, state, "north_sea_zone", "germany", "submarine")
    state = put(rules, state, "north_sea_zone", "uk", "transport")
    state = at(rules, state, "germany", "conduct_combat")
    return evolve(state, battle=Battle(space="north_sea_zone", defender="uk", round=round_number))


def test_a_units_battle_profile_follows_the_state_asked_about():
    """With s000-order-of-combat a submarine strikes first only in round 1: the
    same piece asked about in round 2, then in round 1 again, answers for each."""
    rules = make_rules("s000-order-of-combat")
    first, second = sea_battle(rules, 1), sea_battle(rules, 2)
    sub = attackers_in(rules, first, "north_sea_zone")[0]
    answers = [battle_profile(rules, state, sub, ATTACK).first_strike for state in (first, second, first, second)]
    assert answers == [True, False, True, False]


def test_who_fights_is_handed_out_as_a_new_list_each_time():
    rules = make_rules()
    state = sea_battle(rules, 1)
    attackers_in(rules, state, "north_sea_zone").clear()
    defenders_in(rules, state, "north_sea_zone").append(attackers_in(rules, state, "north_sea_zone")[0])
    assert [u.type for u in attackers_in(rules, state, "north_sea_zone")] == ["submarine"]
    assert [u.type for u in defenders_in(rules, state, "north_sea_zone")] == ["transport"]


def test_the_shared_view_is_the_view_of_the_state_asked_about():
    rules = make_rules()
    calm = at(rules, clear(rules, start(rules), "north_sea_zone"), "germany", "combat_move")
    assert not view_of(rules, calm).hostile("north_sea_zone")
    guarded = put(rules, calm, "north_sea_zone", "uk", "battleship")
    assert view_of(rules, guarded).hostile("north_sea_zone")
    assert not view_of(rules, calm).hostile("north_sea_zone")
    assert view_of(rules, calm) is view_of(rules, calm)


def test_storing_a_rules_state_it_already_holds_keeps_the_same_position():
    """A rule that writes the state it holds (every battle step may) makes no new
    position, so the answers the engine remembered for it still hold; a real
    change makes one."""
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.engine.tx import Tx
    from axisallies_tui.houserules.s004_unit_destroyer import Sides

    rules = make_rules("s004-unit-destroyer")
    tx = Tx(rules, start(rules), ScriptedDice([]))
    tx.set_rule_state("s004-unit-destroyer", Sides(space="caucasus", round=1))
    held = tx.state
    tx.set_rule_state("s004-unit-destroyer", Sides(space="caucasus", round=1))
    assert tx.state is held
    tx.set_rule_state("s004-unit-destroyer", Sides(space="caucasus", round=2))
    assert tx.state is not held and tx.state.rule_state != held.rule_state
