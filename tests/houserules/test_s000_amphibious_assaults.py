"""s000-amphibious-assaults: bombardment kills go at once; only sea-borne troops must stay."""

from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner
from tests.helpers import act, at, clear, count, make_rules, put, start

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
