"""Issue 28: e-mail play, replay and game-file loading are one path for the four games (Fauna through its RULES)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from rules.core.registry import game_names

ROOT = Path(__file__).parent.parent
ONE_PATH = ("pbem_cmd.py", "replay_cmd.py", "gamefile.py", "logfile.py", "html_replay.py", "games/fauna_files.py")


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="fauna")


@pytest.mark.parametrize("game", game_names())
def test_pbem_new_copies_under_json_writes_every_players_copy(game, tmp_path):
    """--copies --format json wrote Fauna's copies nowhere (its JSON returned first); now every game writes them."""
    cfg = tmp_path / "g.toml"
    cfg.write_text(f'[game]\nrules = "{game}"\n' + "".join(f'[[players]]\nname = "{n}"\n' for n in ("ann", "bob")))
    game_file = tmp_path / "g.game"
    result = run("pbem", "new", "--config", cfg, "--log", game_file, "--seed", 3, "--copies", "--format", "json")
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)  # standard output stays one JSON document
    for name in ("ann", "bob"):
        copy = tmp_path / f"g-{name}.game"
        assert copy.read_bytes() == game_file.read_bytes()


@pytest.mark.parametrize("game", game_names())
def test_status_as_an_unknown_player_is_the_same_error_for_every_game(game, tmp_path):
    cfg = tmp_path / "g.toml"
    cfg.write_text(f'[game]\nrules = "{game}"\n' + "".join(f'[[players]]\nname = "{n}"\n' for n in ("ann", "bob")))
    game_file = tmp_path / "g.game"
    assert run("pbem", "new", "--config", cfg, "--log", game_file, "--seed", 3).exit_code == 0
    result = run("pbem", "status", game_file, "--as", "anne", "--format", "json")
    assert result.exit_code == 2
    err = json.loads(result.stderr)
    assert "UnknownPlayer" in json.dumps(err)
    assert "unknown player 'anne'; did you mean 'ann'?" in json.dumps(err) and "(players: ann, bob)" in json.dumps(err)


@pytest.mark.parametrize("module", ONE_PATH)
def test_the_commands_of_every_game_import_no_game_package(module):
    """The e-mail, replay and game-file modules reach a game through its RULES (rules.core.registry) only."""
    tree = ast.parse((ROOT / "fauna_cli" / module).read_text(encoding="utf-8"))
    named = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
    named += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    games = [m for m in named if m.split(".")[:2] in (["rules", g] for g in game_names())]
    assert games == []
