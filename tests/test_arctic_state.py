"""What a player sees of an Arctic game in progress (the view), turn by turn."""

from __future__ import annotations

import pytest

from rules.arctic import RULES
from rules.arctic.cards import ANIMALS, COMP, DRAW, MAIN, NAME, PLACE
from rules.arctic.cases import build, parse_cases
from rules.arctic.config import ArcticConfig, PlayerSpec
from rules.arctic.state import ArcticState


def new_game(seed: int = 5) -> ArcticState:
    cfg = ArcticConfig((PlayerSpec("ann"), PlayerSpec("ben")), seed, "ann", ("A", "B", "A", "B", "A", "B"))
    return RULES.new_state(cfg, seed)  # type: ignore[no-any-return]  # new_state is typed Any in GameRules


def test_the_view_of_a_first_turn_before_and_after_placing() -> None:
    st = new_game()
    view = st.view("ann")
    assert view["turn"] == {"player": "ann", "place_target": 1, "placed": 0, "draw_target": None, "taken": 0,
                            "used": [], "tokens_to_move": None}
    assert (view["phase"], view["round"], view["first"], view["to_move"]) == ("place", 1, "ann", "ann")
    assert (view["game"], view["player"], view["seq"]) == ("arctic", "ann", 0)  # seq: moves played so far
    assert st.winners == () and not st.is_over  # no winner before the end
    assert view["powers"]["fox"] == {"side": "A", "holder": None} and view["powers"]["bear"]["side"] == "B"
    assert view["tokens"] == dict.fromkeys(ANIMALS, 3)
    assert (view["draw_pile"], view["reserve"], len(view["river"])) == (60 - 5 - 6 - 6, 5, 6)
    card = st.hands[0][0]
    st.apply(f"place {NAME[card]}")
    view = st.view("ben")
    assert (view["phase"], view["seq"]) == ("tokens", 1)
    assert view["turn"] == {"player": "ann", "place_target": 1, "placed": 1, "draw_target": DRAW[card], "taken": 0,
                            "used": [], "tokens_to_move": [ANIMALS[MAIN[card]], ANIMALS[COMP[card]]]}
    ann = view["players"][0]
    assert ann == {"name": "ann", "pile": [NAME[card]], "visible": NAME[card], "pile_size": 1, "penalties": 0,
                   "hand_size": 2, "powers": [ANIMALS[MAIN[card]]]}
    assert view["powers"][ANIMALS[MAIN[card]]]["holder"] == "ann"
    assert view["players"][1]["visible"] is None and view["players"][1]["powers"] == []
    assert "hand" in view and len(view["hand"]) == 3 and "turn" in view


def test_the_next_turn_places_the_visible_cards_placement_value() -> None:
    st = new_game()
    while st.to_move == "ann":
        st.apply(st.legal_moves()[0])
    while st.to_move == "ben":
        st.apply(st.legal_moves()[0])
    top = st.piles[0][-1]
    assert st.view("ann")["turn"]["place_target"] == PLACE[top]
    assert st.view("ann")["round"] == 2


def position(lines: str) -> ArcticState:
    """A game in the position a rule case describes (tests/cases/arctic format), ann to move."""
    text = ('game = "arctic"\n[defaults]\nplayers = ["ann", "ben"]\nseed = 21\nstart = "ann"\n'
            f'[[case]]\nname = "position"\nrule = "-"\nsource = "reference"\n{lines}\n[case.expect]\nto_move = "ann"\n')
    (case,) = parse_cases(text)
    return build(case)  # the expectation above is not checked here


@pytest.mark.parametrize("side, word, told", [
    ("A", "under", "ann places a card face down under the visible card (fox)."),
    ("B", "bottom", "ann places puffin/bear 5-1 at the bottom of the pile (fox)."),
])
def test_the_fox_is_told_and_shown_as_used_once_its_last_card_is_placed(side: str, word: str, told: str) -> None:
    st = position(f'powers = {{ fox = "{side}" }}\nholders = {{ fox = "ann" }}\npiles = {{ ann = ["fox/orca 3-3"] }}\n'
                  'hands = { ann = ["orca/bear 4-2", "moose/walrus 5-1", "puffin/bear 5-1"] }')
    st.apply("place orca/bear 4-2")
    st.apply("place moose/walrus 5-1")
    assert st.view("ann")["turn"]["used"] == []
    events = st.apply(f"place puffin/bear 5-1 {word}")
    assert RULES.event_text(events[0]) == told
    assert st.view("ann")["turn"]["used"] == ["fox"]


def test_face_down_cards_are_shown_to_everyone_once_the_game_is_over() -> None:
    st = position('end_triggered = true\nfinal_round = true\nturn = "ben"\n'
                  'piles = { ann = ["fox/orca 3-3", "down:moose/bear 2-4", "walrus/bear 3-3"] }\n'
                  'hands = { ben = ["puffin/bear 5-1", "walrus/orca 5-1"] }\ntokens = { puffin = 0 }')
    assert st.view("ben")["players"][0]["pile"][1] == "face down"
    st.apply("place puffin/bear 5-1", "ben")
    assert st.is_over and st.to_move is None and len(st.winners) == 1
    for who in ("ann", "ben", None):
        assert st.view(who)["players"][0]["pile"] == ["fox/orca 3-3", "face down: moose/bear 2-4", "walrus/bear 3-3"]


def test_the_box_s_first_card_is_shown_as_a_visible_card() -> None:
    st = position('piles = { ann = ["walrus/bear 3-3", "fox/moose 5-1"] }')
    assert st.view("ben")["players"][0]["visible"] == "fox/moose 5-1"
    assert st.view("ben")["turn"]["place_target"] == 5


def test_taking_from_the_deck_shows_the_orca_as_used() -> None:
    st = position('powers = { orca = "B" }\nholders = { orca = "ann" }\ntokens = { fox = 0 }\n'
                  'hands = { ann = ["fox/orca 3-3", "moose/walrus 5-1", "walrus/orca 5-1"] }')
    st.apply("place fox/orca 3-3")
    assert st.view("ann")["turn"]["used"] == []
    st.apply("take deck")
    assert st.view("ann")["turn"]["used"] == ["orca"]


def test_taking_a_penalty_card_back_shows_the_polar_bear_as_used() -> None:
    st = position('powers = { bear = "A" }\nholders = { bear = "ann" }\ntokens = { fox = 0 }\n'
                  'hands = { ann = ["fox/walrus 4-2", "moose/walrus 5-1", "walrus/orca 5-1"] }\n'
                  'penalties = { ann = ["orca/fox 3-3", "orca/moose 2-4"] }')
    st.apply("place fox/walrus 4-2")
    assert st.view("ann")["turn"]["used"] == []
    st.apply("take penalty")
    assert st.view("ann")["turn"]["used"] == ["bear"]
