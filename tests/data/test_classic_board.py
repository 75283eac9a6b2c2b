"""The classic board file: internally consistent and matching the printed game's facts."""

from collections import Counter, deque

import pytest

from axisallies_tui import setup


@pytest.fixture(scope="module")
def board():
    return setup.board("classic")


def test_spaces_and_neutrals(board):
    """C-BOARD-1, C-BOARD-7: 70 land territories, 58 sea zones, 14 neutrals."""
    kinds = Counter(s.kind for s in board.spaces)
    assert kinds == {"land": 70, "sea": 58}
    neutrals = {s.name for s in board.spaces if s.neutral}
    assert len(neutrals) == 14 and {"Turkey", "Spain", "Sweden", "Switzerland"} <= neutrals
    assert all(s.ipc == 0 and s.original_owner is None for s in board.spaces if s.neutral)


def test_adjacency_is_symmetric_and_everything_is_reachable(board):
    by_id = board.space_by_id
    edges = set()
    for space in board.spaces:
        for other in space.neighbours:
            assert space.id in by_id[other].neighbours
            edges.add(frozenset((space.id, other)))
    # classic.xml lists 310 connections, one of them twice: 309 distinct adjacencies
    assert len(edges) == 309
    seen, queue = {board.spaces[0].id}, deque([board.spaces[0].id])
    while queue:
        for other in by_id[queue.popleft()].neighbours:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    assert len(seen) == 128


def test_clarified_adjacencies(board):
    """C-BOARD-1: Kwangtung does not touch the Japan sea zone; Hudson Bay touches West Canada."""
    assert "japan_sea_zone" not in board.space("kwangtung").neighbours
    assert "west_canada" in board.space("east_canada_sea_zone").neighbours


def test_incomes_and_total(board):
    """C-BOARD-2, C-GAME-4: 147 in all; USSR 24, Germany 32, UK 30, Japan 25, USA 36."""
    assert sum(s.ipc for s in board.spaces) == 147
    income = Counter()
    for s in board.spaces:
        if s.original_owner:
            income[s.original_owner] += s.ipc
    assert income == {"ussr": 24, "germany": 32, "uk": 30, "japan": 25, "usa": 36}
    assert {p.id: p.starting_ipcs for p in board.powers} == dict(income)


def test_turn_order_sides_and_capitals(board):
    assert [p.id for p in board.powers] == ["ussr", "germany", "uk", "japan", "usa"]
    assert {p.id: p.side for p in board.powers} == {
        "ussr": "allies", "germany": "axis", "uk": "allies", "japan": "axis", "usa": "allies"}
    assert {p.id: board.capital_space(p.id).name for p in board.powers} == {
        "ussr": "Russia", "germany": "Germany", "uk": "United Kingdom", "japan": "Japan", "usa": "East US"}


STARTING_UNITS = {  # maps.md, "Starting units per power"
    "ussr": {"infantry": 19, "armour": 4, "fighter": 2, "transport": 1, "submarine": 1, "industrial_complex": 2, "aa_gun": 2},
    "germany": {"infantry": 19, "armour": 10, "fighter": 5, "bomber": 1, "transport": 2, "battleship": 1,
                "submarine": 2, "industrial_complex": 2, "aa_gun": 3},
    "uk": {"infantry": 10, "armour": 3, "fighter": 3, "bomber": 1, "transport": 3, "battleship": 2,
           "submarine": 1, "industrial_complex": 1, "aa_gun": 1},
    "japan": {"infantry": 19, "armour": 1, "fighter": 5, "bomber": 1, "transport": 2, "battleship": 2,
              "carrier": 1, "submarine": 1, "industrial_complex": 1, "aa_gun": 1},
    "usa": {"infantry": 11, "armour": 1, "fighter": 4, "bomber": 1, "transport": 2, "battleship": 1,
            "carrier": 1, "submarine": 1, "industrial_complex": 2, "aa_gun": 2},
}


def test_starting_units_per_power(board):
    totals: dict[str, Counter] = {}
    for start in board.starting_units:
        totals.setdefault(start.power, Counter())[start.unit] += start.count
    assert {p: dict(c) for p, c in totals.items()} == STARTING_UNITS


def test_original_factories_have_complexes(board):
    """C-BOARD-6."""
    factories = {s.name for s in board.spaces if s.original_factory}
    assert factories == {"East US", "West US", "Germany", "South Europe", "Japan", "Russia",
                         "Karelia S.S.R.", "United Kingdom"}
    with_complex = {board.space(u.space).name for u in board.starting_units if u.unit == "industrial_complex"}
    assert with_complex == factories


def test_canals(board):
    """C-BOARD-8."""
    canals = {c.name: (set(c.seas), set(c.land)) for c in board.canals}
    assert canals["Panama Canal"] == ({"caribbean_sea_zone", "west_panama_sea_zone"}, {"panama"})
    assert canals["Suez Canal"] == ({"east_mediterranean_sea_zone", "red_sea_zone"}, {"anglo_sudan_egypt", "syria_jordan"})


def test_islands_are_exactly_the_land_without_land_neighbours(board):
    """C-BOARD-9."""
    for s in board.spaces:
        if s.is_land:
            assert s.island == (not any(board.space(n).is_land for n in s.neighbours)), s.name
    assert board.space("united_kingdom").island and board.space("japan").island


def test_xml_spellings_remain_as_aliases(board):
    """Base rules, section 0: nicer names shown, the XML names kept as aliases."""
    assert "Carribean Sea Zone" in board.space("caribbean_sea_zone").aliases
    assert "Mediteranean" in " ".join(board.space("east_mediterranean_sea_zone").aliases)
