"""Evo's rules edition 7: edition 6 with the first round's second place starting differently (3-5 players)."""

from __future__ import annotations

import pytest

from rules.evo import RULES, data
from rules.evo.config import EDITION, Config, PlayerSpec
from rules.evo.log import DATA_FILES, data_files, fingerprint
from rules.evo.state import new_state

NAMES = ("ann", "ben", "cleo", "dev", "eve")
SECOND = {3: 5, 4: 5, 5: 6}  # the second place's start in edition 7 (edition 6: 6, 6 and 5)
FIRST = {3: 7, 4: 7, 5: 7}  # the first place's: four players one less than edition 6's 8


def players(n: int, bot: str | None = None) -> tuple[PlayerSpec, ...]:
    return tuple(PlayerSpec(x, bot) for x in NAMES[:n])


def test_edition_7_logs_are_fingerprinted_over_its_numbers_not_edition_6s() -> None:
    assert EDITION == 8  # new games play edition 8 (test_evo_edition8.py); edition 7 is chosen by name
    assert data_files(7) == (*DATA_FILES, "islands-3.toml", "rules-7.toml")
    assert data_files(6) == (*DATA_FILES, "islands-3.toml", "rules-6.toml")  # edition 6's logs keep theirs
    assert fingerprint(7) != fingerprint(6)
    head = RULES.header_lines(new_state(Config(players(3), 7, None, 7), 7))
    assert head[2] == f"data {fingerprint(7)}" and head[3] == "edition 7"
    assert RULES.parse_header(head, "game.log")[0].edition == 7


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("seed", [7, 8, 9])
def test_in_edition_7_only_the_first_two_places_on_the_first_track_start_differently(n: int, seed: int) -> None:
    new = new_state(Config(players(n), seed, None, 7), seed)
    old = new_state(Config(players(n), seed, None, 6), seed)
    assert new.order == old.order  # the same draw of places: only the points differ
    start_new = [new.mp[seat] for seat in new.order]
    start_old = [old.mp[seat] for seat in old.order]
    assert start_new[1] == SECOND[n] and abs(start_new[1] - start_old[1]) == 1
    assert start_new[0] == FIRST[n] and start_old[0] - start_new[0] == (n == 4)
    assert start_new[2:] == start_old[2:]
    assert start_new == list(data.edition_rules(7).start(n))


def test_edition_7_keeps_edition_6s_event_column_and_its_two_player_start() -> None:
    seven, six = data.edition_rules(7), data.edition_rules(6)
    assert (seven.event_mp, seven.event_held) == (six.event_mp, six.event_held) == (2, True)
    assert seven.start(2) == six.start(2) == (6, 6)


def test_a_two_player_game_of_edition_7_is_move_for_move_the_game_of_edition_6() -> None:
    """So edition 6's two-player balance run is edition 7's as well."""
    from rules.core.bots import play_out, seat_bots

    games = []
    for edition in (6, 7):
        cfg = Config(players(2, "heuristic"), 11, None, edition)
        state = new_state(cfg, 11)
        play_out(state, seat_bots(RULES, cfg, 11))
        games.append((state.history, state.mp))
    assert games[0] == games[1] and len(games[0][0]) > 50
