"""s004-unit-destroyer: 1/1 at sea, 2/2 against nothing but subs; enemy subs lose
their surprise strike; it bombards at 1."""


from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.battle_odds import odds_for_battle
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.odds import battle_odds
from axisallies_tui.engine.profiles import Profile
from axisallies_tui.engine.queries import owner
from tests.helpers import act, at, clear, count, make_rules, put, start

RULE = "s004-unit-destroyer"


def sea_attack(rules, attackers, defenders):
    """Germany attacks the North Sea from the Baltic; both zones emptied first."""
    state = clear(rules, clear(rules, start(rules), "baltic_sea_zone"), "north_sea_zone")
    for unit, n in attackers:
        state = put(rules, state, "baltic_sea_zone", "germany", unit, n)
    for unit, n in defenders:
        state = put(rules, state, "north_sea_zone", "uk", unit, n)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="baltic_sea_zone", destination="north_sea_zone", units=tuple(attackers))).state
    return act(rules, state, EndPhase()).state


def test_the_destroyer_is_bought_at_its_price():
    rules = make_rules(RULE)
    assert rules.edition.unit("destroyer").cost == 8
    assert make_rules(RULE, params={RULE: {"cost": 9}}).edition.unit("destroyer").cost == 9


def test_against_a_lone_sub_it_attacks_at_2():
    rules = make_rules(RULE)
    # the destroyer rolls [2]: a hit at 2; the sub has no surprise strike and fires back [6]
    step = act(rules, sea_attack(rules, [("destroyer", 1)], [("submarine", 1)]), Fight(space="north_sea_zone"), dice=[2, 6])
    assert count(rules, step.state, "north_sea_zone", "uk", "submarine") == 0


def test_against_a_sub_and_a_transport_it_stays_at_1():
    rules = make_rules(RULE)
    # [2] misses at 1; the sub [6] and the transport [6] miss
    state = act(rules, sea_attack(rules, [("destroyer", 1)], [("submarine", 1), ("transport", 1)]),
                Fight(space="north_sea_zone"), dice=[2, 6, 6]).state
    assert state.pending.kind == "retreat"
    assert count(rules, state, "north_sea_zone", "uk", "submarine") == 1


def test_a_sub_facing_a_destroyer_loses_its_surprise_strike():
    rules = make_rules(RULE)
    # the sub's [1] is an ordinary attack hit: the victim is chosen and fires back
    state = act(rules, sea_attack(rules, [("submarine", 1)], [("destroyer", 1), ("transport", 1)]),
                Fight(space="north_sea_zone"), dice=[1]).state
    assert state.pending.kind == "defender_casualties"
    # the doomed destroyer defends at 2 (it faces only a sub) [2]; the transport [6]
    state = act(rules, state, Answer("destroyer=1"), dice=[2, 6]).state
    assert count(rules, state, "north_sea_zone", "germany", "submarine") == 0


def test_a_sub_strike_is_unchanged_without_a_destroyer():
    rules = make_rules(RULE)
    state = act(rules, sea_attack(rules, [("submarine", 1)], [("carrier", 1), ("transport", 1)]),
                Fight(space="north_sea_zone"), dice=[1]).state
    assert state.pending.kind == "sub_casualties"


def test_only_subs_is_judged_as_the_round_begins():
    rules = make_rules(RULE)
    state = sea_attack(rules, [("destroyer", 1), ("submarine", 1)], [("submarine", 1), ("transport", 1)])
    # round 1: the German sub strikes [1] and sinks the transport; the destroyer
    # still fights at 1 this round [2]: a miss; the British sub [6]
    state = act(rules, state, Fight(space="north_sea_zone"), dice=[1]).state
    state = act(rules, state, Answer("transport=1"), dice=[2, 6]).state
    assert count(rules, state, "north_sea_zone", "uk", "submarine") == 1
    # round 2: only a sub faces it: the sub strike [6] misses, the destroyer [2] hits
    state = act(rules, state, Answer("press on"), dice=[6, 2, 6]).state
    assert count(rules, state, "north_sea_zone", "uk", "submarine") == 0



