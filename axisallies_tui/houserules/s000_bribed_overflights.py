"""s000-bribed-overflights: a power pays for each still-neutral territory its
aircraft fly over; the bribe lasts the rest of its turn."""

from __future__ import annotations

from collections.abc import Sequence

from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import AIR
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState


def _mark(power: str, space: str) -> str:
    return f"bribed:{power}:{space}"


@implements("s000-bribed-overflights")
class BribedOverflights(HouseRule):
    def may_overfly_neutral(self, rules: Rules, state: GameState, power: str, space: str) -> bool | None:
        return True

    def move_costs(
        self, rules: Rules, state: GameState, power: str, units: tuple[str, ...], path: tuple[str, ...]
    ) -> Sequence[tuple[int, str, str]]:
        if not units or any(rules.edition.unit(u).domain != AIR for u in units):
            return ()
        fees: list[tuple[int, str, str]] = []
        for space_id in dict.fromkeys(path[:-1]):  # the destination is never a neutral (no landing there)
            space = rules.board.space(space_id)
            neutral = space.neutral and state.spaces[space.index].owner is None
            if neutral and _mark(power, space_id) not in state.turn.marks:
                fees.append((int(self.params["bribe_cost"]), f"bribing {space.name} to look away", _mark(power, space_id)))
        return fees
