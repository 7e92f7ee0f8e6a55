"""Arctic rules through the protocol: deck, config, move text, hidden information, determinism, logs."""

from __future__ import annotations

import json
import tomllib
from collections import Counter

import pytest

from rules.arctic import RULES
from rules.arctic.cards import ANIMALS, BY_NAME, COMP, DRAW, MAIN, NAME, PLACE, deck_for
from rules.arctic.config import ArcticConfig
from rules.arctic.state import ArcticState
from rules.core.errors import ConfigError, IllegalMove, MoveSyntaxError, UnknownName
from rules.core.protocol import decision_stream


def config(n: int = 2, **game: object) -> ArcticConfig:
    doc = {"game": {"rules": "arctic", **game}, "players": [{"name": f"p{i}"} for i in range(n)]}
    return RULES.config_from_dict(doc, "t.toml", None)  # type: ignore[no-any-return]  # config_from_dict is typed Any in GameRules


def random_game(n: int, seed: int, check_text: bool = False) -> ArcticState:
    st = RULES.new_state(config(n), seed)
    while not st.is_over:
        moves = st.legal_moves()
        assert moves, f"no legal move in phase {st.phase}"
        m = moves[decision_stream(seed, st.current, st.seq).below(len(moves))]
        text = st.move_text(m)
        if check_text:
            assert st.parse(text) == m
        st.apply(m)
        if check_text:
            assert st.move_text(m) == text  # the shared log prints a move after applying it
    return st


def test_deck_has_five_cards_of_each_animal_and_companion_per_set() -> None:
    for n in (2, 3, 4):
        deck = deck_for(n)
        assert len(deck) == 30 * n
        assert Counter(MAIN[c] for c in deck) == dict.fromkeys(range(6), 5 * n)
        assert Counter(COMP[c] for c in deck) == dict.fromkeys(range(6), 5 * n)
        assert all(PLACE[c] + DRAW[c] == 6 and MAIN[c] != COMP[c] for c in deck)
    assert [NAME[c] for c in range(5)] == ["fox/moose 5-1", "fox/walrus 4-2", "fox/orca 3-3", "fox/puffin 2-4",
                                           "fox/bear 1-5"]
    assert len(set(NAME)) == 120  # every card has its own name, so a move can name it


def test_default_config_is_accepted_and_round_trips() -> None:
    cfg = RULES.config_from_dict(tomllib.loads(RULES.default_config_text()), "d.toml", None)
    assert RULES.config_from_dict(RULES.config_to_dict(cfg), "again", None) == cfg
    cfg2 = config(3, seed=5, start="p1", powers={"fox": "A", "polar bear": "b", "orca": "Random"})
    assert cfg2.powers == ("A", "random", "random", "random", "random", "B")
    assert RULES.config_from_dict(RULES.config_to_dict(cfg2), "again", None) == cfg2


@pytest.mark.parametrize("game, players, words", [
    ({"sead": 1}, 2, ["game.sead", "did you mean 'seed'"]),
    ({"powers": {"fox": "C"}}, 2, ["game.powers.fox", "A"]),
    ({"powers": {"puffn": "A"}}, 2, ["game.powers.puffn", "puffin"]),
    ({"seed": -1}, 2, ["game.seed"]),
    ({"start": "nobody"}, 2, ["game.start"]),
    ({}, 1, ["2 to 4 players"]),
    ({}, 5, ["2 to 4 players"]),
    ({"rules": "fauna"}, 2, ["game.rules"]),
])
def test_bad_config_names_the_key(game: dict[str, object], players: int, words: list[str]) -> None:
    doc = {"game": game, "players": [{"name": f"p{i}"} for i in range(players)]}
    with pytest.raises(ConfigError) as err:
        RULES.config_from_dict(doc, "bad.toml", None)
    assert all(w in str(err.value) for w in words) and "\n" not in str(err.value)


def test_bad_player_entries() -> None:
    for players, word in (([{"name": "a"}, {"name": "A"}], "two players"),
                          ([{"name": "a"}, {"name": "b:c"}], "a move script uses to cut its lines"),
                          ([{"name": "a"}, {"name": "b", "bot": "plannr"}], "did you mean 'planner'"),
                          ([{"name": "a"}, {"name": "b", "bott": "random"}], "players[2].bott")):
        with pytest.raises(ConfigError) as err:
            RULES.config_from_dict({"game": {}, "players": players}, "x", None)
        assert word in str(err.value)


