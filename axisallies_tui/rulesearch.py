"""One search over everything the help pane holds: the base rules and how to use
the program (`rules/help/*.md`) and every catalogued house rule.

The index is SQLite FTS5 (standard library: porter stemming, so plane/planes and
retreat/retreating meet; ranked by BM25). A question is read the way a player
writes it: filler words are dropped, the hobby's words and abbreviations are
looked up in `rules/help/vocabulary.toml` (tranny -> transport, plane -> fighter or
bomber), a misspelt word is matched to the nearest word of the rules (rapidfuzz),
rule ids (`C-PLACE-4`, `s000-random-turns`) find the sections that cite them, and
the query reaching SQLite is built here from quoted words only, so no search
syntax error can reach a player.

No Textual here: the help pane and `axisallies rules search` share this index.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from attrs import evolve, frozen

from axisallies_tui import locations
from axisallies_tui.loaders.common import Fields, Problems, read_toml

BASE_PAGES = (
    ("overview", "Overview"),
    ("turn", "Turn"),
    ("research", "Develop weapons"),
    ("purchase", "Purchase units"),
    ("movement", "Movement"),
    ("combat", "Combat"),
    ("placement", "Place new units"),
    ("income", "Collect income"),
    ("victory", "Victory"),
    ("units", "Units"),
    ("keys", "Using this program"),
)
ACTIVE_PAGE = "house-active"
MAX_QUERY = 300
"""Characters of a query that are read; the rest of a very long paste is ignored."""

RULE_ID = re.compile(r"\b(?:C-[A-Z]+(?:-[A-Z0-9]+)*|s\d{3}-[a-z0-9]+(?:-[a-z0-9]+)*)\b")
QUERY_ID = re.compile(r"(?<![\w-])(?:[cC]-[A-Za-z]+(?:-[A-Za-z0-9]+)*|[sS]\d{3}(?:-[A-Za-z0-9]+)*)(?![\w])")
WORD = re.compile(r"[a-z0-9]+")
CODED = re.compile(r"qqrule\d+qq")


# -- the help text ---------------------------------------------------------------------

@frozen
class HelpPage:
    id: str
    title: str
    markdown: str


def help_dir() -> Path:
    """Absolute: the Markdown widget resolves relative paths against the current document."""
    return (locations.builtin_root() / "rules" / "help").resolve()


@lru_cache(maxsize=None)
def base_pages() -> tuple[HelpPage, ...]:
    pages = []
    folder = help_dir()
    for page_id, title in BASE_PAGES:
        path = folder / f"{page_id}.md"
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            text = f"# {title}\n\n(The help file {path} is missing.)\n"
        pages.append(HelpPage(page_id, title, text))
    return tuple(pages)


def sections(markdown: str) -> list[tuple[str, str]]:
    """(heading, text) for each section of a page; the page's first heading included."""
    found: list[tuple[str, list[str]]] = [("", [])]
    for line in markdown.splitlines():
        match = re.match(r"^(#{1,6})\s+(.*)$", line)
        if match:
            found.append((match.group(2).strip(), []))
        else:
            found[-1][1].append(line)
    return [(heading, "\n".join(body)) for heading, body in found if heading or "".join(body).strip()]


def plain(markdown: str) -> str:
    """Markdown to one line of plain text: no emphasis marks, code ticks, list or table marks."""
    text = re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", markdown, flags=re.M)
    text = re.sub(r"^\s*\|?[-:| ]+\|?\s*$", "", text, flags=re.M)
    text = text.replace("|", " ").replace("**", "").replace("`", "").replace("*", "")
    return " ".join(text.split())


# -- the players' vocabulary -------------------------------------------------------------

@frozen
class Vocabulary:
    filler: frozenset[tuple[str, ...]]
    """Words and phrases (as word tuples) that carry no meaning in a question."""
    terms: Mapping[tuple[str, ...], tuple[tuple[str, ...], ...]]
    """What a player says (a word tuple) -> what to look for (word tuples): the
    entry's `means` (or, without them, every word of its `say`) and the word itself."""
    longest: int = 1


def words_of(text: str) -> list[str]:
    """The words of `text` as the search compares them: lower case, apostrophes
    dropped (can't -> cant), anything else not a letter or digit splits words."""
    text = text.casefold().replace("'", "").replace("\u2019", "")
    return WORD.findall(text)


