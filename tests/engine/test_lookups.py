"""The lookups the engine works out once per game (unit names, relations,
unit profiles) answer as the rules say, also for what house rules add."""

from __future__ import annotations

from attrs import evolve

from axisallies_tui.engine.model import ALLIED, WAR
from axisallies_tui.engine.profiles import ATTACK, profile
from tests.helpers import make_rules


def test_a_unit_is_found_by_id_name_alias_and_plural_in_any_case():
    edition = make_rules().edition
    for text, unit in (("Infantry", "infantry"), ("TANKS", "armour"), ("armors", "armour"),
                       ("aircraft-carrier", "carrier"), ("aa guns", "aa_gun"), ("  ftr ", "fighter"),
                       ("Industrial_Complex", "industrial_complex")):
        found = edition.find_unit(text)
        assert found is not None and found.id == unit, text
    assert edition.find_unit("zeppelin") is None


def test_a_unit_a_house_rule_adds_is_found_by_its_name():
    found = make_rules("s004-unit-destroyer").edition.find_unit("destroyers")
    assert found is not None and found.id == "destroyer"
    assert make_rules().edition.find_unit("destroyers") is None


def test_relations_follow_the_sides_and_a_board_that_sets_them_otherwise():
    board = make_rules().board
    assert board.relation("germany", "japan") == ALLIED and board.relation("germany", "ussr") == WAR
    changed = evolve(board, relations=(("germany", "japan", WAR),))
    assert changed.relation("japan", "germany") == WAR and changed.relation("germany", "germany") == ALLIED
    assert board.relation("japan", "germany") == ALLIED


def test_profiles_remembered_for_one_game_are_not_seen_by_another():
    best_of_two = make_rules("s001-heavy-bombers-best-of-two")
    plain = make_rules()
    for rules, best_of, dice in ((best_of_two, 2, 1), (plain, 1, 3), (best_of_two, 2, 1)):
        heavy = profile(rules, "usa", ("heavy_bombers",), "bomber", ATTACK)
        assert (heavy.best_of, heavy.dice) == (best_of, dice)


def test_the_engines_evolve_copies_as_attrs_does():
    """Private attributes (init argument without the underscore), fields not set
    by __init__ and converters behave as with attrs.evolve; a field named `inst` too."""
    import attrs

    from axisallies_tui.engine.copying import evolve as engine_evolve

    @attrs.frozen
    class Sample:
        inst: int
        _secret: int = 0
        label: str = attrs.field(default="", converter=str)
        derived: int = attrs.field(init=False, default=7)

    sample = Sample(1, 2, "x")
    for changes in ({}, {"inst": 5}, {"secret": 9}, {"label": 3}):
        assert engine_evolve(sample, **changes) == attrs.evolve(sample, **changes)
    assert engine_evolve(sample, label=3).label == "3"
    state = make_rules().board
    assert engine_evolve(state, name="x") == attrs.evolve(state, name="x")
