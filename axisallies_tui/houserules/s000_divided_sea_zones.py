"""s000-divided-sea-zones: the North Sea, Japan and Red Sea zones of the
classic board are each cut into a western and an eastern zone.

The source names no borders for the halves; the catalogue's layout is the
data below. The board file stays as it is: `overlay_board` builds the split
board once per game, with every neighbour list updated both ways, the spaces
re-indexed (a space's index is its place in `Board.spaces` and in
`GameState.spaces`), ships that start in a split zone moved to its west
half, and canals and straits that touched a split zone pointed at the half
that touches their other sea.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from attrs import evolve, frozen

from axisallies_tui.engine.hooks import HouseRule, implements
from axisallies_tui.engine.model import Board, Canal, Space, StartingUnits, Strait


@frozen
class Half:
    """One half of a split zone and the spaces it borders (besides its twin)."""

    id: str
    name: str
    aliases: tuple[str, ...]
    neighbours: tuple[str, ...]


SPLITS: Mapping[str, tuple[Half, Half]] = MappingProxyType({
    "north_sea_zone": (
        Half("west_north_sea_zone", "West North Sea Zone", ("UK West", "North Sea West"),
             ("united_kingdom", "eire", "east_canada_sea_zone", "west_spain_sea_zone")),
        Half("east_north_sea_zone", "East North Sea Zone", ("UK East", "North Sea East"),
             ("united_kingdom", "west_europe", "finland_norway", "baltic_sea_zone", "karelia_sea_zone")),
    ),
    "japan_sea_zone": (
        Half("west_japan_sea_zone", "West Japan Sea Zone", ("Japan West",),
             ("japan", "manchuria", "kwangtung_sea_zone", "soviet_far_east_sea_zone", "philippines_sea_zone")),
        Half("east_japan_sea_zone", "East Japan Sea Zone", ("Japan East",),
             ("japan", "north_pacific_sea_zone", "wake_island_sea_zone", "okinawa_sea_zone")),
    ),
    "red_sea_zone": (
        Half("west_red_sea_zone", "West Red Sea Zone", ("Red Sea West",),
             ("anglo_sudan_egypt", "italian_east_africa", "east_mediterranean_sea_zone", "mozambique_sea_zone")),
        Half("east_red_sea_zone", "East Red Sea Zone", ("Red Sea East",),
             ("syria_jordan", "saudi_arabia", "persia", "indian_ocean_sea_zone", "west_compass_sea_zone")),
    ),
})
"""Split zone -> (west half, east half), as catalogue section 3.1 lays them out."""


@implements("s000-divided-sea-zones")
class DividedSeaZones(HouseRule):
    def overlay_board(self, board: Board) -> Board:
        return split_board(board, SPLITS)


def split_board(board: Board, splits: Mapping[str, tuple[Half, Half]]) -> Board:
    """`board` with each zone in `splits` replaced by its two halves."""
    for zone, halves in splits.items():
        _check_split(board, zone, halves)
    spaces: list[Space] = []
    for space in board.spaces:
        if space.id in splits:
            west, east = splits[space.id]
            spaces += [_half_space(space, west, east), _half_space(space, east, west)]
        else:
            spaces.append(_rewired(space, splits))
    return evolve(
        board,
        spaces=tuple(evolve(space, index=i) for i, space in enumerate(spaces)),
        starting_units=tuple(_moved_west(start, splits) for start in board.starting_units),
        canals=tuple(evolve(canal, seas=_seas(canal, splits)) for canal in board.canals),
        straits=tuple(evolve(strait, seas=_seas(strait, splits)) for strait in board.straits),
    )


def _check_split(board: Board, zone: str, halves: tuple[Half, Half]) -> None:
    """The halves share out exactly the zone's borders: a board whose zone
    differs from the layout is refused rather than split wrongly."""
    if zone not in board.space_by_id:
        raise ValueError(f"s000-divided-sea-zones: the {board.id} board has no {zone}")
    touched = set(halves[0].neighbours) | set(halves[1].neighbours)
    if touched != set(board.space(zone).neighbours):
        raise ValueError(f"s000-divided-sea-zones: the halves of {zone} do not match its borders on {board.id}")


def _half_space(zone: Space, half: Half, twin: Half) -> Space:
    return evolve(zone, id=half.id, name=half.name, aliases=half.aliases,
                  neighbours=half.neighbours + (twin.id,))


def _rewired(space: Space, splits: Mapping[str, tuple[Half, Half]]) -> Space:
    """A space bordering a split zone now borders the half (or halves) that list it;
    a land territory touching both halves of one zone is no island any more."""
    neighbours: list[str] = []
    both = False
    for other in space.neighbours:
        if other not in splits:
            neighbours.append(other)
            continue
        mine = [half.id for half in splits[other] if space.id in half.neighbours]
        both = both or len(mine) == 2
        neighbours += mine
    return evolve(space, neighbours=tuple(neighbours), island=space.island and not both)


def _moved_west(start: StartingUnits, splits: Mapping[str, tuple[Half, Half]]) -> StartingUnits:
    """Ships that start in a split zone start in its west half."""
    return evolve(start, space=splits[start.space][0].id) if start.space in splits else start


def _seas(passage: Canal | Strait, splits: Mapping[str, tuple[Half, Half]]) -> tuple[str, str]:
    """A canal's or strait's two seas, a split zone replaced by the half that
    touches the other sea (the Suez canal opens on the West Red Sea)."""
    first, second = passage.seas

    def side(sea: str, other: str) -> str:
        if sea not in splits:
            return sea
        touching = [half.id for half in splits[sea] if other in half.neighbours]
        if len(touching) != 1:
            raise ValueError(f"s000-divided-sea-zones: {passage.name} would not lead to one half of {sea}")
        return touching[0]

    return side(first, second), side(second, first)
