"""The automatic steps between Evo's decisions, as the phase modules take them but without their events.

Random playouts (playout.py) play a decision and then run the game on to the next one through these: turn
ends, births, survival, income, the next round's climate and lab, the settling of the auction. Each names the
rule function it copies; the copies follow the rules editions of playout.FAST_EDITIONS, and
tests/test_evo_playout.py checks them against `State.apply` game by game. tools/build_native.py compiles this
module with playout.py (rules/core/native.py), so what is written here must be what mypyc compiles.
"""

from __future__ import annotations

from rules.evo import cards, data, movement
from rules.evo.moves import Move
from rules.evo.playtables import Tables, timing_cards, timing_sets
from rules.evo.shared import EVENT, METEORITE, SUPPLY, TOKEN_STEPS, new_record
from rules.evo.state import State


def attackable(c: int, fx: dict[str, int], genes: dict[str, int]) -> bool:
    """combat.attackable from a species' count, effects and genes."""
    return c > 2 and not fx["truce"] and not (genes.get("regeneration") and c <= 3)


def card_moves(state: State, seat: int, timing: str) -> list[Move]:
    """cards.card_moves, quickly empty when the hand holds no card of the phase's timing."""
    if timing_sets()[timing].isdisjoint(state.hand[seat]):
        return []
    return cards.card_moves(state, seat)


def may_hold(state: State, seat: int, timing: str) -> bool:
    """cards.may_hold: whether a player could hold a card of this timing, as everyone can tell."""
    if state.config.edition < 2:
        return cards.may_hold(state, seat, timing)
    if not state.hand[seat]:
        return False
    return not timing_sets()[timing].issubset(state.discard)  # some card of the timing not yet discarded


def window(state: State, timing: str) -> list[int]:
    """cards.window: from rules edition 2 whether a card of the timing may be held is the same for every hand."""
    if state.config.edition < 2:
        return cards.window(state, timing)
    gone = state.discard
    for c in timing_cards()[timing]:
        if c not in gone:
            hand = state.hand
            holders = []  # (a loop: a comprehension's call costs more over a handful of seats)
            for s in state.order:
                if hand[s]:
                    holders.append(s)
            return holders
    return []


def mutation(state: State, t: Tables) -> None:
    """auction.mutation: the lab filled from the bag (duplicates back at a random place), the bidding opened
    (its first bidder is found by playout._auction)."""
    genes: list[str] = []
    bag = state.bag
    need = state.n - 1
    while len(genes) < need:
        if not bag or (bag[0] in genes and all(g in genes for g in bag)):  # no new gene left in the bag
            break
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
    state.bidder = None  # found by playout._auction (auction.next_bidder, written in), which the auction goes to


def settle(state: State, t: Tables, last: bool) -> None:
    """auction.settle: the winners pay and take their items; then the initiative order, and the movement (whose
    first turn playout._movement finds) or Adrenaline Rush's initiative. `last`: whether the event column comes
    after the genes on the track (edition 5 on: auction.closed, as the auction found it)."""
    state.bidder = None
    rec = state.record
    assert rec is not None
    mp, genes, bids, lab, column_of, paid_by, bought = state.mp, state.genes, state.bids, state.lab, \
        state.column_of, rec.paid, rec.bought
    ncol = len(lab)
    column = [ncol + 1] * state.n  # per seat, its place on the track before the count (movement.places)
    for seat in state.order:
        col = column_of[seat]
        if col is None:
            continue
        column[seat] = ncol if last and col == 0 else col
        held = bids[col]
        assert held is not None
        g = genes[seat]
        paid = held[1] - g.get("alchemical vial", 0)
        if paid > 0:
            mp[seat] -= paid
            paid_by[seat] += paid
        item = lab[col]
        if item == EVENT:
            state.hand[seat].append(state.deck.pop(0))
            mp[seat] += data.edition_rules(state.config.edition).event_mp  # editions 4-5: 2 with the card
        else:
            g[item] = g.get(item, 0) + 1
        bought[seat] = item
    state.order = sorted(sorted(state.order, key=column.__getitem__), key=state.count.__getitem__)
    for g in genes:  # state.holder (a loop: any() over a generator or a map costs more)
        if g.get("adrenaline rush"):
            state.phase = "initiative"
            return
    state.phase = "movement"
    state.turn = -1  # its first turn found by playout._movement (movement.next_mover, written in)


def next_mover(state: State, t: Tables) -> None:
    """movement.next_mover with maybe_end_turn: the next turn with something to do, or the births."""
    while True:
        state.turn += 1
        if state.turn >= state.n:
            start_birth(state, t)
            return
        seat = state.order[state.turn]
        begin_turn(state, state.genes[seat])
        if can_act(state, t, seat):
            return