def load_vocabulary(path: Path) -> Vocabulary:
    """Read `rules/help/vocabulary.toml`; every problem names the file and the entry."""
    data = read_toml(path)
    problems = Problems(path)
    top = Fields(problems, "", data, {"filler", "terms"})
    filler_table = Fields(problems, "[filler]", top.get("filler", dict, {}), {"words"})
    filler: set[tuple[str, ...]] = set()
    for word in filler_table.strings("words"):
        key = tuple(words_of(word))
        if not key:
            problems.add("[filler]", f"{word!r} has no letters or digits")
        elif key in filler:
            problems.add("[filler]", f"{word!r} is listed twice")
        filler.add(key)
    terms: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    owner: dict[tuple[str, ...], str] = {}
    for number, body in enumerate(top.get("terms", list, [])):
        said = body.get("say") if isinstance(body, dict) else None
        entry = f"[[terms]] #{number + 1}" + (f" ({said[0]!r})" if isinstance(said, list) and said and
                                               isinstance(said[0], str) else "")
        fields = Fields(problems, entry, body, {"say", "means"})
        say = fields.strings("say", required=True)
        means = fields.strings("means")
        if not say:
            problems.add(entry, "'say' lists no words")
        targets = [tuple(words_of(m)) for m in (means or say)]
        for meaning, key in zip(means or say, targets):
            if not key:
                problems.add(entry, f"{meaning!r} has no letters or digits")
        for word in say:
            key = tuple(words_of(word))
            if not key:
                problems.add(entry, f"{word!r} has no letters or digits")
                continue
            if key in filler:
                problems.add(entry, f"{word!r} is also a filler word, so it would never be looked up")
            if key in owner and owner[key] != entry:
                problems.add(entry, f"{word!r} is already in {owner[key]}")
                continue
            owner[key] = entry
            # What the rules call it, and the word itself (a house rule may use it).
            terms[key] = list(dict.fromkeys(t for t in targets + [key] if t))
    problems.raise_if_any()
    keys = list(terms) + list(filler)
    return Vocabulary(filler=frozenset(filler), terms={k: tuple(v) for k, v in terms.items()},
                      longest=max((len(k) for k in keys), default=1))


@lru_cache(maxsize=None)
def vocabulary() -> Vocabulary:
    return load_vocabulary(help_dir() / "vocabulary.toml")


# -- reading a question ---------------------------------------------------------------------

@frozen
class Concept:
    """One thing the player asked about, and the ways the rules may say it."""
    said: str
    alternatives: tuple[tuple[str, ...], ...]
    """Word tuples; any one of them matching counts."""
    prefix: bool = False
    """The last word, maybe still being typed: words starting with it count too."""
    corrected: str = ""
    """The word of the rules a misspelt word was read as ("" if none)."""


@frozen
class Question:
    ids: tuple[str, ...]
    concepts: tuple[Concept, ...]


def read_question(query: str, vocab: Vocabulary, known: Mapping[str, int] | None = None,
                  correct: Any = None) -> Question:
    """Split a player's question into rule ids and concepts (filler dropped,
    phrases and abbreviations looked up, misspellings corrected)."""
    if len(query) > MAX_QUERY:
        kept = query[:MAX_QUERY].rsplit(None, 1)
        query = (kept[0] if kept else "") + " "  # whole words only
    ids = tuple(dict.fromkeys(m.group(0).upper() if m.group(0)[0] in "cC" else m.group(0).lower()
                              for m in QUERY_ID.finditer(query)))
    rest = QUERY_ID.sub(" ", query)
    typing = bool(rest) and not rest[-1].isspace()
    words = words_of(rest)
    concepts: list[Concept] = []
    at = 0
    while at < len(words):
        for size in range(min(vocab.longest, len(words) - at), 0, -1):
            key = tuple(words[at:at + size])
            if key in vocab.filler:
                at += size
                break
            if key in vocab.terms:
                concepts.append(Concept(" ".join(key), vocab.terms[key]))
                at += size
                break
        else:
            word = words[at]
            at += 1
            last = typing and at == len(words)
            concepts.append(_plain_concept(word, last, vocab, known, correct))
    return Question(ids, tuple(_dedupe(concepts)))


