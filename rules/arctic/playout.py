"""Random playouts of Arctic for search bots: uniform random decisions to the end, without checks or events.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py and tests/test_arctic_playout.py compare the two
move for move and state for state). A search bot spends nearly all its time here, so the loop keeps the
turn's counters in local variables, counts the decisions of each step in the order `legal_moves` lists them
and builds only the drawn one, carries out the moves and the automatic steps (`ArcticState.play`, `_settle`
and the steps they call) itself without telling events, draws from the SplitMix64 stream inline, and writes
everything back into the state at the end, history included. A change to the rules in state.py must be
made here too; the tests above fail until it is.
"""

from __future__ import annotations

from rules.arctic.cards import COMP, DATA, DRAW, LANDSCAPE, MAIN, PLACE, SET_SIZE, WILD
from rules.arctic.moves import DECK, PENALTY, SKIP, Move
from rules.arctic.scoring import Score, score_player
from rules.arctic.state import BEAR, FOX, LIMIT, MOOSE, ORCA, PUFFIN, RIVER, WALRUS, A, ArcticState, B
from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, TWO64, SplitMix64, draw_below

PHASES = ("place", "tokens", "walrus", "draw", "discard", "over")  # the loop's phase numbers, in order
PH_PLACE, PH_TOKENS, PH_WALRUS, PH_DRAW, PH_DISCARD, PH_OVER = range(6)
PHASE_OF = {name: i for i, name in enumerate(PHASES)}
FIRST_PLACEMENT = DATA.first_placement
# the rejection bound of SplitMix64.below(n) for every n a decision can have: at most every card of the largest
# game in hand, each placed three ways (the fox) or swapped for each river card (the puffin), and a few more
BOUNDS = tuple(TWO64 - TWO64 % n if n else 0 for n in range(SET_SIZE * DATA.max_players * (3 + RIVER) + 8))
TOP = len(LANDSCAPE) - 1  # the far edge of the landscape (the near one is 0)
# what the drawn number picks among, per kind of decision
PICK_PLACE, PICK_PRE, PICK_TOKEN, PICK_WALRUS, PICK_RIVER, PICK_DISCARD = range(6)
NONE: list[Move] = []  # (no extra decisions; never changed)
WALRUS_STEPS = {(True, True): (-1, 1, 0), (True, False): (-1, 0), (False, True): (1, 0), (False, False): (0,)}


PrePlace = tuple[list[Move], int, list[Move]]
NO_POWERS: PrePlace = ([], 0, [])  # (never changed)


def pre_place(me: int, n: int, holders: list[int], sides: tuple[int, ...], used: int, target: int,
              hand: list[int], river: list[int], pile: list[int], penalty: list[int]) -> PrePlace:
    """The powers usable before the first card is placed, in the order of `ArcticState._pre_place`, in three parts.

    (the moose's moves, how many puffin swaps, the puffin's move back and the bear's moves): the swaps of
    every hand card for every river card are counted, not listed (`pre_place_move` builds the drawn one).
    """
    head: list[Move] = []
    swaps = 0
    tail: list[Move] = []
    if holders[MOOSE] == me and sides[MOOSE] == B and not used >> MOOSE & 1:
        head.append(("moose", 1, 0))
        if target >= 1:
            head.append(("moose", -1, 0))
    if holders[PUFFIN] == me and not used >> PUFFIN & 1:
        if sides[PUFFIN] == A:
            swaps = len(hand) * len(river)
        elif pile and pile[-1] < WILD:
            tail.append(("back", 0, 0))
    if holders[BEAR] == me and sides[BEAR] == B and not used >> BEAR & 1 and penalty:
        tail += [("bear", s, 0) for s in range(n) if s != me]
    return head, swaps, tail


def sum_parts(pre: PrePlace) -> int:
    """How many moves `pre_place`'s three parts hold."""
    return len(pre[0]) + pre[1] + len(pre[2])


