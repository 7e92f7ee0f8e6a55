"""Words for players: why a move is refused now, and what may be typed in this position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.arctic.cards import ANIMALS, DATA, NAME
from rules.arctic.moves import DECK, PENALTY, Move

if TYPE_CHECKING:
    from rules.arctic.state import ArcticState

POWER_OF = {"moose": "moose", "swap": "puffin", "back": "puffin", "orca": "orca", "bear": "bear", "walrus": "walrus"}


def _power_reason(state: ArcticState, animal: str) -> str | None:
    """Why the current player may not use a power at all now, or None."""
    a = ANIMALS.index(animal)
    side = "AB"[state.sides[a]]
    if state.holders[a] != state.current:
        return f"you do not hold the {animal} power card"
    if state.used >> a & 1:
        return f"you have already used the {animal} power this turn"
    return f"the {animal} power (side {side}: {DATA.powers[animal][side]}) cannot be used now"


def phase_words(state: ArcticState) -> str:
    """What the player to move is doing now."""
    ph = state.phase
    if ph == "place":
        left = state.place_target - state.placed
        return f"you are placing cards ({left} more to place)"
    if ph == "tokens":
        return "you are moving the tokens"
    if ph == "walrus":
        return "you may move a token one extra step with the walrus power"
    if ph == "draw":
        return f"you are drawing ({state.draw_target - state.taken} more to take)"
    if ph == "discard":
        return f"you hold more than {DATA.hand_limit} cards and must discard"
    return "the game is over"


def why_not(state: ArcticState, move: Move) -> str:
    """A reason for refusing `move` that names only what the player may know."""
    kind = move[0]
    me = state.current
    now = phase_words(state)
    if kind in POWER_OF:
        animal = POWER_OF[kind]
        reason = _power_reason(state, animal)
        if reason and "cannot be used now" not in reason:
            return reason
        if kind == "bear" and move[1] == me:
            return "the polar bear gives a penalty card to another player, not to yourself"
        if kind == "bear" and not state.penalties[me]:
            return "your penalty zone is empty"
        return f"{reason}; {now}"
    if kind == "place":
        if move[1] not in state.hands[me]:
            return f"{NAME[move[1]]} is not in your hand"
        if state.phase != "place":
            return f"you cannot place now; {now}"
        if move[2] and not state._last_card():
            return "only the last card you place this turn may go under or to the bottom"
        if move[2]:
            return _power_reason(state, "fox") or "the fox power does not allow that here"
        return f"you cannot place now; {now}"
    if kind == "take":
        if state.phase != "draw":
            return f"you cannot take cards now; {now}"
        if move[1] == DECK:
            return _power_reason(state, "orca") or "the draw pile is empty"
        if move[1] == PENALTY:
            return _power_reason(state, "bear") or "your penalty zone is empty"
        return f"{NAME[move[1]]} is not in the river"
    if kind == "discard":
        if move[1] not in state.hands[me]:
            return f"{NAME[move[1]]} is not in your hand"
        return f"you cannot discard now; {now}"
    if kind == "token":
        return f"there is no choice of token directions now; {now}"
    if kind == "skip":
        return f"there is nothing to skip; {now}"
    return f"that move is not possible now; {now}"


def help_text(state: ArcticState) -> str:
    """The forms of the moves open now; what the player is doing is on the picture, and the choices follow it."""
    if state.over:
        return "The game is over."
    moves = state.legal_moves()
    lines = ["You may type:"]
    kinds = sorted({m[0] for m in moves})
    words = {
        "place": "place CARD  (a hand card: main/companion placement-draw, e.g. 'place fox/moose 5-1';"
                 " a unique start is enough, e.g. 'place fox')",
        "token": "ANIMAL left|right  (the named token goes that way, the other the opposite way)",
        "walrus": "use walrus left|right, or skip",
        "moose": "use moose +1|-1",
        "swap": "use puffin swap HAND-CARD for RIVER-CARD",
        "back": "use puffin back  (take your visible card back into your hand)",
        "orca": "use orca  (refill the river after each card you take)",
        "bear": "use bear PLAYER  (give them your top penalty card)",
        "take": "take RIVER-CARD, take deck (orca B), take penalty (polar bear A)",
        "discard": "discard CARD  (into your penalty zone)",
        "skip": "skip  (go on without using a power)",
    }
    for k in kinds:
        lines.append("  " + words[k])
    if any(m[0] == "place" and m[2] for m in moves):
        lines.append("  place CARD under|bottom  (fox power, your last card of this turn)")
    return "\n".join(lines)
