"""Evo's rules edition 3: new games play the fair islands of islands-3.toml; editions 1-2 keep theirs and their logs."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core.bots import play_out, seat_bots
from rules.core.errors import ConfigError, IllegalMove
from rules.evo import RULES, data
from rules.evo.board import Board, axial, board_for, islands_file
from rules.evo.bots import HeuristicBot
from rules.evo.config import EDITION, Config, PlayerSpec
from rules.evo.log import DATA_FILES, data_files, fingerprint
from rules.evo.moves import Move
from rules.evo.state import new_state

# The fingerprint every Evo log recorded before edition 3 carries (replays/2p-evo.evo, 5p-evo-edition2.evo, ...).
OLD_FINGERPRINT = "sha256:f3ce975626aac0c20647361641ed3af12e59d98dbe65217a3d6e06c9a483f996"
NAMES = ("ann", "ben", "cleo", "dev", "eve")


def config(n: int, edition: int = EDITION, bot: str | None = None) -> Config:
    return Config(tuple(PlayerSpec(x, bot) for x in NAMES[:n]), 7, None, edition)


def profile(b: Board, pair: tuple[int, int]) -> list[tuple[tuple[int, str], int]]:
    """How many spaces of each terrain lie at each distance from a start pair."""
    a, c = pair
    return sorted(Counter((min(b.distance[a][s], b.distance[c][s]), b.terrain[s]) for s in range(b.size)).items())


def test_editions_1_and_2_keep_the_fingerprint_of_every_log_recorded_before() -> None:
    assert fingerprint(1) == fingerprint(2) == OLD_FINGERPRINT
    assert data_files(1) == data_files(2) == DATA_FILES
    with open("replays/2p-evo-edition2.evo", encoding="utf-8") as f:
        assert f.read().splitlines()[2].startswith(f"data {OLD_FINGERPRINT} ")


def test_edition_3_logs_are_fingerprinted_over_its_islands_too() -> None:
    assert EDITION >= 3 and islands_file(3) == "islands-3.toml" and islands_file(2) == "boards.toml"
    assert data_files(3) == (*DATA_FILES, "islands-3.toml")
    assert fingerprint(3) != OLD_FINGERPRINT
    head = RULES.header_lines(new_state(config(2, 3), 7))
    assert head[2] == f"data {fingerprint(3)}" and head[3] == "edition 3"
    assert RULES.parse_header(head, "game.log")[0].edition == 3
    # the same log said to be of an older edition (its edition line gone) does not verify
    with pytest.raises(ConfigError, match="^game.log:3: this log was recorded with other Evo data files"):
        RULES.parse_header(head[:3] + head[4:], "game.log")
    with pytest.raises(ConfigError, match="^game.log:3: this log was recorded with other Evo data files"):
        RULES.parse_header(head[:3] + ["edition 2"] + head[4:], "game.log")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_games_of_editions_3_to_7_play_the_edition_3_islands_and_edition_2_games_the_old_ones(n: int) -> None:
    old = data.load("boards.toml")["board"][str(n)]
    new = data.load("islands-3.toml")["board"][str(n)]
    assert new_state(config(n, 7), 7).board.rows == new_state(config(n, 3), 7).board.rows == tuple(new["rows"])
    assert tuple(new["rows"]) != tuple(old["rows"])
    assert new_state(config(n, 2), 7).board.rows == tuple(old["rows"])
    assert new_state(config(n, 1), 7).board.rows == tuple(old["rows"])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_start_pair_of_edition_3_sees_the_same_terrain_at_the_same_distances(n: int) -> None:
    b = board_for(n, 3)
    first = profile(b, b.start_pairs[0])
    assert all(profile(b, p) == first for p in b.start_pairs)
    assert any(profile(board_for(n, 2), p) != profile(board_for(n, 2), board_for(n, 2).start_pairs[0])
               for p in board_for(n, 2).start_pairs)  # which the old islands do not


@pytest.mark.parametrize("n", [2, 5])
def test_an_edition_3_game_of_heuristic_bots_plays_to_its_end_on_the_new_island(n: int) -> None:
    cfg = config(n, 7, bot="heuristic")
    state = new_state(cfg, 11)
    spaces = {s for pair in board_for(n, 3).start_pairs for s in pair}
    assert {s for seat in range(n) for s in state.pos[seat]} == spaces
    play_out(state, seat_bots(RULES, cfg, 11))
    assert state.is_over and state.winners


def test_in_edition_3_the_heuristic_bot_draws_among_equal_moves_and_in_edition_2_takes_the_first() -> None:
    def other_than_first(edition: int) -> int:
        """How often, over one game, a bot with several equally good moves took another than the first."""
        state = new_state(config(3, edition), 5)
        bots = [HeuristicBot(5, seat) for seat in range(3)]
        others = 0
        while not state.is_over:
            seat = state.names.index(state.to_move)
            legal = state.legal_moves()
            view = state.view(state.to_move)
            scores = [bots[seat].score(view, state.to_move, m) for m in legal]
            move = bots[seat].choose(state)
            others += move != legal[scores.index(max(scores))]
            state.apply(move, state.to_move)
        return others

    assert other_than_first(2) == 0
    assert other_than_first(3) > 0


@pytest.mark.parametrize("edition, outbids", [(3, False), (2, True)])
def test_in_a_two_player_first_round_of_edition_3_nobody_outbids(edition: int, outbids: bool) -> None:
    state = new_state(config(2, edition), 7)
    first, second = state.to_move, state.names[state.order[1]]
    column = state.lab[-1]
    state.apply(Move("bid", column, n=1), first)
    assert state.to_move == second
    legal = state.legal_moves()
    assert any(m.a == column for m in legal) is outbids and legal
    if not outbids:
        with pytest.raises(IllegalMove, match="in the first round of a two-player game .rules edition 3. bid on a "
                                              "column nobody has bid on"):
            state.apply(Move("bid", column, n=2), second)
    three = new_state(config(3), 7)  # three players outbid as ever
    three.apply(Move("bid", three.lab[-1], n=1), three.to_move)
    assert any(m.a == three.lab[-1] for m in three.legal_moves())


def _turned(b: Board, sixths: int) -> dict[int, int] | None:
    """Each space's image when the island is turned by `sixths` sixths of a turn round its middle space,
    or None if some space lands on the sea or on another terrain."""
    ax = [axial(c, r) for c, r in b.cells]
    at = {a: s for s, a in enumerate(ax)}
    mid = min(range(b.size), key=lambda s: max(b.distance[s]))  # the island's middle space
    q0, r0 = ax[mid]
    image = {}
    for s, (q, r) in enumerate(ax):
        x, z = q - q0, r - r0
        y = -x - z
        for _ in range(sixths):
            x, y, z = -z, -x, -y
        u = at.get((x + q0, z + r0))
        if u is None or b.terrain[u] != b.terrain[s]:
            return None
        image[s] = u
    return image


@pytest.mark.parametrize(("n", "sixths"), [(2, 3), (3, 2)])
def test_the_two_and_three_player_islands_turned_round_their_middle_are_themselves_start_pair_for_start_pair(
        n: int, sixths: int) -> None:
    """So the terrain cannot favour a start pair: a pair that wins more than another over many games shows the
    play (a bot's drift, the spaces' order where moves are listed) or the games' luck."""
    b = board_for(n, 3)
    image = _turned(b, sixths)
    assert image is not None
    pairs = [frozenset(p) for p in b.start_pairs]
    turned = [frozenset(image[s] for s in p) for p in b.start_pairs]
    assert sorted(map(sorted, turned)) == sorted(map(sorted, pairs)) and turned != pairs  # each pair onto another
    assert all({image[u] for u in b.neighbors[s]} == set(b.neighbors[image[s]]) for s in range(b.size))
    assert _turned(board_for(n, 2), sixths) is None  # the islands of editions 1-2 are not
