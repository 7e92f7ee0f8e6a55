"""Arctic move text: what a player is told when a card name is ambiguous, matches nothing, or a power is misused."""

from __future__ import annotations

import pytest

from rules.arctic.cards import BY_NAME, DATA
from rules.arctic.moves import move_text, parse_move
from rules.core.errors import IllegalMove, MoveSyntaxError, UnknownAnimal

NAMES = ["ann", "ben"]
HAND = [BY_NAME[n] for n in ("fox/moose 5-1", "fox/walrus 4-2", "orca/fox 3-3", "walrus/orca 5-1")]


@pytest.mark.parametrize("text, hand, message", [
    ("place fox", HAND, "'fox' could be 'fox/moose 5-1' or 'fox/walrus 4-2'; name the card in full"),
    ("place moose", HAND, "no card in your hand matches 'moose'; the closest: fox/moose 5-1"),
    ("place bear", HAND, "no card in your hand matches 'bear'; your hand holds: fox/moose 5-1, fox/walrus 4-2, "
                         "orca/fox 3-3, walrus/orca 5-1"),
    ("discard bear", [], "no card in your hand matches 'bear'; your hand holds: none"),
])
def test_a_card_name_that_fits_several_or_no_cards_is_refused_with_the_choices(text: str, hand: list[int],
                                                                                message: str) -> None:
    with pytest.raises(IllegalMove) as err:
        parse_move(text, NAMES, hand, [], None)
    assert str(err.value) == message


def test_a_unique_short_card_name_is_enough() -> None:
    assert parse_move("place orca", NAMES, HAND, [], None) == ("place", BY_NAME["orca/fox 3-3"], 0)


@pytest.mark.parametrize("text, form", [
    ("use walrus +1", "use walrus left / use walrus right"),
    ("use moose left", "use moose +1 / use moose -1"),
    ("use orca now", "use orca"),
    ("use puffin", "use puffin swap HAND-CARD for RIVER-CARD / use puffin back"),
])
def test_a_power_used_with_the_wrong_words_shows_how_it_is_used(text: str, form: str) -> None:
    with pytest.raises(MoveSyntaxError) as err:
        parse_move(text, NAMES, HAND, [], None)
    assert str(err.value).endswith(f"power is used as: {form}")


def test_only_the_puffin_swaps_cards() -> None:
    with pytest.raises(MoveSyntaxError, match="the orca power is used as: use orca$"):
        parse_move("use orca swap fox for bear", NAMES, HAND, [BY_NAME["bear/fox 5-1"]], None)


def test_an_alias_from_the_data_file_names_its_animal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(DATA.aliases, "ice bear", "bear")  # "Other spellings a player may type for an animal"
    hand = HAND + [BY_NAME["bear/fox 5-1"]]
    assert parse_move("place IceBear", NAMES, hand, [], None) == ("place", BY_NAME["bear/fox 5-1"], 0)
    assert parse_move("place icebear/fox", NAMES, hand, [], None) == ("place", BY_NAME["bear/fox 5-1"], 0)


@pytest.mark.parametrize("text, card", [
    ("place orca 3", "orca/fox 3-3"),
    ("place fox/walrus", "fox/walrus 4-2"),
    ("place fox 5-1", "fox/moose 5-1"),
    ("place walrus/orca 5", "walrus/orca 5-1"),
])
def test_a_card_may_be_named_by_its_animal_and_any_parts_that_make_it_unique(text: str, card: str) -> None:
    assert parse_move(text, NAMES, HAND, [], None) == ("place", BY_NAME[card], 0)


def test_a_part_that_fits_no_card_in_the_hand_is_not_ignored() -> None:
    for text in ("place fox/orca", "place fox 3", "place fox 5-2"):
        with pytest.raises(IllegalMove, match="no card in your hand matches"):
            parse_move(text, NAMES, HAND, [], None)


def test_an_unknown_animal_gets_at_most_two_suggestions() -> None:
    with pytest.raises(UnknownAnimal) as err:
        parse_move("place foar", NAMES, HAND, [], None)
    assert str(err.value) == "unknown animal 'foar'; did you mean 'fox' or 'orca'?"


@pytest.mark.parametrize("text, move", [
    ("use walrus left", ("walrus", -1, 0)), ("use walrus right", ("walrus", 1, 0)),
    ("use moose +1", ("moose", 1, 0)), ("use moose -1", ("moose", -1, 0)),
])
def test_power_moves_print_as_they_are_typed(text: str, move: tuple[str, int, int]) -> None:
    assert parse_move(text, NAMES, HAND, [], None) == move
    assert move_text(move, NAMES) == text