def begin_turn(state: State, g: dict[str, int]) -> None:
    """A Movement turn's start (movement.next_mover): its movement points from the mover's genes `g`, no
    flippers or wings used yet."""
    state.steps = 2 + g.get("legs", 0) + 2 * g.get("strong thighs", 0)
    state.flippers_used = state.wings_used = False


def can_act(state: State, t: Tables, seat: int) -> bool:
    """movement.can_act: a card that could be held, or a step, attack, swim or flight."""
    if state.hand[seat] and (cards.card_moves(state, seat) if state.config.edition < 2
                             else may_hold(state, seat, "movement")):
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
            if o != seat and attackable(count[o], fx[o], genes[o]):
                return True
    g = genes[seat]
    if (g.get("flippers") and not state.flippers_used) or (g.get("wings") and not state.wings_used):
        return any(m.kind != "done" for m in movement.step_moves(state, seat))
    return False


def start_birth(state: State, t: Tables) -> None:
    """birth.start_birth: one birth each and one more per Eggs gene."""
    state.phase = "birth"
    for s in range(state.n):
        state.births_left[s] = 1 + state.genes[s].get("eggs", 0)
    state.birth_seat = None
    next_birth(state, t, advance=True)


def next_birth(state: State, t: Tables, advance: bool) -> None:
    """birth.next_birth: round after round through the initiative order while births remain."""
    order, left, n = state.order, state.births_left, state.n
    while True:
        if advance:
            if not any(left):
                start_survival(state, t)
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
        if can_breed(state, t, seat):
            return
        left[seat] -= 1


def can_breed(state: State, t: Tables, seat: int) -> bool:
    """birth.can_breed: a Birth card that could be held, or a free space for a baby."""
    if state.hand[seat] and (cards.card_moves(state, seat) if state.config.edition < 2
                             else may_hold(state, seat, "birth")):
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


def start_survival(state: State, t: Tables) -> None:
    """survival.start_survival: the survival card window first, if anyone could hold a survival card."""
    state.birth_seat = None
    state.window = window(state, "survival")
    if state.window:
        state.phase = "survival-cards"
    else:
        after_survival_window(state, t)


def after_survival_window(state: State, t: Tables) -> None:
    """survival.after_survival_window: the species are judged."""
    state.phase = "survival"
    state.turn = -1
    state.survivor = None  # the species are judged by playout._survival, which stops where one must choose


def protections(state: State, seat: int) -> tuple[int, int, int, int]:
    """survival.protections by ring code (ideal 0, unused; hot 1, cold 2, deadly 3)."""
    fx, g = state.fx[seat], state.genes[seat]
    hot = g.get("thermoregulation", 0) + fx["thermo"]
    cold = g.get("fur", 0) + fx["fur"]
    deadly = g.get("cave dweller", 0) + fx["cave"]
    return 0, hot if hot > 0 else 0, cold if cold > 0 else 0, deadly if deadly > 0 else 0


def income(state: State, t: Tables) -> None:
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
    new_round(state, t)


def new_round(state: State, t: Tables) -> None:
    """climate.new_round: the climate token turns the wheel (or the meteorite ends the game), then the window."""
    state.reset_phase_fields()
    state.round += 1
    state.token = state.tokens.pop(0)
    state.revealed.append(state.token)
    state.record = new_record(state.round, state.token, state.wheel, state.mp)
    if state.token == METEORITE:
        finish(state)
        return
    state.token_move = TOKEN_STEPS[state.token]
    state.wheel = (state.wheel + state.token_move) % len(state.wheel_data.rings)
    state.record.wheel = state.wheel
    state.window = window(state, "climate")
    if state.window:
        state.phase = "climate"
    else:
        mutation(state, t)


def finish(state: State) -> None:
    """end.finish: everyone with the best points and dinosaurs wins."""
    names, mp, count = state.names, state.mp, state.count
    state.phase = "over"
    best = max((mp[s], count[s]) for s in range(state.n))
    state.winners_ = tuple(names[s] for s in range(state.n) if (mp[s], count[s]) == best)


def play_card(state: State, t: Tables, m: Move, seat: int) -> None:
    """cards.play without its events: the card's effect, then its window or turn goes on (as the copies above)."""
    name = m.a
    card = data.card_by_name()[name]
    state.hand[seat].remove(name)
    state.discard.append(name)
    cards.effect(state, card, m, seat)
    phase = state.phase
    if phase == "climate":
        if state.config.edition >= 2 and not may_hold(state, seat, "climate"):
            state.window.pop(0)  # nothing more they could play in this window: no pass to ask for
        if state.config.edition < 2 and state.climate_card_played:  # climate.after_climate_window
            state.window = []
        if not state.window:
            mutation(state, t)
    elif phase == "birth":
        next_birth(state, t, advance=False)
    elif phase == "movement" and not can_act(state, t, state.order[state.turn]):  # movement.maybe_end_turn
        next_mover(state, t)
