"""Where the data files live and how they are read, once, for every game and query."""

from __future__ import annotations

import csv
import io
import sys
from functools import lru_cache
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the project needs 3.11, kept for tools that import it early
    import tomli as tomllib

from rules.core.errors import DataError


@lru_cache(maxsize=1)
def data_dir() -> Path:
    """The data folder: the checkout's data/ when running from source, else the installed copy."""
    here = Path(__file__).resolve().parent.parent.parent / "data"
    if (here / "board.toml").is_file():
        return here
    try:
        import fauna_data  # installed by pip as the package form of data/
    except ImportError as exc:  # pragma: no cover - only a broken install gets here
        raise DataError("cannot find the fauna data files (data/board.toml); reinstall the package") from exc
    return Path(fauna_data.__file__).resolve().parent


def read_bytes(relpath: str) -> bytes:
    """Raw bytes of a data file, line endings normalised so hashes agree across platforms."""
    path = data_dir() / relpath
    try:
        return path.read_bytes().replace(b"\r\n", b"\n")
    except OSError as exc:
        raise DataError(f"cannot read data file {relpath}: {exc.strerror}") from exc


def load_toml_text(text: str, where: str) -> dict:
    """Parse TOML text, reporting the file name on a syntax error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: {exc}") from exc


def load_toml(relpath: str) -> dict:
    """Parse a TOML data file."""
    return load_toml_text(read_bytes(relpath).decode("utf-8"), relpath)


def load_csv(relpath: str) -> list[dict[str, str]]:
    """Rows of a CSV data file as dicts keyed by its header."""
    return list(csv.DictReader(io.StringIO(read_bytes(relpath).decode("utf-8"))))


def list_files(relfolder: str, suffix: str) -> list[str]:
    """Data files in a folder, sorted by name so the load order never depends on the file system."""
    folder = data_dir() / relfolder
    if not folder.is_dir():
        return []
    return [f"{relfolder}/{p.name}" for p in sorted(folder.iterdir(), key=lambda p: p.name) if p.name.endswith(suffix)]


def fingerprint(relpaths: list[str]) -> str:
    """SHA-256 over the named data files (names and contents), so a log can tell which data it used."""
    import hashlib

    h = hashlib.sha256()
    for rel in sorted(relpaths):
        body = read_bytes(rel)
        h.update(f"{rel}\n{len(body)}\n".encode())
        h.update(body)
    return h.hexdigest()
