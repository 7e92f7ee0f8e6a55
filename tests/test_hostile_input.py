"""Issue 11, item by item: each reproducer a hostile user found, now refused with one line and a documented code."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import time
from pathlib import Path, PurePath

import fuzzkit
import pytest
from click.testing import CliRunner

from fauna_cli import gamefile
from fauna_cli.check_cmd import case_files
from fauna_cli.main import cli
from rules.core.errors import FaunaError
from rules.core.limits import (
    MAX_GOAL,
    InputRefused,
    ProgressGuard,
    check_name,
    escape_control,
    excerpt,
    load_json,
    load_toml,
    read_bounded,
)

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = '[[players]]\nname = "alice"\n[[players]]\nname = "bob"\n[[players]]\nname = "carol"\n'
CONFIG = '[game]\nseed = 3\nstart = "alice"\n' + PLAYERS
GOLDEN = (ROOT / "replays" / "2p-published-metric.fauna").read_text(encoding="utf-8")


def fauna(args, stdin=None):
    return CliRunner().invoke(cli, args, input=stdin, prog_name="fauna")


def one_line(result, code: int, *words: str) -> str:
    """The run exited `code` with exactly one escaped line on stderr holding every word; returns the line."""
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    err = result.stderr
    lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith(("Usage:", "Try "))]
    assert result.exit_code == code, (result.exit_code, err, result.stdout[-500:])
    assert len(lines) == 1, err
    assert "Traceback" not in err + result.stdout
    assert all(ch.isprintable() or ch == " " for ch in lines[0].replace("\xa0", " ")), lines[0]
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cfg.toml").write_text(CONFIG)
    return tmp_path


def edited_log(tmp_path: Path, line: int, body: str, name: str = "game.fauna") -> str:
    """The 2-player golden log with line `line` (1-based) replaced by `body` and the hash chain recomputed."""
    lines = GOLDEN.split("\n")
    lines[line - 1] = f"{body} @{'0' * 32}"
    path = tmp_path / name
    path.write_bytes(fuzzkit.rehash("\n".join(lines).encode()))
    return str(path)


# -- 1. exit 70 on bad input -------------------------------------------------------------------------------------

def test_deeply_nested_toml_in_a_config_and_a_case_file(cfg):
    deep = "[" * 500 + "]" * 500
    (cfg / "deep.toml").write_text(f"[game]\nseed = {deep}\n" + PLAYERS)
    one_line(fauna(["play", "--config", "deep.toml", "--moves", "-"], ""), 2, "deep.toml:2", "nested")
    (cfg / "case.toml").write_text(f'[[case]]\nname = "x"\nexpect = {deep}\n')
    one_line(fauna(["check", "case.toml"]), 2, "case.toml:3", "nested")


def test_deeply_nested_json_in_a_log_header_line(tmp_path):
    game = edited_log(tmp_path, 5, "units " + "[" * 500 + "]" * 500)
    for args in (["replay", game], ["pbem", "status", game], ["pbem", "move", game, "--as", "alice", "pass"]):
        one_line(fauna(args), 2, "game.fauna:5")


def test_integers_of_thousands_of_digits(cfg, tmp_path):
    (cfg / "big.toml").write_text("[game]\nseed = " + "1" * 5000 + "\n" + PLAYERS)
    one_line(fauna(["play", "--config", "big.toml", "--moves", "-"], ""), 2, "big.toml:2", "5,000 digits")
    (cfg / "hex.toml").write_text("[game]\nseed = 0x" + "f" * 5000 + "\n" + PLAYERS)
    one_line(fauna(["play", "--config", "hex.toml", "--moves", "-"], ""), 2, "hex.toml:2", "game.seed")
    one_line(fauna(["play", "--config", "cfg.toml", "--moves", "-"], "alice: weight " + "1" * 5000 + "\n"), 3,
             "<stdin>:1", "characters")
    game = edited_log(tmp_path, 13, "9" * 5000 + " bob: Tasmania")
    one_line(fauna(["replay", game]), 4, "game.fauna:13")


def test_a_fraction_over_zero_in_every_reader(cfg, tmp_path):
    one_line(fauna(["play", "--config", "cfg.toml", "--moves", "-"], "alice: weight 1/0 kg\n"), 3, "<stdin>:1",
             "0 below the line")
    fauna(["pbem", "new", "--config", "cfg.toml", "--out", "g.fauna"])
    one_line(fauna(["pbem", "move", "g.fauna", "--as", "alice", "weight", "1/0", "kg"]), 3, "0 below the line")
    first_move = next(i for i, ln in enumerate(GOLDEN.split("\n"), 1) if ln.startswith("1 "))
    who = GOLDEN.split("\n")[first_move - 1].split(" ")[1].rstrip(":")
    game = edited_log(tmp_path, first_move, f"1 {who}: weight 1/0 kg")
    one_line(fauna(["replay", game]), 4, f"game.fauna:{first_move}", "0 below the line")
    case = ('[[case]]\nname = "x"\nrule = "r"\nsource = "rulebook"\nplayers = ["a", "b"]\n'
            'animal = { areas = ["Tasmania"], weight = WEIGHT }\nmoves = ["a: Tasmania"]\n[case.expect]\nround = 1\n')
    for weight in ('"1/0 kg"', "nan", "inf", "-inf"):
        (cfg / "c.toml").write_text(case.replace("WEIGHT", weight))
        one_line(fauna(["check", "c.toml"]), 2, "c.toml:6", "weight")


def test_a_preset_file_that_is_not_utf8(cfg):
    (cfg / "table.toml").write_bytes(b'name = "x"\n\xff\xfe\n')
    (cfg / "p.toml").write_text('[game]\npreset = "table.toml"\n' + PLAYERS)
    one_line(fauna(["play", "--config", "p.toml", "--moves", "-"], ""), 2, "p.toml", "game.preset", "table.toml:2",
             "UTF-8")


def test_a_move_script_on_stdin_that_is_not_utf8(cfg):
    one_line(fauna(["play", "--config", "cfg.toml", "--moves", "-"], b"alice: Tasmania\nbob: \xff\n"), 2,
             "<stdin>:2", "not UTF-8")


def test_an_empty_path(cfg):
    one_line(fauna(["pbem", "new", "--out", "", "--config", "cfg.toml"]), 2, "empty file name")
    one_line(fauna(["pbem", "move", "", "--as", "alice", "Tasmania"]), 2, "empty file name")
    one_line(fauna(["pbem", "status", ""]), 2, "empty file name")
    one_line(fauna(["play", "--log", "", "--moves", "-"], ""), 2, "empty file name")


# -- 2. whatever `new` accepts, every reader accepts ---------------------------------------------------------------

def test_a_goal_past_the_limit_is_refused_by_new_and_play(cfg):
    for goal in (18446744073709551616, MAX_GOAL + 1, 0):
        (cfg / "goal.toml").write_text(f"[game]\ngoal = {goal}\n" + PLAYERS)
        one_line(fauna(["pbem", "new", "--config", "goal.toml", "--out", "g.fauna"]), 2, "goal.toml", "game.goal")
        one_line(fauna(["play", "--config", "goal.toml", "--log", "p.fauna", "--moves", "-"], ""), 2, "game.goal")
        assert not (cfg / "g.fauna").exists() and not (cfg / "p.fauna").exists()


def test_the_highest_goal_and_unusual_names_are_read_back(cfg):
    names = ["é" * 24, "a b", "山田", "e\u0301x"]  # the last one in NFD: stored as NFC
    body = "".join(f'[[players]]\nname = "{n}"\n' for n in names)
    (cfg / "edge.toml").write_text(f"[game]\nseed = {2**64 - 1}\ngoal = {MAX_GOAL}\n" + body)
    assert fauna(["pbem", "new", "--config", "edge.toml", "--out", "g.fauna"]).exit_code == 0
    status = fauna(["pbem", "status", "g.fauna"])
    assert status.exit_code == 0, status.stderr
    assert "éx" in status.stdout and "e\u0301x" not in (cfg / "g.fauna").read_text()
    assert fauna(["replay", "g.fauna"]).exit_code == 0


# -- 3. writes respect what is at the path -------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["play", "--log", "/dev/null", "--moves", "-"],
                                  ["new-config", "/dev/null", "--force"],
                                  ["pbem", "new", "--out", "/dev/null", "--force"]])
def test_a_device_is_never_replaced(cfg, args):
    one_line(fauna(args, ""), 2, "/dev/null", "not a regular file")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert not os.path.exists("/dev/null.lock")


def test_a_folder_is_never_replaced(cfg):
    (cfg / "dir.fauna").mkdir()
    one_line(fauna(["pbem", "new", "--out", "dir.fauna", "--force"]), 2, "dir.fauna", "directory")


def test_a_symlinked_game_is_updated_through_the_link_and_locked_at_its_target(cfg):
    assert fauna(["pbem", "new", "--config", "cfg.toml", "--out", "real.fauna"]).exit_code == 0
    os.symlink("real.fauna", "one.fauna")
    os.symlink("real.fauna", "two.fauna")
    before = (cfg / "real.fauna").read_text()
    moved = fauna(["pbem", "move", "one.fauna", "--as", "alice", "Tasmania"])
    assert moved.exit_code == 0, moved.stderr
    assert os.path.islink("one.fauna") and (cfg / "real.fauna").read_text() != before
    assert "1 alice: Tasmania" in (cfg / "two.fauna").read_text()  # one game, no fork
    with gamefile.game_lock("one.fauna"):  # the lock of one link is the lock of the other
        one_line(fauna(["pbem", "move", "two.fauna", "--as", "bob", "Japan"]), 2, "being updated")
        assert not (cfg / "one.fauna.lock").exists() and (cfg / "real.fauna.lock").exists()
    assert not (cfg / "real.fauna.lock").exists()  # its holder removes it when the update is done


def test_a_read_only_game_is_not_replaced(cfg):
    assert fauna(["pbem", "new", "--config", "cfg.toml", "--out", "g.fauna"]).exit_code == 0
    before = (cfg / "g.fauna").read_bytes()
    os.chmod("g.fauna", 0o444)
    try:
        one_line(fauna(["pbem", "move", "g.fauna", "--as", "alice", "Tasmania"]), 2, "g.fauna", "read-only")
        one_line(fauna(["pbem", "new", "--config", "cfg.toml", "--out", "g.fauna", "--force"]), 2, "read-only")
        one_line(fauna(["play", "--config", "cfg.toml", "--log", "g.fauna", "--force", "--moves", "-"], ""), 2,
                 "read-only")
    finally:
        os.chmod("g.fauna", 0o644)
    assert (cfg / "g.fauna").read_bytes() == before


def test_play_log_refuses_an_existing_file_without_force(cfg):
    (cfg / "g.fauna").write_text("precious\n")
    one_line(fauna(["play", "--config", "cfg.toml", "--log", "g.fauna", "--moves", "-"], ""), 2, "g.fauna",
             "--force")
    assert (cfg / "g.fauna").read_text() == "precious\n"
    ok = fauna(["play", "--config", "cfg.toml", "--log", "g.fauna", "--force", "--moves", "-"], "alice: Tasmania\n")
    assert ok.exit_code == 0, ok.stderr
    assert fauna(["replay", "g.fauna"]).exit_code == 0


def test_a_killed_play_log_leaves_no_temporary_file_once_the_game_is_touched(cfg):
    played = fauna(["play", "--config", "cfg.toml", "--log", "g.fauna", "--moves", "-"], "alice: Tasmania\n")
    assert played.exit_code == 0
    other = cfg / ".g.fauna.old.abcd1234.tmp"  # another game's temporary file (g.fauna.old): not ours to remove
    for reader in (["pbem", "status", "g.fauna"], ["replay", "g.fauna"], ["pbem", "show", "g.fauna"]):
        stale = cfg / ".g.fauna.x1y2z3w4.tmp"  # what a kill -9 between write and rename leaves
        stale.write_text("half a game")
        other.write_text("")
        assert fauna(reader).exit_code == 0
        assert not stale.exists() and other.exists()
    stale.write_text("half")
    assert fauna(["play", "--config", "cfg.toml", "--log", "g.fauna", "--force", "--moves", "-"], "").exit_code == 0
    assert not stale.exists()


def test_a_killed_play_log_process_for_real(cfg):
    """kill -9 a `play --log` waiting for input; the next command sees a whole game and no temporary file."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "fauna_cli", "play", "--config", "cfg.toml", "--log", "g.fauna"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cfg,
                            env=env)
    proc.stdin.write(b"Tasmania\n")
    proc.stdin.flush()
    log = cfg / "g.fauna"
    deadline = time.time() + 30
    while time.time() < deadline and not (log.exists() and "1 alice: Tasmania" in log.read_text()):
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    (cfg / ".g.fauna.killed99.tmp").write_text("x")  # as if the kill had come between write and rename
    status = fauna(["pbem", "status", "g.fauna"])
    assert status.exit_code == 0 and "move 2 next" in status.stdout, status.stderr
    assert [p.name for p in cfg.iterdir() if p.name.endswith(".tmp")] == []


