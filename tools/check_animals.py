"""Check animal deck files with the engine's own loader and deck checks, for people adding or editing animals.

Usage: python3 tools/check_animals.py [FILE ...]

Without FILE the whole deck in data/animals/ is checked: the schema (rules/fauna/animals.py, the same
loader the game uses), the naturalist's checks and the balance of the box (rules/fauna/deckstats.py).
With FILE only the animals in those files are checked (no balance: a slice is not a box).
Prints one line per problem (FILE: animal N (name): what) and exits 1 when there is any, else 0.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.core.errors import DataError  # noqa: E402 - imported after putting the checkout on sys.path
from rules.fauna import Board, Deck, Scales, preset  # noqa: E402 - imported after putting the checkout on sys.path
from rules.fauna.animals import parse_animal  # noqa: E402 - imported after putting the checkout on sys.path
from rules.fauna.data import data_dir, load_toml_text  # noqa: E402 - imported after putting the checkout on sys.path
from rules.fauna.deckstats import animal_problems, deck_problems  # noqa: E402 - imported after putting the checkout on sys.path


def load_file(path: Path, board: Board) -> tuple[list, list[str]]:
    """Animals parsed from one deck file with the engine's loader, and one problem line per animal it rejects."""
    label = path.name
    try:
        doc = load_toml_text(path.read_text(encoding="utf-8"), label)
    except (OSError, UnicodeDecodeError) as exc:
        return [], [f"{label}: cannot read: {exc}"]
    except DataError as exc:
        return [], [str(exc)]
    animals, problems = [], []
    for i, raw in enumerate(doc.get("animal", []), 1):
        where = f"{label}: animal {i} ({raw.get('name', '?')})"
        try:
            animals.append(parse_animal(raw, where, board))
        except DataError as exc:
            problems.append(str(exc))
    return animals, problems


def check(files: list[Path]) -> tuple[int, list[str]]:
    """Number of animals read and the problems found in the given files (the whole deck when none are given)."""
    whole = not files
    if whole:
        files = sorted((Path(data_dir()) / "animals").glob("*.toml"))
    board, scales = Board.default(), Scales.default()
    animals, problems = [], []
    for f in files:
        got, bad = load_file(f, board)
        animals += got
        problems += bad
    try:
        deck = Deck(animals, [str(f) for f in files])
    except DataError as exc:
        return len(animals), problems + [str(exc)]
    if whole:
        problems += deck_problems(deck, board, scales, preset("published"))
    else:
        for a in deck.animals:
            problems += animal_problems(a, scales)
    return len(animals), problems


def main(argv: list[str]) -> int:
    """Print the problems and a summary line; exit 1 when any problem was found."""
    count, problems = check([Path(p) for p in argv])
    for p in problems:
        print(p)
    print(f"{count} animals checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
