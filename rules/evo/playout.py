"""Random playouts of Evo for search bots: uniform random decisions to the end, without the legality check.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py and tests/test_evo_playout.py compare the two
move for move and state for state). A search bot spends nearly all its time here, so the decisions of every
phase are counted here in the order their phase module lists them, only the drawn one is taken (from the
ready-made moves and history entries of playtables.py) and played without events, and the game runs on to
the next decision through the event-free copies of the automatic steps and cards in playsteps.py. A Movement
turn keeps the spaces a step may enter as a bit mask, and births the free spaces. The chameleon's escape, about
one in ten games, is played by the state itself (`State.perform`), which works on the same fields, so both
kinds mix freely. The decision stream is drawn ahead in batches (playdraws.py); the game's own random stream
(the bag, the die) is the state's, as in `apply`. Rules editions other than FAST_EDITIONS (a new edition until
its rules are copied) are played through the state alone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import or_

from rules.core import native
from rules.core.rng import SplitMix64
from rules.evo import cards, combat, data
from rules.evo.moves import Move
from rules.evo.playdraws import Draws
from rules.evo.playsteps import (
    after_survival_window,
    attackable,
    begin_turn,
    can_act,
    can_breed,
    income,
    may_hold,
    mutation,
    next_mover,
    play_card,
    protections,
    settle,
    start_survival,
)
from rules.evo.playtables import Entries, Tables, entries_for, tables_for, timing_cards, timing_sets
from rules.evo.shared import EVENT, MAX_BID, SUPPLY
from rules.evo.state import State

FAST_EDITIONS = (1, 2, 3, 4, 5, 6, 7, 8)  # the editions whose rules the copies follow (playsteps.py); new ones not yet
NO_MOVES: tuple[Move, ...] = ()  # the cards of a hand without any
_COMPILED: Callable[[State, SplitMix64], State] | None = None  # the compiled copy of play_out, if built (below)


def play_out(state: State, rng: SplitMix64) -> State:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    if _COMPILED is not None:  # (always None in the compiled copy itself)
        return _COMPILED(state, rng)
    return python_play_out(state, rng)


def python_play_out(state: State, rng: SplitMix64) -> State:
    """`play_out` as this module runs it: what the compiled copy compiles, and what its tests hold it to."""
    if state.config.edition not in FAST_EDITIONS:
        return _play_out_by_state(state, rng)
    t = tables_for(state)
    en = entries_for(t, tuple(state.names))
    stream = Draws(rng.state)  # the decision stream, drawn ahead: one output per decision and per rejection
    first = len(state.history)
    offset = first - state.seq  # each decision adds one to both: the fast ones only to the history
    free = -1  # the free spaces' mask a movement phase ended with, for the births that follow it (-1: none)
    held = None  # each species' spaces as masks, as survival left them, for the next movement (None: none)
    try:
        while True:
            p = state.phase
            if p == "movement":
                free = _movement(state, t, en, stream, held)
                held = None
            elif p == "birth":
                _births(state, t, en, stream, free)
                free = -1
            elif p == "auction":
                _auction(state, t, en, stream)
            elif p == "survival":
                held = _survival(state, t, en, stream)
            elif p == "climate" or p == "survival-cards":
                if _window(state, t, en, stream):
                    held = None
            elif p == "over":
                break
            elif p == "initiative":
                _initiative(state, t, stream)
            else:
                _by_state(state, stream)
                held = None
    finally:
        rng.state = stream.state(len(state.history) - first)
        stream.close()
        state.seq = len(state.history) - offset
    return state


def _play_out_by_state(state: State, rng: SplitMix64) -> State:
    """The playout through the state's own lists and `perform` (rules editions the fast copies do not know)."""
    stream = Draws(rng.state)
    first = len(state.history)
    try:
        while state.phase != "over":
            _by_state(state, stream)
    finally:
        rng.state = stream.state(len(state.history) - first)
        stream.close()
    return state


def _by_state(state: State, stream: Draws) -> None:
    """One decision listed and played by the state itself."""
    seat = state.to_move_seat
    moves = state.legal_moves()
    if seat is None or not moves:
        raise ValueError("a game that is not over offered no legal move")
    n = len(moves)
    state.perform(moves[next(stream.outputs) % n], seat)


