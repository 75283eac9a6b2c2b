"""Battles with scripted dice on the classic board (base rules section 8)."""

import pytest
from attrs import evolve

from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.combat import Fight, pending_battles
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner, units_in
from tests.helpers import act, at, clear, count, make_rules, money, own, put, start


@pytest.fixture
def rules():
    return make_rules()


def combat(rules, state):
    """From the combat move into conduct combat (no dice there)."""
    return act(rules, state, EndPhase()).state


def board_with(rules, *placements, power="germany"):
    """An empty Caucasus and Ukraine, then the listed units; `power` to move."""
    state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
    for space, who, unit, n in placements:
        state = put(rules, state, space, who, unit, n)
    return at(rules, state, power, "combat_move")


def test_armour_against_infantry_one_round_each_hits(rules):
    """C-COMBAT 8.2: attacker fires (armour hits on 3), defender chooses, fires back (infantry on 2)."""
    state = board_with(rules, ("ukraine_ssr", "germany", "armour", 2), ("caucasus", "ussr", "infantry", 1))
    state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 2),))).state
    state = combat(rules, state)
    assert pending_battles(rules, state) == ["caucasus"]
    # armour dice 3 and 5: one hit; the only defender dies but fires first: 2 is a hit
    step = act(rules, state, Fight(space="caucasus"), dice=[3, 5, 2])
    after = step.state
    assert owner(rules.board, after, "caucasus") == "germany"
    assert count(rules, after, "caucasus", "germany", "armour") == 1
    assert [e.kind for e in step.events][-2:] == ["battle_ended", "territory_captured"]
    # the feed says each thing once: who won the battle, then what changed hands
    said = [e.describe(rules.board, rules.edition) for e in step.events[-2:]]
    assert said == ["Germany wins the battle for Caucasus.", "Germany captures Caucasus from Soviet Union."]


def test_the_defender_chooses_casualties_with_a_cheapest_first_default(rules):
    """C-COMBAT-3: a hit on infantry plus fighter is the defender's choice."""
    state = board_with(rules, ("ukraine_ssr", "germany", "armour", 1),
                       ("caucasus", "ussr", "infantry", 1), ("caucasus", "ussr", "fighter", 1))
    state = combat(rules, act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 1),))).state)
    waiting = act(rules, state, Fight(space="caucasus"), dice=[1]).state
    assert waiting.pending.power == "ussr"
    assert waiting.pending.default == "infantry=1"
    assert set(waiting.pending.options) == {"infantry=1", "fighter=1"}
    with pytest.raises(IllegalAction):
        act(rules, waiting, EndPhase())
    # the Soviets keep their fighter; both defenders fire: infantry 6 misses, fighter 4 hits
    step = act(rules, waiting, Answer("infantry=1"), dice=[6, 4])
    assert count(rules, step.state, "caucasus", "ussr", "fighter") == 1
    assert count(rules, step.state, "caucasus", "germany", "armour") == 0
    assert owner(rules.board, step.state, "caucasus") == "ussr"


def test_the_attacker_may_retreat_to_where_it_came_from(rules):
    """C-RETREAT-2: back to Ukraine, all together."""
    state = board_with(rules, ("ukraine_ssr", "germany", "armour", 2), ("caucasus", "ussr", "infantry", 3))
    state = combat(rules, act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 2),))).state)
    state = act(rules, state, Fight(space="caucasus"), dice=[6, 6, 5, 5, 6]).state
    assert state.pending.kind == "retreat"
    assert state.pending.options == ("press on", "retreat to ukraine_ssr")
    step = act(rules, state, Answer("retreat to ukraine_ssr"))
    after = step.state
    assert count(rules, after, "ukraine_ssr", "germany", "armour") == 2
    assert after.battle is None and pending_battles(rules, after) == []
    said = [e.text(rules.board, rules.edition) for e in step.events if e.kind == "retreated"]
    assert said == ["Germany retreats 2 × armour from Caucasus to Ukraine S.S.R."]  # the feed says who went


