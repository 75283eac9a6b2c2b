"""Casualties chosen piece by piece, and submarine hits that never strike aircraft
(C-COMBAT-3, C-COMBAT-SUB), on the classic board with scripted dice."""

import pytest
from attrs import evolve

from axisallies_tui.codec import ruleset_from_json, ruleset_to_json
from axisallies_tui.engine.actions import Answer, EndPhase
from axisallies_tui.engine.combat import Fight
from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.movement import Move
from axisallies_tui.engine.rules import RULES_REVISION
from axisallies_tui.engine.state import GameState
from tests.helpers import act, at, clear, count, make_rules, put, start

ZONE = "north_sea_zone"


@pytest.fixture
def rules():
    return make_rules()


def uids(rules, state, space, power, unit):
    return [u.uid for u in state.spaces[rules.board.space(space).index].units if u.power == power and u.type == unit]


def british_zone(rules, *units):
    """The North Sea holds only the listed British units; Germany to move."""
    state = clear(rules, clear(rules, start(rules), ZONE), "baltic_sea_zone")
    for unit, n in units:
        state = put(rules, state, ZONE, "uk", unit, n)
    return state


def german_attack(rules, state, *units):
    """German `units` (ships from the Baltic, fighters from Germany) move into the
    North Sea; combat begins."""
    state = at(rules, state, "germany", "combat_move")
    for unit, n in units:
        origin = "germany" if unit == "fighter" else "baltic_sea_zone"
        state = put(rules, state, origin, "germany", unit, n)
        state = act(rules, state, Move(origin=origin, destination=ZONE, units=((unit, n),))).state
    return act(rules, state, EndPhase()).state


def test_a_defending_submarine_hit_sinks_the_transport_not_the_fighter(rules):
    """The fighter misses (6), the British sub hits (1): only the transport can take it."""
    state = german_attack(rules, british_zone(rules, ("submarine", 1)), ("fighter", 1), ("transport", 1))
    step = act(rules, state, Fight(space=ZONE), dice=[6, 1])
    assert count(rules, step.state, ZONE, "germany", "transport") == 0
    assert count(rules, step.state, ZONE, "germany", "fighter") == 1
    assert step.state.pending.kind == "retreat"


def test_a_submarine_hit_on_aircraft_alone_is_lost(rules):
    state = german_attack(rules, british_zone(rules, ("submarine", 1)), ("fighter", 1))
    step = act(rules, state, Fight(space=ZONE), dice=[6, 1])
    assert count(rules, step.state, ZONE, "germany", "fighter") == 1
    lost = [e for e in step.events if e.kind == "casualties" and not e.destroyed]
    assert lost and "submarines cannot hit aircraft" in lost[0].note


def test_the_submarine_hit_goes_to_ships_the_battleship_hit_to_anything(rules):
    """Sub (1) and battleship (4) both hit two fighters and two transports: the
    submarine's hit must take a transport; losing both fighters is refused."""
    state = german_attack(rules, british_zone(rules, ("submarine", 1), ("battleship", 1)),
                          ("fighter", 2), ("transport", 2))
    waiting = act(rules, state, Fight(space=ZONE), dice=[6, 6, 1, 4]).state
    question = waiting.pending.casualties
    assert (question.hits, question.sea_hits) == (2, 1)
    assert set(waiting.pending.options) == {"fighter=1, transport=1", "transport=2"}
    with pytest.raises(IllegalAction, match=r"1 of the hits is a submarine hit: it must fall on a sea unit, not an aircraft \(you put 0 on sea units\)"):
        act(rules, waiting, Answer("fighter=2"))
    fighter, transport = uids(rules, waiting, ZONE, "germany", "fighter")[1], uids(rules, waiting, ZONE, "germany", "transport")[0]
    with pytest.raises(IllegalAction, match=r"1 of the hits is a submarine hit: it must fall on a sea unit, not an aircraft \(you put 0 on sea units\)"):
        act(rules, waiting, Answer(f"#{fighter}, #{uids(rules, waiting, ZONE, 'germany', 'fighter')[0]}"))
    after = act(rules, waiting, Answer(f"#{fighter}, #{transport}")).state
    assert uids(rules, after, ZONE, "germany", "fighter") == uids(rules, waiting, ZONE, "germany", "fighter")[:1]
    assert uids(rules, after, ZONE, "germany", "transport") == uids(rules, waiting, ZONE, "germany", "transport")[1:]


