"""Issue 25, games lost or corrupted: every write of a game is all or nothing, never over an input, never blind.

- a referee's update (key, public file, view files) is one unit: a failure at any write, or kill -9 at any
  moment, leaves files that the next command continues with nothing lost;
- no output names an input or another output, and an existing output is replaced only with --force;
- `pbem move` writes the move file before the game, so a failed move file leaves the game unchanged;
- an update is not written over a file another program changed meanwhile;
- key and view files are created 0600.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from rules.core.rng import SplitMix64

ROOT = Path(__file__).resolve().parent.parent
TWO = '[game]\nrules = "arctic"\n[[players]]\nname = "ann"\n[[players]]\nname = "ben"\n'


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, prog_name="fauna")


def one_line(result) -> str:
    """The single error line of a failed command (and that it is a single line, without a traceback)."""
    err = result.stderr if hasattr(result, "stderr") else result.output
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("fauna: "), err
    assert "Traceback" not in result.output
    return lines[0]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def leftovers(folder: Path) -> list[str]:
    """Temporary files, journals and locks that a finished command must not leave behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") or p.name.endswith(".lock"))


# -- a refereed game ---------------------------------------------------------------------------------

def referee_game(folder: Path, seed: int = 5) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "g.toml").write_text(TWO, encoding="utf-8")
    made = run("pbem", "new", "--config", folder / "g.toml", "--seed", seed, "--public-seed", "--out",
               folder / "g.game", "--referee", folder / "g.key")  # a known seed: runs are compared byte for byte
    assert made.exit_code == 0, made.output


def to_move(folder: Path) -> str | None:
    doc = json.loads(run("pbem", "status", folder / "g-ann.view", "--format", "json").output)
    return None if doc["next"] is None else doc["next"]["player"]


def move_file(folder: Path, rng: SplitMix64, out: Path) -> Path:
    """A move file of the player to move, made from their view file (the user's path)."""
    who = to_move(folder)
    view = folder / f"g-{who}.view"
    legal = json.loads(run("pbem", "status", view, "--format", "json").output)["legal"]
    made = run("pbem", "move", view, "--as", who, "--move-file", out, "--force", legal[rng.below(len(legal))])
    assert made.exit_code == 0, made.output
    return out


def referee_apply(folder: Path, mf: Path):
    return run("pbem", "apply", folder / "g.game", "--key", folder / "g.key", mf)


def key_moves(folder: Path) -> int:
    return sum(1 for line in (folder / "g.key").read_text().splitlines() if line[:1].isdigit())


class Faults:
    """Test doubles for os.write, os.fsync and os.replace: the Nth call of any of them fails (no space left)."""

    def __init__(self, monkeypatch, fail_at: int | None) -> None:
        self.calls = 0
        self.fail_at = fail_at
        self.failed: str | None = None
        for name in ("write", "fsync", "replace"):
            real = getattr(os, name)
            monkeypatch.setattr(os, name, self._wrap(name, real))

    def _wrap(self, name, real):
        def double(*args, **kwargs):
            self.calls += 1
            if self.calls == self.fail_at:
                self.failed = name
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(*args, **kwargs)
        return double


def test_failing_each_write_of_a_referee_update_in_turn_loses_nothing(tmp_path, monkeypatch):
    start = tmp_path / "start"
    referee_game(start)
    rng = SplitMix64(7)
    mf = move_file(start, rng, tmp_path / "m.txt")
    # The update as it should be, without a failure.
    clean = tmp_path / "clean"
    shutil.copytree(start, clean)
    with monkeypatch.context() as m:
        counter = Faults(m, None)
        assert referee_apply(clean, mf).exit_code == 0
    calls = counter.calls
    want = snapshot(clean)
    assert calls >= 8 and key_moves(clean) == key_moves(start) + 1
    kinds = set()
    for n in range(1, calls + 1):
        trial = tmp_path / f"fail-{n}"
        shutil.copytree(start, trial)
        with monkeypatch.context() as m:
            faults = Faults(m, n)
            first = referee_apply(trial, mf)
        kinds.add(faults.failed)
        if first.exit_code != 0:
            assert first.exit_code == 2, first.output
            one_line(first)
            assert "Traceback" not in first.output
        # The next command (here: the referee applies the same move file again) finishes the game's update.
        again = referee_apply(trial, mf)
        assert again.exit_code == 0, (n, faults.failed, first.output, again.output)
        assert snapshot(trial) == want, (n, faults.failed, first.output)
        assert leftovers(trial) == [], (n, faults.failed, first.output)
    assert kinds == {"write", "fsync", "replace"}


