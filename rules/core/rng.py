"""A portable seeded generator (SplitMix64), so a seed gives the same game on every platform.

Algorithm (Steele, Lea and Flood, 2014), all arithmetic modulo 2**64:
    state += 0x9E3779B97F4A7C15
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    return z ^ (z >> 31)
`below(n)` draws an unbiased integer in [0, n) by rejection; `shuffle` is Fisher-Yates from the
last position down, drawing `below(i + 1)` for i = len-1 .. 1. Test vectors are in tests/test_rng.py.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK = (1 << 64) - 1
TWO64 = 1 << 64
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
T = TypeVar("T")
LIMITS = tuple(TWO64 - TWO64 % n if n else 0 for n in range(64))  # the rejection bound of below(n), n < 64


def draw_below(state: int, n: int) -> tuple[int, int]:
    """SplitMix64.below(n) on a bare state: (the new state, the draw in [0, n)), n >= 1.

    The one rejection loop of `below`, as a plain function, so that a playout loop can keep the state in a local
    variable (a method call and an attribute write a draw cost it measurably) and still share this code.
    """
    limit = LIMITS[n] if n < 64 else TWO64 - TWO64 % n
    while True:
        state = (state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * MIX1) & MASK
        z = ((z ^ (z >> 27)) * MIX2) & MASK
        z ^= z >> 31
        if z < limit:
            return state, z % n


class SplitMix64:
    """The engine-owned random stream; its whole state is one 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        """Next 64-bit output."""
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * MIX1) & MASK
        z = ((z ^ (z >> 27)) * MIX2) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Unbiased integer in [0, n), by rejecting draws from the incomplete last block."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.state, k = draw_below(self.state, n)
        return k

    def random(self) -> float:
        """Float in [0, 1) from the top 53 bits; the same on every IEEE-754 platform."""
        return (self.next() >> 11) / float(1 << 53)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: int) -> SplitMix64:
        """An independent stream derived from this seed and a label, e.g. for the bots."""
        return SplitMix64(SplitMix64(self.state ^ (label * GOLDEN & MASK)).next())
