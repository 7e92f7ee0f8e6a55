"""Whole Arctic games: the golden logs (bots from a fixed seed) come out byte for byte from the rules.

tests/test_games_cli.py checks every game's goldens through the command line as well; this is the
Arctic part without the command line, quick enough for mutation testing of the rules (tools/mutate.py).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_game_goldens", ROOT / "tools" / "make_game_goldens.py")
assert _spec is not None and _spec.loader is not None
goldens = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(goldens)


@pytest.mark.parametrize("name", [n for n, spec in sorted(goldens.GOLDENS.items()) if spec[0] == "arctic"])
def test_an_arctic_golden_game_is_played_again_byte_for_byte(name: str) -> None:
    stored = (ROOT / "replays" / name).read_text(encoding="utf-8")
    assert goldens.golden_text(name) == stored, f"{name} differs: the rules or the bots changed what happens"
