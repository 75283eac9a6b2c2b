"""Order of battles and raids in one territory (C-COMBAT-1, C-SBR-1, C-SBR-3).

Germany attacks Karelia (a Soviet complex and AA gun, one infantry) with a
tank from East Europe and raids it with the bomber from Germany. Both fights
are pending; the attacker picks which comes first, and the Soviet Union pays
for the raid whichever it is, because it owned the complex when the bombs fell.
"""

import pytest

from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.combat import BATTLE, RAID, Fight, pending_battles, pending_fights, raid_victim
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.legal import legal_actions
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.queries import owner
from axisallies_tui.headless import battles_json
from tests.helpers import act, at, clear, count, ipcs, make_rules, money, put, start


@pytest.fixture
def rules():
    return make_rules()


def raid_and_attack(rules, soviet_ipcs=24):
    """Conduct combat with both a battle and a raid pending in Karelia."""
    state = clear(rules, start(rules), "karelia_ssr")
    for unit in ("industrial_complex", "aa_gun", "infantry"):
        state = put(rules, state, "karelia_ssr", "ussr", unit)
    state = ipcs(rules, at(rules, state, "germany", "combat_move"), "ussr", soviet_ipcs)
    state = act(rules, state, Move(origin="germany", destination="karelia_ssr", units=(("bomber", 1),),
                                   path=("east_europe", "karelia_ssr"), raid=True), dice=[6]).state  # AA misses
    state = act(rules, state, Move(origin="east_europe", destination="karelia_ssr", units=(("armour", 1),))).state
    return act(rules, state, EndPhase()).state


def test_both_fights_are_pending_with_their_kind_and_both_are_legal(rules):
    state = raid_and_attack(rules)
    assert pending_fights(rules, state) == [("karelia_ssr", BATTLE), ("karelia_ssr", RAID)]
    assert pending_battles(rules, state) == ["karelia_ssr"]
    fights = [a for a in legal_actions(rules, state) if isinstance(a, Fight)]
    assert fights == [Fight(space="karelia_ssr", fight_kind=BATTLE), Fight(space="karelia_ssr", fight_kind=RAID)]
    assert battles_json(rules, state) == [
        {"space": "karelia_ssr", "kind": "battle", "under_way": False},
        {"space": "karelia_ssr", "kind": "raid", "under_way": False},
    ]


def test_battle_first_then_the_raid_is_still_paid_by_the_former_owner(rules):
    """The tank takes Karelia (complex and AA gun change hands); the raid that
    follows costs the Soviet Union, not Germany's own treasury."""
    state = raid_and_attack(rules)
    # the tank hits on 1; the infantry fires back 6 and misses
    state = act(rules, state, Fight(space="karelia_ssr", fight_kind=BATTLE), dice=[1, 6]).state
    assert owner(rules.board, state, "karelia_ssr") == "germany"
    assert count(rules, state, "karelia_ssr", "germany", "industrial_complex") == 1
    assert raid_victim(rules, state, "karelia_ssr") == "ussr"
    step = act(rules, state, Fight(space="karelia_ssr", fight_kind=RAID), dice=[5])
    assert (money(rules, step.state, "ussr"), money(rules, step.state, "germany")) == (24 - 5, 32)
    damage = next(e for e in step.events if e.kind == "raid_damage")
    assert (damage.victim, damage.amount, damage.ipcs) == ("ussr", 5, 19)
    assert pending_fights(rules, step.state) == []


def test_raid_first_then_the_battle(rules):
    state = raid_and_attack(rules)
    state = act(rules, state, Fight(space="karelia_ssr", fight_kind=RAID), dice=[3]).state
    assert money(rules, state, "ussr") == 24 - 3
    assert pending_fights(rules, state) == [("karelia_ssr", BATTLE)]
    state = act(rules, state, Fight(space="karelia_ssr", fight_kind=BATTLE), dice=[1, 6]).state
    assert owner(rules.board, state, "karelia_ssr") == "germany"
    assert (money(rules, state, "ussr"), money(rules, state, "germany")) == (21, 32)


def test_a_raid_after_capture_costs_no_more_than_the_former_owner_holds(rules):
    state = raid_and_attack(rules, soviet_ipcs=2)
    state = act(rules, state, Fight(space="karelia_ssr", fight_kind=BATTLE), dice=[1, 6]).state
    state = act(rules, state, Fight(space="karelia_ssr", fight_kind=RAID), dice=[6]).state
    assert (money(rules, state, "ussr"), money(rules, state, "germany")) == (0, 32)


def test_a_fight_without_a_kind_fights_the_battle_first_as_old_saves_did(rules):
    state = raid_and_attack(rules)
    state = act(rules, state, Fight(space="karelia_ssr"), dice=[1, 6]).state
    assert owner(rules.board, state, "karelia_ssr") == "germany"
    state = act(rules, state, Fight(space="karelia_ssr"), dice=[4]).state
    assert (money(rules, state, "ussr"), money(rules, state, "germany")) == (20, 32)


