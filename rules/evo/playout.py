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
from itertools import compress
from operator import or_

from rules.core.rng import GOLDEN, LIMITS, MASK, MIX1, MIX2, TWO64, SplitMix64, draw_below
from rules.evo import cards, combat, data
from rules.evo.moves import Move
from rules.evo.playsteps import (
    after_survival_window,
    attackable,
    can_act,
    can_breed,
    kill_climate,
    may_hold,
    mutation,
    next_mover,
    next_survivor,
    protections,
    settle,
    start_survival,
)
from rules.evo.playtables import Tables, bid_moves, tables_for, timing_cards, timing_sets
from rules.evo.shared import EVENT, MAX_BID, SUPPLY
from rules.evo.state import State

FAST_EDITIONS = (1, 2, 3, 4, 5)  # the editions whose rules the copies follow (playsteps.py); a new one starts outside
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
    """Bids, counted by column and amount (auction.bid_moves' order), until the auction is settled.

    The next bidder is found here (auction.next_bidder, written in): a bidder with no bid to make is passed
    over, and whether one has a bid is the count of its bids, which its decision then draws from.
    """
    x = box[0]
    bid_move = bid_moves()
    names = state.names
    history = state.history
    mp, genes = state.mp, state.genes
    bids, outbid, unplaced, column_of, lab = state.bids, state.outbid, state.unplaced, state.column_of, state.lab
    barring = state.config.edition >= 2
    open_only = state.config.edition >= 3 and state.n == 2 and state.round == 1  # auction.open_columns_only
    seat = state.bidder
    assert seat is not None
    closed = MAX_BID + 2  # the lowest bid of a column no bid can reach (open_columns_only: a column with a bid)
    lows = [1 if held is None else closed if open_only else held[1] + 1 for held in bids]  # per column
    held_event = data.edition_rules(state.config.edition).event_held and lab[:1] == [EVENT]  # auction.closed
    if held_event and bids[0] is not None:
        lows[0] = closed
    while True:
        top = mp[seat] + genes[seat].get("alchemical vial", 0)
        if top > MAX_BID:
            top = MAX_BID
        top1 = top + 1
        barred = outbid[seat]
        own = [closed if barred >> c & 1 else low for c, low in enumerate(lows)] if barred else lows
        n = sum(map(top1.__sub__, filter(top1.__gt__, own)))  # top - low + 1 bids in each column it can reach
        if n:
            limit = LIMITS[n] if n < 64 else TWO64 - TWO64 % n  # SplitMix64.below(n), written in
            while True:
                x = (x + GOLDEN) & MASK
                z = ((x ^ (x >> 30)) * MIX1) & MASK
                z = ((z ^ (z >> 27)) * MIX2) & MASK
                z ^= z >> 31
                if z < limit:
                    break
            k = z % n
            c = 0
            for low in own:
                if low < top1:
                    if k < top1 - low:
                        break
                    k -= top1 - low
                c += 1
            held = bids[c]
            amount = low + k
            history.append((names[seat], bid_move[lab[c], amount]))
            bids[c] = (seat, amount)
            lows[c] = closed if open_only or (held_event and c == 0) else amount + 1
            column_of[seat] = c
            if held is not None:  # the outbid bidder bids next
                seat = held[0]
                column_of[seat] = None
                state.bidder = seat
                if barring:
                    outbid[seat] |= 1 << c
                else:
                    outbid[seat] = 1 << c
                continue
        state.bidder = None  # after a bid on a free column, or no bid to make: the next to place a bid
        if not unplaced:
            settle(state, t)
            break
        seat = unplaced.pop(0)
        state.bidder = seat
        outbid[seat] = 0
    box[0] = x