def test_an_attacking_sub_facing_a_destroyer_may_not_retreat():
    rules = make_rules(RULE)
    state = act(rules, sea_attack(rules, [("submarine", 1), ("carrier", 1)], [("destroyer", 1), ("battleship", 1)]),
                Fight(space="north_sea_zone"), dice=[6, 6, 6, 6]).state
    assert state.pending.kind == "retreat"
    # the carrier goes; the sub must fight round 2 alone: attack [6], defence [1, 6] sinks it
    state = act(rules, state, Answer(next(o for o in state.pending.options if o.startswith("retreat to"))),
                dice=[6, 1, 6]).state
    assert count(rules, state, "baltic_sea_zone", "germany", "carrier") == 1
    assert count(rules, state, "baltic_sea_zone", "germany", "submarine") == 0
    assert state.battle is None


def landing(rules):
    """Two British infantry land in West Europe from the North Sea, where a British
    destroyer waits to bombard; one German infantry holds it."""
    state = clear(rules, clear(rules, start(rules), "west_europe"), "north_sea_zone")
    state = put(rules, state, "west_europe", "germany", "infantry", 1)
    state = put(rules, state, "north_sea_zone", "uk", "transport", 1)
    state = put(rules, state, "north_sea_zone", "uk", "destroyer", 1)
    state = at(rules, state, "uk", "combat_move")
    state = act(rules, state, Move(origin="united_kingdom", destination="north_sea_zone", units=(("infantry", 2),))).state
    state = act(rules, state, Move(origin="north_sea_zone", destination="west_europe", units=(("infantry", 2),))).state
    return act(rules, state, EndPhase()).state


def test_it_bombards_at_1():
    rules = make_rules(RULE)
    # bombardment [1] hits; the infantry fire [6, 6]; the doomed defender fires back [6]
    step = act(rules, landing(rules), Fight(space="west_europe"), dice=[1, 6, 6, 6])
    assert owner(rules.board, step.state, "west_europe") == "uk"


def test_its_bombardment_misses_on_2():
    rules = make_rules(RULE)
    # bombardment [2] misses; attack [6, 6]; defence [6]: no retreat from a landing, round 2 [1, 6], [6]
    step = act(rules, landing(rules), Fight(space="west_europe"), dice=[2, 6, 6, 6, 1, 6, 6])
    assert owner(rules.board, step.state, "west_europe") == "uk"
    assert len([e for e in step.events if e.kind == "dice_rolled"]) == 5


def test_odds_are_simulated_and_favour_the_destroyer_hunting_a_sub():
    """Against its plain numbers (a 1/1 ship, exactly computed), the destroyer
    at 2 with the sub's surprise strike gone wins more often."""
    rules = make_rules(RULE)
    odds = odds_for_battle(rules, sea_attack(rules, [("destroyer", 1)], [("submarine", 1)]), "north_sea_zone")
    plain = battle_odds([(Profile(unit="destroyer", domain="sea", value=1, cost=8), 1)],
                        [(Profile(unit="submarine", domain="sea", value=2, cost=8, sea_targets_only=True), 1)],
                        land_battle=False)
    assert odds.method == "simulated"
    assert odds.attacker_win > plain.attacker_win + 2 * odds.margin


def test_without_submarines_its_battles_have_exact_odds():
    """A destroyer against a transport: no submarine, so nothing the rule changes
    is in play, and the odds are exact, from its numbers (1 at sea)."""
    from axisallies_tui.engine.simulate import simulated_odds

    rules = make_rules(RULE)
    battle = sea_attack(rules, [("destroyer", 1)], [("transport", 1)])
    fought = simulated_odds(rules, battle, "north_sea_zone", trials=400)  # the engine's own battle agrees
    odds = odds_for_battle(rules, battle, "north_sea_zone")
    plain = battle_odds([(Profile(unit="destroyer", domain="sea", value=1, cost=8), 1)],
                        [(Profile(unit="transport", domain="sea", value=1, cost=8), 1)], land_battle=False)
    assert odds.method == "exact"
    assert odds.attacker_win == plain.attacker_win and odds.defender_win == plain.defender_win
    assert abs(fought.attacker_win - odds.attacker_win) < 2 * fought.margin
