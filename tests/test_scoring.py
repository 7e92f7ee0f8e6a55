"""Both scoring tables, row by row at their boundaries, and the scale points."""

import pytest
from helpers import animal, game

from rules.fauna import AreaMove, Board, ConfigError, IllegalMove, ScaleMove, ScoringTable, preset

PUBLISHED = [  # (areas, correct, adjacent) from the rulebook table
    (1, 12, 8), (2, 10, 5), (3, 8, 4), (4, 8, 4), (5, 6, 2), (8, 6, 2), (9, 4, 1), (16, 4, 1), (17, 3, 0), (40, 3, 0),
]
REFERENCE_MANUAL = [  # exactly as printed in the condensed reference manual
    (1, 10, 0), (2, 9, 0), (3, 9, 0), (4, 8, 0), (5, 8, 0), (6, 7, 0), (7, 7, 0), (8, 6, 0), (9, 6, 0), (10, 5, 0),
    (12, 5, 0), (13, 4, 1), (16, 4, 1), (17, 3, 0), (20, 3, 0), (21, 2, 0), (25, 2, 0), (26, 1, 0), (40, 1, 0),
]


def homes(n):
    """n areas grown outward from the Antarctic, so some area is always next to them."""
    board = Board.default()
    order, frontier = [], ["Antarctic"]
    while len(order) < n:
        a = frontier.pop(0)
        if a not in order:
            order.append(a)
            frontier += board.neighbors(a)
    return order


def outside_neighbor(areas):
    board = Board.default()
    return next(b for a in areas for b in board.neighbors(a) if b not in areas)


def far_area(areas):
    board = Board.default()
    return next(a for a in board.names if a not in areas and not any(board.adjacent(a, h) for h in areas))


@pytest.mark.parametrize("table,rows", [("published", PUBLISHED), ("reference-manual", REFERENCE_MANUAL)])
def test_every_row_at_its_boundaries(table, rows):
    for n, correct, adjacent in rows:
        areas = homes(n)
        g = game(animals=[animal(areas=areas)], table=table)
        assert g.score_move(AreaMove(areas[-1]))[:2] == ("correct", correct), n
        verdict, points, _ = g.score_move(AreaMove(outside_neighbor(areas)))
        assert points == adjacent, n
        assert verdict == ("adjacent" if adjacent else "nothing"), n
        assert g.score_move(AreaMove(far_area(areas)))[:2] == ("nothing", 0)


def test_published_table_rows_as_printed():
    t = preset("published")
    assert [(r.span, r.correct, r.adjacent) for r in t.rows] == [
        ("1", 12, 8), ("2", 10, 5), ("3-4", 8, 4), ("5-8", 6, 2), ("9-16", 4, 1), ("17+", 3, 0)]
    assert (t.scale_correct, t.scale_adjacent) == (7, 3)


def test_reference_manual_rows_as_printed():
    t = preset("reference-manual")
    assert [(r.span, r.correct, r.adjacent) for r in t.rows] == [
        ("1", 10, 0), ("2-3", 9, 0), ("4-5", 8, 0), ("6-7", 7, 0), ("8-9", 6, 0), ("10-12", 5, 0), ("13-16", 4, 1),
        ("17-20", 3, 0), ("21-25", 2, 0), ("26+", 1, 0)]


def test_scale_points_correct_neighbour_and_far():
    g = game(animals=[animal(weight=390)])  # Grevy's zebra example: 200-500 kg is space 18
    assert g.score_move(ScaleMove("weight", 17))[:2] == ("correct", 7)
    assert g.score_move(ScaleMove("weight", 16))[:2] == ("adjacent", 3)
    assert g.score_move(ScaleMove("weight", 18))[:2] == ("adjacent", 3)
    assert g.score_move(ScaleMove("weight", 19))[:2] == ("nothing", 0)   # 1-2 t


def test_first_and_last_space_have_one_neighbour():
    g = game(animals=[animal(weight="0.0005", length=8000)])
    assert g.score_move(ScaleMove("weight", 0))[:2] == ("correct", 7)
    assert g.score_move(ScaleMove("weight", 1))[:2] == ("adjacent", 3)
    assert g.score_move(ScaleMove("length", 18))[:2] == ("correct", 7)
    assert g.score_move(ScaleMove("length", 17))[:2] == ("adjacent", 3)


@pytest.mark.parametrize("doc,key", [
    ({"row": [{"min": 2, "correct": 1, "adjacent": 0}]}, "min"),
    ({"row": [{"min": 1, "max": 2, "correct": 1, "adjacent": 0}]}, "max"),
    ({"row": [{"min": 1, "max": 2, "correct": 1, "adjacent": 0}, {"min": 4, "correct": 1, "adjacent": 0}]}, "min"),
    ({"row": [{"min": 1, "correct": -1, "adjacent": 0}]}, "correct"),
    ({"row": [{"min": 1, "correct": 1, "adjacent": 0, "bonus": 2}]}, "bonus"),
    ({"rows": []}, "rows"),
])
def test_custom_table_validation(doc, key):
    with pytest.raises(ConfigError) as err:
        ScoringTable.from_dict(doc, "my.toml")
    assert err.value.key == key
    assert str(err.value).startswith("my.toml")


def test_a_piece_asked_about_on_a_closed_scale_scores_nothing_and_says_why():
    """Rule questions may ask about a spot no piece can take; the answer is nothing, with the reason."""
    g = game(animals=[animal("Snake", areas=["Tasmania"], weight=2, length=150, tail=None)])
    verdict, points, why = g.score_move(ScaleMove("tail", 3))
    assert (verdict, points) == ("nothing", 0) and why == "the tail length scale is closed for this animal"
    with pytest.raises(IllegalMove, match="N/A for this animal"):
        g.apply(ScaleMove("tail", 3))
