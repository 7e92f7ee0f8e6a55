"""Random playouts of Evo for search bots: uniform random decisions to the end, without the legality check.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py and tests/test_evo_playout.py compare the two
move for move and state for state). A search bot spends nearly all its time here, so the decisions of every
phase are counted here in the order their phase module lists them, only the drawn one is taken (from the
ready-made moves of playtables.py) and played without events, and the game runs on to the next decision
through the event-free copies of the automatic steps in playsteps.py. A Movement turn keeps the spaces a step
may enter as a bit mask, and births the free spaces. Card plays, Adrenaline Rush and the chameleon's escape,
a few a game, are played by the state itself (`State.perform`), which works on the same fields, so both kinds
mix freely. The game's own random stream (the bag, the die) is the state's, as in `apply`. Rules editions
other than FAST_EDITIONS (a new edition until its rules are copied) are played through the state alone.
"""

from __future__ import annotations

from bisect import insort
from functools import reduce
from operator import or_

from rules.core.rng import GOLDEN, LIMITS, MASK, MIX1, MIX2, TWO64, SplitMix64, draw_below
from rules.evo import cards, combat
from rules.evo.moves import Move
from rules.evo.playsteps import (
    after_survival_window,
    attackable,
    can_act,
    card_moves,
    kill_climate,
    may_hold,
    mutation,
    next_bidder,
    next_birth,
    next_mover,
    next_survivor,
    protections,
)
from rules.evo.playtables import Tables, bid_moves, tables_for
from rules.evo.shared import MAX_BID, SUPPLY
from rules.evo.state import State

FAST_EDITIONS = (1, 2, 3, 4)  # the editions whose rules the copies follow (playsteps.py); a new one starts outside
DONE = Move("done")
SKIP = Move("skip")
PASS = Move("pass")
NO_MOVES: list[Move] = []  # never changed: the cards of a hand without any


def play_out(state: State, rng: SplitMix64) -> State:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    if state.config.edition not in FAST_EDITIONS:
        return _play_out_by_state(state, rng)
    t = tables_for(state)
    box = [rng.state]  # the decision stream's state, kept by every phase player as it draws
    offset = len(state.history) - state.seq  # each decision adds one to both: the fast ones only to the history
    try:
        while True:
            p = state.phase
            if p == "movement":
                _movement(state, t, box)
            elif p == "birth":
                _births(state, t, box)
            elif p == "auction":
                _auction(state, t, box)
            elif p == "survival":
                _survival(state, t, box)
            elif p == "climate" or p == "survival-cards":
                _window(state, t, box)
            elif p == "over":
                break
            else:
                _by_state(state, box)
    finally:
        rng.state = box[0]
        state.seq = len(state.history) - offset
    return state


def _play_out_by_state(state: State, rng: SplitMix64) -> State:
    """The playout through the state's own lists and `perform` (rules editions the fast copies do not know)."""
    box = [rng.state]
    try:
        while state.phase != "over":
            _by_state(state, box)
    finally:
        rng.state = box[0]
    return state


def _by_state(state: State, box: list[int]) -> None:
    """One decision listed and played by the state itself."""
    seat = state.to_move_seat
    moves = state.legal_moves()
    if seat is None or not moves:
        raise ValueError("a game that is not over offered no legal move")
    box[0], k = draw_below(box[0], len(moves))
    state.perform(moves[k], seat)


# ----- the decisions -----

