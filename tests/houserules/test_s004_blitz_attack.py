"""s004-blitz-attack: bought one turn, declared the next, it adds a Blitz
Movement and a Blitz Combat for armour and aircraft before the non-combat move."""

import pytest
from attrs import evolve

from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.movement import Move, movement_left
from axisallies_tui.engine.queries import owner, units_in
from axisallies_tui.engine.state import RuleSlot
from axisallies_tui.houserules.s004_blitz_attack import Blitz, BuyBlitz, DeclareBlitz
from tests.helpers import act, at, clear, end_turn, make_rules, money, own, put, start

RULE = "s004-blitz-attack"


def ready(rules, state, power="germany"):
    """`power` bought a Blitz Attack on its last turn."""
    return evolve(state, rule_state=(RuleSlot(RULE, Blitz(ready=power)),))


def eastern_front(rules):
    """Karelia and Russia each held by one Soviet infantry; a German tank in
    Eastern Europe, a German infantry beside it, a fighter at home in Germany."""
    state = start(rules)
    for space in ("karelia_ssr", "russia"):
        state = put(rules, clear(rules, state, space), space, "ussr", "infantry")
    state = put(rules, clear(rules, state, "east_europe"), "east_europe", "germany", "armour")
    state = put(rules, state, "east_europe", "germany", "infantry")
    return put(rules, clear(rules, state, "germany"), "germany", "germany", "fighter")


def take_karelia(rules, state):
    """Combat move and battle: the tank takes Karelia (it hits, the defender misses)."""
    state = act(rules, state, Move(origin="east_europe", destination="karelia_ssr", units=(("armour", 1),))).state
    state = act(rules, state, EndPhase()).state
    return act(rules, state, Fight(space="karelia_ssr"), dice=[1, 6]).state


def piece(rules, state, space, unit):
    return next(u for u in units_in(rules.board, state, space) if u.type == unit and u.power == "germany")


def test_buying_costs_10_and_needs_every_starting_territory():
    rules = make_rules(RULE)
    state = at(rules, start(rules), "germany", "purchase")
    after = act(rules, state, BuyBlitz()).state
    assert money(rules, after, "germany") == 32 - 10
    with pytest.raises(IllegalAction, match="already hold"):
        act(rules, after, BuyBlitz())
    with pytest.raises(IllegalAction, match="lost Eastern Europe|lost East"):
        act(rules, own(rules, state, "east_europe", "ussr"), BuyBlitz())


def test_a_blitz_bought_is_ready_on_the_next_turn_and_lost_if_not_declared():
    rules = make_rules(RULE)
    state = act(rules, at(rules, start(rules), "germany", "purchase"), BuyBlitz()).state
    while state.power != "germany" or state.round == 1:
        state = end_turn(rules, state).state
    assert rules.active.get(RULE).state_in(state).ready == "germany"
    step = end_turn(rules, state)
    assert [e.what for e in step.events if e.kind == "blitz"] == ["lost"]
    assert rules.active.get(RULE).state_in(step.state) == Blitz()


def test_declaring_inserts_the_blitz_phases_before_the_noncombat_move():
    rules = make_rules(RULE)
    state = at(rules, ready(rules, start(rules)), "germany", "combat_move")
    assert "blitz_move" not in state.turn.phases
    state = act(rules, state, DeclareBlitz()).state
    phases = state.turn.phases
    assert phases[phases.index("conduct_combat"):phases.index("noncombat_move") + 1] == (
        "conduct_combat", "blitz_move", "blitz_combat", "noncombat_move")
    with pytest.raises(IllegalAction, match="already declared"):
        act(rules, state, DeclareBlitz())


def test_no_declaration_without_every_starting_territory_or_after_the_combat_move():
    rules = make_rules(RULE)
    state = ready(rules, start(rules))
    with pytest.raises(IllegalAction, match="starting territories"):
        act(rules, at(rules, own(rules, state, "east_europe", "ussr"), "germany", "combat_move"), DeclareBlitz())
    with pytest.raises(IllegalAction, match="before the combat move ends"):
        act(rules, at(rules, state, "germany", "noncombat_move"), DeclareBlitz())