def test_a_retreat_with_aircraft_says_where_each_went(rules):
    """C-RETREAT-2: the armour go back to Ukraine; the fighter leaves the battle
    but stays over Caucasus until it lands in the non-combat move."""
    state = board_with(rules, ("ukraine_ssr", "germany", "armour", 2), ("ukraine_ssr", "germany", "fighter", 1),
                       ("caucasus", "ussr", "infantry", 3))
    for unit, n in (("armour", 2), ("fighter", 1)):
        state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=((unit, n),))).state
    state = act(rules, combat(rules, state), Fight(space="caucasus"), dice=[6, 6, 6, 5, 5, 5]).state
    step = act(rules, state, Answer("retreat to ukraine_ssr"))
    assert count(rules, step.state, "ukraine_ssr", "germany", "armour") == 2
    assert count(rules, step.state, "caucasus", "germany", "fighter") == 1
    said = [e.text(rules.board, rules.edition) for e in step.events if e.kind in ("retreated", "battle_ended")]
    assert said == ["Germany retreats 2 × armour from Caucasus to Ukraine S.S.R.; 1 fighter leaves the battle, "
                    "to land in the non-combat move.", "The battle for Caucasus is over: Germany has withdrawn."]


def test_aircraft_alone_do_not_capture(rules):
    """C-COMBAT-END-3."""
    state = board_with(rules, ("ukraine_ssr", "germany", "fighter", 1), ("caucasus", "ussr", "infantry", 1))
    state = combat(rules, act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("fighter", 1),))).state)
    after = act(rules, state, Fight(space="caucasus"), dice=[2, 6]).state
    assert owner(rules.board, after, "caucasus") == "ussr"
    assert count(rules, after, "caucasus", "ussr", "infantry") == 0


def test_both_sides_destroyed_the_defender_keeps_the_territory(rules):
    """C-COMBAT-END-2."""
    state = board_with(rules, ("ukraine_ssr", "germany", "armour", 1), ("caucasus", "ussr", "infantry", 1))
    state = combat(rules, act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 1),))).state)
    after = act(rules, state, Fight(space="caucasus"), dice=[1, 1]).state
    assert owner(rules.board, after, "caucasus") == "ussr"
    assert not units_in(rules.board, after, "caucasus")


def test_a_submarine_strike_removes_a_ship_before_it_fires(rules):
    """C-COMBAT-SUB: the German submarine's hit sinks the British transport at once."""
    state = put(rules, start(rules), "baltic_sea_zone", "germany", "submarine")
    state = clear(rules, state, "north_sea_zone")
    state = put(rules, state, "north_sea_zone", "uk", "transport")
    state = put(rules, state, "north_sea_zone", "uk", "fighter")
    state = put(rules, state, "north_sea_zone", "uk", "carrier")
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=(("submarine", 1),))).state
    state = combat(rules, state)
    waiting = act(rules, state, Fight(space="north_sea_zone"), dice=[2]).state
    assert waiting.pending.kind == "sub_casualties"
    assert "fighter" not in waiting.pending.default and set(waiting.pending.options) == {"carrier=1", "transport=1"}
    # the transport goes down before firing: only carrier (3) and fighter (4) defend: 6, 6
    after = act(rules, waiting, Answer("transport=1"), dice=[6, 6])
    defence = [e for e in after.events if e.kind == "dice_rolled" and e.purpose.startswith("defence")]
    assert len(defence[0].values) == 2
    assert count(rules, after.state, "north_sea_zone", "uk", "transport") == 0


def british_east_europe(rules):
    """A British-held, empty East Europe next to Germany (a test position)."""
    return own(rules, clear(rules, start(rules), "east_europe"), "east_europe", "uk")


def test_aa_fire_two_bombers_over_germany_lose_one(rules):
    """C-AA-3 (checklist): with dice [1, 4], two bombers entering Germany lose exactly one."""
    state = put(rules, british_east_europe(rules), "east_europe", "uk", "bomber", 2)
    state = at(rules, state, "uk", "combat_move")
    step = act(rules, state, Move(origin="east_europe", destination="germany", units=(("bomber", 2),), raid=True),
               dice=[1, 4])
    assert count(rules, step.state, "germany", "uk", "bomber") == 1
    lost = [e for e in step.events if e.kind == "casualties"]
    assert [(e.destroyed, e.note) for e in lost] == [((("bomber", 1),), "antiaircraft fire")]
    assert step.state.undo == (), "dice were rolled: the move cannot be taken back"


