"""Evo's expert judges a position by the points each player would end with, from what everyone can count."""

from __future__ import annotations

from rules.evo.config import Config, PlayerSpec
from rules.evo.expert import evaluate, income_rounds_left, projected
from rules.evo.state import METEORITE, new_state


def test_incomes_left_follow_the_tokens_and_the_meteorites_place() -> None:
    state = new_state(Config(tuple(PlayerSpec(f"p{i}") for i in range(3))), 5)
    left = len(state.tokens)
    assert METEORITE in state.tokens[-3:]
    assert income_rounds_left(state) == 1 + left - 2  # this round, then the meteorite's mean place among the last 3
    state.tokens = state.tokens[-2:]
    assert income_rounds_left(state) == 1.5


def test_a_dinosaur_more_outweighs_a_point_more_while_rounds_remain() -> None:
    state = new_state(Config(tuple(PlayerSpec(f"p{i}") for i in range(3))), 5)
    state.mp = [10, 12, 10]
    state.count = [4, 3, 3]
    points = projected(state)
    assert points[0] > points[1] > points[2]
    assert evaluate(state, 0) > evaluate(state, 1) > evaluate(state, 2)
    assert abs(sum(evaluate(state, s) for s in range(3)) - 1.0) < 1e-9  # shares of one win
