"""The island: hex spaces named like "C4", terrain, coast, start marks; adjacency from axial coordinates."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.core.errors import DataError
from rules.evo import data

LETTERS = {"b": "beach", "p": "plains", "h": "hills", "m": "mountains"}
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def axial(col: int, row: int) -> tuple[int, int]:
    """Axial (q, r) of an odd-r offset cell (odd rows drawn half a space to the right)."""
    return col - (row - (row & 1)) // 2, row


def label(col: int, row: int) -> str:
    """The name players type: row letter, then column counted from 1."""
    return f"{chr(65 + row)}{col + 1}"


@dataclass(frozen=True, eq=False)
class Board:
    """One island: spaces by index, with names, terrain, neighbours, coast and distances."""

    players: int
    rows: tuple[str, ...]
    names: tuple[str, ...]
    cells: tuple[tuple[int, int], ...]  # (col, row) per space
    terrain: tuple[str, ...]
    coastal: tuple[bool, ...]
    neighbors: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]
    start_pairs: tuple[tuple[int, int], ...]
    index: dict[str, int]
    edition: int = 1  # the first rules edition played on this island's file

    @property
    def size(self) -> int:
        return len(self.names)

    def within(self, space: int, reach: int) -> tuple[int, ...]:
        """Spaces at hex distance 1..reach of a space (any terrain between, sea included)."""
        return _within(self, space, reach)


@cache
def _within(board: Board, space: int, reach: int) -> tuple[int, ...]:
    row = board.distance[space]
    return tuple(s for s in range(board.size) if 0 < row[s] <= reach)


# The islands file of each rules edition from which the islands changed; earlier editions play boards.toml.
# A later file may hold only the islands it changes: the others are the file's before it.
ISLANDS = {3: "islands-3.toml", 8: "islands-8.toml"}


def islands_files(edition: int) -> tuple[str, ...]:
    """The islands files a rules edition plays on, oldest first (a later file's boards replace earlier ones)."""
    return tuple(ISLANDS[e] for e in sorted(ISLANDS) if edition >= e) or ("boards.toml",)


@cache
def islands_file(edition: int, players: int | None = None) -> str:
    """The data file holding a rules edition's island for a player count (without one: its newest islands)."""
    files = islands_files(edition)
    return next((f for f in reversed(files) if players is None or str(players) in data.load(f)["board"]), files[0])


def board_for(players: int, edition: int = 1) -> Board:
    """The island for a player count in a rules edition (editions 1-2: boards.toml; 3-7: islands-3.toml; 8:
    islands-8.toml's five-player island, edition 3's others)."""
    return build(players, islands_file(edition, players))


def board_of(players: int, rows: list[str] | tuple[str, ...]) -> Board | None:
    """The island of any rules edition with these rows (a view names its island by its rows), or None."""
    for name in ("boards.toml", *ISLANDS.values()):
        if str(players) not in data.load(name)["board"]:
            continue
        board = build(players, name)
        if list(board.rows) == list(rows):
            return board
    return None


@cache
def build(players: int, source: str) -> Board:
    """The island for a player count, built from one islands file of data/evo/."""
    doc = data.load(source)["board"].get(str(players))
    if doc is None:
        raise DataError(f"evo/{source} has no board for {players} players")
    rows = tuple(doc["rows"])
    cells: list[tuple[int, int]] = []
    terrain: list[str] = []
    starts: set[int] = set()
    for r, text in enumerate(rows):
        for c, ch in enumerate(text):
            if ch == ".":
                continue
            if ch.lower() not in LETTERS:
                raise DataError(f"evo/{source}: board {players}: unknown map letter {ch!r}")
            if ch.isupper():
                starts.add(len(cells))
            cells.append((c, r))
            terrain.append(LETTERS[ch.lower()])
    names = tuple(label(c, r) for c, r in cells)
    index = {n: i for i, n in enumerate(names)}
    ax = [axial(c, r) for c, r in cells]
    at = {a: i for i, a in enumerate(ax)}
    neighbors = tuple(tuple(at[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in at) for q, r in ax)
    coastal = tuple(len(n) < 6 for n in neighbors)
    dist = tuple(tuple((abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2 for q2, r2 in ax) for q1, r1 in ax)
    pairs = []
    for a, b in doc["starts"]:
        if a not in index or b not in index or index[a] not in starts or index[b] not in starts:
            raise DataError(f"evo/{source}: board {players}: start pair {a}/{b} is not two start marks")
        pairs.append((index[a], index[b]))
    if len(pairs) < players:
        raise DataError(f"evo/{source}: board {players} needs at least {players} start pairs")
    if len(starts) != 2 * len(pairs) or len({s for p in pairs for s in p}) != len(starts):
        raise DataError(f"evo/{source}: board {players} must pair every start mark exactly once")
    edition = next((e for e, name in ISLANDS.items() if name == source), 1)
    return Board(players, rows, names, tuple(cells), tuple(terrain), coastal, neighbors, dist, tuple(pairs), index,
                 edition)
