"""Random playouts of Evo for search bots: uniform random decisions to the end, without the legality check.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py and tests/test_evo_playout.py compare the two
move for move and state for state). A search bot spends nearly all its time here, so the decisions of every
phase are counted in the order their phase module lists them, only the drawn one is taken (from tables of
ready-made moves), and it is played by the event-free copies of the rules below, as are the automatic steps
between decisions (turn ends, births, survival, income, the next round's climate and lab, the settling of
the auction). A Movement turn keeps the spaces a step may enter as a bit mask, and births the free spaces.
Card plays, Adrenaline Rush and the chameleon's escape, a few a game, are played by the state itself
(`State.perform`), which works on the same fields, so both kinds mix freely. The game's own random stream
(the bag, the die) is the state's, as in `apply`. Rules editions other than FAST_EDITIONS (a new edition
until its rules are copied here) are played out through the state's own lists and `perform`.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from functools import cache, reduce
from operator import or_

from rules.core.rng import SplitMix64, draw_below
from rules.evo import auction, cards, combat, data, movement
from rules.evo.board import Board
from rules.evo.moves import Move
from rules.evo.shared import EVENT, MAX_BID, METEORITE, SUPPLY, TOKEN_STEPS, new_record
from rules.evo.state import State

FAST_EDITIONS = (1, 2, 3)  # the editions whose rules the copies below follow; a new edition starts outside
DONE = Move("done")
SKIP = Move("skip")
PASS = Move("pass")
NO_MOVES: list[Move] = []  # never changed: the cards of a hand without any
RING_CODE = {"ideal": 0, "hot": 1, "cold": 2, "deadly": 3}  # the climate rings as the survival copies count them


@dataclass(frozen=True, eq=False)
class Tables:
    """An island's moves made once (by space numbers) and its climate rings by wheel position."""

    size: int
    neighbors: tuple[tuple[int, ...], ...]
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
    wheel: data.Wheel


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
    nbmask = tuple(sum(1 << u for u in nb[s]) for s in range(size))
    w3mask = tuple(sum(1 << u for u in board.within(s, 3)) for s in range(size))
    within3 = tuple(board.within(s, 3) for s in range(size))
    bits = tuple(1 << s for s in range(size))
    w2mask = tuple(sum(1 << u for u in within2[s]) for s in range(size))
    coastmask = sum(1 << s for s in coast)
    return Tables(size, nb, nbmask, w3mask, w2mask, coastmask, (1 << size) - 1, bits, within3, step, attack, swim,
                  fly, birth, keep, codes, wheel)


def tables_for(state: State) -> Tables:
    """The tables of a state's island (made once per island for the data's wheel)."""
    t = _island_tables(state.board)[0]
    return t if t.wheel is state.wheel_data else _make_tables(state.board, state.wheel_data)


@cache
def _bid_moves() -> dict[tuple[str, int], Move]:
    return {(item, n): Move("bid", item, n=n) for item in auction.columns() for n in range(1, MAX_BID + 1)}


@cache
def _timing_cards() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for c in data.cards():
        out.setdefault(c.timing, []).append(c.name)
    return {k: tuple(v) for k, v in out.items()}


@cache
def _timing_sets() -> dict[str, frozenset[str]]:
    return {k: frozenset(v) for k, v in _timing_cards().items()}


