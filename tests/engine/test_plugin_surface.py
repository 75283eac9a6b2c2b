"""The plugin surface: rules belong to a game, run in declared order, keep
their own state in the save, add units as data and answers to decisions."""

from __future__ import annotations

import pytest
from attrs import evolve

from axisallies_tui.codec import state_from_json, state_to_json
from axisallies_tui.engine.actions import EndPhase, Purchase
from axisallies_tui.engine.hooks import ActiveRules, HouseRule, RuleOrderError
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import RuleSlot
from axisallies_tui.houserules.s000_damaged_capital_ships import RepairShip, Yard
from axisallies_tui.setup import SetupError
from tests.helpers import act, at, make_rules, money, put, start


class _Plain(HouseRule):
    id = "test-plain"


class _First(HouseRule):
    id = "test-first"
    before = ("test-plain",)


def test_rules_run_in_declared_order_not_in_the_order_switched_on():
    active = ActiveRules([_Plain({}), _First({})])
    assert active.ids() == ("test-first", "test-plain")
    assert ActiveRules([_First({}), _Plain({})]).ids() == ("test-first", "test-plain")


def test_a_circular_order_and_a_rule_on_twice_are_refused():
    class _Loop(HouseRule):
        id = "test-plain"
        before = ("test-first",)

    with pytest.raises(RuleOrderError, match="circular"):
        ActiveRules([_Loop({}), _First({})])
    with pytest.raises(RuleOrderError, match="twice"):
        ActiveRules([_Plain({}), _Plain({})])


def test_parameters_are_immutable():
    rule = _Plain({"cost": 3})
    with pytest.raises(TypeError):
        rule.params["cost"] = 4  # type: ignore[index]


def test_two_games_in_one_process_do_not_see_each_others_rules():
    with_rule = make_rules("s004-unit-light-carrier")
    without = make_rules()
    assert "light_carrier" in with_rule.edition.unit_by_id
    assert "light_carrier" not in without.edition.unit_by_id
    state = at(without, start(without), "uk", "purchase")
    step = act(with_rule, at(with_rule, start(with_rule), "uk", "purchase"), Purchase(unit="light_carrier"))
    assert dict(step.state.powers[2].unplaced)["light_carrier"] == 1
    from axisallies_tui.engine.errors import IllegalAction

    with pytest.raises(IllegalAction, match="no unit called"):
        act(without, state, Purchase(unit="light_carrier"))


def test_a_unit_from_a_rule_is_data_with_the_price_the_players_set():
    rules = make_rules("s004-unit-light-carrier", params={"s004-unit-light-carrier": {"cost": 10}})
    carrier = rules.edition.unit("light_carrier")
    assert (carrier.cost, carrier.move, carrier.attack, carrier.defense, carrier.carrier_capacity) == (10, 2, 1, 2, 1)
    state = at(rules, start(rules), "uk", "purchase")
    before = money(rules, state, "uk")
    after = act(rules, state, Purchase(unit="light_carrier")).state
    assert money(rules, after, "uk") == before - 10


def test_a_rules_own_state_is_saved_and_restored_with_the_game():
    rules = make_rules("s000-damaged-capital-ships")
    state = put(rules, start(rules), "north_sea_zone", "uk", "battleship")
    zone = rules.board.space("north_sea_zone").index
    ship = state.spaces[zone].units[-1]
    damaged = evolve(ship, damage=1)
    spaces = list(state.spaces)
    spaces[zone] = evolve(spaces[zone], units=spaces[zone].units[:-1] + (damaged,))
    state = at(rules, evolve(state, spaces=tuple(spaces)), "uk", "purchase")
    repaired = act(rules, state, RepairShip(uid=ship.uid, factory="united_kingdom")).state
    yard = rules.active.get("s000-damaged-capital-ships").state_in(repaired)
    assert isinstance(yard, Yard) and [s.uid for s in yard.ships] == [ship.uid]
    assert state_from_json(state_to_json(repaired)) == repaired
    # it comes back whole when the British place their new units
    placed = repaired
    while placed.phase != "place":
        placed = act(rules, placed, EndPhase()).state
    back = act(rules, placed, EndPhase()).state
    assert any(u.uid == ship.uid and u.damage == 0 for u in back.spaces[zone].units)
    assert rules.active.get("s000-damaged-capital-ships").state_in(back) == Yard()


def test_state_of_an_unknown_rule_is_refused_on_load():
    rules = make_rules()
    data = state_to_json(evolve(start(rules), rule_state=(RuleSlot("s000-damaged-capital-ships", Yard()),)))
    data["rule_state"][0]["id"] = "no-such-rule"
    from axisallies_tui.codec import CodecError

    with pytest.raises(CodecError, match="no-such-rule"):
        state_from_json(data)


def test_a_rule_needing_a_base_option_refuses_it_switched_off():
    from axisallies_tui.houserules import _setting_problems
    from axisallies_tui.setup import catalogue

    spec = evolve(catalogue().by_id["s004-unit-light-carrier"], options=(("tech_development", True),))
    problems = _setting_problems(spec, {}, {"tech_development": False})
    assert problems == ["s004-unit-light-carrier needs the base option tech_development = True; it is set to False"]
    assert _setting_problems(spec, {}, {}) == []


def test_random_turns_refused_on_a_board_without_its_opening_power():
    with pytest.raises(SetupError, match="opening power 'atlantis'"):
        make_rules("s000-random-turns", params={"s000-random-turns": {"opening_power": "atlantis"}})


def test_rules_object_offers_phase_kinds_and_names():
    rules: Rules = make_rules()
    assert rules.phase_kind("purchase") == "purchase"
    assert rules.phase_name("combat_move") == "Combat move"


def test_every_declared_hook_has_a_method_and_every_method_is_declared():
    from axisallies_tui.engine.hooks import SPECS

    methods = {name for name, value in vars(HouseRule).items() if callable(value) and not name.startswith("_")}
    plumbing = {"initial_state", "state_in", "bind", "handle", "answer", "run_phase", "why_not_end_phase",
                "end_phase", "battle_step", "changes_battle"}
    assert set(SPECS) <= methods
    assert methods - plumbing - set(SPECS) == set()
