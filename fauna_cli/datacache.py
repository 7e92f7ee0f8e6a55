"""A cache of parsed data files in the user's cache folder, so quick commands do not parse the deck every time.

Beside them, objects built from data files (the deck: `rules.fauna.data.cached_build`) are kept as
pickles under the SHA-256 of everything they were built from, data files and source files alike (so a
changed class is never answered with an old object). The folder is the user's own, as for any cache.

Each data file's parsed form is stored as `marshal` bytes under the SHA-256 of the file's bytes: a file
that changes gets a new key, so the cache is never stale, and it is written only in the user's cache
folder (XDG_CACHE_HOME or ~/.cache, `fauna/parsed-1/`), never inside the installed package. Every
failure to read or write it is silent: the data is then parsed as without a cache. FAUNA_NO_CACHE=1
turns it off.
"""

from __future__ import annotations

import hashlib
import marshal
import os
from typing import Any

VERSION = "parsed-1"  # bump when the stored form changes


def cache_dir() -> str | None:
    """The folder of the cache, or None when caching is off or there is no home to put it in."""
    if os.environ.get("FAUNA_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or (os.path.join(os.path.expanduser("~"), ".cache")
                                                 if os.path.expanduser("~") != "~" else None)
    return os.path.join(base, "fauna", VERSION) if base else None


class FileCache:
    """ParsedCache (rules/fauna/data.py) backed by one marshal file per data file content."""

    suffix = ".marshal"

    def __init__(self, folder: str) -> None:
        self.folder = folder

    def _path(self, raw: bytes) -> str:
        return os.path.join(self.folder, hashlib.sha256(raw).hexdigest() + self.suffix)

    def get(self, raw: bytes) -> dict[str, Any] | None:
        try:
            with open(self._path(raw), "rb") as f:
                doc = marshal.load(f)
        except (OSError, EOFError, ValueError, TypeError):
            return None
        return doc if isinstance(doc, dict) else None

    def put(self, raw: bytes, doc: dict[str, Any]) -> None:
        try:
            data = marshal.dumps(doc)
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
    """BuiltCache (rules/fauna/data.py) backed by one pickle file per key; any failure to load is a miss."""

    suffix = ".pickle"

    def get(self, raw: bytes) -> Any | None:
        import pickle

        try:
            with open(self._path(raw), "rb") as f:
                return pickle.load(f)
        except Exception:  # a damaged or foreign file: build anew (pickle can raise almost anything)
            return None

    def put(self, raw: bytes, value: Any) -> None:
        import pickle

        try:
            data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # not picklable: go without the cache
            return
        self._write(raw, data)


def install() -> None:
    """Read data files through the user's cache folder from now on (called once when `fauna` starts)."""
    folder = cache_dir()
    if folder is None:
        return
    from rules.fauna.data import use_built_cache, use_parsed_cache

    use_parsed_cache(FileCache(folder))
    use_built_cache(BuiltFileCache(folder))
