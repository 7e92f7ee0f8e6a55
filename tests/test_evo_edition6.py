"""Evo's rules edition 6: edition 5 with two players starting with the seed's 6 mutation points each."""

from __future__ import annotations

import pytest

from rules.core.errors import ConfigError
from rules.evo import RULES, data
from rules.evo.config import EDITION, Config, PlayerSpec
from rules.evo.log import DATA_FILES, data_files, fingerprint
from rules.evo.state import new_state

NAMES = ("ann", "ben", "cleo", "dev", "eve")


def players(n: int) -> tuple[PlayerSpec, ...]:
    return tuple(PlayerSpec(x) for x in NAMES[:n])


def test_edition_6_logs_are_fingerprinted_over_its_numbers_not_edition_5s() -> None:
    assert EDITION == 8  # new games play edition 8 (test_evo_edition8.py); edition 6 is chosen by name
    assert data_files(6) == (*DATA_FILES, "islands-3.toml", "rules-6.toml")
    assert data_files(5) == (*DATA_FILES, "islands-3.toml", "rules-5.toml")  # edition 5's logs keep theirs
    assert fingerprint(6) != fingerprint(5)
    head = RULES.header_lines(new_state(Config(players(2), 7, None, 6), 7))
    assert head[2] == f"data {fingerprint(6)}" and head[3] == "edition 6"
    assert RULES.parse_header(head, "game.log")[0].edition == 6
    with pytest.raises(ConfigError, match="^game.log:3: this log was recorded with other Evo data files"):
        RULES.parse_header(head[:3] + ["edition 5"] + head[4:], "game.log")


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_in_edition_6_two_players_start_with_the_seeds_6_mutation_points_each(seed: int) -> None:
    new = new_state(Config(players(2), seed, None, 6), seed)
    assert [new.mp[seat] for seat in new.order] == [6, 6]  # "Each player starts with 6 MP" (the seed)
    old = new_state(Config(players(2), seed, None, 5), seed)
    assert [old.mp[seat] for seat in old.order] == [7, 6]  # edition 5 gave the first place one more
    assert new.order == old.order  # the same draw of places: only the points differ


@pytest.mark.parametrize("n", [3, 4, 5])
def test_edition_6_keeps_edition_5s_rules_for_three_to_five_players(n: int) -> None:
    six, five = data.edition_rules(6), data.edition_rules(5)
    assert six.start(n) == five.start(n)
    assert (six.event_mp, six.event_held) == (five.event_mp, five.event_held) == (2, True)
    new = new_state(Config(players(n), 7, None, 6), 7)
    assert [new.mp[seat] for seat in new.order] == list(five.start(n))


def test_a_three_player_game_of_edition_6_is_move_for_move_the_game_of_edition_5() -> None:
    """So the balance runs of edition 5 for three to five players are edition 6's as well."""
    from rules.core.bots import play_out, seat_bots

    games = []
    for edition in (5, 6):
        cfg = Config(tuple(PlayerSpec(x, "heuristic") for x in NAMES[:3]), 11, None, edition)
        state = new_state(cfg, 11)
        play_out(state, seat_bots(RULES, cfg, 11))
        games.append((state.history, state.mp))
    assert games[0] == games[1] and len(games[0][0]) > 100
