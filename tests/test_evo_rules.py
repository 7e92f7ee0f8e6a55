"""Evo's engine: islands and wheel as designed, moves that print and parse back, determinism, hidden facts."""

from __future__ import annotations

import json
import tomllib

import pytest

from fauna_cli.games.evo import picture
from rules.core.errors import ConfigError, IllegalMove, MoveSyntaxError, UnknownName
from rules.core.rng import SplitMix64
from rules.evo import RULES, data
from rules.evo.board import board_for
from rules.evo.config import Config, PlayerSpec, config_from_dict
from rules.evo.moves import Move
from rules.evo.state import METEORITE, State, new_state

NAMES = ["alice", "bob", "carol", "dave", "eve"]


def config(n: int, **kw: object) -> Config:
    return Config(tuple(PlayerSpec(x) for x in NAMES[:n]), **kw)  # type: ignore[arg-type]  # keyword options of the test's choosing


def random_game(n: int, seed: int, stop: int = 10_000) -> State:
    state = new_state(config(n), seed)
    rng = SplitMix64(seed ^ 0xABC)
    while not state.is_over and state.seq < stop:
        legal = state.legal_moves()
        state.apply(legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize("edition", [2, 3])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_islands_follow_the_design(n: int, edition: int) -> None:
    b = board_for(n, edition)
    for s in range(b.size):
        if b.terrain[s] == "beach":
            assert b.coastal[s], f"{b.names[s]}: a beach borders the sea"
        if b.terrain[s] in ("hills", "mountains"):
            assert not b.coastal[s], f"{b.names[s]}: cold terrains are inland"
        assert all(s in b.neighbors[t] for t in b.neighbors[s])
    seen, todo = {0}, [0]
    while todo:
        for t in b.neighbors[todo.pop()]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    assert len(seen) == b.size
    starts = [s for pair in b.start_pairs for s in pair]
    assert len(set(starts)) == 2 * n and all(b.terrain[s] == "beach" for s in starts)
    assert all(b.distance[a][c] <= 2 for a, c in b.start_pairs)
    assert set(b.terrain) == set(data.TERRAINS)


@pytest.mark.parametrize("n, rows, starts, message", [
    (9, ["bx"], [], "board 9: unknown map letter 'x'"),
    (9, ["BbB", "bbb"], [["A1", "A2"]], "board 9: start pair A1/A2 is not two start marks"),
    (9, ["BbB", "bbb"], [["A1", "Z9"]], "board 9: start pair A1/Z9 is not two start marks"),
    (9, ["BbB", "bbb"], [["A1", "A3"]], "board 9 needs at least 9 start pairs"),
    (1, ["BBB", "bbb"], [["A1", "A2"]], "board 1 must pair every start mark exactly once"),  # one mark too many
    (1, ["BBB", "Bbb"], [["A1", "A2"], ["A1", "A3"]], "board 1 must pair every start mark exactly once"),
])
def test_a_board_drawn_wrong_in_the_data_is_refused_with_its_fault(
        n: int, rows: list[str], starts: list[list[str]], message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.core.errors import DataError

    monkeypatch.setattr(data, "load", lambda name: {"board": {str(n): {"rows": rows, "starts": starts}}})
    with pytest.raises(DataError, match=f"^evo/boards.toml: {message}"):
        board_for(n)


def test_a_player_count_without_a_board_is_refused() -> None:
    from rules.core.errors import DataError

    with pytest.raises(DataError, match="^evo/boards.toml has no board for 7 players"):
        board_for(7)


def test_islands_grow_with_the_players() -> None:
    sizes = [board_for(n).size for n in (2, 3, 4, 5)]
    assert sizes == sorted(sizes) and 65 <= sizes[-1] <= 75


def test_the_wheel_has_one_ideal_terrain_and_its_neighbours_hot_and_cold() -> None:
    wheel = data.wheel()
    order = list(data.TERRAINS)
    assert wheel.ideal(wheel.start) == "beach"
    for rings in wheel.rings:
        ideal = [t for t, r in rings.items() if r == "ideal"]
        assert len(ideal) == 1
        i = order.index(ideal[0])
        for j, t in enumerate(order):
            want = {0: "ideal", -1: "hot", 1: "cold"}.get(j - i, "deadly")
            assert rings[t] == want, (rings, t)


def test_tokens_the_seeds_eleven_movers_plus_one_and_the_meteorite_among_the_last_three() -> None:
    counts = data.token_counts()
    assert counts == {"+1": 8, "+2": 1, "0": 1, "-1": 2}
    for seed in range(40):
        s = State(config(3), seed)
        assert len(s.tokens) == 12 and s.tokens.count(METEORITE) == 1
        assert METEORITE in s.tokens[-3:]
        assert sorted(s.tokens + [s.removed_token]) == sorted([METEORITE] + [t for t, k in counts.items()
                                                                              for _ in range(k)])


def test_bag_and_genes() -> None:
    s = State(config(4), 3)
    assert len(s.bag) == 36 + 8
    assert sum(data.normal_genes().values()) == 36 and len(data.unique_genes()[0]) == 12
    assert len(data.cards()) == 15 and len(data.die()) == 6


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (3, 11), (5, 12)])
def test_every_legal_move_prints_and_parses_back(n: int, seed: int) -> None:
    state = new_state(config(n), seed)
    rng = SplitMix64(seed)
    kinds = set()
    while not state.is_over:
        legal = state.legal_moves()
        assert legal, state.phase
        for m in legal:
            text = state.move_text(m)
            assert not any(ch in text for ch in ";#:\n")
            assert state.parse(text) == m
            assert state.parse(text.upper()) == m
        move = legal[rng.below(len(legal))]
        kinds.add(move.kind)
        state.apply(move)
    assert {"bid", "move", "done", "birth"} <= kinds
    assert state.winners


