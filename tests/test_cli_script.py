"""A move script plays a complete 3-player game; the printed tables and final scores are pinned."""

import json
import re
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.main import cli
from rules.fauna.script import format_script, parse_script

HERE = Path(__file__).parent / "scripts"
REGEN = "if the data or the output format changed on purpose, run: python3 tools/make_script_goldens.py"


def test_three_player_script_prints_the_expected_tables(monkeypatch):
    monkeypatch.chdir(HERE.parent.parent)
    result = CliRunner().invoke(cli, ["play", "--seed", "7", "--moves", "tests/scripts/three_players.txt"])
    assert result.exit_code == 0, result.output
    expected = (HERE / "three_players.out").read_text(encoding="utf-8")
    assert result.output == expected, REGEN
    assert "Game over:" in result.output


def test_three_player_script_json_has_the_same_final_scores(monkeypatch):
    monkeypatch.chdir(HERE.parent.parent)
    result = CliRunner().invoke(cli, ["play", "--seed", "7", "--moves", "tests/scripts/three_players.txt",
                                      "--format", "json"])
    doc = json.loads(result.output)
    assert doc["status"]["over"] is True
    text = (HERE / "three_players.out").read_text(encoding="utf-8")
    last = doc["rounds"][-1]
    final_block = text.rsplit("rank    player    score", 1)[1]
    for row in last["standings"]:
        assert re.search(rf"^{row['rank']}\s+{row['player']}\s+{row['score']}$", final_block, re.M), row
    assert doc["status"]["winners"] == last["game_over"]["winners"]
    assert sum(len(r["pieces"]) for r in doc["rounds"]) == sum(
        1 for line in parse_script((HERE / "three_players.txt").read_text()) if line.move != "pass")


def test_script_text_round_trips():
    text = (HERE / "three_players.txt").read_text(encoding="utf-8")
    lines = parse_script(text)
    again = parse_script(format_script(lines))
    assert [(x.player, x.move) for x in again] == [(x.player, x.move) for x in lines]
    assert format_script(again) == format_script(lines)
