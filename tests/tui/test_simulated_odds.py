"""The battle pane says when its odds are simulated, and by how much they may be off."""

from axisallies_tui.engine.battle_odds import odds_for_battle
from tests.engine.test_battle_steps import _attack, _rules_with_barrage
from tests.helpers import make_rules


def test_the_battle_pane_says_when_odds_are_simulated():
    from axisallies_tui.tui.battles import odds_lines, short_odds

    rules = _rules_with_barrage()
    odds = odds_for_battle(rules, _attack(rules), "caucasus")
    assert odds_lines(rules, odds, land=True)[0].startswith("Odds (simulated, \u00b1")
    assert short_odds(odds).startswith("win ~")
    exact = odds_for_battle(make_rules(), _attack(make_rules()), "caucasus")
    assert odds_lines(make_rules(), exact, land=True)[0].startswith("Odds: win")
