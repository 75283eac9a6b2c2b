"""s004-every-nation-for-itself: five sides, an empty map, one winner."""

import pytest

from axisallies_tui.engine.actions import Concede, EndPhase
from axisallies_tui.engine.combat import Fight, pending_battles
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.model import WAR
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner
from tests.helpers import act, at, clear, count, end_turn, make_rules, money, own, put, start
from tests.houserules.test_catalogue import check

RULE = "s004-every-nation-for-itself"
POWERS = ("ussr", "germany", "uk", "japan", "usa")


@pytest.fixture
def rules():
    return make_rules(RULE)


def held(rules, state):
    return {space.id: state.spaces[space.index].owner for space in rules.board.spaces if space.is_land}


def test_each_power_starts_with_its_capital_a_complex_and_its_money(rules):
    state = start(rules)
    capitals = {rules.board.power(p).capital: p for p in POWERS}
    assert {space: who for space, who in held(rules, state).items() if who} == capitals
    for space in rules.board.spaces:
        units = [(u.power, u.type) for u in state.spaces[space.index].units]
        assert units == ([(capitals[space.id], "industrial_complex")] if space.id in capitals else []), space.id
    assert {p: money(rules, state, p) for p in POWERS} == {"ussr": 20, "germany": 15, "uk": 30, "japan": 25, "usa": 10}
    assert state.power == "ussr"  # the standard order


def test_starting_money_is_a_parameter():
    rules = make_rules(RULE, params={RULE: {"start_germany": 40}})
    assert money(rules, start(rules), "germany") == 40


def test_every_power_is_a_side_of_its_own_at_war_with_all(rules):
    board = rules.board
    assert len(board.sides) == 5
    assert all(board.relation(a, b) == WAR for a in POWERS for b in POWERS if a != b)
    assert board.space("karelia_ssr").original_owner is None and not board.space("karelia_ssr").original_factory
    assert board.space("russia").original_owner == "ussr"


def soviet_armour(rules, phase="combat_move"):
    return at(rules, put(rules, start(rules), "russia", "ussr", "armour"), "ussr", phase)


def test_an_empty_unowned_territory_is_taken_on_entry_without_a_battle(rules):
    step = act(rules, soviet_armour(rules), Move(origin="russia", destination="karelia_ssr", units=(("armour", 1),)))
    assert owner(rules.board, step.state, "karelia_ssr") == "ussr"
    assert pending_battles(rules, step.state) == []
    # the move counts as an attack: the combat move may end (no battle to fight)
    assert act(rules, step.state, EndPhase()).state.phase == "noncombat_move"


def test_armour_takes_both_territories_it_drives_through(rules):
    step = act(rules, soviet_armour(rules), Move(origin="russia", destination="ukraine_ssr", units=(("armour", 1),),
                                                path=("karelia_ssr", "ukraine_ssr")))
    assert owner(rules.board, step.state, "karelia_ssr") == owner(rules.board, step.state, "ukraine_ssr") == "ussr"


def test_unowned_land_is_not_entered_in_the_noncombat_move_nor_landed_on(rules):
    with pytest.raises(IllegalAction, match="enemy territory"):
        act(rules, soviet_armour(rules, "noncombat_move"),
            Move(origin="russia", destination="karelia_ssr", units=(("armour", 1),)))
    state = at(rules, put(rules, start(rules), "russia", "ussr", "fighter"), "ussr", "noncombat_move")
    with pytest.raises(IllegalAction):
        act(rules, state, Move(origin="russia", destination="karelia_ssr", units=(("fighter", 1),)))


def test_troops_land_from_a_transport_on_unowned_land(rules):
    state = put(rules, start(rules), "north_sea_zone", "uk", "transport")
    state = put(rules, state, "united_kingdom", "uk", "infantry")
    state = at(rules, state, "uk", "combat_move")
    state = act(rules, state, Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 1),))).state
    state = act(rules, state, Move(origin="north_sea_zone", destination="finland_norway", units=(("infantry", 1),))).state
    assert owner(rules.board, state, "finland_norway") == "uk"


def test_neutrals_still_cost_the_fee_and_unowned_land_does_not(rules):
    state = put(rules, start(rules), "germany", "germany", "infantry", 2)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="germany", destination="switzerland", units=(("infantry", 1),))).state
    assert money(rules, state, "germany") == 15 - rules.edition.neutral_entry_cost
    state = act(rules, state, Move(origin="germany", destination="west_europe", units=(("infantry", 1),))).state
    assert money(rules, state, "germany") == 15 - rules.edition.neutral_entry_cost


def former_allies(rules):
    """Soviet armour in Karelia next to British infantry in Finland Norway."""
    state = clear(rules, clear(rules, start(rules), "karelia_ssr"), "finland_norway")
    state = own(rules, own(rules, state, "karelia_ssr", "ussr"), "finland_norway", "uk")
    state = put(rules, put(rules, state, "karelia_ssr", "ussr", "armour"), "finland_norway", "uk", "infantry")
    return at(rules, state, "ussr", "combat_move")


def test_the_soviet_union_may_attack_the_british_and_the_dice_decide(rules):
    state = act(rules, former_allies(rules), Move(origin="karelia_ssr", destination="finland_norway",
                                                  units=(("armour", 1),))).state
    assert pending_battles(rules, act(rules, state, EndPhase()).state) == ["finland_norway"]
    after = act(rules, act(rules, state, EndPhase()).state, Fight(space="finland_norway"), dice=[3, 6]).state
    assert owner(rules.board, after, "finland_norway") == "ussr"  # armour 3 hits, infantry 6 misses
    assert count(rules, after, "finland_norway", "uk", "infantry") == 0


