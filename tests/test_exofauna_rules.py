"""ExoFauna/Duo engine: moves print and parse back, views hide what they must, games are reproducible."""

from __future__ import annotations

import ast
import json
import tomllib
from pathlib import Path

import pytest

from rules.core.errors import ConfigError, IllegalMove, MoveSyntaxError, UnknownName
from rules.core.registry import load_rules
from rules.core.rng import SplitMix64
from rules.exofauna import RULES
from rules.exofauna.bots import make_bot
from rules.exofauna.config import Config, PlayerSpec, config_from_dict, config_to_dict
from rules.exofauna.state import EMPTY, State

ROOT = Path(__file__).resolve().parent.parent


def new(seed: int = 7, quick: bool = False, start: str | None = "alice") -> State:
    return State(Config((PlayerSpec("alice"), PlayerSpec("bob")), seed, start, quick), seed)


def random_states(games: int = 12, seed0: int = 100):
    """Every position of a few random games, with the state after each move."""
    for g in range(games):
        s = new(seed0 + g)
        rng = SplitMix64(g)
        while not s.over:
            yield s
            legal = s.legal_moves()
            s.apply(legal[rng.below(len(legal))])
        yield s


def total_cards(s: State) -> int:
    on_holes = sum(1 for h in s.holes for c in h if c != EMPTY)
    hole_cards = sum(1 for c in s.hole_card if c != EMPTY) + sum(1 for c in s.claimed_cards if c != EMPTY)
    return sum(map(len, s.hands)) + sum(map(len, s.decks)) + on_holes + hole_cards


def test_registered_by_name():
    assert load_rules("exofauna") is RULES
    assert RULES.min_players == RULES.max_players == 2


def test_every_legal_move_prints_and_parses_back_and_is_accepted():
    seen = 0
    for s in random_states():
        for m in s.legal_moves():
            text = s.move_text(m)
            assert s.parse(text) == m, text
            assert s.parse(text.upper()) == m
            assert not set(text) & set(";#:\n")
            seen += 1
    assert seen > 5000


def test_cards_are_conserved_and_holes_never_exceed_eight():
    for s in random_states(8, 300):
        assert total_cards(s) == 48
        assert all(sum(1 for c in h if c != EMPTY) <= 8 for h in s.holes)
        if not s.stack and not s.over:  # between Actions no hole is full
            assert all(EMPTY in h for h in s.holes)


def test_random_games_end_with_a_winner_at_two_holes_and_quick_games_at_one():
    for seed in range(20):
        for quick in (False, True):
            s = new(seed, quick)
            bots = [make_bot("random", {}, seed, 0), make_bot("random", {}, seed, 1)]
            while not s.over:
                s.apply(bots[s.names.index(s.to_move)].choose(s))
            (w,) = s.winners
            assert s.scores()[w] >= (1 if quick else 2)
            assert max(s.scores().values()) <= (2 if quick else 4)


def test_same_seed_and_moves_give_the_same_game_and_log():
    def play(seed):
        s = new(seed, start=None)
        lines = RULES.header_lines(s) + RULES.opening_lines(s)
        bots = [make_bot("heuristic", {}, seed, 0), make_bot("random", {}, seed, 1)]
        while not s.over:
            m = bots[s.names.index(s.to_move)].choose(s)
            lines.append(s.move_text(m))
            lines += RULES.lines_after(s, s.apply(m))
        return lines
    assert play(5) == play(5)
    assert play(5) != play(6)


def test_without_a_start_the_seed_chooses_who_plays_blue_as_it_did_for_the_golden_games():
    firsts = "".join("ab"[new(seed, start=None).by_colour[0] == "bob"] for seed in range(16))
    assert firsts == "abbabaaabaaaabbb"  # seed 5 makes the first seat blue, as in replays/2p-exofauna.exofauna


def test_a_hole_is_a_start_card_until_it_resolves_and_a_card_forms_it():
    s = new(3)
    assert [h["start_card"] for h in s.view(None)["holes"]] == [True, True]
    rng = SplitMix64(3)
    while True:
        legal = s.legal_moves()
        resolved = [e.args[0] for e in s.apply(legal[rng.below(len(legal))]) if e.kind == "resolve"]
        if resolved:
            break
    holes = s.view(None)["holes"]
    assert all(holes[h]["start_card"] is False for h in resolved)
    assert any(holes[h]["start_card"] for h in (0, 1)) == (len(resolved) == 1)


def test_header_round_trips_and_rebuilds_the_same_deal():
    s = new(99, start=None)
    lines = RULES.header_lines(s)
    config, seed, used = RULES.parse_header(lines + ["colours: ..."], "x.log")
    assert (seed, used) == (99, len(lines))
    again = RULES.new_state(config, seed)
    assert again.by_colour == s.by_colour and again.hands == s.hands and again.decks == s.decks


