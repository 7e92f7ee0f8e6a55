"""Hostile inputs for every reader of fauna, and the check that each is refused cleanly.

Shared by the fuzz tests (tests/test_fuzz_*.py, hypothesis with fixed seeds, a few hundred inputs)
and the long run (tools/fuzz.py, 100,000 inputs and more). A *reader* writes one input where fauna
reads it (a config, a preset file, a move script on disk or on stdin, a game log for `replay`,
`pbem status` and `pbem move`, a case file, the command line, player names) and runs the real
command in-process with click's CliRunner. `check_outcome` then asserts the contract of issue 11:
a documented exit code (never 70), exactly one line on stderr when the command fails, no
traceback, and no raw control character on stderr.

Inputs are mutations of valid seeds (a golden log, the default config, a preset, a script, a case
file): random bytes, truncations, byte flips, inserted control characters, deep nesting, huge and
tiny numbers, NaN and infinities, long lines and wrong types. `rehash` recomputes a log's hash
chain after a mutation, so the parser behind the hash check is reached too.
"""

from __future__ import annotations

import os
import random
import re
import tempfile
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.main import cli
from rules.fauna.replay import CHAIN_START, chain

ROOT = Path(__file__).resolve().parent.parent
UNSAFE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")  # what must never reach a terminal raw
DOCUMENTED = {0, 1, 2, 3, 4}  # README.md "Exit codes"; 70 is a bug and 141 needs a closed pipe

GOLDEN_LOG = (ROOT / "replays" / "2p-published-metric.fauna").read_bytes()
CUSTOM_LOG = (ROOT / "replays" / "3p-custom-table-metric.fauna").read_bytes()
PRESET = (ROOT / "data" / "presets" / "published.toml").read_bytes()
_ALL_CASES = (ROOT / "tests" / "cases" / "placement.toml").read_bytes()
CASES = _ALL_CASES[: _ALL_CASES.index(b"[[case]]", 3000)]  # the first few whole cases
SCRIPT = b"alice: Tasmania\nbob: weight 200-500 kg\ncarol: pass # a comment\n\nalice: length 1-2 m\n"
CONFIG = (b'[game]\nseed = 7\npreset = "published"\nunits = "metric"\ncards = "mixed"\nstart = "alice"\n'
          b'goal = 120\n\n[[players]]\nname = "alice"\n\n[[players]]\nname = "bob"\nbot = "statistician"\n\n'
          b'[[players]]\nname = "carol"\nbot = "naturalist"\nskill = 0.5\n')
FIXED_CONFIG = b'[game]\nseed = 3\nstart = "alice"\n[[players]]\nname = "alice"\n[[players]]\nname = "bob"\n' \
               b'[[players]]\nname = "carol"\n'

NASTY = [b"", b"\x00", b"\x1b]0;pwned\x07", b"\x1b[2J", b"\xe2\x80\xae", b"\xe2\x80\xa8", b"\r", b"\n", b"\t",
         b"\xff", b"\xc3", b"\xef\xbb\xbf", b"nan", b"inf", b"-inf", b"NaN", b"1e999", b"-0", b"0", b"-1",
         b"18446744073709551616", b"1" * 30, b"9" * 5000, b"1/0", b"0/0", b"[" * 600 + b"]" * 600,
         b"{" * 300, b'"', b"'", b"'''", b'"""', b"#", b":", b"=", b"[[", b"]]", b"\\", b"\\u0000",
         b"A" * 20000, b"true", b"{}", b"[]", b"1979-05-27", b"weight 1/0 kg", b"e\xcc\x81"]


@dataclass
class Outcome:
    """What one run did: exit code, stderr, and whether it broke the contract (with why)."""

    reader: str
    code: int
    stderr: str
    problem: str | None