def test_same_seed_and_moves_give_the_same_game() -> None:
    a, b = random_game(4, 21), random_game(4, 21)
    assert a.history == b.history and a.scores() == b.scores() and a.view(None) == b.view(None)
    replay = new_state(config(4), 21)
    lines = list(replay.opening)
    for player, move in a.history:
        lines += replay.apply(replay.move_text(move), player)
    assert replay.scores() == a.scores()


def test_games_end_by_the_meteorite_after_nine_to_eleven_rounds() -> None:
    for seed in range(6):
        s = random_game(3, seed)
        assert s.is_over and s.revealed[-1] == METEORITE and 10 <= s.round <= 12


def test_errors_say_what_is_wrong() -> None:
    s = new_state(config(3), 5)
    with pytest.raises(MoveSyntaxError, match="did you mean 'bid'"):
        s.parse("bdi 2 fur")
    with pytest.raises(UnknownName, match="column"):
        s.parse("bid 2 furr")
    with pytest.raises(MoveSyntaxError, match="no space Z9"):
        s.parse("move Z9 A1")
    with pytest.raises(IllegalMove, match="turn"):
        s.check(s.legal_moves()[0], player=next(p for p in NAMES[:3] if p != s.to_move))


def test_a_view_never_shows_what_its_player_may_not_see() -> None:
    s = random_game(4, 8, stop=60)
    for seat, _name in enumerate(s.names):
        s.hand[seat] = []
    s.hand[1] = ["windfall"]
    s.genes[0]["sixth sense"] = 1
    for who in [None] + list(s.names):
        dump = json.dumps(s.view(who))
        assert '"seed"' not in dump and "removed" not in dump and '"tokens":' not in dump
        assert ("windfall" in dump) == (who == s.names[1])
        assert ("next_token" in dump) == (who == s.names[0])
        assert json.dumps(s.deck) not in dump