@pytest.mark.parametrize("broken,where", [(0, "x.log:1"), (1, "x.log:2"), (2, "x.log:3")])
def test_a_malformed_header_names_its_line(broken, where):
    lines = RULES.header_lines(new(3))
    lines[broken] = "nonsense here"
    with pytest.raises(ConfigError) as err:
        RULES.parse_header(lines, "x.log")
    assert str(err.value).startswith(where)


def test_a_header_keeps_bots_and_the_quick_game_and_refuses_another_design_or_a_cut_header():
    s = State(Config((PlayerSpec("alice"), PlayerSpec("bob", "heuristic")), 5, "bob", True), 5)
    lines = RULES.header_lines(s)
    config, _, _ = RULES.parse_header(lines, "x.log")
    assert config.quick and config.start == "bob" and [p.bot for p in config.players] == [None, "heuristic"]
    other = lines[:2] + ["design sha256:0123456789abcdef"] + lines[3:]
    with pytest.raises(ConfigError, match=r"^x\.log:3: the log was made with another ExoFauna card design"):
        RULES.parse_header(other, "x.log")
    with pytest.raises(ConfigError, match=r"^x\.log:6: the header ends before 'player'"):
        RULES.parse_header(lines[:5], "x.log")
    with pytest.raises(ConfigError, match=r"^x\.log: malformed header"):
        RULES.parse_header(lines[:3] + ["quick maybe"] + lines[4:], "x.log")


def test_the_opening_lines_say_the_colours_the_holes_the_decks_tops_and_the_quick_game():
    s = new(3, quick=True)
    tops = [s.card_text(s.decks[k][0]) for k in (0, 1)]
    assert RULES.opening_lines(s) == [
        "colours: alice blue (plays first), bob yellow", "holes: A blue, B yellow (quick game: 1 hole wins)",
        f"hands 4 each; blue deck 20 top {tops[0]}, yellow deck 20 top {tops[1]}", "turn 1 alice (blue)"]
    assert "quick" not in " ".join(RULES.opening_lines(new(3)))


def test_a_header_keeps_names_as_written_and_quotes_a_wrong_line_up_to_40_characters():
    s = State(Config((PlayerSpec("Zoë"), PlayerSpec("Jörg")), 5, "Jörg"), 5)
    lines = RULES.header_lines(s)
    assert lines[4:] == ['start "Jörg"', 'player "Zoë"', 'player "Jörg"']
    wrong = "x" * 50
    with pytest.raises(ConfigError, match=f"^x\\.log:4: expected 'quick ...', found '{'x' * 40}'$"):
        RULES.parse_header(lines[:3] + [wrong] + lines[4:], "x.log")


def test_view_hides_the_other_hand_and_the_deck_order():
    s = new(11)
    bob = s.colour_of("bob")
    view = s.view("alice")
    dump = json.dumps(view)
    assert "hand" in view and len(view["hand"]) == 4
    assert "seed" not in dump and str(s.seed) not in dump.replace('"turn": 1', "")
    # change what alice cannot see: bob's hand and both decks below their tops
    t = s.copy()
    t.hands[bob], t.decks[bob][1:5] = t.decks[bob][1:5], t.hands[bob]
    t.decks[0][1:] = list(reversed(t.decks[0][1:]))
    assert t.view("alice") == view
    assert "hand" not in s.view(None)
    assert s.view("bob")["hand"] != view["hand"] or s.hands[0] == s.hands[1]


def test_at_the_end_the_view_says_the_game_is_over_and_who_won():
    s = new(13)
    bots = [make_bot("random", {}, 13, 0), make_bot("random", {}, 13, 1)]
    while not s.over:
        s.apply(bots[s.names.index(s.to_move)].choose(s))
    view = s.view("alice")
    assert (view["asked"], view["decision"], view["to_move"]) == ("the game is over", "over", None)
    assert view["over"] and view["winners"] == list(s.winners)


def test_plays_per_organism_count_actions_and_extra_plays_for_the_balance_figures():
    s = new(7)
    me = s.colour_of("alice")
    ozzu, tessik, primu = (s.nm.organism(n) * 2 for n in ("Ozzu", "Tessik", "Primu"))  # blue cards
    s.hands[me] = [ozzu, tessik, primu]
    s.decks[me] = [primu]
    for move in ("play Ozzu blue A n", "done", "play Tessik blue A nw", "draw yellow"):  # Hatch: an extra play
        s.apply(move)
    played = {s.d.organisms[o].name: n for o, n in enumerate(s.played) if n}
    assert played == {"Ozzu": 1, "Tessik": 1}