def _auction(state: State, t: Tables, box: list[int]) -> None:
    """Bids, counted by column and amount (auction.bid_moves' order), until the auction is settled."""
    x = box[0]
    bid_move = bid_moves()
    names = state.names
    history = state.history
    mp, genes = state.mp, state.genes
    barring = state.config.edition >= 2
    opening = state.config.edition >= 3 and state.n == 2
    while state.phase == "auction":
        open_only = opening and state.round == 1  # auction.open_columns_only (a chain may reach the next round)
        seat = state.bidder
        assert seat is not None
        top = mp[seat] + genes[seat].get("alchemical vial", 0)
        if top > MAX_BID:
            top = MAX_BID
        barred = state.outbid[seat]
        bids = state.bids
        n = 0
        for c, held in enumerate(bids):
            if barred >> c & 1 or (open_only and held is not None):
                continue
            low = 1 if held is None else held[1] + 1
            if top >= low:
                n += top - low + 1
        if n == 0:
            box[0] = x
            raise ValueError("a game that is not over offered no legal move")
        limit = LIMITS[n] if n < 64 else TWO64 - TWO64 % n  # SplitMix64.below(n), written in
        while True:
            x = (x + GOLDEN) & MASK
            z = ((x ^ (x >> 30)) * MIX1) & MASK
            z = ((z ^ (z >> 27)) * MIX2) & MASK
            z ^= z >> 31
            if z < limit:
                break
        k = z % n
        for c, held in enumerate(bids):
            if barred >> c & 1 or (open_only and held is not None):
                continue
            low = 1 if held is None else held[1] + 1
            if top >= low:
                if k <= top - low:
                    break
                k -= top - low + 1
        amount = low + k
        item = state.lab[c]
        history.append((names[seat], bid_move[item, amount]))
        bids[c] = (seat, amount)
        state.column_of[seat] = c
        state.bidder = None
        if held is not None:
            loser = held[0]
            state.column_of[loser] = None
            state.bidder = loser
            if barring:
                state.outbid[loser] |= 1 << c
            else:
                state.outbid[loser] = 1 << c
        next_bidder(state, t)
    box[0] = x


def _window(state: State, t: Tables, box: list[int]) -> None:
    """A card window's passes (and the cards, played by the state) until it closes."""
    x = box[0]
    names = state.names
    phase = state.phase
    while state.phase == phase:
        seat = state.window[0]
        cm = cards.card_moves(state, seat) if state.hand[seat] else []
        x, k = draw_below(x, 1 + len(cm))
        if k:
            box[0] = x
            state.perform(cm[k - 1], seat)
            continue
        state.history.append((names[seat], PASS))
        state.window.pop(0)
        if phase == "climate":
            if state.config.edition < 2 and state.climate_card_played:
                state.window = []
            if not state.window:
                mutation(state, t)
        elif not state.window:
            after_survival_window(state, t)
    box[0] = x


def _movement(state: State, t: Tables, box: list[int]) -> None:
    """Movement turns: 'done', cards, steps, swims and flights (movement.step_moves' order), until the births.

    Within a turn the spaces a step may enter (free, or held by a species the mover may attack) are a bit mask
    kept up to date move by move, so a decision counts its steps per dinosaur and walks only to the drawn one.
    """
    x = box[0]
    names = state.names
    history = state.history
    occ, pos, count, genes = state.occ, state.pos, state.count, state.genes  # fx and the phase's lists: new each round
    nb, nbm, size, step_move, coastal = t.neighbors, t.nbmask, t.size, t.step, state.board.coastal
    bit = t.bits.__getitem__
    w2m = t.w2mask
    n_seats = state.n
    while state.phase == "movement":
        seat = state.order[state.turn]
        g = genes[seat]
        fx = state.fx
        free = t.full
        target = 0  # the spaces a step may enter: free, or held by a species the mover may attack
        for o in range(n_seats):
            held = sum(map(bit, pos[o]))
            free ^= held
            c = count[o]
            if o != seat and c > 2 and not fx[o]["truce"] and not (c <= 3 and genes[o].get("regeneration")):
                target |= held  # combat.attackable, written in
        target |= free
        hold = bool(cards.card_moves(state, seat)) if state.config.edition < 2 else may_hold(state, seat, "movement")
        cm = card_moves(state, seat, "movement") if state.hand[seat] else NO_MOVES
        ncm = len(cm)
        mine = sorted(pos[seat])
        flippers = bool(g.get("flippers"))
        wings = bool(g.get("wings"))
        moved = False  # after a step of this turn: the turn ends by itself if nothing but 'done' is left
        while True:
            left = state.steps
            ns = nsw = nfl = 0  # steps and attacks, swims, flights
            if left > 0:
                counts = list(map(int.bit_count, map(target.__and__, map(nbm.__getitem__, mine))))
                ns = sum(counts)
                if flippers and not state.flippers_used:  # from each coastal dinosaur to each free coastal space
                    shore = [s for s in mine if coastal[s]]
                    coast_free = t.coastmask & free
                    per_shore = coast_free.bit_count()
                    nsw = len(shore) * per_shore
                if wings and not state.wings_used:  # to each free space within two, in board order
                    flight_counts = list(map(int.bit_count, map(free.__and__, map(w2m.__getitem__, mine))))
                    nfl = sum(flight_counts)
            if moved and not hold and not (ns or nsw or nfl):
                next_mover(state, t)
                break
            n = 1 + ncm + ns + nsw + nfl  # SplitMix64.below(n), written in: the same draws as draw_below
            limit = LIMITS[n] if n < 64 else TWO64 - TWO64 % n
            while True:
                x = (x + GOLDEN) & MASK
                z = ((x ^ (x >> 30)) * MIX1) & MASK
                z = ((z ^ (z >> 27)) * MIX2) & MASK
                z ^= z >> 31
                if z < limit:
                    break
            k = z % n
            if k == 0:
                history.append((names[seat], DONE))
                next_mover(state, t)
                break
            k -= 1
            if k < ncm:
                box[0] = x
                state.perform(cm[k], seat)
                break
            k -= ncm
            state.steps = left - 1
            if k < ns:
                j = 0
                while k >= counts[j]:
                    k -= counts[j]
                    j += 1
                s = mine[j]
                for u in nb[s]:
                    if target >> u & 1:
                        if k == 0:
                            break
                        k -= 1
                if occ[u] >= 0:
                    history.append((names[seat], t.attack[s * size + u]))
                    _attack(state, t, seat, s, u)
                    break
                history.append((names[seat], step_move[s * size + u]))
            elif k < ns + nsw:
                j, k = divmod(k - ns, per_shore)
                s, u = shore[j], _kth_bit(coast_free, k)
                history.append((names[seat], t.swim[s * size + u]))
                state.flippers_used = True
            else:
                k -= ns + nsw
                j = 0
                while k >= flight_counts[j]:
                    k -= flight_counts[j]
                    j += 1
                s = mine[j]
                u = _kth_bit(w2m[s] & free, k)
                history.append((names[seat], t.fly[s * size + u]))
                state.wings_used = True
            occ[s] = -1
            mine_list = pos[seat]
            mine_list.remove(s)
            occ[u] = seat
            mine_list.append(u)
            target ^= (1 << s) | (1 << u)
            free ^= (1 << s) | (1 << u)
            mine.remove(s)
            insort(mine, u)
            moved = True
    box[0] = x


