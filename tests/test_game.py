"""A round of Fauna by the published rules: placement, evaluation, upkeep, the lion, the end."""

import pytest
from helpers import animal, game, place_all_first_round

from rules.fauna import Config, ConfigError, IllegalMove, PlayerSpec, new_game
from rules.fauna.events import GameOver, Passed, RoundEvaluated, RoundStarted, Upkeep

ZEBRA = animal("Zebra", areas=["Rift Valley", "Horn of Africa"], weight=390, length=250, tail=50)


def test_starting_player_first_then_clockwise():
    g = game(animals=[ZEBRA], start="bob")
    assert g.to_move == "bob"
    g.apply("Sahel")
    assert g.to_move == "carol"
    g.apply("Katanga")
    assert g.to_move == "alice"


def test_everyone_must_place_in_the_first_go_around():
    g = game(animals=[ZEBRA])
    with pytest.raises(IllegalMove, match="first go-around"):
        g.apply("pass")
    g.apply("Sahel")
    g.apply("Katanga")
    g.apply("weight 18")
    g.apply("pass")  # alice has placed: she may pass now


def test_a_pass_is_final_for_the_round():
    g = game(animals=[ZEBRA])
    for m in ("Sahel", "Katanga", "weight 18", "pass"):
        g.apply(m)
    assert g.to_move == "bob"
    g.apply("Rift Valley")
    with pytest.raises(IllegalMove, match="alice passed this round"):
        g.apply("Arabia", "alice")
    assert g.to_move == "carol"
    g.apply("pass")
    assert g.to_move == "bob"  # alice is skipped


def test_out_of_turn_and_unknown_player():
    g = game(animals=[ZEBRA])
    with pytest.raises(IllegalMove, match="it is alice's turn, not bob's"):
        g.apply("Sahel", "bob")
    with pytest.raises(IllegalMove, match="not playing"):
        g.apply("Sahel", "dave")


def test_one_piece_per_area_and_scale_space():
    g = game(animals=[ZEBRA])
    g.apply("Tasmania")
    with pytest.raises(IllegalMove, match="Tasmania is already taken by alice"):
        g.apply("tasmania")
    g.apply("weight 200-500 kg")
    with pytest.raises(IllegalMove, match="weight 200-500 kg is already taken by bob"):
        g.apply("weight 18")


def test_only_the_scales_the_card_asks():
    g = game(animals=[animal(weight=2, total_length=40)])
    with pytest.raises(IllegalMove, match="tail length scale is not asked"):
        g.apply("tail 10-20 cm")
    g.apply("length 30-50 cm")  # the length scale takes the total length the card asks
    g2 = game(animals=[animal(weight=None, length=40)])
    with pytest.raises(IllegalMove, match="N/A"):
        g2.apply("weight 1-2 kg")


def test_six_playable_pieces_then_automatic_pass():
    g = game(players=("alice", "bob"), animals=[ZEBRA])
    spots = ["Sahel", "Katanga", "Arabia", "Iran", "India", "Tibet Plateau", "Gobi Desert", "Far East",
             "Western Siberia", "Eastern Siberia", "Kazakh Steppe", "Turan Depression"]
    events = []
    for s in spots[:11]:
        events += g.apply(s)
    assert g.hand == [0, 1]
    events += g.apply(spots[11])  # bob's 6th: both are out; the round is evaluated
    passes = [e for e in events if isinstance(e, Passed)]
    assert [(e.player, e.auto) for e in passes] == [("alice", True), ("bob", True)]
    assert any(isinstance(e, RoundEvaluated) for e in events)


def test_evaluation_pieces_back_and_stock_and_upkeep():
    g = game(animals=[ZEBRA, animal("Other", card=2, areas=["Tasmania"], weight=1)], cards="green")
    events = place_all_first_round(g, {
        "alice": ["Rift Valley", "Tasmania", "Antarctic"],   # correct 10, nothing, nothing
        "bob": ["Sahel", "weight 500 kg-1 t"],               # adjacent 5, scale neighbour 3
        "carol": ["weight 1-2 t"],                           # nothing
    })
    ev = next(e for e in events if isinstance(e, RoundEvaluated))
    assert ev.animal == "Zebra"
    got = [(p.player, p.move, p.verdict, p.points) for p in ev.pieces]
    assert got == [
        ("alice", "Rift Valley", "correct", 10), ("bob", "Sahel", "adjacent", 5),
        ("carol", "weight 1-2 t", "nothing", 0),
        ("alice", "Tasmania", "nothing", 0), ("bob", "weight 500 kg-1 t", "adjacent", 3),
        ("alice", "Antarctic", "nothing", 0)]
    assert [(r.player, r.points, r.returned, r.lost) for r in ev.players] == [
        ("alice", 10, 1, 2), ("bob", 8, 2, 0), ("carol", 0, 0, 1)]
    up = next(e for e in events if isinstance(e, Upkeep))
    # alice: hand 4 after evaluation, stock 2 -> takes one back -> 5; carol: 5 + 1 back = 6
    assert dict(up.took_back) == {"alice": 1, "bob": 0, "carol": 1}
    assert dict(up.hands) == {"alice": 5, "bob": 6, "carol": 6}
    assert dict(up.stock) == {"alice": 1, "bob": 0, "carol": 0}
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert (started.round, started.starting_player) == (2, "bob")  # the lion passes clockwise
    assert g.scores() == {"alice": 10, "bob": 8, "carol": 0}


