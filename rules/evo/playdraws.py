"""The decision stream of an Evo playout drawn ahead in batches, so a decision's draw is one call, not a hash.

A playout draws one SplitMix64 output per decision (and one more per rare rejection of `below`). The outputs
only depend on the stream's state, which advances by GOLDEN per output, so BATCH of them are computed at once
in the lanes of one big integer (as Fauna's playout does for its first draws): each lane is LANE bits wide,
so a sum or a product by a 64-bit constant stays inside its lane, and each shift's spill from the next lane
is masked off before it can matter. The same numbers as `SplitMix64.next`, for a fraction of the integer
operations; the stream's state after a playout follows from how many outputs it took (`advanced`).

A decision takes `next(outputs) % n`, with no rejection test of its own: `SplitMix64.below(n)` rejects only an
output at or above 2**64 - 2**64 % n, and every output below SAFE is under that bound for any n <= 2**32 (a
position offers far fewer decisions). The rare output at or above SAFE (about one in 2**32; looked for only in the
lanes whose top byte is 0xff, one in 256) comes as a `HighOutput`, whose `% n` does the rejection: it counts it,
and takes the next output in its place.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from struct import Struct

from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, TWO64

BATCH = 48  # outputs computed at once (a fresh five-player playout takes about 390: 36-48 measured fewest instructions)
LANE = 128  # bits per output: 64 of state and room for a product by a 64-bit constant
_ONES = sum(1 << (LANE * t) for t in range(BATCH))
_LANES = MASK * _ONES  # 2**64 - 1 in every lane
_STEPS = sum((((t + 1) * GOLDEN) & MASK) << (LANE * t) for t in range(BATCH))  # lane t: t + 1 steps on
_AHEAD = ((BATCH * GOLDEN) & MASK) * _ONES  # BATCH steps on, in every lane
_UNPACK = Struct("<" + f"Q{LANE // 8 - 8}x" * BATCH).unpack
_SIZE = LANE // 8 * BATCH
SAFE = TWO64 - (1 << 32)  # an output below this is never rejected by below(n) with n <= 2**32


def batches(state: int, draws: Draws | None = None) -> Iterator[tuple[int, ...]]:
    """SplitMix64's outputs from `state` (any integer; taken modulo 2**64) on, BATCH at a time; with `draws`,
    those at or above SAFE come as HighOutput, rejecting themselves there.

    The lanes' states are made once by a product; each next batch's are the last ones plus BATCH steps.
    """
    s = ((state & MASK) * _ONES + _STEPS) & _LANES
    while True:
        z = ((s ^ (s >> 30)) & _LANES) * MIX1 & _LANES
        z = ((z ^ (z >> 27)) & _LANES) * MIX2 & _LANES
        z ^= z >> 31  # (what this leaves above a lane's 64 bits, the unpacking skips)
        lanes = z.to_bytes(_SIZE, "little")
        out = _UNPACK(lanes)
        if draws is not None:
            tops = lanes[7::LANE // 8]  # each output's top byte
            i = tops.find(255)
            while i >= 0:  # (in about one batch of 5)
                if out[i] >= SAFE:
                    out = (*out[:i], HighOutput(out[i], draws), *out[i + 1:])
                i = tops.find(255, i + 1)
        yield out
        s = (s + _AHEAD) & _LANES


def outputs(state: int, draws: Draws | None = None) -> Iterator[int]:
    """SplitMix64's outputs from `state` on, one by one, computed BATCH at a time as they are needed."""
    return chain.from_iterable(batches(state, draws))


def advanced(state: int, taken: int) -> int:
    """The stream's state after `taken` outputs from `state`."""
    return (state + taken * GOLDEN) & MASK


class Draws:
    """A playout's decision stream: its outputs ahead, and how many it rejected (every other one is a decision)."""

    __slots__ = ("start", "outputs", "rejected")

    def __init__(self, start: int) -> None:
        self.start = start
        self.outputs = outputs(start, self)
        self.rejected = 0

    def state(self, decisions: int) -> int:
        """The stream's state after `decisions` decisions drawn from it (and its rejections)."""
        return advanced(self.start, decisions + self.rejected)

    def close(self) -> None:
        """Drop the outputs drawn ahead: their generator refers back to this stream (for HighOutput), a cycle
        that would otherwise wait for the collector."""
        self.outputs = iter(())


class HighOutput(int):
    """An output that `below(n)` may reject (at or above SAFE): its `% n` rejects it as `below` would, so the
    decisions' draws need no test of their own."""

    draws: Draws

    def __new__(cls, value: int, draws: Draws) -> HighOutput:
        out = super().__new__(cls, value)
        out.draws = draws
        return out

    def __mod__(self, n: int) -> int:
        """`below(n)` from this output: itself modulo n, or, rejected, the next output's draw in its place."""
        if self < TWO64 - TWO64 % n:
            return int(self) % n
        self.draws.rejected += 1
        return next(self.draws.outputs) % n