def test_config_round_trip_and_errors() -> None:
    doc = tomllib.loads(RULES.default_config_text())
    cfg = RULES.config_from_dict(doc, "new.toml", None)
    assert RULES.config_from_dict(RULES.config_to_dict(cfg), "x", None) == cfg
    bad = [({"game": {"sed": 1}, "players": [{"name": "a"}, {"name": "b"}]}, "game.sed; did you mean 'seed'"),
           ({"players": [{"name": "a"}]}, "2 to 5 players"),
           ({"players": [{"name": "a"}, {"name": "a"}]}, "two players are called"),
           ({"players": [{"name": "a"}, {"name": "b", "bot": "heurstic"}]}, "did you mean 'heuristic'"),
           ({"game": {"start": "c"}, "players": [{"name": "a"}, {"name": "b"}]}, "game.start"),
           ({"game": {"seed": -1}, "players": [{"name": "a"}, {"name": "b"}]}, "game.seed"),
           ({"players": [{"name": "a;b"}, {"name": "b"}]}, "a move script uses to cut its lines")]
    for d, msg in bad:
        with pytest.raises(ConfigError, match=msg):
            RULES.config_from_dict(d, "x.toml", None)


def test_start_player_goes_first() -> None:
    for seed in range(5):
        assert new_state(config(4, start="carol"), seed).order[0] == 2


def test_log_header_round_trips_and_lines_are_public() -> None:
    cfg = Config((PlayerSpec("alice"), PlayerSpec("bob", "random"), PlayerSpec("carol", "heuristic")), 77, "bob")
    s = RULES.new_state(cfg, 77)
    head = RULES.header_lines(s)
    assert head[0] == "evo-log 1"
    back, seed, used = RULES.parse_header(head + ["start: x"], "game.log")
    assert (back, seed, used) == (cfg, 77, len(head))
    with pytest.raises(ConfigError, match="game.log:1"):
        RULES.parse_header(["fauna-log 2"], "game.log")
    with pytest.raises(ConfigError, match="game.log:3: the header has no data line"):
        RULES.parse_header([head[0], head[1]] + head[3:], "game.log")
    with pytest.raises(ConfigError, match="game.log:3: this log was recorded with other Evo data"):
        RULES.parse_header([head[0], head[1], "data sha256:00"] + head[3:], "game.log")
    with pytest.raises(ConfigError, match="game.log:4: bad header line"):
        RULES.parse_header(head[:3] + ["player {nope"], "game.log")
    opening = RULES.opening_lines(s)
    assert opening[0].startswith("start: ") and any(line.startswith("round 1 climate") for line in opening)
    rng = SplitMix64(3)
    while not s.is_over:
        legal = s.legal_moves()
        ev = s.apply(legal[rng.below(len(legal))])
        for line in RULES.lines_after(s, ev):
            assert "\n" not in line and line
            assert not any(card in line for card in ("draws ice cold",))
        tables = RULES.tables_after(s, ev)
        if any(e.kind == "round-end" for e in ev):
            assert tables[0].title.startswith("Round") and tables[2].title.startswith("Climate")
    assert RULES.lines_after(s, ev)[-1].startswith("over ")
    final = RULES.final_tables(s)[0]
    assert final.rows[0][0] == 1 and final.rows[0][1] in s.winners
    summary = RULES.summary(s)
    for name, p in summary["players"].items():
        assert p["start"] + p["income"] + p["paid"] + p["cards"] == p["mp"] == s.scores()[name]
    assert RULES.help_text(new_state(cfg, 1)).startswith("Gene auction: bid on a column")


@pytest.mark.parametrize("line, at, message", [
    ("seed 007", 2, "bad header line 'seed 007'"),
    (f"seed {1 << 64}", 2, "bad header line"),
    ("seed -1", 2, "bad header line"),
    ('player ["alice"]', 4, "bad header line"),
])
def test_a_bad_header_line_is_named(line: str, at: int, message: str) -> None:
    head = RULES.header_lines(new_state(config(2), 9))
    head[at - 1] = line
    with pytest.raises(ConfigError, match=f"^game.log:{at}: {message}"):
        RULES.parse_header(head, "game.log")


