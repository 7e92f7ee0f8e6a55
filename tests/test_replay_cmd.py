"""`fauna replay FILE`: round tables, --until, --round, --format json, and one-line errors with exit codes."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from fauna_cli.replay_cmd import replay
from rules.core.rng import SplitMix64
from rules.fauna import PASS, Config, new_game
from rules.fauna.replay import CHAIN_START, chain, log_text


def finished_game(seed: int = 21, goal: int = 100):
    cfg = Config.from_dict({"game": {"goal": goal}, "players": [{"name": "alice"}, {"name": "bob"}, {"name": "carol"}]})
    state = new_game(cfg, seed)
    rng = SplitMix64(seed)
    while not state.is_over:
        legal = state.legal_moves()
        places = [m for m in legal if m.kind != "pass"]
        good = [m for m in places if state.score_move(m)[1] > 0]
        move = PASS if PASS in legal and rng.below(3) == 0 else (good or places)[rng.below(len(good or places))]
        state.apply(move, state.to_move)
    return state


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    state = finished_game()
    assert state.round >= 3
    path = tmp_path_factory.mktemp("replay") / "game.fauna"
    path.write_text(log_text(state), encoding="utf-8")
    return state, path


def run(args, **kw):
    return CliRunner().invoke(replay, [str(a) for a in args], **kw)


def test_replay_prints_every_round_and_verifies(game_file):
    state, path = game_file
    result = run([path])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for r in range(1, state.round + 1):
        assert f"Round {r} evaluation:" in out
    assert f"Verified {path}" in out and f"{state.seq} moves" in out and "Game over:" in out
    assert out.startswith(f"{path}: fauna-log 3, seed 21; players: alice, bob, carol; goal 100 points")


def test_replay_is_registered_in_the_fauna_command(game_file):
    _, path = game_file
    assert CliRunner().invoke(cli, ["replay", str(path)]).exit_code == 0


def test_round_option_prints_one_table(game_file):
    state, path = game_file
    result = run([path, "--round", 2])
    assert result.exit_code == 0
    assert "Round 2 evaluation:" in result.stdout and "Round 1 evaluation:" not in result.stdout
    missing = run([path, "--round", state.round + 5])
    assert missing.exit_code == 2 and f"no evaluated round {state.round + 5}" in missing.stderr


def test_until_stops_after_a_move(game_file):
    _, path = game_file
    result = run([path, "--until", 5])
    assert result.exit_code == 0
    assert "Stopped after move 5" in result.stdout and "not checked" in result.stdout
    too_far = run([path, "--until", 100000])
    assert too_far.exit_code == 2 and "has only" in too_far.stderr


def test_json_output(game_file):
    state, path = game_file
    result = run([path, "--format", "json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["seed"] == 21 and doc["format"] == "fauna-log 3"
    assert doc["verified"]["moves"] == state.seq and doc["verified"]["to_end"] is True
    assert len(doc["rounds"]) == state.round
    assert doc["status"]["winners"] == list(state.winners)
    assert doc["data"]["changed"] is False


@pytest.mark.parametrize("fmt", ["github", "grid"])
def test_table_formats(game_file, fmt):
    _, path = game_file
    result = run([path, "--round", 1, "--format", fmt])
    assert result.exit_code == 0 and ("|" in result.stdout)


def test_mismatch_is_one_line_with_file_line_and_exit_4(game_file, tmp_path):
    _, path = game_file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, ln in enumerate(lines) if ln.startswith("score "))
    lines[n] = lines[n].replace("+", "+1", 1)
    bad = tmp_path / "bad.fauna"
    bad.write_text("".join(lines), encoding="utf-8")
    result = run([bad])
    assert result.exit_code == 4
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert re.match(rf"fauna: {re.escape(str(bad))}:{n + 1}: expected ['\"]score 1 ", result.stderr), result.stderr
    assert re.search(r", found ['\"]score 1 ", result.stderr)


def test_data_change_is_refused_unless_ignored(game_file, tmp_path):
    _, path = game_file
    text = path.read_text(encoding="utf-8")
    # a log as if made with other data: new fingerprint, hash chain recomputed
    out, head = [], CHAIN_START
    for ln in text.splitlines():
        body = ln.rsplit(" @", 1)[0]
        if body.startswith("board sha256:"):
            body = "board sha256:" + "ab" * 32
        head = chain(head, body)
        out.append(f"{body} @{head}\n")
    other = tmp_path / "other.fauna"
    other.write_text("".join(out), encoding="utf-8")
    refused = run([other])
    assert refused.exit_code == 4
    assert f"{other}:4: this game was played on another board, scales or scoring preset" in refused.stderr
    assert "--ignore-data-change" in refused.stderr
    ok = run([other, "--ignore-data-change"])
    assert ok.exit_code == 0, ok.output
    assert "warning" in ok.stderr and "Verified" in ok.stdout


@pytest.mark.parametrize("content,code,words", [
    (None, 2, ["no such game file"]),
    (b"", 2, [":1: the file is empty"]),
    (b"\x00\xff\xfe", 2, [":1: not UTF-8"]),
    (b"[game]\nseed = 1\n", 2, [":1: not a fauna game log"]),
])
def test_unreadable_files(tmp_path, content, code, words):
    path = tmp_path / "x.fauna"
    if content is not None:
        path.write_bytes(content)
    result = run([path])
    assert result.exit_code == code
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    for w in words:
        assert w in result.stderr
