"""Fauna played through the one session of every game (fauna_cli/anygame.py): its logs stay byte for byte what
Fauna's writer writes (format 2 and 3), and undo, prompt words and scripts follow the shared rules."""

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from rules.fauna.replay import load_log

ROOT = Path(__file__).resolve().parent.parent
GOLDENS = sorted((ROOT / "replays").glob("*.fauna"))


def invoke(args, input=None):
    return CliRunner().invoke(cli, args, input=input)


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.name)
def test_a_golden_continued_from_its_middle_by_a_script_is_written_again_byte_for_byte(golden, tmp_path):
    text = golden.read_text(encoding="utf-8")
    full = load_log(text, str(golden))
    moves = [(r.player, r.text.split(": ", 1)[1]) for r in full.records if r.kind == "move"]
    half = len(moves) // 2
    game = tmp_path / golden.name
    game.write_text(load_log(text, str(golden), until=half).writer.text(), encoding="utf-8")
    script = tmp_path / "rest.txt"
    script.write_text("".join(f"{p}: {m}\n" for p, m in moves[half:]), encoding="utf-8")
    r = invoke(["play", "--continue", str(game), "--moves", str(script)])
    assert r.exit_code == 0, r.output
    assert game.read_text(encoding="utf-8") == text  # the version of the file (2 or 3) is kept, every line the same


def test_a_new_game_log_is_fauna_writers_log(tmp_path):
    from fauna_cli.gameconfig import load_config
    from rules.fauna import new_game
    from rules.fauna.replay import log_text

    log = tmp_path / "g.fauna"
    script = ROOT / "tests" / "scripts" / "three_players.txt"
    r = invoke(["play", "--seed", "7", "--moves", str(script), "--log", str(log)])
    assert r.exit_code == 0, r.output
    state = new_game(load_config(None), 7)
    for line in script.read_text().splitlines():
        if line and not line.startswith("#"):
            player, move = line.split(": ", 1)
            state.apply(move, player)
    assert log.read_text(encoding="utf-8") == log_text(state)


def test_undo_takes_back_a_pass_but_not_a_move_that_ended_the_round(tmp_path):
    log = tmp_path / "g.fauna"
    r = invoke(["play", "--seed", "5", "--players", "2", "--start", "alice", "--log", str(log)],
               input="Sahel\nIndia\npass\nundo alice\npass\npass\nundo\nquit\ny\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 0, r.output
    assert "Took back alice's move 3 (pass); alice to decide." in out
    assert "Cannot undo bob's move 4 (pass): it ended round 1 and showed the card's answer, so it is final" in out
    assert load_log(log.read_text(encoding="utf-8"), str(log)).state.round == 2  # the file holds the round's end


def test_fauna_prompt_words_take_their_argument_and_name_what_is_wrong():
    r = invoke(["play", "--seed", "5"], input="areas oceans\nareas oceania\nneighbours Tasmania\nmap\nquit\ny\n")
    out = " ".join(r.output.split())
    assert "Oceans, 19 areas: Arctic Ocean (also Arctic Sea, Svalbard); Bering Sea;" in out
    assert "areas CONTINENT: 'oceania' is not a continent (continents: North America," in out
    assert "Neighbours of Tasmania (1): Tasman Sea (coast)" in out
    assert "Africa (" in out  # `map` alone lists every continent, as `areas` does
    assert "unknown area" not in out


def test_a_script_with_a_fauna_prompt_word_is_refused(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("alice: scales\n")
    r = invoke(["play", "--seed", "5", "--start", "alice", "--moves", str(script)])
    assert r.exit_code == 3 and "s.txt:1: alice: 'scales' is typed at the prompt of interactive play" in r.stderr


def test_a_game_saved_meanwhile_stops_interactive_play_too_and_is_kept(tmp_path, monkeypatch):
    import fauna_cli.logfile as logfile
    from fauna_cli.gamefile import load_game

    game = tmp_path / "g.fauna"
    assert invoke(["pbem", "new", "--seed", "4", "--players", "2", "--out", str(game)]).exit_code == 0
    state = load_game(game).state
    first = state.move_text(state.legal_moves()[0])
    real, calls = logfile.LogAppender.sync, []

    def meanwhile(self, lines, closing):
        calls.append(1)
        if len(calls) == 2:  # read and rewritten once; before the first move is saved, another program saves it
            os.utime(game, ns=(1, 1))  # (the same bytes, saved at another time)
        return real(self, lines, closing)

    monkeypatch.setattr(logfile.LogAppender, "sync", meanwhile)
    before = game.read_bytes()
    r = invoke(["play", "--continue", str(game)], input=f"{first}\nquit\ny\n")
    assert r.exit_code == 2 and "another program changed or replaced the file" in r.output
    assert game.read_bytes() == before
