"""s004-every-nation-for-itself: a free-for-all on the classic board.

Every power is a side of its own, at war with all the others. A new game
starts with each power holding only its capital, with one industrial complex
there and the starting money of the source's table; every other territory is
empty and nobody's. Land units take an empty unowned territory by moving in
during the combat move (it counts as enemy land with nobody to defend it).
The game is won by holding every land territory, or by being the last power
left: the others conceded or hold nothing at all. This rule's victory
replaces the edition's.
"""

from __future__ import annotations

from attrs import evolve

from axisallies_tui.engine.hooks import END_OF_TURN, HouseRule, implements
from axisallies_tui.engine.model import Board, Power, Space
from axisallies_tui.engine.rules import Rules
from axisallies_tui.engine.state import GameState, SpaceState
from axisallies_tui.engine.tx import Tx


@implements("s004-every-nation-for-itself")
class EveryNationForItself(HouseRule):
    def overlay_board(self, board: Board) -> Board:
        """Each power its own side with no special relations (all at war); the
        original territory of a power is its capital alone."""
        sides = side_names(board.powers)
        return evolve(
            board,
            powers=tuple(evolve(power, side=sides[power.id]) for power in board.powers),
            spaces=tuple(_capital_only(space) for space in board.spaces),
            relations=(),
        )

    def unowned_land_is_enemy(self, rules: Rules, state: GameState, power: str, space: str) -> bool | None:
        """Empty unowned land is taken like empty enemy land: in the combat move, on entry."""
        return True

    def on_setup(self, tx: Tx) -> None:
        """The free-for-all start: capitals with one complex, nothing else."""
        board = tx.board
        factory = next(unit.id for unit in tx.edition.unit_types if unit.has("factory"))
        capitals = {power.capital: power.id for power in board.powers}
        tx.update(spaces=tuple(SpaceState(owner=capitals.get(space.id)) for space in board.spaces))
        for power in board.powers:
            tx.add_units(power.capital, power.id, factory, 1)
            tx.set_power(evolve(tx.power(power.id), ipcs=self.starting_money(power)))

    def starting_money(self, power: Power) -> int:
        """The parameter `start_<power id>`, or the board's figure for a power the source does not list."""
        return int(self.params.get(f"start_{power.id}", power.starting_ipcs))

    def check_victory(self, rules: Rules, state: GameState, moment: str) -> tuple[str, str] | None:
        if moment != END_OF_TURN:
            return None
        board = rules.board
        owners = {held.owner for space, held in zip(board.spaces, state.spaces) if space.is_land}
        if len(owners) == 1 and (holder := owners.pop()) is not None:
            return board.side_of(holder), f"{board.power(holder).name} holds every territory on the map"
        standing = still_playing(board, state)
        if len(standing) == 1:
            return board.side_of(standing[0]), f"{board.power(standing[0]).name} is the last power left"
        return None


def _capital_only(space: Space) -> Space:
    if not space.is_land or space.capital_of is not None:
        return space
    return evolve(space, original_owner=None, original_factory=False)


def side_names(powers: tuple[Power, ...]) -> dict[str, str]:
    """A side id per power, read aloud as "the Germans win": the power's first
    alias (its people) when every power has a distinct one, else its id."""
    names = {power.id: (power.aliases[0] if power.aliases else power.id).lower() for power in powers}
    if len(set(names.values())) < len(names):
        return {power.id: power.id for power in powers}
    return names


def still_playing(board: Board, state: GameState) -> list[str]:
    """Powers that have not conceded and still hold a territory or a unit;
    a power with neither can never come back (it has no complex to build at)."""
    holding = {held.owner for held in state.spaces} | {unit.power for held in state.spaces for unit in held.units}
    return [power.id for power in board.powers if power.id not in state.eliminated and power.id in holding]
