"""Random playouts of Fauna: random bots' placements, evaluations and upkeep to the end, in one loop, without events.

`random_rounds(state, bases, after_round)` plays the game on as random bots would whose seat streams are `bases`
(each decision drawn exactly as `RandomBot.choose` draws it from `decision_rng`) and `State.apply` would record
it, and leaves the state as `apply` would have left it, its history included. It is the rules of `State`
(placement, next player, evaluation, upkeep, the next round) written out once more in one loop, because
simulations, the benchmark and search spend nearly all their time here. Until someone passes (rarely: one
decision in about 135), a round's order of moves is known from the hands, so it is looked up (`_plan`) and the
first draw of every one of its decisions is taken at once (`first_draws`); history entries are made once per
kind of card and table of players; no event is told. When a rule of `State` changes, this loop must change with
it; tests/test_fauna_playout.py (from every position of whole games, and the rare branches) and
tests/test_bots.py compare the two.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from struct import Struct

from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, TWO64
from rules.fauna.game import REFILL_TO, State
from rules.fauna.judge import LOST, PLACED, Spots
from rules.fauna.moves import PASS, Move

DECISION_STEP = 0xD1B54A32D192ED03  # rules/fauna/bots.py's: spaces the decision streams of successive moves
LANE_BITS = 128  # a draw's lane in a batch: 64 bits of state, and room for its products and sums below the next
LANE_BYTES = LANE_BITS // 8


class _Batch:
    """The constants of a batch of `m` draws: 2**64 - 1, 1 and t * DECISION_STEP in each lane t; its struct."""

    def __init__(self, m: int) -> None:
        ones = sum(1 << (LANE_BITS * t) for t in range(m))
        self.mask = MASK * ones
        self.ones = ones
        self.steps = sum((t * DECISION_STEP) << (LANE_BITS * t) for t in range(m))
        self.unpack = Struct("<" + f"Q{LANE_BYTES - 8}x" * m).unpack
        self.size = LANE_BYTES * m
        self.all = (self.mask, self.ones, self.steps, self.unpack, self.size)  # all at once, for the playout


_BATCHES: list[_Batch] = []


def first_draws(lanes: int, m: int, step: int) -> tuple[int, ...]:
    """The first output of each move's decision stream, for moves step, step + 1 ... of the seats of `lanes`.

    Lane t of `lanes` holds the seat's decision start (its stream's state plus GOLDEN), below 2**64;
    its move's stream starts `step + t * DECISION_STEP` further on. SplitMix64's output function is applied to
    all lanes of one big integer at once: each lane is LANE_BITS wide, so a sum or a product by a 64-bit
    constant stays inside its lane, and each shift's spill from the next lane is masked off before it can
    matter. The same numbers as `SplitMix64.next` on each stream, for a fraction of the integer operations.
    """
    while len(_BATCHES) <= m:
        _BATCHES.append(_Batch(len(_BATCHES)))
    pm, ones, steps, unpack, size = _BATCHES[m].all
    s = (lanes + (step & MASK) * ones + steps) & pm
    z = ((s ^ (s >> 30)) & pm) * MIX1 & pm
    z = ((z ^ (z >> 27)) & pm) * MIX2 & pm
    z ^= z >> 31  # (what this leaves above a lane's 64 bits, the unpacking skips)
    return unpack(z.to_bytes(size, "little"))


def random_rounds(state: State, bases: Sequence[int], after_round: Callable[[State], object]) -> State:
    """Play the game to its end with a random bot of seat stream `bases[seat]` in every seat.

    `after_round(state)` is called after each evaluation, with the state as `State.evaluate` leaves it (it may
    raise to stop a game that runs away; the state is then the one after that evaluation).
    """
    if state.over:
        return state
    names = state.names
    n = len(names)
    nxt = tuple(range(1, n)) + (0,)  # the next seat clockwise
    ring = tuple(tuple((p + i) % n for i in range(n)) for p in range(n))  # the seats clockwise from each
    starts = tuple((b + GOLDEN) & MASK for b in bases)  # a seat's decision's draw state, less the move's step
    plans = _PLANS
    entries = _entries(state)
    lane_of = tuple(s.to_bytes(LANE_BYTES, "little") for s in starts).__getitem__  # a seat's start as a lane
    join = b"".join
    passes = tuple((name, PASS) for name in names)  # the history's entry of each seat's pass
    history = state.history
    record = history.append
    recorded = len(history) - state.seq  # the move number is the history's length less this
    hand, stock, score, tally = state.hand, state.stock, state.score, state.tally
    judge, box, goal = state.judge, state.box, state.goal
    card, owner, round_spots = state.card, state.owner, state.round_spots
    passed, placed = state.passed, state.placed
    cur = state.to_move_index
    ended = False  # the round's placements are over
    fresh = False  # the round has only begun (not known of a position given)
    if not hand[cur]:  # a position set up with an empty hand to move: the bot passes (RandomBot.pick_spot)
        j = _pass(record, passes, cur, nxt, passed, hand)
        ended = j < 0
        cur = cur if ended else j
    while True:
        # -- placements, from the player to move until nobody is left in the round -------------------------
        spots = card.spots
        hit = entries.get(id(spots))
        if hit is not None and hit[0] is spots:
            rows = hit[1]
        else:
            if len(entries) >= MAX_SPOTS:
                entries.clear()
            rows = tuple(tuple((name, m) for m in spots.moves) for name in names)
            entries[id(spots)] = (spots, rows)
        n_spots = len(owner)
        take = round_spots.append
        owner.append(n)  # a taken spot past the last: the pass's draw, so that one test finds a free spot
        while not ended:
            # Until someone passes, the seats take turns clockwise from `cur`, each while it holds a piece: the
            # order of the round's moves is known, and so the first draw of every decision, drawn all at once.
            # A seat's first turn of the round allows no pass (unless it placed before); its later ones do.
            if fresh:  # a round's start: nobody placed or passed yet, so the hands say it all
                key: tuple[object, ...] = (cur, n_spots, tuple(hand))
                fresh = False
            else:
                key = (cur, n_spots, tuple(hand), tuple(placed), tuple(passed))
            plan = plans.get(key)
            if plan is None:
                if len(plans) >= MAX_PLANS:
                    plans.clear()
                plan = plans[key] = _plan(cur, n_spots, ring, hand, placed, passed)
            seats, order, totals, limits = plan
            lanes = int.from_bytes(join(map(lane_of, order)), "little")
            draws = first_draws(lanes, len(order), (len(history) - recorded + 1) * DECISION_STEP)
            done = len(round_spots)
            for cur, z, total, limit in zip(order, draws, totals, limits, strict=True):  # RandomBot.pick_spot
                if z < limit:
                    k = z % total
                    if owner[k] < 0:
                        record(rows[cur][k])
                        owner[k] = cur
                        take(k)
                        continue
                else:
                    k = -1
                if k != n_spots:  # the draw was rejected or the spot is taken: draw again from the same stream
                    s = (starts[cur] + (len(history) - recorded + 1) * DECISION_STEP) & MASK
                    while True:
                        s = (s + GOLDEN) & MASK
                        z = ((s ^ (s >> 30)) * MIX1) & MASK
                        z = ((z ^ (z >> 27)) * MIX2) & MASK
                        z ^= z >> 31
                        if z < limit:
                            k = z % total
                            if owner[k] < 0 or k == n_spots:
                                break
                    if k < n_spots:
                        record(rows[cur][k])
                        owner[k] = cur
                        take(k)
                        continue
                # a pass: the pieces placed so far leave their hands, and the order from here on is another
                for p in order[:len(round_spots) - done]:
                    hand[p] -= 1
                    placed[p] += 1
                j = _pass(record, passes, cur, nxt, passed, hand)
                ended = j < 0
                cur = cur if ended else j
                break
            else:  # every piece placed: every hand in the round is empty
                for p in seats:
                    placed[p] += hand[p]
                    hand[p] = 0
                ended = True
        owner.pop()
        ended = False
        # -- evaluation (State.evaluate) --------------------------------------------------------------------
        in_hand = hand[:]
        points, sources = card.points, card.sources
        for k in round_spots:
            pts = points[k]
            if pts > 0:
                p = owner[k]
                score[p] += pts
                hand[p] += 1
                tally[p][sources[k]] += pts
        state._last = (card, round_spots, owner)
        for p in range(n):
            count = placed[p]
            if count:
                lost = count - (hand[p] - in_hand[p])
                t = tally[p]
                t[PLACED] += count
                t[LOST] += lost
                stock[p] += lost
        state.seq = len(history) - recorded
        if max(score) >= goal:
            state.to_move_index = cur  # the seat that moved last
            passed[:] = [True] * n  # nobody is left in the round: State.next_player marked the empty hands passed
            state.round_spots = []
            state.over = True
            best = max(score)
            state.winners = tuple(name for name, points in zip(names, score, strict=True) if points == best)
            after_round(state)
            return state
        for p in range(n):  # the upkeep: a piece back from the stock, then the hand refilled to three from it
            left = stock[p]
            if left:
                h = hand[p] + 1
                left -= 1
                if h < REFILL_TO:
                    r = REFILL_TO - h if REFILL_TO - h < left else left
                    h += r
                    left -= r
                hand[p], stock[p] = h, left
        # -- the next round (State._next_round, State._begin_round) ----------------------------------------
        cur = state.start = state.start + 1 if state.start + 1 < n else 0
        state.round += 1
        state.card_pos += 1
        card = state.card = judge.card(box.card(state.card_pos))
        owner = state.owner = [-1] * len(card.points)
        fresh = True
        round_spots = state.round_spots = []
        passed = state.passed = [False] * n
        placed = state.placed = [0] * n
        state.to_move_index = cur
        after_round(state)


Plan = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_PLANS: dict[tuple[object, ...], Plan] = {}
MAX_PLANS = 20_000  # plans kept (hands of a few pieces each make a few thousand)


def _plan(cur: int, n_spots: int, ring: tuple[tuple[int, ...], ...], hand: list[int], placed: list[int],
          passed: list[bool]) -> Plan:
    """The moves of the rest of a round in which nobody passes, from seat `cur`, on a card of `n_spots` spots.

    (the seats in the round, the seat of each move, the number of choices of each move's decision and its draw's
    rejection bound): each seat in turn places while it holds a piece; a seat's first turn of the round allows
    no pass unless it placed before, its later ones do.
    """
    seats = tuple(p for p in ring[cur] if not passed[p] and hand[p])  # (an empty hand is passed on its turn)
    order = tuple(p for r in range(max(hand[p] for p in seats)) for p in seats if hand[p] > r)
    n_pass = n_spots + 1
    totals = tuple([n_pass if placed[p] else n_spots for p in seats] + [n_pass] * (len(order) - len(seats)))
    limits = tuple(TWO64 - TWO64 % total for total in totals)
    return seats, order, totals, limits


Rows = tuple[tuple[tuple[str, Move], ...], ...]  # per seat, per spot: the history's entry of that placement
Entries = dict[int, tuple[Spots, Rows]]  # by the id of the Spots (which hash by value: slow) and the Spots
MAX_SPOTS = 256  # kinds of card (by their open scales) whose history entries are kept per table of players
MAX_TABLES = 16  # tables of players whose history entries are kept per setup


def _entries(state: State) -> Entries:
    """The history entries of the state's players by kind of card, seat and spot: (player, move), made once.

    Shared, they cost a playout no new tuple per move, which also spares the garbage collector the walk over
    the young tuples it would otherwise make every few hundred moves.
    """
    by_names: dict[tuple[str, ...], Entries] = state.setup.memo.setdefault("playout.entries", {})
    names = tuple(state.names)
    found = by_names.get(names)
    if found is None:
        if len(by_names) >= MAX_TABLES:
            by_names.clear()
        found = by_names[names] = {}
    return found


def _pass(record: Callable[[tuple[str, Move]], None], passes: tuple[tuple[str, Move], ...], cur: int,
          nxt: tuple[int, ...], passed: list[bool], hand: list[int]) -> int:
    """Seat `cur` passes (recorded, out of the round); the next seat still in the round, -1 when none is."""
    record(passes[cur])
    passed[cur] = True
    return _next_in_round(cur, nxt, passed, hand)


def _next_in_round(cur: int, nxt: tuple[int, ...], passed: list[bool], hand: list[int]) -> int:
    """State.next_player without events: the next seat clockwise still in the round (-1: none), passing empty hands."""
    j = cur
    for _ in nxt:
        j = nxt[j]
        if passed[j]:
            continue
        if hand[j] == 0:
            passed[j] = True
            continue
        return j
    return -1