def pre_place_move(j: int, pre: PrePlace, hand: list[int], river: list[int]) -> Move:
    """The j-th move of `pre_place`'s three parts."""
    head, swaps, tail = pre
    if j < len(head):
        return head[j]
    j -= len(head)
    if j < swaps:
        return ("swap", hand[j // len(river)], river[j % len(river)])
    return tail[j - swaps]


def draw_extras(me: int, n: int, holders: list[int], sides: tuple[int, ...], used: int, orca_on: bool,
                bear_on: bool, taken: int, target: int, river: list[int], draw: list[int],
                penalty: list[int]) -> list[Move] | None:
    """The draw step's decisions after the takes from the river, in the order of `ArcticState.legal_moves`.

    None when no card can be taken at all (the turn goes on to the discard step, as in `_settle`).
    """
    orca_b = holders[ORCA] == me and sides[ORCA] == B and (not used >> ORCA & 1 or orca_on)
    bear_a = holders[BEAR] == me and sides[BEAR] == A and (not used >> BEAR & 1 or bear_on)
    if not (river or (draw and orca_b) or (penalty and bear_a)):
        return None
    out: list[Move] = []
    if orca_b and draw:
        out.append(("take", DECK, 0))
    if bear_a and penalty:
        out.append(("take", PENALTY, 0))
    if taken == 0:
        if holders[MOOSE] == me and sides[MOOSE] == A and not used >> MOOSE & 1:
            out.append(("moose", 1, 0))
            if target >= 1:
                out.append(("moose", -1, 0))
        if holders[ORCA] == me and sides[ORCA] == A and not used >> ORCA & 1:
            out.append(("orca", 0, 0))
    if holders[BEAR] == me and sides[BEAR] == B and not used >> BEAR & 1 and penalty:
        out += [("bear", s, 0) for s in range(n) if s != me]
    return out


def play_out(state: ArcticState, rng: SplitMix64) -> ArcticState:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    if state.over:
        return state
    if state.phase not in PHASE_OF:
        raise ValueError("a game that is not over offered no legal move")
    x = rng.state
    n, names, first, sides = state.n, state.names, state.first, state.sides
    side_fox, side_moose, side_walrus, side_orca, side_bear = (sides[a] for a in (FOX, MOOSE, WALRUS, ORCA, BEAR))
    hands, piles, penalties, river = state.hands, state.piles, state.penalties, state.river
    tokens, holders, totems = state.tokens, state.holders, state.totems
    history = state.history
    record = history.append
    final: list[Score] | None = None
    me, ph, rnd = state.current, PHASE_OF[state.phase], state.round
    place_base, place_adj, placed = state.place_base, state.place_adj, state.placed
    draw_adj, taken, used, vis = state.draw_adj, state.taken, state.used, state.vis
    orca_on, bear_on, passed = state.orca_on, state.bear_on, state.passed
    end_triggered, drawn, final_round = state.end_triggered, state.drawn, state.final_round
    draw, reserve = state.draw, state.reserve
    seq0, moves0 = state.seq, len(history)
    hand, pile, name = hands[me], piles[me], names[me]
    pre = NO_POWERS
    extras: list[Move] | None = None  # the draw step's decisions besides the river's (None: not known yet)
    m = nm = wt = npre = 0
    steps: tuple[int, ...] = ()
    while True:
        # the automatic steps up to the next decision (ArcticState._settle), which sets `pick` and `count`
        if ph == PH_PLACE:
            target = place_base + place_adj
            if target < 0:
                target = 0
            if placed < target and hand:
                nm = len(hand)
                m = 1
                if holders[FOX] == me and not used & 1 and (target - placed == 1 or nm == 1) and pile:
                    if side_fox != A:
                        m, steps = 2, (0, 2)
                    elif pile[-1] < WILD:
                        m, steps = 2, (0, 1)
                nm *= m
                count = nm
                if placed == 0 and (holders[PUFFIN] == me or (holders[MOOSE] == me and side_moose == B)
                                    or (holders[BEAR] == me and side_bear == B)):  # (the powers used before placing)
                    pre = pre_place(me, n, holders, sides, used, target, hand, river, pile, penalties[me])
                    count += len(pre[0]) + pre[1] + len(pre[2])
                pick = PICK_PLACE
            elif placed == 0 and not passed and (holders[PUFFIN] == me or (holders[MOOSE] == me and side_moose == B)
                                                 or (holders[BEAR] == me and side_bear == B)) and (
                    npre := sum_parts(pre := pre_place(me, n, holders, sides, used, target, hand, river, pile,
                                                       penalties[me]))):
                count = npre + 1  # and skip
                pick = PICK_PRE
            else:  # ArcticState._finish_placing
                short = target - placed
                if short > 0:
                    penalty = penalties[me]
                    for _ in range(short):
                        if draw:
                            drawn = True
                            penalty.append(draw.pop())
                vis = pile[-1] if pile and pile[-1] < WILD else -1
                if vis >= 0:
                    holders[MAIN[vis]] = me
                ph = PH_TOKENS
                passed = False
                continue
        elif ph == PH_TOKENS:
            if vis < 0:
                ph, extras = PH_DRAW, None
                continue
            mn, cp = MAIN[vis], COMP[vis]
            tm, tp = tokens[mn], tokens[cp]
            em, ep = tm == 0 or tm == TOP, tp == 0 or tp == TOP
            if em or ep:  # ArcticState._move_tokens: the edges inward first, no choice
                if em and ep:
                    tokens[mn], tokens[cp] = (1 if tm == 0 else TOP - 1), (1 if tp == 0 else TOP - 1)
                elif em:
                    d = 1 if tm == 0 else -1
                    tokens[mn], tokens[cp] = tm + d, tp - d
                else:
                    d = 1 if tp == 0 else -1
                    tokens[mn], tokens[cp] = tm - d, tp + d
                ph = PH_WALRUS
                continue
            count = 2
            pick = PICK_TOKEN
        elif ph == PH_WALRUS:
            if vis >= 0 and holders[WALRUS] == me and not used >> WALRUS & 1 and not passed:
                wt = MAIN[vis] if side_walrus == A else COMP[vis]
                t = tokens[wt]
                steps = WALRUS_STEPS[t > 0, t < TOP]
                count = len(steps)
                pick = PICK_WALRUS
            else:
                ph, extras = PH_DRAW, None
                passed = False
                continue
        elif ph == PH_DRAW:
            target = (DRAW[vis] if vis >= 0 else FIRST_PLACEMENT) + draw_adj
            if final_round or taken >= target:
                ph = PH_DISCARD
                continue
            count = len(river)
            if extras is None:  # known again after each power, the first take and the river's last card
                if holders[ORCA] != me and holders[BEAR] != me and (holders[MOOSE] != me or side_moose != A):
                    extras = NONE  # no power of the player's own for this step: the takes from the river are all
                else:
                    extras = draw_extras(me, n, holders, sides, used, orca_on, bear_on, taken, target, river,
                                         draw, penalties[me])
                    if extras is None:
                        ph = PH_DISCARD
                        continue
            count += len(extras)
            if not count:
                ph = PH_DISCARD
                continue
            pick = PICK_RIVER
        elif ph == PH_DISCARD:
            if len(hand) > LIMIT and not final_round:
                count = len(hand)
                pick = PICK_DISCARD
            else:  # ArcticState._end_turn: refill the river, pass the turn, close the round or the game
                if not final_round:
                    while len(river) < RIVER:
                        if not draw:
                            if not end_triggered:
                                end_triggered = True
                                draw = reserve + draw  # the reserve goes under what is left
                                reserve = []
                            if not draw:
                                break
                        drawn = True
                        river.append(draw.pop())
                nxt = me + 1 if me + 1 < n else 0
                if nxt == first:
                    if not drawn and not end_triggered:  # a round without a draw: the end (decision 18)
                        end_triggered = True
                        draw = reserve + draw
                        reserve = []
                    drawn = False
                    if final_round:
                        ph = PH_OVER
                        final = [score_player(piles[s], len(penalties[s]), totems[s], tokens) for s in range(n)]
                        break
                    rnd += 1
                    if end_triggered:
                        final_round = True
                me = nxt  # ArcticState._begin_turn
                hand, pile, name = hands[me], piles[me], names[me]
                place_base = PLACE[pile[-1]] if pile and pile[-1] < WILD else FIRST_PLACEMENT
                place_adj = placed = draw_adj = taken = used = 0
                orca_on = bear_on = passed = False
                vis = -1
                ph = PH_PLACE
                continue
        else:  # pragma: no cover - the phases are checked on the way in
            raise ValueError("a game that is not over offered no legal move")

        # the decision: SplitMix64.below(count), inline
        x = (x + GOLDEN) & MASK
        z = ((x ^ (x >> 30)) * MIX1) & MASK
        z = ((z ^ (z >> 27)) * MIX2) & MASK
        z ^= z >> 31
        if z < BOUNDS[count]:
            k = z % count
        else:  # a draw from the incomplete last block: drawn again
            x, k = draw_below(x, count)

        if pick == PICK_RIVER:
            if k < len(river):
                c = river[k]
                if not orca_on or side_orca != A:  # (the orca's A side refills the river after each take)
                    record((name, ("take", c, 0)))
                    del river[k]
                    hand.append(c)
                    taken += 1
                    if extras and (taken == 1 or not river):  # the moose's and orca's A sides are gone, or
                        extras = None  # no card may be left to take
                    continue
                mv: Move = ("take", c, 0)
            else:
                assert extras is not None
                mv = extras[k - len(river)]
        elif pick == PICK_PLACE:
            if k < nm:
                if m == 1:
                    c = hand[k]
                    del hand[k]
                    record((name, ("place", c, 0)))
                    pile.append(c)
                else:
                    i = k >> 1
                    c = hand[i]
                    del hand[i]
                    mode = steps[k & 1]
                    record((name, ("place", c, mode)))
                    if mode == 0:
                        pile.append(c)
                    elif mode == 1:  # the fox's A side: under the visible card, face down
                        pile.insert(len(pile) - 1, c + WILD)
                        used |= 1 << FOX
                    else:  # the fox's B side: at the bottom
                        pile.insert(0, c)
                        used |= 1 << FOX
                placed += 1
                continue
            mv = pre_place_move(k - nm, pre, hand, river)
        elif pick == PICK_DISCARD:
            c = hand[k]
            del hand[k]
            record((name, ("discard", c, 0)))
            penalties[me].append(c)
            continue
        elif pick == PICK_TOKEN:
            d = -1 if k == 0 else 1
            tokens[mn], tokens[cp] = tm + d, tp - d
            record((name, ("token", k, mn)))
            ph = PH_WALRUS
            continue
        elif pick == PICK_WALRUS:
            d = steps[k]
            if d:
                tokens[wt] += d
                used |= 1 << WALRUS
                record((name, ("walrus", d, 0)))
            else:
                record((name, SKIP))
            passed = True
            continue
        else:  # PICK_PRE
            if k == npre:
                record((name, SKIP))
                passed = True
                continue
            mv = pre_place_move(k, pre, hand, river)

        # a power (ArcticState.play): the rare decisions
        record((name, mv))
        kind, arg = mv[0], mv[1]
        if kind == "take":
            if arg == DECK:  # the orca's B side
                hand.append(draw.pop())
                drawn = True
                used |= 1 << ORCA
                orca_on = True
            elif arg == PENALTY:  # the polar bear's A side
                hand.append(penalties[me].pop())
                used |= 1 << BEAR
                bear_on = True
            else:  # from the river, which the orca's A side refills (ArcticState._refill)
                river.remove(arg)
                hand.append(arg)
                while len(river) < RIVER:
                    if not draw:
                        if not end_triggered:
                            end_triggered = True
                            draw = reserve + draw
                            reserve = []
                        if not draw:
                            break
                    drawn = True
                    river.append(draw.pop())
            taken += 1
        elif kind == "moose":
            if ph == PH_PLACE:
                place_adj += arg
            else:
                draw_adj += arg
            used |= 1 << MOOSE
        elif kind == "bear":  # the polar bear's B side: a penalty card to another player
            penalties[arg].append(penalties[me].pop())
            used |= 1 << BEAR
        elif kind == "swap":  # the puffin's A side
            hand.remove(arg)
            river[river.index(mv[2])] = arg
            hand.append(mv[2])
            used |= 1 << PUFFIN
        elif kind == "back":  # the puffin's B side: the visible card back to the hand
            hand.append(pile.pop())
            place_base = PLACE[pile[-1]] if pile and pile[-1] < WILD else FIRST_PLACEMENT
            used |= 1 << PUFFIN
        else:  # the orca's A side
            orca_on = True
            used |= 1 << ORCA
        extras = None  # (the draw step's power moves change with it)

    # the locals back into the state
    state.current, state.phase, state.round = me, PHASES[ph], rnd
    state.place_base, state.place_adj, state.placed = place_base, place_adj, placed
    state.draw_adj, state.taken, state.used, state.vis = draw_adj, taken, used, vis
    state.orca_on, state.bear_on, state.passed = orca_on, bear_on, passed
    state.end_triggered, state.drawn, state.final_round = end_triggered, drawn, final_round
    state.draw, state.reserve = draw, reserve
    state.seq = seq0 + len(history) - moves0
    state.over, state.final = True, final
    state._events = []  # (the events of the last move applied before: nobody reads them)
    rng.state = x
    return state