def test_a_read_only_public_file_leaves_key_and_views_unchanged(tmp_path):
    referee_game(tmp_path)
    mf = move_file(tmp_path, SplitMix64(3), tmp_path / "m.txt")
    before = snapshot(tmp_path)
    (tmp_path / "g.game").chmod(0o444)
    refused = referee_apply(tmp_path, mf)
    assert refused.exit_code == 2
    assert "read-only" in one_line(refused)
    assert snapshot(tmp_path) == before
    assert leftovers(tmp_path) == []
    (tmp_path / "g.game").chmod(0o644)
    assert referee_apply(tmp_path, mf).exit_code == 0
    assert key_moves(tmp_path) == 1


def spawn(args: list[str], cwd: Path) -> subprocess.Popen:
    # not measured for coverage (a killed process keeps no data, and measuring slows each of the many starts)
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("COVERAGE_")}, "PYTHONPATH": str(ROOT),
           "NO_COLOR": "1"}
    return subprocess.Popen([sys.executable, "-m", "fauna_cli", *args], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


KILLS = 12
# Where a kill is aimed: at a random moment, or the instant a file of the update shows up in the folder (the
# public file's temporary, a view file's, the commit journal): the moments between the writes of one update.
AIMS = (None, ".g.game.", ".g-", ".g.key.commit")


def kill_when(proc: subprocess.Popen, folder: Path, prefix: str, limit: float) -> bool:
    """SIGKILL `proc` as soon as a file whose name starts with `prefix` appears in `folder`; whether it was killed."""
    end = time.perf_counter() + limit
    while proc.poll() is None and time.perf_counter() < end:
        if any(n.startswith(prefix) for n in os.listdir(folder)):
            proc.send_signal(signal.SIGKILL)
            return True
    return False


def test_sigkill_during_referee_updates_never_loses_a_move_or_splits_the_files(tmp_path):
    referee_game(tmp_path, seed=11)
    rng = SplitMix64(9)
    apply = ["pbem", "apply", "g.game", "--key", "g.key", "m.txt"]
    move_file(tmp_path, rng, tmp_path / "m.txt")
    t0 = time.perf_counter()
    assert spawn(apply, tmp_path).wait(timeout=60) == 0
    full = time.perf_counter() - t0
    kills = landed = 0
    for i in range(KILLS * 4):
        if kills >= KILLS or to_move(tmp_path) is None:
            break
        before = key_moves(tmp_path)
        move_file(tmp_path, rng, tmp_path / "m.txt")
        proc = spawn(apply, tmp_path)
        aim = AIMS[i % len(AIMS)]
        if aim is None:
            time.sleep(full * (0.3 + rng.random()))  # python's start is a third of the run; then anywhere to the end
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                kills += 1
        else:
            kills += kill_when(proc, tmp_path, aim, 60)
        proc.wait(timeout=60)
        # The next command applies the move if it was lost, or finishes the update if it was committed.
        again = referee_apply(tmp_path, tmp_path / "m.txt")
        assert again.exit_code == 0, (aim, again.output)
        assert key_moves(tmp_path) == before + 1
        landed += proc.returncode == -signal.SIGKILL and "Applied" not in again.output
        assert leftovers(tmp_path) == []
        # Key, public file and views agree: every view is at the key's move, and the next apply accepted the pair.
        for who in ("ann", "ben"):
            doc = json.loads(run("pbem", "status", tmp_path / f"g-{who}.view", "--format", "json").output)
            assert doc["seq"] == before + 1
    assert kills >= KILLS * 2 // 3, f"only {kills} processes were still running when their kill came"
    print(f"{kills} kills; {landed} updates committed before their kill and finished by the next command")


class Killed(BaseException):
    """The process stops here, as under kill -9: no cleanup of the command runs."""


def test_an_interrupted_unit_is_finished_by_any_next_referee_command(tmp_path, monkeypatch):
    """Stopped after the commit point (journal written, the game renamed, not the views or the key): the next
    command, here `pbem move --key` for the player after the update, finishes the unit first."""
    start = tmp_path / "start"
    referee_game(start)
    mf = move_file(start, SplitMix64(5), tmp_path / "m.txt")
    clean = tmp_path / "clean"
    shutil.copytree(start, clean)
    assert referee_apply(clean, mf).exit_code == 0
    who = to_move(clean)
    legal = json.loads(run("pbem", "status", clean / f"g-{who}.view", "--format", "json").output)["legal"]
    import fauna_cli.commit as commit

    real_replace = os.replace
    renamed = []

    def replace_then_die(src, dst):
        if str(src).endswith(".pending") and Path(dst).name != ".g.key.commit":
            if renamed:
                raise Killed
            renamed.append(dst)
        return real_replace(src, dst)

    with monkeypatch.context() as m:
        m.setattr(commit.os, "replace", replace_then_die)
        with pytest.raises(Killed):
            CliRunner().invoke(cli, ["pbem", "apply", str(start / "g.game"), "--key", str(start / "g.key"),
                                     str(mf)], catch_exceptions=False)
    assert (start / ".g.key.commit").exists()
    assert key_moves(start) == 0  # the key is renamed last
    for folder in (start, clean):
        nxt = run("pbem", "move", folder / "g.game", "--key", folder / "g.key", "--as", who, legal[0])
        assert nxt.exit_code == 0, nxt.output
    assert key_moves(start) == 2
    assert snapshot(start) == snapshot(clean)
    assert leftovers(start) == []


def test_a_damaged_journal_is_one_line_and_changes_nothing(tmp_path):
    referee_game(tmp_path)
    mf = move_file(tmp_path, SplitMix64(5), tmp_path / "m.txt")
    journal = tmp_path / ".g.key.commit"
    missing = {"target": str(tmp_path / "g.game"), "temp": str(tmp_path / ".g.game.gone.pending"), "sha256": "00"}
    for text in ("garbage\n", 'fauna-commit 1\n{"files": [{"target": 1}]}\n',
                 "fauna-commit 1\n" + json.dumps({"files": [missing]}) + "\n"):
        journal.write_text(text)
        before = snapshot(tmp_path)
        refused = referee_apply(tmp_path, mf)
        assert refused.exit_code == 2, refused.output
        assert ".g.key.commit" in one_line(refused)
        assert snapshot(tmp_path) == before
    journal.unlink()  # the referee restored the files by hand: the game goes on
    assert referee_apply(tmp_path, mf).exit_code == 0


# -- outputs never replace an input or one another -------------------------------------------------

def arctic_game(folder: Path) -> Path:
    (folder / "g.toml").write_text(TWO, encoding="utf-8")
    game = folder / "g.arctic"
    assert run("pbem", "new", "--config", folder / "g.toml", "--seed", 3, "--out", game).exit_code == 0
    return game


def first_legal(game: Path) -> tuple[str, str]:
    from fauna_cli.gamefile import load_game

    state = load_game(game).state
    return state.to_move, state.move_text(state.legal_moves()[0])


def test_svg_naming_the_game_is_refused_and_the_game_kept(tmp_path):
    game = arctic_game(tmp_path)
    before = game.read_bytes()
    refused = run("pbem", "status", game, "--svg", game)
    assert refused.exit_code == 2
    assert "would overwrite GAME" in one_line(refused)
    assert game.read_bytes() == before
    link = tmp_path / "link.arctic"
    link.symlink_to(game)
    assert run("pbem", "status", game, "--svg", link, "--force").exit_code == 2  # one file by another name
    assert game.read_bytes() == before


def test_move_file_naming_the_game_is_refused_and_the_move_not_saved(tmp_path):
    game = arctic_game(tmp_path)
    before = game.read_bytes()
    who, move = first_legal(game)
    refused = run("pbem", "move", game, "--as", who, "--move-file", game, move)
    assert refused.exit_code == 2
    one_line(refused)
    assert game.read_bytes() == before


def test_an_existing_svg_or_move_file_is_replaced_only_with_force(tmp_path):
    game = arctic_game(tmp_path)
    pic = tmp_path / "pic.svg"
    pic.write_text("mine")
    refused = run("pbem", "status", game, "--svg", pic)
    assert refused.exit_code == 2 and "--force" in one_line(refused)
    assert pic.read_text() == "mine"
    assert run("pbem", "status", game, "--svg", pic, "--force").exit_code == 0
    assert pic.read_text().startswith("<svg") or "<svg" in pic.read_text()
    other = tmp_path / "notes.txt"
    other.write_text("my notes")
    before = game.read_bytes()
    who, move = first_legal(game)
    refused = run("pbem", "move", game, "--as", who, "--move-file", other, move)
    assert refused.exit_code == 2 and "--force" in one_line(refused)
    assert other.read_text() == "my notes" and game.read_bytes() == before
    done = run("pbem", "move", game, "--as", who, "--move-file", other, "--force", move)
    assert done.exit_code == 0, done.output
    assert "BEGIN FAUNA MOVE" in other.read_text() and game.read_bytes() != before


def test_referee_new_with_one_file_for_two_outputs_writes_nothing(tmp_path):
    (tmp_path / "g.toml").write_text(TWO, encoding="utf-8")
    same = run("pbem", "new", "--config", tmp_path / "g.toml", "--out", tmp_path / "x", "--referee", tmp_path / "x")
    assert same.exit_code == 2
    one_line(same)
    assert not (tmp_path / "x").exists()
    # A key named like a player's view file would be overwritten by the view.
    clash = run("pbem", "new", "--config", tmp_path / "g.toml", "--out", tmp_path / "g.game",
                "--referee", tmp_path / "g-ann.view")
    assert clash.exit_code == 2
    assert "ann's view file" in one_line(clash)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]
    # The config is an input: no output may replace it.
    cfg = run("pbem", "new", "--config", tmp_path / "g.toml", "--out", tmp_path / "g.toml", "--force")
    assert cfg.exit_code == 2 and (tmp_path / "g.toml").read_text() == TWO


