"""Fuzz every reader (issue 11): hostile input ends in a documented exit code and one escaped stderr line.

Deterministic (hypothesis `derandomize=True`) and bounded: a few hundred inputs per reader run in
a few seconds. `FAUNA_FUZZ_EXAMPLES=N` raises the count per reader for a long run; tools/fuzz.py
runs 100,000 inputs with a per-input time limit and prints figures per reader.
"""

from __future__ import annotations

import os

import fuzzkit
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = int(os.environ.get("FAUNA_FUZZ_EXAMPLES", "120"))
FUZZ = settings(derandomize=True, max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def ws():
    w = fuzzkit.Workspace()
    yield w
    w.close()


def _assert_clean(outcome: fuzzkit.Outcome, data: bytes) -> None:
    assert outcome.problem is None, f"{outcome.reader}: {outcome.problem}; input {data[:300]!r}"


@pytest.mark.parametrize("reader", list(fuzzkit.READERS))
@FUZZ
@given(rnd=st.randoms(use_true_random=False))
def test_mutated_inputs_are_refused_cleanly(ws, reader, rnd):
    data = fuzzkit.generate(reader, rnd)
    _assert_clean(fuzzkit.run(reader, ws, data), data)


@pytest.mark.parametrize("reader", [r for r in fuzzkit.READERS if r != "arguments"])
@settings(derandomize=True, max_examples=max(EXAMPLES // 3, 10), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300))
def test_random_bytes_are_refused_cleanly(ws, reader, data):
    _assert_clean(fuzzkit.run(reader, ws, data), data)


@pytest.mark.parametrize("reader", list(fuzzkit.READERS))
@pytest.mark.parametrize("token", fuzzkit.NASTY, ids=[repr(t[:12]) for t in fuzzkit.NASTY])
def test_every_nasty_token_in_every_reader(ws, reader, token):
    """Each hostile token spliced into the middle of each reader's valid input, and alone."""
    seed = fuzzkit.READERS[reader][1]
    middle = seed[: len(seed) // 2] + token + seed[len(seed) // 2:]
    for data in (token, middle):
        _assert_clean(fuzzkit.run(reader, ws, data), data)


@pytest.mark.parametrize("reader", ["replay", "pbem status", "pbem move"])
@settings(derandomize=True, max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(line=st.integers(0, 30), text=st.text(max_size=60))
def test_rehashed_logs_with_edited_lines(ws, reader, line, text):
    """An edited line with a valid hash chain reaches the parser behind the hash check."""
    lines = fuzzkit.GOLDEN_LOG.decode().split("\n")
    i = line % (len(lines) - 1)
    body = lines[i].rsplit(" @", 1)[0]
    lines[i] = f"{body[: len(body) // 2]}{text} @{'0' * 32}"
    data = fuzzkit.rehash("\n".join(lines).encode("utf-8", "surrogatepass"))
    _assert_clean(fuzzkit.run(reader, ws, data), data)
