"""s000-straits: a side holding both shores of a strait shuts it to enemy
surface ships; submarines always pass. The straits, what a still-neutral
shore counts as, and a shore that holds a strait alone are board data
(`[straits.*]` in the board file)."""

from __future__ import annotations

from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import SEA, Strait
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState

CLOSED_TO_ALL = "everyone"


@implements("s000-straits")
class Straits(HouseRule):
    def may_enter(
        self, rules: Rules, state: GameState, power: str, units: tuple[str, ...], frm: str, to: str
    ) -> str | None:
        kinds = [rules.edition.unit(u) for u in units]
        if not any(kind.domain == SEA and not kind.has("submarine") for kind in kinds):
            return None
        mover = rules.board.side_of(power)
        for strait in rules.board.straits:
            if {frm, to} != set(strait.seas):
                continue
            holder = shut_by(rules, state, strait)
            if holder == CLOSED_TO_ALL:
                return f"the {strait.name} is closed to all surface ships while its shore is neutral"
            if holder is not None and holder != mover:
                return f"the {strait.name} is held by the {holder.capitalize()}: it is shut to your surface ships"
        return None


def shut_by(rules: Rules, state: GameState, strait: Strait) -> str | None:
    """The side holding the strait (it shuts it to the other side),
    CLOSED_TO_ALL, or None when the strait is open."""
    board = rules.board
    if strait.alone is not None:
        owner = state.spaces[board.space(strait.alone).index].owner
        if owner is not None:
            return board.side_of(owner)
    policy = dict(strait.neutral)
    sides = set()
    for shore in strait.land:
        owner = state.spaces[board.space(shore).index].owner
        if owner is None:
            rule = policy.get(shore)
            if rule == "open":
                return None
            if rule == "closed":
                return CLOSED_TO_ALL
            if rule == "ignore":
                continue
            return None
        sides.add(board.side_of(owner))
    return sides.pop() if len(sides) == 1 else None
