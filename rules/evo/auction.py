"""Evo's mutation phase: genes drawn into the lab, then the auction, where an outbid player bids again at once.

Bids go in initiative order; each player ends on one column or none. When everyone is placed, the winners
pay (Alchemical Vial takes one off) and take their gene or event card, and initiative is set (movement.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rules.evo import data, movement
from rules.evo.moves import Move
from rules.evo.shared import EVENT, MAX_BID, Event

if TYPE_CHECKING:
    from rules.evo.state import State


@lru_cache(maxsize=1)
def columns() -> list[str]:
    """Every name a lab column can have: the event card and every gene."""
    return [EVENT, *data.normal_genes(), *data.unique_genes()[0]]


def mutation(state: State, ev: list[Event]) -> None:
    """Fill the lab (the event card while the deck lasts, and one gene fewer than players) and open the bidding."""
    genes: list[str] = []
    returned: list[str] = []
    while len(genes) < state.n - 1 and any(g not in genes for g in state.bag):
        g = state.bag.pop(0)
        if g in genes:
            state.bag.insert(state.rng.below(len(state.bag) + 1), g)
            returned.append(g)
        else:
            genes.append(g)
    state.lab = ([EVENT] if state.deck else []) + genes
    state.bids = [None] * len(state.lab)
    state.outbid = [0] * state.n
    text = f"lab: {', '.join(state.lab) if state.lab else 'empty'}"
    if returned:
        text += f" (drawn again, duplicates back in the bag: {', '.join(returned)})"
    ev.append(Event("lab", text))
    state.phase = "auction"
    state.unplaced = list(state.order)
    state.bidder = None
    next_bidder(state, ev)


def next_bidder(state: State, ev: list[Event]) -> None:
    """The next player to bid (one who cannot is passed over), or the settling once everyone is placed."""
    while True:
        if state.bidder is None:  # the next in initiative order (an outbid player re-bids at once instead)
            if not state.unplaced:
                settle(state, ev)
                return
            state.bidder = state.unplaced.pop(0)
            state.outbid[state.bidder] = 0
        if can_bid(state, state.bidder):
            return
        ev.append(Event("auction", f"{state.names[state.bidder]} cannot bid on any column and gets nothing"))
        state.bidder = None


def open_columns_only(state: State) -> bool:
    """Rules edition 3, two players, first round: a bid goes on a column nobody has bid on (no outbidding).

    Measured (issue 30): with outbidding, the second to bid in the first auction won 64-66% of two-player
    games (it outbids the first on the column both want); without it in the first round, 50%. With more
    players the same rule
    hands the first bidder the pick of the lab (3 players: 51%), so it is for two players only."""
    return state.config.edition >= 3 and state.n == 2 and state.round == 1


def closed(state: State, col: int) -> bool:
    """Whether a column with a bid takes no more: in the first round of a two-player game (edition 3 on) every
    one; in rules edition 5 the event column, whose first bid holds it.

    Measured (issue 30): outbid like a gene's column, the event card's worth was bid away, and a player
    who insisted on it won 0.0% of three-player games (edition 4); data/evo/README.md, "Rules edition 5"."""
    if state.bids[col] is None:
        return False
    return open_columns_only(state) or (state.lab[col] == EVENT and data.edition_rules(state.config.edition).event_held)


def can_bid(state: State, seat: int) -> bool:
    """Whether a bidder has any legal bid (the quick form of legal_moves() != [])."""
    top = min(MAX_BID, state.mp[seat] + state.gene(seat, "alchemical vial"))
    return any(not state.outbid[seat] >> c & 1 and (1 if held is None else held[1] + 1) <= top
               and not closed(state, c) for c, held in enumerate(state.bids))


def bid_moves(state: State, seat: int) -> list[Move]:
    """Every bid a player may make now."""
    top = min(MAX_BID, state.mp[seat] + state.gene(seat, "alchemical vial"))
    out: list[Move] = []
    for c, item in enumerate(state.lab):
        if state.outbid[seat] >> c & 1 or closed(state, c):
            continue
        held = state.bids[c]
        low = 1 if held is None else held[1] + 1
        out += [Move("bid", item, n=amount) for amount in range(low, top + 1)]
    return out


def bid_reason(state: State, m: Move, seat: int) -> str | None:
    """Why a bid is illegal now, or None."""
    if m.a not in state.lab:
        return f"{m.a} is not in the lab this round (columns: {', '.join(state.lab)})"
    col = state.lab.index(m.a)
    if state.outbid[seat] >> col & 1:
        return (f"you were outbid on {m.a} in this auction: re-bid on a different column"
                " (you may return to it in a later round)")
    if not 1 <= m.n <= MAX_BID:
        return f"a bid is 1 to {MAX_BID}"
    held = state.bids[col]
    if held is not None and open_columns_only(state):
        return (f"{m.a} already holds a bid: in the first round of a two-player game (rules edition 3) "
                "bid on a column nobody has bid on")
    if held is not None and closed(state, col):
        return (f"{state.names[held[0]]} holds the event column: in rules edition {state.config.edition} "
                "nobody outbids its first bid (bid on a gene)")
    if held is not None and m.n <= held[1]:
        return f"{m.a} holds a bid of {held[1]}: bid more (at most {MAX_BID})"
    if cost(state, seat, m.n) > state.mp[seat]:
        return f"a bid of {m.n} costs {cost(state, seat, m.n)} and you have {state.mp[seat]} mutation points"
    return None


def cost(state: State, seat: int, amount: int) -> int:
    """What a bid costs its player: Alchemical Vial pays one mutation point of every bid."""
    return max(0, amount - state.gene(seat, "alchemical vial"))


def bid(state: State, m: Move, seat: int, ev: list[Event]) -> None:
    """Place a bid; the player it outbids bids again at once."""
    col = state.lab.index(m.a)
    held = state.bids[col]
    state.bids[col] = (seat, m.n)
    state.column_of[seat] = col
    state.bidder = None
    if held is not None:
        loser = held[0]
        state.column_of[loser] = None
        ev.append(Event("auction", f"{state.names[loser]} is outbid on {m.a} and bids again"))
        state.bidder = loser
        if state.config.edition < 2:  # rules edition 1: barred from the column just lost only
            state.outbid[loser] = 1 << col
        else:  # "May return to original column in later rounds": not in this one
            state.outbid[loser] |= 1 << col
    next_bidder(state, ev)


def settle(state: State, ev: list[Event]) -> None:
    """The winning bids pay and take their items, in initiative order; then initiative is set.

    Rules edition 4: the event column's winner also gains the mutation points of data/evo/rules-4.toml (2),
    since a player who always took the event card won 0.0% of three-player games (issue 30)."""
    state.bidder = None
    assert state.record is not None
    names = state.names
    for seat in state.order:
        col = state.column_of[seat]
        if col is None:
            continue
        held = state.bids[col]
        assert held is not None
        paid = cost(state, seat, held[1])
        state.mp[seat] -= paid
        state.record.paid[seat] += paid
        item = state.lab[col]
        who = names[seat]
        if item == EVENT:
            state.hand[seat].append(state.deck.pop(0))
            bonus = data.edition_rules(state.config.edition).event_mp
            state.mp[seat] += bonus
            ev.append(Event("buy", f"{who} pays {paid} for an event card"
                                   + (f" and gains {bonus} mutation points with it" if bonus else ""), who))
        else:
            state.genes[seat][item] = state.genes[seat].get(item, 0) + 1
            ev.append(Event("buy", f"{who} pays {paid} for {item}", who))
        state.record.bought[seat] = item
    movement.initiative(state, ev)
