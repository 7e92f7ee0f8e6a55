"""Evo's birth phase: turns in initiative order, round after round, while anyone has births left.

A baby takes a free space next to one of its species (within three with Thick Shell or a card); with all
eight dinosaurs out, one is taken off for it; Killer Babies may attack a neighbour as they are born.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.evo import cards, combat, survival
from rules.evo.moves import Move
from rules.evo.shared import SUPPLY, Event

if TYPE_CHECKING:
    from rules.evo.state import State


def reach(state: State, seat: int) -> int:
    """How far from its species a baby may be born."""
    return 3 if state.gene(seat, "thick shell") or state.fx[seat]["reach3"] else 1


def birth_places(state: State, seat: int, removed: int | None = None) -> list[int]:
    """Free spaces a baby may take; `removed` is the dinosaur taken off when all eight are out."""
    r = reach(state, seat)
    occ = state.occ
    board = state.board
    spots: set[int] = set()
    for s in state.dinos(seat):
        if s == removed:
            continue
        near = board.neighbors[s] if r == 1 else board.within(s, r)
        spots.update(t for t in near if occ[t] < 0 and t != removed)
    return sorted(spots)


def birth_moves(state: State, seat: int) -> list[Move]:
    """Every birth a player may make now (not 'skip' nor cards)."""
    names = state.board.names
    froms: list[int | None] = list(state.dinos(seat)) if state.count[seat] >= SUPPLY else [None]
    out = []
    killer = bool(state.gene(seat, "killer babies"))
    for r in froms:
        source = "" if r is None else names[r]
        for t in birth_places(state, seat, r):
            out.append(Move("birth", names[t], source))
            if killer:
                for e in state.board.neighbors[t]:
                    o = state.occ[e]
                    if o >= 0 and o != seat and combat.attackable(state, o):
                        out.append(Move("birth", names[t], source, names[e]))
    return out


def birth_reason(state: State, m: Move, seat: int) -> str | None:
    """Why a Birth decision (not a card) is illegal now, or None."""
    if m.kind == "skip":
        return None
    if m.kind != "birth":
        return "Birth: 'birth SPACE', a card, or 'skip'"
    t = state.space(m.a)
    removed = None
    if state.count[seat] >= SUPPLY:
        if not m.b:
            return "all eight of your dinosaurs are out: write 'birth SPACE from SPACE' to move one"
        removed = state.space(m.b)
        if state.occ[removed] != seat:
            return f"you have no dinosaur on {m.b}"
    elif m.b:
        return "'from' is only for a player with all eight dinosaurs on the island"
    if t not in birth_places(state, seat, removed):
        near = "within three spaces of" if reach(state, seat) == 3 else "next to"
        return f"{m.a} is not a free space {near} one of your dinosaurs"
    if m.c:
        if not state.gene(seat, "killer babies"):
            return "attacking at birth needs Killer Babies"
        e = state.space(m.c)
        o = state.occ[e]
        if e not in state.board.neighbors[t] or o < 0 or o == seat:
            return f"{m.c} is not an enemy dinosaur next to {m.a}"
        if not combat.attackable(state, o):
            return f"{state.names[o]}'s species cannot be attacked now ({combat.protection(state, o)})"
    return None


def start_birth(state: State, ev: list[Event]) -> None:
    """Every player gets one birth and one more per Eggs gene."""
    state.phase = "birth"
    for s in range(state.n):
        state.births_left[s] = 1 + state.gene(s, "eggs")  # No More Youth, a Birth card, comes later
    state.birth_seat = None
    next_birth(state, ev, advance=True)


def next_birth(state: State, ev: list[Event], advance: bool) -> None:
    """The next birth turn: round after round through the initiative order, while births remain."""
    while True:
        if advance:  # else a card was just played on the current birth turn, which has its births still
            if not any(state.births_left):
                survival.start_survival(state, ev)
                return
            first = 0 if state.birth_seat is None else state.order.index(state.birth_seat) + 1
            for i in range(state.n):  # from the one after the last birth turn, round the order
                s = state.order[(first + i) % state.n]
                if state.births_left[s] > 0:
                    state.birth_seat = s
                    break
        advance = True
        assert state.birth_seat is not None
        if _can_breed(state, state.birth_seat):
            return
        state.births_left[state.birth_seat] -= 1


def _can_breed(state: State, seat: int) -> bool:
    """Whether a birth turn is asked: births are possible, or the player could hold a Birth card (not
    whether they do: a turn asked only of a holder would tell)."""
    if cards.card_moves(state, seat) if state.config.edition < 2 else cards.may_hold(state, seat, "birth"):
        return True
    if state.count[seat] < SUPPLY:
        return bool(birth_places(state, seat))
    return any(birth_places(state, seat, r) for r in state.pos[seat])


def birth(state: State, m: Move, seat: int, ev: list[Event]) -> None:
    """A birth (with its Killer Babies attack) or a skipped one; then the next birth turn."""
    state.births_left[seat] -= 1
    who = state.names[seat]
    if m.kind == "birth":
        if m.b:
            state.lift(state.space(m.b))
        t = state.space(m.a)
        state.put(t, seat)
        if m.c:
            e = state.space(m.c)
            face = combat.roll(state)
            if face.wins != "never":
                victim = state.names[state.occ[e]]
                state.kill(e, combat=True)
                ev.append(Event("die", f"die {face.name}: {who}'s killer baby on {m.a} kills {victim} on {m.c}"))
            else:
                state.kill(t, combat=True)
                ev.append(Event("die", f"die {face.name}: {who}'s killer baby on {m.a} dies"))
    next_birth(state, ev, advance=True)