def test_names_stay_as_written_in_the_header() -> None:
    cfg = Config((PlayerSpec("Zoë"), PlayerSpec("Jörg", "random")), 4, "Jörg")
    head = RULES.header_lines(new_state(cfg, 4))
    assert head[3:] == ["edition 8", "player {\"name\": \"Zoë\"}", "player {\"name\": \"Jörg\", \"bot\": \"random\"}",
                        "start \"Jörg\""]
    assert RULES.parse_header(head, "game.log")[0] == cfg


def test_each_event_has_its_line_for_people_and_the_round_end_marker_none() -> None:
    s = new_state(config(2), 9)
    events = list(s.opening)
    while not any(e.kind == "round-end" for e in events):
        events += s.apply(s.legal_moves()[0])
    for e in events:
        assert RULES.event_text(e) == (None if e.kind == "round-end" else e.text)
    assert RULES.event_text(events[0]).startswith("start: ")


def test_a_header_without_seed_or_with_one_player_is_refused_and_start_is_written_only_when_fixed() -> None:
    with pytest.raises(ConfigError, match="^game.log:1: not an evo-log 1 log \\(first line ''\\)"):
        RULES.parse_header([], "game.log")
    s = new_state(config(2), 9)
    head = RULES.header_lines(s)
    assert not any(line.startswith("start") for line in head)
    assert RULES.parse_header(head + RULES.opening_lines(s), "game.log")[2] == len(head) == 6
    assert RULES.parse_header(head[:1] + ["seed 0"] + head[2:], "game.log")[1] == 0
    with pytest.raises(ConfigError, match="^game.log:2: the header has no seed line"):
        RULES.parse_header([head[0]] + head[2:], "game.log")
    with pytest.raises(ConfigError, match="^game.log:5: .*player"):
        RULES.parse_header(head[:5], "game.log")


def test_a_log_without_an_edition_line_replays_by_the_first_edition_and_an_unknown_edition_is_refused() -> None:
    head = RULES.header_lines(new_state(config(2, edition=2), 9))
    assert head[3] == "edition 2" and RULES.parse_header(head, "game.log")[0].edition == 2
    old = head[:3] + head[4:]  # as every log recorded before editions reads
    assert RULES.parse_header(old, "game.log")[0].edition == 1
    with pytest.raises(ConfigError, match="^game.log:4: this log was played by rules edition '9'"):
        RULES.parse_header(head[:3] + ["edition 9"] + head[4:], "game.log")
    with pytest.raises(ConfigError, match="game.edition must be a rules edition from 1 to 8"):
        config_from_dict({"game": {"rules": "evo", "edition": 0}, "players": [{"name": "a"}, {"name": "b"}]})


def test_picture_shows_the_names_moves_use_and_colour_only_on_request() -> None:
    s = new_state(config(5, edition=2), 4)  # names of the edition-2 island
    text = picture(s.view("alice"))
    for name in ("A7", "C2", "H9", "E11"):
        assert name in text
    assert "\x1b[" not in text and "\x1b[" in picture(s.view("alice"), color=True)
    assert "Climate: token" in text and "Initiative:" in text
    start = s.board.names[s.dinos(0)[0]]
    assert f"{start:>3}b" in text


def _universe(s: State) -> list[Move]:
    """Many moves, legal or not, of the kinds the current phase could take."""
    names = s.board.names
    seat = s.to_move_seat
    assert seat is not None
    cards = [Move("play", c, t) for c in sorted(set(s.hand[seat])) for t in ["", "cw", "acw", *s.names]]
    out = [Move("pass"), Move("done"), Move("skip"), *cards]
    out += [Move("initiative", n=k) for k in range(s.n + 2)]
    out += [Move("bid", item, n=k) for item in s.lab for k in range(8)]
    mine = s.dinos(seat)
    for a in mine:
        out += [Move(k, names[a], names[b]) for k in ("move", "attack", "swim", "fly") for b in range(s.board.size)]
    for t in range(s.board.size):
        out += [Move("escape", names[t]), Move("keep", names[t]), Move("birth", names[t])]
        out += [Move("birth", names[t], names[r]) for r in mine]
        out += [Move("birth", names[t], "", names[e]) for e in s.board.neighbors[t]]
    return out


