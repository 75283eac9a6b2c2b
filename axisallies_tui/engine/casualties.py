"""Casualties piece by piece (C-COMBAT-3, C-COMBAT-SUB).

A casualty question lists the pieces that may take the hits (`CasualtyPiece`:
id, owner, type, damage, cargo, where it came from) and how many hits must be
taken, of which how many only sea units may take (submarine hits never strike
aircraft). It travels with the pending decision, so the interface and the
headless protocol know exactly which answers are allowed.

Answers name pieces by unit id: `#12, #15` is one hit on each, `#12=2` two
hits on one piece (a fresh two-hit battleship sunk). The older answers by type
(`infantry=2`) stay valid: saved games replay them, and combat.py reads them.
Pure functions over the question; combat.py builds the question and applies
the outcome.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from attrs import frozen

from axisallies_tui.engine.errors import IllegalAction
from axisallies_tui.engine.model import Edition

PIECE_MARK = "#"
SEA_DOMAIN = "sea"


@frozen
class CasualtyPiece:
    """One piece a casualty answer may name."""

    uid: int
    power: str
    type: str
    domain: str
    hits_left: int
    """Hits it takes before it is lost (1 for most; 2 for an undamaged two-hit ship)."""
    damage: int = 0
    """Damage already taken, counting damage chosen this round."""
    cargo: tuple[str, ...] = ()
    """Types of the units aboard (they go down with it)."""
    came_from: str | None = None
    """The space it entered the battle from this turn (where it could retreat to)."""
    moved: int = 0
    """Movement points it used this turn (how far an aircraft still flies)."""

    def alike(self) -> tuple[object, ...]:
        """Pieces with equal keys are interchangeable as casualties."""
        return (self.power, self.type, self.damage, self.hits_left, self.cargo, self.came_from, self.moved)


@frozen
class CasualtyQuestion:
    """What a casualty decision asks: `hits` hits on `pieces`, at least `sea_hits`
    of them on sea pieces."""

    hits: int
    sea_hits: int = 0
    pieces: tuple[CasualtyPiece, ...] = ()


Hits = dict[int, int]
"""Hits per piece (unit id)."""


def names_pieces(text: str) -> bool:
    """Whether an answer names pieces by id rather than counting types."""
    return text.strip().startswith(PIECE_MARK)


def parse_piece_answer(text: str) -> Hits:
    """`#12, #15=2` as hits per unit id. Raises IllegalAction."""
    hits: Hits = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, sep, number = item.partition("=")
        uid = name.strip()[len(PIECE_MARK):]
        if not name.strip().startswith(PIECE_MARK) or not uid.isdigit() or (sep and not number.strip().isdigit()):
            raise IllegalAction(f"name a piece as #id or #id=hits, not {item!r}")
        hits[int(uid)] = hits.get(int(uid), 0) + (int(number) if sep else 1)
    return hits


def format_piece_answer(hits: Hits) -> str:
    return ", ".join(f"{PIECE_MARK}{uid}" + (f"={n}" if n > 1 else "") for uid, n in sorted(hits.items()) if n)


def piece_answer_text(question: CasualtyQuestion, hits: Hits, edition: Edition) -> str:
    """A piece answer as people read it: "infantry #12, battleship #15 (2 hits),
    transport #162 (2 infantry aboard)"."""
    pieces = {piece.uid: piece for piece in question.pieces}
    parts = []
    for uid, count in sorted(hits.items()):
        piece = pieces.get(uid)
        if piece is None or not count:
            continue
        notes = [f"{count} hits"] if count > 1 else []
        if piece.cargo:
            notes.append(", ".join(f"{n} {_name(edition, cargo)}" for cargo, n in Counter(piece.cargo).items())
                         + " aboard")
        parts.append(f"{_name(edition, piece.type)} {PIECE_MARK}{uid}" + (f" ({'; '.join(notes)})" if notes else ""))
    return ", ".join(parts)


def _name(edition: Edition, unit: str) -> str:
    return edition.unit(unit).name.lower() if unit in edition.unit_by_id else unit


