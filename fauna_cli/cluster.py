"""`fauna simulate --scheduler ADDRESS`: the games of a run played on a Dask cluster (the optional `distributed`).

A run is cut into small batches of games; a batch is a pure task (the same arguments always give the same
records, because game i is seeded from the run's seed and i alone), so when a worker dies the scheduler
runs its batches again elsewhere and the figures are those of `--jobs 1`. Each batch first checks that the
worker plays with the same rules and data as this machine: a worker with other code would give other games.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from rules.core.errors import FaunaError

INSTALL = "simulate --scheduler needs the optional 'distributed' package: pip install '.[cluster]' in fauna's checkout"


class ClusterError(FaunaError):
    """The cluster cannot be used: the extra is missing, the scheduler cannot be reached, or a worker differs."""


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of the rules' source and the game data: what decides every game of a run."""
    import rules
    from rules.core.data import data_dir  # the data folder: FAUNA_DATA_DIR may point elsewhere
    from rules.evo.data import data_dir as game_data  # data/evo: Arctic, ExoFauna and Evo read the data/ beside it

    roots = [os.path.dirname(os.path.realpath(rules.__file__)), os.path.dirname(game_data()), data_dir()]
    digest = hashlib.sha256()
    for root in dict.fromkeys(roots):
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".toml", ".csv")):
                    path = os.path.join(folder, name)
                    digest.update(os.path.relpath(path, root).encode() + b"\0")
                    with open(path, "rb") as f:
                        digest.update(f.read() + b"\0")
    return digest.hexdigest()[:16]


def batch(fingerprint: str, task: Callable[..., list], *args: Any) -> list:
    """One task on a worker: the same code as the client's, then `task(*args)` (a batch of games, pure)."""
    if fingerprint != code_fingerprint():
        raise ClusterError(f"the Dask worker at {_worker_address()} runs other fauna rules or data than this "
                           "machine (its games would differ): install the same fauna version on every worker")
    return task(*args)


def _worker_address() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):  # pragma: no cover - only ever called inside a worker
        return "?"


def connect(address: str) -> Any:
    """A client of the scheduler at ADDRESS, or one clear error (the extra missing, nobody listening)."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(INSTALL) from None
    from distributed.comm import resolve_address

    try:
        resolve_address(address)  # a bad address before a client exists: a client that never connected lingers
    except (OSError, ValueError) as exc:
        raise ClusterError(f"--scheduler {address}: {exc} (a scheduler's address reads like tcp://HOST:8786)") from None
    try:
        return Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def threads(client: Any) -> int:
    """Worker threads the cluster has now (at least 1): how many batches run at once."""
    return max(1, sum(client.nthreads().values()))


def run_batches(client: Any, task: Callable[..., list], args: tuple, seed: int, ranges: list[tuple[int, int]],
                done: dict[int, list], progress: Callable[[int], object] | None = None) -> None:
    """Run `task(*args, seed, a, b)` for every range on the cluster, into `done` (records by first game).

    A worker lost mid-run costs only its batches: the scheduler gives them to another worker. On Ctrl-C or
    an error the run's tasks are cancelled on the cluster, and the error goes on to the caller.
    """
    import uuid

    from distributed import KilledWorker, as_completed

    run = uuid.uuid4().hex[:12]
    fingerprint = code_fingerprint()
    futures = {client.submit(batch, fingerprint, task, *args, seed, a, b, key=f"fauna-simulate-{run}-{a}-{b}"): (a, b)
               for a, b in ranges}
    try:
        for fut in as_completed(futures, loop=client.loop):
            a, b = futures[fut]
            try:
                done[a] = fut.result()
            except KilledWorker as exc:
                raise ClusterError(f"games {a + 1}-{b} of the run stopped one Dask worker after another, "
                                   f"so the scheduler gave up on them: {exc}") from None
            except (RuntimeError, ImportError) as exc:
                if not _missing_fauna(exc):
                    raise
                why = f" ({exc})" if isinstance(exc, ImportError) else ""
                raise ClusterError(f"the Dask scheduler or a worker cannot load fauna's games{why}: install fauna "
                                   "(pip install '.[cluster]') where the scheduler and every worker run") from None
            except (OSError, TimeoutError) as exc:  # the scheduler went away
                raise ClusterError(f"the Dask cluster stopped answering after {sum(map(len, done.values()))} "
                                   f"games: {exc}") from None
            fut.release()
            if progress:
                progress(b - a)
    except BaseException:
        client.cancel(list(futures))
        raise


def _missing_fauna(exc: BaseException) -> bool:
    """An error of a scheduler or worker that has no fauna to import (not a bug in a game)."""
    if isinstance(exc, ImportError):
        return (exc.name or "").split(".")[0] in ("fauna_cli", "rules")
    return "deserializ" in str(exc)


@contextmanager
def session(address: str | None) -> Iterator[Any]:
    """A client of the scheduler at ADDRESS for the length of a run (None without an address), closed after."""
    if address is None:
        yield None
        return
    client = connect(address)
    try:
        yield client
    finally:
        client.close()
