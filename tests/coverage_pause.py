"""Pause coverage's tracing for a test's repetitions, so that a thousandfold loop costs what it does unmeasured.

Coverage records which lines run; the 9,000th random pile runs the same lines as the first few hundred, but under
the tracer every line of it costs several times more. A test measures its first slice and runs the rest with
the tracer paused: every assertion still runs, only the line counting stops. Outside coverage this does nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext


@contextmanager
def unmeasured() -> Iterator[None]:
    """Run the block with coverage (if any) stopped, and start it again after, even when the block fails."""
    try:
        from coverage import Coverage
    except ImportError:  # pragma: no cover - coverage is a test dependency
        yield
        return
    cov = Coverage.current()
    if cov is None:
        yield
        return
    cov.stop()
    try:
        yield
    finally:
        cov.start()


def unmeasured_from(first: int, index: int) -> AbstractContextManager[None]:
    """For step `index` of a long loop: measured for the first `first` steps, unmeasured after."""
    return unmeasured() if index >= first else nullcontext()


def unmeasured_child_env(**extra: str) -> dict[str, str]:
    """The environment for a child process that coverage should leave alone, plus `extra`.

    Under coverage's subprocess patch every child is measured too, which makes a child that plays games
    (a tool's match, a bench's timed command) several times slower; a child whose code other tests cover
    runs as a user's would.
    """
    env = {k: v for k, v in os.environ.items() if k != "COVERAGE_PROCESS_CONFIG"}
    env.update(extra)
    return env
