"""Results of rule case files kept between runs of `fauna check`, so a case file nothing has changed is not re-run.

What a case file's results depend on is all in its key: the file's text, its path as printed and its
folder (a case may name a scoring table file beside it), and the fingerprint of the code and data that
ran it: a SHA-256 over the Python version, every source file of `rules/` and of the command itself
(this module and fauna_cli/check_cmd.py), and every data file, both of the data folder Fauna reads
(FAUNA_DATA_DIR, when set) and of the bundled one the other games read. Any other file opened while a
case file is parsed or run (a scoring table named by a case) is recorded, through an audit hook, with
its bytes and where its path leads after symbolic links; its results are used again only while each such
file is unchanged. So a cached result is always the one a run would give now: never stale.

The results of one fingerprint live in one file, `fauna/checked-1/FINGERPRINT.marshal` in the user's cache
folder (fauna_cli/datacache.py: XDG_CACHE_HOME or ~/.cache; never inside the installed package), as
`marshal` data: for each case file (by path and folder) the SHA-256 of its text, the other files it read,
and each case's `CaseResult.to_dict()`, which is all `fauna check` prints. It is rewritten
atomically (a temporary file renamed over it), so two processes racing leave one whole file; the loser's
new results are merely run again next time. Only the newest KEEP fingerprints are kept. Every failure to
read or write is silent and means the cases are run. The cache is used only by the `fauna` command (which
installs the data caches) and never with FAUNA_NO_CACHE set.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

VERSION = "checked-1"  # bump when the stored form or what the key covers changes
KEEP = 16  # fingerprints kept: a few checkouts and versions at once, without growing for ever
CODE_FILES = ("check_cmd.py", "casecache.py")  # of fauna_cli/: the code that picks a file's game and keeps results

Dep = tuple[str, str, bytes | None]  # a file a case file read: its path, where that leads, its bytes (None: missing)


def _files_under(top: str, only_py: bool) -> list[str]:
    """Every file below `top` in a stable order (bytecode folders left out: they follow from the sources)."""
    out = []
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        out += [os.path.join(root, f) for f in sorted(files) if not only_py or f.endswith(".py")]
    return out


def _bundled_data_dir() -> str | None:
    """The data folder the other games read: the checkout's data/, else the installed fauna_data package."""
    import rules

    here = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(rules.__file__))), "data")
    if os.path.isfile(os.path.join(here, "board.toml")):  # as the games tell the checkout's data/ (from source)
        return here
    import importlib.util

    spec = importlib.util.find_spec("fauna_data")
    if spec is None or spec.origin is None:  # pragma: no cover - only a broken install gets here
        return None
    return os.path.dirname(os.path.realpath(spec.origin))


def covered_roots() -> list[str]:
    """The folders whose every file the fingerprint covers: the rules' source and the data folders."""
    import rules
    from rules.core.data import data_dir

    roots = [os.path.dirname(os.path.realpath(rules.__file__)), data_dir()]
    bundled = _bundled_data_dir()
    if bundled is not None and os.path.realpath(bundled) != os.path.realpath(roots[1]):
        roots.append(bundled)
    return roots


def fingerprint() -> str:
    """SHA-256 of everything a case's result can depend on besides the case file and what it names."""
    import hashlib

    h = hashlib.sha256(f"{VERSION}\0{sys.version}\0{sys.implementation.cache_tag}\0".encode())
    code_root, *data_roots = covered_roots()
    here = os.path.dirname(os.path.realpath(__file__))
    files = [*_files_under(code_root, True), *(os.path.join(here, f) for f in CODE_FILES)]
    for root in data_roots:
        files += _files_under(root, False)
    for path in files:
        with open(path, "rb") as f:
            body = f.read()
        h.update(f"{path}\0{len(body)}\0".encode())
        h.update(body)
    return h.hexdigest()


def file_key(where: str, base_dir: str, text: str) -> tuple[str, str]:
    """Where one case file's results are kept (its path as printed and its folder) and the digest of its text.

    A file's newer results replace its older ones, so editing a case file does not grow the cache.
    """
    import hashlib

    return f"{where}\0{base_dir}", hashlib.sha256(text.encode()).hexdigest()


def _current(path: str) -> Dep:
    """A file as it is now: its path, where the path leads, and its bytes (None when it cannot be read)."""
    try:
        with open(path, "rb") as f:
            body: bytes | None = f.read()
    except OSError:
        body = None
    return path, os.path.realpath(path), body


