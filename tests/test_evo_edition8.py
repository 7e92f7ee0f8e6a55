"""Evo's rules edition 8: edition 7 on a five-player island with a start pair on each of its six sides."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core.bots import play_out, seat_bots
from rules.evo import RULES, data
from rules.evo.board import axial, board_for
from rules.evo.config import EDITION, Config, PlayerSpec
from rules.evo.log import DATA_FILES, data_files, fingerprint
from rules.evo.state import new_state

NAMES = ("ann", "ben", "cleo", "dev", "eve")


def players(n: int, bot: str | None = None) -> tuple[PlayerSpec, ...]:
    return tuple(PlayerSpec(x, bot) for x in NAMES[:n])


def sixth_turn(players_: int, edition: int) -> dict[int, int]:
    """Each space's image when the island is turned by a sixth of a turn round its middle space."""
    b = board_for(players_, edition)
    ax = [axial(c, r) for c, r in b.cells]
    at = {a: s for s, a in enumerate(ax)}
    q0, r0 = ax[min(range(b.size), key=lambda s: max(b.distance[s]))]
    image = {}
    for s, (q, r) in enumerate(ax):
        x, z = q - q0, r - r0
        image[s] = at[(-z + q0, -(-x - z) + r0)]
    return image


def test_new_games_play_edition_8_fingerprinted_over_both_islands_files_and_its_numbers() -> None:
    assert EDITION == 8
    assert data_files(8) == (*DATA_FILES, "islands-3.toml", "islands-8.toml", "rules-8.toml")
    assert data_files(7) == (*DATA_FILES, "islands-3.toml", "rules-7.toml")  # edition 7's logs keep theirs
    assert fingerprint(8) != fingerprint(7)
    head = RULES.header_lines(new_state(Config(players(5)), 7))
    assert head[2] == f"data {fingerprint(8)}" and head[3] == "edition 8"
    assert RULES.parse_header(head, "game.log")[0].edition == 8


def test_edition_8_plays_by_edition_7s_numbers_but_the_fourth_of_four_players_starts_with_one_more() -> None:
    eight, seven = data.edition_rules(8), data.edition_rules(7)
    assert (eight.event_mp, eight.event_held) == (seven.event_mp, seven.event_held)
    assert [eight.start(n) for n in (2, 3, 5)] == [seven.start(n) for n in (2, 3, 5)]
    assert seven.start(4) == (7, 5, 6, 7) and eight.start(4) == (7, 5, 6, 8)


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_four_players_are_dealt_as_in_edition_7_and_only_the_fourth_place_starts_differently(seed: int) -> None:
    new = new_state(Config(players(4), seed), seed)
    old = new_state(Config(players(4), seed, None, 7), seed)
    assert (new.order, new.start_spaces) == (old.order, old.start_spaces)
    last = new.order[-1]
    assert new.mp[last] == old.mp[last] + 1 == 8
    assert [new.mp[s] for s in new.order[:-1]] == [old.mp[s] for s in old.order[:-1]] == [7, 5, 6]


def test_the_five_player_island_keeps_its_terrain_and_marks_a_pair_on_every_side_a_sixth_of_a_turn_apart() -> None:
    old, new = board_for(5, 7), board_for(5, 8)
    assert new.terrain == old.terrain and new.neighbors == old.neighbors and new.rows != old.rows
    assert len(old.start_pairs) == 5 and len(new.start_pairs) == 6
    image = sixth_turn(5, 8)
    assert all(new.terrain[image[s]] == new.terrain[s] for s in range(new.size))  # the terrain turns onto itself
    pairs = [frozenset(p) for p in new.start_pairs]
    for k, pair in enumerate(pairs):
        assert frozenset(image[s] for s in pair) == pairs[(k + 1) % 6]  # each pair turns onto the next
    gaps = [min(new.distance[a][b] for a in p for b in q) for i, p in enumerate(pairs) for q in pairs[i + 1:]]
    assert sorted(gaps) == [3] * 6 + [6] * 6 + [8] * 3  # neighbours on the coast 3 steps apart, as edition 7's closest


@pytest.mark.parametrize("n", [2, 3])
def test_two_and_three_players_play_edition_7s_games_move_for_move(n: int) -> None:
    """So edition 7's balance runs for two and three players are edition 8's as well."""
    games = []
    for edition in (7, 8):
        cfg = Config(players(n, "heuristic"), 11, None, edition)
        state = new_state(cfg, 11)
        play_out(state, seat_bots(RULES, cfg, 11))
        games.append((state.start_spaces, state.history, state.mp))
    assert games[0] == games[1] and len(games[0][1]) > 50


def test_five_players_are_given_five_of_the_six_pairs_each_left_out_about_as_often() -> None:
    pairs = {"+".join(board_for(5, 8).names[s] for s in p) for p in board_for(5, 8).start_pairs}
    left_out: Counter[str] = Counter()
    for seed in range(600):
        given = ["+".join(spaces) for spaces in new_state(Config(players(5), seed), seed).start_spaces]
        assert len(set(given)) == 5 and set(given) <= pairs
        left_out.update(pairs - set(given))
    assert set(left_out) == pairs and all(65 <= c <= 135 for c in left_out.values()), left_out  # 100 each


def test_edition_7_five_player_games_keep_their_island_and_five_pairs() -> None:
    state = new_state(Config(players(5), 3, None, 7), 3)
    assert state.board.rows == tuple(data.load("islands-3.toml")["board"]["5"]["rows"])
    assert {frozenset(p) for p in board_for(5, 7).start_pairs} == {
        frozenset(state.board.index[x] for x in spaces) for spaces in state.start_spaces}


def test_a_five_player_game_of_heuristic_bots_plays_to_its_end() -> None:
    cfg = Config(players(5, "heuristic"), 19)
    state = new_state(cfg, 19)
    play_out(state, seat_bots(RULES, cfg, 19))
    assert state.is_over and state.winners
