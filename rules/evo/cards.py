"""Evo's event cards: who is asked in a card window, which cards may be played when, and what each one does.

Cards are played in four windows: after the climate token (climate), on a Movement turn, on a Birth turn,
and before Survival. Who is asked must not tell what anyone holds (see may_hold).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.evo import birth, climate, data, movement
from rules.evo.moves import Move
from rules.evo.shared import Event

if TYPE_CHECKING:
    from rules.evo.state import State

PHASE_TIMING = {"climate": "climate", "survival-cards": "survival", "movement": "movement", "birth": "birth"}
TIMING_PHASE = {"climate": "climate", "survival": "survival-cards", "movement": "movement", "birth": "birth"}


def may_hold(state: State, seat: int, timing: str) -> bool:
    """Whether a player could hold a card of this timing, as everyone can tell: cards in hand, and not every
    card of that timing discarded. Windows and turn ends ask this, never the hand itself, which would tell.
    In rules edition 1 (logs recorded before this rule) they asked the hand: whether it holds such a card."""
    if state.config.edition < 2:
        return any(data.card_by_name()[c].timing == timing for c in state.hand[seat])
    if not state.hand[seat]:
        return False
    gone = state.discard
    return any(c.timing == timing and c.name not in gone for c in data.cards())


def window(state: State, timing: str) -> list[int]:
    """A card window's players in initiative order: everyone who could hold a card of its timing."""
    return [s for s in state.order if may_hold(state, s, timing)]


def card_moves(state: State, seat: int) -> list[Move]:
    """The cards a player may play now, with every target."""
    want = PHASE_TIMING.get(state.phase)
    out: list[Move] = []
    for name in sorted(set(state.hand[seat])):
        card = data.card_by_name()[name]
        if card.timing == want:
            out += plays(card, state.names, seat)
    return out


def plays(card: data.Card, names: list[str], seat: int) -> list[Move]:
    """The moves that play one card, with every target: each opponent in seat order, or each direction."""
    if card.target == "opponent":
        return [Move("play", card.name, names[o]) for o in range(len(names)) if o != seat]
    if card.target == "direction":
        return [Move("play", card.name, "cw"), Move("play", card.name, "acw")]
    return [Move("play", card.name)]


def card_reason(state: State, m: Move, seat: int) -> str | None:
    """Why playing a card is illegal now, or None."""
    names = state.names
    if m.a not in state.hand[seat]:
        return f"you do not hold the event card {m.a}"
    card = data.card_by_name()[m.a]
    if TIMING_PHASE[card.timing] != state.phase:
        when = {"climate": "after the climate token is revealed", "survival": "in the survival window",
                "movement": "on your Movement turn", "birth": "on your Birth turn"}[card.timing]
        return f"{m.a} is played {when}"
    if card.target == "opponent":
        if m.b not in names or m.b == names[seat]:
            return f"{m.a} needs an opponent's name, e.g. 'play {m.a} {names[(seat + 1) % state.n]}'"
    elif card.target == "direction":
        if m.b not in ("cw", "acw"):
            return f"{m.a} needs a direction: 'play {m.a} cw' or 'play {m.a} acw'"
    elif m.b:
        return f"{m.a} takes no target"
    return None


def effect(state: State, card: data.Card, m: Move, seat: int) -> bool:
    """A played card's effect on the state, written once for `play` and the playouts; True if it turned the wheel."""
    fx = state.fx[seat]
    e = card.effect
    target = state.names.index(m.b) if card.target == "opponent" else seat
    if e == "fur-1":
        state.fx[target]["fur"] -= 1
    elif e == "thermo-1":
        state.fx[target]["thermo"] -= 1
    elif e == "fur+1":
        fx["fur"] += 1
    elif e == "thermo+1":
        fx["thermo"] += 1
    elif e == "cave+1":
        fx["cave"] += 1
    elif e == "defend+2":
        fx["defend"] += 2
    elif e == "attack+2":
        fx["attack"] += 2
    elif e == "steps+2":
        state.steps += 2
    elif e == "truce":
        fx["truce"] = 1
    elif e == "mp+3":
        state.mp[seat] += 3
    elif e == "reach3":
        fx["reach3"] = 1
    elif e == "births+1":
        state.births_left[seat] += 1
    elif e == "births-none":
        state.fx[target]["noborn"] = 1
        state.births_left[target] = 0
    elif e in ("wheel+-1", "wheel-undo"):
        state.climate_card_played = True
        size = len(state.wheel_data.rings)
        delta = (1 if m.b == "cw" else -1) if e == "wheel+-1" else -state.token_move
        state.wheel = (state.wheel + delta) % size
        assert state.record is not None  # every round has its record from its climate phase on
        state.record.wheel = state.wheel
        return True
    return False


def play(state: State, m: Move, seat: int, ev: list[Event]) -> None:
    """Play a card: its effect, then the window or turn it was played in goes on."""
    card = data.card_by_name()[m.a]
    state.hand[seat].remove(m.a)
    state.discard.append(m.a)
    who = state.names[seat]
    ev.append(Event("card", f"{who} plays {m.a}" + (f" on {m.b}" if card.target == "opponent" else
                                                   f" {m.b}" if m.b else ""), who))
    if effect(state, card, m, seat):
        ev.append(Event("climate", f"wheel {climate.wheel_text(state)}"))
    if state.phase == "climate":
        if state.config.edition >= 2 and not may_hold(state, seat, "climate"):
            state.window.pop(0)  # nothing more they could play in this window: no pass to ask for
        climate.after_climate_window(state, ev)
    elif state.phase == "birth":
        birth.next_birth(state, ev, advance=False)
    elif state.phase == "movement":
        movement.maybe_end_turn(state, ev)