def check_outcome(reader: str, result) -> Outcome:
    """The contract: documented exit code, one stderr line on failure, no traceback, control characters escaped."""
    err = result.stderr if result.stderr_bytes is not None else ""
    out = result.output if result.stderr_bytes is None else result.stdout
    code = result.exit_code
    lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith(("Usage:", "Try "))]
    problem = None
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        problem = f"exception {type(exc).__name__}: {str(exc)[:200]}"
    elif code not in DOCUMENTED:
        problem = f"exit {code}: {err[:300]!r}"
    elif "Traceback" in err or "Traceback" in out:
        problem = "traceback"
    elif code >= 2 and len(lines) != 1 or code < 2 and len(lines) > 1:
        problem = f"exit {code} with {len(lines)} stderr lines: {err[:300]!r}"
    elif any(ch != "\n" and unicodedata.category(ch) in UNSAFE for ch in err):
        problem = f"raw control character on stderr: {err[:300]!r}"
    elif "\x1b" in out:
        problem = f"raw escape character on stdout: {out[:300]!r}"
    return Outcome(reader, code, err, problem)


def invoke(args: list[str], stdin: bytes | None = None):
    return CliRunner().invoke(cli, args, input=stdin, prog_name="fauna")


class Workspace:
    """A temporary folder that the readers write their inputs into (reused across inputs)."""

    def __init__(self) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="fauna-fuzz-")
        self.dir = Path(self._tmp.name)
        (self.dir / "fixed.toml").write_bytes(FIXED_CONFIG)

    def path(self, name: str) -> str:
        return str(self.dir / name)

    def write(self, name: str, data: bytes) -> str:
        p = self.dir / name
        if p.is_symlink() or p.exists():
            p.unlink()
        p.write_bytes(data)
        return str(p)

    def close(self) -> None:
        self._tmp.cleanup()


# -- the readers --------------------------------------------------------------------------------------------------

def read_config(ws: Workspace, data: bytes) -> Outcome:
    """`play` reads the config; a config it accepts must also make a game file that `pbem status` reads back."""
    path = ws.write("cfg.toml", data)
    played = check_outcome("config", invoke(["play", "--config", path, "--moves", "-", "--format", "json"], b""))
    if played.problem or played.code != 0:
        return played
    game = ws.path("cfg.fauna")
    new = check_outcome("config", invoke(["pbem", "new", "--config", path, "--out", game, "--force"]))
    if new.problem or new.code != 0:
        new.problem = new.problem or f"play accepted the config but pbem new refuses it: {new.stderr!r}"
        return new
    status = check_outcome("config", invoke(["pbem", "status", game]))
    if status.problem is None and status.code != 0:
        status.problem = f"pbem new accepted the config but pbem status refuses the file: {status.stderr!r}"
    return status


def read_preset(ws: Workspace, data: bytes) -> Outcome:
    ws.write("table.toml", data)
    cfg = ws.write("withtable.toml", b'[game]\npreset = "table.toml"\nseed = 1\n[[players]]\nname = "a"\n'
                                     b'[[players]]\nname = "b"\n')
    return check_outcome("preset", invoke(["play", "--config", cfg, "--moves", "-", "--format", "json"], b""))


def read_script(ws: Workspace, data: bytes) -> Outcome:
    path = ws.write("moves.txt", data)
    return check_outcome("script", invoke(["play", "--config", ws.path("fixed.toml"), "--moves", path,
                                           "--format", "json"]))


def read_stdin_script(ws: Workspace, data: bytes) -> Outcome:
    return check_outcome("stdin script", invoke(["play", "--config", ws.path("fixed.toml"), "--moves", "-",
                                                 "--format", "json"], data))


def read_replay(ws: Workspace, data: bytes) -> Outcome:
    path = ws.write("game.fauna", data)
    return check_outcome("replay", invoke(["replay", path, "--format", "json"]))


def read_pbem_status(ws: Workspace, data: bytes) -> Outcome:
    path = ws.write("game.fauna", data)
    return check_outcome("pbem status", invoke(["pbem", "status", path]))


def read_pbem_move(ws: Workspace, data: bytes) -> Outcome:
    path = ws.write("game.fauna", data)
    return check_outcome("pbem move", invoke(["pbem", "move", path, "--as", "alice", "pass"]))