def play_out(state: State, rng: SplitMix64) -> State:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    if state.config.edition not in FAST_EDITIONS:
        return _play_out_by_state(state, rng)
    t = tables_for(state)
    box = [rng.state]  # the decision stream's state, kept by every phase player as it draws
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
    bid_move = _bid_moves()
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
        x, k = draw_below(x, n)
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
        state.seq += 1
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
        _next_bidder(state, t)
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
        state.seq += 1
        state.history.append((names[seat], PASS))
        state.window.pop(0)
        if phase == "climate":
            if state.config.edition < 2 and state.climate_card_played:
                state.window = []
            if not state.window:
                _mutation(state, t)
        elif not state.window:
            _after_survival_window(state, t)
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
        hold = bool(cards.card_moves(state, seat)) if state.config.edition < 2 else _may_hold(state, seat, "movement")
        cm = _card_moves(state, seat, "movement") if state.hand[seat] else NO_MOVES
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
                _next_mover(state, t)
                break
            x, k = draw_below(x, 1 + ncm + ns + nsw + nfl)
            if k == 0:
                state.seq += 1
                history.append((names[seat], DONE))
                _next_mover(state, t)
                break
            k -= 1
            if k < ncm:
                box[0] = x
                state.perform(cm[k], seat)
                break
            k -= ncm
            state.seq += 1
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
    if not _can_act(state, t, seat):
        _next_mover(state, t)


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
        cm = _card_moves(state, seat, "birth") if state.hand[seat] else NO_MOVES
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
                ok = [o != seat and _attackable(count[o], fx[o], genes[o]) for o in range(n_seats)]
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
        x, k = draw_below(x, 1 + len(cm) + n_places)
        if 0 < k <= len(cm):
            box[0] = x
            state.perform(cm[k - 1], seat)
            free = -1
            continue
        state.seq += 1
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
                history.append((names[seat], Move("birth", names_of(state, u), names_of(state, r), names_of(state, e))))
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
        _next_birth(state, t, advance=True)
        if state.round != rnd:  # a whole round ran by itself to the next births: the island has changed
            free = -1
    box[0] = x


def _kth_bit(mask: int, k: int) -> int:
    """The space of the k-th set bit of a mask, counted from the lowest (board order) from 0."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def names_of(state: State, space: int) -> str:
    """A space's name, or "" for none (-1)."""
    return state.board.names[space] if space >= 0 else ""


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
        prot = _protections(state, seat)
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
        x, k = draw_below(x, len(choices))
        s = choices[k]
        state.seq += 1
        history.append((names[seat], keep_move[s]))
        kept.append(s)
        if len(kept) == state.keep_target:
            codes = t.ring_codes[state.wheel]
            _kill_climate(state, seat, [s for s in sorted(state.pos[seat]) if codes[s] and s not in kept])
            _next_survivor(state, t)
    box[0] = x


# ----- the automatic steps between decisions, as the phase modules take them, without their events -----

def _attackable(c: int, fx: dict[str, int], genes: dict[str, int]) -> bool:
    """combat.attackable from a species' count, effects and genes."""
    return c > 2 and not fx["truce"] and not (genes.get("regeneration") and c <= 3)


def _card_moves(state: State, seat: int, timing: str) -> list[Move]:
    """cards.card_moves, quickly empty when the hand holds no card of the phase's timing."""
    if _timing_sets()[timing].isdisjoint(state.hand[seat]):
        return []
    return cards.card_moves(state, seat)


def _may_hold(state: State, seat: int, timing: str) -> bool:
    """cards.may_hold: whether a player could hold a card of this timing, as everyone can tell."""
    if state.config.edition < 2:
        return cards.may_hold(state, seat, timing)
    if not state.hand[seat]:
        return False
    gone = state.discard
    return any(c not in gone for c in _timing_cards()[timing])


def _next_bidder(state: State, t: Tables) -> None:
    """auction.next_bidder, with auction.can_bid and open_columns_only (rules editions 1-3) written in."""
    open_only = state.config.edition >= 3 and state.n == 2 and state.round == 1
    mp, genes, bids, outbid, unplaced = state.mp, state.genes, state.bids, state.outbid, state.unplaced
    while True:
        seat = state.bidder
        if seat is None:
            if not unplaced:
                _settle(state, t)
                return
            seat = state.bidder = unplaced.pop(0)
            outbid[seat] = 0
        top = mp[seat] + genes[seat].get("alchemical vial", 0)
        barred = outbid[seat]
        for c, held in enumerate(bids):
            if barred >> c & 1:
                continue
            if held is None:
                if top >= 1:
                    return
            elif not open_only and held[1] < top and held[1] < MAX_BID:
                return
        state.bidder = None


def _mutation(state: State, t: Tables) -> None:
    """auction.mutation: the lab filled from the bag (duplicates back at a random place), the bidding opened."""
    genes: list[str] = []
    bag = state.bag
    while len(genes) < state.n - 1 and any(g not in genes for g in bag):
        g = bag.pop(0)
        if g in genes:
            bag.insert(state.rng.below(len(bag) + 1), g)
        else:
            genes.append(g)
    state.lab = ([EVENT] if state.deck else []) + genes
    state.bids = [None] * len(state.lab)
    state.outbid = [0] * state.n
    state.phase = "auction"
    state.unplaced = list(state.order)
    state.bidder = None
    _next_bidder(state, t)