@pytest.mark.parametrize("n, seed", [(2, 31), (3, 32), (5, 33)])
def test_legal_moves_are_exactly_the_moves_check_accepts(n: int, seed: int) -> None:
    s = new_state(config(n), seed)
    for seat in range(n):
        s.hand[seat] = [c.name for c in data.cards()][seat * 3: seat * 3 + 3]
        s.genes[seat].update({"wings": 1, "flippers": 1, "killer babies": 1} if seat == 0 else {"thick shell": 1})
    rng = SplitMix64(seed)
    while not s.is_over and s.seq < 300:
        legal = s.legal_moves()
        accepted = set()
        for m in _universe(s):
            try:
                s.check(m)
                accepted.add(m)
            except IllegalMove:
                pass
        assert accepted == set(legal), (s.phase, accepted ^ set(legal))
        s.apply(legal[rng.below(len(legal))])


def test_round_tables_add_up() -> None:
    s = new_state(config(3), 22)  # a game with losses to the climate and in combat (rules edition 5)
    rng = SplitMix64(22)
    seen = 0
    lost_by_rounds = {n: [0, 0] for n in s.names}
    paying, paid = dict.fromkeys(s.names, 0), []  # what the buy lines of each round say each player paid
    while not s.is_over:
        legal = s.legal_moves()
        ev = s.apply(legal[rng.below(len(legal))])
        for e in ev:
            if e.kind == "buy":
                paying[e.player] += int(e.text.split(" pays ")[1].split()[0])
            elif e.kind == "round-end":
                paid.append(paying)
                paying = dict.fromkeys(s.names, 0)
        tables = RULES.tables_after(s, ev)
        for points, herds in zip(tables[::3], tables[1::3], strict=True):
            seen += 1
            paid_this_round = paid.pop(0)
            for row, herd in zip(points.rows, herds.rows, strict=True):
                r = dict(zip(points.headers, row, strict=True)) | dict(zip(herds.headers, herd, strict=True))
                assert -r["paid"] == paid_this_round[r["player"]]
                assert r["before"] + r["paid"] + r["cards"] + r["income"] == r["after"]
                assert r["income"] == r["dinosaurs"] >= 2
                lost_by_rounds[r["player"]][0] += r["lost to climate"]
                lost_by_rounds[r["player"]][1] += r["lost in combat"]
    assert seen == len(s.rounds) >= 9
    lost = {row[0]: (row[1], row[2]) for row in RULES.final_tables(s)[1].rows}
    assert lost == {n: (s.lost_climate[i], s.lost_combat[i]) for i, n in enumerate(s.names)}
    assert {n: tuple(v) for n, v in lost_by_rounds.items()} == lost  # the rounds' losses add up to the game's
    assert any(climate for climate, _ in lost.values()) and any(combat for _, combat in lost.values())


def test_the_round_table_shows_the_wheel_a_climate_card_left() -> None:
    from rules.evo.cases import build, parse_cases

    (case,) = parse_cases(
        'game = "evo"\n[[case]]\nname = "shift"\nrule = "r"\nsource = "design"\nplayers = ["alice", "bob"]\n'
        'position = { phase = "climate", wheel = 1, order = ["alice", "bob"], tokens = ["+1", "+1", "meteorite"], '
        'cards = { alice = ["climate shift"] } }\n[case.expect]\nwheel = 3\n', "shift.toml")
    s, _ = build(case)
    s.apply("play climate shift cw")
    rng = SplitMix64(5)
    tables: list = []
    while not tables:
        legal = s.legal_moves()
        tables = RULES.tables_after(s, s.apply(legal[rng.below(len(legal))]))
    climate = tables[2]
    assert climate.title.startswith("Climate")
    assert climate.rows[0][1:3] == (3, "mountains")  # token +1 to position 2, the card one more: 3