def test_referee_new_replaces_an_existing_view_file_only_with_force(tmp_path):
    (tmp_path / "g.toml").write_text(TWO, encoding="utf-8")
    (tmp_path / "g-ben.view").write_text("another game's view")
    args = ["pbem", "new", "--config", tmp_path / "g.toml", "--out", tmp_path / "g.game", "--referee",
            tmp_path / "g.key"]
    refused = run(*args)
    assert refused.exit_code == 2 and "--force" in one_line(refused)
    assert not (tmp_path / "g.key").exists() and (tmp_path / "g-ben.view").read_text() == "another game's view"
    assert run(*args, "--force").exit_code == 0


def test_play_svg_and_log_outputs(tmp_path):
    (tmp_path / "c.toml").write_text('[game]\nseed = 3\ngoal = 5\n[[players]]\nname = "a"\nbot = "random"\n'
                                     '[[players]]\nname = "b"\nbot = "random"\n', encoding="utf-8")
    same = run("play", "--config", tmp_path / "c.toml", "--moves", "-", "--log", tmp_path / "x", "--svg",
               tmp_path / "x", input="")
    assert same.exit_code == 2 and "--log and --svg would be one file" in one_line(same)
    over_cfg = run("play", "--config", tmp_path / "c.toml", "--moves", "-", "--svg", tmp_path / "c.toml",
                   "--force", input="")
    assert over_cfg.exit_code == 2 and "c.toml" in (tmp_path / "c.toml").read_text() + "c.toml"
    assert (tmp_path / "c.toml").read_text().startswith("[game]")
    pic = tmp_path / "p.svg"
    pic.write_text("mine")
    refused = run("play", "--config", tmp_path / "c.toml", "--moves", "-", "--svg", pic, input="")
    assert refused.exit_code == 2 and pic.read_text() == "mine"
    assert run("play", "--config", tmp_path / "c.toml", "--moves", "-", "--svg", pic, "--force",
               input="").exit_code == 0
    assert pic.read_text() != "mine"


