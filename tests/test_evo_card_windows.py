"""Issue 26: Evo's card windows and turn ends ask what everyone can tell (cards in hand), never which cards.

A climate or survival window opened only for holders of such a card, or a Movement turn that waits for `done`
only from a Windfall holder, told the table what a hand holds.
"""

from __future__ import annotations

import pytest

from rules.evo import data
from rules.evo.bots import HeuristicBot, RandomBot
from rules.evo.config import Config, PlayerSpec
from rules.evo.moves import Move
from rules.evo.state import State

CARDS = [c.name for c in data.cards()]
TIMING = {c.name: c.timing for c in data.cards()}
WINDOWS = {"climate": "climate", "survival": "survival-cards"}


def game(ann: list[str], ben: list[str]) -> State:
    """Two players, ann first, holding the given event cards (taken out of the deck)."""
    state = State(Config((PlayerSpec("ann"), PlayerSpec("ben")), 1, "ann"), 1)
    state.start()
    for seat, cards in enumerate((ann, ben)):
        for c in cards:
            state.deck.remove(c)
        state.hand[seat] = list(cards)
    return state


def bots_choose(state: State) -> set[str]:
    seat = state.to_move_seat
    assert seat is not None
    return {state.move_text(b.choose(state)) for b in (RandomBot(1, seat), HeuristicBot(1, seat))}


@pytest.mark.parametrize("timing", sorted(WINDOWS))
@pytest.mark.parametrize("card", CARDS)
def test_a_window_asks_every_holder_of_event_cards_whatever_they_hold(timing, card):
    state = game([card], [])
    state.enter("climate" if timing == "climate" else "survival")
    assert state.phase == WINDOWS[timing] and state.window == [0], "ann holds a card: she is asked"
    legal = [state.move_text(m) for m in state.legal_moves()]
    assert "pass" in legal
    if TIMING[card] != timing:
        assert legal == ["pass"]
        assert bots_choose(state) == {"pass"}, "a computer player with no card of the window's kind declines"
    state.apply(Move("pass"), "ann")
    assert state.to_move != "ben" or state.phase not in WINDOWS.values(), "ben holds nothing: he is never asked"


@pytest.mark.parametrize("timing", sorted(WINDOWS))
def test_no_window_opens_when_every_card_of_its_kind_is_discarded(timing):
    state = game(["windfall"], ["truce"])
    state.discard = [c for c in CARDS if TIMING[c] == timing]
    state.enter("climate" if timing == "climate" else "survival")
    assert state.phase != WINDOWS[timing]


@pytest.mark.parametrize("hand", [[], ["windfall"], ["stable climate"], ["neoprene", "fertility"]])
def test_a_movement_turn_at_0_points_ends_the_same_way_whatever_the_hand_holds(hand):
    state = game(hand, [])
    state.enter("movement", "ann")
    while state.to_move == "ann" and state.steps > 0:
        step = next(m for m in state.legal_moves() if m.kind == "move")
        state.apply(step, "ann")
    if not hand:
        assert state.to_move == "ben", "no event card: the turn ends by itself"
        return
    assert state.to_move == "ann" and state.steps == 0, "a holder of any event card ends the turn with 'done'"
    legal = [state.move_text(m) for m in state.legal_moves()]
    assert legal[0] == "done"
    if all(TIMING[c] != "movement" for c in hand):
        assert legal == ["done"] and bots_choose(state) == {"done"}
    state.apply(Move("done"), "ann")
    assert state.to_move == "ben"


@pytest.mark.parametrize("hand", [[], ["fertility"], ["windfall"], ["neoprene", "climate shift"]])
def test_a_birth_turn_without_a_free_space_is_asked_of_every_holder_of_event_cards(hand):
    state = game(hand, [])
    for space in range(state.board.size):  # ben fills the island: nobody has a space to breed into
        if state.occ[space] < 0:
            state.put(space, 1)
    state.enter("birth")
    if not hand:
        assert not (state.phase == "birth" and state.to_move == "ann"), "no card, no space: the turn passes"
        return
    assert state.phase == "birth" and state.to_move == "ann", "a holder of any event card is asked"
    legal = [state.move_text(m) for m in state.legal_moves()]
    assert legal[0] == "skip"
    if all(TIMING[c] != "birth" for c in hand):
        assert legal == ["skip"] and bots_choose(state) == {"skip"}