def load(rules, state, space, transport, *cargo):
    """Put `cargo` aboard the transport with uid `transport`."""
    index = rules.board.space(space).index
    held = state.spaces[index]
    units = tuple(evolve(u, aboard=transport) if u.uid in cargo else u for u in held.units)
    spaces = list(state.spaces)
    spaces[index] = evolve(held, units=units)
    return evolve(state, spaces=tuple(spaces))


def loaded_and_empty(rules):
    """A loaded British transport (the lower number) and an empty one, struck by a German sub."""
    state = british_zone(rules, ("transport", 1))
    loaded = uids(rules, state, ZONE, "uk", "transport")[0]
    state = put(rules, state, ZONE, "uk", "infantry", 2)
    state = load(rules, state, ZONE, loaded, *uids(rules, state, ZONE, "uk", "infantry"))
    state = put(rules, state, ZONE, "uk", "transport", 1)
    empty = uids(rules, state, ZONE, "uk", "transport")[1]
    waiting = act(rules, german_attack(rules, state, ("submarine", 1)), Fight(space=ZONE), dice=[2]).state
    return waiting, loaded, empty


def test_a_loaded_transport_is_not_the_default_loss(rules):
    waiting, loaded, empty = loaded_and_empty(rules)
    assert waiting.pending.kind == "sub_casualties"
    assert waiting.pending.default == f"#{empty}"
    pieces = {p.uid: p for p in waiting.pending.casualties.pieces}
    assert pieces[loaded].cargo == ("infantry", "infantry") and pieces[empty].cargo == ()
    after = act(rules, waiting, Answer(waiting.pending.default), dice=[6]).state
    assert uids(rules, after, ZONE, "uk", "transport") == [loaded]
    assert count(rules, after, ZONE, "uk", "infantry") == 2


def test_the_owner_may_lose_the_loaded_transport_by_naming_it(rules):
    waiting, loaded, empty = loaded_and_empty(rules)
    step = act(rules, waiting, Answer(f"#{loaded}"), dice=[6])
    assert uids(rules, step.state, ZONE, "uk", "transport") == [empty]
    assert count(rules, step.state, ZONE, "uk", "infantry") == 0
    # the feed names the piece, not only its number
    said = [e.describe(rules.board, rules.edition) for e in step.events if e.kind == "decision_answered"]
    assert said == [f"United Kingdom chooses transport #{loaded} (2 infantry aboard)."]


def test_an_answer_by_type_still_takes_the_lowest_numbered_piece(rules):
    """The form older saves hold: `transport=1` loses the lowest-numbered transport."""
    waiting, loaded, empty = loaded_and_empty(rules)
    after = act(rules, waiting, Answer("transport=1"), dice=[6]).state
    assert uids(rules, after, ZONE, "uk", "transport") == [empty]


def test_a_piece_outside_the_question_is_refused(rules):
    waiting, loaded, empty = loaded_and_empty(rules)
    with pytest.raises(IllegalAction, match="cannot take these hits"):
        act(rules, waiting, Answer("#1"))
    with pytest.raises(IllegalAction, match="exactly 1 hit"):
        act(rules, waiting, Answer(f"#{loaded}, #{empty}"))


