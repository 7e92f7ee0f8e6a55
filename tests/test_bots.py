"""Computer players: legal and deterministic moves, a fair statistician, a skilled naturalist, separate streams."""

import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import animal, deck
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.errors import ConfigError
from rules.fauna import PASS, AreaMove, Board, Config, Deck, PlayerSpec, card_front, new_game
from rules.fauna.bots import (
    DEFAULT_SKILL,
    NaturalistBot,
    RandomBot,
    StatisticianBot,
    bot_turns,
    estimate,
    make_bot,
    make_bots,
    play_out,
)
from rules.fauna.config import BOT_KINDS
from rules.fauna.game import BOT_STREAM

ROOT = Path(__file__).resolve().parent.parent


def config(*kinds, skill=None, **game):
    players = tuple(PlayerSpec(f"p{i}", k, skill if k == "naturalist" else None) for i, k in enumerate(kinds))
    return Config(players, **game)


def test_every_configurable_kind_makes_a_bot():
    assert BOT_KINDS == ("naturalist", "random", "statistician", "expert")
    kinds = {type(make_bot(PlayerSpec("x", k), 1, 0)) for k in BOT_KINDS}
    assert kinds >= {NaturalistBot, RandomBot, StatisticianBot}
    assert make_bot(PlayerSpec("x", "naturalist"), 1, 0).skill == DEFAULT_SKILL
    assert make_bot(PlayerSpec("x", "naturalist", 0.25), 1, 0).skill == 0.25
    cfg = Config.from_dict({"players": [{"name": "a", "bot": "naturalist", "skill": 0.9}, {"name": "b"}]})
    assert cfg.players[0].bot == "naturalist" and cfg.players[0].skill == 0.9


def test_bad_bot_specs_are_config_errors():
    with pytest.raises(ConfigError, match="did you mean 'statistician'"):
        make_bot(PlayerSpec("x", "statistican"), 1, 0)
    with pytest.raises(ConfigError, match="skill applies only to naturalist"):
        make_bot(PlayerSpec("x", "random", 0.5), 1, 0)
    with pytest.raises(ConfigError, match="not a computer player"):
        make_bot(PlayerSpec("x"), 1, 0)
    with pytest.raises(ConfigError, match="players\\[1\\].bot"):
        Config.from_dict({"players": [{"name": "a", "bot": "genius"}, {"name": "b"}]})


@pytest.mark.parametrize("kinds", [("random", "statistician", "naturalist"),
                                   ("naturalist", "naturalist", "random", "statistician", "random", "statistician")])
def test_every_bot_move_is_legal_and_six_bots_finish(kinds):
    for seed in (3, 4):
        state = new_game(config(*kinds, skill=0.6), seed)
        bots = make_bots(state)
        while not state.is_over:
            move = bots[state.to_move_index].choose(state)
            assert move in state.legal_moves()
            state.apply(move, state.to_move)
            assert state.round < 500
        assert max(state.score) >= state.goal


def test_same_seed_same_game_and_bots_never_change_the_deck():
    a_state = new_game(config("statistician", "random", "naturalist"), 21)
    a = play_out(a_state, make_bots(a_state))
    b_state = new_game(config("statistician", "random", "naturalist"), 21)
    b = play_out(b_state, make_bots(b_state))
    assert a.history == b.history and a.score == b.score
    humans = new_game(Config(tuple(PlayerSpec(f"p{i}") for i in range(3))), 21)
    for other in (config("random", "random", "random"), config("naturalist", "statistician", "random", skill=0.1)):
        assert [x.name for x in new_game(other, 21).order] == [x.name for x in humans.order]
        assert new_game(other, 21).start == humans.start


def test_each_seat_has_its_own_stream():
    a, b = make_bot(PlayerSpec("x", "random"), 5, 0), make_bot(PlayerSpec("y", "random"), 5, 1)
    assert a.stream.state != b.stream.state
    from rules.core.rng import SplitMix64
    assert a.stream.state == SplitMix64(5).fork(BOT_STREAM).state