def _plain_concept(word: str, last: bool, vocab: Vocabulary, known: Mapping[str, int] | None,
                   correct: Any) -> Concept:
    if known is None or word in known or word.isdigit():
        return Concept(word, ((word,),))
    if last and len(word) >= 3 and correct is not None and correct.has_prefix(word):
        return Concept(word, ((word,),), prefix=True)  # still being typed
    if len(word) < 4:
        return Concept(word, ((word,),))
    fixed = correct.nearest(word) if correct is not None else None
    if fixed is None:
        return Concept(word, ((word,),))
    if (fixed,) in vocab.terms:
        return Concept(word, vocab.terms[(fixed,)], corrected=fixed)
    return Concept(word, ((fixed,),), corrected=fixed)


def _dedupe(concepts: Iterable[Concept]) -> list[Concept]:
    seen: set[tuple[tuple[str, ...], ...]] = set()
    kept = []
    for concept in concepts:
        if concept.alternatives in seen:
            continue
        seen.add(concept.alternatives)
        kept.append(concept)
    return kept


# -- the index -----------------------------------------------------------------------------

@frozen
class Section:
    page: str
    page_title: str
    heading: str
    ids: tuple[str, ...]
    text: str
    """Plain text, as shown in snippets."""
    rule: str | None = None
    """The house rule this section is (None for the base rules and the program)."""
    available: bool = True
    keywords: str = ""
    """Indexed but not shown: a house rule's id, document, section and kind."""
    tables: str = ""
    """The section's tables, indexed with a low weight (shown in snippets only if nothing else matches)."""


@frozen
class SearchHit:
    page: str
    """The help page that shows the section (a house rule in force: `house-active`)."""
    page_title: str
    heading: str
    """The heading of the section ("" for the page's top)."""
    ids: tuple[str, ...]
    snippet: str
    marks: tuple[tuple[int, int], ...]
    """(start, end) of each matched word in `snippet`."""
    score: float
    status: str | None = None
    """House rules: "on" (in force in this game), "available" or "planned"."""
    rule: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"page": self.page, "page_title": self.page_title, "heading": self.heading, "ids": list(self.ids),
                "snippet": self.snippet, "highlights": [list(m) for m in self.marks], "score": round(self.score, 3),
                "status": self.status, "rule": self.rule}


class _Corrector:
    """Nearest known word to a misspelt one (rapidfuzz), and prefixes of known words."""

    def __init__(self, known: Mapping[str, int]) -> None:
        self.words = sorted(w for w in known if len(w) >= 3 and not w.isdigit())
        self.known = known

    def has_prefix(self, start: str) -> bool:
        from bisect import bisect_left

        at = bisect_left(self.words, start)
        return at < len(self.words) and self.words[at].startswith(start)

    def nearest(self, word: str) -> str | None:
        from rapidfuzz import fuzz, process

        cutoff = 80 if len(word) >= 6 else 75
        found = process.extract(word, self.words, scorer=fuzz.ratio, score_cutoff=cutoff, limit=5)
        if not found:
            return None
        best = max(score for _w, score, _i in found)
        # Among equally close words, the one the rules use most.
        return max((w for w, score, _i in found if score == best), key=lambda w: self.known.get(w, 0))


HEADING_WEIGHT, TITLE_WEIGHT, BODY_WEIGHT, KEYWORD_WEIGHT, TABLE_WEIGHT = 6.0, 1.5, 1.0, 2.0, 0.5
"""BM25 weights of the columns: a word in a heading says most; a word in a table
(unit names in every row of the price list) says little."""
ACTIVE_BOOST = 1.6
"""A house rule in force ranks before the base rule it changes."""
OTHER_HOUSE = 0.5
"""House rules not in force rank after base rules that answer as well..."""
PLANNED_HOUSE = 0.4
"""...and those that cannot be switched on yet after the others."""