def _attack(state: State, t: Tables, seat: int, s: int, u: int) -> None:
    """combat.attack: the die against horns; a win takes the space unless a chameleon escapes (its decision)."""
    o = state.occ[u]
    face = combat.roll(state)
    a, d = combat.horns(state, seat, True), combat.horns(state, o, False)
    win = {"always": True, "never": False, "more": a > d, "equal-or-more": a >= d}[face.wins]
    if win:
        if state.genes[o].get("chameleon skin") and combat.escapes(state, u, s):
            state.chameleon = (o, u, s)
            state.phase = "chameleon"
            return
        state.kill(u, combat=True)
        state.lift(s)
        state.put(u, seat)
    if not can_act(state, t, seat):
        next_mover(state, t)


def _births(state: State, t: Tables, box: list[int]) -> None:
    """Birth turns: 'skip', cards and births (birth.birth_moves' order), until survival begins.

    The free spaces are a bit mask while the births go on, so a baby's places are the free part of the union
    of its species' neighbourhoods, counted and walked in board order (the sorted order of birth_places).
    """
    x = box[0]
    names = state.names
    history = state.history
    occ, pos, count, genes = state.occ, state.pos, state.count, state.genes
    born = t.birth
    nb = t.neighbors
    n_seats = state.n
    free = -1  # the mask of free spaces, made when first needed (-1: to be made)
    while state.phase == "birth":
        seat = state.birth_seat
        assert seat is not None
        g = genes[seat]
        cm = card_moves(state, seat, "birth") if state.hand[seat] else NO_MOVES
        shell = g.get("thick shell") or state.fx[seat]["reach3"]
        mine = pos[seat]
        options: list[tuple[int, int, int]] = []  # (the dinosaur taken off or -1, space, Killer Babies victim or -1)
        places = 0  # the places of a plain birth (no dinosaur taken off, no Killer Babies), as a mask
        if count[seat] >= SUPPLY or g.get("killer babies"):
            near = t.within3 if shell else nb
            if count[seat] >= SUPPLY:
                options = [(r, u, -1) for r in sorted(mine)
                           for u in sorted({u for s in mine if s != r for u in near[s] if occ[u] < 0})]
            else:
                options = [(-1, u, -1) for u in sorted({u for s in mine for u in near[s] if occ[u] < 0})]
            if g.get("killer babies"):
                fx = state.fx
                ok = [o != seat and attackable(count[o], fx[o], genes[o]) for o in range(n_seats)]
                ok.append(False)
                options = [b for r, u, _ in options for b in [(r, u, -1)] + [(r, u, e) for e in nb[u] if ok[occ[e]]]]
            n_places = len(options)
        else:
            if free < 0:
                free = t.full
                for p in pos:
                    free ^= sum(map(t.bits.__getitem__, p))
            places = reduce(or_, map((t.w3mask if shell else t.nbmask).__getitem__, mine), 0) & free
            n_places = places.bit_count()
        n = 1 + len(cm) + n_places  # SplitMix64.below(n), written in: the same draws as draw_below
        limit = LIMITS[n] if n < 64 else TWO64 - TWO64 % n
        while True:
            x = (x + GOLDEN) & MASK
            z = ((x ^ (x >> 30)) * MIX1) & MASK
            z = ((z ^ (z >> 27)) * MIX2) & MASK
            z ^= z >> 31
            if z < limit:
                break
        k = z % n
        if 0 < k <= len(cm):
            box[0] = x
            state.perform(cm[k - 1], seat)
            free = -1
            continue
        state.births_left[seat] -= 1
        if k == 0:
            history.append((names[seat], SKIP))
        elif not options:
            u = _kth_bit(places, k - 1 - len(cm))
            history.append((names[seat], born[0][u]))
            occ[u] = seat
            count[seat] += 1
            mine.append(u)
            free ^= 1 << u
        else:
            r, u, e = options[k - 1 - len(cm)]
            if e < 0:
                history.append((names[seat], born[r + 1][u]))
            else:
                where = state.board.names
                history.append((names[seat], Move("birth", where[u], where[r] if r >= 0 else "", where[e])))
            if r >= 0:
                occ[r] = -1
                mine.remove(r)
                count[seat] -= 1
            occ[u] = seat
            count[seat] += 1
            mine.append(u)
            if e >= 0:
                state.kill(e if combat.roll(state).wins != "never" else u, combat=True)
            free = -1
        rnd = state.round
        next_birth(state, t, advance=True)
        if state.round != rnd:  # a whole round ran by itself to the next births: the island has changed
            free = -1
    box[0] = x