def _settle(state: State, t: Tables) -> None:
    """auction.settle: the winners pay and take their items; then the initiative order."""
    state.bidder = None
    rec = state.record
    assert rec is not None
    for seat in state.order:
        col = state.column_of[seat]
        if col is None:
            continue
        held = state.bids[col]
        assert held is not None
        paid = max(0, held[1] - state.genes[seat].get("alchemical vial", 0))
        state.mp[seat] -= paid
        rec.paid[seat] += paid
        item = state.lab[col]
        if item == EVENT:
            state.hand[seat].append(state.deck.pop(0))
        else:
            state.genes[seat][item] = state.genes[seat].get(item, 0) + 1
        rec.bought[seat] = item
    ncol = len(state.lab)
    column_of = state.column_of
    by_column = sorted(state.order, key=lambda s: ncol if column_of[s] is None else column_of[s] or 0)
    count = state.count
    state.order = sorted(by_column, key=lambda s: count[s])
    if state.holder("adrenaline rush") is not None:
        state.phase = "initiative"
        return
    state.phase = "movement"
    state.turn = -1
    _next_mover(state, t)


def _next_mover(state: State, t: Tables) -> None:
    """movement.next_mover with maybe_end_turn: the next turn with something to do, or the births."""
    while True:
        state.turn += 1
        if state.turn >= state.n:
            _start_birth(state, t)
            return
        seat = state.order[state.turn]
        g = state.genes[seat]
        state.steps = 2 + g.get("legs", 0) + 2 * g.get("strong thighs", 0)
        state.flippers_used = state.wings_used = False
        if _can_act(state, t, seat):
            return


def _can_act(state: State, t: Tables, seat: int) -> bool:
    """movement._can_act: a card that could be held, or a step, attack, swim or flight."""
    if state.hand[seat] and (cards.card_moves(state, seat) if state.config.edition < 2
                             else _may_hold(state, seat, "movement")):
        return True
    if state.steps < 1:
        return False
    occ, nb = state.occ, t.neighbors
    mine = state.pos[seat]
    for s in mine:
        for u in nb[s]:
            if occ[u] < 0:
                return True
    count, fx, genes = state.count, state.fx, state.genes
    for s in mine:
        for u in nb[s]:
            o = occ[u]
            if o != seat and _attackable(count[o], fx[o], genes[o]):
                return True
    g = genes[seat]
    if (g.get("flippers") and not state.flippers_used) or (g.get("wings") and not state.wings_used):
        return any(m.kind != "done" for m in movement.step_moves(state, seat))
    return False


def _start_birth(state: State, t: Tables) -> None:
    """birth.start_birth: one birth each and one more per Eggs gene."""
    state.phase = "birth"
    for s in range(state.n):
        state.births_left[s] = 1 + state.genes[s].get("eggs", 0)
    state.birth_seat = None
    _next_birth(state, t, advance=True)


def _next_birth(state: State, t: Tables, advance: bool) -> None:
    """birth.next_birth: round after round through the initiative order while births remain."""
    order, left, n = state.order, state.births_left, state.n
    while True:
        if advance:
            if not any(left):
                _start_survival(state, t)
                return
            first = 0 if state.birth_seat is None else order.index(state.birth_seat) + 1
            for i in range(n):
                s = order[(first + i) % n]
                if left[s] > 0:
                    state.birth_seat = s
                    break
        advance = True
        seat = state.birth_seat
        assert seat is not None
        if _can_breed(state, t, seat):
            return
        left[seat] -= 1


def _can_breed(state: State, t: Tables, seat: int) -> bool:
    """birth._can_breed: a Birth card that could be held, or a free space for a baby."""
    if state.hand[seat] and (cards.card_moves(state, seat) if state.config.edition < 2
                             else _may_hold(state, seat, "birth")):
        return True
    occ = state.occ
    mine = state.pos[seat]
    near = t.within3 if state.genes[seat].get("thick shell") or state.fx[seat]["reach3"] else t.neighbors
    if state.count[seat] < SUPPLY:
        for s in mine:
            for u in near[s]:
                if occ[u] < 0:
                    return True
        return False
    return any(occ[u] < 0 for r in mine for s in mine if s != r for u in near[s])