def _card_moves(state: State, seat: int, en: Entries) -> tuple[Move, ...]:
    """cards.card_moves, remembered by all it reads but the players' names (`en` is per names): the phase, the
    seat and the hand; a hand not met yet is made of each card's plays, made once per seat (cards.plays)."""
    known = en.cards
    key = (state.phase, seat, *state.hand[seat])
    cm = known.get(key)
    if cm is None:
        if len(known) >= 4096:  # bounded: a long run sees many hands
            known.clear()
        want = cards.PHASE_TIMING.get(state.phase)
        by_name = data.card_by_name()
        made = en.plays
        out: list[Move] = []
        for name in sorted(set(state.hand[seat])):  # cards.card_moves, written in
            card = by_name[name]
            if card.timing == want:
                ms = made.get((seat, name))
                if ms is None:
                    ms = made[seat, name] = tuple(cards.plays(card, state.names, seat))
                out += ms
        cm = known[key] = tuple(out)
    return cm


# ----- the decisions -----

INITIATIVE = tuple(Move("initiative", n=k) for k in range(1, 9))  # places on the track, as State._candidates


def _initiative(state: State, t: Tables, stream: Draws) -> None:
    """Adrenaline Rush: its holder's place on the track (movement.take_initiative); the first turn is _movement's."""
    genes = state.genes
    seat = 0
    while not genes[seat].get("adrenaline rush"):  # state.holder: the phase is entered only with a holder
        seat += 1
    n = state.n
    k = next(stream.outputs) % n  # SplitMix64.below(n) (a rejection is the output's: playdraws)
    state.history.append((state.names[seat], INITIATIVE[k]))
    order = state.order
    order.remove(seat)
    order.insert(k, seat)
    state.phase = "movement"  # movement.start_movement
    state.turn = -1  # its first turn found by _movement


BID_LANE = 8  # bits per auction column in _auction's masks: bit a stands for a bid of a (1 to MAX_BID)
_BID_COLUMNS = 8  # columns the masks have room for (the lab holds at most one per player)
_BID_PUT = tuple(tuple((((1 << MAX_BID + 1) - 1) >> low << low) << BID_LANE * c for low in range(MAX_BID + 3))
                 for c in range(_BID_COLUMNS))  # per column and lowest bid left, its lane's bids
_BID_ALL = (1 << BID_LANE * _BID_COLUMNS) - 1
_BID_CUT = tuple(tuple(_BID_ALL ^ ((1 << a + 1) - 1) << BID_LANE * c for a in range(MAX_BID + 1))
                 for c in range(_BID_COLUMNS))  # per column and bid, the lanes less that column's amounts up to it
_BID_SHUT = tuple((_BID_ALL ^ 255 << BID_LANE * c,) * (MAX_BID + 1) for c in range(_BID_COLUMNS))  # ... or all of them
_BID_BELOW = tuple(sum(((1 << top1) - 1) << BID_LANE * c for c in range(_BID_COLUMNS))
                   for top1 in range(MAX_BID + 2))  # per top + 1, the bids below it in every column
_BID_OPEN = tuple(sum(255 << BID_LANE * c for c in range(_BID_COLUMNS) if not barred >> c & 1)
                  for barred in range(1 << _BID_COLUMNS))  # per mask of barred columns, the lanes of the others
_BYTE_COUNT = tuple(byte.bit_count() for byte in range(256))  # per byte of a mask (an auction lane), its bits
_BYTE_BITS = tuple(tuple(a for a in range(8) if byte >> a & 1) for byte in range(256))  # ... and where they are


