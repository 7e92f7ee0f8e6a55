"""The game object: one setup per board, scales, deck, table and units starts games that share its work."""

import pytest
from helpers import animal, deck

from rules.fauna import Config, ConfigError, PlayerSpec, new_game, preset
from rules.fauna.replay import load_log, log_text
from rules.fauna.setup import load_game

PLAYERS = (PlayerSpec("alice"), PlayerSpec("bob"), PlayerSpec("carol"))


def test_games_of_one_setup_share_it_and_stay_independent():
    cfg = Config(PLAYERS)
    setup = load_game(cfg)
    assert load_game(Config.from_dict(cfg.to_dict())) is setup  # an equal config (a worker's copy) finds it
    one, two = setup.new_state(cfg, 7), setup.new_state(cfg, 7)
    assert one.judge is two.judge is setup.judge
    one.apply(one.legal_moves()[0])
    assert one.history and not two.history and two.owner == [-1] * len(two.owner)
    assert [a.name for a in two.order] == [a.name for a in new_game(cfg, 7).order]


def test_a_setup_is_for_one_table_and_units():
    metric, imperial = Config(PLAYERS), Config(PLAYERS, units="imperial")
    setup = load_game(metric)
    assert load_game(imperial) is not setup
    assert load_game(Config(PLAYERS, preset("reference-manual"))) is not setup
    with pytest.raises(ValueError, match="another scoring table or units"):
        setup.new_state(imperial, 1)
    lion = new_game(metric, 1).deck.animal("Lion")
    assert load_game(metric).judge.answer(lion) != load_game(imperial).judge.answer(lion)  # kg against lb


def test_a_setup_checks_the_seed():
    cfg = Config(PLAYERS)
    setup = load_game(cfg)
    for bad in (-1, 2**64, True, "7"):
        with pytest.raises(ConfigError, match="seed must be a whole number from 0 to 2\\^64-1"):
            setup.new_state(cfg, bad)
    with pytest.raises(ConfigError, match="needs a seed"):
        setup.new_state(cfg)
    assert setup.new_state(cfg, 2**64 - 1).config.seed == 2**64 - 1


def test_a_deck_of_its_own_gets_its_own_setup_and_cards():
    cfg = Config(PLAYERS)
    frog, toad = animal("Frog", card=1), animal("Toad", card=2, areas=("Amazon Basin",))
    own = load_game(cfg, deck=deck(frog, toad))
    installed = load_game(cfg)
    assert own is not installed and own.judge is installed.judge  # the judge does not depend on the deck
    assert [f[0].name for f in own.faces("green")] == ["Frog", "Toad"]
    assert own.box_text == "green 1-2 black none"
    game = own.new_state(cfg, 3)
    assert {game.box.card(i).name for i in range(4)} == {"Frog", "Toad"}


def test_other_scales_get_a_setup_of_their_own_and_leave_the_installed_one_alone():
    from rules.fauna import Scales

    cfg = Config(PLAYERS)
    installed = load_game(cfg)
    scales = Scales(list(Scales.default()))  # the same scales, another object: nothing may be shared with it
    own = load_game(cfg, scales=scales)
    assert own.scales is scales and own.judge is not installed.judge and own.judge.scales is scales
    assert load_game(cfg) is installed and installed.scales is Scales.default()
    game, same = own.new_state(cfg, 5), installed.new_state(cfg, 5)
    assert [a.name for a in game.order] == [a.name for a in same.order]


def test_a_logged_game_deals_from_its_recorded_box():
    cfg = Config(PLAYERS)
    state = new_game(cfg, 11)
    for _ in range(5):
        state.apply(state.legal_moves()[-1])
    text = log_text(state)
    loaded = load_log(text)
    box_line = next(line for line in text.splitlines() if line.startswith("box "))
    assert f"box {loaded.state.setup.box_text} @" in box_line
    assert loaded.state.setup is not state.setup and loaded.state.order[:3] == state.order[:3]


def test_other_installed_data_is_never_served_from_an_older_setup(monkeypatch):
    """Another release's data loaded in the same process (as `fauna` reloads after FAUNA_DATA_DIR) gets new setups."""
    from rules.fauna import Board, Deck, Scales, animals, board, scales

    cfg = Config(PLAYERS)
    load_game(cfg)
    for module, name, fresh, attr in (
            (animals, "_default_deck", Deck(list(Deck.default().animals), []), "deck"),
            (board, "_default_board", Board(list(Board.default().areas), list(Board.default().links)), "board"),
            (scales, "_default_scales", Scales(list(Scales.default())), "scales")):
        monkeypatch.setattr(module, name, lambda fresh=fresh: fresh)
        setup = load_game(cfg)  # the very config object asked for before
        assert getattr(setup, attr) is fresh and load_game(cfg) is setup


def test_a_board_given_for_a_config_asked_for_before_is_the_one_played_on():
    from rules.fauna import Board

    cfg = Config(PLAYERS)
    installed = load_game(cfg)
    other = Board(list(Board.default().areas), list(Board.default().links))
    own = load_game(cfg, board=other)
    assert own.board is other and own is not installed and own.judge.board is other
    assert load_game(cfg) is installed


def test_a_dealt_deck_without_its_line_writes_its_box_line():
    from rules.fauna import Deck
    from rules.fauna.dealing import DealtDeck, box_contents
    from rules.fauna.setup import Setup

    base = Deck.default()
    cfg = Config(PLAYERS)
    box = {n: s for n, s in box_contents(base).items() if n <= 3}
    setup = Setup(load_game(cfg).board, load_game(cfg).scales, DealtDeck(base, box), cfg.table, cfg.units)
    assert setup.box_text == "green 1-3 black 1-3" and setup.box == box


def test_round_tables_give_each_piece_the_reason_score_move_gives():
    cfg = Config(PLAYERS)
    state = new_game(cfg, 21)
    evaluated = []
    while not evaluated:
        animal = state.animal
        events = state.apply(state.legal_moves()[-1])
        evaluated = [e for e in events if type(e).__name__ == "RoundEvaluated"]
    pieces = evaluated[0].pieces
    assert pieces and all(p.reason for p in pieces)
    for p in pieces:
        assert (p.verdict, p.points, p.reason) == state.score_move(state.parse(p.move), animal)


def test_a_logged_game_finds_its_animals_by_name():
    cfg = Config(PLAYERS)
    state = new_game(cfg, 4)
    for _ in range(8):
        state.apply(state.legal_moves()[-1])
    loaded = load_log(log_text(state))
    for shown in loaded.state.order[:3]:
        assert loaded.state.deck.animal(shown.name.upper()) is shown


def test_a_move_of_the_longest_length_is_read_and_a_longer_one_refused():
    from rules.core.errors import FaunaError
    from rules.core.limits import MAX_MOVE_CHARS
    from rules.fauna.moves import parse_move

    longest = "Tasmania" + " " * (MAX_MOVE_CHARS - len("Tasmania"))
    assert parse_move(longest).text() == "Tasmania"
    with pytest.raises(FaunaError, match=f"a move of {MAX_MOVE_CHARS + 1} characters"):
        parse_move(longest + " ")


def test_a_move_too_long_is_quoted_by_its_first_30_characters():
    from rules.core.errors import FaunaError
    from rules.fauna.moves import parse_move

    with pytest.raises(FaunaError) as refused:
        parse_move("Tasmania" + "x" * 300)
    assert f"('Tasmania{'x' * 22}...' (308 characters))" in str(refused.value)
