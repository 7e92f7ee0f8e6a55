"""Random playouts of ExoFauna for search bots: uniform random decisions to the end, without checks or events.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over `moves =
state.legal_moves()` would (tests/test_playout.py and tests/test_exofauna_playout.py compare the two move for
move and state for state, from every position of whole games), and leaves the state as `apply` would have left
it, its history included. It is the rules of `State` written out once more in one loop, because a search bot
spends nearly all its time here: every decision is counted instead of listed, only the drawn move is looked up
(all moves are built once per design), the free and taken spaces of a hole come from tables indexed by a bit
mask of its taken spaces, the generator's draw is inlined (the same numbers as `SplitMix64.below`), and no
event is told. When a rule of `State` changes, this loop must change with it; the test says so at once.
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalMove
from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, TWO64, SplitMix64, draw_below
from rules.exofauna.data import Design
from rules.exofauna.moves import HAND, Move
from rules.exofauna.state import ADAPT, EMPTY, PDIS, SCAV, SWARM, TAKE, State, names_for

# the kinds of decision: two without a frame, then the frames on the playout's own stack; an Adaptation's frame
# is (its effect's kind, hole, space, organism). Numbered so that a comparison sorts them where the loop needs it.
ACTION, DISCARD4, F_PDIS, F_SCAV, F_SWARM, F_TAKE = -2, -1, 0, 1, 2, 3
F_ADAPT = AMBUSH, TUNNEL, GORGE, LURE, BROOD, DRIFT, SCURRY, HATCH = 4, 5, 6, 7, 8, 9, 10, 11  # HATCH last
KIND = dict(zip(("ambush", "tunnel", "gorge", "lure", "brood", "drift", "scurry", "hatch"), F_ADAPT, strict=True))

Spaces = tuple[int, ...]


class Tables:
    """Everything a playout looks up for one design: the moves, made once, and the spaces of a hole by mask."""

    def __init__(self, d: Design) -> None:
        """Build the tables; a hole's mask has bit s set when its space s is taken."""
        nm = names_for(d)
        size = len(d.spaces)
        cards = range(len(d.organisms) * len(d.colours))
        r = range(size)
        self.full = (1 << size) - 1
        most = max(len(cards) * 2, size) * size + 2  # more moves than any decision has (every card to every space)
        self.limits = tuple(TWO64 - TWO64 % n if n else 0 for n in range(most))  # below(n)'s rejection bounds
        self.plays = nm.plays
        self.discard = [Move("discard", c) for c in cards]
        self.draw = [Move("draw", -1, c) for c in (0, 1)]
        self.done, self.pass_, self.gorge = Move("done"), Move("pass"), Move("gorge")
        self.take = [[Move("take", -1, h, s) for s in r] for h in (0, 1)]
        self.ambush = [[Move("ambush", -1, h, s) for s in r] for h in (0, 1)]
        self.brood = [[Move("brood", -1, h, s) for s in r] for h in (0, 1)]
        self.tunnel = [[[Move("tunnel", -1, h, a, 1 - h, b) for b in r] for a in r] for h in (0, 1)]
        self.drift = [[[Move("drift", -1, h, a, 1 - h, b) for b in r] for a in r] for h in (0, 1)]
        # lure from hole o, space a: to space t of the other hole, or (index `size`) to the hand
        self.lure = [[[Move("lure", -1, o, a, 1 - o, t) for t in r] + [Move("lure", -1, o, a, -1, HAND)]
                      for a in r] for o in (0, 1)]
        masks = range(1 << size)
        self.free: list[Spaces] = [tuple(s for s in r if not m >> s & 1) for m in masks]
        self.taken: list[Spaces] = [tuple(s for s in r if m >> s & 1) for m in masks]
        # the neighbours of space s (in the design's order) that are free, or taken, in a hole of mask m
        self.near_free: list[list[Spaces]] = [[tuple(t for t in d.next_to[s] if not m >> t & 1) for m in masks]
                                              for s in r]
        self.near_taken: list[list[Spaces]] = [[tuple(t for t in d.next_to[s] if m >> t & 1) for m in masks]
                                               for s in r]
        # the frames a card played to (h, s) pushes: its Adaptation's, then its Instinct's (top last)
        self.push: list[list[list[tuple[tuple[int, ...], ...]]]] = []
        for o in d.organisms:
            per_hole: list[list[tuple[tuple[int, ...], ...]]] = []
            for h in (0, 1):
                per_space: list[tuple[tuple[int, ...], ...]] = []
                for s in r:
                    adapt: tuple[int, ...] = (KIND[o.effect], h, s, o.index)
                    if o.instinct == "swarming":
                        per_space.append((adapt, (F_SWARM,)))
                    elif o.instinct == "scavenger":
                        per_space.append((adapt, (F_SCAV, 0)))
                    else:
                        per_space.append((adapt, (F_PDIS,), (F_TAKE, h, s)))
                per_hole.append(per_space)
            self.push.append(per_hole)