def test_an_evaluation_event_as_json_names_each_piece_and_player_field():
    g = game(animals=[ZEBRA, animal("Other", card=2, areas=["Tasmania"], weight=1)], cards="green")
    events = place_all_first_round(g, {"alice": ["Rift Valley"], "bob": ["Sahel"], "carol": ["weight 1-2 t"]})
    doc = next(e for e in events if isinstance(e, RoundEvaluated)).to_dict()
    assert doc["event"] == "roundevaluated" and doc["animal"] == "Zebra"
    assert doc["pieces"][0] == {"player": "alice", "move": "Rift Valley", "verdict": "correct", "points": 10,
                                "reason": doc["pieces"][0]["reason"]} and doc["pieces"][0]["reason"]
    assert [p["player"] for p in doc["pieces"]] == ["alice", "bob", "carol"]
    assert doc["players"][1] == {"player": "bob", "points": 5, "total": 5, "returned": 1, "lost": 0}
    assert list(doc["answer"]["areas"]) == list(ZEBRA.areas)


def test_refill_to_three_from_the_stock():
    g = game(players=("alice", "bob"), animals=[ZEBRA, animal("Other", card=2, areas=["Tasmania"], weight=1)],
             cards="green")
    far = ["Alaska", "Canada", "Greenland", "Baffin Island", "Newfoundland", "California"]
    events = place_all_first_round(g, {"alice": far, "bob": ["Rift Valley"]})
    up = next(e for e in events if isinstance(e, Upkeep))
    # alice lost all six: takes one back, then refills to three
    assert dict(up.took_back)["alice"] == 1 and dict(up.refilled)["alice"] == 2
    assert dict(up.hands)["alice"] == 3 and dict(up.stock)["alice"] == 3


def test_adjacency_scores_nothing_at_17_areas_and_the_piece_is_lost():
    areas = ["Alaska", "Canada", "Baffin Island", "Greenland", "Newfoundland", "California", "Rocky Mountains",
             "Great Plains", "Mississippi", "Mexico", "Central America", "Guyana", "Amazon Basin", "Andes",
             "Gran Chaco", "Brazil", "Pampas"]
    g = game(players=("alice", "bob"), animals=[animal(areas=areas, weight=1)])
    events = place_all_first_round(g, {"alice": ["Caribbean"], "bob": ["Canada"]})
    ev = next(e for e in events if isinstance(e, RoundEvaluated))
    assert [(p.verdict, p.points) for p in ev.pieces] == [("nothing", 0), ("correct", 3)]
    assert ev.players[0].lost == 1


def test_lion_rotates_every_round():
    g = game(players=("alice", "bob", "carol"), animals=[ZEBRA], start="carol")
    starters = []
    for _ in range(4):
        starters.append(g.to_move)
        place_all_first_round(g, {"alice": ["Antarctic"], "bob": ["Arctic Ocean"], "carol": ["Alaska"]})
    assert starters == ["carol", "alice", "bob", "carol"]


@pytest.mark.parametrize("n,goal", [(2, 120), (3, 120), (4, 100), (5, 100), (6, 80)])
def test_goal_by_player_count(n, goal):
    cfg = Config(tuple(PlayerSpec(f"p{i}") for i in range(n)))
    assert cfg.target == goal


def test_goal_override_and_game_ends_only_after_evaluation_with_shared_win():
    g = game(players=("alice", "bob"), animals=[animal(areas=["Tasmania", "Madagascar"], weight=1)], goal=10)
    g.apply("Tasmania")
    assert not g.is_over  # 10 points are on the board, but nothing ends before the evaluation
    g.apply("Madagascar")
    g.apply("pass")
    assert not g.is_over
    events = g.apply("pass")
    over = events[-1]
    assert isinstance(over, GameOver)
    assert over.winners == ("alice", "bob")
    assert g.is_over and g.to_move is None and g.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        g.apply("Tasmania")


