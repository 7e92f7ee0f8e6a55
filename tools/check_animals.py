"""Check animal deck files against the schema in data/animals/README.md, for people adding animals.

Usage: python3 tools/check_animals.py [FILE ...]   (default: every data/animals/*.toml)
Prints one line per problem and exits 1 when there is any.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLASSES = {"mammal", "bird", "reptile", "amphibian", "fish", "insect", "arachnid", "crustacean", "mollusc"}
KEYS = {"card", "side", "name", "scientific", "class", "areas", "weight", "length", "total_length",
        "height", "tail", "booklet", "sources", "note"}


def area_names() -> set[str]:
    """Canonical area names from the board data."""
    board = tomllib.loads((ROOT / "data" / "board.toml").read_text(encoding="utf-8"))
    return {a["name"] for a in board["area"]}


def check_file(path: Path, areas: set[str], seen: dict[str, str]) -> list[str]:
    """Problems found in one deck file; `seen` collects names across files to catch duplicates."""
    problems: list[str] = []
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        return [f"{path}: not valid TOML: {exc}"]
    for i, a in enumerate(doc.get("animal", []), 1):
        where = f"{path.name}: animal {i} ({a.get('name', '?')})"
        for key in sorted(set(a) - KEYS):
            problems.append(f"{where}: unknown key {key!r}")
        for key in ("card", "side", "name", "scientific", "class", "areas", "booklet", "sources"):
            if key not in a:
                problems.append(f"{where}: missing {key!r}")
        if not isinstance(a.get("card"), int) or not 1 <= a.get("card", 0) <= 180:
            problems.append(f"{where}: card must be an integer 1-180")
        if a.get("side") not in ("green", "black"):
            problems.append(f"{where}: side must be green or black")
        if a.get("class") not in CLASSES and not str(a.get("class", "")).islower():
            problems.append(f"{where}: class {a.get('class')!r} should be lower case")
        for key in ("name", "scientific"):
            v = str(a.get(key, "")).lower()
            if v in seen:
                problems.append(f"{where}: {key} {a.get(key)!r} already used in {seen[v]}")
            seen[v] = where
        ar = a.get("areas", [])
        if not ar:
            problems.append(f"{where}: no areas")
        for x in ar:
            if x not in areas:
                problems.append(f"{where}: unknown area {x!r}")
        if len(set(ar)) != len(ar):
            problems.append(f"{where}: an area is listed twice")
        lengths = [k for k in ("length", "total_length", "height") if k in a]
        if len(lengths) > 1:
            problems.append(f"{where}: at most one of length/total_length/height")
        for k in ("weight", "length", "total_length", "height", "tail"):
            if k in a and a[k] != "n/a" and not (isinstance(a[k], (int, float)) and a[k] > 0):
                problems.append(f"{where}: {k} must be a positive number or \"n/a\"")
        num = lambda k: a[k] if isinstance(a.get(k), (int, float)) else None  # noqa: E731
        if num("total_length") and num("tail") and num("tail") >= num("total_length"):
            problems.append(f"{where}: tail must be shorter than total length")
        if not a.get("sources") or not all(isinstance(s, dict) and s.get("title") for s in a["sources"]):
            problems.append(f"{where}: every source needs a title")
        words = len(str(a.get("booklet", "")).split())
        if words < 6:
            problems.append(f"{where}: booklet text too short")
    return problems


def main(argv: list[str]) -> int:
    files = [Path(p) for p in argv] or sorted((ROOT / "data" / "animals").glob("*.toml"))
    areas = area_names()
    seen: dict[str, str] = {}
    problems = [p for f in files for p in check_file(f, areas, seen)]
    for p in problems:
        print(p)
    count = sum(len(tomllib.loads(f.read_text(encoding="utf-8")).get("animal", [])) for f in files
                if not any(p.startswith(f"{f}: not valid") for p in problems))
    print(f"{count} animals checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
