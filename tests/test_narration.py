"""Issue 29 items 3 and 6: every other player's decision is told in one line, and a forced choice is not asked."""

from __future__ import annotations

import re

from click.testing import CliRunner

from fauna_cli.main import cli


def _play(tmp_path, game: str, players: str, bots: str, answers: int, seed: int = 4):
    config = tmp_path / f"{game}.toml"
    assert CliRunner().invoke(cli, ["new-config", "--game", game, str(config)]).exit_code == 0
    return CliRunner().invoke(cli, ["play", "--config", str(config), "--players", players, "--bots", bots,
                                    "--seed", str(seed)], input="1\n" * answers)


def test_the_computer_players_decisions_are_told_at_evos_table(tmp_path):
    out = _play(tmp_path, "evo", "ann,bob,cy", "human,random", 400).output
    assert re.search(r"^(bob|cy): bid \d ", out, re.M)  # a bid that no event line tells
    assert re.search(r"^(bob|cy): (move|attack|done|birth|skip|pass|keep)\b", out, re.M)


def test_a_decision_with_a_single_choice_is_taken_and_said_in_one_line(tmp_path):
    out = _play(tmp_path, "arctic", "ann,ben", "human,human", 300).output
    lines = out.splitlines()
    forced = [i for i, line in enumerate(lines) if re.fullmatch(r"  \(the only choice (ann|ben) had\)", line)]
    assert forced
    for i in forced:  # said right after the decision's own line, and never asked at a prompt
        assert not lines[i - 1].startswith(("ann> ", "ben> ")) and lines[i - 1].startswith(("ann ", "ben "))


def test_after_a_hand_over_a_person_is_told_what_the_others_did_since_their_last_decision(tmp_path):
    out = _play(tmp_path, "arctic", "ann,ben", "human,human", 300).output
    told = re.findall(r"(\w+), press Enter when only you can see the screen: Since your last decision:\n((?:  .*\n)+)",
                      out)
    assert len(told) > 3
    for person, block in told:
        who = {line.split()[0] for line in block.splitlines()} & {"ann", "ben"}
        assert who == {"ann", "ben"} - {person}  # the other person's decisions, never one's own