_TABLES: dict[int, tuple[Design, Tables]] = {}


def tables_for(d: Design) -> Tables:
    """The playout tables of a design, built once (a few designs are kept: tests build their own)."""
    got = _TABLES.get(id(d))
    if got is None or got[0] is not d:
        if len(_TABLES) >= 4:
            _TABLES.clear()
        got = _TABLES[id(d)] = (d, Tables(d))
    return got[1]


def _to_frames(stack: list[tuple[Any, ...]], d: Design) -> list[tuple[int, ...]]:
    """The state's stack in the playout's own frames."""
    out: list[tuple[int, ...]] = []
    for f in stack:
        kind = f[0]
        if kind == ADAPT:
            out.append((KIND[d.organisms[f[3]].effect], f[1], f[2], f[3]))
        elif kind == SWARM:
            out.append((F_SWARM,))
        elif kind == SCAV:
            out.append((F_SCAV, f[1]))
        elif kind == PDIS:
            out.append((F_PDIS,))
        else:
            out.append((F_TAKE, f[1], f[2]))
    return out


def _from_frames(frames: list[tuple[int, ...]]) -> list[tuple[Any, ...]]:
    """The playout's frames back in the state's form."""
    out: list[tuple[Any, ...]] = []
    for f in frames:
        kind = f[0]
        if kind >= AMBUSH:
            out.append((ADAPT, f[1], f[2], f[3]))
        elif kind == F_SWARM:
            out.append((SWARM,))
        elif kind == F_SCAV:
            out.append((SCAV, f[1]))
        elif kind == F_PDIS:
            out.append((PDIS,))
        else:
            out.append((TAKE, f[1], f[2]))
    return out


