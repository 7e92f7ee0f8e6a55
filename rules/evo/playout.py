"""Random playouts of Evo for search bots: uniform random decisions to the end, without the legality check.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py compares the two move for move and state for
state). It plays each move through `State.perform` (`apply` after its check), as each move comes from the
legal list. Bids and the steps of a Movement turn, the most frequent and longest lists, are counted and only
the drawn one is built; every other decision is listed by the state itself. The game's own random stream
(dice, cards) is the state's, as in `apply`, because a search bot spends nearly all its time here.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.rng import SplitMix64, draw_below
from rules.evo.auction import open_columns_only
from rules.evo.birth import birth_places
from rules.evo.cards import card_moves
from rules.evo.combat import attackable
from rules.evo.moves import Move
from rules.evo.shared import MAX_BID, SUPPLY
from rules.evo.state import State
from rules.evo.survival import endangered, protections

DONE = Move("done")
SKIP = Move("skip")


def play_out(state: State, rng: SplitMix64) -> State:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    x = rng.state
    board = state.board
    space_names, neighbors = board.names, board.neighbors
    candidates, gene = state._candidates, state.gene
    try:
        while state.phase != "over":
            seat = state.to_move_seat
            assert seat is not None
            p = state.phase
            cols: list[tuple[str, int, int]] = []  # auction: (item, lowest bid, how many bids)
            steps: list[tuple[str, int, int]] = []  # movement: (kind, from, to)
            moves: Sequence[Move] = ()
            if p == "auction":
                top = min(MAX_BID, state.mp[seat] + gene(seat, "alchemical vial"))
                n = 0
                barred = state.outbid[seat]
                open_only = open_columns_only(state)
                for c, item in enumerate(state.lab):
                    if barred >> c & 1:
                        continue
                    held = state.bids[c]
                    if open_only and held is not None:
                        continue
                    low = 1 if held is None else held[1] + 1
                    if top >= low:
                        cols.append((item, low, top - low + 1))
                        n += top - low + 1
            elif p == "movement" and (state.flippers_used or not gene(seat, "flippers")) and (
                    state.wings_used or not gene(seat, "wings")):
                moves = [DONE, *card_moves(state, seat)]
                if state.steps > 0:
                    occ = state.occ
                    can_attack: dict[int, bool] = {}
                    for s in sorted(state.pos[seat]):
                        for t in neighbors[s]:
                            o = occ[t]
                            if o < 0:
                                steps.append(("move", s, t))
                            elif o != seat:
                                ok = can_attack.get(o)
                                if ok is None:
                                    ok = can_attack[o] = attackable(state, o)
                                if ok:
                                    steps.append(("attack", s, t))
                n = len(moves) + len(steps)
            elif p == "birth" and state.chameleon is None and not gene(seat, "killer babies"):
                moves = [SKIP, *card_moves(state, seat)]
                if state.count[seat] >= SUPPLY:  # all eight out: a dinosaur is taken off for the baby
                    for r in sorted(state.pos[seat]):
                        steps += [("birth", t, r) for t in birth_places(state, seat, r)]
                else:
                    steps = [("birth", t, -1) for t in birth_places(state, seat)]
                n = len(moves) + len(steps)
            elif p == "survival" and state.chameleon is None:
                moves = _keeps(state, seat)
                n = len(moves)
            else:
                moves = candidates(seat)
                n = len(moves)
            if n == 0:
                raise ValueError("a game that is not over offered no legal move")
            x, k = draw_below(x, n)
            if cols:
                for item, low, count in cols:
                    if k < count:
                        m = Move("bid", item, n=low + k)
                        break
                    k -= count
            elif k < len(moves):
                m = moves[k]
            else:
                kind, s, t = steps[k - len(moves)]
                if kind == "birth":
                    m = Move("birth", space_names[s], space_names[t] if t >= 0 else "")
                else:
                    m = Move(kind, space_names[s], space_names[t])
            state.perform(m, seat)
    finally:
        rng.state = x
    return state


def _keeps(state: State, seat: int) -> list[Move]:
    """The survival choices (survival.keep_moves), the protections worked out once, not per space."""
    prot = protections(state, seat)
    kept = state.kept
    used = {"hot": 0, "cold": 0, "deadly": 0}
    for s in kept:
        used[state.ring(s)] += 1
    base = sum(max(0, used[r] - prot[r]) for r in used)
    out = []
    names = state.board.names
    for s in endangered(state, seat):
        if s in kept:
            continue
        r = state.ring(s)
        excess = base + (1 if used[r] >= prot[r] else 0)  # one more kept in ring r costs one more over its protection
        if excess <= state.keep_extra:
            out.append(Move("keep", names[s]))
    return out

