"""The golden games of the games besides Fauna: each is played again from its seed and bots, byte for byte.

A quick file of its own, so the mutation runs of the rules (tools/mutate.py) can afford it for every mutant.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_game_goldens", ROOT / "tools" / "make_game_goldens.py")
assert _spec is not None and _spec.loader is not None
goldens = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(goldens)


@pytest.mark.parametrize("name", sorted(goldens.active()))
def test_game_goldens_replay_byte_identically(name):
    path = ROOT / "replays" / name
    stored = path.read_bytes()
    assert goldens.golden_text(name).encode("utf-8") == stored, (
        f"{name}: the game differs from the stored golden; regenerate with python3 tools/make_game_goldens.py")
    result = CliRunner().invoke(cli, ["replay", str(path)], prog_name="fauna")
    assert result.exit_code == 0 and "Verified" in result.output
