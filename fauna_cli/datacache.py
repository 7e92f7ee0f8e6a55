"""A cache of parsed data files in the user's cache folder, so quick commands do not parse the deck every time.

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

    def __init__(self, folder: str) -> None:
        self.folder = folder

    def _path(self, raw: bytes) -> str:
        return os.path.join(self.folder, hashlib.sha256(raw).hexdigest() + ".marshal")

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


def install() -> None:
    """Read data files through the user's cache folder from now on (called once when `fauna` starts)."""
    folder = cache_dir()
    if folder is None:
        return
    from rules.fauna.data import use_parsed_cache

    use_parsed_cache(FileCache(folder))