def piece_problem(question: CasualtyQuestion, hits: Hits) -> str | None:
    """Why `hits` is not an allowed answer to `question`, or None."""
    pieces = {p.uid: p for p in question.pieces}
    for uid, n in sorted(hits.items()):
        piece = pieces.get(uid)
        if piece is None:
            return f"piece #{uid} cannot take these hits"
        if n < 1 or n > piece.hits_left:
            return f"piece #{uid} takes at most {piece.hits_left} hit{'s' if piece.hits_left > 1 else ''}"
        if 1 < n < piece.hits_left:
            return f"piece #{uid} is either damaged (1 hit) or lost ({piece.hits_left} hits)"
    total = sum(hits.values())
    if total != question.hits:
        return f"choose exactly {question.hits} hit{'s' if question.hits != 1 else ''} (you named {total})"
    return sea_hits_problem(question, sum(n for uid, n in hits.items() if pieces[uid].domain == SEA_DOMAIN))


def sea_hits_problem(question: CasualtyQuestion, at_sea: int) -> str | None:
    """Why an answer putting `at_sea` hits on sea units is refused, or None."""
    if at_sea >= question.sea_hits:
        return None
    if question.sea_hits == 1:
        rule = "1 of the hits is a submarine hit: it must fall on a sea unit"
    else:
        rule = f"{question.sea_hits} of the hits are submarine hits: they must fall on sea units"
    return f"{rule}, not an aircraft (you put {at_sea} on sea units)"


def outcome(question: CasualtyQuestion, hits: Hits) -> tuple[list[int], list[int]]:
    """(ids lost, ids only damaged) by an allowed answer."""
    pieces = {p.uid: p for p in question.pieces}
    lost = sorted(uid for uid, n in hits.items() if n >= pieces[uid].hits_left)
    damaged = sorted(uid for uid, n in hits.items() if 0 < n < pieces[uid].hits_left)
    return lost, damaged


def default_hits(question: CasualtyQuestion, rank: Callable[[CasualtyPiece], object]) -> Hits:
    """The owner's default: a hit that only damages a two-hit piece costs nothing
    and comes first; then the pieces lowest in `rank` (the loss they cost) go.
    The sea-only hits take sea pieces first, the rest take anything left."""
    ordered = sorted(question.pieces, key=rank)  # type: ignore[arg-type]
    hits: Hits = {}
    sea_left, any_left = question.sea_hits, question.hits - question.sea_hits

    def spend(piece: CasualtyPiece, most: int, sea: bool, other: bool) -> None:
        nonlocal sea_left, any_left
        room = min(piece.hits_left - hits.get(piece.uid, 0), most)
        from_sea = min(room, sea_left) if sea and piece.domain == SEA_DOMAIN else 0
        from_any = min(room - from_sea, any_left) if other else 0
        sea_left -= from_sea
        any_left -= from_any
        if from_sea + from_any:
            hits[piece.uid] = hits.get(piece.uid, 0) + from_sea + from_any

    for piece in ordered:  # free damage first, from either kind of hit
        if piece.hits_left > 1:
            spend(piece, piece.hits_left - 1, sea=True, other=True)
    for piece in ordered:
        spend(piece, piece.hits_left, sea=True, other=False)
    for piece in ordered:
        spend(piece, piece.hits_left, sea=False, other=True)
    return hits


def all_alike(question: CasualtyQuestion) -> bool:
    """True when the pieces are interchangeable: there is nothing to choose."""
    return len({p.alike() for p in question.pieces}) <= 1


def all_alike_per_type(question: CasualtyQuestion) -> bool:
    """True when the pieces of each type are interchangeable (an answer by type says it all)."""
    kinds: dict[tuple[str, str], set[tuple[object, ...]]] = {}
    for piece in question.pieces:
        kinds.setdefault((piece.power, piece.type), set()).add(piece.alike())
    return all(len(keys) == 1 for keys in kinds.values())


def capacity(pieces: tuple[CasualtyPiece, ...] | list[CasualtyPiece], sea_only: bool = False) -> int:
    return sum(p.hits_left for p in pieces if not sea_only or p.domain == SEA_DOMAIN)
