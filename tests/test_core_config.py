"""Config basics every game shares (rules/core/config.py): sections, seats, names, seed and starting player.

Each refusal is one line that names the file and the key, with a "did you mean" where a word was misspelt.
"""

from __future__ import annotations

import pytest

from rules.core import config as cc
from rules.core.errors import ConfigError

KEYS = ("rules", "seed", "start", "goal")
BOTS = ("random", "greedy")


def refused(f, *args) -> tuple[str, str | None]:
    with pytest.raises(ConfigError) as err:
        f(*args)
    return str(err.value), err.value.key


def players(*names: str, **extra: object) -> dict:
    return {"players": [{"name": n, **extra} for n in names]}


def test_a_misspelt_word_gets_its_closest_choices():
    assert cc.hint("goul", KEYS) == "; did you mean 'goal'?"
    assert cc.hint("s", KEYS) == "; did you mean 'seed' or 'start'?"
    assert cc.hint("zzz", KEYS) == ""


def test_the_game_table_allows_only_its_sections_and_keys():
    doc = {"game": {"rules": "arctic", "seed": 3}, "players": []}
    assert cc.game_table(doc, "c.toml", "arctic", KEYS) == {"rules": "arctic", "seed": 3}
    assert cc.game_table({}, "c.toml", "arctic", KEYS) == {}
    assert refused(cc.game_table, {"gmae": {}}, "c.toml", "arctic", KEYS) == \
        ("c.toml: unknown section 'gmae' (allowed: [game], [[players]])", "gmae")
    assert refused(cc.game_table, {"game": 3}, "c.toml", "arctic", KEYS) == \
        ("c.toml: 'game' must be a table [game]", "game")
    assert refused(cc.game_table, {"game": {"goul": 3}}, "c.toml", "arctic", KEYS) == \
        ("c.toml: unknown key game.goul; did you mean 'goal'?", "game.goul")
    assert refused(cc.game_table, {"game": {"rules": "evo"}}, "c.toml", "arctic", KEYS) == \
        ("c.toml: game.rules = 'evo' is not 'arctic'", "game.rules")


def test_a_player_name_is_printable_text_without_the_marks_that_cut_a_script_line():
    assert cc.player_name("Zoe\u0308", "c.toml", "players[1].name") == "Zo\u00eb"
    assert refused(cc.player_name, "a\x1bb", "c.toml", "players[2].name") == \
        ("c.toml: players[2].name 'a\\x1bb' holds the control or separator character U+001B; names are printable "
         "text", "players.name")
    for mark in ";#:":
        assert refused(cc.player_name, f"ann{mark}", "c.toml", "players[1].name") == \
            (f"c.toml: players[1].name = 'ann{mark}' holds '{mark}', which a move script uses to cut its lines",
             "players.name")


def test_seats_are_read_in_order_with_their_bots():
    doc = {"players": [{"name": "ann"}, {"name": "bob", "bot": "greedy"}, {"name": "Zoe\u0308", "bot": "random"}]}
    assert cc.seats(doc, "c.toml", "Arctic", 2, 4, BOTS) == [("ann", None), ("bob", "greedy"), ("Zo\u00eb", "random")]


def test_the_number_of_players_must_fit_the_game():
    assert cc.seats(players("a", "b"), "c.toml", "Arctic", 2, 4, BOTS) == [("a", None), ("b", None)]
    assert len(cc.seats(players("a", "b", "c", "d"), "c.toml", "Arctic", 2, 4, BOTS)) == 4
    assert refused(cc.seats, players("a"), "c.toml", "Arctic", 2, 4, BOTS) == \
        ("c.toml: Arctic needs 2 to 4 players, not 1", "players")
    assert refused(cc.seats, players("a", "b", "c", "d", "e"), "c.toml", "Arctic", 2, 4, BOTS)[0] == \
        "c.toml: Arctic needs 2 to 4 players, not 5"
    assert refused(cc.seats, players("a", "b", "c"), "c.toml", "Duo", 2, 2, BOTS)[0] == \
        "c.toml: Duo needs exactly 2 players, not 3"


def test_players_must_be_tables_with_known_keys_and_a_name():
    for doc in ({}, {"players": {"name": "a"}}, {"players": [{"name": "a"}, "b"]}):
        assert refused(cc.seats, doc, "c.toml", "Evo", 2, 4, BOTS) == \
            ("c.toml: players must be given as [[players]] tables with a name", "players")
    doc = {"players": [{"name": "a"}, {"name": "b", "bots": "random"}]}
    assert refused(cc.seats, doc, "c.toml", "Evo", 2, 4, BOTS) == \
        ("c.toml: unknown key players[2].bots; did you mean 'bot'?", "players.bots")
    doc = {"players": [{"name": "a"}, {"bot": "random"}]}
    assert refused(cc.seats, doc, "c.toml", "Evo", 2, 4, BOTS) == ("c.toml: players[2] needs a name", "players.name")


def test_two_players_may_not_share_a_name_in_any_case():
    assert refused(cc.seats, players("Ann", "bob", "ANN"), "c.toml", "Evo", 2, 4, BOTS) == \
        ("c.toml: two players are called 'ANN'", "players.name")


def test_a_bot_must_be_one_of_the_games_kinds():
    doc = {"players": [{"name": "a"}, {"name": "b", "bot": "randon"}]}
    assert refused(cc.seats, doc, "c.toml", "Evo", 2, 4, BOTS) == \
        ("c.toml: players[2].bot = 'randon' is not a bot; choose random, greedy; did you mean 'random'?",
         "players.bot")
    doc = {"players": [{"name": "a", "bot": 1}, {"name": "b"}]}
    assert refused(cc.seats, doc, "c.toml", "Evo", 2, 4, BOTS)[0] == \
        "c.toml: players[1].bot = 1 is not a bot; choose random, greedy"


def test_the_seed_is_a_whole_number_below_two_to_the_64():
    assert cc.seed({}, "c.toml") is None
    assert cc.seed({"seed": 0}, "c.toml") == 0
    assert cc.seed({"seed": 2**64 - 1}, "c.toml") == 2**64 - 1
    for bad in (2**64, -1, True, 1.0, "7"):
        assert refused(cc.seed, {"seed": bad}, "c.toml") == \
            ("c.toml: game.seed must be a whole number from 0 to 2^64-1", "game.seed")


def test_the_starting_player_is_one_of_the_players():
    names = ["ann", "Zo\u00eb"]
    assert cc.start({}, "c.toml", names) is None
    assert cc.start({"start": "Zoe\u0308"}, "c.toml", names) == "Zo\u00eb"
    assert refused(cc.start, {"start": "anne"}, "c.toml", names) == \
        ("c.toml: game.start = 'anne' is not one of the players (ann, Zoë); did you mean 'ann'?", "game.start")
    assert refused(cc.start, {"start": 1}, "c.toml", names)[0] == \
        "c.toml: game.start = 1 is not one of the players (ann, Zoë)"
