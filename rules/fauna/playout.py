"""Random playouts of Fauna: random bots' placements, evaluations and upkeep to the end, in one loop, without events.

`random_rounds(state, bases, after_round)` plays the game on as random bots would whose seat streams are `bases`
(each decision drawn exactly as `RandomBot.choose` draws it from `decision_rng`) and `State.apply` would record
it, and leaves the state as `apply` would have left it, its history included. It is the rules of `State`
(placement, next player, evaluation, upkeep, the next round) written out once more in one loop, because
simulations, the benchmark and search spend nearly all their time here: the generator's draw is inlined, no
event is told, and a round's lists are made once. When a rule of `State` changes, this loop must change with it;
tests/test_fauna_playout.py (from every position of whole games) and tests/test_bots.py compare the two.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, TWO64
from rules.fauna.game import REFILL_TO, State
from rules.fauna.judge import LOST, PLACED
from rules.fauna.moves import PASS

DECISION_STEP = 0xD1B54A32D192ED03  # rules/fauna/bots.py's: spaces the decision streams of successive moves


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
    starts = tuple((b + GOLDEN) & MASK for b in bases)  # a seat's first draw's state, less the move's step
    passes = tuple((name, PASS) for name in names)  # the history's entry of each seat's pass
    history = state.history
    record = history.append
    recorded = len(history) - state.seq  # the move number is the history's length less this
    hand, stock, score, tally = state.hand, state.stock, state.score, state.tally
    judge, box, goal = state.judge, state.box, state.goal
    card, owner, round_spots = state.card, state.owner, state.round_spots
    passed, placed = state.passed, state.placed
    cur = state.to_move_index
    step = (state.seq + 1) * DECISION_STEP  # of the next move's decision stream
    ended = False  # the round's placements are over
    if not hand[cur]:  # a position set up with an empty hand to move: the bot passes (RandomBot.pick_spot)
        record(passes[cur])
        passed[cur] = True
        step += DECISION_STEP
        j = _next_in_round(cur, nxt, passed, hand)
        if j < 0:
            ended = True
        else:
            cur = j
    while True:
        # -- placements, from the player to move until nobody is left in the round -------------------------
        moves = card.spots.moves
        n_spots = len(owner)
        limit_place, limit_pass = TWO64 - TWO64 % n_spots, TWO64 - TWO64 % (n_spots + 1)
        take = round_spots.append
        while not ended:  # the player to move holds a piece: RandomBot.pick_spot on decision_rng, drawn in place
            if placed[cur]:
                total, limit = n_spots + 1, limit_pass
            else:
                total, limit = n_spots, limit_place
            s = (starts[cur] + step) & MASK
            step += DECISION_STEP
            while True:
                z = ((s ^ (s >> 30)) * MIX1) & MASK
                z = ((z ^ (z >> 27)) * MIX2) & MASK
                z ^= z >> 31
                if z < limit:
                    k = z % total
                    if k == n_spots:
                        record(passes[cur])
                        passed[cur] = True
                        break
                    if owner[k] < 0:
                        record((names[cur], moves[k]))
                        owner[k] = cur
                        take(k)
                        hand[cur] -= 1
                        placed[cur] += 1
                        break
                s = (s + GOLDEN) & MASK
            j = nxt[cur]
            if not passed[j] and hand[j]:  # State.next_player, the usual case
                cur = j
                continue
            j = _next_in_round(cur, nxt, passed, hand)
            if j < 0:
                break
            cur = j
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
        round_spots = state.round_spots = []
        passed = state.passed = [False] * n
        placed = state.placed = [0] * n
        state.to_move_index = cur
        after_round(state)


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