def _auction(state: State, t: Tables, en: Entries, stream: Draws) -> None:
    """Bids, counted by column and amount (auction.bid_moves' order), until the auction is settled.

    The next bidder is found here (auction.next_bidder, written in), the first one too: a bidder with no bid
    to make is passed over, and whether one has a bid is the count of its bids, which its decision then draws from.
    """
    draws = stream.outputs
    history = state.history
    mp, genes = state.mp, state.genes
    bids, outbid, unplaced, column_of, lab = state.bids, state.outbid, state.unplaced, state.column_of, state.lab
    bid_e = en.bid  # per seat and column, its bids by amount
    barring = state.config.edition >= 2
    open_only = state.config.edition >= 3 and state.n == 2 and state.round == 1  # auction.open_columns_only
    seat = state.bidder
    if seat is None:  # the auction begins: playsteps.mutation leaves its first bidder to be found here
        seat = unplaced.pop(0)
    closed = MAX_BID + 2  # the lowest bid of a column no bid can reach (open_columns_only: a column with a bid)
    held_event = data.edition_rules(state.config.edition).event_held and lab[:1] == [EVENT]  # auction.closed
    room = 0  # the bids each column still takes, a lane of amounts per column (auction.bid_moves' order)
    cuts = []  # per column, by a bid's amount, what is left of the lanes after it
    c = 0
    for held in bids:
        shut = open_only or (held_event and c == 0)  # a column with a bid takes no more
        room |= _BID_PUT[c][1 if held is None else closed if shut else held[1] + 1]
        cuts.append(_BID_SHUT[c] if shut else _BID_CUT[c])
        c += 1
    ncol = c
    while True:  # the bidder's fields are not written as it goes: settle clears them
        top = mp[seat] + genes[seat].get("alchemical vial", 0)
        if top > MAX_BID:
            top = MAX_BID
        bids_now = room & _BID_BELOW[top + 1]  # the amounts up to its top in every column
        barred = outbid[seat]
        if barred:  # the columns it was outbid in are closed to it (edition 2 on: all of them this auction)
            bids_now &= _BID_OPEN[barred]
        n = bids_now.bit_count()
        if n:
            k = next(draws) % n  # SplitMix64.below(n) (a rejection is the output's: playdraws)
            c = 0
            for lane in bids_now.to_bytes(ncol, "little"):  # walked column by column to the drawn bid
                here = _BYTE_COUNT[lane]
                if k < here:
                    break
                k -= here
                c += 1
            amount = _BYTE_BITS[lane][k]
            held = bids[c]
            history.append(bid_e[seat][lab[c]][amount])
            bids[c] = (seat, amount)
            room &= cuts[c][amount]
            column_of[seat] = c
            if held is not None:  # the outbid bidder bids next
                seat = held[0]
                column_of[seat] = None
                if barring:
                    outbid[seat] |= 1 << c
                else:
                    outbid[seat] = 1 << c
                continue
        # after a bid on a free column, or no bid to make: the next to place a bid
        if not unplaced:
            settle(state, t, held_event)
            break
        seat = unplaced.pop(0)
        outbid[seat] = 0


def _window(state: State, t: Tables, en: Entries, stream: Draws) -> bool:
    """A card window's passes (and the cards, played by playsteps.play_card) until it closes; whether a card
    was played."""
    draws = stream.outputs
    names = en.names
    phase = state.phase
    timing_set = timing_sets()["climate" if phase == "climate" else "survival"]  # cards.PHASE_TIMING
    hand = state.hand
    played = False
    while state.phase == phase:
        seat = state.window[0]
        cm = NO_MOVES if timing_set.isdisjoint(hand[seat]) else _card_moves(state, seat, en)
        n = 1 + len(cm)  # SplitMix64.below(n), written in
        k = next(draws) % n  # SplitMix64.below(n) (a rejection is the output's: playdraws)
        if k:
            state.history.append((names[seat], cm[k - 1]))
            play_card(state, t, cm[k - 1], seat)
            played = True
            continue
        state.history.append(en.pass_[seat])
        state.window.pop(0)
        if phase == "climate":
            if state.config.edition < 2 and state.climate_card_played:
                state.window = []
            if not state.window:
                mutation(state, t)
        elif not state.window:
            after_survival_window(state, t)
    return played


