"""A row's chain hash is written out directly for speed (a long game's load
checks every row): it must hash exactly the text `canonical` gives, or every
save written before would read as damaged."""

from __future__ import annotations

import random

from axisallies_tui.store import _chain, _sha

AWKWARD = ["", "plain", 'quote " and \\\\ backslash', "new\nline\ttab\r", "\x00\x1b[31m\x7f\x85",
           "Sowjetunion · Ã¼ · 東京 · 🚢", "\u2028\u2029\ufeff", '{"event": "x", "text": "a\\"b"}', "/slash/"]


def test_the_chain_hash_is_the_hash_of_the_canonical_row():
    pick = random.Random(13).choice
    for seq in (0, 1, 99, 10**12, -5):
        for _ in range(40):
            parts = [pick(AWKWARD) + pick(AWKWARD) for _ in range(5)]
            previous, action, dice, events, played_at = parts
            assert _chain(previous, seq, action, dice, events, played_at) == \
                _sha(previous, seq, action, dice, events, played_at)


def test_a_number_that_json_spells_otherwise_is_hashed_as_before():
    assert _chain("a", True, "b", "c", "d", "e") == _sha("a", True, "b", "c", "d", "e")  # type: ignore[arg-type]