def test_a_fight_of_a_kind_not_pending_is_refused(rules):
    state = raid_and_attack(rules)
    state = act(rules, state, Fight(space="karelia_ssr", fight_kind=RAID), dice=[3]).state
    with pytest.raises(IllegalAction, match="no bombing raid"):
        act(rules, state, Fight(space="karelia_ssr", fight_kind=RAID))
    with pytest.raises(IllegalAction, match="'battle' or a 'raid'"):
        act(rules, state, Fight(space="karelia_ssr", fight_kind="dogfight"))


# -- retreats name their space by id -------------------------------------------------------


def retreat_asked(rules):
    """Two tanks from Ukraine against three infantry in the Caucasus; every die misses."""
    from tests.helpers import clear as empty

    state = empty(rules, empty(rules, start(rules), "caucasus"), "ukraine_ssr")
    state = put(rules, put(rules, state, "ukraine_ssr", "germany", "armour", 2), "caucasus", "ussr", "infantry", 3)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 2),))).state
    return act(rules, act(rules, state, EndPhase()).state, Fight(space="caucasus"), dice=[6, 6, 5, 5, 6]).state


def test_the_retreat_options_name_the_space_by_id_and_people_read_its_name(rules):
    from axisallies_tui.engine.actions import Answer
    from axisallies_tui.engine.combat import retreat_label

    state = retreat_asked(rules)
    assert state.pending.options == ("press on", "retreat to ukraine_ssr")
    assert retreat_label(rules.board, "retreat to ukraine_ssr") == "retreat to Ukraine S.S.R."
    step = act(rules, state, Answer("retreat to ukraine_ssr"))
    assert count(rules, step.state, "ukraine_ssr", "germany", "armour") == 2
    answered = next(e for e in step.events if e.kind == "decision_answered")
    assert answered.text(rules.board, rules.edition) == "Germany chooses retreat to Ukraine S.S.R."


def test_an_answer_from_an_old_save_naming_the_space_still_retreats_there(rules):
    from axisallies_tui.engine.actions import Answer

    after = act(rules, retreat_asked(rules), Answer("retreat to Ukraine S.S.R.")).state
    assert count(rules, after, "ukraine_ssr", "germany", "armour") == 2
    assert count(rules, after, "caucasus", "germany", "armour") == 0
    assert pending_battles(rules, after) == []


def test_a_raid_need_not_wait_for_the_sea_battle_that_the_landing_waits_for(rules):
    """C-COMBAT-1: the assault's sea battle comes before its land battle, but the
    raid on the same territory may be fought at any time."""
    from tests.helpers import clear as empty

    state = empty(rules, empty(rules, start(rules), "karelia_ssr"), "north_sea_zone")
    for unit in ("industrial_complex", "infantry"):
        state = put(rules, state, "karelia_ssr", "ussr", unit)
    state = put(rules, state, "karelia_sea_zone", "ussr", "submarine")
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="germany", destination="baltic_sea_zone", units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="karelia_sea_zone",
                                   units=(("transport", 1), ("submarine", 1)))).state
    state = act(rules, state, Move(origin="karelia_sea_zone", destination="karelia_ssr",
                                   units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="germany", destination="karelia_ssr", units=(("bomber", 1),),
                                   path=("east_europe", "karelia_ssr"), raid=True)).state
    state = act(rules, state, EndPhase()).state
    fights = [(a.space, a.fight_kind) for a in legal_actions(rules, state) if isinstance(a, Fight)]
    assert ("karelia_ssr", RAID) in fights and ("karelia_ssr", BATTLE) not in fights
    with pytest.raises(IllegalAction, match="sea battle in Karelia Sea Zone first"):
        act(rules, state, Fight(space="karelia_ssr", fight_kind=BATTLE))
    state = act(rules, state, Fight(space="karelia_ssr", fight_kind=RAID), dice=[2]).state
    assert money(rules, state, "ussr") == 24 - 2


def test_bombers_raid_a_complex_that_troops_took_in_the_combat_move_and_its_former_owner_pays(rules):
    """Karelia holds only its complex: the infantry takes it on entry (C-MOVE-2),
    after the bomber was sent to raid it. The combat move may still end, and the
    raid costs the Soviet Union."""
    state = put(rules, clear(rules, start(rules), "karelia_ssr"), "karelia_ssr", "ussr", "industrial_complex")
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="germany", destination="karelia_ssr", units=(("bomber", 1),),
                                   path=("east_europe", "karelia_ssr"), raid=True)).state
    state = act(rules, state, Move(origin="east_europe", destination="karelia_ssr", units=(("infantry", 1),))).state
    assert owner(rules.board, state, "karelia_ssr") == "germany"
    state = act(rules, state, EndPhase()).state
    assert pending_fights(rules, state) == [("karelia_ssr", RAID)]
    state = act(rules, state, Fight(space="karelia_ssr", fight_kind=RAID), dice=[4]).state
    assert (money(rules, state, "ussr"), money(rules, state, "germany")) == (24 - 4, 32)
