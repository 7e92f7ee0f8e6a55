"""The installed package works from any directory: the board snippet of the README, data included."""

import os
import subprocess
import sys

SNIPPET = """
from rules.fauna import Board, Deck
board = Board.default()
assert board.adjacent("Tasmania", "Tasman Sea") is True
assert board.neighbors("Tasmania") == ["Tasman Sea"]
assert board.area("japan").name == "Northwest Pacific Ocean"
assert len([a.name for a in board.areas]) == 75
assert len(Deck.default().animals) >= 30
import rules
print(rules.__file__)
"""


def test_board_snippet_from_outside_the_checkout(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-c", SNIPPET], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert out.returncode == 0, "install the package first (python -m pip install '.[test]'):\n" + out.stderr
    assert "site-packages" in out.stdout or "dist-packages" in out.stdout
