"""Evo's fights: who may be attacked, horns against horns on the combat die, and the chameleon's escape.

An attack is a Movement step (movement.py); Killer Babies fight at birth (birth.py) with the same die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.evo import data, movement
from rules.evo.moves import Move
from rules.evo.shared import Event

if TYPE_CHECKING:
    from rules.evo.state import State


def attackable(state: State, seat: int) -> bool:
    """The seed's protections: a species of two, Regeneration at three (and the Truce card)."""
    c = state.count[seat]
    return c > 2 and not state.fx[seat]["truce"] and not (state.gene(seat, "regeneration") and c <= 3)


def protection(state: State, seat: int) -> str:
    """What keeps a species from being attacked, in words."""
    if state.fx[seat]["truce"]:
        return "Truce"
    if state.count[seat] <= 2:
        return "a species of two"
    return "Regeneration at three"


def horns(state: State, seat: int, attacking: bool) -> int:
    """Horns in a fight: horn genes, Large Horn (+2 attacking), Bony Plates (+2 defending), cards."""
    h = state.gene(seat, "horns")
    if attacking:
        return h + 2 * state.gene(seat, "large horn") + state.fx[seat]["attack"]
    return h + 2 * state.gene(seat, "bony plates") + state.fx[seat]["defend"]


def roll(state: State) -> data.Face:
    """One throw of the combat die (a case may fix the throws)."""
    faces = data.die()
    if state.forced_dice:
        name = state.forced_dice.pop(0)
        return next(f for f in faces if f.name == name)
    return faces[state.rng.below(len(faces))]


def attack(state: State, m: Move, seat: int, s: int, t: int, ev: list[Event]) -> None:
    """The attacker on `s` fights the dinosaur on `t`; a win takes the space (unless a chameleon escapes)."""
    names = state.names
    o = state.occ[t]
    face = roll(state)
    a, d = horns(state, seat, True), horns(state, o, False)
    win = {"always": True, "never": False, "more": a > d, "equal-or-more": a >= d}[face.wins]
    ev.append(Event("die", f"die {face.name}: {names[seat]} {m.a} ({a} horns) against "
                           f"{names[o]} {m.b} ({d} horns), " + ("attacker wins" if win else "no effect")))
    if not win:
        movement.maybe_end_turn(state, ev)
        return
    if state.gene(o, "chameleon skin"):
        if escapes(state, t, s):
            state.chameleon = (o, t, s)
            state.phase = "chameleon"
            return
        ev.append(Event("combat", f"{names[o]}'s chameleon on {m.b} has no free space and dies"))
    state.kill(t, combat=True)
    state.lift(s)
    state.put(t, seat)
    movement.maybe_end_turn(state, ev)


def escapes(state: State, space: int, origin: int) -> list[int]:
    """Where a beaten chameleon may go: a free neighbour that is not the attacker's space."""
    return [t for t in state.board.neighbors[space] if state.occ[t] < 0 and t != origin]


def escape_moves(state: State) -> list[Move]:
    """The beaten chameleon's choices."""
    assert state.chameleon is not None
    _, space, origin = state.chameleon
    names = state.board.names
    return [Move("escape", names[t]) for t in escapes(state, space, origin)]


def escape_reason(state: State, m: Move) -> str | None:
    """Why a chameleon decision is illegal, or None."""
    if m.kind != "escape":
        return "your beaten dinosaur may escape: write 'escape SPACE'"
    assert state.chameleon is not None
    _, space, origin = state.chameleon
    t = state.space(m.a)
    if t not in escapes(state, space, origin):
        return f"{m.a} is not a free space next to {state.board.names[space]} (nor the attacker's space)"
    return None


def escape(state: State, m: Move, ev: list[Event]) -> None:
    """The chameleon moves away and the attacker takes its space; the Movement turn goes on."""
    assert state.chameleon is not None
    o, t, s = state.chameleon
    attacker = state.occ[s]
    dest = state.space(m.a)
    state.lift(t)
    state.put(dest, o)
    state.lift(s)
    state.put(t, attacker)
    state.chameleon = None
    state.phase = "movement"
    ev.append(Event("combat", f"{state.names[o]}'s chameleon escapes to {m.a}"))
    movement.maybe_end_turn(state, ev)
