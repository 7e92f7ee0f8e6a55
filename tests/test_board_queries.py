"""The board's answers to rule questions: links by kind, pairs, and an area printed as its name."""

from rules.fauna import Board

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
