"""Purchase, placement and income (base rules sections 6, 10, 11)."""

import pytest

from axisallies_tui.engine.actions import EndPhase, Place, Purchase, ReturnPurchase
from axisallies_tui.engine.errors import IllegalAction
from tests.helpers import act, at, count, ipcs, make_rules, money, own, put, start, taken, techs


@pytest.fixture
def rules():
    return make_rules()


def buy(rules, state, *items):
    for unit, n in items:
        state = act(rules, state, Purchase(unit=unit, count=n)).state
    return state


def test_purchase_spends_ipcs_and_refuses_what_cannot_be_paid(rules):
    """C-BUY-1: Germany holds 32 at the start."""
    state = at(rules, start(rules), "germany", "purchase")
    state = buy(rules, state, ("armour", 4))
    assert money(rules, state, "germany") == 12
    with pytest.raises(IllegalAction, match="cost 15 IPCs; you have 12"):
        act(rules, state, Purchase(unit="infantry", count=5))
    assert money(rules, state, "germany") == 12


def test_units_can_be_named_by_common_abbreviations(rules):
    state = at(rules, start(rules), "germany", "purchase")
    state = act(rules, state, Purchase(unit="tank", count=1)).state
    state = act(rules, state, Purchase(unit="inf", count=2)).state
    assert dict(state.powers[1].unplaced) == {"armour": 1, "infantry": 2}


def test_a_purchase_can_be_returned_for_a_full_refund_during_the_phase(rules):
    state = at(rules, start(rules), "germany", "purchase")
    state = buy(rules, state, ("battleship", 1))
    state = act(rules, state, ReturnPurchase(unit="battleship")).state
    assert money(rules, state, "germany") == 32
    assert state.powers[1].unplaced == ()


def test_industrial_technology_lowers_prices_in_the_same_turn(rules):
    """C-DEV-5: with Industrial Technology, one battleship costs 23."""
    state = techs(rules, at(rules, start(rules), "germany", "purchase"), "germany", "industrial_technology")
    state = buy(rules, state, ("battleship", 1))
    assert money(rules, state, "germany") == 32 - 23


def test_a_power_whose_capital_is_held_by_the_enemy_skips_purchase(rules):
    """C-BUY-3: no purchases while the capital is enemy-held; income is still collected (C-INCOME-2)."""
    state = own(rules, start(rules), "russia", "germany")
    state = at(rules, state, "ussr", "research")
    step = act(rules, state, EndPhase())
    skipped = [e for e in step.events if e.kind == "phase_skipped"]
    assert skipped and "capital Russia is held by the enemy" in skipped[0].reason
    assert step.state.phase == "combat_move"
    with pytest.raises(IllegalAction, match="held by the enemy"):
        act(rules, at(rules, state, "ussr", "purchase"), Purchase(unit="infantry"))


def test_income_while_the_capital_is_lost_follows_the_option():
    """C-INCOME-2: default collect-but-cannot-spend; option `none` as in Revised."""
    for option, expected in (("collect", 16), ("none", 0)):
        rules = make_rules(options={"capital_lost_income": option})
        state = ipcs(rules, own(rules, start(rules), "russia", "germany"), "ussr", 0)
        state = at(rules, state, "ussr", "place")
        state = act(rules, state, EndPhase()).state
        assert money(rules, state, "ussr") == expected  # 24 less Russia's 8


def test_germany_may_place_twenty_infantry_in_germany(rules):
    """C-PLACE-4: an original complex held by its original owner has no limit."""
    state = ipcs(rules, at(rules, start(rules), "germany", "purchase"), "germany", 60)
    state = buy(rules, state, ("infantry", 20))
    state = at(rules, state, "germany", "place")
    state = act(rules, state, Place(unit="infantry", space="germany", count=20)).state
    assert count(rules, state, "germany", "germany", "infantry") == 20 + 4


def test_a_captured_complex_places_at_most_its_territory_value(rules):
    """C-PLACE-4: Germany holding Karelia S.S.R. (value 3) from an earlier turn may place 3 there."""
    state = taken(rules, start(rules), "karelia_ssr", "germany")
    state = ipcs(rules, at(rules, state, "germany", "purchase"), "germany", 60)
    state = buy(rules, state, ("infantry", 4))
    state = at(rules, state, "germany", "place")
    with pytest.raises(IllegalAction, match="may place 3 more"):
        act(rules, state, Place(unit="infantry", space="karelia_ssr", count=4))
    state = act(rules, state, Place(unit="infantry", space="karelia_ssr", count=3)).state
    with pytest.raises(IllegalAction, match="placed all 3 units"):
        act(rules, state, Place(unit="infantry", space="karelia_ssr"))


def test_a_complex_retaken_by_its_original_owner_is_unlimited_again(rules):
    """C-PLACE-4: Russians retaking Karelia S.S.R. place without limit."""
    state = ipcs(rules, at(rules, start(rules), "ussr", "purchase"), "ussr", 60)
    state = buy(rules, state, ("infantry", 10))
    state = at(rules, state, "ussr", "place")
    state = act(rules, state, Place(unit="infantry", space="karelia_ssr", count=10)).state
    assert count(rules, state, "karelia_ssr", "ussr", "infantry") >= 10


