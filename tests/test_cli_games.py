"""The command line for every game: --game without a config, --bots per game, help texts and completion from RULES.

Parametrised over the registry, and the help is compared with each game's RULES: a game, a bot kind or a
player count added to a game must show in the help and the completion without anyone writing it there.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
import tomllib
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

from fauna_cli.main import cli
from rules.core.registry import GAMES, game_names, load_rules
from rules.core.words import span

EXAMPLE_SEED = 1  # fauna_cli/gamehelp.py: the example move is a first legal move of the default game with it


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, prog_name="fauna")


def flat(text: str) -> str:
    """Help text with its wrapping undone (click wraps at spaces only)."""
    return " ".join(text.split())


def section_rows(help_text: str, heading_start: str) -> dict[str, str]:
    """The rows (game name -> its text, unwrapped) of the help section whose heading starts `heading_start`."""
    lines = help_text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading_start))
    rows: dict[str, str] = {}
    current = None
    for line in lines[start + 1:]:
        if not line.strip():
            break
        m = re.match(r"  (\S+)\s+(.*)", line)
        if m and m.group(1) in GAMES:
            current = m.group(1)
            rows[current] = m.group(2).strip()
        elif current is not None:
            rows[current] += " " + line.strip()
    return rows


def first_moves(game: str) -> set[str]:
    """The texts of every legal first move of a game's default config dealt with EXAMPLE_SEED."""
    rules = load_rules(game)
    config = rules.config_from_dict(tomllib.loads(rules.default_config_text()), "test", None)
    state = rules.new_state(config, EXAMPLE_SEED)
    return {state.move_text(m) for m in state.legal_moves()}


def completions(args: list[str], incomplete: str) -> list[str]:
    """What shell completion offers for `fauna ARGS INCOMPLETE` (click's own completion API)."""
    return [c.value for c in ShellComplete(cli, {}, "fauna", "_FAUNA_COMPLETE").get_completions(args, incomplete)]


# -- item 1: fauna play --game GAME, and the other commands ----------------------------------------------

@pytest.mark.parametrize("game", list(GAMES))
def test_play_game_starts_each_game_without_a_config(game, tmp_path):
    rules = load_rules(game)
    script = tmp_path / "moves.txt"
    script.write_text("")
    log = tmp_path / "game.log"
    r = run("play", "--game", game, "--players", rules.min_players, "--bots", f"human,{rules.bot_kinds[0]}",
            "--seed", 2, "--moves", script, "--log", log)
    assert r.exit_code == 0, r.output
    assert log.read_text().startswith(f"{rules.log_format} ")
    second = f"{rules.bot_kinds[0]}-2"
    assert f"alice, {second}" in r.output  # the seats --players and --bots made, whatever the default config holds


def test_the_issues_command_line_starts_arctic_at_the_terminal():
    r = run("play", "--game", "arctic", "--players", 2, "--bots", "human,planner", "--seed", 3, input="")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Arctic: players: alice, planner-2")


def test_game_agreeing_with_the_config_plays_and_contradicting_it_is_refused(tmp_path):
    config = tmp_path / "arctic.toml"
    assert run("new-config", "--game", "arctic", config).exit_code == 0
    script = tmp_path / "moves.txt"
    script.write_text("")
    assert run("play", "--config", config, "--game", "arctic", "--moves", script, "--seed", 1).exit_code == 0
    r = run("play", "--config", config, "--game", "evo", "--moves", script)
    assert r.exit_code == 2 and f"--game evo contradicts {config}, a config for arctic" in r.stderr
    r = run("pbem", "new", "--config", config, "--game", "fauna", "--log", tmp_path / "g.fauna")
    assert r.exit_code == 2 and "a config for arctic" in r.stderr and not (tmp_path / "g.fauna").exists()
    r = run("play", "--continue", tmp_path / "g.fauna", "--game", "arctic")
    assert r.exit_code == 2 and "--game cannot change it" in r.stderr


def test_an_unknown_game_is_named_with_a_suggestion():
    r = run("play", "--game", "artic")
    assert r.exit_code == 2 and "unknown game 'artic'" in r.stderr and "did you mean 'arctic'" in r.stderr