def play_out(state: State, rng: SplitMix64) -> State:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    d = state.d
    tb = tables_for(d)
    plays, discard_m, draw_m, take_m = tb.plays, tb.discard, tb.draw, tb.take
    done_m, pass_m, gorge_m = tb.done, tb.pass_, tb.gorge
    free_t, taken_t, near_free, near_taken, push = tb.free, tb.taken, tb.near_free, tb.near_taken, tb.push
    full = tb.full
    hand_size, actions, goal = d.hand, d.actions, state.goal
    by_colour = state.by_colour
    hands, decks, holes = state.hands, state.decks, state.holes
    played = state.played
    claimed = state.claimed
    record = state.history.append
    occ = [sum(1 << s for s, c in enumerate(hole) if c != EMPTY) for hole in holes]
    stack = _to_frames(state.stack, d)
    me = state.turn_colour
    hand, who = hands[me], by_colour[me]
    turn, actions_used = state.turn, state.actions_used
    moves0 = len(state.history)
    discarding, action_open, over = state.discarding, state.action_open, state.over
    x = rng.state
    gold, mask, mix1, mix2, limits = GOLDEN, MASK, MIX1, MIX2, tb.limits
    cards: list[int] = []
    la: Spaces = ()
    lb: Spaces = ()
    h = s = o = ns = n0 = kind = 0
    try:
        while not over:
            # --- settle: run what needs no decision, up to the next decision and its number of moves `n`
            if discarding:
                kind = DISCARD4
                cards = sorted(set(hand))
                n = len(cards)
            elif stack:
                f = stack[-1]
                kind = f[0]
                if kind <= F_SCAV:  # F_PDIS or F_SCAV
                    cards = sorted(set(hand))
                    n = len(cards) + (kind == F_SCAV)  # and `done`
                elif kind == F_SWARM:
                    n = (1 if decks[0] else 0) + (1 if decks[1] else 0)
                elif kind == F_TAKE:
                    h = f[1]
                    la = near_taken[f[2]][occ[h]]
                    n = len(la)
                else:
                    _, h, s, org2 = f
                    org2 <<= 1
                    hole = holes[h]
                    n = 0
                    if hole.count(org2) + hole.count(org2 + 1) == 1:  # alone at its hole: it may adapt
                        o = 1 - h
                        if kind == AMBUSH:
                            la = taken_t[occ[h] & ~(1 << s)]
                            n = len(la)
                        elif kind == TUNNEL:
                            la, lb = taken_t[occ[h] & ~(1 << s)], taken_t[occ[o]]
                            ns = len(lb)
                            n = len(la) * ns
                        elif kind == GORGE:
                            n = 1 if decks[0] or decks[1] else 0
                        elif kind == LURE:
                            la, lb = taken_t[occ[o]], near_free[s][occ[h]]
                            ns = len(lb) + 1  # each neighbour, then the hand
                            n = len(la) * ns
                        elif kind == BROOD:
                            la = near_free[s][occ[h]] if decks[me] else ()
                            n = len(la)
                        elif kind == DRIFT:
                            la, lb = taken_t[occ[h] & ~(1 << s)], free_t[occ[o]]
                            ns = len(lb)
                            n = len(la) * ns
                        else:  # SCURRY to the other hole, HATCH next to it
                            cards = sorted(set(hand))
                            if kind == SCURRY:
                                la, n0 = free_t[occ[o]], o
                            else:
                                la, n0 = near_free[s][occ[h]], h
                            ns = len(la)
                            n = len(cards) * ns
                        if n:
                            n += 1  # and `pass`
                if n == 0:
                    stack.pop()
                    continue
            elif action_open:  # the Action has ended: full holes resolve, then it is counted
                action_open = False
                actions_used += 1
                if occ[0] == full or occ[1] == full:
                    for hh in (0, 1):
                        if occ[hh] == full:
                            _resolve(state, hh, turn)
                            occ[hh] = 0
                continue
            elif actions_used >= actions:  # the turn ends: draw or discard to the hand's size, then a win or a turn
                if len(hand) > hand_size:
                    discarding = True
                    continue
                if len(hand) < hand_size:
                    deck = decks[me]
                    k = hand_size - len(hand)
                    hand += deck[:k]
                    del deck[:k]
                won0, won1 = len(claimed[0]) >= goal, len(claimed[1]) >= goal
                if won0 or won1:
                    if won0 and won1:
                        state.turn = turn
                        win = state._first_to_goal()
                    else:
                        win = 0 if won0 else 1
                    over = True
                    state._winners = (by_colour[win],)
                    break
                if not any(hands) and not any(decks):
                    raise IllegalMove("no card is left in any hand or deck, so no turn can be played: a position no "
                                      "game reaches (the holes hold fewer cards than a game has)")
                me = 1 - me
                hand, who = hands[me], by_colour[me]
                turn += 1
                actions_used = 0
                continue
            elif not hand:  # an Action lost for want of a card
                actions_used += 1
                continue
            else:
                kind = ACTION
                cards = sorted(set(hand))
                la, lb = free_t[occ[0]], free_t[occ[1]]
                n0 = len(la)
                ns = n0 + len(lb)
                n = len(cards) * ns
                if n == 0:
                    raise ValueError("a game that is not over offered no legal move")
            # --- draw the move's index k: SplitMix64.below(n), inlined
            x = (x + gold) & mask
            z = ((x ^ (x >> 30)) * mix1) & mask
            z = ((z ^ (z >> 27)) * mix2) & mask
            z ^= z >> 31
            if z >= limits[n]:  # rejected (about once in 2**58 draws): draw again
                x, k = draw_below(x, n)
            else:
                k = z % n
            # --- do it
            if kind == ACTION:
                c = cards[k // ns]
                j = k % ns
                if j < n0:
                    ph, ps = 0, la[j]
                else:
                    ph, ps = 1, lb[j - n0]
                record((who, plays[c][ph][ps]))
                action_open = True
                hand.remove(c)
                holes[ph][ps] = c  # the card lands; its Adaptation and then its Instinct wait on the stack
                occ[ph] |= 1 << ps
                played[c >> 1] += 1
                stack += push[c >> 1][ph][ps]
            elif kind <= F_PDIS or (kind == F_SCAV and k < n - 1):  # DISCARD4 or F_PDIS, or a Scavenger's discard
                c = cards[k]
                record((who, discard_m[c]))
                hand.remove(c)
                decks[me].append(c)
                if kind == DISCARD4:
                    discarding = len(hand) > hand_size
                else:
                    f = stack.pop()
                    if kind == F_SCAV:
                        stack.append((F_SCAV, f[1] + 1))
            elif kind == F_SCAV:  # done: draw what was discarded, plus 1
                record((who, done_m))
                f = stack.pop()
                deck = decks[me]
                j = f[1] + 1
                hand += deck[:j]
                del deck[:j]
            elif kind == F_TAKE:
                t = la[k]
                record((who, take_m[h][t]))
                stack.pop()
                hole = holes[h]
                hand.append(hole[t])
                hole[t] = EMPTY
                occ[h] &= ~(1 << t)
            elif kind == F_SWARM:
                c = k if n == 2 else (0 if decks[0] else 1)
                record((who, draw_m[c]))
                stack.pop()
                hand.append(decks[c].pop(0))
            else:  # an Adaptation's frame
                stack.pop()
                if k == n - 1:
                    record((who, pass_m))
                elif kind >= SCURRY:  # SCURRY or HATCH
                    c = cards[k // ns]
                    ph, ps = n0, la[k % ns]
                    record((who, plays[c][ph][ps]))
                    hand.remove(c)
                    holes[ph][ps] = c
                    occ[ph] |= 1 << ps
                    played[c >> 1] += 1
                    stack += push[c >> 1][ph][ps]
                elif kind == AMBUSH:
                    t = la[k]
                    record((who, tb.ambush[h][t]))
                    hole = holes[h]
                    decks[me].append(hole[t])
                    hole[t] = EMPTY
                    occ[h] &= ~(1 << t)
                elif kind == TUNNEL:
                    a, b = la[k // ns], lb[k % ns]
                    record((who, tb.tunnel[h][a][b]))
                    hole, other = holes[h], holes[o]
                    hole[a], other[b] = other[b], hole[a]
                elif kind == LURE:
                    a, j = la[k // ns], k % ns
                    hole, other = holes[o], holes[h]
                    card = hole[a]
                    hole[a] = EMPTY
                    occ[o] &= ~(1 << a)
                    if j == ns - 1:
                        record((who, tb.lure[o][a][-1]))
                        hand.append(card)
                    else:
                        t = lb[j]
                        record((who, tb.lure[o][a][t]))
                        other[t] = card
                        occ[h] |= 1 << t
                elif kind == DRIFT:
                    a, b = la[k // ns], lb[k % ns]
                    record((who, tb.drift[h][a][b]))
                    hole, other = holes[h], holes[o]
                    other[b] = hole[a]
                    hole[a] = EMPTY
                    occ[h] &= ~(1 << a)
                    occ[o] |= 1 << b
                elif kind == BROOD:
                    ph, ps = h, la[k]
                    record((who, tb.brood[h][ps]))
                    c = decks[me].pop(0)
                    holes[ph][ps] = c
                    occ[ph] |= 1 << ps
                    played[c >> 1] += 1
                    stack += push[c >> 1][ph][ps]
                else:  # GORGE
                    record((who, gorge_m))
                    for c in (0, 1):
                        if decks[c]:
                            hand.append(decks[c].pop(0))
    finally:
        rng.state = x
        state.seq += len(state.history) - moves0
        state.turn, state.actions_used, state.turn_colour = turn, actions_used, me
        state.discarding, state.action_open, state.over = discarding, action_open, over
        state.stack = _from_frames(stack)
        state._legal = None
    return state


def _resolve(state: State, h: int, turn: int) -> None:
    """A full hole resolves as `State._resolve` does it, without its events (`turn` is the playout's turn)."""
    d = state.d
    hole = state.holes[h]
    yellow = sum(c & 1 for c in hole)
    counts = (len(hole) - yellow, yellow)
    colour = state.hole_colour[h]
    winner = max((0, 1), key=lambda k: (counts[k], k == colour))  # more Organisms; on a tie, the hole's colour
    state.claimed[winner].append(colour)
    state.claimed_cards.append(state.hole_card[h])
    decks = state.decks
    for c in hole:  # each Organism to the bottom of its colour's deck, clockwise from the first space
        decks[c & 1].append(c)
    hole[:] = [EMPTY] * len(hole)
    state.resolutions.append({"hole": d.holes[h], "colour": d.colours[colour], "blue": counts[0],
                              "yellow": counts[1], "claimed_by": state.by_colour[winner],
                              "tie": counts[0] == counts[1], "turn": turn})
    loser = 1 - winner
    card = decks[loser].pop(0) if decks[loser] else decks[winner].pop(0)
    state.hole_card[h] = card
    state.hole_colour[h] = card & 1