def _movement(state: State, t: Tables, en: Entries, stream: Draws, known: list[int] | None) -> int:
    """Movement turns: 'done', cards, steps, swims and flights (movement.step_moves' order), until the births;
    the mask of the free spaces then, if the last turn ended here (else -1: a fight or a card ended it).
    `known`: each seat's spaces as masks if known (survival's, when nothing has moved a dinosaur since).

    Each seat's spaces are a bit mask (made at the start and anew after a fight or a card; a mover's own is read
    only as its turn begins), and the free spaces and those a step may enter (free, or held by a species the
    mover may attack) are kept up to date step by step: a decision counts its steps per dinosaur and walks only
    to the drawn one, whose enterable neighbours are listed per island for every mask of them. A turn ends, and the
    next begins, here (the phase's first one too, when it is entered with the turn at -1): a new turn with nothing
    to do but 'done' is passed over (movement.next_mover and can_act, written in).
    """
    draws = stream.outputs
    names = en.names
    history = state.history
    occ, pos, count, genes, hand = state.occ, state.pos, state.count, state.genes, state.hand
    nbm, size, step_e, coastal = t.nbmask, t.size, en.step, state.board.coastal
    bits = t.bits
    enterable, pairs = t.enterable, t.pairs
    w2m = t.w2mask
    n_seats = state.n
    edition1 = state.config.edition < 2
    movement_cards = timing_sets()["movement"]
    cards_left = -1  # 1 if a movement card is not discarded, else 0 (-1: to be found; a card played changes it)
    held = [] if known is None else known  # per seat, its spaces as a mask (empty: to be made)
    ready = False  # whether taken, prey, ok and free are made from held
    ok = [False] * n_seats  # per seat, whether its species may be attacked (the same all phase but for fights, cards)
    free = prey = 0
    fresh = False  # a turn just begun by the turn before's end: passed over if it has nothing to do
    if state.turn < 0:  # the phase begins (settle, _initiative): the first turn, begun as a turn's end begins the next
        state.turn = 0
        begin_turn(state, genes[state.order[0]])
        fresh = True
    while state.phase == "movement":
        if not ready:  # the island's masks: each seat's spaces, all taken, those of the species one may attack
            if not held:
                for p in pos:
                    h = 0
                    for s in p:
                        h |= bits[s]
                    held.append(h)
            ready = True
            fx = state.fx
            taken = prey = 0
            for o in range(n_seats):
                h = held[o]
                taken |= h
                c = count[o]
                ok[o] = c > 2 and not fx[o]["truce"] and not (c <= 3 and genes[o].get("regeneration"))
                if ok[o]:  # combat.attackable, written in
                    prey |= h
            free = t.full ^ taken  # kept up to date step by step
        seat = state.order[state.turn]
        g = genes[seat]
        target = free | (prey ^ held[seat] if ok[seat] else prey)  # the spaces a step may enter: free, or prey
        if hand[seat]:
            if edition1:
                hold = bool(_card_moves(state, seat, en))
            else:  # cards.may_hold: a movement card not yet discarded (the same for every hand)
                if cards_left < 0:
                    cards_left = 0 if movement_cards.issubset(state.discard) else 1
                hold = cards_left > 0
            cm = NO_MOVES if movement_cards.isdisjoint(hand[seat]) else _card_moves(state, seat, en)
        else:
            hold = False
            cm = NO_MOVES
        ncm = len(cm)
        base = 1 + ncm  # 'done' and the cards come before the steps
        mine = pos[seat]  # (in the state's order; sorted only where board order counts: a drawn step)
        flippers = g.get("flippers", 0)  # (as truth values)
        wings = g.get("wings", 0)
        special = (flippers and not state.flippers_used) or (wings and not state.wings_used)
        nsw = nfl = 0  # swims and flights, counted while a species may still swim or fly this turn
        moved = fresh  # after a step of this turn: the turn ends by itself if nothing but 'done' is left
        fresh = False
        left = state.steps  # kept here while the turn goes on, and written back where the rules read it
        prey_mine = ok[seat]
        name = names[seat]
        step_move = step_e[seat]
        while True:
            if left > 0:
                if len(mine) == 2:  # most turns: two dinosaurs, in board order, their masks kept for a step drawn
                    s0, s1 = mine
                    if s1 < s0:
                        s0, s1 = s1, s0
                    m0 = target & nbm[s0]
                    m1 = target & nbm[s1]
                    c0 = m0.bit_count()
                    ns = c0 + m1.bit_count()
                else:
                    s0 = -1
                    ns = 0  # the steps of all its dinosaurs (a list of counts is made only if a step is drawn)
                    for s in mine:
                        ns += (target & nbm[s]).bit_count()
                n = base + ns
                if special:
                    nsw = nfl = 0
                    if flippers and not state.flippers_used:  # from each coastal dinosaur to each free coastal space
                        shore = [s for s in sorted(mine) if coastal[s]]
                        coast_free = t.coastmask & free
                        per_shore = coast_free.bit_count()
                        nsw = len(shore) * per_shore
                    if wings and not state.wings_used:  # to each free space within two, in board order
                        flyers = sorted(mine)
                        flight_counts = [(free & w2m[s]).bit_count() for s in flyers]
                        nfl = sum(flight_counts)
                    n += nsw + nfl
            else:
                n = base
                ns = nsw = nfl = 0
            if n > 1 or not moved or hold:  # else the turn ends by itself
                k = next(draws) % n  # SplitMix64.below(n) (a rejection is the output's: playdraws)
                if k >= base:  # a step, attack, swim or flight
                    k -= base
                    left -= 1
                    if k < ns:
                        if s0 < 0:
                            for s in sorted(mine):  # the dinosaur of the k-th step, in board order
                                m = target & nbm[s]  # the spaces it may enter, in nb order (listed per island)
                                c = m.bit_count()
                                if k < c:
                                    break
                                k -= c
                        elif k < c0:
                            s, m = s0, m0
                        else:
                            s, m = s1, m1
                            k -= c0
                        u = enterable[s][m][k]
                        if occ[u] >= 0:
                            history.append((name, t.attack[s * size + u]))
                            state.steps = left
                            _attack(state, t, seat, s, u)
                            held = []
                            ready = False
                            break
                        history.append(step_move[s][u])
                        both = pairs[s][u]
                    elif k < ns + nsw:
                        j, k = divmod(k - ns, per_shore)
                        s, u = shore[j], _kth_bit(coast_free, k)
                        history.append((name, t.swim[s * size + u]))
                        both = bits[s] | bits[u]
                        state.flippers_used = True
                        special = wings and not state.wings_used
                        nsw = 0
                    else:
                        k -= ns + nsw
                        j = 0
                        while k >= flight_counts[j]:
                            k -= flight_counts[j]
                            j += 1
                        s = flyers[j]
                        u = _kth_bit(w2m[s] & free, k)
                        history.append((name, t.fly[s * size + u]))
                        both = bits[s] | bits[u]
                        state.wings_used = True
                        special = flippers and not state.flippers_used
                        nfl = 0
                    occ[s] = -1
                    occ[u] = seat
                    mine.remove(s)
                    mine.append(u)
                    target ^= both
                    free ^= both
                    if prey_mine:
                        prey ^= both
                    moved = True
                    continue
                if k:
                    state.steps = left
                    history.append((names[seat], cm[k - 1]))
                    play_card(state, t, cm[k - 1], seat)
                    held = []
                    ready = False
                    cards_left = -1
                    break
                history.append(en.done[seat])
            # movement.next_mover: the next turn (its points set), or the births after the last. The species' own
            # mask in `held` is not brought up to date: it is read only at the start of its turn.
            state.steps = left
            turn = state.turn + 1
            state.turn = turn
            if turn >= n_seats:  # birth.start_birth: one birth each and one more per Eggs gene; _births goes on
                state.phase = "birth"
                births = []
                for gs in genes:
                    births.append(1 + gs.get("eggs", 0))
                state.births_left = births
                state.birth_seat = None
                return free if ready else -1
            begin_turn(state, genes[state.order[turn]])
            fresh = True
            break
    return -1


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