def test_move_text_round_trips_over_many_random_positions() -> None:
    for seed in range(12):
        random_game(2 + seed % 3, seed, check_text=True)


def test_every_legal_move_round_trips_and_applies() -> None:
    """In every position of a few games, each legal move prints, parses back, and is accepted."""
    for seed in (1, 2, 3):
        st = RULES.new_state(config(2 + seed % 3, powers={"fox": "AB"[seed % 2], "puffin": "A"}), seed)
        while not st.is_over:
            moves = st.legal_moves()
            assert len(set(moves)) == len(moves)
            for m in moves:
                text = st.move_text(m)
                assert st.parse(text) == m and st.parse(text.upper()) == m, text
                assert not any(ch in text for ch in ";#:\n")
            for m in moves[:: max(1, len(moves) // 4)]:
                st.copy().apply(m)
            st.apply(moves[decision_stream(seed, st.current, st.seq).below(len(moves))])


def test_same_seed_and_moves_give_the_same_game() -> None:
    a, b = random_game(3, 42), random_game(3, 42)
    assert a.history == b.history and a.scores() == b.scores()
    assert RULES.summary(a) == RULES.summary(b)


def test_scores_add_up_and_a_single_winner() -> None:
    for seed in range(6):
        st = random_game(4, seed)
        summary = RULES.summary(st)
        for p in summary["players"]:
            score = p["score"]
            assert sum(v for k, v in score.items() if k != "total") == score["total"] == st.scores()[p["name"]]
        assert len(st.winners) == 1 and st.winners[0] == st.ranking()[0]
        assert RULES.breakdown(st)[st.names[0]]["penalty"] <= 0


def test_view_hides_other_hands_totems_and_draw_pile() -> None:
    st = RULES.new_state(config(3), 8)
    for _ in range(30):
        st.apply(st.legal_moves()[0])
    for me in range(3):
        text = json.dumps(st.view(st.names[me]))
        for other in range(3):
            for c in st.hands[other]:
                assert (NAME[c] in text) == (other == me)
        for c in st.draw + st.reserve:
            assert NAME[c] not in text
        for pen in st.penalties:
            for c in pen:
                assert NAME[c] not in text
        assert f'"totem": "{ANIMALS[st.totems[me]]}"' in text
        assert text.count('"totem"') == 1
        assert '"seed"' not in text
    spectator = json.dumps(st.view(None))
    assert '"hand"' not in spectator and '"totem"' not in spectator


def test_face_down_card_is_seen_only_by_its_owner() -> None:
    cfg = config(2, start="p0", powers={"fox": "A"})
    st = RULES.new_state(cfg, 3)
    st.holders[0] = 0
    st.piles[0] = [BY_NAME["orca/fox 3-3"]]
    hand = ["fox/walrus 4-2", "walrus/bear 3-3", "moose/puffin 3-3"]
    st.hands[0] = [BY_NAME[c] for c in hand]
    for c in st.hands[0] + st.piles[0]:
        for zone in (st.hands[1], st.river, st.draw, st.reserve):
            if c in zone:
                zone.remove(c)
    st._begin_turn()
    st._settle()
    st.apply("place fox/walrus 4-2")  # placement 3 from orca/fox 3-3
    st.apply("place walrus/bear 3-3")
    hidden = "moose/puffin 3-3"
    st.apply(f"place {hidden} under")
    assert st.piles[0][-2] == BY_NAME[hidden] + 1000
    assert hidden in json.dumps(st.view("p0"))
    assert hidden not in json.dumps(st.view("p1")) and hidden not in json.dumps(st.view(None))
    assert "face down" in json.dumps(st.view("p1"))


def test_errors_are_typed_and_suggest() -> None:
    st = RULES.new_state(config(2, start="p0"), 1)
    with pytest.raises(MoveSyntaxError):
        st.apply("jump")
    with pytest.raises(UnknownName, match="did you mean"):
        st.apply("place foks")
    with pytest.raises(IllegalMove, match="p0's turn"):
        st.apply(st.move_text(st.legal_moves()[0]), "p1")
    with pytest.raises(IllegalMove):
        st.apply("take deck")


def test_copy_is_independent() -> None:
    st = RULES.new_state(config(2), 4)
    cp = st.copy()
    cp.apply(cp.legal_moves()[0])
    assert st.seq == 0 and cp.seq == 1 and st.hands != cp.hands or st.piles != cp.piles


def test_log_header_round_trips_and_lines_are_public() -> None:
    cfg = config(2, seed=77, powers={"orca": "B"})
    st = RULES.new_state(cfg, 77)
    head = RULES.header_lines(st)
    assert head[0] == "arctic-log 1"
    back, seed, used = RULES.parse_header(head + ["1 p0: place x"], "g.log")
    assert (back.powers, back.names, seed, used) == (cfg.powers, cfg.names, 77, len(head))
    with pytest.raises(ConfigError, match="g.log:2"):
        RULES.parse_header([head[0], "sead 1"], "g.log")
    lines = RULES.opening_lines(st)
    while not st.is_over:
        lines += RULES.lines_after(st, st.apply(st.legal_moves()[-1]))
    text = "\n".join(lines)
    for c in st.draw + st.reserve:
        assert NAME[c] not in text  # face-down cards are never told
    assert lines[-1].startswith("winner ") and any(ln.startswith("score ") for ln in lines)
    assert all("\n" not in ln and ";" not in ln for ln in lines)


def test_tables_after_each_round_and_at_the_end() -> None:
    st = RULES.new_state(config(3), 12)
    rounds = 0
    while not st.is_over:
        ev = st.apply(st.legal_moves()[0])
        tables = RULES.tables_after(st, ev)
        if tables:
            rounds += 1
            assert tables[0].headers[:3] == ("player", "visible", "pile") and len(tables[0].rows) == 3
            assert tables[1].title.startswith("Longest runs") and tables[1].headers[1:] == ANIMALS
            assert tables[2].title.startswith("Tokens")
    assert rounds == st.round - 1
    final, per_animal = RULES.final_tables(st)
    assert final.headers[-2:] == ("total", "rank") and sorted(r[-1] for r in final.rows) == [1, 2, 3]
    for row, animals in zip(final.rows, per_animal.rows, strict=True):  # the runs column adds up the animals
        assert row[0] == animals[0] and row[1] == sum(animals[1:])


def test_help_and_event_text() -> None:
    st = RULES.new_state(config(2), 2)
    assert "place" in RULES.help_text(st)
    ev = st.apply(st.legal_moves()[0])
    assert any(RULES.event_text(e) for e in ev)


def test_picture_shows_the_view() -> None:
    from fauna_cli.games.arctic import picture
    st = RULES.new_state(config(2), 2)
    pic = picture(st.view("p0"))
    assert "Your hand" in pic and "Landscape" in pic and "[ 3:" in pic
    assert "Your hand" not in picture(st.view(None))
    assert "\x1b[" in picture(st.view("p0"), color=True) and "\x1b[" not in pic


def test_registry_knows_arctic() -> None:
    from rules.core.registry import load_rules, rules_for_log
    assert load_rules("arctic") is RULES
    assert rules_for_log("arctic-log 1 @abc") is RULES


def test_docs_example_game_replays() -> None:
    """The complete game in docs/arctic-moves.md replays move by move with the same public lines."""
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parent.parent / "docs" / "arctic-moves.md").read_text(encoding="utf-8")
    lines = doc.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    cfg, seed, _used = RULES.parse_header(lines, "arctic-moves.md")
    st = RULES.new_state(cfg, seed)
    out = RULES.header_lines(st) + RULES.opening_lines(st)
    for line in lines[len(out):]:
        m = re.match(r"^(\d+) ([^:]+): (.*)$", line)
        if m:
            who, text = m.group(2), m.group(3)
            events = st.apply(text, who)
            out.append(line)
            out += RULES.lines_after(st, events)
    assert out == lines and st.is_over


def test_scores_before_the_end_keep_the_totems_secret() -> None:
    st = RULES.new_state(config(2), 6)
    for _ in range(40):
        st.apply(st.legal_moves()[0])
    assert not st.is_over
    for s, name in enumerate(st.names):
        full = st.score_of(s)
        assert st.scores()[name] == full.total - full.totem
    table, _ = RULES.final_tables(st)
    assert table.title == "Scores so far" and all(row[-4] == "?" for row in table.rows)