def test_a_copy_keeps_each_players_claims_and_plays_on_without_touching_the_original():
    s = next(s for s in random_states(1, 40) if len(set(s.scores().values())) == 2 and not s.over)
    before = s.view(None)
    t = s.copy()
    assert t.scores() == s.scores() and t.view(None) == before and t.legal_moves() == s.legal_moves()
    rng = SplitMix64(3)
    while not t.over:
        legal = t.legal_moves()
        t.apply(legal[rng.below(len(legal))])
    assert s.view(None) == before and not s.over


def test_heuristic_bot_decides_from_its_view_only():
    for s in list(random_states(3, 500))[::7]:
        if s.over:
            continue
        me = s.to_move
        seat = s.names.index(me)
        other = 1 - s.colour_of(me)
        bot = make_bot("heuristic", {}, 42, seat)
        choice = bot.choose(s)
        t = s.copy()
        t.hands[other] = list(reversed(t.hands[other]))
        if len(t.decks[other]) > 2:
            t.hands[other][:1], t.decks[other][1:2] = t.decks[other][1:2], t.hands[other][:1]
        for k in (0, 1):
            t.decks[k][1:] = list(reversed(t.decks[k][1:]))
        assert t.view(me) == s.view(me)
        assert bot.choose(t) == choice


def test_heuristic_beats_random():
    wins = 0
    for seed in range(40):
        kinds = ("heuristic", "random") if seed % 2 else ("random", "heuristic")
        s = new(seed)
        bots = [make_bot(k, {}, seed, i) for i, k in enumerate(kinds)]
        while not s.over:
            s.apply(bots[s.names.index(s.to_move)].choose(s))
        wins += s.winners[0] == s.names[0 if seed % 2 else 1]
    assert wins >= 34


def test_refusals_say_why_without_leaking():
    s = new(7)
    with pytest.raises(IllegalMove, match="alice's turn"):
        s.apply("play Primu blue A n", "bob")
    with pytest.raises(UnknownName, match="did you mean 'Glimmo'"):
        s.parse("play glimo blue A n")
    with pytest.raises(MoveSyntaxError, match="not a space"):
        s.parse("play Primu blue A north")
    with pytest.raises(MoveSyntaxError, match="unknown move 'tkae' .*did you mean 'take'"):
        s.parse("tkae A n")
    not_held = next(c for c in range(16) if c not in s.hands[0])
    with pytest.raises(IllegalMove, match="you hold no"):
        s.apply(f"play {s.card_text(not_held)} A n")


def test_a_lure_goes_to_a_space_or_to_hand_and_a_half_written_one_shows_both_forms():
    s = new(7)
    assert s.move_text(s.parse("lure b E HAND")) == "lure B e hand"
    assert s.move_text(s.parse("lure B e A nw")) == "lure B e A nw"
    for text in ("lure B e A", "lure B e"):
        with pytest.raises(MoveSyntaxError, match="'lure HOLE SPACE HOLE SPACE' or 'lure HOLE SPACE hand'"):
            s.parse(text)


def test_the_log_numbers_each_move_and_names_the_next_one():
    from rules.core.log import GameLog

    s = new(7)
    log = GameLog(RULES, s)
    rng = SplitMix64(1)
    for _ in range(3):
        legal = s.legal_moves()
        log.play(s.to_move, legal[rng.below(len(legal))])
    numbers = [ln.split(" ", 1)[0] for ln in log.lines if ": " in ln and ln.split(" ", 1)[0].isdigit()]
    assert numbers == ["1", "2", "3"]
    assert log.closing_line().startswith(f"next 4 {s.to_move} @")


def test_tables_after_a_turn_and_a_resolution():
    s = new(21)
    bots = [make_bot("heuristic", {}, 21, 0), make_bot("heuristic", {}, 21, 1)]
    titles: set[str] = set()
    while not s.over:
        events = s.apply(bots[s.names.index(s.to_move)].choose(s))
        tables = RULES.tables_after(s, events)
        titles |= {t.title.split()[0] for t in tables}
        if any(e.kind == "endturn" for e in events):
            holes = tables[-2]
            assert holes.headers == ("hole", "colour", "blue", "yellow", "free")
            assert all(r[2] + r[3] + r[4] == 8 for r in holes.rows)
    assert titles == {"Watering", "Players", "Hole"}
    final = RULES.final_tables(s)
    assert final[0].title == "Result"
    summary = RULES.summary(s)
    recount = {n: sum(1 for r in summary["resolutions"] if r["claimed_by"] == n) for n in s.names}
    assert recount == summary["claimed"] == s.scores()
    assert sum(sum(v.values()) for v in RULES.breakdown(s).values()) == len(summary["resolutions"])