def test_infantry_from_different_spaces_are_told_apart(rules):
    """Soviet infantry hit two German infantry, one from Ukraine, one from
    Persia: the attacker chooses which (its retreat depends on it)."""
    state = clear(rules, clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr"), "persia")
    state = put(rules, state, "caucasus", "ussr", "infantry", 1)
    state = put(rules, state, "ukraine_ssr", "germany", "infantry", 1)
    state = put(rules, state, "persia", "germany", "infantry", 1)
    state = at(rules, state, "germany", "combat_move")
    for origin in ("ukraine_ssr", "persia"):
        state = act(rules, state, Move(origin=origin, destination="caucasus", units=(("infantry", 1),))).state
    state = act(rules, state, EndPhase()).state
    waiting = act(rules, state, Fight(space="caucasus"), dice=[6, 6, 1]).state
    assert waiting.pending.kind == "attacker_casualties"
    origins = {p.uid: p.came_from for p in waiting.pending.casualties.pieces}
    assert sorted(origins.values()) == ["persia", "ukraine_ssr"]
    from_persia = next(uid for uid, origin in origins.items() if origin == "persia")
    after = act(rules, waiting, Answer(f"#{from_persia}")).state
    survivors = [u for u in after.spaces[rules.board.space("caucasus").index].units if u.power == "germany"]
    assert [u.came_from for u in survivors] == ["ukraine_ssr"]


def test_a_game_stored_before_revisions_replays_the_old_way(rules):
    data = ruleset_to_json(rules.ruleset)
    assert ruleset_from_json(data).revision == RULES_REVISION
    del data["revision"]
    assert ruleset_from_json(data).revision == 0
    assert isinstance(start(rules), GameState)


def test_the_headless_protocol_shows_the_pieces_a_casualty_answer_may_name(rules):
    from axisallies_tui.headless import pending_json

    waiting, loaded, empty = loaded_and_empty(rules)
    shown = pending_json(waiting)
    assert shown["casualties"]["hits"] == 1 and shown["default"] == f"#{empty}"
    pieces = {p["uid"]: p for p in shown["casualties"]["pieces"]}
    assert list(pieces[loaded]["cargo"]) == ["infantry", "infantry"] and pieces[loaded]["power"] == "uk"


def damaged_and_whole_battleships():
    """With two-hit battleships: a damaged British battleship and a whole one,
    struck once by a German submarine."""
    rules = make_rules("s000-damaged-capital-ships")
    state = british_zone(rules, ("battleship", 2))
    hurt, whole = uids(rules, state, ZONE, "uk", "battleship")
    index = rules.board.space(ZONE).index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=tuple(evolve(u, damage=1) if u.uid == hurt else u
                                                      for u in spaces[index].units))
    state = evolve(state, spaces=tuple(spaces))
    waiting = act(rules, german_attack(rules, state, ("submarine", 1)), Fight(space=ZONE), dice=[2]).state
    return rules, waiting, hurt, whole


def test_a_hit_damages_the_whole_battleship_by_default_or_sinks_the_damaged_one_by_name():
    rules, waiting, hurt, whole = damaged_and_whole_battleships()
    pieces = {p.uid: p for p in waiting.pending.casualties.pieces}
    assert (pieces[hurt].hits_left, pieces[whole].hits_left) == (1, 2)
    assert waiting.pending.default == "battleship/damage=1"
    kept = act(rules, waiting, Answer(waiting.pending.default), dice=[6, 6]).state
    assert {u.uid: u.damage for u in kept.spaces[rules.board.space(ZONE).index].units if u.power == "uk"} == {
        hurt: 1, whole: 1}
    sunk = act(rules, waiting, Answer(f"#{hurt}"), dice=[6]).state
    assert uids(rules, sunk, ZONE, "uk", "battleship") == [whole]
    with pytest.raises(IllegalAction, match="exactly 1 hit"):
        act(rules, waiting, Answer(f"#{whole}=2"))


def test_defenders_are_not_told_apart_by_their_own_last_move(rules):
    """Soviet infantry that reached Caucasus from different spaces on their own
    turn are alike when they defend: one hit among them needs no question."""
    state = clear(rules, clear(rules, start(rules), "caucasus"), "ukraine_ssr")
    state = put(rules, state, "caucasus", "ussr", "infantry", 2)
    index = rules.board.space("caucasus").index
    spaces = list(state.spaces)
    spaces[index] = evolve(spaces[index], units=tuple(
        evolve(u, came_from=origin, moved=1) for u, origin in zip(spaces[index].units, ("russia", "persia"))))
    state = put(rules, evolve(state, spaces=tuple(spaces)), "ukraine_ssr", "germany", "armour", 1)
    state = at(rules, state, "germany", "combat_move")
    state = act(rules, state, Move(origin="ukraine_ssr", destination="caucasus", units=(("armour", 1),))).state
    state = act(rules, state, EndPhase()).state
    after = act(rules, state, Fight(space="caucasus"), dice=[1, 6, 6]).state
    assert after.pending is None or after.pending.kind == "retreat"
    assert count(rules, after, "caucasus", "ussr", "infantry") == 1


def test_the_feed_says_casualty_or_casualties_as_the_count_is(rules):
    from axisallies_tui.engine.events import CasualtiesChosen

    def said(destroyed=(), damaged=()):
        event = CasualtiesChosen(power="germany", space="ukraine_ssr", destroyed=destroyed, damaged=damaged)
        return event.text(rules.board, rules.edition)

    assert said((("fighter", 1),)) == \
        "Germany takes 1 fighter as a casualty in Ukraine S.S.R.; it fires back before it goes."
    assert said((("infantry", 3),)) == \
        "Germany takes 3 × infantry as casualties in Ukraine S.S.R.; they fire back before they go."
    assert said(damaged=(("battleship", 1),)) == "Germany takes 1 battleship damaged as a casualty in Ukraine S.S.R."
