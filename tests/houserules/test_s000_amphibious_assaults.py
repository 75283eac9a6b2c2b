"""s000-amphibious-assaults: bombardment kills go at once; only sea-borne troops must stay."""

from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner
from tests.helpers import act, at, clear, count, make_rules, own, put, start

RULE = "s000-amphibious-assaults"


def landing(rules, defenders):
    """Two British infantry land in West Europe from the North Sea (battleship there),
    with a fighter from the United Kingdom; `defenders` German infantry hold it."""
    state = clear(rules, start(rules), "west_europe")
    state = put(rules, state, "west_europe", "germany", "infantry", defenders)
    state = at(rules, state, "uk", "combat_move")
    state = act(rules, state, Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="north_sea_zone", destination="west_europe", units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="united_kingdom", destination="west_europe", units=(("fighter", 1),))).state
    return act(rules, state, EndPhase()).state


def test_bombardment_casualties_fire_back_by_default():
    """C-AMPH-4 (XML default): the bombarded infantry still fires in round one."""
    rules = make_rules()
    # bombard [1] hits; round 1: attack [6, 6, 6] misses, the doomed defender fires [2]: a hit
    step = act(rules, landing(rules, 1), Fight(space="west_europe"), dice=[1, 6, 6, 6, 2])
    assert step.state.pending is not None and step.state.pending.kind == "attacker_casualties"


def test_with_the_rule_bombardment_casualties_go_at_once():
    rules = make_rules(RULE)
    step = act(rules, landing(rules, 1), Fight(space="west_europe"), dice=[1])
    assert owner(rules.board, step.state, "west_europe") == "uk"
    assert count(rules, step.state, "west_europe", "uk", "infantry") == 2


def test_no_retreat_from_a_landing_in_the_classic_rules():
    """C-AMPH-3: round one all misses, and no retreat question follows."""
    rules = make_rules()
    # bombard [6]; round 1 attack [6, 6, 6], defence [6, 6]; round 2 attack [1, 1, 6], defence [6, 6]
    step = act(rules, landing(rules, 2), Fight(space="west_europe"), dice=[6, 6, 6, 6, 6, 6, 1, 1, 6, 6, 6])
    assert step.state.pending is None
    assert owner(rules.board, step.state, "west_europe") == "uk"


def test_with_the_rule_the_fighter_may_leave_while_the_landed_troops_fight_on():
    rules = make_rules(RULE)
    state = act(rules, landing(rules, 2), Fight(space="west_europe"), dice=[6, 6, 6, 6, 6, 6]).state
    assert state.pending.kind == "retreat"
    assert state.pending.options == ("press on", "aircraft leave the battle")
    # the fighter leaves; the infantry fight round 2: [1, 1] both hit, defence [6, 6]
    after = act(rules, state, Answer("aircraft leave the battle"), dice=[1, 1, 6, 6]).state
    assert owner(rules.board, after, "west_europe") == "uk"
    assert count(rules, after, "west_europe", "uk", "fighter") == 1


def landing_with_overland(rules, defenders):
    """As `landing` with two fighters, plus a British infantry that walks in
    overland from a British-held (emptied) South Europe."""
    state = clear(rules, clear(rules, start(rules), "west_europe"), "south_europe")
    state = own(rules, state, "south_europe", "uk")
    state = put(rules, state, "west_europe", "germany", "infantry", defenders)
    state = put(rules, state, "united_kingdom", "uk", "fighter", 1)
    state = put(rules, state, "south_europe", "uk", "infantry", 1)
    state = at(rules, state, "uk", "combat_move")
    state = act(rules, state, Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="north_sea_zone", destination="west_europe", units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="south_europe", destination="west_europe", units=(("infantry", 1),))).state
    state = act(rules, state, Move(origin="united_kingdom", destination="west_europe", units=(("fighter", 2),))).state
    return act(rules, state, EndPhase()).state


def test_with_the_rule_overland_units_may_go_while_the_aircraft_stay():
    """000: overland units retreat normally, whatever the aircraft do."""
    rules = make_rules(RULE)
    # bombard [6]; round 1: attack [6, 6, 6, 6, 6] all miss, defence [6, 6, 6] all miss
    state = act(rules, landing_with_overland(rules, 3), Fight(space="west_europe"), dice=[6] * 9).state
    options = state.pending.options
    assert "overland units only: retreat to south_europe" in options
    # round 2: the two fighters and two landed infantry [6, 6, 6, 6], defence [6, 6, 6]
    after = act(rules, state, Answer("overland units only: retreat to south_europe"), dice=[6] * 7).state
    assert count(rules, after, "south_europe", "uk", "infantry") == 1
    assert count(rules, after, "west_europe", "uk", "fighter") == 2
    assert after.battle is not None  # the fighters and the landed troops fight on


def test_with_the_rule_a_single_aircraft_may_leave():
    """000: "Planes can retreat at any time individually or all together"."""
    rules = make_rules(RULE)
    state = act(rules, landing_with_overland(rules, 3), Fight(space="west_europe"), dice=[6] * 9).state
    singles = [o for o in state.pending.options if o.startswith("only the fighter")]
    assert len(singles) == 2
    # round 2: one fighter and three infantry [6, 6, 6, 6], defence [6, 6, 6]
    after = act(rules, state, Answer(singles[0]), dice=[6] * 7).state
    # exactly seven dice were rolled: only one fighter still fights
    gone = singles[0].split("#")[1].split()[0]
    assert f"left:{gone}" in after.turn.marks
    assert count(rules, after, "west_europe", "uk", "fighter") == 2  # it stays there, to land later
    assert after.pending.kind == "retreat"  # round 2 is over and the rest may still go


def test_without_the_rule_no_such_answers():
    rules = make_rules()
    # no retreat question after round 1: round 2 follows at once, [1] x 5 all hit, defence [6, 6, 6]
    state = act(rules, landing_with_overland(rules, 3), Fight(space="west_europe"), dice=[6] * 9 + [1] * 5 + [6] * 3).state
    assert state.pending is None and owner(rules.board, state, "west_europe") == "uk"