def _births(state: State, t: Tables, en: Entries, stream: Draws, free: int) -> None:
    """Birth turns: 'skip', cards and births (birth.birth_moves' order), until survival begins.

    The free spaces are a bit mask while the births go on, so a baby's places are the free part of the union
    of its species' neighbourhoods, counted and walked in board order (the sorted order of birth_places);
    `free` is that mask as the movement phase just left it, or -1 (made when first needed).
    """
    draws = stream.outputs
    names = en.names
    history = state.history
    occ, pos, count, genes = state.occ, state.pos, state.count, state.genes
    born = t.birth
    nb = t.neighbors
    n_seats = state.n
    order, left, hand, fxs = state.order, state.births_left, state.hand, state.fx
    nbmask, w3mask = t.nbmask, t.w3mask
    birth_cards = timing_sets()["birth"]
    born0, bits = en.birth, t.bits
    nbytes = (t.size + 7) // 8  # a mask of spaces in bytes
    edition1 = state.config.edition < 2
    birth_names = timing_cards()["birth"]
    birth_open = -1  # whether a Birth card is not yet discarded (-1: to be found; a card played changes it)
    known = -1  # the places of the seat to decide, when the search for it has found them (-1: not known)
    searching = state.birth_seat is None  # the births begin here (the end of movement): their first seat to find
    while state.phase == "birth":
        if searching:  # birth.next_birth, written in: the next seat in initiative order with a birth left to breed
            searching = False
            rnd = state.round
            last = state.birth_seat
            i = -1 if last is None else order.index(last)  # the place in the order of the last birth turn
            remaining = sum(left)  # the births still to come (none below 0), taken here one by one
            while True:
                if not remaining:
                    start_survival(state, t)
                    break
                while True:  # from the one after the last birth turn, round the order
                    i += 1
                    if i == n_seats:
                        i = 0
                    seat = order[i]
                    if left[seat] > 0:
                        break
                state.birth_seat = seat
                if count[seat] < SUPPLY:
                    if free < 0:
                        free = t.full
                        for p in pos:
                            for s in p:  # (a loop: sum over a map costs more over a handful of dinosaurs)
                                free ^= bits[s]
                    g = genes[seat]
                    near_mask = w3mask if g.get("thick shell") or fxs[seat]["reach3"] else nbmask
                    places = 0
                    for s in pos[seat]:
                        places |= near_mask[s]
                    places &= free
                    if places:
                        if g.get("killer babies"):
                            break
                        if hand[seat] and not birth_cards.isdisjoint(hand[seat]):
                            known = places
                            break
                        # a plain birth and no card to play: decided here ('skip' or a place in board order)
                        n = 1 + places.bit_count()  # SplitMix64.below(n), written in
                        k = next(draws) % n  # SplitMix64.below(n) (a rejection is the output's: playdraws)
                        left[seat] -= 1
                        remaining -= 1
                        if k:  # _kth_place(places, k - 1, nbytes) written in: the call costs 0.4% of a playout
                            k -= 1
                            row = places.to_bytes(nbytes, "little").lstrip(b"\0")
                            u = (nbytes - len(row)) * 8
                            for lane in row:
                                if k < _BYTE_COUNT[lane]:
                                    break
                                k -= _BYTE_COUNT[lane]
                                u += 8
                            u += _BYTE_BITS[lane][k]
                            history.append(born0[seat][u])
                            occ[u] = seat
                            count[seat] += 1
                            pos[seat].append(u)
                            free ^= bits[u]
                        else:
                            history.append(en.skip[seat])
                        continue
                # no room, or every dinosaur out: still asked if it may hold a Birth card (cards.may_hold: from rules
                # edition 2 a Birth card not yet discarded, the same for every hand)
                if hand[seat]:
                    if edition1:
                        if may_hold(state, seat, "birth"):
                            break
                    else:
                        if birth_open < 0:
                            gone = state.discard
                            birth_open = 0
                            for card in birth_names:
                                if card not in gone:
                                    birth_open = 1
                                    break
                        if birth_open:
                            break
                if count[seat] >= SUPPLY and can_breed(state, t, seat):
                    break
                left[seat] -= 1
                remaining -= 1
            if state.round != rnd:  # a whole round ran by itself to the next births: the island has changed
                free = known = birth_open = -1
                order, left, fxs = state.order, state.births_left, state.fx
            continue
        at = state.birth_seat
        assert at is not None
        seat = at
        g = genes[seat]
        cm = NO_MOVES if not hand[seat] or birth_cards.isdisjoint(hand[seat]) else _card_moves(state, seat, en)
        shell = g.get("thick shell") or fxs[seat]["reach3"]
        mine = pos[seat]
        killer = False  # Killer Babies below the supply's end: place_list, attacks and prey, not options
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
                    for s in p:
                        free ^= bits[s]
            near_mask = w3mask if shell else nbmask
            places = 0
            for s in mine:
                places |= near_mask[s]
            places &= free
            fx = state.fx
            prey = t.full ^ free  # every dinosaur on the island, less its own and those no one may attack
            for s in mine:
                prey ^= bits[s]
            for o in range(n_seats):
                c = count[o]  # combat.attackable, written in
                if o != seat and not (c > 2 and not fx[o]["truce"] and not (c <= 3 and genes[o].get("regeneration"))):
                    for s in pos[o]:
                        prey ^= bits[s]
            place_list = []  # the places in board order, lowest bit first
            m = places
            while m:
                low = m & -m
                m ^= low
                place_list.append(low.bit_length() - 1)
            attacks = [(prey & nbmask[u]).bit_count() for u in place_list]
            n_places = len(place_list) + sum(attacks)  # per place: the birth, then one per attack from it
            killer = True
        elif count[seat] >= SUPPLY and not g.get("killer babies"):  # each dinosaur taken off, then its places
            if free < 0:
                free = t.full
                for p in pos:
                    for s in p:
                        free ^= bits[s]
            near_mask = w3mask if shell else nbmask
            per_place: list[tuple[int, int]] = []  # (the dinosaur taken off, the mask of the places then)
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
                    for s in p:
                        free ^= bits[s]
            near_mask = w3mask if shell else nbmask
            places = 0
            for s in mine:
                places |= near_mask[s]
            places &= free
            n_places = places.bit_count()
        n = 1 + len(cm) + n_places  # SplitMix64.below(n), written in: the same draws as draw_below
        k = next(draws) % n  # SplitMix64.below(n) (a rejection is the output's: playdraws)
        if 0 < k <= len(cm):
            history.append((names[seat], cm[k - 1]))
            play_card(state, t, cm[k - 1], seat)
            free = birth_open = -1
            order, left, fxs = state.order, state.births_left, state.fx  # (a card may end the phase, or the round)
            continue
        state.births_left[seat] -= 1
        if k == 0:
            history.append(en.skip[seat])
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
            while j > attacks[i]:
                j -= 1 + attacks[i]
                i += 1
            u = place_list[i]
            occ[u] = seat
            count[seat] += 1
            mine.append(u)
            if j == 0:
                history.append(born0[seat][u])
                free ^= 1 << u
            else:
                e = [e for e in nb[u] if prey >> e & 1][j - 1]
                where = state.board.names
                history.append((names[seat], Move("birth", where[u], "", where[e])))
                state.kill(e if combat.roll(state).wins != "never" else u, combat=True)
                free = -1
        elif not options:
            u = _kth_place(places, k - 1 - len(cm), nbytes)  # the free place drawn, in board order
            history.append(born0[seat][u])
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


