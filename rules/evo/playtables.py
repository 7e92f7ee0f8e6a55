"""What Evo's random playouts (playout.py) make once per island: moves ready-made by space numbers, bit masks
of neighbourhoods, the climate rings by wheel position, and the cards by timing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

from rules.evo import auction, data
from rules.evo.board import Board
from rules.evo.moves import Move
from rules.evo.shared import MAX_BID
from rules.evo.state import State

RING_CODE = {"ideal": 0, "hot": 1, "cold": 2, "deadly": 3}  # the climate rings as the survival copies count them


@dataclass(frozen=True, eq=False)
class Tables:
    """An island's moves made once (by space numbers) and its climate rings by wheel position."""

    size: int
    neighbors: tuple[tuple[int, ...], ...]
    nbbits: tuple[tuple[int, ...], ...]  # per space, its neighbours' bits in the order of neighbors
    nbmask: tuple[int, ...]  # per space, its neighbours as a bit mask (bit s: space s)
    w3mask: tuple[int, ...]  # per space, the spaces within three as a bit mask
    w2mask: tuple[int, ...]  # per space, the spaces within two as a bit mask
    coastmask: int  # the coastal spaces
    full: int  # every space of the island
    bits: tuple[int, ...]  # per space, its bit
    within3: tuple[tuple[int, ...], ...]
    step: dict[int, Move]  # from * size + to, neighbours only
    attack: dict[int, Move]
    swim: dict[int, Move]  # coastal to coastal
    fly: dict[int, Move]  # within two spaces
    birth: tuple[tuple[Move, ...], ...]  # [from + 1][to], from -1: no dinosaur taken off
    keep: tuple[Move, ...]
    ring_codes: tuple[tuple[int, ...], ...]  # [wheel position][space]: RING_CODE
    ring_masks: tuple[tuple[int, ...], ...]  # [wheel position][RING_CODE]: the spaces in that ring, as a mask
    wheel: data.Wheel
    enterable: tuple[dict[int, tuple[int, ...]], ...]  # per space and mask of some neighbours: them, nb order
    pairs: tuple[dict[int, int], ...]  # per space and neighbour, the two spaces' bits (what a step changes)


@cache
def _island_tables(board: Board) -> tuple[Tables, ...]:
    return (_make_tables(board, data.wheel()),)


def _make_tables(board: Board, wheel: data.Wheel) -> Tables:
    size, names, nb = board.size, board.names, board.neighbors
    step = {s * size + t: Move("move", names[s], names[t]) for s in range(size) for t in nb[s]}
    attack = {s * size + t: Move("attack", names[s], names[t]) for s in range(size) for t in nb[s]}
    coast = tuple(s for s in range(size) if board.coastal[s])
    swim = {s * size + t: Move("swim", names[s], names[t]) for s in coast for t in coast}
    within2 = tuple(board.within(s, 2) for s in range(size))
    fly = {s * size + t: Move("fly", names[s], names[t]) for s in range(size) for t in within2[s]}
    birth = tuple(tuple(Move("birth", names[t], "" if r < 0 else names[r]) for t in range(size))
                  for r in range(-1, size))
    keep = tuple(Move("keep", names[s]) for s in range(size))
    codes = tuple(tuple(RING_CODE[r[board.terrain[s]]] for s in range(size)) for r in wheel.rings)
    masks = tuple(tuple(sum(1 << s for s in range(size) if c[s] == code) for code in range(4)) for c in codes)
    nbmask = tuple(sum(1 << u for u in nb[s]) for s in range(size))
    w3mask = tuple(sum(1 << u for u in board.within(s, 3)) for s in range(size))
    within3 = tuple(board.within(s, 3) for s in range(size))
    bits = tuple(1 << s for s in range(size))
    w2mask = tuple(sum(1 << u for u in within2[s]) for s in range(size))
    coastmask = sum(1 << s for s in coast)
    nbbits = tuple(tuple(1 << u for u in nb[s]) for s in range(size))
    return Tables(size, nb, nbbits, nbmask, w3mask, w2mask, coastmask, (1 << size) - 1, bits, within3, step, attack,
                  swim, fly, birth, keep, codes, masks, wheel, tuple(map(_subsets, nb)),
                  tuple({u: bits[s] | bits[u] for u in nb[s]} for s in range(size)))


Entry = tuple[str, Move]  # a history entry: the player and the move


@dataclass(frozen=True, eq=False)
class Entries:
    """The history entries of the frequent decisions, made once per island and players: a playout appends them
    as they are (tuples, never changed), so recording a decision allocates nothing."""

    step: tuple[tuple[dict[int, Entry], ...], ...]  # per seat, by from and to (Tables.step)
    birth: tuple[tuple[Entry, ...], ...]  # per seat, by space: a birth with no dinosaur taken off
    keep: tuple[tuple[Entry, ...], ...]  # per seat, by space
    bid: tuple[dict[str, tuple[Entry, ...]], ...]  # per seat and column, by amount (bid_rows)
    done: tuple[Entry, ...]  # per seat
    skip: tuple[Entry, ...]
    pass_: tuple[Entry, ...]
    names: tuple[str, ...]  # the players' names in seat order (State.names is a property: a call a read)
    cards: dict[tuple[object, ...], tuple[Move, ...]] = field(default_factory=dict)  # playout._card_moves' memo
    plays: dict[tuple[int, str], tuple[Move, ...]] = field(default_factory=dict)  # per seat and card: cards.plays


@lru_cache(maxsize=16)
def entries_for(t: Tables, names: tuple[str, ...]) -> Entries:
    """The entries of an island's tables for the players `names` (in seat order)."""
    rows = bid_rows()
    return Entries(tuple(tuple({u: (p, t.step[s * t.size + u]) for u in t.neighbors[s]} for s in range(t.size))
                         for p in names),
                   tuple(tuple((p, m) for m in t.birth[0]) for p in names),
                   tuple(tuple((p, m) for m in t.keep) for p in names),
                   tuple({item: tuple((p, m) for m in row) for item, row in rows.items()} for p in names),
                   tuple((p, Move("done")) for p in names), tuple((p, Move("skip")) for p in names),
                   tuple((p, Move("pass")) for p in names), names)


def _subsets(near: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Every subset of a space's neighbours by its mask, listed in the order of `near` (at most 2**6 of them)."""
    out: dict[int, tuple[int, ...]] = {}
    for chosen in range(1 << len(near)):
        some = tuple(u for i, u in enumerate(near) if chosen >> i & 1)
        out[sum(1 << u for u in some)] = some
    return out


def tables_for(state: State) -> Tables:
    """The tables of a state's island (made once per island for the data's wheel)."""
    t = _island_tables(state.board)[0]
    return t if t.wheel is state.wheel_data else _make_tables(state.board, state.wheel_data)


@cache
def bid_moves() -> dict[tuple[str, int], Move]:
    return {(item, n): Move("bid", item, n=n) for item in auction.columns() for n in range(1, MAX_BID + 1)}


@cache
def bid_rows() -> dict[str, tuple[Move, ...]]:
    """Per auction column, its bids by amount (index 0 unused: no bid of 0)."""
    moves = bid_moves()
    return {item: (moves[item, 1], *(moves[item, n] for n in range(1, MAX_BID + 1))) for item in auction.columns()}


@cache
def timing_cards() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for c in data.cards():
        out.setdefault(c.timing, []).append(c.name)
    return {k: tuple(v) for k, v in out.items()}


@cache
def timing_sets() -> dict[str, frozenset[str]]:
    return {k: frozenset(v) for k, v in timing_cards().items()}
