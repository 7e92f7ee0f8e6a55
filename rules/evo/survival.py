"""Evo's survival phase and the round's income: the climate kills dinosaurs outside the ideal ring.

Each species is judged in initiative order. Thermoregulation, Fur and Cave Dweller (and cards) save one
dinosaur each in their ring; a species never falls below two (three with Regeneration). Where the player
has a choice of whom to save, they `keep` them one by one. Then every player scores a mutation point per
dinosaur and the next round begins (climate.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.evo import cards, climate
from rules.evo.moves import Move
from rules.evo.shared import Event

if TYPE_CHECKING:
    from rules.evo.state import State


def start_survival(state: State, ev: list[Event]) -> None:
    """The survival card window first, if anyone could hold a survival card."""
    state.birth_seat = None
    state.window = cards.window(state, "survival")
    if state.window:
        state.phase = "survival-cards"
    else:
        after_survival_window(state, ev)


def after_survival_window(state: State, ev: list[Event]) -> None:
    """Once the window is closed, the species are judged."""
    if state.window:
        return
    state.phase = "survival"
    state.turn = -1
    state.survivor = None
    next_survivor(state, ev)


def protections(state: State, seat: int) -> dict[str, int]:
    """How many dinosaurs each ring's protection saves: thermoregulation, fur, cave dweller (with cards)."""
    fx = state.fx[seat]
    return {"hot": max(0, state.gene(seat, "thermoregulation") + fx["thermo"]),
            "cold": max(0, state.gene(seat, "fur") + fx["fur"]),
            "deadly": max(0, state.gene(seat, "cave dweller") + fx["cave"])}


def endangered(state: State, seat: int) -> list[int]:
    """A player's dinosaurs outside the ideal ring."""
    return [s for s in state.dinos(seat) if state.ring(s) != "ideal"]


def _excess(state: State, kept: list[int], seat: int) -> int:
    prot = protections(state, seat)
    used = {"hot": 0, "cold": 0, "deadly": 0}
    for s in kept:
        used[state.ring(s)] += 1
    return sum(max(0, used[r] - prot[r]) for r in used)


def keep_moves(state: State, seat: int) -> list[Move]:
    """The endangered dinosaurs the player may still choose to save."""
    names = state.board.names
    return [Move("keep", names[s]) for s in endangered(state, seat)
            if s not in state.kept and _excess(state, state.kept + [s], seat) <= state.keep_extra]


def keep_reason(state: State, m: Move, seat: int) -> str | None:
    """Why a Survival decision is illegal now, or None."""
    if m.kind != "keep":
        return "Survival: choose a dinosaur to save with 'keep SPACE'"
    s = state.space(m.a)
    if s not in endangered(state, seat):
        return f"{m.a} is not one of your dinosaurs in danger"
    if s in state.kept:
        return f"{m.a} is already kept"
    if _excess(state, state.kept + [s], seat) > state.keep_extra:
        return f"you have no protection left for a dinosaur on {state.board.terrain[s]}"
    return None


def keep(state: State, m: Move, seat: int, ev: list[Event]) -> None:
    """Save one dinosaur; with the last one chosen, the species is judged and the next one comes."""
    state.kept.append(state.space(m.a))
    if len(state.kept) == state.keep_target:
        judge(state, seat, ev)
        next_survivor(state, ev)


def next_survivor(state: State, ev: list[Event]) -> None:
    """Judge each species in initiative order; stop where a player must choose whom to save."""
    while True:
        state.turn += 1
        if state.turn >= state.n:
            income(state, ev)
            return
        seat = state.order[state.turn]
        state.survivor = seat
        state.kept = []
        danger = endangered(state, seat)
        c = state.count[seat]
        # no one in danger: nothing to keep; Regeneration at exactly three: its floor of three keeps them all
        prot = protections(state, seat)
        by_ring = {r: sum(1 for s in danger if state.ring(s) == r) for r in ("hot", "cold", "deadly")}
        saved = sum(min(prot[r], by_ring[r]) for r in by_ring)
        floor = min(3 if state.gene(seat, "regeneration") else 2, c)
        ideal = c - len(danger)
        state.keep_extra = max(0, floor - ideal - saved)
        state.keep_target = saved + state.keep_extra
        if state.keep_target in (0, len(danger)):
            state.kept = danger if state.keep_target else []
            judge(state, seat, ev)
            continue
        return


def judge(state: State, seat: int, ev: list[Event]) -> None:
    """The endangered dinosaurs not kept die."""
    dead = [s for s in endangered(state, seat) if s not in state.kept]
    for s in dead:
        state.kill(s, combat=False)
    if dead:
        ev.append(Event("survival", f"{state.names[seat]} loses {', '.join(state.board.names[s] for s in dead)} "
                                    "to the climate"))
    state.kept = []


def income(state: State, ev: list[Event]) -> None:
    """A mutation point per dinosaur on the island; the round is recorded and the next begins."""
    state.survivor = None
    rec = state.record
    assert rec is not None
    rec.income = list(state.count)
    for s in range(state.n):
        state.mp[s] += state.count[s]
    rec.mp_after = list(state.mp)
    state.rounds.append(rec)
    ev.append(Event("income", f"round {state.round} income: " + ", ".join(
        f"{state.names[s]} +{state.count[s]} = {state.mp[s]}" for s in range(state.n))))
    ev.append(Event("round-end", "", log=False))
    climate.new_round(state, ev)
