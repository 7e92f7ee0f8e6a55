"""`fauna pbem`: a whole game by e-mail through new/move/status, and every way a move is refused."""

from __future__ import annotations

import fcntl
import json
import os
import stat

import pytest
from click.testing import CliRunner

from fauna_cli.gamefile import lock_path
from fauna_cli.main import cli
from fauna_cli.pbem_cmd import pbem
from fauna_cli.replay_cmd import replay
from rules.core.rng import SplitMix64
from rules.fauna import Board, Deck, Scales

CONFIG = """[game]
seed = {seed}
goal = {goal}
[[players]]
name = "alice"
[[players]]
name = "bob"
[[players]]
name = "carol"
"""


def run(args, cmd=pbem):
    return CliRunner().invoke(cmd, [str(a) for a in args])


def new_game_file(tmp_path, seed=8, goal=120, name="game.fauna"):
    (tmp_path / "cfg.toml").write_text(CONFIG.format(seed=seed, goal=goal), encoding="utf-8")
    game = tmp_path / name
    result = run(["new", "--config", tmp_path / "cfg.toml", "--out", game])
    assert result.exit_code == 0, result.output
    return game, result


def status(game) -> dict:
    result = run(["status", game, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def answer_marks(front: dict) -> list[str]:
    """Text that only the current card's answer would show: its area list and the evaluation title."""
    animal = Deck.default().animal(front["name"])
    return [f"{animal.n_areas}: " + ", ".join(animal.areas), f"evaluation: {animal.name}"]


def choose(doc: dict, rng: SplitMix64) -> str:
    """A legal move from what status shows: pass sometimes after the first piece, else a free spot."""
    me = next(p for p in doc["players"] if p["player"] == doc["next"]["player"])
    if me["placed"] > 0 and rng.below(3) == 0:
        return "pass"
    taken = {t["piece"] for t in doc["status"]["taken"]}
    units = doc["config"]["game"]["units"]
    spots = [a for a in Board.default().names if a not in taken]
    scales = Scales.default()
    for m in doc["front"]["measures"]:
        if m["open"]:
            scale = scales.get(m["scale"])
            spots += [f"{scale.key} {scale.label(i, units)}" for i in range(len(scale))
                      if f"{scale.key} {scale.label(i, units)}" not in taken]
    return spots[rng.below(len(spots))]


def test_complete_three_player_game_by_email_then_replay_verifies(tmp_path):
    game, started = new_game_file(tmp_path, seed=8, goal=60)
    doc = status(game)
    for mark in answer_marks(doc["front"]):
        assert mark not in started.output
    assert "answer" not in json.dumps(doc)
    rng = SplitMix64(99)
    moves = rounds_seen = 0
    while doc["next"] is not None:
        player, seq = doc["next"]["player"], doc["next"]["seq"]
        move = choose(doc, rng)
        result = run(["move", game, "--as", player, "--seq", seq, *move.split()])
        assert result.exit_code == 0, result.output
        moves += 1
        evaluated = f"Round {doc['round']} evaluation" in result.stdout
        rounds_seen += evaluated
        doc = status(game)
        assert doc["status"]["taken"] == [] or not evaluated
        if doc["next"] is not None:
            for mark in answer_marks(doc["front"]):  # the new current card stays hidden everywhere
                assert mark not in result.stdout
            if moves % 10 == 0:
                plain = run(["status", game])
                assert plain.exit_code == 0
                assert all(mark not in plain.stdout for mark in answer_marks(doc["front"]))
                assert f"{doc['next']['player']} to move" in plain.stdout
        assert moves < 3000
    assert doc["status"]["over"] and doc["status"]["winners"]
    assert max(doc["status"]["scores"].values()) >= 60
    assert rounds_seen == doc["round"] >= 2
    verified = run([game], cmd=replay)
    assert verified.exit_code == 0, verified.output
    assert f"{moves} moves" in verified.stdout
    over = run(["move", game, "--as", "alice", "pass"])
    assert over.exit_code == 3 and "the game is over" in over.stderr
    shown = run(["show", game, "--format", "json"])
    assert len(json.loads(shown.stdout)["rounds"]) == doc["round"]


def test_new_shows_the_first_card_front_and_refuses_to_overwrite(tmp_path):
    game, result = new_game_file(tmp_path)
    assert "Round 1 (starting player:" in result.stdout and "Asks:" in result.stdout
    assert "fauna pbem move" in result.stdout
    again = run(["new", "--config", tmp_path / "cfg.toml", "--out", game])
    assert again.exit_code == 2 and "exists already" in again.stderr
    forced = run(["new", "--config", tmp_path / "cfg.toml", "--out", game, "--force", "--seed", 3])
    assert forced.exit_code == 0 and "seed 3" in forced.stdout


def test_new_draws_and_records_a_seed_when_none_is_given(tmp_path):
    (tmp_path / "cfg.toml").write_text('[[players]]\nname = "a"\n[[players]]\nname = "b"\n', encoding="utf-8")
    result = run(["new", "--config", tmp_path / "cfg.toml", "--out", tmp_path / "g.fauna", "--format", "json"])
    doc = json.loads(result.stdout)
    assert doc["seed_drawn"] is True
    assert f"seed {doc['seed']} @" in (tmp_path / "g.fauna").read_text(encoding="utf-8")


def test_status_shows_round_front_taken_scores_and_turn(tmp_path):
    game, _ = new_game_file(tmp_path)
    first = status(game)["next"]["player"]
    assert run(["move", game, "--as", first, "Tasmania"]).exit_code == 0
    result = run(["status", game])
    out = result.stdout
    assert "round 1, move 2 next" in out and "Tasmania" in out and first in out
    assert "player" in out and "score" in out and "Last move: 1 " in out and "History head: line 15" in out


def test_move_out_of_turn_says_who_moved_last(tmp_path):
    game, _ = new_game_file(tmp_path)
    doc = status(game)
    first = doc["next"]["player"]
    assert run(["move", game, "--as", first, "Tasmania"]).exit_code == 0
    again = run(["move", game, "--as", first, "Tasman Sea"])
    assert again.exit_code == 3
    assert f"{first} already moved, the last move was move 1, by {first} (Tasmania)" in again.stderr
    stale = run(["move", game, "--as", status(game)["next"]["player"], "--seq", 1, "Japan"])
    assert stale.exit_code == 3
    assert "stale: move 1 was already made" in stale.stderr and f"by {first}" in stale.stderr


def test_illegal_and_misspelt_moves_and_players(tmp_path):
    game, _ = new_game_file(tmp_path)
    p1 = status(game)["next"]["player"]
    assert run(["move", game, "--as", p1, "Tasmania"]).exit_code == 0
    p2 = status(game)["next"]["player"]
    before = game.read_bytes()
    taken = run(["move", game, "--as", p2, "tasmania"])
    assert taken.exit_code == 3 and "already taken by" in taken.stderr
    typo = run(["move", game, "--as", p2, "Tasmaniaa"])
    assert typo.exit_code == 3 and "did you mean 'Tasmania'" in typo.stderr
    first_pass = run(["move", game, "--as", p2, "pass"])
    assert first_pass.exit_code == 3 and "first go-around" in first_pass.stderr
    nobody = run(["move", game, "--as", p2.upper() + "x", "Japan"])
    assert nobody.exit_code == 2 and "unknown player" in nobody.stderr
    assert game.read_bytes() == before
    case = run(["move", game, "--as", p2.upper(), "Japan"])  # names match regardless of case
    assert case.exit_code == 0 and f"{p2} placed on Northwest Pacific Ocean" in case.stdout


def test_second_writer_is_told_the_game_is_being_updated(tmp_path):
    game, _ = new_game_file(tmp_path)
    before = game.read_bytes()
    fd = os.open(lock_path(game), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        busy = run(["move", game, "--as", status(game)["next"]["player"], "Tasmania"])
    finally:
        os.close(fd)
    assert busy.exit_code == 2 and "the game is being updated" in busy.stderr
    assert game.read_bytes() == before
    assert run(["move", game, "--as", status(game)["next"]["player"], "Tasmania"]).exit_code == 0


@pytest.mark.parametrize("damage", ["change", "delete", "duplicate", "swap", "truncate"])
def test_hand_edits_are_caught_by_status_move_show_and_replay(tmp_path, damage):
    game, _ = new_game_file(tmp_path)
    for _ in range(4):
        doc = status(game)
        move = ["Tasmania", "Japan", "Sahel", "Andes"][doc["next"]["seq"] - 1]
        assert run(["move", game, "--as", doc["next"]["player"], move]).exit_code == 0
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, ln in enumerate(lines) if ln.startswith("2 "))  # 0-based index of move 2
    if damage == "change":
        lines[n] = lines[n].replace("Northwest Pacific Ocean", "Malay Archipelago")
    elif damage == "delete":
        del lines[n]
    elif damage == "duplicate":
        lines.insert(n, lines[n])
    elif damage == "swap":
        lines[n], lines[n + 1] = lines[n + 1], lines[n]
    else:
        lines = lines[:n]
    game.write_text("".join(lines), encoding="utf-8")
    before = game.read_bytes()
    bad_line = n if damage == "truncate" else n + 1 + (damage == "duplicate")
    for cmd, args in [(pbem, ["status", game]), (pbem, ["show", game]), (replay, [game]),
                      (pbem, ["move", game, "--as", "alice", "Antarctic"])]:
        result = run(args, cmd=cmd)
        assert result.exit_code == 4, (args, result.output)
        assert result.stderr.startswith(f"fauna: {game}:{bad_line}: "), result.stderr
        assert result.stderr.count("\n") == 1
    assert game.read_bytes() == before


def test_show_keeps_the_current_round_hidden(tmp_path):
    game, _ = new_game_file(tmp_path)
    none_yet = run(["show", game])
    assert none_yet.exit_code == 0 and "no round has been evaluated yet" in none_yet.stdout
    hidden = run(["show", game, "--round", 1])
    assert hidden.exit_code == 2 and "still being played" in hidden.stderr
    for _ in range(6):  # three placements, then three passes end round 1
        doc = status(game)
        move = "pass" if doc["next"]["seq"] > 3 else ["Tasmania", "Japan", "Sahel"][doc["next"]["seq"] - 1]
        result = run(["move", game, "--as", doc["next"]["player"], move])
        assert result.exit_code == 0, result.output
    assert "Round 1 evaluation:" in result.stdout and "Round 2 (starting player:" in result.stdout
    shown = run(["show", game, "--round", 1])
    assert shown.exit_code == 0
    assert "Moves of round 1: 1 " in shown.stdout and "Round 1 evaluation:" in shown.stdout
    assert run(["show", game, "--round", 2]).exit_code == 2


def test_updates_keep_the_file_mode_and_clear_stale_temporary_files(tmp_path):
    game, _ = new_game_file(tmp_path)
    os.chmod(game, 0o644)
    leftover = tmp_path / f".{game.name}.abc123.tmp"
    leftover.write_text("half a game", encoding="utf-8")
    assert run(["move", game, "--as", status(game)["next"]["player"], "Tasmania"]).exit_code == 0
    assert stat.S_IMODE(os.stat(game).st_mode) == 0o644
    assert not leftover.exists()


def test_pbem_is_registered_in_the_fauna_command(tmp_path):
    game, _ = new_game_file(tmp_path)
    result = CliRunner().invoke(cli, ["pbem", "status", str(game)])
    assert result.exit_code == 0 and "move 1 next" in result.stdout


def test_game_file_from_other_data_needs_the_flag_and_keeps_its_fingerprint(tmp_path):
    from rules.fauna.replay import CHAIN_START, chain

    game, _ = new_game_file(tmp_path)
    out, head = [], CHAIN_START
    for ln in game.read_text(encoding="utf-8").splitlines():
        body = ln.rsplit(" @", 1)[0]
        if body.startswith("board sha256:"):  # format 3 still fingerprints the board, scales and preset
            body = "board sha256:" + "cd" * 32
        head = chain(head, body)
        out.append(f"{body} @{head}\n")
    game.write_text("".join(out), encoding="utf-8")
    player = run(["status", game, "--ignore-data-change", "--format", "json"])
    assert player.exit_code == 0 and "warning" in player.stderr
    refused = run(["move", game, "--as", json.loads(player.stdout)["next"]["player"], "Tasmania"])
    assert refused.exit_code == 4 and f"{game}:4: this game was played on another board" in refused.stderr
    moved = run(["move", game, "--as", json.loads(player.stdout)["next"]["player"], "Tasmania",
                 "--ignore-data-change"])
    assert moved.exit_code == 0, moved.output
    assert "board sha256:" + "cd" * 32 + " @" in game.read_text(encoding="utf-8")
    assert run([game, "--ignore-data-change"], cmd=replay).exit_code == 0
