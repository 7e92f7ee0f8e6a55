"""Counts read right: a screen never says "1 legal moves", "1 event cards" or "played by 2 to 2 players"."""

from __future__ import annotations

import re

import pytest

from rules.core.words import count, span


@pytest.mark.parametrize("n, text", [(0, "0 event cards"), (1, "1 event card"), (2, "2 event cards")])
def test_a_count_is_singular_for_one_only(n, text):
    assert count(n, "event card") == text


def test_an_irregular_plural_is_given():
    assert [count(n, "dinosaur", "dinosaurs") for n in (1, 3)] == ["1 dinosaur", "3 dinosaurs"]
    assert count(2, "die", "dice") == "2 dice"


def test_a_span_of_one_count_is_that_count():
    assert span(2, 2, "player") == "2 players" and span(1, 1, "player") == "1 player"
    assert span(2, 4, "player") == "2 to 4 players"


ONE_PLURAL = re.compile(r"(?<![\w.])1 (legal moves|moves|event cards|cards|points|dinosaurs|players|holes|tokens)\b")


def _bots_game(game: str, names: list[str], seed: int):
    """(rules, a new game of `game` between random computer players named `names`, on `seed`)."""
    import tomllib

    from rules.core.registry import load_rules

    rules = load_rules(game)
    doc = tomllib.loads(rules.default_config_text())
    doc["players"] = [{"name": name, "bot": "random"} for name in names]
    return rules, rules.new_state(rules.config_from_dict(doc, "config", None), seed)


def _texts_of_games():
    """Every picture and help text of a game of each game (with 0, 1 and 2 of many things along the way)."""
    from fauna_cli.anygame import choices_text, help_for, picture
    from rules.core.rng import SplitMix64

    for game, n in (("arctic", 2), ("exofauna", 2), ("evo", 3)):
        rules, state = _bots_game(game, [f"p{i}" for i in range(n)], 3)
        rng = SplitMix64(3)
        while not state.is_over:
            yield picture(rules, state.view(state.to_move))
            yield help_for(rules, state)
            yield choices_text(state)
            legal = state.legal_moves()
            for e in state.apply(legal[rng.below(len(legal))]):
                yield rules.event_text(e) or ""
        yield picture(rules, state.view(None))


def test_no_screen_of_a_whole_game_says_one_with_a_plural():
    wrong = {m.group(0) for text in _texts_of_games() for m in ONE_PLURAL.finditer(text)}
    assert not wrong


def _screens():
    """The screen before each decision of a game of each game: picture, help, numbered choices."""
    from fauna_cli.anygame import choices_text, help_for, picture
    from rules.core.rng import SplitMix64

    for game, n in (("arctic", 3), ("exofauna", 2), ("evo", 3)):
        rules, state = _bots_game(game, [f"p{i}" for i in range(n)], 5)
        rng = SplitMix64(5)
        while not state.is_over:
            yield game, "\n".join((picture(rules, state.view(state.to_move)), help_for(rules, state),
                                   choices_text(state)))
            legal = state.legal_moves()
            state.apply(legal[rng.below(len(legal))])


def test_each_fact_is_said_once_on_a_screen():
    for game, screen in _screens():
        lines = [ln.strip() for ln in screen.splitlines() if ln.strip()]
        assert not [a for a, b in zip(lines, lines[1:], strict=False) if a == b], screen
        if game == "exofauna":
            assert len(re.findall(r"Action \d of \d", screen)) == 1, screen
        if game == "arctic":
            assert screen.count("to place)") <= 1 and "For example" not in screen, screen
        if game == "evo":
            assert "For example" not in screen and screen.count(" to move") <= 1, screen


def test_a_tied_arctic_game_says_which_rule_decided_it():
    from fauna_cli.games.arctic import picture
    from rules.core.rng import SplitMix64

    _, state = _bots_game("arctic", ["Ann", "Bot"], 96)  # random play ties this game 4 to 4
    rng = SplitMix64(96)
    while not state.is_over:
        legal = state.legal_moves()
        state.apply(legal[rng.below(len(legal))])
    assert state.scores() == {"Ann": 4, "Bot": 4}
    last = picture(state.view(None)).splitlines()[-1]
    assert last == ("Scores: Ann 4, Bot 4; winner: Bot (Ann and Bot tied on 4: the tie goes to whoever comes first "
                    "in turn order from the first player, Bot)")


def test_a_player_count_out_of_range_reads_right():
    from click.testing import CliRunner

    from fauna_cli.main import cli

    out = CliRunner().invoke(cli, ["simulate", "--game", "exofauna", "--players", "3", "--bots", "random",
                                   "--games", "1"])
    assert out.exit_code == 2 and "ExoFauna/Duo is played by 2 players" in " ".join(out.output.split())
