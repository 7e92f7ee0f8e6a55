"""Fauna's guide (docs/fauna-moves.md): its sample move script really prints its sample round table."""

import re
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.main import cli

GUIDE = (Path(__file__).resolve().parent.parent / "docs" / "fauna-moves.md").read_text(encoding="utf-8")


def text_blocks():
    return re.findall(r"```text\n(.*?)```", GUIDE, re.S)


def test_sample_script_gives_the_sample_table():
    script = next(b for b in text_blocks() if b.startswith("# seed 400"))
    table = next(b for b in text_blocks() if b.startswith("Round 1 evaluation")).rstrip()
    result = CliRunner().invoke(cli, ["play", "--seed", "400", "--moves", "-"], input=script)
    assert result.exit_code == 0, result.output
    assert table in result.output
