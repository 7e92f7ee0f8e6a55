"""The generator's edges: bounds, floats, and exactly how many draws a shuffle takes (all part of the replays)."""

import pytest

from rules.core.rng import SplitMix64


def reference_shuffle(rng: SplitMix64, items: list) -> None:
    """The documented algorithm: Fisher-Yates from the last position down, drawing below(i + 1) for i = n-1 .. 1."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("n", [0, -1, -(2**64)])
def test_below_needs_a_positive_bound(n):
    with pytest.raises(ValueError, match="positive bound"):
        SplitMix64(1).below(n)


def test_below_one_is_always_zero_and_takes_one_draw():
    a, b = SplitMix64(42), SplitMix64(42)
    assert [a.below(1) for _ in range(3)] == [0, 0, 0]
    for _ in range(3):
        b.next()
    assert a.next() == b.next() == 6349198060258255764


def test_random_is_in_zero_to_one_from_the_top_53_bits():
    r = SplitMix64(42)
    assert [r.random() for _ in range(3)] == [0.7415648787718233, 0.1599103928769201, 0.27860113025513866]
    r = SplitMix64(7)
    draws = [r.random() for _ in range(20000)]
    assert all(0.0 <= x < 1.0 for x in draws)
    assert 0.49 < sum(draws) / len(draws) < 0.51
    assert SplitMix64(3).random() == (SplitMix64(3).next() >> 11) / 2**53


@pytest.mark.parametrize("seed,order,after", [
    (0, [6, 3, 2, 9, 8, 1, 4, 7, 0, 5], 17561866513979060390),
    (1, [4, 2, 8, 1, 9, 3, 0, 6, 7, 5], 14646652180046636950),
    (2, [9, 8, 3, 2, 4, 6, 1, 7, 5, 0], 13422145482624333932),
    (3, [2, 8, 7, 4, 5, 6, 0, 1, 9, 3], 16390474474253937522),
    (4, [9, 5, 3, 2, 0, 6, 1, 7, 4, 8], 9918284910888602629),
])
def test_a_shuffle_gives_the_recorded_order_and_leaves_the_stream_where_the_replays_expect(seed, order, after):
    rng = SplitMix64(seed)
    items = list(range(10))
    rng.shuffle(items)
    assert items == order and rng.next() == after


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 52])
def test_a_shuffle_is_the_documented_fisher_yates(seed, n):
    mine, ref = SplitMix64(seed), SplitMix64(seed)
    a, b = list(range(n)), list(range(n))
    mine.shuffle(a)
    reference_shuffle(ref, b)
    assert a == b and mine.state == ref.state


def test_forked_streams_differ_by_label_and_leave_the_parent_alone():
    parent = SplitMix64(9)
    before = parent.state
    assert parent.fork(1).next() != parent.fork(2).next()
    assert parent.state == before
    assert SplitMix64(2**64 + 5).state == 5  # a seed is taken modulo 2**64


def reference_below(rng: SplitMix64, n: int) -> int:
    """The documented rejection: draws from the incomplete last block of 2**64 are drawn again."""
    limit = 2**64 - 2**64 % n
    while True:
        x = rng.next()
        if x < limit:
            return x % n


@pytest.mark.parametrize("n", [2**63 + 1, 3 * 2**62, 2**64 - 1, 10])
def test_below_rejects_draws_from_the_incomplete_last_block(n):
    """With n near 2**64 about half the draws are rejected; a biased `below` would differ here at once."""
    mine, ref = SplitMix64(11), SplitMix64(11)
    assert [mine.below(n) for _ in range(50)] == [reference_below(ref, n) for _ in range(50)]
    assert mine.state == ref.state
