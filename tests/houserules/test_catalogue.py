"""The house-rule files: every catalogued id present, references sound, and
`available` exactly where an implementation exists."""

from pathlib import Path

import pytest

from axisallies_tui import setup
from axisallies_tui.engine.rules import HouseRuleChoice
from axisallies_tui.houserules import choice_problems, load_implementations

CATALOGUE_IDS = Path(__file__).parent.parent / "data" / "catalogue_ids.txt"


def test_every_catalogued_rule_has_an_entry_and_no_other():
    expected = set(CATALOGUE_IDS.read_text().split())
    assert len(expected) == 199
    assert {rule.id for rule in setup.catalogue().rules} == expected


def test_available_exactly_when_implemented():
    implemented = set(load_implementations())
    available = {rule.id for rule in setup.catalogue().rules if rule.available}
    assert available == implemented
    assert {"s000-random-turns", "s000-axis-war-enthusiasm", "s000-victory-conditions",
            "s000-soviet-first-turn-no-attack"} <= available


def test_every_rule_has_help_text_and_a_source_document():
    for rule in setup.catalogue().rules:
        assert len(rule.help) > 40, rule.id
        assert rule.document.file.startswith(rule.id[1:4]), rule.id


def check(*ids, params=None):
    params = params or {}
    choices = tuple(HouseRuleChoice(id=i, params=tuple(params.get(i, {}).items())) for i in ids)
    return choice_problems(setup.catalogue(), "classic", choices)


def test_a_planned_rule_cannot_be_switched_on_and_says_so():
    problems = check("s000-sbr-scramble-escort")
    assert len(problems) == 1
    assert problems[0].startswith("s000-sbr-scramble-escort (")
    assert problems[0].endswith("is planned and cannot be switched on yet")


def test_setup_refuses_alternatives_from_one_group():
    catalogue = setup.catalogue()
    group = catalogue.by_id["s000-random-turns"].group
    rivals = [r.id for r in catalogue.group_members(group) if r.id != "s000-random-turns"]
    assert rivals, "the turn-order group has other members"
    problems = check("s000-random-turns", rivals[0])
    assert any("alternatives" in p and "group turn-order" in p for p in problems)


def test_bad_parameters_are_refused_with_the_reason():
    assert check("s000-victory-conditions", params={"s000-victory-conditions": {"axis_income_goal": 500}}) == [
        "s000-victory-conditions parameter axis_income_goal must be at most 147"
    ]
    assert "has no parameter" in check("s000-random-turns", params={"s000-random-turns": {"x": 1}})[0]


def test_unknown_rule_ids_are_refused():
    assert "no such house rule" in check("s000-nonsense")[0]


def test_make_rules_reports_problems_in_words():
    from axisallies_tui.engine.rules import Ruleset

    with pytest.raises(setup.SetupError, match="planned"):
        setup.make_rules(Ruleset(board="classic", house=(HouseRuleChoice(id="s000-sbr-scramble-escort"),)))


def test_parts_of_one_alternative_do_not_exclude_each_other():
    """Catalogue 8.2: the two 004 paratrooper units are one member of the airborne group."""
    together = check("s004-unit-paratrooper", "s004-unit-elite-paratrooper")
    assert not any("alternatives" in p for p in together)
    rivals = check("s004-unit-paratrooper", "s003-dev-special-forces")
    assert any("alternatives (group airborne)" in p for p in rivals)


def test_a_conflict_declared_by_either_rule_alone_is_refused_once():
    """The light carrier declares its conflict with damaged capital ships, which sorts first."""
    assert check("s004-unit-light-carrier", "s000-damaged-capital-ships") == [
        "s000-damaged-capital-ships conflicts with s004-unit-light-carrier: they cannot be on together"
    ]
    both = check("s004-every-nation-for-itself", "s000-player-advantages")
    assert sum("conflicts" in p for p in both) == 1
