"""`axisallies odds`: ships fight only at sea; the sides are
the attacker and the defender unless a power is named; the house-rule
catalogue is read only when a rule is named."""

from __future__ import annotations

import pytest

from axisallies_tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("att, defence, sea, word", [
    ("2 submarine", "2 infantry", False, "submarine fights only at sea"),
    ("1 battleship", "2 infantry", False, "battleship fights only at sea"),
    ("2 infantry", "1 carrier", False, "carrier fights only at sea"),
])
def test_units_on_the_wrong_battlefield_are_refused(capsys, att, defence, sea, word):
    code, out, err = run(capsys, "odds", "--att", att, "--def", defence, *(["--sea"] if sea else []))
    assert code == 2 and word in err and not out


def test_sides_are_attacker_and_defender_unless_a_power_is_named(capsys):
    code, out, _ = run(capsys, "odds", "--att", "2 inf, 1 arm", "--def", "2 inf")
    assert code == 0
    assert out.splitlines()[:2] == ["Attacker: 2 Infantry, 1 Armour", "Defender: 2 Infantry"]
    assert "Germany" not in out and "Soviet" not in out
    code, out, _ = run(capsys, "odds", "--att", "2 inf", "--def", "2 inf", "--def-power", "uk")
    assert "Defender: 2 Infantry (United Kingdom)" in out


def test_no_rule_named_no_catalogue_read(capsys, monkeypatch):
    from axisallies_tui import setup

    def refuse():
        raise AssertionError("the house-rule catalogue was read")

    monkeypatch.setattr(setup, "catalogue", refuse)
    code, out, _ = run(capsys, "odds", "--att", "2 inf", "--def", "2 inf", "--json")
    assert code == 0 and '"attacker_win"' in out