def test_aa_fire_takes_aircraft_in_the_order_their_owner_gave(rules):
    """C-AA-3: one hit; by default the cheaper fighter goes, but the owner may give up the bomber."""
    state = put(rules, british_east_europe(rules), "east_europe", "uk", "bomber")
    state = put(rules, state, "east_europe", "uk", "fighter")
    state = at(rules, state, "uk", "combat_move")
    cheapest = act(rules, state, Move(origin="east_europe", destination="germany",
                                      units=(("bomber", 1), ("fighter", 1))), dice=[1, 6]).state
    assert (count(rules, cheapest, "germany", "uk", "fighter"), count(rules, cheapest, "germany", "uk", "bomber")) == (0, 1)
    chosen = act(rules, state, Move(origin="east_europe", destination="germany", units=(("bomber", 1), ("fighter", 1)),
                                    aa_order=("bomber",)), dice=[1, 6]).state
    assert (count(rules, chosen, "germany", "uk", "fighter"), count(rules, chosen, "germany", "uk", "bomber")) == (1, 0)


def test_aa_guns_fire_at_overflights_too(rules):
    """C-AA-2: flying over West Europe's AA gun on the way draws fire there as well."""
    state = own(rules, clear(rules, start(rules), "spain"), "spain", "uk")
    state = put(rules, state, "spain", "uk", "bomber")
    state = at(rules, state, "uk", "combat_move")
    step = act(rules, state, Move(origin="spain", destination="germany", units=(("bomber", 1),),
                                  path=("west_europe", "germany"), raid=True), dice=[5, 1])
    rolls = [(e.purpose, e.space) for e in step.events if e.kind == "dice_rolled"]
    assert rolls == [("antiaircraft fire in West Europe at 1 bomber", "west_europe"),
                     ("antiaircraft fire in Germany at 1 bomber", "germany")]
    assert count(rules, step.state, "germany", "uk", "bomber") == 0


def test_strategic_bombing_raid_with_heavy_bombers(rules):
    """C-DEV-6 (checklist): a heavy bomber raid with dice [2, 5, 6] costs the target 13."""
    from tests.helpers import techs

    state = put(rules, start(rules), "east_europe", "uk", "bomber")
    state = techs(rules, at(rules, state, "uk", "combat_move"), "uk", "heavy_bombers")
    state = act(rules, state, Move(origin="east_europe", destination="germany", units=(("bomber", 1),), raid=True),
                dice=[3]).state  # Germany's AA gun misses
    state = combat(rules, state)
    step = act(rules, state, Fight(space="germany"), dice=[2, 5, 6])
    assert money(rules, step.state, "germany") == 32 - 13


def test_a_battleship_bombards_one_landing_a_turn(rules):
    """C-AMPH-4: once used, the same battleship does not bombard a second landing."""
    from axisallies_tui.engine.combat import bombarding_ships

    state = at(rules, start(rules), "uk", "combat_move")
    state = act(rules, state, Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="north_sea_zone", destination="west_europe", units=(("infantry", 2),))).state
    ships = bombarding_ships(rules, state, "west_europe")
    assert [u.type for u in ships] == ["battleship"]
    used = evolve(state, turn=evolve(state.turn, marks=(f"bombarded:{ships[0].uid}",)))
    assert bombarding_ships(rules, used, "west_europe") == []


def test_the_feed_matches_every_die_to_what_rolled_it(rules):
    """Issue 13, item 1: "3 infantry @1: ..." per group, in the order the dice were read."""
    from axisallies_tui.engine.events import DiceRolled

    rolled = DiceRolled(power="germany", purpose="attack, round 1", values=(2, 5, 1, 4, 6), hits=2,
                        shooters=(("infantry", 3, 1, 1), ("armour", 2, 3, 1)))
    assert rolled.text(rules.board, rules.edition) == (
        "Germany rolls for attack, round 1: 3 × infantry @1: [2][5][1]; 2 × armour @3: [4][6] → 2 hits")
    aa = DiceRolled(power="germany", purpose="antiaircraft fire in Germany at 2 fighters", values=(1, 4), hits=1,
                    space="germany", shooters=(("aa_gun", 1, 1, 2),))
    assert aa.text(rules.board, rules.edition).endswith("at 2 fighters: 1 antiaircraft gun @1: [1][4] → 1 hit")