def read_cases(ws: Workspace, data: bytes) -> Outcome:
    path = ws.write("case.toml", data)
    return check_outcome("case file", invoke(["check", path, "--format", "json"]))


ARG_TEMPLATES = [  # real command lines with holes (X) for hostile text; "GAME" is a valid game file
    ["map", "adjacent", "X", "X"], ["map", "neighbors", "X"], ["map", "areas", "--continent", "X", "--kind", "X"],
    ["animal", "show", "X", "--units", "X"], ["animal", "list", "--cards", "X"], ["scales", "--units", "X"],
    ["play", "--seed", "X", "--moves", "-"], ["play", "--config", "X", "--moves", "-"],
    ["play", "--moves", "X"], ["play", "--log", "X", "--moves", "-", "--seed", "1"],
    ["pbem", "status", "X"], ["pbem", "move", "GAME", "--as", "X", "X"], ["pbem", "move", "GAME", "--as", "alice",
                                                                        "--seq", "X", "X"],
    ["pbem", "move", "X", "--as", "alice", "pass"], ["pbem", "show", "GAME", "--round", "X"],
    ["pbem", "new", "--out", "X", "--seed", "1"], ["pbem", "new", "--config", "X", "--out", "new.fauna", "--force"],
    ["replay", "GAME", "--until", "X"], ["replay", "GAME", "--round", "X"], ["replay", "X"],
    ["simulate", "--players", "X", "--bots", "X", "--games", "2", "--jobs", "1"],
    ["simulate", "--players", "2", "--bots", "random", "--games", "2", "--preset", "X", "--jobs", "1"],
    ["check", "X"], ["new-config", "X"], ["X"], ["X", "X"],
]
ARG_VALUES = ["", "-", ".", "..", "/", "/dev/null", "/dev/zero", "0", "-1", "1", "7", "2" * 25, "9" * 5000, "nan",
              "inf", "1/0", "alice", "Tasmania", "Tasman Sea", "weight 1/0 kg", "weight " + "1" * 5000, "pass",
              "random", "naturalist:0.5", "naturalist:nan", "statistician,random", "json", "metric", "green",
              "\x1b]0;x\x07", "a\nb", "\u202e", "x" * 5000, "new.fauna", "GAME"]


def read_arguments(ws: Workspace, data: bytes) -> Outcome:
    """A real command line with its holes filled from the bytes (hostile text, numbers, paths)."""
    rng = random.Random(data)
    text = data.decode("utf-8", "replace").replace("\x00", "")
    args = list(rng.choice(ARG_TEMPLATES))
    game = ws.path("arg.fauna")
    if not os.path.exists(game):
        Path(game).write_bytes(GOLDEN_LOG)  # (a command may have replaced it with another game)
    for i, a in enumerate(args):
        if a == "X":
            args[i] = rng.choice(ARG_VALUES) if rng.random() < 0.6 else text[: rng.randrange(0, 80)]
        if args[i] == "GAME":
            args[i] = game
    cwd = os.getcwd()
    os.chdir(ws.dir)
    try:
        return check_outcome("arguments", invoke(args, b""))
    finally:
        os.chdir(cwd)


def read_names(ws: Workspace, data: bytes) -> Outcome:
    """Player names from the bytes: whatever `pbem new` accepts, `pbem status` must read back (issue 11, item 2)."""
    parts = data.split(b"|")[:3] + [b"zed", b"yan"]
    body = b"".join(b'[[players]]\nname = "' + p.replace(b"\\", b"\\\\").replace(b'"', b'\\"') + b'"\n'
                    for p in parts[:3])
    cfg = ws.write("names.toml", b"[game]\nseed = 1\n" + body)
    game = ws.path("names.fauna")
    new = invoke(["pbem", "new", "--config", cfg, "--out", game, "--force"])
    first = check_outcome("names", new)
    if first.problem or new.exit_code != 0:
        return first
    status = check_outcome("names", invoke(["pbem", "status", game]))
    if status.problem is None and status.code != 0:
        status.problem = f"pbem new accepted the names but pbem status refuses the file: {status.stderr!r}"
    return status


