"""The rules search as a player meets it: questions in their own words, word
forms, the hobby's abbreviations, typos, house rules in force, bad input, and
the help text explaining every base rule. Shared by the help pane and
`axisallies rules search` (axisallies_tui/rulesearch.py)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from axisallies_tui import setup
from axisallies_tui.cli import main
from axisallies_tui.engine.errors import DataError
from axisallies_tui.rulesearch import index_for, load_vocabulary
from tests.help.questions import QUESTIONS

BASE_RULE_IDS = [
    "C-GAME-1", "C-GAME-2", "C-GAME-3", "C-GAME-4", "C-GAME-5", "C-BOARD-1", "C-BOARD-2", "C-BOARD-3",
    "C-BOARD-4", "C-BOARD-5", "C-BOARD-6", "C-BOARD-7", "C-BOARD-8", "C-BOARD-9", "C-UNIT-1", "C-UNIT-2",
    "C-UNIT-3", "C-UNIT-4", "C-UNIT-5", "C-TURN-1", "C-TURN-2", "C-TECH-1", "C-TECH-2", "C-TECH-3",
    "C-TECH-4", "C-BUY-1", "C-BUY-2", "C-BUY-3", "C-BUY-4", "C-MOVE-1", "C-MOVE-2", "C-MOVE-3", "C-LAND-1",
    "C-LAND-2", "C-LAND-3", "C-LAND-4", "C-LAND-5", "C-NEUTRAL-1", "C-NEUTRAL-2", "C-NEUTRAL-3",
    "C-NEUTRAL-4", "C-NEUTRAL-5", "C-AIR-1", "C-AIR-2", "C-AIR-3", "C-AIR-4", "C-SEA-1", "C-SEA-2",
    "C-SEA-3", "C-SEA-4", "C-TRANS-1", "C-TRANS-2", "C-TRANS-3", "C-TRANS-4", "C-TRANS-5", "C-AMPH-1",
    "C-AMPH-2", "C-AMPH-3", "C-AMPH-4", "C-AA-1", "C-AA-2", "C-AA-3", "C-AA-4", "C-COMBAT-1", "C-COMBAT-2",
    "C-COMBAT-3", "C-COMBAT-4", "C-COMBAT-SUB", "C-COMBAT-CARRIER", "C-RETREAT-1", "C-RETREAT-2",
    "C-RETREAT-3", "C-RETREAT-4", "C-COMBAT-END-1", "C-COMBAT-END-2", "C-COMBAT-END-3", "C-CAPTURE-1",
    "C-CAPTURE-2", "C-CAPTURE-3", "C-CAPTURE-4", "C-CAPTURE-5", "C-SBR-1", "C-SBR-2", "C-SBR-3", "C-SBR-4",
    "C-SBR-5", "C-NCM-1", "C-NCM-2", "C-NCM-3", "C-NCM-4", "C-LAND-AIR-1", "C-LAND-AIR-2", "C-LAND-AIR-3",
    "C-PLACE-1", "C-PLACE-2", "C-PLACE-3", "C-PLACE-4", "C-PLACE-5", "C-PLACE-6", "C-PLACE-7", "C-INCOME-1",
    "C-INCOME-2", "C-INCOME-3", "C-CAP-1", "C-CAP-2", "C-CAP-LIB-1", "C-CAP-LIB-2", "C-CAP-LIB-3",
    "C-CAP-LIB-4", "C-WIN-1", "C-WIN-2", "C-WIN-3", "C-WIN-4", "C-WIN-5", "C-WIN-6", "C-DEV-1", "C-DEV-2",
    "C-DEV-3", "C-DEV-4", "C-DEV-5", "C-DEV-6",
]
"""Every rule id of the classic base rules (docs/base-rules-classic.md, 121 ids)."""

SHARED_RULES = Path(__file__).resolve().parents[3] / "shared" / "docs" / "base-rules-classic.md"


@pytest.fixture(scope="module")
def index():
    return index_for(setup.catalogue())


def answers(expected: str) -> list[tuple[str, str]]:
    return [tuple(part.strip().split("/", 1)) for part in expected.split("|")]  # type: ignore[misc]


def top(index, query: str, n: int = 3, active=()) -> list[tuple[str, str]]:
    return [(hit.page, hit.heading) for hit in index.search(query, active)[:n]]


# -- the question set ----------------------------------------------------------------------

def test_the_question_set_is_large_and_every_answer_exists(index):
    assert len(QUESTIONS) >= 40
    sections = {(s.page, s.heading) for s in index.sections}
    for query, expected in QUESTIONS:
        for answer in answers(expected):
            assert answer in sections, f"{query!r}: no section {answer}"


def test_nine_in_ten_questions_find_their_answer_in_the_top_three(index):
    missed = [(query, expected, top(index, query)) for query, expected in QUESTIONS
              if not set(answers(expected)) & set(top(index, query))]
    rate = 1 - len(missed) / len(QUESTIONS)
    assert rate >= 0.9, f"top-3 rate {rate:.0%}; missed: {missed}"


# -- players' words ----------------------------------------------------------------------------

def test_filler_words_change_nothing(index):
    assert top(index, "transport capacity") == top(index, "what happens when my transport's capacity")


def test_word_forms_meet(index):
    assert top(index, "retreating", 1) == top(index, "retreat", 1) == [("combat", "Retreat")]
    assert top(index, "planes", 1) == top(index, "plane", 1)


def test_abbreviations_and_spellings_are_the_same_thing(index):
    assert ("movement", "Transports") in top(index, "tranny")
    assert top(index, "armor") == top(index, "armour") == top(index, "tank")
    assert top(index, "defense") == top(index, "defence")
    assert ("combat", "Strategic bombing") == top(index, "SBR", 1)[0]
    assert ("movement", "Non-combat move") == top(index, "NCM", 1)[0]
    assert ("placement", "Building a complex") in top(index, "new IC")


def test_a_misspelt_word_is_read_as_the_nearest_word_of_the_rules(index):
    question = index.read("figher stratgic")
    assert [c.corrected for c in question.concepts] == ["fighter", "strategic"]
    assert top(index, "stratgic bombing", 1) == [("combat", "Strategic bombing")]


def test_a_word_being_typed_matches_the_words_it_starts(index):
    assert ("combat", "Submarines") in top(index, "submar")
    assert top(index, "zzqxw ") == []  # a finished word like nothing in the rules


def test_a_rule_id_finds_the_section_that_explains_it(index):
    for rule_id in BASE_RULE_IDS:
        hits = index.search(rule_id)
        assert hits and rule_id in hits[0].ids, rule_id
    assert index.search("c-place-4")[0].heading == "How many a complex may place"
    assert index.search("s000-straits")[0].heading == "Straits"


# -- house rules -------------------------------------------------------------------------------

def test_a_house_rule_in_force_comes_before_the_base_rule_it_changes(index):
    query = "amphibious assault retreat"
    base = [("combat", "Retreat"), ("movement", "Amphibious assaults")]
    off = top(index, query, 10)
    assert set(base) <= set(off[:3])
    assert off.index(("house-000", "Amphibious assault changes")) > max(off.index(b) for b in base)
    on = top(index, query, 10, active={"s000-amphibious-assaults"})
    assert on[0] == ("house-active", "Amphibious assault changes") and set(base) <= set(on[1:4])
    assert index.search(query, active={"s000-amphibious-assaults"})[0].status == "on"


def test_house_rules_say_whether_they_are_on_available_or_planned(index):
    assert index.search("random turn order cup")[0].status == "available"
    assert index.search("raid interception escorts")[0].status == "planned"
    on = index.search("random turn order cup", active={"s000-random-turns"})[0]
    assert on.status == "on" and on.rule == "s000-random-turns"
    assert all(hit.status is None for hit in index.search("blitz") if hit.page in ("movement", "units"))


# -- snippets ---------------------------------------------------------------------------------

def test_snippets_mark_the_matched_words(index):
    hit = index.search("how many infantry fit on a tranny")[0]
    marked = {hit.snippet[start:end].lower() for start, end in hit.marks}
    assert marked and marked <= {"transport", "transports", "infantry", "tr", "inf", "places", "carries", "holds",
                                 "room", "carry"}
    hit = index.search("C-COMBAT-SUB sub")[0]
    assert all(not hit.snippet[:start].endswith("-") for start, _ in hit.marks)  # not the SUB of the id


# -- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("query", ["", "   ", "can my the what happens when", "?!", "vs", " " * 5000,
                                   "the " * 2000])
def test_nothing_to_search_for_gives_no_results(index, query):
    assert index.search(query) == []


@pytest.mark.parametrize(("query", "words"), [
    ('"', ""), ("'", ""), ('"transport capacity', "transport capacity"), ("transport* ", "transport "),
    ("(transport", "transport"), ("NEAR(transport, infantry)", "near transport infantry"),
    ("transport AND OR NOT infantry", "transport and or not infantry"), ("transport:infantry", "transport infantry"),
    ("^fighter", "fighter"), ("-retreat", "retreat"), ("{blitz}", "blitz"), ("C-", "c"),
    ("fighter\x00bomber", "fighter bomber"), ("\\", ""), ("\u201ccan my sub\u201d", "can my sub"),
])
def test_search_syntax_never_reaches_the_player(index, query, words):
    """Quotes, brackets, stars and operators are not search syntax: the words are searched."""
    assert top(index, query) == top(index, words)


def test_a_very_long_query_is_cut_not_refused(index):
    hits = index.search("transport capacity " + "please " * 5000 + "x" * 10_000)
    assert hits and hits[:3] == index.search("transport capacity please")[:3]


@given(st.text(max_size=200))
def test_any_text_is_a_query(text):
    index_for(setup.catalogue()).search(text)


# -- the answer exists ---------------------------------------------------------------------------

def test_every_base_rule_is_explained_and_cited_in_the_help(index):
    assert len(BASE_RULE_IDS) == 121
    cited = {rule_id for section in index.sections if section.rule is None for rule_id in section.ids}
    assert [r for r in BASE_RULE_IDS if r not in cited] == []


@pytest.mark.skipif(not SHARED_RULES.exists(), reason="the shared rule documents are not beside this checkout")
def test_the_list_of_base_rule_ids_matches_the_rule_document():
    text = SHARED_RULES.read_text(encoding="utf-8")
    assert set(re.findall(r"^- (C-[A-Z]+(?:-[A-Z0-9]+)*)\b", text, re.M)) == set(BASE_RULE_IDS)


# -- the vocabulary file -----------------------------------------------------------------------

def test_a_mistake_in_the_vocabulary_names_the_file_the_entry_and_the_problem(tmp_path):
    path = tmp_path / "vocabulary.toml"
    path.write_text('[filler]\nwords = ["the"]\n\n[[terms]]\nsay = ["tranny", "the"]\nmeans = ["transport"]\n'
                    '\n[[terms]]\nsay = ["tank"]\nmeaning = ["armour"]\n')
    with pytest.raises(DataError) as problem:
        load_vocabulary(path)
    message = str(problem.value)
    assert str(path) in message and "[[terms]] #1 ('tranny')" in message and "also a filler word" in message
    assert "1 more problem" in message  # the unknown key 'meaning' in #2
    path.write_text("[[terms]]\nsay = 3\n")
    with pytest.raises(DataError, match="'say' must be a list"):
        load_vocabulary(path)


# -- the command line --------------------------------------------------------------------------

def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rules_search_json_gives_the_same_sections_as_the_pane(capsys, index):
    code, out, _ = run(capsys, "rules", "search", "--json", "can", "my", "sub", "shoot", "down", "a", "fighter?")
    assert code == 0
    found = json.loads(out)
    pane = index.search("can my sub shoot down a fighter?")[:10]
    assert [(f["page"], f["heading"], f["ids"], f["snippet"]) for f in found] == \
        [(h.page, h.heading, list(h.ids), h.snippet) for h in pane]
    assert found[0]["heading"] == "Submarines" and "C-COMBAT-SUB" in found[0]["ids"]
    assert set(found[0]) >= {"page", "heading", "ids", "snippet", "highlights", "score", "status"}
    assert found == sorted(found, key=lambda f: -f["score"])


def test_rules_search_marks_house_rules_in_force(capsys):
    code, out, _ = run(capsys, "rules", "search", "--json", "--rules", "s000-random-turns", "random", "turn", "cup")
    assert code == 0 and json.loads(out)[0]["rule"] == "s000-random-turns"
    assert json.loads(out)[0]["status"] == "on"
    code, _, err = run(capsys, "rules", "search", "--rules", "s000-nothing", "cup")
    assert code == 2 and "no house rule 's000-nothing'" in err


def test_rules_search_text_answers_bad_input_sensibly(capsys):
    code, out, _ = run(capsys, "rules", "search")
    assert code == 0 and "Ask with words" in out
    code, out, _ = run(capsys, "rules", "search", "zzyzx", "qwfp")
    assert code == 0 and "Nothing in the rules matches" in out
    code, out, _ = run(capsys, "rules", "search", "--json", '"(*')
    assert code == 0 and json.loads(out) == []
    code, out, _ = run(capsys, "rules", "search", "tranny")
    assert code == 0 and out.startswith("1. Movement > Transports") and "*transport*" in out


def test_rules_search_does_not_import_textual(private_home):
    probe = (
        "import sys, io, contextlib\n"
        "from axisallies_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['rules', 'search', '--json', 'how', 'many', 'infantry', 'fit', 'on', 'a', 'tranny'])\n"
        "print([m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('axisallies_tui.tui')])\n"
    )
    env = {**os.environ, "AXISALLIES_HOME": str(private_home)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True).stdout
    assert out.strip() == "[]"
