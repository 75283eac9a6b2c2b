"""The engine says what a move would do, so interfaces never work it out."""

from __future__ import annotations

from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.preview import AMPHIBIOUS, BATTLE, preview
from tests.helpers import at, clear, make_rules, own, put, start


def _germany_moving():
    rules = make_rules()
    state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
    state = put(rules, state, "ukraine_ssr", "germany", "infantry", 3)
    state = put(rules, state, "caucasus", "ussr", "infantry", 1)
    return rules, at(rules, state, "germany", "combat_move")


def test_an_attack_says_it_starts_a_battle_and_gives_its_odds():
    rules, state = _germany_moving()
    seen = preview(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("infantry", 3),)),
                   with_odds=True)
    assert seen.ok and seen.battle == BATTLE and seen.path == ("caucasus",) and seen.how == "land"
    assert seen.moved == (("infantry", 3),)
    assert seen.odds is not None and seen.odds.method == "exact" and 0.5 < seen.odds.attacker_win < 1


def test_a_move_into_an_empty_enemy_territory_takes_it_without_a_battle():
    rules, state = _germany_moving()
    state = clear(rules, state, "caucasus")
    seen = preview(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("infantry", 1),)))
    assert seen.ok and seen.battle is None and seen.captures == ("caucasus",)


def test_a_refused_move_gives_the_engines_reason_and_changes_nothing():
    rules, state = _germany_moving()
    seen = preview(rules, state, Move(origin="ukraine_ssr", destination="moscow_russia", units=(("infantry", 1),)))
    assert not seen.ok and seen.problem
    assert seen.after is None


def test_a_landing_is_an_amphibious_assault():
    rules = make_rules()
    state = clear(rules, start(rules), "west_europe")
    state = put(rules, state, "west_europe", "germany", "infantry", 1)
    state = at(rules, state, "uk", "combat_move")
    load = Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 2),))
    from tests.helpers import act

    state = act(rules, state, load).state
    seen = preview(rules, state, Move(origin="north_sea_zone", destination="west_europe", units=(("infantry", 2),)))
    assert seen.ok and seen.battle == AMPHIBIOUS and seen.how == "unload"


def test_antiaircraft_fire_on_the_way_is_named_by_territory():
    rules, state = _germany_moving()
    state = own(rules, clear(rules, state, "caucasus"), "caucasus", "ussr")
    state = put(rules, put(rules, state, "caucasus", "ussr", "aa_gun"), "caucasus", "ussr", "infantry")
    state = put(rules, state, "ukraine_ssr", "germany", "fighter")
    seen = preview(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("fighter", 1),)))
    assert seen.ok and seen.anti_aircraft == ("caucasus",)


def test_troops_landing_from_a_zone_with_enemy_ships_make_an_amphibious_assault_after_the_sea_battle():
    """The troops wait offshore until the sea battle is won (C-COMBAT-1); the
    move is still an amphibious assault on the territory, not a quiet unload."""
    from tests.helpers import landing_behind_a_sub

    rules = make_rules()
    state = landing_behind_a_sub(rules)
    for target in ("west_europe", "finland_norway"):
        seen = preview(rules, state, Move(origin="north_sea_zone", destination=target, units=(("infantry", 2),)),
                       with_odds=True)
        assert seen.ok and seen.how == "unload"
        assert seen.battle == AMPHIBIOUS and seen.sea_battle_first == "north_sea_zone"
        assert seen.odds is None, "the landing's odds hang on the sea battle still to come"