def test_config_validation():
    with pytest.raises(ConfigError, match="2 to 6 players"):
        Config((PlayerSpec("solo"),))
    with pytest.raises(ConfigError, match="two players are called"):
        Config((PlayerSpec("a"), PlayerSpec("A")))
    with pytest.raises(ConfigError, match="units"):
        Config((PlayerSpec("a"), PlayerSpec("b")), units="furlongs")
    with pytest.raises(ConfigError) as err:
        Config.from_dict({"game": {"sead": 3}, "players": [{"name": "a"}, {"name": "b"}]})
    assert err.value.key == "game.sead" and "did you mean 'seed'" in str(err.value)
    with pytest.raises(ConfigError, match="start"):
        Config.from_dict({"game": {"start": "zed"}, "players": [{"name": "a"}, {"name": "b"}]})


def test_config_round_trip():
    doc = {"game": {"seed": 5, "preset": "reference-manual", "units": "imperial", "cards": "black", "start": "b",
                    "goal": 90}, "players": [{"name": "a"}, {"name": "b"}]}
    cfg = Config.from_dict(doc)
    assert cfg.to_dict() == doc
    assert Config.from_dict(cfg.to_dict()) == cfg


def test_same_seed_same_game_and_config_start_does_not_change_the_deck():
    cfg = Config((PlayerSpec("a"), PlayerSpec("b"), PlayerSpec("c")))
    g1, g2 = new_game(cfg, 42), new_game(cfg, 42)
    assert [a.name for a in g1.order] == [a.name for a in g2.order]
    assert g1.to_move == g2.to_move
    cfg_b = Config(cfg.players, start="b")
    assert [a.name for a in new_game(cfg_b, 42).order] == [a.name for a in g1.order]
    assert [a.name for a in new_game(cfg, 43).order] != [a.name for a in g1.order]


def test_card_choice_green_black_mixed():
    cfg = Config((PlayerSpec("a"), PlayerSpec("b")), cards="green")
    assert {a.side for a in new_game(cfg, 1).order} == {"green"}
    cfg = Config((PlayerSpec("a"), PlayerSpec("b")), cards="black")
    assert {a.side for a in new_game(cfg, 1).order} == {"black"}
    cfg = Config((PlayerSpec("a"), PlayerSpec("b")), cards="mixed")
    order = new_game(cfg, 1).order
    assert {a.side for a in order} == {"green", "black"}
    assert len({a.card for a in order}) == len(order)  # one side of each card


def test_move_text_round_trip():
    g = game(animals=[ZEBRA])
    for text in ("Tasmania", "weight 200-500 kg", "length 2-3 m", "tail 30-50 cm", "pass", "weight 0-1 g"):
        assert g.move_text(g.parse(text)) == text
    assert g.move_text(g.parse("weight 18")) == "weight 200-500 kg"
    assert g.move_text(g.parse("height 2-3 m")) == "length 2-3 m"
    assert g.move_text(g.parse("  japan ")) == "Northwest Pacific Ocean"


def test_the_box_is_drawn_card_by_card_as_documented():
    """dealing.py's draws written out independently: start seat, then per card a pick and (mixed) a side."""
    from rules.core.rng import SplitMix64
    from rules.fauna import Deck

    real = Deck.default()
    for cards, seed in (("mixed", 5), ("green", 6), ("black", 2**64 - 1)):
        cfg = Config((PlayerSpec("a"), PlayerSpec("b"), PlayerSpec("c")), cards=cards)
        rng = SplitMix64(seed)
        start = rng.below(3)
        left = sorted(real.cards)
        want = []
        while left:
            j = rng.below(len(left))
            number = left[j]
            left[j] = left[-1]
            left.pop()
            side = ("green", "black")[rng.next() & 1] if cards == "mixed" else cards
            want.append((number, side))
        g = new_game(cfg, seed)
        assert g.start == start
        assert [(a.card, a.side) for a in g.order] == want
        assert len(want) == len(real.cards)
        played = new_game(cfg, seed)  # drawing as rounds begin gives the same cards as drawing them all at once
        assert [played.box.card(i) for i in range(3)] == g.order[:3]
        assert played.box.card(len(want) + 1) == g.order[1]  # after the last card the box comes round again
