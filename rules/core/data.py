"""Where the data files live and how they are read, once, for every game and query (through the CLI's caches)."""

from __future__ import annotations

import importlib
import io
import os
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from rules.core.errors import DataError

T = TypeVar("T")


@lru_cache(maxsize=1)
def data_dir() -> str:
    """The data folder: FAUNA_DATA_DIR when set, else the checkout's data/ (from source), else the installed copy.

    FAUNA_DATA_DIR is for tests and deck editors: it points fauna at another copy of data/ (for example
    one with an edited animal) without touching the installed one. Paths are plain strings (os.path),
    not pathlib: every command loads data, and pathlib alone would add a tenth to the start-up time of
    a quick query.
    """
    chosen = os.environ.get("FAUNA_DATA_DIR")
    if chosen:
        if not os.path.isfile(os.path.join(chosen, "board.toml")):
            raise DataError(f"FAUNA_DATA_DIR={chosen}: not a fauna data folder (it has no board.toml)")
        return os.path.realpath(chosen)
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))), "data")
    if os.path.isfile(os.path.join(here, "board.toml")):
        return here
    try:
        where = importlib.import_module("fauna_data").__file__  # installed by pip as the package form of data/
    except ImportError:  # pragma: no cover - only a broken install gets here
        where = None
    if where is None:  # pragma: no cover - no package, or a folder without its __init__: a broken install
        raise DataError("cannot find the fauna data files (data/board.toml); reinstall the package")
    return os.path.dirname(os.path.realpath(where))


def read_bytes(relpath: str) -> bytes:
    """Raw bytes of a data file, line endings normalised so hashes agree across platforms."""
    try:
        with open(os.path.join(data_dir(), relpath), "rb") as f:
            return f.read().replace(b"\r\n", b"\n")
    except OSError as exc:
        raise DataError(f"cannot read data file {relpath}: {exc.strerror}") from exc


def load_toml_text(text: str, where: str) -> dict[str, Any]:
    """Parse TOML text, reporting the file name on a syntax error."""
    import tomllib  # only when a file is not in the parsed cache

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: {exc}") from exc


class ParsedCache(Protocol):
    """Somewhere to keep parsed data files between runs, keyed by their bytes (the CLI gives one; rules write none)."""

    def get(self, raw: bytes) -> dict[str, Any] | None: ...

    def put(self, raw: bytes, doc: dict[str, Any]) -> None: ...


_parsed_cache: ParsedCache | None = None


def use_parsed_cache(cache: ParsedCache | None) -> None:
    """Let data files be read through `cache` (parsing the deck's TOML is most of a quick command's start-up)."""
    global _parsed_cache
    _parsed_cache = cache


def load_toml(relpath: str) -> dict[str, Any]:
    """Parse a TOML data file (through the parsed cache, when one is set; it is keyed by the file's bytes)."""
    return load_toml_bytes(read_bytes(relpath), relpath)


def load_toml_bytes(raw: bytes, where: str) -> dict[str, Any]:
    """Parse the bytes of a bundled TOML file (data, or the CLI's default config) through the parsed cache."""
    cache = _parsed_cache
    if cache is not None:
        doc = cache.get(raw)
        if doc is not None:
            return doc
    doc = load_toml_text(raw.decode("utf-8"), where)
    if cache is not None:
        cache.put(raw, doc)
    return doc


class BuiltCache(Protocol):
    """Somewhere to keep objects built from data files between runs, keyed by everything they were built from."""

    def get(self, key: bytes) -> Any | None: ...

    def put(self, key: bytes, value: Any) -> None: ...


_built_cache: BuiltCache | None = None


def use_built_cache(cache: BuiltCache | None) -> None:
    """Let `cached_build` keep what it builds in `cache` (the CLI gives one; rules write no files)."""
    global _built_cache
    _built_cache = cache


def cached_build(kind: str, relpaths: list[str], code: list[str], build: Callable[[], T]) -> T:
    """`build()`, or the object it built before from the same data files and the same code.

    The key holds the bytes of every data file in `relpaths` and of every source file in `code` (the
    modules whose classes the object is made of), so a changed file or class gives a new entry: the
    cache is never stale. Without a cache, or when a source file cannot be read, it simply builds.
    """
    cache = _built_cache
    if cache is None:
        return build()
    parts = [kind.encode()]
    try:
        for rel in relpaths:
            parts += [rel.encode(), read_bytes(rel)]
        for path in code:
            with open(path, "rb") as f:
                parts += [path.encode(), f.read()]
    except (OSError, DataError):
        return build()
    key = b"\0".join(f"{len(p)}:".encode() + p for p in parts)
    hit = cache.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    value = build()
    cache.put(key, value)
    return value


def load_csv(relpath: str) -> list[dict[str, str]]:
    """Rows of a CSV data file as dicts keyed by its header (through the parsed cache, as TOML files are)."""
    raw = read_bytes(relpath)
    key = b"csv\0" + raw  # its own key space: a CSV file's rows are never taken for a TOML file's document
    cache = _parsed_cache
    if cache is not None:
        doc = cache.get(key)
        if doc is not None and isinstance(doc.get("rows"), list):
            return doc["rows"]  # type: ignore[no-any-return]
    import csv

    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8"))))
    if cache is not None:
        cache.put(key, {"rows": rows})
    return rows


def list_files(relfolder: str, suffix: str) -> list[str]:
    """Data files in a folder, sorted by name so the load order never depends on the file system."""
    folder = os.path.join(data_dir(), relfolder)
    if not os.path.isdir(folder):
        return []
    return [f"{relfolder}/{name}" for name in sorted(os.listdir(folder)) if name.endswith(suffix)]


_FINGERPRINTS: dict[tuple[str, tuple[str, ...]], tuple[tuple[tuple[int, int, int], ...], str]] = {}


def fingerprint(relpaths: list[str]) -> str:
    """SHA-256 over the named data files (names and contents), so a log can tell which data it used.

    Remembered for the process while every file keeps its size, modification time (in nanoseconds) and
    inode: verifying a log takes the installed fingerprint, and a folder of logs would read the files again
    for each one.
    """
    folder, names = data_dir(), tuple(sorted(relpaths))
    try:
        stamps = tuple((s.st_size, s.st_mtime_ns, s.st_ino) for s in (os.stat(os.path.join(folder, r)) for r in names))
    except OSError:
        stamps = None  # read_bytes below says which file is missing
    hit = _FINGERPRINTS.get((folder, names))
    if stamps is not None and hit is not None and hit[0] == stamps:
        return hit[1]
    digest = _fingerprint(names)
    if stamps is not None:
        if len(_FINGERPRINTS) > 64:
            _FINGERPRINTS.clear()
        _FINGERPRINTS[(folder, names)] = (stamps, digest)
    return digest


def _fingerprint(relpaths: tuple[str, ...]) -> str:
    import hashlib

    h = hashlib.sha256()
    for rel in sorted(relpaths):
        body = read_bytes(rel)
        h.update(f"{rel}\n{len(body)}\n".encode())
        h.update(body)
    return h.hexdigest()