def _start_survival(state: State, t: Tables) -> None:
    """survival.start_survival: the survival card window first, if anyone could hold a survival card."""
    state.birth_seat = None
    state.window = cards.window(state, "survival")
    if state.window:
        state.phase = "survival-cards"
    else:
        _after_survival_window(state, t)


def _after_survival_window(state: State, t: Tables) -> None:
    """survival.after_survival_window: the species are judged."""
    state.phase = "survival"
    state.turn = -1
    state.survivor = None
    _next_survivor(state, t)


def _protections(state: State, seat: int) -> tuple[int, int, int, int]:
    """survival.protections by ring code (ideal 0, unused; hot 1, cold 2, deadly 3)."""
    fx, g = state.fx[seat], state.genes[seat]
    return (0, max(0, g.get("thermoregulation", 0) + fx["thermo"]), max(0, g.get("fur", 0) + fx["fur"]),
            max(0, g.get("cave dweller", 0) + fx["cave"]))


def _next_survivor(state: State, t: Tables) -> None:
    """survival.next_survivor: each species in initiative order, stopping where its player must choose."""
    codes = t.ring_codes[state.wheel]
    order, pos, count, n = state.order, state.pos, state.count, state.n
    while True:
        state.turn += 1
        if state.turn >= n:
            _income(state, t)
            return
        seat = order[state.turn]
        state.survivor = seat
        state.kept = []
        danger = [s for s in sorted(pos[seat]) if codes[s]]
        c = count[seat]
        saved = 0
        if danger:
            by_ring = [0, 0, 0, 0]
            for s in danger:
                by_ring[codes[s]] += 1
            prot = _protections(state, seat)
            saved = min(prot[1], by_ring[1]) + min(prot[2], by_ring[2]) + min(prot[3], by_ring[3])
        floor = min(3 if state.genes[seat].get("regeneration") else 2, c)
        extra = max(0, floor - (c - len(danger)) - saved)
        state.keep_extra = extra
        state.keep_target = target = saved + extra
        if target == 0:
            _kill_climate(state, seat, danger)
        elif target != len(danger):
            return


def _kill_climate(state: State, seat: int, dead: list[int]) -> None:
    """survival.judge once the kept are known: the endangered dinosaurs not kept die (lost to the climate)."""
    if dead:
        rec = state.record
        assert rec is not None
        mine = state.pos[seat]
        for s in dead:
            state.occ[s] = -1
            mine.remove(s)
        state.count[seat] -= len(dead)
        state.lost_climate[seat] += len(dead)
        rec.lost_climate[seat] += len(dead)
    state.kept = []


def _income(state: State, t: Tables) -> None:
    """survival.income: a mutation point per dinosaur; the round is recorded and the next begins."""
    state.survivor = None
    rec = state.record
    assert rec is not None
    rec.income = list(state.count)
    mp, count = state.mp, state.count
    for s in range(state.n):
        mp[s] += count[s]
    rec.mp_after = list(mp)
    state.rounds.append(rec)
    _new_round(state, t)


def _new_round(state: State, t: Tables) -> None:
    """climate.new_round: the climate token turns the wheel (or the meteorite ends the game), then the window."""
    state.reset_phase_fields()
    state.round += 1
    state.token = state.tokens.pop(0)
    state.revealed.append(state.token)
    state.record = new_record(state.round, state.token, state.wheel, state.mp)
    if state.token == METEORITE:
        _finish(state)
        return
    state.token_move = TOKEN_STEPS[state.token]
    state.wheel = (state.wheel + state.token_move) % len(state.wheel_data.rings)
    state.record.wheel = state.wheel
    state.window = cards.window(state, "climate")
    if state.window:
        state.phase = "climate"
    else:
        _mutation(state, t)


def _finish(state: State) -> None:
    """end.finish: everyone with the best points and dinosaurs wins."""
    names, mp, count = state.names, state.mp, state.count
    state.phase = "over"
    best = max((mp[s], count[s]) for s in range(state.n))
    state.winners_ = tuple(names[s] for s in range(state.n) if (mp[s], count[s]) == best)