def test_simulate_log_replaces_a_file_only_with_force(tmp_path):
    log = tmp_path / "g4.fauna"
    log.write_text("keep")
    args = ["simulate", "--players", 2, "--bots", "random", "--games", 2, "--seed", 1, "--log-game", 1, "--log", log]
    refused = run(*args)
    assert refused.exit_code == 2 and log.read_text() == "keep"
    assert run(*args, "--force").exit_code == 0 and log.read_text().startswith("fauna-log")


def test_a_player_may_choose_again_but_another_file_at_the_move_files_path_is_kept(tmp_path):
    referee_game(tmp_path)
    who = to_move(tmp_path)
    view = tmp_path / f"g-{who}.view"
    legal = json.loads(run("pbem", "status", view, "--format", "json").output)["legal"]
    assert run("pbem", "move", view, "--as", who, legal[0]).exit_code == 0
    made = sorted(tmp_path.glob(f"g-{who}-move-*.txt"))
    assert len(made) == 1
    again = run("pbem", "move", view, "--as", who, legal[-1])  # the same point, another choice: replaced
    assert again.exit_code == 0, again.output
    assert legal[-1].split()[-1] in made[0].read_text()
    made[0].write_text("my notes")
    kept = run("pbem", "move", view, "--as", who, legal[0])
    assert kept.exit_code == 2 and "--force" in one_line(kept)
    assert made[0].read_text() == "my notes"


