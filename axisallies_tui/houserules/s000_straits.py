"""s000-straits: a side holding both shores of a strait shuts it to enemy
surface ships; submarines always pass. The straits and what a still-neutral
shore counts as are board data (`[straits.*]` in the board file)."""

from __future__ import annotations

from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import SEA, Strait

CLOSED_TO_ALL = "everyone"


@implements("s000-straits")
class Straits(HouseRule):
    def may_enter(self, rules, state, power, units, frm, to):  # type: ignore[no-untyped-def]
        surface = [u for u in units if rules.edition.unit(u).domain == SEA and not rules.edition.unit(u).has("submarine")]
        if not surface:
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


def shut_by(rules, state, strait: Strait) -> str | None:  # type: ignore[no-untyped-def]
    """The side holding every shore (it shuts the strait to the other side),
    CLOSED_TO_ALL, or None when the strait is open."""
    policy = dict(strait.neutral)
    sides = set()
    for shore in strait.land:
        owner = state.spaces[rules.board.space(shore).index].owner
        if owner is None:
            rule = policy.get(shore)
            if rule == "open":
                return None
            if rule == "closed":
                return CLOSED_TO_ALL
            if rule == "ignore":
                continue
            return None
        sides.add(rules.board.side_of(owner))
    return sides.pop() if len(sides) == 1 else None