class SearchIndex:
    """The sections and their FTS5 index (in memory, built once)."""

    def __init__(self, sections_: Iterable[Section], vocab: Vocabulary | None = None) -> None:
        self.sections = list(sections_)
        self.vocab = vocab if vocab is not None else vocabulary()
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE help USING fts5(heading, title, body, keywords, tables, "
                        "tokenize = 'porter unicode61 remove_diacritics 2')")
        # Rule ids in the text are stored as one made-up word each, so that the
        # TRANS of C-TRANS-1 is not the word "trans"; snippets turn them back.
        self.codes: dict[str, str] = {}
        self.db.executemany("INSERT INTO help(rowid, heading, title, body, keywords, tables) VALUES (?, ?, ?, ?, ?, ?)",
                            [(n, s.heading, s.page_title, self._coded(s.text), s.keywords, s.tables)
                             for n, s in enumerate(self.sections)])
        self.decode = {code: rule_id for rule_id, code in self.codes.items()}
        self.vocab = evolve(self.vocab, terms=self._one_per_stem(self.vocab.terms))
        known: dict[str, int] = dict(Counter(words_of(" ".join(f"{s.heading} {s.text}" for s in self.sections))))
        for key in self.vocab.terms:
            for word in key:
                known.setdefault(word, 1)
        self.known = known
        self.corrector = _Corrector(known)
        self.total = 0
        """How many sections matched the last search (before its limit)."""
        self.by_id: dict[str, list[int]] = {}
        for n, section in enumerate(self.sections):
            for rule_id in section.ids:
                self.by_id.setdefault(rule_id, []).append(n)

    def _one_per_stem(self, terms: Mapping[tuple[str, ...], tuple[tuple[str, ...], ...]]
                      ) -> dict[tuple[str, ...], tuple[tuple[str, ...], ...]]:
        """Drop alternatives that FTS5's porter stemmer makes the same (retreat,
        retreating): BM25 would count the same word twice."""
        words = sorted({w for alternatives in terms.values() for words in alternatives for w in words})
        self.db.execute("CREATE VIRTUAL TABLE stems USING fts5(w, tokenize = 'porter unicode61 remove_diacritics 2')")
        self.db.executemany("INSERT INTO stems(rowid, w) VALUES (?, ?)", enumerate(words))
        self.db.execute("CREATE VIRTUAL TABLE stem_of USING fts5vocab(stems, instance)")
        stem = {words[int(row)]: term for term, row in self.db.execute("SELECT term, doc FROM stem_of")}
        kept = {}
        for key, alternatives in terms.items():
            seen: dict[tuple[str, ...], tuple[str, ...]] = {}
            for words_ in alternatives:
                seen.setdefault(tuple(stem.get(w, w) for w in words_), words_)
            kept[key] = tuple(seen.values())
        return kept

    def _coded(self, text: str) -> str:
        return RULE_ID.sub(self._code, text) if "-" in text else text

    def _code(self, match: re.Match[str]) -> str:
        return self.codes.setdefault(match.group(0), f"qqrule{len(self.codes)}qq")

    def read(self, query: str) -> Question:
        return read_question(query, self.vocab, self.known, self.corrector)

    def search(self, query: str, active: Iterable[str] = (), limit: int = 20) -> list[SearchHit]:
        """The sections answering `query`, best first (at most `limit`; `self.total`
        then says how many matched in all). `active`: the house rules in force."""
        on = set(active)
        question = self.read(query)
        scores: dict[int, float] = {}
        matched: dict[int, int] = {}
        for rule_id in question.ids:
            for n in self._citing(rule_id):
                specific = 1.0 / len(self.sections[n].ids)
                scores[n] = scores.get(n, 0.0) + 1000.0 + specific - n / 10_000
        concepts = question.concepts
        expression = " OR ".join(_fts_group(c) for c in concepts)
        if concepts:
            for n, rank in self._query(expression, bm25=True):
                scores[n] = scores.get(n, 0.0) + rank
            if len(concepts) > 1:
                for concept in concepts:
                    for n, _ in self._query(_fts_group(concept)):
                        matched[n] = matched.get(n, 0) + 1
            else:
                matched = {n: 1 for n in scores}
        hits = []
        for n, score in scores.items():
            section = self.sections[n]
            if score < 1000:  # a rule id asked for outranks everything else
                if concepts:
                    score *= (matched.get(n, 0) / len(concepts)) ** 2
                if section.rule in on:
                    score *= ACTIVE_BOOST
                elif section.page.startswith("house-"):
                    score *= OTHER_HOUSE if section.available else PLANNED_HOUSE
            hits.append((score, n))
        hits.sort(key=lambda h: (-h[0], h[1]))
        ranked = [(score, n) for score, n in hits if score > 0]
        self.total = len(ranked)
        best = ranked[:limit]
        snippets = self._snippets(expression, [n for _score, n in best]) if concepts else {}
        return [self._hit(n, score, question, on, snippets.get(n)) for score, n in best]

    def _citing(self, rule_id: str) -> list[int]:
        found = list(self.by_id.get(rule_id, ()))
        for cited, rows in self.by_id.items():
            if cited != rule_id and cited.startswith(rule_id + "-"):
                found.extend(r for r in rows if r not in found)
        return found

    def _query(self, expression: str, bm25: bool = False) -> list[tuple[int, float]]:
        weights = f"{HEADING_WEIGHT}, {TITLE_WEIGHT}, {BODY_WEIGHT}, {KEYWORD_WEIGHT}, {TABLE_WEIGHT}"
        try:
            if bm25:
                rows = self.db.execute(f"SELECT rowid, -bm25(help, {weights}) FROM help WHERE help MATCH ?",
                                       (expression,)).fetchall()
            else:
                rows = self.db.execute("SELECT rowid, 0 FROM help WHERE help MATCH ?", (expression,)).fetchall()
        except sqlite3.Error:
            return []  # the expression is built from quoted words; this is only a safety net
        return [(int(n), float(rank)) for n, rank in rows]

    def _snippets(self, expression: str, rows: list[int]) -> dict[int, tuple[str, tuple[tuple[int, int], ...]]]:
        """FTS5's own snippets (it knows which stems matched) for these rows, with
        the matched words' positions."""
        if not rows:
            return {}
        marks = "?, " * len(rows)
        try:
            found = self.db.execute(
                f"SELECT rowid, snippet(help, 2, char(2), char(3), '...', {SNIPPET_WORDS}) FROM help "
                f"WHERE help MATCH ? AND rowid IN ({marks[:-2]})", (expression, *rows)).fetchall()
        except sqlite3.Error:
            return {}
        return {int(n): self._marked(text) for n, text in found}

    def _marked(self, text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
        """A snippet with \\x02 and \\x03 around matched words, to plain text (rule ids
        restored) and the matched words' positions."""
        pieces, marks, start, length = [], [], 0, 0
        for piece in re.split("([\x02\x03])", text):
            if piece == "\x02":
                start = length
            elif piece == "\x03":
                marks.append((start, length))
            else:
                piece = CODED.sub(lambda m: self.decode.get(m.group(0), m.group(0)), piece)
                pieces.append(piece)
                length += len(piece)
        return "".join(pieces), tuple(marks)

    def _hit(self, n: int, score: float, question: Question, on: set[str],
             snippet_and_marks: tuple[str, tuple[tuple[int, int], ...]] | None = None) -> SearchHit:
        section = self.sections[n]
        snippet, marks = snippet_and_marks or make_snippet(section.text, question)
        status = None
        page = section.page
        if section.rule is not None:
            status = "on" if section.rule in on else ("available" if section.available else "planned")
            if section.rule in on:
                page = ACTIVE_PAGE
        return SearchHit(page, section.page_title, section.heading, section.ids, snippet, marks, score, status,
                         section.rule)


SNIPPET_WORDS = 18


def _fts_group(concept: Concept) -> str:
    parts = []
    for words in concept.alternatives:
        parts.append('"' + " ".join(words) + '"')
        if concept.prefix and len(words) == 1:
            parts.append('"' + words[0] + '" *')
    return "(" + " OR ".join(parts) + ")"


# -- snippets ------------------------------------------------------------------------------

def make_snippet(text: str, question: Question, width: int = 110) -> tuple[str, tuple[tuple[int, int], ...]]:
    """About `width` characters of `text` around the matched words, and where
    each matched word is in it."""
    pattern = _marker(question)
    spans = [(m.start(), m.end()) for m in pattern.finditer(text)] if pattern is not None else []
    if not spans:
        piece = text[:width]
        return piece + ("..." if len(text) > width else ""), ()
    # The window holding the most matched words, starting near a word boundary.
    best_start, best_count = 0, -1
    for first, _ in spans[:20]:
        start = max(0, first - width // 4)
        count = sum(1 for s, e in spans if s >= start and e <= start + width)
        if count > best_count:
            best_start, best_count = start, count
    start = best_start
    if start:
        space = text.rfind(" ", 0, start + 1)
        start = 0 if space < 0 else (space + 1 if start - space < 15 else start)
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start + width // 2 else end
    lead = "..." if start else ""
    piece = lead + text[start:end] + ("..." if end < len(text) else "")
    shift = len(lead) - start
    marks = tuple((s + shift, e + shift) for s, e in spans if s >= start and e <= end)
    return piece, marks


@lru_cache(maxsize=64)
def _marker(question: Question) -> re.Pattern[str] | None:
    """A pattern for the words to highlight: each looked-up word by its rough stem
    (FTS5 matched it by stem), and the rule ids asked for."""
    stems: set[str] = set()
    short: set[str] = set()
    for concept in question.concepts:
        for words in concept.alternatives:
            for word in words:
                if len(word) < 4 and not concept.prefix:
                    short.add(re.escape(word))  # tr, bb, aa: whole words only
                    continue
                stem = word
                for ending in ("ing", "ies", "ed", "es", "s", "e", "y"):
                    if word.endswith(ending) and len(word) - len(ending) >= 3:
                        stem = word[: -len(ending)]
                        break
                stems.add(re.escape(stem))
    parts = []
    # Not inside a rule id: the SUB of C-COMBAT-SUB is not the word "sub".
    if stems:
        parts.append(r"(?<![\w-])(?:" + "|".join(sorted(stems, key=len, reverse=True)) + r")[a-z]*")
    if short:
        parts.append(r"(?<![\w-])(?:" + "|".join(sorted(short, key=len, reverse=True)) + r")s?(?![\w-])")
    parts.extend(re.escape(rule_id) + r"(?:-[A-Z0-9]+)*" for rule_id in question.ids)
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


# -- what is indexed ---------------------------------------------------------------------------

def base_sections() -> list[Section]:
    found = []
    for page in base_pages():
        for heading, body in sections(page.markdown):
            lines = body.splitlines()
            prose = plain("\n".join(line for line in lines if not line.lstrip().startswith("|")))
            tables = plain("\n".join(line for line in lines if line.lstrip().startswith("|")))
            ids = tuple(dict.fromkeys(RULE_ID.findall(f"{heading} {body}")))
            found.append(Section(page.id, page.title, heading, ids, prose or tables, tables=tables if prose else ""))
    return found


def house_sections(catalogue: Any) -> list[Section]:
    found = []
    for document in catalogue.documents:
        page, title = f"house-{document.seed}", f"House rules: {document.title}"
        summary = " ".join(document.summary.split())
        if summary:
            found.append(Section(page, title, document.title, (), summary, keywords=f"house rules {document.file}"))
        for rule in catalogue.rules:
            if rule.document is not document:
                continue
            params = " ".join(f"{p.name.replace('_', ' ')}: {p.help}" for p in rule.params)
            text = " ".join(f"{rule.help} {params}".split())
            cited = RULE_ID.findall(rule.help) if ("C-" in rule.help or "-" in rule.help) else []
            ids = (rule.id,) + tuple(i for i in dict.fromkeys(cited) if i != rule.id)
            keywords = " ".join((rule.id.replace("-", " "), rule.section, rule.kind, rule.group or "",
                                 document.title, "house rule"))
            found.append(Section(page, title, rule.title, ids, text, rule=rule.id, available=rule.available,
                                 keywords=keywords))
    return found


_CACHE: dict[tuple[Any, ...], SearchIndex] = {}
_BUILDING = threading.Lock()


def index_for(catalogue: Any) -> SearchIndex:
    """The index of the base help and this catalogue's house rules (built once per
    catalogue content; a build already under way in another thread is waited for)."""
    key = tuple((rule.id, rule.status, rule.help) for rule in catalogue.rules)
    with _BUILDING:
        index = _CACHE.get(key)
        if index is None:
            index = SearchIndex(base_sections() + house_sections(catalogue), vocabulary())
            _CACHE.clear()
            _CACHE[key] = index
    return index


def warm_up(catalogue: Callable[[], Any]) -> threading.Thread:
    """Build the index in the background (the app does this once its first screen
    is painted), so the help pane opens without waiting for it."""

    def build() -> None:
        try:
            index_for(catalogue())
        except Exception:  # noqa: BLE001 - the pane builds it again and reports the problem
            pass

    thread = threading.Thread(target=build, name="rules-search-index", daemon=True)
    thread.start()
    return thread