# -- a saved move is never reported as failed ----------------------------------------------------

def test_a_move_file_that_cannot_be_written_leaves_the_game_unchanged(tmp_path):
    game = arctic_game(tmp_path)
    before = game.read_bytes()
    who, move = first_legal(game)
    failed = run("pbem", "move", game, "--as", who, "--move-file", tmp_path / "no" / "m.txt", move)
    assert failed.exit_code == 2
    assert "does not exist" in one_line(failed)
    assert game.read_bytes() == before  # not saved: the retry is accepted
    done = run("pbem", "move", game, "--as", who, "--move-file", tmp_path / "m.txt", move)
    assert done.exit_code == 0, done.output
    assert (tmp_path / "m.txt").exists()


def test_a_game_that_cannot_be_saved_leaves_no_move_file_and_a_rerun_needs_no_force(tmp_path, monkeypatch):
    game = arctic_game(tmp_path)
    before = game.read_bytes()
    who, move = first_legal(game)
    import fauna_cli.files as files

    real = files.os.replace

    def no_rename_of_the_game(src, dst):
        if Path(dst).name == "g.arctic":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(src, dst)

    with monkeypatch.context() as m:
        m.setattr(files.os, "replace", no_rename_of_the_game)
        failed = run("pbem", "move", game, "--as", who, move)
    assert failed.exit_code == 2 and "No space left" in one_line(failed)
    assert game.read_bytes() == before
    assert not list(tmp_path.glob("g-move-*.txt"))
    # A kill between the two writes leaves the move file of an unsaved move: the same move writes it again.
    newer_copy(game, tmp_path)
    made = (tmp_path / "elsewhere" / "g-move-1.txt").read_text()
    (tmp_path / "g-move-1.txt").write_text(made)
    again = run("pbem", "move", game, "--as", who, move)
    assert again.exit_code == 0, again.output
    assert (tmp_path / "g-move-1.txt").read_text() == made
    # ... or another move at that point, which was never saved either: it is replaced, without --force.
    game.write_bytes(before)
    from fauna_cli.gamefile import load_game

    state = load_game(game).state
    other = state.move_text(state.legal_moves()[-1])
    assert other != move
    again = run("pbem", "move", game, "--as", who, other)
    assert again.exit_code == 0, again.output
    assert other.split()[-1] in (tmp_path / "g-move-1.txt").read_text()


