"""Simulation figures every game shares (rules/core/simulate.py): seeds per game, Wilson ranges and the summary."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import pytest

from rules.core.bots import play_out, seat_bots
from rules.core.errors import FaunaError
from rules.core.registry import load_rules
from rules.core.rng import SplitMix64
from rules.core.simulate import GameResult, game_seed, play_game, ratio, summarise, wilson

FAUNA = load_rules("fauna")


def config(bot: str | None = "random"):
    bob = {"name": "bob", "bot": bot} if bot else {"name": "bob"}
    return FAUNA.config_from_dict({"game": {"rules": "fauna", "goal": 5},
                                   "players": [{"name": "ann", "bot": "random"}, bob]}, "t", None)


def textbook_wilson(p: float, n: int) -> tuple[float, float]:
    z = 1.959964
    centre, spread = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def test_each_game_of_a_run_has_its_own_seed_forked_from_the_run_seed():
    assert game_seed(1, 0) == 6791897765849424158 == SplitMix64(1).fork(0).next()
    assert game_seed(1, 1) == 9171199645645008479
    assert game_seed(2, 0) == 7235116703822611636


def test_rates_are_exact_until_rounded_to_four_decimals():
    assert ratio(1, 3) == 0.3333 and ratio(Fraction(2, 3), 1) == 0.6667 and ratio(5, 0) == 0.0
    assert ratio(Fraction(7, 2), 4) == 0.875


@pytest.mark.parametrize(("wins", "games", "expected"), [
    (50, 100, [0.4038, 0.5962]),
    (0, 10, [0.0, 0.2775]),
    (10, 10, [0.7225, 1.0]),
    (1, 3, [0.0615, 0.7923]),
    (Fraction(7, 2), 5, [0.2988, 0.9274]),  # shared wins count as fractions
])
def test_a_win_rate_comes_with_its_95_percent_wilson_range(wins, games, expected):
    assert wilson(wins, games) == expected
    low, high = textbook_wilson(float(Fraction(wins) / games), games)
    assert expected == [round(max(low, 0.0), 4), round(min(high, 1.0), 4)]


def test_no_games_give_an_empty_range():
    assert wilson(0, 0) == [0.0, 0.0]


def test_a_game_of_a_run_is_the_game_its_seed_plays():
    cfg = config()
    r = play_game(FAUNA, cfg, 7, 1)
    assert r.index == 1 and r.seed == game_seed(7, 1)
    state = FAUNA.new_state(cfg, r.seed)
    play_out(state, seat_bots(FAUNA, cfg, r.seed))
    assert r.moves == state.seq == 12
    assert r.score == (state.scores()["ann"], state.scores()["bob"]) == (5, 9)
    assert r.winners == (1,)
    assert r.sources == (("map_correct", (4, 0)), ("map_adjacent", (1, 2)), ("scales", (0, 7)))
    assert tuple(map(sum, zip(*(pts for _, pts in r.sources), strict=True))) == r.score


def test_a_source_a_player_never_scored_from_counts_nothing_for_them():
    def breakdown(state):
        return {"ann": {"map": 3, "scales": 1}, "bob": {"scales": 2}}

    rules = dataclasses.replace(FAUNA, breakdown=breakdown)
    r = play_game(rules, config(), 7, 1)
    assert r.sources == (("map", (3, 0)), ("scales", (1, 2)))


def test_a_game_that_fails_is_named_with_its_number_and_seed():
    with pytest.raises(FaunaError) as err:
        play_game(FAUNA, config(bot=None), 7, 2)
    assert str(err.value) == f"game 3 of the run (seed {game_seed(7, 2)}): play_out needs a computer player in " \
                             "every seat"


RESULTS = [
    GameResult(0, 11, 10, (0,), (8, 2, 4), (("map", (6, 2, 4)), ("scales", (2, 0, 0)))),
    GameResult(1, 12, 14, (1, 2), (3, 9, 9), (("map", (3, 5, 9)), ("scales", (0, 4, 0)))),
    GameResult(2, 13, 12, (2,), (0, 1, 7), (("map", (0, 1, 6)), ("scales", (0, 0, 1)))),
    GameResult(3, 14, 9, (0, 1, 2), (5, 5, 5), (("map", (5, 5, 5)), ("scales", (0, 0, 0)))),
]


def test_a_summary_counts_shared_wins_as_fractions_per_seat():
    doc = summarise(RESULTS, ["ann", "bob", "cy"], ["random", "greedy", "random"])
    assert doc["games"] == 4 and doc["players"] == 3 and doc["moves_per_game"] == 11.25
    ann, bob, cy = doc["seats"]
    # ann: 1 + 1/3 wins, bob: 1/2 + 1/3, cy: 1/2 + 1 + 1/3 (of 4 games)
    assert (ann["seat"], ann["player"], ann["bot"]) == (1, "ann", "random")
    assert (bob["seat"], bob["player"], bob["bot"]) == (2, "bob", "greedy")
    assert [s["win_rate"] for s in doc["seats"]] == [0.3333, 0.2083, 0.4583]
    assert ann["win_rate_95"] == wilson(Fraction(4, 3), 4) and cy["win_rate_95"] == wilson(Fraction(11, 6), 4)
    assert [s["average_score"] for s in doc["seats"]] == [4.0, 4.25, 6.25]
    assert cy["average_points"] == {"map": 6.0, "scales": 0.25}
    assert list(ann["average_points"]) == ["map", "scales"]


def test_a_summary_pools_the_seats_of_each_kind_of_bot_in_first_seen_order():
    doc = summarise(RESULTS, ["ann", "bob", "cy"], ["random", "greedy", "random"])
    rnd, greedy = doc["bot_kinds"]
    assert (rnd["bot"], rnd["seats"], greedy["bot"], greedy["seats"]) == ("random", 2, "greedy", 1)
    # random wins game 1, half of game 2 (one of two winners is random), game 3 and two thirds of game 4
    assert rnd["win_rate"] == ratio(Fraction(1) + Fraction(1, 2) + 1 + Fraction(2, 3), 4) == 0.7917
    assert rnd["win_rate_95"] == wilson(Fraction(19, 6), 4)
    assert greedy["win_rate"] == ratio(Fraction(5, 6), 4)
    assert rnd["average_score"] == ratio(8 + 4 + 3 + 9 + 0 + 7 + 5 + 5, 8) == 5.125
    assert greedy["average_score"] == 4.25
    assert rnd["average_points"] == {"map": ratio(6 + 4 + 3 + 9 + 0 + 6 + 5 + 5, 8), "scales": 0.375}


def test_a_summary_of_no_games_is_all_zero():
    doc = summarise([], ["ann", "bob"], ["random", "random"])
    assert doc["games"] == 0 and doc["moves_per_game"] == 0.0
    assert doc["seats"][0]["win_rate"] == 0.0 and doc["seats"][0]["win_rate_95"] == [0.0, 0.0]
    assert doc["seats"][1]["average_points"] == {} and doc["bot_kinds"][0]["seats"] == 2


def test_a_summary_of_one_game_names_its_sources():
    doc = summarise(RESULTS[:1], ["ann", "bob", "cy"], ["random", "greedy", "random"])
    assert doc["seats"][0]["average_points"] == {"map": 6.0, "scales": 2.0}
    assert doc["seats"][0]["win_rate"] == 1.0 and doc["bot_kinds"][1]["win_rate"] == 0.0