def test_a_decision_depends_on_the_position_only():
    state = new_game(config("random", "naturalist", skill=0.5), 21)
    for _ in range(30):
        fresh = make_bots(state)[state.to_move_index]
        used = make_bots(state)[state.to_move_index]
        used.choose(state.copy())  # a bot object that decided before must not decide differently
        move = fresh.choose(state)
        assert used.choose(state) == move
        state.apply(move)


def test_random_bot_is_uniform_over_the_legal_moves():
    state = new_game(config("random", "random"), 8)
    state.apply(state.legal_moves()[10])
    state.apply(state.legal_moves()[20])  # both placed: pass is legal now, and two spots are taken
    legal = state.legal_moves()
    from rules.core.rng import SplitMix64
    from rules.fauna.bots import RandomBot
    rng = SplitMix64(8)
    draws = 60 * len(legal)
    counts = dict.fromkeys(legal, 0)
    for _ in range(draws):
        move = RandomBot.pick(state, rng)
        counts[move] += 1  # KeyError if it ever picked an illegal move
    assert min(counts.values()) > 25 and max(counts.values()) < 100  # expected 60 each
    assert counts[PASS] > 25


def naturalist_truth(state):
    return {m: state.points(m)[1] for m in state.legal_moves() if m.kind != "pass"}


def test_a_perfect_naturalist_takes_a_best_spot_and_passes_only_when_nothing_scores():
    state = new_game(config("naturalist", "random", "random", skill=1.0), 31)
    bots = make_bots(state)
    checked = 0
    while not state.is_over and state.round <= 6:
        if state.to_move_index == 0:
            truth = naturalist_truth(state)
            move = bots[0].choose(state)
            if move == PASS:
                assert state.placed[0] > 0 and max(truth.values()) < 1
            else:
                assert truth[move] == max(truth.values())
            checked += 1
        else:
            move = bots[state.to_move_index].choose(state)
        state.apply(move)
    assert checked > 10


def test_naturalist_skill_zero_plays_blind():
    got, best = 0, 0
    chosen = set()
    for seed in range(40):
        state = new_game(config("naturalist", "random", skill=0.0), seed)
        state.start = state.to_move_index = 0
        move = make_bots(state)[0].choose(state)
        truth = naturalist_truth(state)
        chosen.add(move)
        got += truth[move]
        best += max(truth.values())
    assert len(chosen) > 20 and got < best / 2


def swapped(a, board):
    """The same card front with another answer: areas on the far side of the world, measures x1000."""
    far = [x for x in board.names if x not in a.areas and not any(board.adjacent(x, h) for h in a.areas)]
    ms = {k: (None if v is None else v * 1000 + Fraction(1, 3)) for k, v in a.measures.items()}
    return replace(a, areas=tuple(far[-a.n_areas:]), measures=ms)


def with_swapped(real, name, board):
    """The deck with one animal's answer swapped (same card front)."""
    return Deck([swapped(a, board) if a.name == name else a for a in real.animals], real.files)


def test_the_statistician_never_reads_the_answer():
    """Swap the hidden answer of the card in play, in the deck too: the statistician's moves stay the same."""
    real, board = Deck.default(), Board.default()
    cfg = config("statistician", "statistician", "statistician")
    for seed in (1, 2, 3):
        s1 = new_game(cfg, seed, deck=real)
        s2 = new_game(cfg, seed, deck=with_swapped(real, s1.animal.name, board))
        assert [a.name for a in s1.order] == [a.name for a in s2.order]
        assert s1.animal.areas != s2.animal.areas and s1.animal.measures != s2.animal.measures
        assert s1.front == s2.front
        b1, b2 = make_bots(s1), make_bots(s2)
        while s1.round == 1:  # the whole first round, all three seats, pass decisions included
            m1, m2 = b1[s1.to_move_index].choose(s1), b2[s2.to_move_index].choose(s2)
            assert m1 == m2
            s1.apply(m1)
            s2.apply(m2)
        twin_round = None
        while not s1.is_over and s1.round <= 4:  # later rounds: other scores and pieces, same rule
            if twin_round != s1.round:
                fake = with_swapped(real, s1.animal.name, board)
                twin_round = s1.round
            twin = s1.copy()
            twin.deck = fake
            order = s1.order
            order[s1.card_pos % len(order)] = fake.animal(s1.animal.name)
            twin.order = order
            assert twin.animal.areas != s1.animal.areas
            move = StatisticianBot().choose(s1)
            assert StatisticianBot().choose(twin) == move
            s1.apply(move)