READERS: dict[str, tuple[Callable[[Workspace, bytes], Outcome], bytes]] = {
    "config": (read_config, CONFIG),
    "preset": (read_preset, PRESET),
    "script": (read_script, SCRIPT),
    "stdin script": (read_stdin_script, SCRIPT),
    "replay": (read_replay, GOLDEN_LOG),
    "pbem status": (read_pbem_status, CUSTOM_LOG),
    "pbem move": (read_pbem_move, GOLDEN_LOG),
    "case file": (read_cases, CASES),
    "arguments": (read_arguments, b"play --seed 1"),
    "names": (read_names, "alice|bøb|山田".encode()),
}


# -- mutations ----------------------------------------------------------------------------------------------------

_HASHED = re.compile(rb" @[0-9a-f]{32}$")


def rehash(data: bytes) -> bytes:
    """A log with its hash chain recomputed line by line (lines without a hash are left alone)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    out, head = [], CHAIN_START
    lines = text.split("\n")
    for line in lines:
        m = re.match(r"^(.*) @[0-9a-f]{32}$", line, re.DOTALL)
        if m:
            head = chain(head, m.group(1))
            out.append(f"{m.group(1)} @{head}")
        else:
            out.append(line)
    return "\n".join(out).encode("utf-8")


def mutate(seed_input: bytes, rng: random.Random, is_log: bool = False) -> bytes:
    """One hostile variant of a valid input, by a randomly chosen kind of damage."""
    data = bytearray(seed_input)
    kind = rng.randrange(10)
    if kind == 0:  # random bytes
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 200)))
    if kind == 1 and data:  # truncation
        return bytes(data[: rng.randrange(len(data))])
    if kind == 2 and data:  # byte flips
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
        out = bytes(data)
    else:  # splice a nasty token somewhere (a value, a line, a name)
        nasty = rng.choice(NASTY)
        lines = bytes(data).split(b"\n")
        i = rng.randrange(len(lines)) if lines else 0
        line = lines[i] if lines else b""
        if kind in (3, 4) and b"=" in line:  # replace a TOML value: wrong types, huge numbers, nan, nesting
            key = line.split(b"=", 1)[0]
            value = rng.choice([nasty, b'"' + nasty.replace(b'"', b"") + b'"', b"[" + nasty + b"]",
                                b"{ x = " + nasty + b" }", b"-" + nasty, b"0x" + nasty, b"1e" + nasty])
            lines[i] = key + b"= " + value
        elif kind in (5, 6) and line:  # inside a line
            j = rng.randrange(len(line) + 1)
            lines[i] = line[:j] + nasty + line[j:]
        elif kind == 7:  # a whole new line
            lines.insert(i, nasty)
        elif kind == 8 and line:  # a log move number or a name made huge
            lines[i] = re.sub(rb"\d+", lambda m: rng.choice([b"9" * 5000, b"1" * 25, b"0", m.group(0) * 3]), line,
                              count=1)
        else:  # duplicate or drop a line
            if lines and rng.random() < 0.5:
                del lines[i]
            else:
                lines.insert(i, line)
        out = b"\n".join(lines)
    if is_log and rng.random() < 0.6:
        out = rehash(out)
    return out


def generate(reader: str, rng: random.Random) -> bytes:
    """One input for a reader."""
    seed_input = READERS[reader][1]
    is_log = reader in ("replay", "pbem status", "pbem move")
    if reader == "preset" and rng.random() < 0.2:
        seed_input = CONFIG
    data = mutate(seed_input, rng, is_log)
    if rng.random() < 0.15:  # damage on damage
        data = mutate(data, rng, is_log)
    return data


def run(reader: str, ws: Workspace, data: bytes) -> Outcome:
    return READERS[reader][0](ws, data)