def _kth_bit(mask: int, k: int) -> int:
    """The space of the k-th set bit of a mask, counted from the lowest (board order) from 0."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _survival(state: State, t: Tables, box: list[int]) -> None:
    """Keeps (survival.keep_moves' order) until the species are judged and the next round has begun."""
    x = box[0]
    names = state.names
    history = state.history
    keep_move = t.keep
    while state.phase == "survival":
        seat = state.survivor
        assert seat is not None
        codes = t.ring_codes[state.wheel]
        kept = state.kept
        prot = protections(state, seat)
        used = [0, 0, 0, 0]
        for s in kept:
            used[codes[s]] += 1
        base = max(0, used[1] - prot[1]) + max(0, used[2] - prot[2]) + max(0, used[3] - prot[3])
        extra = state.keep_extra
        # one more kept in a ring costs one more over its protection once that ring's protection is used up
        allowed = (False, base + (used[1] >= prot[1]) <= extra, base + (used[2] >= prot[2]) <= extra,
                   base + (used[3] >= prot[3]) <= extra)
        choices = [s for s in sorted(state.pos[seat]) if allowed[codes[s]] and s not in kept]
        if not choices:
            box[0] = x
            raise ValueError("a game that is not over offered no legal move")
        n = len(choices)  # SplitMix64.below(n), written in: the same draws as draw_below
        limit = LIMITS[n] if n < 64 else TWO64 - TWO64 % n
        while True:
            x = (x + GOLDEN) & MASK
            z = ((x ^ (x >> 30)) * MIX1) & MASK
            z = ((z ^ (z >> 27)) * MIX2) & MASK
            z ^= z >> 31
            if z < limit:
                break
        k = z % n
        s = choices[k]
        history.append((names[seat], keep_move[s]))
        kept.append(s)
        if len(kept) == state.keep_target:
            codes = t.ring_codes[state.wheel]
            kill_climate(state, seat, [s for s in sorted(state.pos[seat]) if codes[s] and s not in kept])
            next_survivor(state, t)
    box[0] = x
