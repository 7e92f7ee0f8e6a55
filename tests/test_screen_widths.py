"""Issue 29 item 8: every screen, table and help text of every game fits 80 columns and never splits a word.

A whole game of each game is played with random legal decisions; at every decision the screen a person
would see (the picture of their view, the game's help, the numbered choices) and every table is drawn at
COLUMNS=80 and also unwrapped (output to a pipe). The wrapped text must fit, and must hold exactly the
words of the unwrapped text: a word cut across two lines ("thermore" / "gulation") would not be one.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from fauna_cli.anygame import HOTSEAT_HELP, choices_text, help_for, picture, render_tables
from fauna_cli.games.fauna import help_text
from fauna_cli.main import cli
from fauna_cli.widths import fit_prose, terminal_width, text_width
from rules.core.registry import load_rules
from rules.core.rng import SplitMix64

WIDTH = 80
PLAYERS = {"arctic": 4, "exofauna": 2, "evo": 5}


def words(text: str) -> Counter[str]:
    """The words of a text; rules of dashes under table headers differ in length with the columns, so they go."""
    return Counter(w for w in text.split() if set(w) != {"-"})


def too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if text_width(line) > WIDTH]


def drawn_both_ways(monkeypatch, draw) -> tuple[str, str]:
    """`draw()` at COLUMNS=80, and unwrapped (no COLUMNS, not a terminal)."""
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    narrow = draw()
    monkeypatch.delenv("COLUMNS")
    return narrow, draw()


def screens_of_a_game(game: str, seed: int):
    """Each screen-drawing function of a whole random game, in order (called later, at each width)."""
    rules = load_rules(game)
    doc = tomllib.loads(rules.default_config_text())
    doc["players"] = [{"name": f"random-{i + 1}", "bot": "random"} for i in range(PLAYERS[game])]
    state = rules.new_state(rules.config_from_dict(doc, "config", None), seed)
    rng = SplitMix64(seed)
    while not state.is_over:
        p = state.to_move
        frozen = state.copy()
        yield lambda st=frozen, p=p: picture(rules, st.view(p))
        yield lambda st=frozen: help_for(rules, st)
        yield lambda st=frozen: choices_text(st)
        legal = state.legal_moves()
        tables = rules.tables_after(state, state.apply(legal[rng.below(len(legal))], p))
        if tables:
            yield lambda t=tables: render_tables(t, "plain")
    end = state.copy()
    yield lambda: render_tables(rules.final_tables(end), "plain")
    yield lambda: picture(rules, end.view(None))


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_every_screen_and_table_of_a_whole_game_fits_80_columns_without_splitting_a_word(game, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    drawn = 0
    for draw in screens_of_a_game(game, 11):
        narrow, wide = drawn_both_ways(monkeypatch, draw)
        assert not too_wide(narrow), (game, too_wide(narrow)[:3])
        assert words(narrow) == words(wide), (game, narrow)
        drawn += 1
    assert drawn > 100  # a whole game, not a few screens


def fitted(text: str) -> str:
    """Text as the session's `out` says it (fauna_cli/anygame.py Session.out): prose wrapped to the terminal."""
    return fit_prose(text, terminal_width())


FAUNA_PLAYERS = ("random-1", "statistician-2", "naturalist-3", "random-4", "random-5", "random-6")


def screens_of_a_fauna_game(seed: int):
    """Each screen of a whole six-player Fauna game as its Screen (fauna_cli/games/fauna.py) and prompt draw them:
    the card fronts, the prompt's help and answers (`board`, `areas`, `neighbors`, `scales`, `rules`, `score`),
    each round's evaluation tables and summary line, and the final tables."""
    from fauna_cli.anygame import prompt_answer
    from fauna_cli.games.fauna import Screen, card_and_taken
    from fauna_cli.rounds import RoundReports, front_lines, round_summary_line, round_text, status_text
    from rules.core.bots import seat_bots

    rules = load_rules("fauna")
    doc = tomllib.loads(rules.default_config_text())
    doc["game"]["preset"] = "reference-manual"  # the table of more rows
    doc["players"] = [{"name": n, "bot": n.split("-")[0]} for n in FAUNA_PLAYERS]
    config = rules.config_from_dict(doc, "config", None)
    state = rules.new_state(config, seed)
    bots = seat_bots(rules, config, seed)
    reports = RoundReports(state)
    words = [("areas", ""), ("areas", "Asia"), ("areas", "oceans"), ("neighbors", "Southeast Asia"),
             ("neighbors", "Rocky Mountains"), ("scales", ""), ("rules", ""), ("score", "")]
    yield lambda: help_text("imperial", "games/a-long-name-for-a-game-file-of-tuesday.fauna")
    while not state.is_over:
        p = state.to_move
        st = state.copy()
        if st.seq == 0 or not any(st.placed):  # a round opens
            yield lambda st=st: fitted("\n".join(front_lines(st.front, st.round, st.names[st.start])))
            for word, rest in words:
                yield lambda st=st, word=word, rest=rest, p=p: prompt_answer(rules, st, p, word, rest)
        yield lambda st=st: card_and_taken(st)
        yield lambda st=st, p=p: Screen.board(SimpleNamespace(s=SimpleNamespace(state=st)), p)
        yield lambda st=st: fitted(status_text(st))  # the script ended early: said through the session's `out`
        events = state.apply(bots[state.names.index(p)].choose(state), p)
        for report in reports.feed(events):
            yield lambda r=report: fitted(round_text(r, "plain"))
            yield lambda r=report: fitted(round_summary_line(r))
        tables = rules.tables_after(state, events)
        if tables:
            yield lambda t=tables: render_tables(t, "plain")
    end = state.copy()
    yield lambda: render_tables(rules.final_tables(end), "plain")
    yield lambda: prompt_answer(rules, end, None, "score", "")
    yield lambda: fitted(status_text(end))


