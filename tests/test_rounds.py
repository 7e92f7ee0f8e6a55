"""Turns and game starts at their edges: empty hands, seeds at the bound, a fixed card order, area spellings."""

import pytest
from helpers import animal, game

from rules.core.errors import ConfigError, UnknownArea
from rules.fauna import AreaMove, Board, Config, Deck, PlayerSpec, new_game, preset
from rules.fauna.dealing import Box, card_faces
from rules.fauna.events import Passed

AREAS = [a for a in Board.default().names if a not in ("Tasmania",)]
TWO_CARDS = [animal(areas=["Tasmania"]), animal("Two", areas=["Madagascar"])]


def test_a_player_with_an_empty_hand_is_passed_once_as_the_turn_first_reaches_them():
    g = game(players=("alice", "bob", "carol"), animals=TWO_CARDS)
    spots = iter(AREAS)
    events = []
    for _ in range(6):  # everyone places a piece a go-around; the last go-around empties every hand
        for p in ("alice", "bob", "carol"):
            events += g.apply(next(spots), p)
    auto = [e.player for e in events if isinstance(e, Passed) and e.auto]
    assert auto == ["alice", "bob", "carol"] and g.round == 2


def test_empty_hands_are_passed_once_while_another_player_goes_on_placing():
    g = game(players=("alice", "bob", "carol"), animals=TWO_CARDS)
    spots = iter(AREAS)
    g.apply(next(spots), "alice")
    for p in ("bob", "carol"):
        g.apply(next(spots), p)
    g.apply("pass", "alice")  # alice keeps five pieces; bob and carol lose all six on a wrong guess
    for _ in range(5):
        for p in ("bob", "carol"):
            g.apply(next(spots), p)
    assert g.round == 2 and g.hand == [6, 3, 3] and g.to_move == "bob"
    events = []
    while g.round == 2:
        events += g.apply(next(spots), g.to_move)
    auto = [e.player for e in events if isinstance(e, Passed) and e.auto]
    assert auto == ["bob", "carol", "alice"]  # alice placed three more alone; bob and carol were passed once


def config(seed=None):
    return Config((PlayerSpec("a"), PlayerSpec("b")), preset("published"), "metric", "mixed", seed, None, None)


@pytest.mark.parametrize("seed", [2**64, -1, True, 1.0, "7"])
def test_a_seed_outside_0_to_2_64_is_refused(seed):
    with pytest.raises(ConfigError, match="the seed must be a whole number from 0 to 2\\^64-1") as err:
        new_game(config(), seed)
    assert err.value.key == "game.seed"


def test_the_largest_seed_plays_and_the_game_keeps_the_seed_it_was_given():
    top = new_game(config(3), 2**64 - 1)
    assert top.seed == 2**64 - 1 and top.config.seed == 2**64 - 1
    assert new_game(config(3)).config.seed == 3
    assert new_game(config(3), 3).config is not None
    with pytest.raises(ConfigError, match="a game needs a seed"):
        new_game(config())


def test_a_fixed_card_order_needs_an_animal():
    with pytest.raises(ConfigError, match="at least one animal") as err:
        Box.fixed([])
    assert err.value.key == "order"
    one, two = animal("One"), animal("Two")
    box = Box.fixed([one, two])
    assert [box.card(i).name for i in range(5)] == ["One", "Two", "One", "Two", "One"]
    assert box.order() == [one, two]


def test_an_area_spelled_another_way_scores_as_the_area():
    g = game(animals=[animal(areas=["Tasmania"])])
    assert g.points(AreaMove("tasmania")) == g.points(AreaMove("Tasmania")) == ("correct", 12)
    assert g.score_move(AreaMove("tasman sea")) == g.score_move(AreaMove("Tasman Sea"))
    assert g.score_move(AreaMove("tasman sea"))[:2] == ("adjacent", 8)
    with pytest.raises(UnknownArea):
        g.points(AreaMove("Atlantis"))


def test_a_move_object_with_an_area_spelled_another_way_is_played_on_the_area():
    g = game(animals=[animal(areas=["Tasmania"])])
    who = g.to_move
    events = g.apply(AreaMove("tasman sea"))  # a Move built by a program, not parsed from text
    assert events[0].move == "Tasman Sea" and g.history[-1] == (who, AreaMove("Tasman Sea"))
    assert [t for t, _ in g.taken()] == ["Tasman Sea"]
    with pytest.raises(UnknownArea):
        g.apply(AreaMove("Atlantis"))


def test_a_cards_green_and_black_sides_are_told_apart_whatever_order_the_deck_lists_them():
    dark, light = animal("Dark", card=1, side="black"), animal("Light", card=1, side="green")
    only = animal("Only", card=2, side="black")
    box = Deck([dark, light, only], [])
    assert list(box.cards[1]) == ["black", "green"]
    assert [(g.name, b.name) for g, b in card_faces(box, "mixed")] == [("Light", "Dark"), ("Only", "Only")]
    assert card_faces(box, "green") == ((light, dark),)
    assert card_faces(box, "black") == ((light, dark), (only, only))


def test_a_seed_gives_the_same_computer_moves_everywhere():
    """Bots draw from their own stream of the seed (labelled per seat), so replays and e-mail games agree."""
    from rules.fauna.bots import make_bots

    cfg = Config((PlayerSpec("r1", bot="random"), PlayerSpec("n2", bot="naturalist", skill=0.5)), preset("published"),
                 "metric", "mixed", None, None, None)
    g = new_game(cfg, 7)
    bots = make_bots(g)
    played = []
    for _ in range(8):
        move = bots[g.to_move_index].choose(g)
        played.append(f"{g.to_move}: {g.move_text(move)}")
        g.apply(move)
    assert played == ["n2: weight 50-100 kg", "r1: Alaska", "n2: weight 1-2 kg", "r1: length 20-30 m",
                      "n2: Western Siberia", "r1: Eastern Europe", "n2: weight 500 g-1 kg", "r1: Great Victoria Desert"]
