"""Random playouts of Evo for search bots: uniform random decisions to the end, without the legality check.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py compares the two move for move and state for
state). It does what `State.apply` does after its check, as each move comes from the legal list. Bids and
the steps of a Movement turn, the most frequent and longest lists, are counted and only the drawn one is
built; every other decision is listed by the state itself. The game's own random stream (dice, cards) is
the state's, as in `apply`, because a search bot spends nearly all its time here.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, TWO64, SplitMix64
from rules.evo.moves import STEP_KINDS, Move
from rules.evo.state import MAX_BID, SUPPLY, Event, State

DONE = Move("done")
SKIP = Move("skip")


def play_out(state: State, rng: SplitMix64) -> State:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    x = rng.state
    names = state.names
    board = state.board
    space_names, neighbors = board.names, board.neighbors
    candidates, attackable, card_moves, gene = state._candidates, state._attackable, state._card_moves, state.gene
    birth_places = state._birth_places
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
                for c, item in enumerate(state.lab):
                    if barred >> c & 1:
                        continue
                    held = state.bids[c]
                    low = 1 if held is None else held[1] + 1
                    if top >= low:
                        cols.append((item, low, top - low + 1))
                        n += top - low + 1
            elif p == "movement" and (state.flippers_used or not gene(seat, "flippers")) and (
                    state.wings_used or not gene(seat, "wings")):
                moves = [DONE, *card_moves(seat)]
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
                                    ok = can_attack[o] = attackable(o)
                                if ok:
                                    steps.append(("attack", s, t))
                n = len(moves) + len(steps)
            elif p == "birth" and state.chameleon is None and not gene(seat, "killer babies"):
                moves = [SKIP, *card_moves(seat)]
                if state.count[seat] >= SUPPLY:  # all eight out: a dinosaur is taken off for the baby
                    for r in sorted(state.pos[seat]):
                        steps += [("birth", t, r) for t in birth_places(seat, r)]
                else:
                    steps = [("birth", t, -1) for t in birth_places(seat)]
                n = len(moves) + len(steps)
            elif p == "survival" and state.chameleon is None:
                moves = _keeps(state, seat)
                n = len(moves)
            else:
                moves = candidates(seat)
                n = len(moves)
            if n == 0:
                raise ValueError("a game that is not over offered no legal move")
            limit = TWO64 - TWO64 % n
            while True:  # SplitMix64.below(n), written out
                x = (x + GOLDEN) & MASK
                z = ((x ^ (x >> 30)) * MIX1) & MASK
                z = ((z ^ (z >> 27)) * MIX2) & MASK
                z ^= z >> 31
                if z < limit:
                    break
            k = z % n
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
            _perform(state, m, seat, names)
    finally:
        rng.state = x
    return state


def _keeps(state: State, seat: int) -> list[Move]:
    """The survival choices (State._candidates' `keep` list), the protections worked out once, not per space."""
    prot = state.protections(seat)
    kept = state.kept
    used = {"hot": 0, "cold": 0, "deadly": 0}
    for s in kept:
        used[state.ring(s)] += 1
    base = sum(max(0, used[r] - prot[r]) for r in used)
    out = []
    names = state.board.names
    for s in state._endangered(seat):
        if s in kept:
            continue
        r = state.ring(s)
        excess = base + (1 if used[r] >= prot[r] else 0)  # one more kept in ring r costs one more over its protection
        if excess <= state.keep_extra:
            out.append(Move("keep", names[s]))
    return out


def _perform(state: State, m: Move, seat: int, names: Sequence[str]) -> None:
    """State.apply after its check, its events dropped."""
    state.seq += 1
    state.history.append((names[seat], m))
    ev: list[Event] = []
    k = m.kind
    if k == "play":
        state._play(m, seat, ev)
    elif k == "pass":
        state.window.pop(0)
        if state.phase == "climate":
            state._after_climate_window(ev)
        else:
            state._after_survival_window(ev)
    elif k == "bid":
        state._bid(m, seat, ev)
    elif k == "initiative":
        state.order.remove(seat)
        state.order.insert(m.n - 1, seat)
        state._start_movement(ev)
    elif k == "done":
        state._next_mover(ev)
    elif k in STEP_KINDS:
        state._step(m, seat, ev)
    elif k == "escape":
        state._escape(m, ev)
    elif k in ("birth", "skip"):
        state._birth(m, seat, ev)
    elif k == "keep":
        state.kept.append(state._space(m.a))
        if len(state.kept) == state.keep_target:
            state._judge(seat, ev)
            state._next_survivor(ev)
