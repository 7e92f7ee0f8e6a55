"""Evo's rules edition 4: the start by first-round place, the event column's mutation points; editions 1-3 as before."""

from __future__ import annotations

import pytest
from helpers import refused_edition_file

from rules.core.bots import play_out, seat_bots
from rules.core.errors import ConfigError
from rules.evo import RULES, data
from rules.evo.bots import HeuristicBot
from rules.evo.config import EDITION, Config, PlayerSpec
from rules.evo.log import DATA_FILES, data_files, fingerprint
from rules.evo.moves import Move
from rules.evo.state import new_state
from rules.evo.tables import breakdown

NAMES = ("ann", "ben", "cleo", "dev", "eve")


def config(n: int, edition: int = 4, bot: str | None = None) -> Config:
    return Config(tuple(PlayerSpec(x, bot) for x in NAMES[:n]), 7, None, edition)


def test_edition_4_logs_are_fingerprinted_over_its_numbers_too() -> None:
    assert EDITION == 8  # new games play edition 8 (test_evo_edition8.py); edition 4 is chosen by name
    assert data_files(4) == (*DATA_FILES, "islands-3.toml", "rules-4.toml")
    assert fingerprint(4) != fingerprint(3)
    head = RULES.header_lines(new_state(config(3), 7))
    assert head[2] == f"data {fingerprint(4)}" and head[3] == "edition 4"
    assert RULES.parse_header(head, "game.log")[0].edition == 4
    with pytest.raises(ConfigError, match="^game.log:3: this log was recorded with other Evo data files"):
        RULES.parse_header(head[:3] + ["edition 3"] + head[4:], "game.log")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [7, 8, 9])
def test_edition_4_starts_each_player_with_the_mutation_points_of_its_first_round_place(n: int, seed: int) -> None:
    table = data.load("rules-4.toml")["start"][str(n)]
    state = new_state(Config(tuple(PlayerSpec(x) for x in NAMES[:n]), seed, None, 4), seed)
    assert [state.mp[seat] for seat in state.order] == table
    assert len(set(table)) > 1  # not the seed's 6 for everyone
    line = "mutation points: " + ", ".join(f"{state.names[s]} {state.mp[s]}" for s in state.order)
    assert line in [e.text for e in state.opening]
    old = new_state(Config(tuple(PlayerSpec(x) for x in NAMES[:n]), seed, None, 3), seed)
    assert old.mp == [6] * n and not any(e.text.startswith("mutation points") for e in old.opening)
    assert old.order == state.order  # the same draws: only the points differ


def test_the_start_line_follows_a_chosen_first_player() -> None:
    cfg = Config(tuple(PlayerSpec(x) for x in NAMES[:3]), 5, "cleo", 4)
    state = new_state(cfg, 5)
    assert state.order[0] == 2 and state.mp[2] == data.load("rules-4.toml")["start"]["3"][0]


@pytest.mark.parametrize("edition, gain", [(4, 2), (3, 0), (2, 0)])
def test_the_event_card_comes_with_two_mutation_points_in_edition_4_only(edition: int, gain: int) -> None:
    state = new_state(config(3, edition), 7)
    before = list(state.mp)
    first, second, third = state.order
    genes = [c for c in state.lab if c != "event"]
    state.apply(Move("bid", "event", n=1), state.names[first])
    state.apply(Move("bid", genes[0], n=1), state.names[second])
    state.apply(Move("bid", genes[1], n=1), state.names[third])
    assert state.mp[first] == before[first] - 1 + gain
    assert state.mp[second] == before[second] - 1
    assert len(state.hand[first]) == 1
    parts = breakdown(state)[state.names[first]]
    assert parts["start"] == before[first] and parts["cards"] == gain and parts["paid"] == -1


def test_the_points_from_start_income_bids_and_cards_add_up_in_an_edition_4_game() -> None:
    cfg = config(4, bot="heuristic")
    state = new_state(cfg, 3)
    play_out(state, seat_bots(RULES, cfg, 3))
    for seat, name in enumerate(state.names):
        parts = breakdown(state)[name]
        assert parts["start"] == state.start_mp[seat]
        assert sum(parts.values()) == state.mp[seat]


def test_the_heuristic_bot_counts_the_event_columns_points_in_edition_4() -> None:
    bot = HeuristicBot(7, 0)
    scores = {}
    for edition in (3, 4):
        state = new_state(config(3, edition), 7)
        me = state.names[0]
        scores[edition] = bot.score(state.view(me), me, Move("bid", "event", n=1))
        assert state.view(me)["edition"] == edition
    assert scores[4] == pytest.approx(scores[3] + 1.2 * 2)


def test_a_bad_rules_4_file_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    refused_edition_file(monkeypatch, 4, lambda good: {"event": good["event"],
                                                       "start": dict(good["start"]) | {"3": [6, 7]}},
                         "rules-4.toml: start.3 must list 3 start mutation points")


def test_a_case_names_a_rules_edition_it_knows() -> None:
    from rules.core.cases import CaseFormatError
    from rules.evo.cases import parse_cases

    text = ('game = "evo"\n[[case]]\nname = "x"\nrule = "y"\nsource = "seed"\nedition = 9\n'
            '[case.expect]\nround = 1\n')
    with pytest.raises(CaseFormatError, match="edition must be a rules edition from 1 to 8"):
        parse_cases(text, "x.toml")
    assert parse_cases(text.replace("edition = 9", "edition = 4"), "x.toml")[0].edition == 4
    assert parse_cases(text.replace("edition = 9\n", ""), "x.toml")[0].edition == 2


def test_the_rules_screen_and_the_lab_line_say_the_edition_4_numbers() -> None:
    from rules.evo.learn import gene_text, rules_text

    new = rules_text(new_state(config(3), 7), None)
    assert "or an event card and 2 mutation points." in new
    assert "everyone starts with 6, 8 or 9 by their place on the first initiative track" in new
    old = rules_text(new_state(config(3, 3), 7), None)
    assert "or an event card." in old and "everyone starts with 6)" in old
    assert gene_text("event", 4).endswith(", and 2 mutation points") and "mutation" not in gene_text("event", 3)
