"""Evo's initiative and movement phases: the order is set, then each player spends movement points in turn.

A step costs one point: a move to a free neighbour or an attack on an enemy one (combat.py); Flippers
swim once between coastal spaces, Wings fly once up to two spaces. A turn with nothing left but 'done'
ends by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.evo import birth, cards, combat, data
from rules.evo.moves import STEP_KINDS, Move
from rules.evo.shared import EVENT, Event

if TYPE_CHECKING:
    from rules.evo.state import State


def initiative(state: State, ev: list[Event]) -> None:
    """The new initiative order: fewest dinosaurs first, ties by lab column; Adrenaline Rush may then choose."""
    column = places(state)
    by_column = sorted(state.order, key=column.__getitem__)
    state.order = sorted(by_column, key=lambda s: state.count[s])
    ev.append(Event("initiative", "initiative: " + ", ".join(state.names[s] for s in state.order)))
    if state.holder("adrenaline rush") is not None:
        state.phase = "initiative"
    else:
        start_movement(state, ev)


def places(state: State) -> list[int]:
    """Per seat, the place of its lab column on the initiative track before the dinosaurs are counted: the
    columns' order, no column last; in rules edition 5 the event column after the genes (it held the first,
    and a holder then bid first again, took the card again and bought no gene)."""
    ncol = len(state.lab)
    last = data.edition_rules(state.config.edition).event_held and state.lab[:1] == [EVENT]
    return [ncol + 1 if c is None else ncol if last and c == 0 else c for c in state.column_of]


def take_initiative(state: State, place: int, seat: int, ev: list[Event]) -> None:
    """Adrenaline Rush: its holder takes a place on the initiative track, then movement starts."""
    state.order.remove(seat)
    state.order.insert(place - 1, seat)
    ev.append(Event("initiative", "initiative: " + ", ".join(state.names[s] for s in state.order)))
    start_movement(state, ev)


def start_movement(state: State, ev: list[Event]) -> None:
    """The movement phase begins with the first player in initiative order."""
    state.phase = "movement"
    state.turn = -1
    next_mover(state, ev)


def next_mover(state: State, ev: list[Event]) -> None:
    """The next Movement turn, or the births after the last."""
    state.turn += 1
    if state.turn >= state.n:
        birth.start_birth(state, ev)
        return
    seat = state.order[state.turn]
    state.steps = 2 + state.gene(seat, "legs") + 2 * state.gene(seat, "strong thighs")
    state.flippers_used = state.wings_used = False
    maybe_end_turn(state, ev)


def maybe_end_turn(state: State, ev: list[Event]) -> None:
    """A turn with nothing left but 'done' ends by itself."""
    if state.phase == "movement" and not _can_act(state, state.order[state.turn]):
        next_mover(state, ev)


def _can_act(state: State, seat: int) -> bool:
    """Whether a mover has anything to do but 'done' (the quick form of legal_moves() != [done]); a card
    in hand keeps the turn open whatever it is, so the way a turn ends does not tell what is held."""
    if cards.card_moves(state, seat) if state.config.edition < 2 else cards.may_hold(state, seat, "movement"):
        return True
    return state.steps >= 1 and _can_step(state, seat)


def _can_step(state: State, seat: int) -> bool:
    """Whether a mover with movement points left has a step, an attack, a swim or a flight."""
    occ = state.occ
    for s in state.pos[seat]:
        for t in state.board.neighbors[s]:
            o = occ[t]
            if o < 0 or (o != seat and combat.attackable(state, o)):
                return True
    return any(m.kind != "done" for m in step_moves(state, seat))  # neighbours all blocked: Wings or Flippers?


def step_moves(state: State, seat: int) -> list[Move]:
    """Every decision of a Movement turn: 'done', cards, and the steps the points left allow."""
    board = state.board
    names = board.names
    out = [Move("done")]
    out += cards.card_moves(state, seat)
    if state.steps > 0:
        mine = state.dinos(seat)
        occ = state.occ
        for s in mine:
            for t in board.neighbors[s]:
                o = occ[t]
                if o < 0:
                    out.append(Move("move", names[s], names[t]))
                elif o != seat and combat.attackable(state, o):
                    out.append(Move("attack", names[s], names[t]))
        if state.gene(seat, "flippers") and not state.flippers_used:
            coast = [t for t in range(board.size) if board.coastal[t] and occ[t] < 0]
            out += [Move("swim", names[s], names[t]) for s in mine if board.coastal[s] for t in coast]
        if state.gene(seat, "wings") and not state.wings_used:
            out += [Move("fly", names[s], names[t]) for s in mine for t in board.within(s, 2) if occ[t] < 0]
    return out


def step_reason(state: State, m: Move, seat: int) -> str | None:
    """Why a Movement decision (not a card) is illegal now, or None."""
    k = m.kind
    if k == "done":
        return None
    if k not in STEP_KINDS:
        return "Movement: move, attack, swim, fly, play a card, or 'done'"
    if state.steps < 1:
        return "you have no movement points left: 'done'"
    s, t = state.space(m.a), state.space(m.b)
    if state.occ[s] != seat:
        return f"you have no dinosaur on {m.a}"
    if k in ("move", "attack") and t not in state.board.neighbors[s]:
        return f"{m.b} is not next to {m.a}"
    if k == "attack":
        o = state.occ[t]
        if o < 0:
            return f"{m.b} is empty: use 'move {m.a} {m.b}'"
        if o == seat:
            return "you cannot attack your own species"
        if not combat.attackable(state, o):
            return f"{state.names[o]}'s species cannot be attacked now ({combat.protection(state, o)})"
        return None
    if state.occ[t] >= 0:
        return f"{m.b} is occupied" + (f": use 'attack {m.a} {m.b}'" if k == "move" else "")
    if k == "swim":
        if not state.gene(seat, "flippers"):
            return "swimming needs Flippers"
        if state.flippers_used:
            return "Flippers work once per Movement phase"
        if not (state.board.coastal[s] and state.board.coastal[t]):
            return "Flippers move between spaces that border the sea"
    if k == "fly":
        if not state.gene(seat, "wings"):
            return "flying needs Wings"
        if state.wings_used:
            return "Wings work once per Movement phase"
        if not 1 <= state.board.distance[s][t] <= 2:
            return f"{m.b} is more than two spaces from {m.a}"
    return None


def step(state: State, m: Move, seat: int, ev: list[Event]) -> None:
    """One step: a move, swim or flight, or an attack (combat.py)."""
    s, t = state.space(m.a), state.space(m.b)
    state.steps -= 1
    if m.kind == "swim":
        state.flippers_used = True
    elif m.kind == "fly":
        state.wings_used = True
    if m.kind == "attack":
        combat.attack(state, m, seat, s, t, ev)
        return
    state.lift(s)
    state.put(t, seat)
    maybe_end_turn(state, ev)
