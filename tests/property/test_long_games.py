"""Headless random games play ten full rounds, battles and all, for many seeds
(issue: combat), keeping the books balanced at the end."""

import pytest

from axisallies_tui.engine.rules import Ruleset
from axisallies_tui.headless import Session, play_bot
from axisallies_tui.setup import make_rules


@pytest.mark.slow
@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_ten_rounds_of_random_play(seed):
    rules = make_rules(Ruleset(board="classic"))
    session = Session.fresh(rules, str(seed))
    result = play_bot(session, 10, seed)
    assert result["rounds_played"] == 10 or result["winner"] in ("axis", "allies", "draw")
    assert all(info["ipcs"] >= 0 for info in result["powers"].values())
    assert session.state.battle is None or session.state.pending is not None