def test_fauna_only_settings_are_refused_for_another_game():
    r = run("play", "--game", "evo", "--units", "imperial")
    assert r.exit_code == 2 and "--units apply to Fauna only; this game is evo" in r.stderr
    r = run("play", "--game", "evo", "--players", 7, "--moves", "-", input="")
    assert r.exit_code == 2 and "Invalid value for --players: Evo is played by 2 to 5 players" in r.stderr
    r = run("play", "--game", "arctic", "--goal", 5, "--moves", "-", input="")
    assert r.exit_code == 2 and "Invalid value for --goal: Arctic has no such setting" in r.stderr


@pytest.mark.parametrize("game", [g for g in GAMES if g != "fauna"])
def test_pbem_new_game_writes_that_games_file(game, tmp_path):
    rules = load_rules(game)
    path = tmp_path / "game.txt"
    r = run("pbem", "new", "--game", game, "--players", rules.min_players, "--log", path, "--seed", 4)
    assert r.exit_code == 0, r.output
    assert path.read_text().startswith(f"{rules.log_format} ")


def test_pbem_new_game_with_a_referee_keeps_the_seed_in_the_key(tmp_path):
    r = run("pbem", "new", "--game", "evo", "--log", tmp_path / "g.evo", "--referee", tmp_path / "g.key")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "g.evo").read_text().startswith("evo-log ") and (tmp_path / "g.key").exists()