def test_without_the_rule_the_british_are_allies_and_there_is_no_battle():
    """An ally's territory is no target: the combat move there is refused (C-MOVE-1)."""
    rules = make_rules()
    with pytest.raises(IllegalAction, match="a combat move must end in a battle: Finland Norway holds none"):
        act(rules, former_allies(rules), Move(origin="karelia_ssr", destination="finland_norway",
                                              units=(("armour", 1),)))


def test_a_battle_between_old_enemies_goes_as_usual(rules):
    """Soviet armour against German infantry: the rule changes nothing in the fight."""
    for rules_ in (rules, make_rules()):
        state = own(rules_, clear(rules_, start(rules_), "karelia_ssr"), "karelia_ssr", "ussr")
        state = own(rules_, clear(rules_, state, "ukraine_ssr"), "ukraine_ssr", "germany")
        state = put(rules_, put(rules_, state, "karelia_ssr", "ussr", "armour"), "ukraine_ssr", "germany", "infantry")
        state = act(rules_, at(rules_, state, "ussr", "combat_move"),
                    Move(origin="karelia_ssr", destination="ukraine_ssr", units=(("armour", 1),))).state
        after = act(rules_, act(rules_, state, EndPhase()).state, Fight(space="ukraine_ssr"), dice=[4, 2]).state
        assert owner(rules_.board, after, "ukraine_ssr") == "germany"  # armour misses; infantry hits
        assert count(rules_, after, "ukraine_ssr", "ussr", "armour") == 0


def everything_to(rules, state, power, but=()):
    for space in rules.board.spaces:
        if space.is_land and space.id not in but:
            state = own(rules, clear(rules, state, space.id), space.id, power)
    return state


def test_holding_every_land_territory_wins_at_the_end_of_the_turn(rules):
    state = at(rules, everything_to(rules, start(rules), "germany"), "germany", "research")
    state = end_turn(rules, state).state
    assert state.result is not None and state.result.winner == rules.board.side_of("germany")
    assert "Germany holds every territory" in state.result.reason


def test_one_neutral_left_is_not_everything(rules):
    state = everything_to(rules, start(rules), "germany", but=("sweden", "russia"))
    state = own(rules, state, "sweden", None)
    state = put(rules, own(rules, state, "russia", "ussr"), "russia", "ussr", "infantry")
    state = end_turn(rules, at(rules, state, "germany", "research")).state
    assert state.result is None


def test_the_last_power_left_wins(rules):
    state = start(rules)
    for power in ("ussr", "uk", "japan", "usa"):
        capital = rules.board.power(power).capital
        state = own(rules, clear(rules, state, capital), capital, "germany")
    state = end_turn(rules, at(rules, state, "germany", "research")).state
    assert state.result is not None and "Germany is the last power left" in state.result.reason


def test_a_concession_puts_one_power_out_and_the_game_goes_on(rules):
    state = act(rules, at(rules, start(rules), "ussr", "research"), Concede()).state
    assert state.eliminated == ("ussr",) and state.result is None and state.power == "germany"
    for power in ("germany", "uk", "japan"):
        state = act(rules, at(rules, state, power, "research"), Concede()).state
    assert state.result is not None and state.result.winner == rules.board.side_of("usa")


def test_the_editions_economic_victory_does_not_apply(rules):
    """Germany earning 84 and more: an Axis win in the edition, nothing here."""
    plain = make_rules()
    for rules_, expected in ((plain, "axis"), (rules, None)):
        state = everything_to(rules_, start(rules_), "germany", but=("russia", "east_us", "united_kingdom", "japan"))
        for power in ("ussr", "usa", "uk", "japan"):
            state = own(rules_, state, rules_.board.power(power).capital, power)
        state = end_turn(rules_, at(rules_, state, "usa", "research")).state
        assert (state.result.winner if state.result else None) == expected


def test_ally_only_rules_are_refused_with_it():
    for other in ("s004-loaning-money", "s004-lend-lease-units", "s000-adv-ussr-economic-support",
                  "s000-capital-capture", "s000-player-advantages", "s000-tech-enemy-code", "s000-victory-conditions"):
        problems = check(RULE, other)
        assert any("conflicts" in p or "alternatives" in p for p in problems), other


def test_a_complex_built_on_an_old_complex_site_is_an_ordinary_new_one(rules):
    """Karelia had a Soviet complex in the normal game; here it is ordinary land:
    a complex built there places up to its value, not without limit."""
    from axisallies_tui.engine.dice import ScriptedDice
    from axisallies_tui.engine.economy import factory_capacity
    from axisallies_tui.engine.tx import Tx

    state = put(rules, own(rules, start(rules), "karelia_ssr", "ussr"), "karelia_ssr", "ussr", "industrial_complex")
    tx = Tx(rules, state, ScriptedDice([]))
    assert factory_capacity(tx, "karelia_ssr", "ussr") == rules.board.space("karelia_ssr").ipc
    assert factory_capacity(tx, "russia", "ussr") is None
    plain = make_rules()
    assert factory_capacity(Tx(plain, start(plain), ScriptedDice([])), "karelia_ssr", "ussr") is None
