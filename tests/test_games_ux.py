"""Issue 13 for Arctic, ExoFauna and Evo through the CLI: undo at the hot-seat prompt, the last round's results
in `pbem status` and `pbem show --round`, and the SVG picture of a game for e-mail players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from rules.core.log import load_game_log
from rules.core.registry import load_rules

OTHERS = ["arctic", "exofauna", "evo"]


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, prog_name="fauna")


def config(path: Path, game: str, humans: int = 1, bots: int = 1, seed: int = 2) -> Path:
    lines = ["[game]", f'rules = "{game}"', f"seed = {seed}"]
    names = ["me", "you", "third"]
    for i in range(humans):
        lines += ["[[players]]", f'name = "{names[i]}"']
    for i in range(bots):
        lines += ["[[players]]", f'name = "bot{i + 1}"', 'bot = "random"']
    path.write_text("\n".join(lines) + "\n")
    return path


def moves_in(log: Path, game: str) -> list[tuple[str, str]]:
    """The decisions a log file holds (it must verify)."""
    loaded = load_game_log(log.read_text(), str(log), load_rules(game))
    assert loaded.complete
    return [(p, loaded.state.move_text(m)) for p, m in loaded.state.history]


# -- undo ---------------------------------------------------------------------------------------------------

def test_arctic_undo_takes_back_own_decision_and_the_log_follows(tmp_path):
    cfg, log = config(tmp_path / "a.toml", "arctic"), tmp_path / "a.log"
    result = run("play", "--config", cfg, "--log", log, input="1\n1\nundo\nundo\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "Took back me's move 2 (" in result.output
    assert "Took back me's move 1 (place walrus/orca 5-1); me to decide." in result.output
    assert moves_in(log, "arctic") == []  # the file was rewritten from the shortened history
    again = run("play", "--config", cfg, "--log", log, "--force", input="undo\nquit\ny\n")
    assert "Nothing to undo for me: nobody has decided at this terminal." in again.output


def test_arctic_a_decision_that_refilled_the_river_is_final(tmp_path):
    cfg, log = config(tmp_path / "a.toml", "arctic"), tmp_path / "a.log"
    result = run("play", "--config", cfg, "--log", log, input="1\n1\n1\n1\nundo\nundo bot1\nundo zed\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert ("Cannot undo me's move 4 (take bear/moose 4-2): it turned new cards from the draw pile into the river, "
            "so it is final") in result.output
    assert "Nothing to undo for bot1: bot1 is a computer player" in result.output
    assert "undo NAME: 'zed' is not playing (players: me, bot1)" in result.output
    assert len(moves_in(log, "arctic")) > 4  # nothing was taken back


def test_evo_undo_takes_back_the_bot_replies_and_a_drawn_card_is_final(tmp_path):
    cfg, log = config(tmp_path / "e.toml", "evo"), tmp_path / "e.log"
    result = run("play", "--config", cfg, "--log", log, input="1\nundo\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "Took back me's move 1 (bid 1 event), and the computer players' replies (bot1: bid 5 event); " \
           "me to decide." in result.output
    assert moves_in(log, "evo") == []
    result = run("play", "--config", cfg, "--log", log, "--force", input="1\n" * 9 + "undo\nquit\ny\n")
    assert "bot1's reply (move 21: bid 1 eggs) drew an event card from the deck, so it is final" in result.output


def test_exofauna_drawing_from_a_deck_is_final(tmp_path):
    cfg = config(tmp_path / "x.toml", "exofauna")
    result = run("play", "--config", cfg, input="1\nundo\n" + "1\n" * 9 + "undo\nquit\ny\n")
    assert "Took back me's move 9 (play Glimmo yellow A n); me to decide." in result.output
    assert "drew cards from a deck, showing its next card, so it is final" in result.output


def test_undo_of_another_persons_decision_says_who_decided_since(tmp_path):
    cfg = config(tmp_path / "e.toml", "evo", humans=2, bots=0)
    # me bids, the screen goes to you: your undo is refused, `undo me` takes me's back and hands the screen over
    result = run("play", "--config", cfg, input="\n1\n\nundo\nundo me\n\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "Nothing to undo for you: me decided since (move 1: bid 1 event); only the latest decision can be " \
           "taken back, by its player (undo me)." in result.output
    assert "Took back me's move 1 (bid 1 event); me to decide." in result.output
    assert result.output.count("me's turn: everyone else, please look away.") == 2


def test_a_continued_games_earlier_decisions_are_final(tmp_path):
    cfg, log = config(tmp_path / "a.toml", "arctic"), tmp_path / "a.log"
    run("play", "--config", cfg, "--log", log, input="1\nquit\ny\n")
    result = run("play", "--continue", log, input="undo\n1\nundo\nquit\ny\n")
    assert "nobody has decided at this terminal since the game was continued" in result.output
    assert "Took back me's move 2" in result.output
    assert len(moves_in(log, "arctic")) == 1
