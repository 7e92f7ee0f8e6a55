"""Fauna's `expert` bot: legal, deterministic moves to the end; fair (never reads the card in play); cues learned."""

from dataclasses import replace
from fractions import Fraction

from helpers import animal, deck

from rules.fauna import AreaMove, Board, Config, Deck, PlayerSpec, card_front, new_game
from rules.fauna.bots import make_bot, make_bots, play_out
from rules.fauna.config import BOT_KINDS
from rules.fauna.expert import ExpertBot, estimate


def config(*kinds, **game):
    return Config(tuple(PlayerSpec(f"p{i}", k) for i, k in enumerate(kinds)), **game)


def test_expert_is_a_configurable_kind():
    assert "expert" in BOT_KINDS
    assert isinstance(make_bot(PlayerSpec("x", "expert"), 1, 0), ExpertBot)
    cfg = Config.from_dict({"players": [{"name": "a", "bot": "expert"}, {"name": "b"}]})
    assert cfg.players[0].bot == "expert"


def test_expert_plays_legal_moves_to_the_end_and_the_same_game_twice():
    for seed, cards in ((1, "mixed"), (2, "green"), (3, "black")):
        cfg = config("expert", "statistician", "expert", "random", cards=cards)
        state = new_game(cfg, seed)
        bots = make_bots(state)
        while not state.is_over:
            move = bots[state.to_move_index].choose(state)
            assert move in state.legal_moves()
            state.apply(move)
        again = new_game(cfg, seed)
        play_out(again, make_bots(again))  # the fast loop, in a fresh bot set: the very same moves
        assert again.history == state.history and again.winners == state.winners and len(state.history) > 20


def far_answer(a, board):
    """The same card front with another answer: far-away areas, measures x1000, a booklet naming those areas."""
    far = [x for x in board.names if x not in a.areas and not any(board.adjacent(x, h) for h in a.areas)]
    areas = tuple(far[-a.n_areas:])
    ms = {k: (None if v is None else v * 1000 + Fraction(1, 3)) for k, v in a.measures.items()}
    return replace(a, areas=areas, measures=ms, booklet="It lives in " + ", ".join(areas) + ".")


def test_the_expert_never_reads_the_card_in_play():
    """Change only the hidden half of the card in play (areas, measures, booklet): the expert's moves stay the same."""
    real, board = Deck.default(), Board.default()
    cfg = config("expert", "expert", "expert")
    positions = 0
    for seed in (11, 12, 13):
        state = new_game(cfg, seed, deck=real)
        while not state.is_over and state.round <= 4:
            rnd, name = state.round, state.animal.name
            fake = Deck([far_answer(a, board) if a.name == name else a for a in real.animals], real.files)
            twin = new_game(cfg, seed, deck=fake)
            for _, past in state.history:  # the same position, with the card's answer changed
                twin.apply(past)
            assert twin.front == state.front and twin.animal.areas != state.animal.areas
            assert twin.animal.booklet != state.animal.booklet
            while not state.is_over and state.round == rnd:  # the whole round, pass decisions included
                move = ExpertBot().choose(state)
                assert ExpertBot().choose(twin) == move
                positions += 1
                state.apply(move)
                twin.apply(move)
    assert positions > 40


def test_the_expert_learns_a_place_word_from_the_other_animals_booklets():
    """No area is called 'Zorbia', but the other animals' booklets tie the word to Madagascar."""
    others = [replace(animal(f"Beetle{i}", areas=["Madagascar"], card=i, cls="insect", weight=0.01, length=2),
                      booklet="Found only in the forests of Zorbia.") for i in range(1, 7)]
    plain = [animal(f"Moth{i}", areas=["Amazon Basin"], card=10 + i, cls="insect", weight=0.01, length=2)
             for i in range(1, 7)]
    target = animal("Zorbian cricket", areas=["Alaska"], card=20, cls="insect", weight=0.01, length=2)
    state = new_game(config("expert", "expert"), 1, deck=deck(*others, *plain, target))
    est = estimate(card_front(target), state.setup)
    gain = {m: g for m, g in zip(est.spots.moves, est.gain, strict=True) if m.kind == "area"}
    assert max(gain, key=gain.get) == AreaMove("Madagascar")
    assert gain[AreaMove("Alaska")] < 1  # its own (hidden) answer is not looked at
