"""The random-playout loop the games' fast paths share: uniform decisions drawn in place from a SplitMix64.

A search bot plays thousands of random games per decision; the draw is written out here (the same numbers
as `SplitMix64.below`) so that the loop costs little beyond the game's own move listing and applying.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, TWO64, SplitMix64


def random_moves(rng: SplitMix64, is_over: Callable[[], bool], legal_moves: Callable[[], Sequence[Any]],
                 play: Callable[[Any], object]) -> int:
    """Until `is_over()`, play `legal_moves()[rng.below(len)]`; returns the number of decisions made.

    `rng` ends in the state `below` would have left it in, also when `play` raises.
    """
    x = rng.state
    count = 0
    try:
        while not is_over():
            moves = legal_moves()
            n = len(moves)
            if n == 0:
                raise ValueError("a game that is not over offered no legal move")
            limit = TWO64 - TWO64 % n
            while True:  # SplitMix64.below(n), written out
                x = (x + GOLDEN) & MASK
                z = ((x ^ (x >> 30)) * MIX1) & MASK
                z = ((z ^ (z >> 27)) * MIX2) & MASK
                z ^= z >> 31
                if z < limit:
                    break
            play(moves[z % n])
            count += 1
    finally:
        rng.state = x
    return count
