"""Broken inputs: each gives one clear line on stderr and the documented exit code, never a traceback."""

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli

GOOD_PLAYERS = '[[players]]\nname = "alice"\n[[players]]\nname = "bob"\n'

CONFIGS = [  # (config text, exit code, words the one line must contain)
    ("[game\nseed = 1\n", 2, ["cfg.toml:1", "malformed TOML"]),
    ('[game]\nseed = "seven"\n' + GOOD_PLAYERS, 2, ["cfg.toml", "game.seed"]),
    ("[game]\nseed = -1\n" + GOOD_PLAYERS, 2, ["game.seed"]),
    ("[game]\nsead = 1\n" + GOOD_PLAYERS, 2, ["game.sead", "did you mean 'seed'"]),
    ('[game]\nunits = "furlongs"\n' + GOOD_PLAYERS, 2, ["game.units", "furlongs"]),
    ('[game]\ncards = "purple"\n' + GOOD_PLAYERS, 2, ["game.cards"]),
    ('[game]\npreset = "publisehd"\n' + GOOD_PLAYERS, 2, ["preset", "did you mean 'published'"]),
    ('[game]\npreset = "missing.toml"\n' + GOOD_PLAYERS, 2, ["missing.toml"]),
    ('[game]\nstart = "zed"\n' + GOOD_PLAYERS, 2, ["game.start", "zed"]),
    ("[game]\ngoal = 0\n" + GOOD_PLAYERS, 2, ["game.goal"]),
    ('[[players]]\nname = "solo"\n', 2, ["2 to 6 players"]),
    ('[[players]]\nname = "a"\n[[players]]\nname = "a"\n', 2, ["two players are called"]),
    ('[[players]]\nname = "a:b"\n[[players]]\nname = "c"\n', 2, ["player name"]),
    ('[[players]]\nname = "a"\ncolour = "red"\n[[players]]\nname = "b"\n', 2, ["players[1].colour"]),
    ('[[players]]\nname = "a"\nbot = "genius"\n[[players]]\nname = "b"\n', 2, ["bot"]),
    ("[board]\nsize = 3\n" + GOOD_PLAYERS, 2, ["unknown section 'board'"]),
    ("players = 3\n", 2, ["players"]),
    ("", 2, ["players"]),
]


@pytest.mark.parametrize("text,code,words", CONFIGS, ids=[f"config{i}" for i in range(len(CONFIGS))])
def test_broken_configs(tmp_path, monkeypatch, text, code, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cfg.toml").write_text(text)
    assert_one_line(["play", "--config", "cfg.toml", "--moves", "-"], code, words, input="")


SCRIPTS = [  # (script, exit code, words)
    ("alice Tasmania\n", 3, ["moves.txt:1", "expected 'player: move'"]),
    ("# comment\n\nalice:\n", 3, ["moves.txt:3", "no move"]),
    ("alice: Tasmaniaa\n", 3, ["moves.txt:1", "did you mean 'Tasmania'"]),
    ("bob: Tasmania\n", 3, ["moves.txt:1", "it is alice's turn, not bob's"]),
    ("dave: Tasmania\n", 3, ["moves.txt:1", "not playing"]),
    ("alice: pass\n", 3, ["moves.txt:1", "first go-around"]),
    ("alice: Tasmania\nbob: tasmania\n", 3, ["moves.txt:2", "already taken by alice"]),
    ("alice: weight 300-600 kg\n", 3, ["moves.txt:1", "not a space"]),
    ("alice: weight 99\n", 3, ["moves.txt:1", "spaces 1 to 26"]),
    ("alice: weight\n", 3, ["moves.txt:1", "needs a space"]),
    ("alice: weight 5 lb\n", 3, ["moves.txt:1", "metric"]),
]


@pytest.mark.parametrize("script,code,words", SCRIPTS, ids=[f"script{i}" for i in range(len(SCRIPTS))])
def test_broken_move_scripts(tmp_path, monkeypatch, script, code, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cfg.toml").write_text('[game]\nseed = 3\nstart = "alice"\n' + GOOD_PLAYERS
                                       + '[[players]]\nname = "carol"\n')
    (tmp_path / "moves.txt").write_text(script)
    assert_one_line(["play", "--config", "cfg.toml", "--moves", "moves.txt"], code, words)


ARGS = [
    (["map", "adjacent", "Tasmaniaa", "Tasman Sea"], 2, ["Tasmania"]),
    (["map", "neighbors", "Atlantis"], 2, ["unknown area 'Atlantis'"]),
    (["map", "areas", "--continent", "Atlantis"], 2, ["continent"]),
    (["map", "areas", "--kind", "lava"], 2, ["lava"]),
    (["animal", "show", "Unicorn"], 2, ["unknown animal 'Unicorn'"]),
    (["play", "--moves", "no-such-file.txt"], 2, ["no-such-file.txt"]),
    (["play", "--config", "no-such.toml"], 2, ["no-such.toml"]),
    (["play", "--seed", "-5"], 2, ["seed"]),
    (["play", "--format", "yaml"], 2, ["yaml"]),
    (["scales", "--units", "cubits"], 2, ["cubits"]),
    (["no-such-command"], 2, ["no-such-command"]),
    (["new-config", "no-dir/x.toml"], 2, ["no-dir/x.toml: cannot write"]),
    (["play", "--log", "no-dir/x.fauna", "--moves", "no-such.txt"], 2, ["no-such.txt"]),
    (["replay", "no-log.fauna"], 2, ["no-log.fauna"]),
    (["check", "no-such-dir"], 2, ["no-such-dir"]),
]


@pytest.mark.parametrize("args,code,words", ARGS, ids=[" ".join(a) for a, *_ in ARGS])
def test_broken_arguments(tmp_path, monkeypatch, args, code, words):
    monkeypatch.chdir(tmp_path)
    assert_one_line(args, code, words)


def assert_one_line(args, code, words, input=None):
    result = CliRunner().invoke(cli, args, input=input, prog_name="fauna")
    err = result.stderr if result.stderr_bytes is not None else result.output
    assert result.exit_code == code, (result.exit_code, result.output, err)
    assert "Traceback" not in result.output + err
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    lines = [line for line in err.splitlines() if line.strip() and not line.startswith(("Usage:", "Try "))]
    assert len(lines) == 1, err
    for w in words:
        assert w in lines[0], (w, lines[0])


def test_help_lists_every_command_without_importing_the_lazy_ones():
    import importlib
    import subprocess
    import sys

    from fauna_cli.fauna_queries import animal_group
    from fauna_cli.main import cli as group
    code = ("import sys; from fauna_cli.main import main; sys.argv=['fauna','--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print([m for m in sys.modules if m in ('fauna_cli.check_cmd','fauna_cli.replay_cmd','fauna_cli.pbem_cmd',"
            "'fauna_cli.simulate_cmd')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().endswith("[]") and "simulate" in out and "pbem" in out
    for grp in (group, animal_group):
        for name, text in grp.lazy_help.items():  # each listed help is the start of the command's own help
            module, attr = grp.lazy[name].split(":")
            cmd = getattr(importlib.import_module(module), attr)
            assert " ".join(cmd.help.split()).startswith(text.rstrip(".")), name