def test_a_complex_built_in_india_allows_three_units_a_turn_from_the_next_turn(rules):
    """C-PLACE-4/5, C-PLACE-2: a British complex in India (value 3)."""
    state = at(rules, start(rules), "uk", "purchase")
    state = buy(rules, state, ("industrial_complex", 1), ("infantry", 1))
    state = at(rules, state, "uk", "place")
    state = act(rules, state, Place(unit="industrial_complex", space="india")).state
    with pytest.raises(IllegalAction, match="built this turn"):
        act(rules, state, Place(unit="infantry", space="india"))
    state = ipcs(rules, at(rules, state, "uk", "purchase", round=2), "uk", 30)
    state = buy(rules, state, ("infantry", 4))
    state = at(rules, state, "uk", "place")
    state = act(rules, state, Place(unit="infantry", space="india", count=3)).state
    with pytest.raises(IllegalAction, match="placed all 3"):
        act(rules, state, Place(unit="infantry", space="india"))


def test_no_complex_in_a_territory_worth_nothing(rules):
    """C-PLACE-5: Gibraltar is worth 0 IPCs."""
    state = buy(rules, at(rules, start(rules), "uk", "purchase"), ("industrial_complex", 1))
    state = at(rules, state, "uk", "place")
    with pytest.raises(IllegalAction, match="worth 0 IPCs"):
        act(rules, state, Place(unit="industrial_complex", space="gibraltar"))


def test_only_four_complexes_may_be_built_in_a_game():
    """C-BUY-4: the component limit, on by default; 0 switches it off."""
    rules = make_rules()
    state = ipcs(rules, at(rules, start(rules), "usa", "purchase"), "usa", 200)
    state = buy(rules, state, ("industrial_complex", 4))
    with pytest.raises(IllegalAction, match="only 4 industrial complexes"):
        act(rules, state, Purchase(unit="industrial_complex"))
    unlimited = make_rules(options={"max_built_complexes": 0})
    state = ipcs(unlimited, at(unlimited, start(unlimited), "usa", "purchase"), "usa", 200)
    assert money(unlimited, buy(unlimited, state, ("industrial_complex", 5)), "usa") == 200 - 75


def test_ships_go_to_a_sea_zone_next_to_a_complex_and_fighters_never_at_sea(rules):
    """C-PLACE-3: a new fighter may not be placed on a (new) carrier."""
    state = ipcs(rules, at(rules, start(rules), "japan", "purchase"), "japan", 60)
    state = buy(rules, state, ("carrier", 2), ("fighter", 1))
    state = at(rules, state, "japan", "place")
    before = count(rules, state, "japan_sea_zone", "japan", "carrier")
    state = act(rules, state, Place(unit="carrier", space="japan_sea_zone")).state
    with pytest.raises(IllegalAction, match="not at sea"):
        act(rules, state, Place(unit="fighter", space="japan_sea_zone"))
    with pytest.raises(IllegalAction, match="does not border a complex"):
        act(rules, state, Place(unit="carrier", space="solomon_islands_sea_zone"))
    assert count(rules, state, "japan_sea_zone", "japan", "carrier") == before + 1


def test_no_ships_placed_into_a_sea_zone_holding_enemy_units(rules):
    state = put(rules, start(rules), "japan_sea_zone", "usa", "submarine")
    state = buy(rules, at(rules, state, "japan", "purchase"), ("transport", 1))
    state = at(rules, state, "japan", "place")
    with pytest.raises(IllegalAction, match="holds enemy units"):
        act(rules, state, Place(unit="transport", space="japan_sea_zone"))


def test_one_aa_gun_per_territory(rules):
    """C-AA-4: Germany already has an AA gun in Germany."""
    state = buy(rules, at(rules, start(rules), "germany", "purchase"), ("aa_gun", 1))
    state = at(rules, state, "germany", "place")
    with pytest.raises(IllegalAction, match="only one is allowed"):
        act(rules, state, Place(unit="aa_gun", space="germany"))


def test_units_not_placed_are_lost_when_the_phase_ends(rules):
    """C-PLACE-6."""
    state = buy(rules, at(rules, start(rules), "germany", "purchase"), ("infantry", 2))
    state = at(rules, state, "germany", "place")
    step = act(rules, state, EndPhase())
    lost = [e for e in step.events if e.kind == "units_lost"]
    assert [(e.unit, e.count) for e in lost] == [("infantry", 2)]
    assert step.state.powers[1].unplaced == ()


def test_a_complex_captured_this_turn_cannot_produce(rules):
    """C-PLACE-2."""
    from attrs import evolve

    state = taken(rules, start(rules), "karelia_ssr", "germany")
    state = buy(rules, at(rules, state, "germany", "purchase"), ("infantry", 1))
    state = at(rules, state, "germany", "place")
    state = evolve(state, turn=evolve(state.turn, captured=("karelia_ssr",)))
    with pytest.raises(IllegalAction, match="captured this turn"):
        act(rules, state, Place(unit="infantry", space="karelia_ssr"))