def test_the_result_calls_a_hole_won_on_equal_counts_a_tie_and_any_other_a_majority():
    whys = set()
    for seed in range(6):
        s = new(seed)
        bots = [make_bot("random", {}, seed, 0), make_bot("random", {}, seed, 1)]
        while not s.over:
            s.apply(bots[s.names.index(s.to_move)].choose(s))
        _, resolutions = RULES.final_tables(s)
        for _turn, _hole, _colour, blue, yellow, _by, why in resolutions.rows:
            assert why == ("tie" if blue == yellow else "majority")
            whys.add(why)
    assert whys == {"tie", "majority"}


def test_the_screen_says_the_decision_once_and_help_says_how_to_type():
    from fauna_cli.games.exofauna import picture

    s = new(7)
    screen = picture(s.view(s.to_move)) + "\n" + RULES.help_text(s)
    assert screen.count("Action 1 of 2") == 1 and "a unique start is enough" in screen


def test_config_round_trip_defaults_and_errors():
    doc = tomllib.loads(RULES.default_config_text())
    c = config_from_dict(doc, "x.toml")
    assert config_from_dict(config_to_dict(c), "x.toml") == c
    quick = config_from_dict({"game": {"quick": True, "seed": 3, "start": "bob"}, "players": doc["players"]})
    assert quick.quick and quick.start == "bob" and config_from_dict(config_to_dict(quick)) == quick
    bad = [
        ({"game": {"quik": True}}, "game.quik; did you mean 'quick'?"),
        ({"game": {"seed": -1}}, "game.seed"),
        ({"game": {"quick": "yes"}}, "game.quick"),
        ({"game": {"start": "carol"}}, "game.start"),
        ({"game": {"rules": "fauna"}}, "game.rules"),
    ]
    for game, msg in bad:
        with pytest.raises(ConfigError) as err:
            config_from_dict({**game, "players": doc["players"]}, "x.toml")
        assert msg in str(err.value) and str(err.value).startswith("x.toml: ")
    with pytest.raises(ConfigError, match="exactly 2 players"):
        config_from_dict({"players": doc["players"] + [{"name": "carol"}]})
    with pytest.raises(ConfigError, match="did you mean 'heuristic'"):
        config_from_dict({"players": [{"name": "a"}, {"name": "b", "bot": "heuristc"}]})
    with pytest.raises(ConfigError, match="two players"):
        config_from_dict({"players": [{"name": "a"}, {"name": "a"}]})


def test_the_rules_package_imports_no_other_game():
    for path in (ROOT / "rules" / "exofauna").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules."):
                assert node.module.split(".")[1] in ("core", "exofauna"), f"{path.name}: {node.module}"
            if isinstance(node, ast.Import):
                assert all(not a.name.startswith("rules.") or a.name.split(".")[1] in ("core", "exofauna")
                           for a in node.names)


def test_picture_shows_both_holes_the_hand_and_the_decks():
    from fauna_cli.games.exofauna import picture

    s = new(7)
    s.apply(s.legal_moves()[0])
    mine = picture(s.view("alice"))
    assert "Watering Hole A (blue" in mine and "Watering Hole B (yellow" in mine
    assert "your hand (alice)" in mine and "Action 1 of 2" in mine
    first = s.history[0][1]
    assert s.card_text(s.decks[1][0]) in mine and f"n:{s.card_text(first.card)}" in mine
    assert "your hand (" not in picture(s.view(None))
    assert "\033[" in picture(s.view("alice"), color=True) and "\033[" not in mine


def test_random_bot_draws_from_the_shared_decision_stream():
    from rules.core.protocol import decision_stream

    bot = make_bot("random", {}, 12345, 1)
    for seq in (0, 1, 77, 10_000):
        assert bot.stream(seq).next() == decision_stream(12345, 1, seq).next()


def test_every_event_has_a_human_line_or_is_skipped_on_purpose():
    kinds: set[str] = set()
    for seed in range(6):
        s = new(seed)
        bots = [make_bot("heuristic", {}, seed, 0), make_bot("random", {}, seed, 1)]
        while not s.over:
            for e in s.apply(bots[s.names.index(s.to_move)].choose(s)):
                kinds.add(e.kind)
                text = RULES.event_text(e)
                assert (text is None) == (e.kind == "endturn"), e
    assert {"turn", "play", "take", "discard", "draw", "resolve", "newhole", "refill", "endturn", "over"} <= kinds
