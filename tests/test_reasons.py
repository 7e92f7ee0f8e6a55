"""What the round table says about each piece, and what a state tells players between moves."""

import pytest
from helpers import animal, game, place_all_first_round

from rules.fauna import PASS, AreaMove, IllegalMove, ScaleMove
from rules.fauna.events import RoundEvaluated

AMAZON_RING = ["Andes", "Brazil", "Central Atlantic Ocean", "Gran Chaco", "Guyana"]  # the Amazon Basin's neighbours


@pytest.mark.parametrize("homes,table,area,why", [
    (["Tasmania"], "published", "Tasmania", "lives here; 1 area, row 1 area: 12 points"),
    (["Tasmania", "Tasman Sea"], "published", "Tasmania", "lives here; 2 areas, row 2 areas: 10 points"),
    (["Tasmania"], "published", "Tasman Sea", "next to Tasmania; 1 area, row 1 area: 8 points"),
    (["Andes", "Brazil", "Guyana"], "published", "Amazon Basin",
     "next to Andes, Brazil, Guyana; 3 areas, row 3-4 areas: 4 points"),
    (AMAZON_RING, "published", "Amazon Basin",
     "next to Andes, Brazil, Central Atlantic Ocean ...; 5 areas, row 5-8 areas: 2 points"),
    (["Tasmania"], "reference-manual", "Tasman Sea",
     "next to Tasmania, but the row 1 area gives nothing for adjacent areas"),
    (["Tasmania"], "published", "Sahel", "not a home area and not next to one"),
])
def test_a_map_piece_is_explained_by_the_tables_row(homes, table, area, why):
    g = game(animals=[animal(areas=homes)], table=table)
    assert g.score_move(AreaMove(area))[2] == why


@pytest.mark.parametrize("space,verdict,why", [
    ("weight 200-500 kg", "correct", "correct space: 7 points"),
    ("weight 500 kg-1 t", "adjacent", "next to the correct space 200-500 kg: 3 points"),
    ("weight 1-2 t", "nothing", "the correct space is 200-500 kg"),
])
def test_a_scale_piece_is_explained_by_the_correct_space(space, verdict, why):
    g = game(animals=[animal(areas=["Tasmania"], weight=390)])
    assert g.score_move(g.parse(space)) == (verdict, {"correct": 7, "adjacent": 3, "nothing": 0}[verdict], why)


def test_the_correct_space_of_the_current_or_another_animal():
    bear, mouse = animal("Bear", weight=390, tail=None), animal("Mouse", weight=0.02)
    g = game(animals=[bear, mouse])
    assert g.scales.get("weight").label(g.correct_space("weight"), "metric") == "200-500 kg"
    assert g.scales.get("weight").label(g.correct_space("weight", mouse), "metric") == "20-50 g"
    assert g.correct_space("tail") is None and g.correct_space("length") is None  # N/A, not asked
    assert g.answer(mouse).measures == (("weight", "weight", "20 g", "20-50 g"),)
    assert g.answer().measures == (("weight", "weight", "390 kg", "200-500 kg"), ("tail", "tail", "N/A", "closed"))


def test_pass_is_legal_only_after_a_first_piece_this_round():
    g = game(players=("alice", "bob"), animals=[animal(areas=["Tasmania"])])
    assert PASS not in g.legal_moves()
    g.apply("Tasmania", "alice")
    assert PASS not in g.legal_moves()  # bob has not placed yet
    g.apply("Sahel", "bob")
    assert g.legal_moves()[0] == PASS and AreaMove("Tasmania") not in g.legal_moves()
    assert len(g.legal_moves()) == 1 + len(g.board.names) - 2


def test_what_is_taken_is_shown_with_its_owner_in_placement_order():
    g = game(players=("alice", "bob"), animals=[animal(areas=["Tasmania"], weight=390)])
    g.apply("weight 3", "alice")
    g.apply("tasman sea", "bob")
    assert g.taken() == [("weight 2-5 g", "alice"), ("Tasman Sea", "bob")]
    assert g.view("alice")["taken"] == [{"spot": "weight 2-5 g", "player": "alice"},
                                        {"spot": "Tasman Sea", "player": "bob"}]
    assert g.moves == [ScaleMove("weight", 2), AreaMove("Tasman Sea")]
    assert g.pieces == {("scale", "weight", 2): 0, ("area", "Tasman Sea"): 1}