def test_the_statistician_learns_from_the_other_animals_only():
    """With only other animals to go by, it guesses their habitat and size; its own deck entry is ignored."""
    frogs = [animal(f"Frog{i}", areas=["Amazon Basin"], card=i, cls="amphibian", weight=0.02, length=4)
             for i in range(1, 6)]
    target = animal("Target frog", areas=["Tasmania"], card=6, cls="amphibian", weight=900, length=400)
    state = new_game(config("statistician", "statistician"), 1, deck=deck(*frogs, target), order=[*frogs[:2], target])
    est = estimate(card_front(target), state.setup)
    gain = dict(zip(est.spots.moves, est.gain, strict=True))
    best = max(gain, key=gain.get)
    assert best == AreaMove("Amazon Basin")
    assert gain[AreaMove("Tasmania")] < 1  # the card's own answer is not looked at
    weight = {m.space: g for m, g in gain.items() if m.kind == "scale" and m.scale == "weight"}
    length = {m.space: g for m, g in gain.items() if m.kind == "scale" and m.scale == "length"}
    assert max(weight, key=weight.get) == 5 and max(length, key=length.get) == 3  # 20-50 g and 3-5 cm
    while state.animal.name != "Target frog":
        state.apply(StatisticianBot().choose(state))
    assert StatisticianBot().choose(state) == AreaMove("Amazon Basin")


def win_share(cfg, games, seed, seat=0):
    share = 0.0
    for i in range(games):
        state = new_game(cfg, seed * 1000 + i)
        play_out(state, make_bots(state))
        names = state.names
        if names[seat] in state.winners:
            share += 1 / len(state.winners)
    return share / games


def test_statistician_beats_three_random_bots():
    assert win_share(config("statistician", "random", "random", "random"), 40, 7) >= 0.7


def test_naturalist_0_9_beats_the_statistician():
    assert win_share(config("naturalist", "statistician", skill=0.9), 30, 8) > 0.5


def test_quiet_play_changes_the_state_exactly_like_play_with_events():
    cfg = config("statistician", "naturalist", "random", "random", skill=0.7)
    loud, quiet = new_game(cfg, 77), new_game(cfg, 77)
    bots = make_bots(loud)
    while not loud.is_over:
        move = bots[loud.to_move_index].choose(loud)
        events = loud.apply(move)
        assert quiet.apply(move, quiet=True) == []
        for attr in ("hand", "stock", "score", "passed", "placed", "pieces", "moves", "round", "seq", "history",
                     "to_move_index", "winners", "evaluated", "start", "card_pos"):
            assert getattr(loud, attr) == getattr(quiet, attr), attr
        if loud.evaluated and any(type(e).__name__ == "RoundEvaluated" for e in events):
            ev = next(e for e in events if type(e).__name__ == "RoundEvaluated")
            assert [(loud.names[p], loud.move_text(m), v, pts) for p, m, v, pts in loud.evaluated] == \
                [(x.player, x.move, x.verdict, x.points) for x in ev.pieces]


def test_bot_turns_stop_at_a_human():
    state = new_game(Config((PlayerSpec("ann"), PlayerSpec("r1", "random"), PlayerSpec("s2", "statistician")),
                            start="r1"), 5)
    bots = make_bots(state)
    assert bots[0] is None
    played = list(bot_turns(state, bots))
    assert [p for p, _, _ in played] == ["r1", "s2"] and state.to_move == "ann"
    assert all(events for _, _, events in played)
    assert list(bot_turns(state, bots)) == []  # a human is to move: the bots wait
    with pytest.raises(ConfigError, match="human"):
        play_out(state, bots)