class ResultCache:
    """The results of case files for one fingerprint, loaded from and saved to one file."""

    def __init__(self, folder: str, key: str) -> None:
        self.folder = folder
        self.path = os.path.join(folder, f"{key}.marshal")
        self.entries: dict[str, tuple[str, tuple[Dep, ...], list[dict[str, Any]]]] = {}  # by file: text digest, ...
        self.changed = False
        from fauna_cli.datacache import without_gc

        try:
            with open(self.path, "rb") as f:
                stored = without_gc(marshal.loads, f.read())  # one read: load(f) reads the file object by object
        except (OSError, EOFError, ValueError, TypeError):
            return
        if isinstance(stored, dict):
            self.entries = stored

    def get(self, key: tuple[str, str]) -> list[dict[str, Any]] | None:
        """The stored results of a case file with this text, if every other file it read is still as it was."""
        slot, digest = key
        entry = self.entries.get(slot)
        if not (isinstance(entry, tuple) and len(entry) == 3 and entry[0] == digest and isinstance(entry[2], list)):
            return None
        _, deps, results = entry
        try:
            if any(_current(dep[0]) != tuple(dep) for dep in deps):
                return None
        except (TypeError, ValueError, IndexError):  # a damaged entry
            return None
        return results

    def put(self, key: tuple[str, str], deps: list[str], results: list[dict[str, Any]]) -> None:
        """Keep a case file's results with the other files it read (their bytes as they are now)."""
        slot, digest = key
        entry = (digest, tuple(_current(p) for p in sorted(set(deps))), results)
        try:
            marshal.dumps(entry)
        except ValueError:  # a value marshal cannot store: run this file every time
            return
        self.entries[slot] = entry
        self.changed = True

    def save(self) -> None:
        """Write the results atomically if any were added, and drop the oldest fingerprints beyond KEEP."""
        if not self.changed:
            return
        import tempfile

        tmp = None
        try:
            os.makedirs(self.folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                marshal.dump(self.entries, f)
            os.replace(tmp, self.path)
            tmp = None
            _prune(self.folder)
        except OSError:
            pass
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass


def _prune(folder: str) -> None:
    """Remove all but the KEEP most recently written result files (another process may still be reading one)."""
    found = []
    for name in os.listdir(folder):
        if name.endswith(".marshal"):
            try:
                found.append((os.stat(os.path.join(folder, name)).st_mtime_ns, name))
            except OSError:
                continue
    for _, name in sorted(found, reverse=True)[KEEP:]:
        try:
            os.unlink(os.path.join(folder, name))
        except OSError:
            pass


def open_cache() -> ResultCache | None:
    """The result cache of the current code and data, or None when caching is off or cannot be used."""
    from fauna_cli import datacache

    root = datacache.installed_root()
    if root is None:
        return None
    try:
        key = fingerprint()
    except Exception:  # an unreadable source or data file, no data folder: run the cases as without a cache
        return None
    return ResultCache(os.path.join(root, VERSION), key)


# -- files read while cases are parsed and run -------------------------------------------------------------------

_reads: list[str] | None = None  # where the audit hook records opened files; None: not recording
_ignored: tuple[str, ...] = ()  # folders whose files the fingerprint covers or that hold only code or caches
_hooked = False


def _audit(event: str, args: tuple[Any, ...]) -> None:
    """Audit hook: note each file opened while recording (it must never raise: the open would fail)."""
    if _reads is None or event != "open":
        return
    try:
        path = args[0]
        if isinstance(path, int):  # a descriptor: the file was opened (and recorded) by name before
            return
        path = os.path.abspath(os.fsdecode(path))
        real = os.path.realpath(path)
        if not real.startswith(_ignored) and not real.endswith((".py", ".pyc")):  # .py/.pyc: an import
            _reads.append(path)
    except Exception:  # pragma: no cover - a path that cannot be named is not one a case reads
        pass


@contextmanager
def recording(into: list[str]) -> Iterator[None]:
    """Record in `into` the files opened inside the block, besides those the fingerprint covers (and imports)."""
    global _reads, _ignored, _hooked
    if not _hooked:
        from fauna_cli import datacache

        roots = [*covered_roots(), os.path.dirname(os.path.realpath(__file__))]
        root = datacache.installed_root()
        if root is not None:
            roots.append(root)
        _ignored = tuple(os.path.join(os.path.realpath(r), "") for r in roots)
        sys.addaudithook(_audit)
        _hooked = True
    _reads = into
    try:
        yield
    finally:
        _reads = None
