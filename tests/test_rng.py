"""The portable generator: published SplitMix64 vectors and our own draws, pinned forever."""

from rules.core.rng import SplitMix64


def test_splitmix64_reference_vectors():
    r = SplitMix64(0)
    assert [r.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_below_and_shuffle_vectors():
    r = SplitMix64(7)
    assert [r.below(10) for _ in range(8)] == VECTOR_BELOW
    items = list(range(10))
    SplitMix64(7).shuffle(items)
    assert items == VECTOR_SHUFFLE


def test_below_is_in_range_and_covers():
    r = SplitMix64(123)
    seen = {r.below(6) for _ in range(500)}
    assert seen == set(range(6))


def test_fork_is_reproducible_and_label_dependent():
    assert SplitMix64(99).fork(1).next() == SplitMix64(99).fork(1).next()
    assert SplitMix64(99).fork(1).next() != SplitMix64(99).fork(2).next()


VECTOR_BELOW = [7, 4, 6, 3, 4, 5, 8, 2]
VECTOR_SHUFFLE = [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
