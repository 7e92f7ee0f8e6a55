"""Evo's rules edition 5: the event column nobody outbids, its holder after the genes' on the track, new starts."""

from __future__ import annotations

import pytest
from helpers import refused_edition_file

from rules.core.bots import play_out, seat_bots
from rules.core.errors import ConfigError, IllegalMove
from rules.evo import RULES, data
from rules.evo.config import EDITION, Config, PlayerSpec
from rules.evo.log import DATA_FILES, data_files, fingerprint
from rules.evo.moves import Move
from rules.evo.state import State, new_state

NAMES = ("ann", "ben", "cleo", "dev", "eve")


def config(n: int, edition: int = 5, bot: str | None = None) -> Config:
    return Config(tuple(PlayerSpec(x, bot) for x in NAMES[:n]), 7, None, edition)


def round_two(edition: int) -> tuple[State, list[str]]:
    """A three-player game at its second auction (everyone bid 1 in the first), and the bidders in order."""
    state = new_state(config(3, edition), 7)
    while state.round == 1 or state.phase != "auction":
        move = min(state.legal_moves(), key=lambda m: (m.kind != "bid", m.n, m.kind in ("move", "attack")))
        state.apply(move)
    assert state.phase == "auction"
    return state, [state.names[s] for s in state.order]


def test_edition_5_logs_are_fingerprinted_over_its_numbers_not_edition_4s() -> None:
    assert EDITION == 8  # new games play edition 8 (test_evo_edition8.py); edition 5 is chosen by name
    assert data_files(5) == (*DATA_FILES, "islands-3.toml", "rules-5.toml")
    assert data_files(4) == (*DATA_FILES, "islands-3.toml", "rules-4.toml")  # edition 4's logs keep theirs
    assert fingerprint(5) != fingerprint(4)
    head = RULES.header_lines(new_state(config(3), 7))
    assert head[2] == f"data {fingerprint(5)}" and head[3] == "edition 5"
    with pytest.raises(ConfigError, match="^game.log:3: this log was recorded with other Evo data files"):
        RULES.parse_header(head[:3] + ["edition 4"] + head[4:], "game.log")


@pytest.mark.parametrize("edition, outbids", [(5, False), (4, True), (3, True)])
def test_in_edition_5_nobody_outbids_the_first_bid_on_the_event_column(edition: int, outbids: bool) -> None:
    state, order = round_two(edition)
    state.apply(Move("bid", "event", n=1), order[0])
    legal = state.legal_moves()
    assert any(m.a == "event" for m in legal) is outbids
    assert any(m.a != "event" for m in legal)  # the genes' columns stay open
    if outbids:
        state.check(Move("bid", "event", n=3), order[1])
    else:
        with pytest.raises(IllegalMove, match=f"^{order[0]} holds the event column: in rules edition 5 nobody"):
            state.check(Move("bid", "event", n=3), order[1])


@pytest.mark.parametrize("edition, event_place", [(5, 2), (4, 0)])
def test_in_edition_5_the_event_columns_holder_goes_after_the_genes_holders_on_the_track(
        edition: int, event_place: int) -> None:
    state, order = round_two(edition)
    counts = {state.names[s]: state.count[s] for s in range(3)}
    assert len(set(counts.values())) == 1  # equal dinosaurs: the columns decide the order
    genes = [c for c in state.lab if c != "event"]
    held = len(state.hand[state.names.index(order[0])])
    state.apply(Move("bid", "event", n=1), order[0])
    state.apply(Move("bid", genes[0], n=1), order[1])
    state.apply(Move("bid", genes[1], n=1), order[2])
    track = [state.names[s] for s in state.order]
    assert track.index(order[0]) == event_place
    assert len(state.hand[state.names.index(order[0])]) == held + 1
    gain = data.edition_rules(edition).event_mp
    assert gain == 2


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [7, 8])
def test_edition_5_starts_each_player_with_the_mutation_points_of_its_place_in_rules_5(n: int, seed: int) -> None:
    table = data.load("rules-5.toml")["start"][str(n)]
    state = new_state(Config(tuple(PlayerSpec(x) for x in NAMES[:n]), seed, None, 5), seed)
    assert [state.mp[seat] for seat in state.order] == table
    assert table != data.load("rules-4.toml")["start"][str(n)] or n == 4


def test_an_edition_5_game_of_heuristic_bots_takes_the_event_card_at_one_point_every_round() -> None:
    cfg = config(3, bot="heuristic")
    state = new_state(cfg, 3)
    play_out(state, seat_bots(RULES, cfg, 3))
    sold = [r for r in state.rounds if "event" in r.bought]
    assert len(sold) == len(state.rounds)
    for r in sold:
        seat = r.bought.index("event")
        assert r.paid[seat] <= 1  # nobody outbids: the heuristic bids the least


def test_a_bad_rules_5_file_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    refused_edition_file(monkeypatch, 5, lambda good: {"event": dict(good["event"]) | {"held": "yes"},
                                                       "start": good["start"]},
                         "rules-5.toml: event.held must be true or false")
    assert data.edition_rules(5).event_held and not data.edition_rules(4).event_held


def test_the_rules_screen_says_the_event_column_is_not_outbid_in_edition_5_only() -> None:
    from rules.evo.learn import rules_text

    new = rules_text(new_state(config(3), 7), None)
    assert "Nobody outbids the first bid on the event column" in new
    assert "Nobody outbids" not in rules_text(new_state(config(3, 4), 7), None)