def _window(state: State, t: Tables, box: list[int]) -> None:
    """A card window's passes (and the cards, played by the state) until it closes."""
    x = box[0]
    names = state.names
    phase = state.phase
    timing_set = timing_sets()["climate" if phase == "climate" else "survival"]  # cards.PHASE_TIMING
    hand = state.hand
    while state.phase == phase:
        seat = state.window[0]
        cm = NO_MOVES if timing_set.isdisjoint(hand[seat]) else cards.card_moves(state, seat)
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

    Each seat's spaces are a bit mask kept up to date step by step (made anew after a fight or a card), and so
    within a turn are the spaces a step may enter (free, or held by a species the mover may attack): a decision
    counts its steps per dinosaur and walks only to the drawn one. A turn ends, and the next begins, here: a new
    turn with nothing to do but 'done' is passed over (movement.next_mover and can_act, written in).
    """
    x = box[0]
    names = state.names
    history = state.history
    occ, pos, count, genes, hand = state.occ, state.pos, state.count, state.genes, state.hand
    nb, nbm, size, step_move, coastal = t.neighbors, t.nbmask, t.size, t.step, state.board.coastal
    nbbits = t.nbbits
    bit = t.bits.__getitem__
    w2m = t.w2mask
    n_seats = state.n
    edition1 = state.config.edition < 2
    movement_cards = timing_sets()["movement"]
    movement_names = timing_cards()["movement"]
    cards_left = -1  # how many movement cards are not discarded (-1: to be counted; a card played changes it)
    held: list[int] = []  # per seat, its spaces as a mask (empty: to be made, with taken, prey and ok)
    ok = [False] * n_seats  # per seat, whether its species may be attacked (the same all phase but for fights, cards)
    taken = prey = 0
    fresh = False  # a turn just begun by the turn before's end: passed over if it has nothing to do
    while state.phase == "movement":
        if not held:  # the island's masks: each seat's spaces, all taken, those of the species one may attack
            held = [sum(map(bit, p)) for p in pos]
            fx = state.fx
            taken = prey = 0
            for o in range(n_seats):
                h = held[o]
                taken |= h
                c = count[o]
                ok[o] = c > 2 and not fx[o]["truce"] and not (c <= 3 and genes[o].get("regeneration"))
                if ok[o]:  # combat.attackable, written in
                    prey |= h
        seat = state.order[state.turn]
        g = genes[seat]
        free = t.full ^ taken
        target = free | (prey ^ held[seat] if ok[seat] else prey)  # the spaces a step may enter: free, or prey
        if hand[seat]:
            if edition1:
                hold = bool(cards.card_moves(state, seat))
            else:  # cards.may_hold: a movement card not yet discarded (the same for every hand)
                if cards_left < 0:
                    gone = state.discard
                    cards_left = sum(c not in gone for c in movement_names)
                hold = cards_left > 0
            cm = NO_MOVES if movement_cards.isdisjoint(hand[seat]) else cards.card_moves(state, seat)
        else:
            hold = False
            cm = NO_MOVES
        ncm = len(cm)
        mine = sorted(pos[seat])
        flippers = bool(g.get("flippers"))
        wings = bool(g.get("wings"))
        moved = fresh  # after a step of this turn: the turn ends by itself if nothing but 'done' is left
        fresh = False
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
                k = -1  # the turn ends by itself
            else:
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
            if k <= 0:  # movement.next_mover: the next turn (its points set), or the births after the last
                turn = state.turn + 1
                state.turn = turn
                if turn >= n_seats:  # birth.start_birth: one birth each and one more per Eggs gene; _births goes on
                    state.phase = "birth"
                    state.births_left = [1 + gs.get("eggs", 0) for gs in genes]
                    state.birth_seat = None
                    break
                g = genes[state.order[turn]]
                state.steps = 2 + g.get("legs", 0) + 2 * g.get("strong thighs", 0)
                state.flippers_used = state.wings_used = False
                fresh = True
                break
            k -= 1
            if k < ncm:
                box[0] = x
                state.perform(cm[k], seat)
                held = []
                cards_left = -1
                break
            k -= ncm
            state.steps = left - 1
            if k < ns:
                j = 0
                while k >= counts[j]:
                    k -= counts[j]
                    j += 1
                s = mine[j]
                u = list(compress(nb[s], map(target.__and__, nbbits[s])))[k]  # the k-th it may enter, in nb order
                if occ[u] >= 0:
                    history.append((names[seat], t.attack[s * size + u]))
                    _attack(state, t, seat, s, u)
                    held = []
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
            both = (1 << s) | (1 << u)
            held[seat] ^= both
            taken ^= both
            if ok[seat]:
                prey ^= both
            target ^= both
            free ^= both
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
    order, left, hand, fxs = state.order, state.births_left, state.hand, state.fx
    nbmask, w3mask = t.nbmask, t.w3mask
    birth_cards = timing_sets()["birth"]
    known = -1  # the places of the seat to decide, when the search for it has found them (-1: not known)
    searching = state.birth_seat is None  # the births begin here (the end of movement): their first seat to find
    while state.phase == "birth":
        if searching:  # birth.next_birth, written in: the next seat in initiative order with a birth left to breed
            searching = False
            rnd = state.round
            last = state.birth_seat
            while True:
                if not any(left):
                    start_survival(state, t)
                    break
                first = 0 if last is None else order.index(last) + 1
                for i in range(n_seats):
                    seat = order[(first + i) % n_seats]
                    if left[seat] > 0:
                        break
                state.birth_seat = last = seat
                if hand[seat] and may_hold(state, seat, "birth"):  # may_hold: rules edition 1 asks the hand itself
                    break
                if count[seat] < SUPPLY:
                    if free < 0:
                        free = t.full
                        for p in pos:
                            free ^= sum(map(t.bits.__getitem__, p))
                    g = genes[seat]
                    places = reduce(or_, map((w3mask if g.get("thick shell") or fxs[seat]["reach3"] else nbmask)
                                             .__getitem__, pos[seat]), 0) & free
                    if places:
                        if not g.get("killer babies"):
                            known = places
                        break
                elif can_breed(state, t, seat):
                    break
                left[seat] -= 1
            if state.round != rnd:  # a whole round ran by itself to the next births: the island has changed
                free = -1
                known = -1
                order, left, fxs = state.order, state.births_left, state.fx
            continue
        at = state.birth_seat
        assert at is not None
        seat = at
        g = genes[seat]
        cm = NO_MOVES if not hand[seat] or birth_cards.isdisjoint(hand[seat]) else cards.card_moves(state, seat)
        shell = g.get("thick shell") or fxs[seat]["reach3"]
        mine = pos[seat]
        killer = False  # Killer Babies below the supply's end: per_place and prey, not options
        full_supply = False  # every dinosaur on the island, without Killer Babies: per_place, not options
        options: list[tuple[int, int, int]] = []  # (the dinosaur taken off or -1, space, Killer Babies victim or -1)
        places = 0  # the places of a plain birth (no dinosaur taken off, no Killer Babies), as a mask
        if known >= 0:
            places = known
            n_places = places.bit_count()
            known = -1
        elif count[seat] < SUPPLY and g.get("killer babies"):  # each place, then each attack from it (nb order)
            if free < 0:
                free = t.full
                for p in pos:
                    free ^= sum(map(t.bits.__getitem__, p))
            places = reduce(or_, map((w3mask if shell else nbmask).__getitem__, mine), 0) & free
            fx = state.fx
            prey = 0
            for o in range(n_seats):
                if o != seat and attackable(count[o], fx[o], genes[o]):
                    prey |= sum(map(t.bits.__getitem__, pos[o]))
            per_place: list[tuple[int, int]] = []  # (place, its decisions: the birth and one per attack)
            n_places = 0
            m = places
            while m:
                low = m & -m
                m ^= low
                u = low.bit_length() - 1
                c = 1 + (nbmask[u] & prey).bit_count()
                per_place.append((u, c))
                n_places += c
            killer = True
        elif count[seat] >= SUPPLY and not g.get("killer babies"):  # each dinosaur taken off, then its places
            if free < 0:
                free = t.full
                for p in pos:
                    free ^= sum(map(t.bits.__getitem__, p))
            near_mask = w3mask if shell else nbmask
            per_place = []  # here (the dinosaur taken off, the mask of the places then)
            n_places = 0
            for r in sorted(mine):
                m = reduce(or_, [near_mask[s] for s in mine if s != r], 0) & free
                per_place.append((r, m))
                n_places += m.bit_count()
            full_supply = True
        elif count[seat] >= SUPPLY:  # and Killer Babies: each dinosaur taken off, each place, each attack from it
            near = t.within3 if shell else nb
            options = [(r, u, -1) for r in sorted(mine)
                       for u in sorted({u for s in mine if s != r for u in near[s] if occ[u] < 0})]
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
            order, left, fxs = state.order, state.births_left, state.fx  # (a card may end the phase, or the round)
            continue
        state.births_left[seat] -= 1
        if k == 0:
            history.append((names[seat], SKIP))
        elif full_supply:
            j = k - 1 - len(cm)
            i = 0
            while j >= per_place[i][1].bit_count():
                j -= per_place[i][1].bit_count()
                i += 1
            r, m = per_place[i]
            u = _kth_bit(m, j)
            history.append((names[seat], born[r + 1][u]))
            occ[r] = -1
            mine.remove(r)
            occ[u] = seat
            mine.append(u)
            free ^= (1 << r) | (1 << u)
        elif killer:
            j = k - 1 - len(cm)
            i = 0
            while j >= per_place[i][1]:
                j -= per_place[i][1]
                i += 1
            u = per_place[i][0]
            occ[u] = seat
            count[seat] += 1
            mine.append(u)
            if j == 0:
                history.append((names[seat], born[0][u]))
                free ^= 1 << u
            else:
                e = [e for e in nb[u] if prey >> e & 1][j - 1]
                where = state.board.names
                history.append((names[seat], Move("birth", where[u], "", where[e])))
                state.kill(e if combat.roll(state).wins != "never" else u, combat=True)
                free = -1
        elif not options:
            j = k - 1 - len(cm)  # the j-th free place in board order (_kth_bit, written in)
            m = places
            while j:
                m &= m - 1
                j -= 1
            u = (m & -m).bit_length() - 1
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
        searching = True
    box[0] = x


def _kth_bit(mask: int, k: int) -> int:
    """The space of the k-th set bit of a mask, counted from the lowest (board order) from 0."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _survival(state: State, t: Tables, box: list[int]) -> None:
    """Keeps (survival.keep_moves' order) until the species are judged and the next round has begun.

    A species' endangered dinosaurs not yet kept and its count kept per ring are carried from keep to keep.
    """
    x = box[0]
    names = state.names
    history = state.history
    keep_move = t.keep
    while state.phase == "survival":
        codes = t.ring_codes[state.wheel]  # a round may run by itself to the next survival
        seat = state.survivor
        assert seat is not None
        name = names[seat]
        kept = state.kept
        target = state.keep_target
        extra = state.keep_extra
        _, p1, p2, p3 = protections(state, seat)
        danger = [s for s in sorted(state.pos[seat]) if codes[s] and s not in kept]
        used = [0, 0, 0, 0]
        for s in kept:
            used[codes[s]] += 1
        while True:
            u1, u2, u3 = used[1], used[2], used[3]
            base = (u1 - p1 if u1 > p1 else 0) + (u2 - p2 if u2 > p2 else 0) + (u3 - p3 if u3 > p3 else 0)
            # one more kept in a ring costs one more over its protection once that ring's protection is used up
            a1 = base + (u1 >= p1) <= extra
            a2 = base + (u2 >= p2) <= extra
            a3 = base + (u3 >= p3) <= extra
            if a1 and a2 and a3:
                choices = danger
            else:
                allowed = (False, a1, a2, a3)
                choices = [s for s in danger if allowed[codes[s]]]
            n = len(choices)  # SplitMix64.below(n), written in: the same draws as draw_below
            if n == 0:
                box[0] = x
                raise ValueError("a game that is not over offered no legal move")
            limit = LIMITS[n] if n < 64 else TWO64 - TWO64 % n
            while True:
                x = (x + GOLDEN) & MASK
                z = ((x ^ (x >> 30)) * MIX1) & MASK
                z = ((z ^ (z >> 27)) * MIX2) & MASK
                z ^= z >> 31
                if z < limit:
                    break
            s = choices[z % n]
            history.append((name, keep_move[s]))
            kept.append(s)
            danger.remove(s)
            used[codes[s]] += 1
            if len(kept) == target:
                break
        kill_climate(state, seat, danger)
        next_survivor(state, t)
    box[0] = x