# -- a file replaced during a command ----------------------------------------------------------------

def newer_copy(game: Path, tmp_path: Path) -> bytes:
    """What another program saves meanwhile: the game one move further on (made on a copy)."""
    copy = tmp_path / "elsewhere" / game.name
    copy.parent.mkdir(exist_ok=True)
    shutil.copy(game, copy)
    who, move = first_legal(copy)
    assert run("pbem", "move", copy, "--as", who, move).exit_code == 0
    return copy.read_bytes()


@pytest.mark.parametrize("how", ["rename", "in-place"])
def test_pbem_move_does_not_overwrite_a_copy_saved_meanwhile(tmp_path, monkeypatch, how):
    game = arctic_game(tmp_path)
    newer = newer_copy(game, tmp_path)
    import fauna_cli.pbem_cmd as pbem_cmd

    real = pbem_cmd.play_human

    def meanwhile(*args, **kwargs):
        out = real(*args, **kwargs)
        if how == "rename":
            (tmp_path / "other").write_bytes(newer)
            os.replace(tmp_path / "other", game)
        else:
            game.write_bytes(newer)
        return out

    monkeypatch.setattr(pbem_cmd, "play_human", meanwhile)
    who, move = first_legal(game)
    refused = run("pbem", "move", game, "--as", who, "--print-move", move)
    assert refused.exit_code == 2
    assert "changed or replaced" in one_line(refused)
    assert game.read_bytes() == newer


def test_pbem_apply_does_not_overwrite_a_copy_saved_meanwhile(tmp_path, monkeypatch):
    game = arctic_game(tmp_path)
    copy = tmp_path / "b.arctic"
    shutil.copy(game, copy)
    who, move = first_legal(game)
    assert run("pbem", "move", game, "--as", who, "--move-file", tmp_path / "m.txt", move).exit_code == 0
    newer = newer_copy(copy, tmp_path)
    import fauna_cli.pbem_cmd as pbem_cmd

    real = pbem_cmd.apply_move_files

    def meanwhile(*args, **kwargs):
        out = real(*args, **kwargs)
        copy.write_bytes(newer)
        return out

    monkeypatch.setattr(pbem_cmd, "apply_move_files", meanwhile)
    refused = run("pbem", "apply", copy, tmp_path / "m.txt")
    assert refused.exit_code == 2 and "changed or replaced" in one_line(refused)
    assert copy.read_bytes() == newer


@pytest.mark.parametrize("changed", ["g.key", "g.game"])
def test_referee_apply_does_not_overwrite_a_key_or_public_file_changed_meanwhile(tmp_path, monkeypatch, changed):
    referee_game(tmp_path)
    mf = move_file(tmp_path, SplitMix64(2), tmp_path / "m.txt")
    before = snapshot(tmp_path)
    import fauna_cli.anygame as anygame

    real = anygame.pbem_move_change

    def meanwhile(*args, **kwargs):
        out = real(*args, **kwargs)
        key = tmp_path / "g.key"
        key.write_text(key.read_text())  # rewritten in place, same bytes: still the file read
        (tmp_path / changed).write_text((tmp_path / changed).read_text() + "\n")  # changed
        return out

    monkeypatch.setattr(anygame, "pbem_move_change", meanwhile)
    refused = referee_apply(tmp_path, mf)
    assert refused.exit_code == 2 and f"{changed}: another program changed" in one_line(refused)
    after = snapshot(tmp_path)
    assert after[changed] == before[changed] + b"\n"  # the other program's file is kept
    assert {k: v for k, v in after.items() if k != changed} == {k: v for k, v in before.items() if k != changed}
    assert leftovers(tmp_path) == []