def _kth_place(places: int, k: int, nbytes: int) -> int:
    """The space of the k-th set bit of a births' mask of `nbytes` bytes, from the lowest (board order) from 0:
    walked a byte at a time by the byte tables, past the empty low bytes (a place may be far up the island)."""
    row = places.to_bytes(nbytes, "little").lstrip(b"\0")
    u = (nbytes - len(row)) * 8
    for lane in row:
        here = _BYTE_COUNT[lane]
        if k < here:
            return u + _BYTE_BITS[lane][k]
        k -= here
        u += 8
    raise ValueError(f"a mask with fewer than {k + 1} places")  # the callers draw k below the mask's count


def _kth_bit(mask: int, k: int) -> int:
    """The space of the k-th set bit of a mask, counted from the lowest (board order) from 0."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _survival(state: State, t: Tables, en: Entries, stream: Draws) -> list[int] | None:
    """The species judged in initiative order (survival.next_survivor, written in) and their keeps (keep_moves'
    order), until the income and the next round; each species' spaces as masks then, if all were judged here.

    A species with a choice keeps its endangered dinosaurs one decision at a time; the fields of the survivor
    (survivor, kept, keep_target, keep_extra) are read when the phase is entered mid-way and written only if a
    decision cannot be made, since the next round resets them.
    """
    draws = stream.outputs
    history = state.history
    keeps = en.keep
    codes = t.ring_codes[state.wheel]
    hot, cold = t.ring_masks[state.wheel][1:3]  # (the deadly ring is counted as the rest of those in danger)
    bits = t.bits
    order, pos, count, genes, fxs, occ = state.order, state.pos, state.count, state.genes, state.fx, state.occ
    rec = state.record
    assert rec is not None
    lost, rec_lost = state.lost_climate, rec.lost_climate
    n_seats = state.n
    turn = state.turn
    seat = state.survivor
    whole = seat is None and turn == -1  # every species judged here: their masks are known at the end
    held = [0] * n_seats
    if seat is None:
        kept: list[int] = []
        target = extra = p1 = p2 = p3 = saved = 0
        danger: list[int] = []
    else:  # entered at a species' keeps: its choices so far
        kept = state.kept
        target, extra = state.keep_target, state.keep_extra
        saved = -1  # not known: the keeps go the general way
        _, p1, p2, p3 = protections(state, seat)
        danger = [s for s in sorted(pos[seat]) if codes[s] and s not in kept]
    while True:
        if seat is None:  # the next species in initiative order, passed over unless its player must choose
            turn += 1
            if turn >= n_seats:
                break
            seat = order[turn]
            mine = pos[seat]
            m = 0  # its spaces, counted per ring by their masks, and those in danger (a loop: a comprehension's
            danger = []  # call costs more over a handful of dinosaurs)
            for s in mine:
                m |= bits[s]
                if codes[s]:
                    danger.append(s)
            held[seat] = m
            in_danger = len(danger)
            if not in_danger:  # all in the ideal ring: none to judge
                seat = None
                continue
            c = count[seat]
            g = genes[seat]
            fx = fxs[seat]
            r1 = (m & hot).bit_count()
            r2 = (m & cold).bit_count()
            r3 = in_danger - r1 - r2
            p1 = g.get("thermoregulation", 0) + fx["thermo"]
            p2 = g.get("fur", 0) + fx["fur"]
            p3 = g.get("cave dweller", 0) + fx["cave"]
            if p1 < 0:
                p1 = 0
            if p2 < 0:
                p2 = 0
            if p3 < 0:
                p3 = 0
            saved = (p1 if p1 < r1 else r1) + (p2 if p2 < r2 else r2) + (p3 if p3 < r3 else r3)
            floor = 3 if g.get("regeneration") else 2
            if floor > c:
                floor = c
            extra = floor - (c - in_danger) - saved
            if extra < 0:
                extra = 0
            target = saved + extra
            if target == in_danger:  # every one saved (or none in danger)
                seat = None
                continue
            if target:  # else all of them die
                danger.sort()
                kept = []
        if target and not saved:  # no protection saves one: every keep costs one of the extra, all allowed
            keep_move = keeps[seat]
            for _ in range(target):
                n = len(danger)  # SplitMix64.below(n), written in
                history.append(keep_move[danger.pop(next(draws) % n)])
        elif target:
            keep_move = keeps[seat]
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
                    choices = []
                    for s in danger:
                        if allowed[codes[s]]:
                            choices.append(s)
                n = len(choices)  # SplitMix64.below(n), written in: the same draws as draw_below
                if n == 0:
                    state.turn, state.survivor, state.kept = turn, seat, kept
                    state.keep_target, state.keep_extra = target, extra
                    raise ValueError("a game that is not over offered no legal move")
                s = choices[next(draws) % n]
                history.append(keep_move[s])
                kept.append(s)
                danger.remove(s)
                used[codes[s]] += 1
                if len(kept) == target:
                    break
        if danger:  # survival.judge: the endangered dinosaurs not kept die, lost to the climate
            mine = pos[seat]
            h = held[seat]
            for s in danger:
                occ[s] = -1
                mine.remove(s)
                h ^= bits[s]
            held[seat] = h
            dead = len(danger)
            count[seat] -= dead
            lost[seat] += dead
            rec_lost[seat] += dead
        seat = None
        target = 0
    state.turn = turn
    state.kept = []
    income(state, t)
    return held if whole else None


# -- the compiled copy ends here (rules/core/native.py) --
# tools/build_native.py compiles this module (above the line) and playsteps.py with mypyc, about twice as fast;
# play_out runs that copy when it was built from these very sources (rules/core/native.py).
_COMPILED = native.compiled("evo", "python_play_out")
