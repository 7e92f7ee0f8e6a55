"""A cache of parsed data files in the user's cache folder, so quick commands do not parse the deck every time.

Each data file's parsed form is stored as `marshal` bytes together with the file's bytes, in a file
named by their CRC-32 and length; an entry counts only when the bytes it holds equal the file's, so a
file that changes never gets an old answer: the cache is never stale. (A comparison of bytes is exact
and cheaper than a SHA-256, whose OpenSSL import alone is a tenth of a quick query's own start-up.)
Objects built from data files (the deck: `rules.core.data.cached_build`) are kept the same way as
pickles, keyed by the bytes of everything they were built from, data files and source files alike (so a
changed class is never answered with an old object). It is written only in the user's cache folder
(XDG_CACHE_HOME or ~/.cache, `fauna/parsed-1/`), never inside the installed package. Every failure to
read or write it is silent: the data is then parsed as without a cache. FAUNA_NO_CACHE=1 turns it off.
The results `fauna check` keeps live beside it (`fauna/checked-1/`, fauna_cli/casecache.py).
"""

from __future__ import annotations

import functools
import gc
import marshal
import os
import zlib
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

VERSION = "parsed-1"  # bump when the stored form changes


def cache_root() -> str | None:
    """The user's fauna cache folder, or None when caching is off or there is no home to put it in."""
    if os.environ.get("FAUNA_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or (os.path.join(os.path.expanduser("~"), ".cache")
                                                 if os.path.expanduser("~") != "~" else None)
    return os.path.join(base, "fauna") if base else None


def cache_dir() -> str | None:
    """The folder of the parsed-data cache, or None when caching is off or there is no home to put it in."""
    root = cache_root()
    return os.path.join(root, VERSION) if root else None


_installed: str | None = None  # the cache folder `install` chose: the other caches of the command live beside it


def installed_root() -> str | None:
    """The user's fauna cache folder when the `fauna` command installed the caches (None in a library or a test)."""
    return _installed


def without_gc(make: Callable[..., T], *args: Any) -> T:
    """`make(*args)` with the cyclic garbage collector held back, as when loading thousands of lasting objects.

    Every 700 new containers start a collection, and the older generations' collections walk every
    object made since start-up; none of them finds garbage while modules are imported or a cache file
    is loaded, yet they were most of the time `pickle.loads` takes over the deck. The collector runs
    again as before afterwards (unless it was off already).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return make(*args)
    finally:
        if enabled:
            gc.enable()


def lasting() -> None:
    """What was made so far lasts to the end of the command (a deck just loaded): later collections leave it alone.

    A collection of the older generations walks every object made since start-up; the thousands of objects of a
    deck loaded as a command starts find no garbage there, yet were most of the time such a collection took
    (`gc.freeze`, as at the end of start-up: fauna_cli/main.py `_started`).
    """
    gc.freeze()


def gc_held(func: Callable[..., T]) -> Callable[..., T]:
    """`func` run under `without_gc`: for a command that makes objects lasting to its end and frees almost none."""

    @functools.wraps(func)
    def held(*args: Any, **kwargs: Any) -> T:
        return without_gc(lambda: func(*args, **kwargs))

    return held


class FileCache:
    """ParsedCache (rules/core/data.py) backed by one marshal file per data file content."""

    suffix = ".marshal"

    def __init__(self, folder: str) -> None:
        self.folder = folder

    def _path(self, raw: bytes) -> str:
        return os.path.join(self.folder, f"{zlib.crc32(raw):08x}-{len(raw)}{self.suffix}")

    def get(self, raw: bytes) -> dict[str, Any] | None:
        try:
            with open(self._path(raw), "rb") as f:
                entry = without_gc(marshal.loads, f.read())  # one read: load(f) reads the file object by object
        except (OSError, EOFError, ValueError, TypeError):
            return None
        if not (isinstance(entry, tuple) and len(entry) == 2 and entry[0] == raw and isinstance(entry[1], dict)):
            return None  # damaged, or another file's content with the same CRC and length
        return entry[1]

    def put(self, raw: bytes, doc: dict[str, Any]) -> None:
        try:
            data = marshal.dumps((raw, doc))
        except ValueError:  # a value marshal cannot store (e.g. a TOML date): go without the cache
            return
        self._write(raw, data)

    def _write(self, raw: bytes, data: bytes) -> None:
        import tempfile  # writing is rare (a data file changed): reading should not pay for this import

        try:
            os.makedirs(self.folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, self._path(raw))
        except OSError:
            try:
                os.unlink(tmp)
            except (OSError, UnboundLocalError):
                pass


class BuiltFileCache(FileCache):
    """BuiltCache (rules/core/data.py) backed by one pickle file per key; any failure to load is a miss."""

    suffix = ".pickle"

    def get(self, raw: bytes) -> Any | None:
        import pickle

        try:
            with open(self._path(raw), "rb") as f:
                entry = without_gc(pickle.loads, f.read())  # one read, as above
        except Exception:  # a damaged or foreign file: build anew (pickle can raise almost anything)
            return None
        if not (isinstance(entry, tuple) and len(entry) == 2 and entry[0] == raw):
            return None  # another key with the same CRC and length
        if gc.isenabled():  # loaded while a command runs (start-up freezes its own): see `lasting`
            lasting()
        return entry[1]

    def put(self, raw: bytes, value: Any) -> None:
        import pickle

        try:
            data = pickle.dumps((raw, value), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # not picklable: go without the cache
            return
        self._write(raw, data)


def install() -> None:
    """Read data files through the user's cache folder from now on (called once when `fauna` starts)."""
    global _installed
    root = cache_root()
    if root is None:
        return
    _installed = root
    folder = os.path.join(root, VERSION)
    from rules.core.data import use_built_cache, use_parsed_cache

    use_parsed_cache(FileCache(folder))
    use_built_cache(BuiltFileCache(folder))