def test_bot_games_do_not_depend_on_the_hash_seed():
    code = ("from rules.fauna import Config, PlayerSpec, new_game;"
            "from rules.fauna.bots import make_bots, play_out;"
            "c = Config(tuple(PlayerSpec(f'p{i}', k) for i, k in enumerate(['statistician', 'naturalist', 'random'])));"
            "s = new_game(c, 99); play_out(s, make_bots(s));"
            "print(s.score, [s.move_text(m) for _, m in s.history][:400])")
    outs = {subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": h, "PATH": ""}).stdout for h in ("1", "2", "12345")}
    assert len(outs) == 1 and outs.pop().startswith("[")


@pytest.mark.parametrize("kinds", [("random", "random", "random", "random"), ("random", "random"),
                                   ("statistician", "random", "naturalist", "random", "random"),
                                   ("naturalist", "random", "random", "random", "random", "random")])
def test_the_fast_bots_loop_plays_exactly_the_moves_of_choose_and_apply(kinds):
    """play_out writes the random bot and the placement rules out in one loop; it must not change one move."""
    for seed in range(12):
        cfg = config(*kinds, skill=0.4, cards=("green", "black", "mixed")[seed % 3])
        slow, fast = new_game(cfg, seed), new_game(cfg, seed)
        bots = make_bots(slow)
        rounds = []
        while not slow.is_over:
            move = bots[slow.to_move_index].choose(slow)
            assert move in slow.legal_moves()
            slow.apply(move)
        play_out(fast, make_bots(fast),
                 on_round=lambda s, out=rounds: out.append((s.round, tuple(s.score), s.evaluated)))
        assert fast.history == slow.history and len(fast.history) > 20
        for attr in ("hand", "stock", "score", "tally", "round", "seq", "winners", "evaluated", "start", "card_pos",
                     "to_move_index", "over"):
            assert getattr(fast, attr) == getattr(slow, attr), attr
        assert len(rounds) == slow.round and rounds[-1][:2] == (slow.round, tuple(slow.score))


def test_the_tally_adds_up_to_the_scores_and_the_pieces():
    state = play_out(new_game(config("naturalist", "random", "statistician", skill=0.8), 9),
                     make_bots(new_game(config("naturalist", "random", "statistician", skill=0.8), 9)))
    placed = [0] * 3
    for name, move in state.history:
        if move != PASS:
            placed[state.names.index(name)] += 1
    for p, t in enumerate(state.tally):
        map_correct, map_adjacent, scales, n_placed, lost = t
        assert map_correct + map_adjacent + scales == state.score[p]
        assert n_placed == placed[p] and 0 < lost < n_placed
        assert state.hand[p] + state.stock[p] + 0 == 6  # the game ended after an evaluation: nothing on the board


def test_play_out_stops_at_a_human_seat_with_a_clear_error():
    state = new_game(Config((PlayerSpec("r", "random"), PlayerSpec("ann")), start="r"), 3)
    with pytest.raises(ConfigError, match="ann is a human player"):
        play_out(state, make_bots(state))
    assert state.to_move == "ann" and state.seq == 1 and state.history[0][0] == "r"


def test_play_out_leaves_an_empty_handed_human_their_own_move():
    """A human whose hand is empty when the round opens still makes (and records) that pass themselves."""
    state = new_game(Config((PlayerSpec("ann"), PlayerSpec("r", "random"))), 3)
    state.hand[0], state.stock[0] = 0, 6
    state.to_move_index = 0
    with pytest.raises(ConfigError, match="ann is a human player"):
        play_out(state, make_bots(state))
    assert state.history == [] and state.to_move == "ann"


@settings(max_examples=12, deadline=None)
@given(kinds=st.lists(st.sampled_from(["random", "random", "naturalist", "statistician"]), min_size=2, max_size=6),
       seed=st.integers(0, 2**64 - 1), skill=st.sampled_from([0.0, 0.3, 1.0]),
       game=st.fixed_dictionaries({"units": st.sampled_from(["metric", "imperial"]),
                                   "cards": st.sampled_from(["green", "black", "mixed"]),
                                   "goal": st.integers(20, 90)}))
def test_any_bots_game_is_the_same_in_the_fast_loop(kinds, seed, skill, game):
    cfg = config(*kinds, skill=skill, **game)
    slow, fast = new_game(cfg, seed), new_game(cfg, seed)
    bots = make_bots(slow)
    while not slow.is_over:
        slow.apply(bots[slow.to_move_index].choose(slow))
    play_out(fast, make_bots(fast))
    assert (fast.history, fast.score, fast.tally, fast.winners) == (slow.history, slow.score, slow.tally, slow.winners)