def test_a_quiet_move_changes_the_state_as_a_loud_one_but_reports_nothing():
    loud, quiet = (game(players=("alice", "bob"), animals=[animal(areas=["Tasmania"])]) for _ in range(2))
    assert loud.apply("Tasmania", "alice") != []
    assert quiet.apply("Tasmania", "alice", quiet=True) == []
    assert (quiet.hand, quiet.taken(), quiet.to_move, quiet.seq) == (loud.hand, loud.taken(), loud.to_move, loud.seq)


def test_the_evaluation_reports_points_pieces_back_and_pieces_lost_before_the_upkeep():
    g = game(players=("alice", "bob"), animals=[animal(areas=["Tasmania"]), animal("Two", areas=["Madagascar"])])
    events = place_all_first_round(g, {"alice": ["Tasmania", "Sahel", "Gobi"], "bob": ["Tasman Sea"]})
    ev = next(e for e in events if isinstance(e, RoundEvaluated))
    rounds = {r.player: (r.points, r.total, r.returned, r.lost) for r in ev.players}
    assert rounds == {"alice": (12, 12, 1, 2), "bob": (8, 8, 1, 0)}
    assert (g.hand, g.stock) == ([5, 6], [1, 0])  # then the upkeep: alice takes one of her two lost pieces back


def test_the_second_rounds_evaluation_reports_that_rounds_points_and_the_last_evaluation_stays_readable():
    g = game(players=("alice", "bob"), animals=[animal(areas=["Tasmania"]), animal("Two", areas=["Madagascar"])])
    assert g.evaluated == ()
    place_all_first_round(g, {"alice": ["Tasmania"], "bob": ["Sahel", "Brazil"]})
    assert g.evaluated == ((0, AreaMove("Tasmania"), "correct", 12), (1, AreaMove("Sahel"), "nothing", 0),
                           (1, AreaMove("Brazil"), "nothing", 0))
    assert g.stock == [0, 1]  # bob lost two and took one back
    events = place_all_first_round(g, {"bob": ["Madagascar"], "alice": ["Tasmania"]})
    ev = next(e for e in events if isinstance(e, RoundEvaluated))
    assert {r.player: (r.points, r.total, r.returned, r.lost) for r in ev.players} == {
        "alice": (0, 12, 0, 1), "bob": (12, 12, 1, 0)}
    assert g.evaluated == ((1, AreaMove("Madagascar"), "correct", 12), (0, AreaMove("Tasmania"), "nothing", 0))
    assert g.check(AreaMove("Sahel")) == g.board.names.index("Sahel")  # the spot a move takes, by position
    g.apply("Sahel")
    g.apply("Brazil")
    assert g.check(PASS) == -1


def test_a_quiet_pass_changes_the_state_but_reports_nothing():
    g = game(players=("alice", "bob"), animals=[animal(areas=["Tasmania"])])
    g.apply("Tasmania", "alice")
    g.apply("Sahel", "bob")
    assert g.apply("pass", "alice", quiet=True) == [] and g.passed == [True, False] and g.to_move == "bob"


def test_four_homes_next_to_an_area_are_named_three_and_more():
    g = game(animals=[animal(areas=AMAZON_RING[:4])])
    assert g.score_move(AreaMove("Amazon Basin"))[2] == (
        "next to Andes, Brazil, Central Atlantic Ocean ...; 4 areas, row 3-4 areas: 4 points")


def test_the_card_front_players_see_names_the_measures_asked_without_the_answer():
    g = game(animals=[animal("Bear", areas=["Tasmania"], weight=390, tail=None)])
    assert g.view("alice")["card"] == {
        "class": "mammal", "name": "Bear", "scientific": "Testus bear", "areas": 1,
        "measures": [{"measure": "weight", "title": "weight", "scale": "weight", "open": True},
                     {"measure": "tail", "title": "tail length", "scale": "tail", "open": False}]}


def test_a_space_beyond_the_scale_is_refused_by_its_number():
    g = game(animals=[animal(areas=["Tasmania"], weight=390)])
    with pytest.raises(IllegalMove, match="the weight scale has no space 100$"):
        g.check(ScaleMove("weight", 99))


def test_the_last_evaluation_counts_pieces_back_and_lost_without_an_upkeep():
    g = game(players=("alice", "bob"), animals=[animal(areas=["Tasmania"])], goal=10)
    events = place_all_first_round(g, {"alice": ["Tasmania", "Sahel"], "bob": ["Tasman Sea", "Brazil", "Andes"]})
    ev = next(e for e in events if isinstance(e, RoundEvaluated))
    assert {r.player: (r.points, r.total, r.returned, r.lost) for r in ev.players} == {
        "alice": (12, 12, 1, 1), "bob": (8, 8, 1, 2)}
    assert g.is_over and g.winners == ("alice",) and (g.hand, g.stock) == ([5, 4], [1, 2])