def test_a_copy_plays_on_without_touching_the_original() -> None:
    s = random_game(4, 23, stop=150)
    before = json.dumps(s.view(None)), s.seq, s.rng.state, list(s.history)
    c = s.copy()
    rng = SplitMix64(1)
    while not c.is_over:
        legal = c.legal_moves()
        c.apply(legal[rng.below(len(legal))])
    assert (json.dumps(s.view(None)), s.seq, s.rng.state, list(s.history)) == before
    again = s.copy()
    rng = SplitMix64(1)
    while not again.is_over:
        legal = again.legal_moves()
        again.apply(legal[rng.below(len(legal))])
    assert again.history == c.history and again.scores() == c.scores()


def test_a_copy_has_round_records_of_its_own() -> None:
    """State.copy copied the list of finished rounds but not the records in it: a copy and its original shared
    each round's record, so anything that changed a copy's round (a search scoring its world, a table or summary
    worked on the copy) changed the original's round tables and summary too."""
    s = new_state(config(3), 31)
    rng = SplitMix64(31)
    while len(s.rounds) < 2:  # two rounds played: their records are final
        legal = s.legal_moves()
        s.apply(legal[rng.below(len(legal))])
    assert not s.is_over
    before = json.dumps(RULES.summary(s)), [t.rows for t in RULES.final_tables(s)]
    c = s.copy()
    assert c.rounds == s.rounds and c.record == s.record  # every field of every record copied
    while not c.is_over:  # the copy plays on through later rounds, to the end
        legal = c.legal_moves()
        c.apply(legal[rng.below(len(legal))])
    assert (json.dumps(RULES.summary(s)), [t.rows for t in RULES.final_tables(s)]) == before
    first = c.rounds[0]  # and a change to the copy's finished round stays in the copy
    first.income[0] += 5
    first.paid[1] += 2
    first.bought[2] = "wings"
    first.lost_climate[0] += 1
    assert json.dumps(RULES.summary(s)) == before[0]
    assert s.rounds[0].income[0] + 5 == c.rounds[0].income[0]


def test_any_text_is_a_move_or_an_error_a_player_can_read() -> None:
    from rules.core.errors import FaunaError

    s = random_game(3, 41, stop=30)
    rng = SplitMix64(41)
    words = ["bid", "play", "move", "attack", "birth", "keep", "from", "attack", "C3", "z9", "6", "99", "fur",
             "ice", "cold", "event", "", "done", "pass", "initiative", "-1", "cw", "alice", "é", "A1"]
    for _ in range(3000):
        text = " ".join(words[rng.below(len(words))] for _ in range(rng.below(6)))
        try:
            s.check(text)
        except FaunaError as exc:
            assert str(exc) and "\n" not in str(exc)


@pytest.mark.parametrize("text, message", [
    ("bid 1 fure", "unknown column 'fure'; did you mean 'fur'?"),
    ("play zzzz", "unknown event card 'zzzz' (choose from: "),
    ("birth C3 from", "write 'birth SPACE', 'birth SPACE from SPACE' or 'birth SPACE attack SPACE'"),
    ("birth C3 from C4 from B3", "'from' is given twice"),
    ("birth C3 attack C4 attack B3", "'attack' is given twice"),
])
def test_a_misread_move_says_what_was_meant(text: str, message: str) -> None:
    s = new_state(config(2), 1)
    with pytest.raises((MoveSyntaxError, UnknownName)) as err:
        s.parse(text)
    assert str(err.value).startswith(message)
    assert s.parse("birth C3 attack C4 from B3").text() == "birth C3 from B3 attack C4"