def test_check_game_keeps_to_that_games_case_files(monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    r = run("check", "--game", "exofauna", "tests/cases", "--format", "json")
    assert r.exit_code == 0, r.output
    files = {c["file"] for c in json.loads(r.output)["cases"]}
    assert files and all(f.startswith("tests/cases/exofauna/") for f in files)
    r = run("check", "--game", "arctic", "tests/cases/scales.toml")
    assert r.exit_code == 2 and "a case file for fauna, not arctic" in r.stderr
    r = run("check", "--game", "evo", "tests/cases/arctic")
    assert r.exit_code == 2 and "no case files for evo" in r.stderr


# -- item 2: --bots checked against the game's kinds ------------------------------------------------------

@pytest.mark.parametrize("game", list(GAMES))
def test_an_unknown_bot_kind_names_the_games_kinds_and_the_closest(game):
    rules = load_rules(game)
    typo = rules.bot_kinds[0][:-1]
    r = run("play", "--game", game, "--bots", f"human,{typo}")
    assert r.exit_code == 2
    line = r.stderr.strip().splitlines()[-1]
    assert f"unknown bot kind '{typo}' for {rules.title}" in line
    assert all(k in line for k in ("human", *rules.bot_kinds)) and f"did you mean '{rules.bot_kinds[0]}'" in line


def test_a_kind_of_another_game_says_which_game_has_it():
    r = run("play", "--bots", "human,heuristic")
    line = r.stderr.strip().splitlines()[-1]
    assert r.exit_code == 2 and "for Fauna; choose human, naturalist, random, statistician" in line
    assert "'heuristic' is a bot of ExoFauna/Duo and Evo (--game exofauna, --game evo)" in line
    assert run("play", "--game", "evo", "--bots", "human,heuristic", "--seed", 1, input="").exit_code == 0


def test_simulate_checks_players_and_bots_against_the_games_rules():
    r = run("simulate", "--game", "exofauna", "--players", 3, "--bots", "random", "--games", 1)
    assert r.exit_code == 2 and "ExoFauna/Duo is played by 2 players" in r.stderr
    r = run("simulate", "--players", 7, "--bots", "random", "--games", 1)
    assert r.exit_code == 2 and "Fauna is played by 2 to 6 players" in r.stderr
    r = run("simulate", "--game", "arctic", "--players", 2, "--bots", "human", "--games", 1)
    assert r.exit_code == 2 and "unknown bot kind 'human' for Arctic" in r.stderr


# -- item 3: help texts from every game's RULES -------------------------------------------------------

HEADINGS = {("play",): "Games (", ("pbem", "new"): "Games (", ("simulate",): "Games (",
            ("pbem", "move"): "MOVE in each game"}


@pytest.mark.parametrize("command", list(HEADINGS))
def test_each_help_names_every_games_facts_from_its_rules(command):
    r = run(*command, "--help")
    assert r.exit_code == 0
    rows = section_rows(r.output, HEADINGS[command])
    assert list(rows) == game_names()
    for game, text in rows.items():
        rules = load_rules(game)
        assert text.startswith(rules.title + ",")
        if command == ("pbem", "move"):
            example = text.split(" --as NAME ", 1)[1]
            assert example in first_moves(game)
            continue
        assert span(rules.min_players, rules.max_players, "player") in text
        kinds = re.search(r"bots: (.*?)(;|$)", text).group(1).split(", ")
        assert [k.split("[")[0] for k in kinds] == list(rules.bot_kinds)
        if command == ("play",):
            assert text.split("; a move: ", 1)[1] in first_moves(game)


def test_no_help_describes_fauna_alone_any_more():
    for command in HEADINGS:
        text = flat(run(*command, "--help").output)
        assert "naturalist, random, statistician)" not in text and "weight 200-500 kg" not in text
        assert "first card" not in text and "3 players, published rules" not in text
    assert "show the first card" not in run("pbem", "--help").output


def test_a_bot_kind_or_player_count_added_to_a_game_shows_in_help_and_completion(monkeypatch):
    module = importlib.import_module(GAMES["arctic"])
    rules = module.RULES
    monkeypatch.setattr(module, "RULES", dataclasses.replace(rules, bot_kinds=(*rules.bot_kinds, "oracle"),
                                                             max_players=7))
    for command in (("play",), ("simulate",), ("pbem", "new")):
        row = section_rows(run(*command, "--help").output, "Games (")["arctic"]
        assert "oracle" in row and "2 to 7 players" in row
    assert "oracle" in completions(["play", "--game", "arctic", "--bots"], "")
    r = run("play", "--game", "fauna", "--bots", "oracle")
    assert "'oracle' is a bot of Arctic (--game arctic)" in r.stderr


def test_fauna_help_names_the_games_and_groups_faunas_own_commands():
    out = run("--help").output
    assert f"Games: {', '.join(game_names())}." in flat(out)
    commands, own = out.split("\nCommands:\n", 1)[1].split("\nFauna's own commands:\n", 1)
    own_names = {line.split()[0] for line in own.splitlines() if line.startswith("  ") and line[2] != " "}
    assert {"map", "scales", "animal"} <= own_names and not own_names & {"play", "pbem", "simulate", "check"}
    assert "play" in commands and "map " not in commands


# -- item 4: completion ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["play"], ["pbem", "new"], ["simulate"], ["new-config"], ["check"]])
def test_game_completes_the_games_names(command):
    assert completions([*command, "--game"], "") == game_names()
    assert completions([*command, "--game"], "ex") == ["exofauna"]


@pytest.mark.parametrize("game", list(GAMES))
def test_bots_complete_each_games_kinds_item_by_item(game):
    kinds = list(load_rules(game).bot_kinds)
    assert completions(["play", "--game", game, "--bots"], "") == ["human", *kinds]
    last = kinds[-1]
    assert completions(["pbem", "new", "--game", game, "--bots"], f"human,{last[:2]}") == \
        [f"human,{k}" for k in ["human", *kinds] if k.startswith(last[:2])]
    assert completions(["simulate", "--game", game, "--bots"], "") == kinds  # no people in a simulation


def test_bots_complete_for_the_configs_game_and_fauna_by_default(tmp_path):
    config = tmp_path / "evo.toml"
    config.write_text('[game]\nrules = "evo"\n')
    assert completions(["play", "--config", str(config), "--bots"], "h") == ["human", "heuristic"]
    assert completions(["play", "--bots"], "") == ["human", *load_rules("fauna").bot_kinds]
    assert completions(["play", "--config", str(tmp_path / "missing.toml"), "--bots"], "s") == ["statistician"]


def test_real_bash_completes_a_bot_kind_after_a_comma():
    from tests.test_cli_ux import _bash_complete

    assert _bash_complete(["fauna", "play", "--game", "arctic", "--bots", "human,pl"]) == ["human,planner"]
    assert _bash_complete(["fauna", "simulate", "--game", "ev"]) == ["evo"]
