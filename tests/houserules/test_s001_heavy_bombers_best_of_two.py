"""s001-heavy-bombers-best-of-two against the classic Heavy Bombers development."""

from axisallies_tui.engine.actions import EndPhase
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.movement import Move
from tests.engine.test_combat import british_east_europe
from tests.helpers import act, at, clear, count, make_rules, money, put, techs

RULE = "s001-heavy-bombers-best-of-two"


def raid(rules, dice):
    state = put(rules, british_east_europe(rules), "east_europe", "uk", "bomber")
    state = techs(rules, at(rules, state, "uk", "combat_move"), "uk", "heavy_bombers")
    state = act(rules, state, Move(origin="east_europe", destination="germany", units=(("bomber", 1),), raid=True),
                dice=[3]).state  # the AA gun misses
    state = act(rules, state, EndPhase()).state
    return act(rules, state, Fight(space="germany"), dice=dice).state


def test_classic_heavy_bombers_add_three_dice_in_a_raid():
    """C-DEV-6: [2, 5, 6] costs Germany 13."""
    rules = make_rules()
    assert money(rules, raid(rules, [2, 5, 6]), "germany") == 32 - 13


def test_best_of_two_raids_for_the_better_die_plus_one():
    rules = make_rules(RULE)
    assert money(rules, raid(rules, [2, 5]), "germany") == 32 - 6


def attack_two_infantry(rules, dice):
    """A heavy bomber alone against two Soviet infantry in an emptied Caucasus."""
    state = clear(rules, british_east_europe(rules), "caucasus")
    state = put(rules, put(rules, state, "caucasus", "ussr", "infantry", 2), "ukraine_ssr", "germany", "bomber")
    state = techs(rules, at(rules, state, "germany", "combat_move"), "germany", "heavy_bombers")
    state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("bomber", 1),))).state
    state = act(rules, state, EndPhase()).state
    return act(rules, state, Fight(space="caucasus"), dice=dice)


def test_a_classic_heavy_bomber_can_hit_three_times():
    rules = make_rules()
    # three dice [1, 1, 6]: two hits, both infantry die (they fire back [6, 6] first)
    step = attack_two_infantry(rules, [1, 1, 6, 6, 6])
    assert count(rules, step.state, "caucasus", "ussr", "infantry") == 0


def test_best_of_two_scores_at_most_one_hit():
    rules = make_rules(RULE)
    # two dice [1, 1]: still one hit; the two infantry defend [6, 6]; then retreat is offered
    step = attack_two_infantry(rules, [1, 1, 6, 6])
    assert count(rules, step.state, "caucasus", "ussr", "infantry") == 1
    rolls = [e.values for e in step.events if e.kind == "dice_rolled" and e.purpose.startswith("attack")]
    assert rolls == [(1, 1)]


def test_a_defending_heavy_bomber_keeps_the_better_of_two():
    from axisallies_tui.engine.profiles import DEFENCE, profile

    rules = make_rules(RULE)
    defending = profile(rules, "germany", ["heavy_bombers"], "bomber", DEFENCE)
    assert (defending.value, defending.best_of) == (1, 2)
    assert abs(defending.hit_chance() - (1 - (5 / 6) ** 2)) < 1e-12
    assert profile(make_rules(), "germany", ["heavy_bombers"], "bomber", DEFENCE).best_of == 1
