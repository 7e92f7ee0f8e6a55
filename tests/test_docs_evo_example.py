"""docs/evo-moves.md's example round is a real game's log: it goes stale when a rules edition changes play."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.main import cli

DOC = Path(__file__).resolve().parent.parent / "docs" / "evo-moves.md"


def test_the_example_round_is_what_the_log_of_that_game_says(tmp_path):
    text = DOC.read_text(encoding="utf-8")
    example = text.split("## Example (two players, seed 7)", 1)[1]
    shown = re.search(r"```\n(.*?)\n```", example, re.S)
    assert shown is not None
    config = tmp_path / "evo.toml"
    config.write_text('[game]\nrules = "evo"\nseed = 7\n\n[[players]]\nname = "alice"\nbot = "heuristic"\n\n'
                      '[[players]]\nname = "bob"\nbot = "heuristic"\n', encoding="utf-8")
    log = tmp_path / "game.evo"
    done = CliRunner().invoke(cli, ["play", "--config", str(config), "--log", str(log)])
    assert done.exit_code == 0, done.output
    lines = [line.rsplit(" @", 1)[0] for line in log.read_text(encoding="utf-8").splitlines()]
    edition = re.search(r"rules edition (\d+)", example)
    assert edition is not None and f"edition {edition.group(1)}" in lines
    wanted = shown.group(1).splitlines()
    first = lines.index(wanted[0])
    assert lines[first:first + len(wanted)] == wanted
