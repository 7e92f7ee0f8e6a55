"""The board: 75 areas, the reference's 204 pairs, aliases, and every FAQ answer."""

import re
from pathlib import Path

import pytest

from rules.fauna import Board, UnknownArea

REFERENCE = Path(__file__).resolve().parent.parent / "docs" / "sources" / "fauna-board.md"


@pytest.fixture(scope="module")
def board():
    return Board.default()


def test_75_areas_56_land_19_marine(board):
    assert len(board.areas) == 75
    assert sum(a.kind == "land" for a in board.areas) == 56
    assert sum(a.kind == "marine" for a in board.areas) == 19
    assert len({a.name for a in board.areas}) == 75


def test_exactly_the_204_reference_pairs(board):
    pairs = re.findall(r"^- ([A-Z][^|\n]+?) \| ([^\n*]+?)(?: \*wrap\*)?$", REFERENCE.read_text(encoding="utf-8"), re.M)
    ref = sorted(pairs)
    assert len(ref) == 204
    assert board.pairs == ref


def test_adjacency_is_symmetric_and_irreflexive(board):
    for a in board.names:
        assert a not in board.neighbors(a)
        for b in board.neighbors(a):
            assert a in board.neighbors(b)


def test_the_issue_snippet(board):
    assert board.adjacent("Tasmania", "Tasman Sea") is True
    assert board.neighbors("Tasmania") == ["Tasman Sea"]
    assert board.area("japan").name == "Northwest Pacific Ocean"
    assert {a.kind for a in board.areas} == {"land", "marine"}


FAQ = [
    # (question, a, b, adjacent?) from the reference's FAQ table
    ("Mediterranean Sea adjacent to North Atlantic Ocean", "Mediterranean Sea", "North Atlantic Ocean", True),
    ("Iberian Peninsula adjacent to Atlas Mountains (Gibraltar)", "Iberian Peninsula", "Atlas Mountains", False),
    ("Turan Depression adjacent to Western Asia (Caspian)", "Turan Depression", "Western Asia", False),
    ("Arabia adjacent to Horn of Africa (Red Sea)", "Arabia", "Horn of Africa", False),
    ("Northern Indian Ocean adjacent to Eastern Sahara", "Northern Indian Ocean", "Eastern Sahara", True),
    ("Northern Indian Ocean adjacent to Sahel", "Northern Indian Ocean", "Sahel", True),
    ("Rocky Mountains adjacent to Great Plains", "Rocky Mountains", "Great Plains", True),
    ("Caribbean adjacent to Guyana", "Caribbean", "Guyana", True),
]


@pytest.mark.parametrize("question,a,b,expected", FAQ, ids=[q for q, *_ in FAQ])
def test_faq_adjacency(board, question, a, b, expected):
    assert board.adjacent(a, b) is expected
    assert board.adjacent(b, a) is expected


@pytest.mark.parametrize("mainland", ["Great Dividing Range", "Murray-Darling Basin", "Great Victoria Desert",
                                      "Cape Leeuwin", "Northern Australia"])
def test_faq_tasmania_not_adjacent_to_mainland(board, mainland):
    assert not board.adjacent("Tasmania", mainland)
    assert board.neighbors("Tasmania") == ["Tasman Sea"]


@pytest.mark.parametrize("place,area", [
    ("Japan", "Northwest Pacific Ocean"), ("Red Sea", "Northern Indian Ocean"), ("Gulf of Mexico", "Caribbean"),
    ("Middle America", "Central America"), ("Northern Mexico", "Mexico"), ("Kazakh Steppes", "Kazakh Steppe"),
    ("North Sea", "North Sea/Baltic Sea"), ("Baltic Sea", "North Sea/Baltic Sea"), ("Tibetan Plateau", "Tibet Plateau"),
    ("Kalahari", "Kalahari Desert"), ("Borneo", "Malay Archipelago"), ("New Guinea", "Melanesia"),
    ("Hawaii", "Central Pacific Ocean"), ("Iceland", "North Atlantic Ocean"), ("Black Sea", "Mediterranean Sea"),
    ("Sri Lanka", "Northern Indian Ocean"), ("Persian Gulf", "Northern Indian Ocean"), ("Svalbard", "Arctic Ocean"),
    ("Galapagos", "Central Pacific Ocean"), ("Falklands", "South Atlantic Ocean"),
    ("Canary Islands", "Central Atlantic Ocean"),
    ("Southern Mexico", "Central America"), ("murray darling basin", "Murray-Darling Basin"), ("KATANGA", "Katanga"),
    ("north sea / baltic sea", "North Sea/Baltic Sea"),
])
def test_aliases_and_membership(board, place, area):
    assert board.area(place).name == area


def test_unknown_area_suggests(board):
    with pytest.raises(UnknownArea) as err:
        board.area("Tasmaniaa")
    assert "Tasmania" in err.value.suggestions
    assert "did you mean 'Tasmania'" in str(err.value)


def test_edge_wrap_links(board):
    for a, b in [("Northeast Pacific Ocean", "Northwest Pacific Ocean"), ("Central Pacific Ocean", "Micronesia"),
                 ("Central Pacific Ocean", "Melanesia"), ("South Pacific Ocean", "Tasman Sea")]:
        assert board.link(a, b).kind == "wrap"
    assert board.link("Alaska", "Canada").kind == "border"
    assert board.link("Alaska", "Bering Sea").kind == "coast"