def test_every_screen_and_table_of_a_long_fauna_game_fits_80_columns_without_splitting_a_word(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    drawn = 0
    for draw in screens_of_a_fauna_game(11):
        narrow, wide = drawn_both_ways(monkeypatch, draw)
        assert not too_wide(narrow), too_wide(narrow)[:3]
        assert words(narrow) == words(wide), narrow
        drawn += 1
    assert drawn > 300  # a whole game of many rounds, not a few screens


@pytest.mark.parametrize("moves", [37, 5000])
def test_fauna_pbem_status_fits_80_columns(moves, tmp_path, monkeypatch):
    """`pbem status` of a six-player Fauna game file in the middle of a round and at the end fits 80 columns."""
    rules = load_rules("fauna")
    names = ["alexandra-the-first", "bartholomew-second", "constantina-third", "dimitri-the-fourth",
             "evangeline-fifth", "fitzgerald-sixth"]
    config = rules.config_from_dict({"game": {"seed": 5}, "players": [{"name": n} for n in names]}, "t", None)
    state = rules.new_state(config, 5)
    rng = SplitMix64(5)
    script = []
    while not state.is_over and state.seq < moves:
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        script.append(f"{state.to_move}: {state.move_text(move)}")
        state.apply(move, state.to_move)
    cfg = tmp_path / "g.toml"
    cfg.write_text("[game]\nseed = 5\n" + "".join(f'[[players]]\nname = "{n}"\n' for n in names))
    (tmp_path / "moves.txt").write_text("\n".join(script) + "\n")
    monkeypatch.chdir(tmp_path)  # the game file as a player names it: a path wider than a line stays whole
    game = "g.fauna"
    made = CliRunner().invoke(cli, ["play", "--config", str(cfg), "--moves", str(tmp_path / "moves.txt"),
                                    "--log", str(game)], env={"COLUMNS": None})
    assert made.exit_code == 0, made.output
    assert state.is_over == (moves == 5000) and (state.is_over or any(state.placed))
    for extra in ([], ["--as", names[0]]):
        narrow = CliRunner().invoke(cli, ["pbem", "status", str(game), *extra], env={"COLUMNS": str(WIDTH)})
        wide = CliRunner().invoke(cli, ["pbem", "status", str(game), *extra], env={"COLUMNS": None})
        assert narrow.exit_code == wide.exit_code == 0, narrow.output
        assert not too_wide(narrow.output), too_wide(narrow.output)
        assert words(narrow.output) == words(wide.output)


@pytest.mark.parametrize("game", ["fauna", "arctic", "exofauna", "evo"])
def test_a_whole_bot_game_at_the_terminal_fits_80_columns(game, tmp_path):
    args = ["play", "--players", str(PLAYERS.get(game, 4)), "--bots", "random", "--seed", "5"]
    if game != "fauna":
        config = tmp_path / f"{game}.toml"
        assert CliRunner().invoke(cli, ["new-config", "--game", game, str(config)]).exit_code == 0
        args += ["--config", str(config)]
    narrow = CliRunner().invoke(cli, args, env={"COLUMNS": str(WIDTH)})
    wide = CliRunner().invoke(cli, args, env={"COLUMNS": None})
    assert narrow.exit_code == wide.exit_code == 0, narrow.output
    assert not too_wide(narrow.output), too_wide(narrow.output)[:3]
    assert words(narrow.output) == words(wide.output)
    assert len(narrow.output.splitlines()) > 50


def test_the_prompts_help_texts_fit_80_columns():
    for text in (HOTSEAT_HELP, help_text("metric", None), help_text("imperial", "games/tuesday.fauna")):
        assert not too_wide(text), too_wide(text)


@pytest.mark.parametrize("command", [[], ["play"], ["replay"], ["pbem"], ["pbem", "new"], ["pbem", "move"],
                                     ["pbem", "status"], ["pbem", "apply"], ["check"], ["simulate"], ["map"],
                                     ["animal"], ["scales"], ["new-config"]])
def test_every_commands_help_fits_80_columns(command):
    out = CliRunner().invoke(cli, [*command, "--help"], env={"COLUMNS": str(WIDTH)})
    assert out.exit_code == 0 and "Usage:" in out.output
    assert not too_wide(out.output), too_wide(out.output)