def test_play_continue_does_not_overwrite_a_game_saved_meanwhile(tmp_path, monkeypatch):
    (tmp_path / "c.toml").write_text('[game]\nseed = 4\ngoal = 30\n[[players]]\nname = "a"\n[[players]]\nname = "b"\n',
                                     encoding="utf-8")
    game = tmp_path / "g.fauna"
    assert run("pbem", "new", "--config", tmp_path / "c.toml", "--out", game).exit_code == 0
    script = tmp_path / "s.txt"
    script.write_text("{}: {}\n".format(*first_legal(game)))
    newer = newer_copy(game, tmp_path)  # another program's copy, one move further
    import fauna_cli.logfile as logfile

    real = logfile.LogAppender.sync
    calls = []

    def meanwhile(self, lines, closing):
        calls.append(1)
        if len(calls) == 2:  # the game was read and rewritten once; before the first move is saved, a copy is
            game.write_bytes(newer)
        return real(self, lines, closing)

    monkeypatch.setattr(logfile.LogAppender, "sync", meanwhile)
    refused = run("play", "--continue", game, "--moves", script)
    assert refused.exit_code == 2
    assert "changed or replaced" in refused.output
    assert game.read_bytes() == newer


def test_play_continue_checks_the_game_before_its_first_write(tmp_path, monkeypatch):
    (tmp_path / "c.toml").write_text('[game]\nseed = 4\ngoal = 30\n[[players]]\nname = "a"\n[[players]]\nname = "b"\n',
                                     encoding="utf-8")
    game = tmp_path / "g.fauna"
    assert run("pbem", "new", "--config", tmp_path / "c.toml", "--out", game).exit_code == 0
    script = tmp_path / "s.txt"
    script.write_text("{}: {}\n".format(*first_legal(game)))
    newer = newer_copy(game, tmp_path)
    import fauna_cli.gamefile as gamefile

    real = gamefile.load_game

    def meanwhile(*args, **kwargs):
        out = real(*args, **kwargs)
        game.write_bytes(newer)  # saved by another program after the game was read
        return out

    monkeypatch.setattr(gamefile, "load_game", meanwhile)
    refused = run("play", "--continue", game, "--moves", script)
    assert refused.exit_code == 2 and "changed or replaced" in refused.output
    assert game.read_bytes() == newer


# -- secrets -------------------------------------------------------------------------------------------

def test_key_and_view_files_are_0600_whatever_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        referee_game(tmp_path)
        mf = move_file(tmp_path, SplitMix64(1), tmp_path / "m.txt")
        assert referee_apply(tmp_path, mf).exit_code == 0
        os.umask(0)
        (tmp_path / "g-ann.view").chmod(0o644)  # e.g. copied with other permissions: rewritten 0600 again
        mf = move_file(tmp_path, SplitMix64(1), tmp_path / "m2.txt")
        assert referee_apply(tmp_path, mf).exit_code == 0
    finally:
        os.umask(old)
    mode = {p.name: p.stat().st_mode & 0o777 for p in tmp_path.iterdir()}
    assert mode["g.key"] == mode["g-ann.view"] == mode["g-ben.view"] == 0o600
    assert mode["m.txt"] == mode["m2.txt"] == 0o600  # a move made from a view may be a hidden decision
    assert mode["g.game"] == 0o644  # the public file keeps the umask's