def test_a_tank_that_already_fought_takes_moscow_in_the_blitz():
    rules = make_rules(RULE)
    state = at(rules, ready(rules, eastern_front(rules)), "germany", "combat_move")
    state = act(rules, state, DeclareBlitz()).state
    state = take_karelia(rules, state)
    state = act(rules, state, EndPhase()).state
    assert state.phase == "blitz_move"
    state = act(rules, state, Move(origin="karelia_ssr", destination="russia", units=(("armour", 1),))).state
    state = act(rules, state, EndPhase()).state
    assert state.phase == "blitz_combat"
    state = act(rules, state, Fight(space="russia"), dice=[1, 6]).state
    assert owner(rules.board, state, "russia") == "germany"


def test_without_a_blitz_the_tank_stops_in_karelia():
    rules = make_rules(RULE)
    state = take_karelia(rules, at(rules, eastern_front(rules), "germany", "combat_move"))
    state = act(rules, state, EndPhase()).state
    assert state.phase == "noncombat_move"
    with pytest.raises(IllegalAction, match="moved or fought"):
        act(rules, state, Move(origin="karelia_ssr", destination="russia", units=(("armour", 1),)))
    assert owner(rules.board, state, "russia") == "ussr"


def blitz_movement(rules):
    state = at(rules, ready(rules, eastern_front(rules)), "germany", "combat_move")
    state = act(rules, state, DeclareBlitz()).state
    return act(rules, take_karelia(rules, state), EndPhase()).state


def test_land_units_move_one_space_and_only_fast_units_move():
    rules = make_rules(RULE)
    state = blitz_movement(rules)
    with pytest.raises(IllegalAction, match="1 movement point|too far|1 space"):
        act(rules, state, Move(origin="karelia_ssr", destination="kazakh_ssr", units=(("armour", 1),)))
    with pytest.raises(IllegalAction, match="only armour, motorized infantry, fighters and light bombers"):
        act(rules, state, Move(origin="east_europe", destination="ukraine_ssr", units=(("infantry", 1),)))


def test_aircraft_count_as_having_used_two_points_and_get_their_record_back_if_they_stay():
    rules = make_rules(RULE)
    state = blitz_movement(rules)
    fighter = piece(rules, state, "germany", "fighter")
    assert movement_left(rules, state, fighter) == 4 - 2
    state = act(rules, state, EndPhase()).state  # no blitz moves: Blitz Combat passes by itself
    assert state.phase == "noncombat_move"
    assert piece(rules, state, "germany", "fighter").moved == 0
    tank = piece(rules, state, "karelia_ssr", "armour")
    assert tank.combat_moved and tank.moved == 1


def test_the_blitz_state_is_saved_with_the_game():
    from axisallies_tui.codec import state_from_json, state_to_json

    rules = make_rules(RULE)
    state = blitz_movement(rules)
    assert rules.active.get(RULE).state_in(state).before
    assert state_from_json(state_to_json(state)) == state


def test_a_position_in_the_blitz_movement_exports_and_loads_back():
    from axisallies_tui.positions import loads_position, position_text

    rules = make_rules(RULE)
    state = blitz_movement(rules)
    assert loads_position(position_text(rules, state)).state == state


def test_no_blitz_in_a_turn_without_combat():
    rules = make_rules(RULE, "s000-soviet-first-turn-no-attack")
    state = at(rules, ready(rules, start(rules), "ussr"), "ussr", "purchase", round=1)
    with pytest.raises(IllegalAction, match="no combat"):
        act(rules, state, DeclareBlitz())
    state = at(rules, ready(rules, start(rules), "ussr"), "ussr", "purchase", round=2)
    assert "blitz_move" in act(rules, state, DeclareBlitz()).state.turn.phases
