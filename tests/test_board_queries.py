"""The board's answers to rule questions: links by kind, pairs, and an area printed as its name."""

import re

import pytest

from rules.core.errors import DataError
from rules.fauna import Board
from rules.fauna.board import Area, Link, areas_from_doc

BOARD = Board.default()


def test_the_neighbours_of_an_area_come_with_the_kind_of_their_link():
    assert BOARD.neighbor_links("tasmania") == [("Tasman Sea", "coast")]
    links = dict(BOARD.neighbor_links("Amazon Basin"))
    assert sorted(links) == BOARD.neighbors("Amazon Basin") and set(links.values()) == {"border", "coast"}


def test_an_area_prints_as_its_name_and_pairs_are_sorted_once_each():
    assert str(BOARD.area("tasmania")) == "Tasmania"
    pairs = BOARD.pairs
    assert pairs == sorted(pairs) and all(a < b for a, b in pairs) and len(set(pairs)) == len(pairs)
    assert ("Tasman Sea", "Tasmania") in pairs


def test_an_area_given_as_an_area_is_itself():
    tas = BOARD.area("Tasmania")
    assert BOARD.area(tas) is tas


AREA_A, AREA_B = Area("Aa", "land", "Test"), Area("Bb", "marine", "Oceans", ("Bee",))


@pytest.mark.parametrize("areas,links,words", [
    ([AREA_A, AREA_B], [Link("Aa", "Cc", "coast")], "adjacency: unknown area in pair Aa | Cc"),
    ([AREA_A, AREA_B], [Link("Cc", "Bb", "coast")], "adjacency: unknown area in pair Cc | Bb"),
    ([AREA_A, AREA_B], [Link("Aa", "Aa", "coast")], "adjacency: Aa cannot border itself"),
    ([AREA_A, AREA_B], [Link("Aa", "Bb", "coast"), Link("Bb", "Aa", "coast")], "pair Bb | Aa listed twice"),
    ([AREA_A, AREA_B, Area("Cc", "land", "Test", ("bee",))], [], "'bee' names both Bb and Cc"),
])
def test_a_board_with_a_bad_link_or_alias_is_refused(areas, links, words):
    with pytest.raises(DataError, match=re.escape(words)):
        Board(areas, links)


def test_board_areas_are_read_with_their_kind_and_every_key():
    good = {"name": "Aa", "kind": "land", "continent": "Test"}
    assert areas_from_doc({"area": [good]}) == [Area("Aa", "land", "Test")]
    with pytest.raises(DataError, match="board.toml: area 2 lacks 'continent'"):
        areas_from_doc({"area": [good, {"name": "Bb", "kind": "land"}]})
    with pytest.raises(DataError, match="board.toml: area Bb has kind 'lake'"):
        areas_from_doc({"area": [good, {"name": "Bb", "kind": "lake", "continent": "Test"}]})