def test_no_space_left_on_device_names_the_file(cfg, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    one_line(fauna(["new-config", "new.toml"]), 2, "new.toml", "No space left on device")
    one_line(fauna(["pbem", "new", "--config", "cfg.toml", "--out", "g.fauna"]), 2, "g.fauna", "No space left")
    assert [p.name for p in cfg.iterdir() if p.name.endswith(".tmp")] == []


# -- 4. reads reach only what the config may point at -------------------------------------------------------------

@pytest.mark.parametrize("preset,words", [
    ("../../etc/passwd", [".toml"]), ("/etc/passwd", [".toml"]), ("/proc/self/environ", [".toml"]),
    ("/dev/zero", [".toml"]), ("/tmp/x.toml", ["relative path"]), ("../outside.toml", ["config's folder"]),
    ("link.toml", ["config's folder"]), ("fifo.toml", ["not a regular file"]), ("huge.toml", ["bytes"]),
    ("sub", ["unknown preset 'sub'"]), ("sub/", ["must end in .toml"]),
])
def test_a_preset_path_is_a_bounded_regular_file_beside_the_config(tmp_path, monkeypatch, preset, words):
    home = tmp_path / "game"
    home.mkdir()
    monkeypatch.chdir(home)
    (tmp_path / "outside.toml").write_text((ROOT / "data" / "presets" / "published.toml").read_text())
    os.symlink(tmp_path / "outside.toml", home / "link.toml")
    os.mkfifo(home / "fifo.toml")
    with open(home / "huge.toml", "wb") as f:
        f.truncate(2 << 20)
    (home / "c.toml").write_text(f'[game]\npreset = "{preset}"\n' + PLAYERS)
    one_line(fauna(["pbem", "new", "--config", "c.toml", "--out", "g.fauna"]), 2, "c.toml", "game.preset", *words)
    assert not (home / "g.fauna").exists()


def test_a_preset_in_a_subfolder_is_read_and_stored_inline(cfg):
    (cfg / "tables").mkdir()
    text = (ROOT / "data" / "presets" / "published.toml").read_text().replace('name = "published"', 'name = "house"')
    (cfg / "tables" / "house.toml").write_text(text)
    (cfg / "h.toml").write_text('[game]\npreset = "tables/house.toml"\n' + PLAYERS)
    assert fauna(["pbem", "new", "--config", "h.toml", "--out", "g.fauna"]).exit_code == 0
    assert 'preset {"description"' in (cfg / "g.fauna").read_text()


def test_a_fifo_or_device_is_never_read(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    for path in (tmp_path / "fifo", "/dev/zero", "/dev/null", tmp_path):
        with pytest.raises(InputRefused):
            read_bounded(path, 1000)


# -- 5. unbounded work ---------------------------------------------------------------------------------------------

def test_a_table_that_pays_nothing_is_refused(cfg):
    (cfg / "zero.toml").write_text('name = "zero"\nscale_correct = 0\nscale_adjacent = 0\n[[row]]\nmin = 1\n'
                                   'correct = 0\nadjacent = 0\n')
    (cfg / "z.toml").write_text('[game]\npreset = "zero.toml"\n[[players]]\nname = "a"\nbot = "random"\n'
                                '[[players]]\nname = "b"\nbot = "random"\n')
    one_line(fauna(["pbem", "new", "--config", "z.toml", "--out", "g.fauna"]), 2, "z.toml", "game.preset",
             "pays no points")


def test_bots_that_never_score_stop_with_one_line(cfg):
    (cfg / "tiny.toml").write_text('name = "tiny"\nscale_correct = 0\nscale_adjacent = 0\n[[row]]\nmin = 1\nmax = 1\n'
                                   'correct = 1\nadjacent = 0\n[[row]]\nmin = 2\ncorrect = 0\nadjacent = 0\n')
    one_line(fauna(["simulate", "--players", "2", "--bots", "random", "--games", "1", "--seed", "1",
                    "--preset", "tiny.toml"]), 2, "no one has scored in 200 rounds")


def test_the_progress_guard_counts_rounds_without_a_point():
    guard = ProgressGuard(limit=3)
    guard.see(1, [0, 0])
    guard.see(2, [0, 1])  # a point: progress
    guard.see(3, [0, 1])
    guard.see(3, [0, 1])  # the same round again does not count
    guard.see(4, [0, 1])
    with pytest.raises(InputRefused, match="3 rounds"):
        guard.see(5, [0, 1])


def test_a_huge_move_line_is_refused_fast_with_a_short_excerpt(cfg):
    line = one_line(fauna(["play", "--config", "cfg.toml", "--moves", "-"], "alice: " + "x" * 3_000_000 + "\n"),
                    2, "<stdin>:1", "3,000,007 characters")  # a line past MAX_LINE_CHARS: not read at all
    assert len(line) < 300
    line = one_line(fauna(["play", "--config", "cfg.toml", "--moves", "-"], "alice: " + "x" * 10_000 + "\n"),
                    3, "<stdin>:1", "10,000 characters")  # a line past MAX_MOVE_CHARS: not a move
    assert len(line) < 300
    assert fauna(["pbem", "new", "--config", "cfg.toml", "--out", "g.fauna"]).exit_code == 0
    line = one_line(fauna(["pbem", "move", "g.fauna", "--as", "alice", "x" * 1_000_000]), 3, "characters")
    assert len(line) < 300


def test_a_huge_log_line_is_refused_before_it_is_parsed(tmp_path):
    game = edited_log(tmp_path, 13, "1 alice: " + "Tasmania " * 500_000)
    line = one_line(fauna(["replay", game]), 2, "game.fauna:13", "characters")
    assert len(line) < 300


def test_check_stays_linear_in_the_number_of_files(tmp_path, monkeypatch):
    """Thousands of paths (20,000 took 41 s with a list search). Counted in path comparisons, not timed (the machine
    is shared): a list search compares each file with every earlier one, a set about once per repeated path."""
    files = [tmp_path / f"c{i}.toml" for i in range(2_000)]
    for f in files:
        f.write_text("")
    compared = 0
    equal = PurePath.__eq__

    def counting(self, other):
        nonlocal compared
        compared += 1
        return equal(self, other)

    monkeypatch.setattr(PurePath, "__eq__", counting)
    assert case_files(tuple(str(f) for f in files + files)) == files
    assert compared <= 3 * len(files)


# -- 6. untrusted text reaching the terminal -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["a\x1b]0;pwned\x07", "nul\x00", "line\u2028sep", "tab\tx", "bidi\u202e", " pad"])
def test_names_with_control_characters_are_refused_at_the_config(cfg, name):
    toml_name = name.encode("unicode_escape").decode().replace("\\x", "\\u00")
    (cfg / "n.toml").write_text(f'[[players]]\nname = "{toml_name}"\n[[players]]\nname = "bob"\n')
    one_line(fauna(["pbem", "new", "--config", "n.toml", "--out", "g.fauna"]), 2, "n.toml", "players[1].name")


def test_a_received_game_file_with_an_escape_sequence_in_a_name(tmp_path):
    player_line = next(i for i, ln in enumerate(GOLDEN.split("\n"), 1) if ln.startswith("player "))
    game = edited_log(tmp_path, player_line, 'player "\\u001b]0;pwned\\u0007"')
    for args in (["pbem", "status", game], ["replay", game], ["pbem", "show", game]):
        result = fauna(args)
        line = one_line(result, 2, f"game.fauna:{player_line}")
        assert "\x1b" not in result.stdout + result.stderr and "\\x1b" in line


def test_a_case_file_cannot_write_escape_sequences_to_the_terminal(tmp_path):
    (tmp_path / "c.toml").write_text('[[case]]\nname = "FAQ \\u001b]0;pwned\\u0007"\nrule = "r"\n'
                                     'source = "reference-manual"\nneighbors = "Tasmania"\nexpect = ["Japan"]\n')
    result = fauna(["check", str(tmp_path / "c.toml")])
    assert result.exit_code == 1 and "\x1b" not in result.stdout and "FAQ \\x1b]0;pwned\\x07" in result.stdout


def test_paths_typed_as_arguments_are_echoed_escaped(cfg):
    result = fauna(["new-config", "x\x1b]0;t\x07.toml"])
    assert result.exit_code == 0 and "\x1b" not in result.stdout and "x\\x1b]0;t\\x07.toml" in result.stdout


def test_escape_control_and_excerpt():
    assert escape_control("plain text, é 山田") == "plain text, é 山田"
    assert escape_control("a\x1b[2Jb\u202e\u2028\x00") == "a\\x1b[2Jb\\u202e\\u2028\\x00"
    assert excerpt("x" * 1000).endswith("...' (1,000 characters)") and len(excerpt("x" * 1000)) < 100
    assert check_name("e\u0301") == "\u00e9"
    with pytest.raises(InputRefused):
        check_name("x" * 25)


def test_the_safe_loaders_bound_nesting_and_numbers():
    with pytest.raises(InputRefused):
        load_json("[" * 100 + "]" * 100)
    with pytest.raises(InputRefused):
        load_json("NaN")
    with pytest.raises(InputRefused):
        load_json("1" * 5000)
    assert load_json('{"a": [1, "[[[[[[[[[[[[[[[[[[[["]}') == {"a": [1, "[" * 20]}
    assert load_toml('x = "[[[[[[[[[[[[[[[[[[[[" # [[[[[[[[[[[[[[[[[[[[[\ny = 1\n') == {"x": "[" * 20, "y": 1}
    with pytest.raises(InputRefused) as info:
        load_toml("a = 1\nb = " + "[" * 40 + "]" * 40)
    assert info.value.line == 2


# -- 7. messages -------------------------------------------------------------------------------------------------

def test_a_file_that_is_not_a_log_at_all(tmp_path):
    (tmp_path / "x.fauna").write_text("hello")
    one_line(fauna(["replay", str(tmp_path / "x.fauna")]), 2, "x.fauna:1", "not a fauna game log")
    (tmp_path / "cut.fauna").write_text(GOLDEN[:5])
    one_line(fauna(["replay", str(tmp_path / "cut.fauna")]), 4, "cut short")


def test_config_errors_name_the_file_and_key(cfg):
    (cfg / "p.toml").write_text('[game]\npreset = "publishd"\n' + PLAYERS)
    one_line(fauna(["play", "--config", "p.toml", "--moves", "-"], ""), 2, "p.toml", "game.preset", "publishd")
    (cfg / "s.toml").write_text('[[players]]\nname = "a"\n[[players]]\nname = "b"\nbot = "random"\nskill = 0.5\n')
    one_line(fauna(["play", "--config", "s.toml", "--moves", "-"], ""), 2, "s.toml", "players[2].skill")


def test_non_utf8_scripts_and_case_files_name_the_line(cfg):
    (cfg / "m.txt").write_bytes(b"alice: Tasmania\n\nbob: Jap\xe9n\n")
    one_line(fauna(["play", "--config", "cfg.toml", "--moves", "m.txt"]), 2, "m.txt:3", "not UTF-8")
    (cfg / "c.toml").write_bytes(b'[[case]]\nname = "\xe9"\n')
    one_line(fauna(["check", "c.toml"]), 2, "c.toml:2", "not UTF-8")


@pytest.mark.parametrize("args", [["scales"], ["pbem", "status", "GAME"], ["map", "areas"], ["replay", "GAME"]])
def test_a_closed_pipe_ends_quietly(tmp_path, args):
    game = tmp_path / "g.fauna"
    game.write_text(GOLDEN)
    args = [str(game) if a == "GAME" else a for a in args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "fauna_cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=ROOT)
    proc.stdout.read(10)
    proc.stdout.close()  # `| head -c 10`
    err = proc.stderr.read()
    code = proc.wait(timeout=60)
    assert err == b"" and code in (0, 141), (code, err)


def test_a_broken_pipe_inside_a_command_exits_141_without_a_message(monkeypatch):
    from fauna_cli import fauna_queries

    def closed(*args, **kwargs):
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(fauna_queries, "table", closed)
    result = fauna(["scales"])
    assert result.exit_code == 141 and result.stderr == ""


def test_error_messages_escape_what_came_from_a_file(cfg):
    (cfg / "m.txt").write_text("alice\x1b[2J: Tasmania\n")
    line = one_line(fauna(["play", "--config", "cfg.toml", "--moves", "m.txt"]), 3, "m.txt:1")
    assert "\\x1b" in line


def test_fauna_errors_stay_fauna_errors():
    assert issubclass(InputRefused, FaunaError)


def test_check_of_a_huge_folder_is_refused_fast_instead_of_walking_the_disk(tmp_path):
    for i in range(30):
        sub = tmp_path / f"d{i}"
        sub.mkdir()
        for j in range(700):
            (sub / f"f{j}").touch()
    one_line(fauna(["check", str(tmp_path)]), 2, "not a folder of rule cases")
