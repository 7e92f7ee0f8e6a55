"""Every reader of every game, fed mutated real files: the fuzzer's list of readers and how one input is run.

A *reader* is a command that reads one kind of file of one game (`arctic view` is `pbem status` or
`pbem move` on an Arctic view file). For each input it takes a real specimen from the corpus
(tests/fuzzcorpus.py), mutates the file it is about with tests/fuzzmutate.py (integrity checks
recomputed) and returns a `Case`: the files to lay out in an empty folder and the command lines to run
there, as a user would type them. `run_case` runs them in-process and classifies the outcome by the
exit code the CLI gives (its own error handler maps exception types to codes, see fauna_cli/exitcodes.py):
an input breaks the contract when the code is 70 or undocumented, an exception escapes, a traceback is
printed, a failure says other than exactly one line on stderr, or a control character reaches stderr
raw. The same Case written to a folder with `write_reproducer` is the bug report.
"""

from __future__ import annotations

import os
import random
import re
import shlex
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import fuzzkit
import fuzzmutate as fm
from fuzzcorpus import GAMES, GameCorpus

from rules.core.limits import escape_control

ROOT = Path(__file__).resolve().parent.parent  # the checkout a reproducer runs against (FAUNA_ROOT overrides)

Step = tuple[list[str], bytes | None]  # command line (without 'fauna') and standard input


@dataclass
class Case:
    """One input: the files it consists of and the commands that read them."""

    files: dict[str, bytes]
    steps: list[Step]
    chained: bool = False  # each step must accept what the previous one accepted (config -> new -> status)
    note: str = ""


@dataclass
class Reader:
    name: str
    game: str
    make: Callable[[random.Random], Case]


@dataclass
class Result:
    """What one input did: the exit code of the last command run, and the broken contract if any."""

    code: int
    problem: str | None
    stderr: str
    step: int = 0


# -- running ------------------------------------------------------------------------------------------------------

def clear(folder: Path) -> None:
    for p in folder.iterdir():
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink()


def run_case(case: Case, folder: Path) -> Result:
    """Lay the files out in `folder` (emptied first) and run the commands there, in-process."""
    clear(folder)
    for name, data in case.files.items():
        (folder / name).write_bytes(data)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = Result(0, None, "")
        for k, (args, stdin) in enumerate(case.steps):
            out = fuzzkit.check_outcome("", fuzzkit.invoke(args, stdin if stdin is not None else b""))
            result = Result(out.code, out.problem, out.stderr, k)
            if out.problem:
                return result
            if out.code != 0:
                if case.chained and k > 0:
                    result.problem = (f"step {k + 1} refuses what step {k} accepted (exit {out.code}): "
                                      f"{out.stderr[:200]!r}")
                return result
        return result
    finally:
        os.chdir(cwd)


def write_reproducer(case: Case, folder: Path, reader: str, result: Result | None, why: str) -> None:
    """The input as a folder: its files, each command's standard input, and repro.sh that runs the commands.

    `sh repro.sh` copies the files into run/ and runs the commands there with FAUNA_DEBUG=1 (the
    traceback), against the checkout and Python that found it, or those FAUNA_ROOT and PYTHON name.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        (folder / name).write_bytes(data)
    why_shown = escape_control(why)
    lines = ["#!/bin/sh", f"# fuzz reader {reader!r}: {why_shown}", 'cd "$(dirname "$0")"',
             "# runs on a copy, since the commands may change the files", "rm -rf run && mkdir run && "
             + (f"cp {' '.join(shlex.quote(n) for n in case.files)} run/ && " if case.files else "") + "cd run"]
    for k, (args, stdin) in enumerate(case.steps):
        cmd = f'"${{PYTHON:-{shlex.quote(sys.executable)}}}" -m fauna_cli ' + " ".join(shlex.quote(a) for a in args)
        if stdin:
            (folder / f"stdin-{k + 1}.bin").write_bytes(stdin)
            cmd += f" < ../stdin-{k + 1}.bin"
        lines.append(f"FAUNA_DEBUG=1 PYTHONPATH=\"${{FAUNA_ROOT:-{shlex.quote(str(ROOT))}}}\" {cmd}; echo \"exit $?\"")
    (folder / "repro.sh").write_text("\n".join(lines) + "\n")
    if result is not None:
        (folder / "outcome.txt").write_text(f"exit {result.code} at step {result.step + 1}\n{why}\n\n{result.stderr}")


# -- the readers --------------------------------------------------------------------------------------------------

def _text_lines(files: list[bytes]) -> list[str]:
    out = []
    for f in files:
        for body, hashed in fm.split_hashed(f.decode("utf-8")):
            if hashed and body:
                out.append(body)
    return out


class Readers:
    """The readers of every game over one corpus (donor lines come from every game's files)."""

    def __init__(self, corpus: dict[str, GameCorpus], mutate: bool = True) -> None:
        self.corpus = corpus
        self.mutate = mutate  # False: every reader runs on the specimens as they are (they must be accepted)
        every = list(corpus.values())
        self.log_donors = _text_lines([x for c in every for x in c.logs[:3]])
        self.key_donors = _text_lines([s.key for c in every for s in c.referee[:2]])
        self.public_donors = _text_lines([s.public for c in every for s in c.referee[:2]] + [r for c in every
                                                                                            for r in c.revealed])
        self.view_donors = _text_lines([v for c in every for s in c.referee[:3] for v in s.views.values()])
        self.mf_donors = [ln for c in every for s in c.plain[:3] if s.move_file
                          for ln in s.move_file.decode().split("\n") if ln]
        self.toml_donors = [ln for c in every for ln in (c.config.decode() + "\n" + "\n".join(
            x.decode() for x in c.cases[:4])).split("\n") if ln]
        self.script_donors = [ln for c in every for ln in c.script.decode().split("\n") if ln]
        self.moves = sorted({m for c in every for m in c.moves})
        self.readers: dict[str, Reader] = {}
        for g in GAMES:
            self._add_game(corpus[g])
        self._add_fauna_only()

    def _mut(self, how: Callable[..., bytes], data: bytes, rng: random.Random, donors: list[str],
             moves: list[str]) -> bytes:
        return how(data, rng, donors, moves) if self.mutate else data

    def _moves(self, c: GameCorpus, rng: random.Random) -> list[str]:
        return c.moves if rng.random() < 0.7 else self.moves

    def _add(self, name: str, game: str, make: Callable[[random.Random], Case]) -> None:
        self.readers[name] = Reader(name, game, make)

    def _add_game(self, c: GameCorpus) -> None:
        g, ext = c.game, c.ext
        gf = f"game.{ext}"
        logs = c.logs + [s.log for s in c.plain]
        snaps = [s for s in c.plain if s.move_file]
        refs = [s for s in c.referee if s.move_file]
        refs_all = c.referee

        def log(rng: random.Random) -> bytes:
            return self._mut(fm.mutate_chained, rng.choice(logs), rng, self.log_donors, self._moves(c, rng))

        def replay(rng: random.Random) -> Case:
            args = ["replay", gf] + rng.choice([["--format", "json"], [], ["--until", "3"], ["--round", "1"],
                                                ["--against-installed"]])
            return Case({gf: log(rng)}, [(args, None)])

        def status(rng: random.Random) -> Case:
            extra = rng.choice([[], ["--format", "json"], ["--svg", "pic.svg"], ["--as", "ann"],
                                ["--as", "ben", "--svg", "pic.svg"]])
            return Case({gf: log(rng)}, [(["pbem", "status", gf, *extra], None)])

        def show(rng: random.Random) -> Case:
            extra = rng.choice([[], ["--format", "json"], ["--round", "1"], ["--round", "2", "--format", "json"]])
            return Case({gf: log(rng)}, [(["pbem", "show", gf, *extra], None)])

        def move(rng: random.Random) -> Case:
            s = rng.choice(snaps)
            data = self._mut(fm.mutate_chained, s.log, rng, self.log_donors, self._moves(c, rng))
            mv = s.move if rng.random() < 0.8 else rng.choice(self._moves(c, rng))
            if rng.random() < 0.2:  # the same game continued at the terminal, the move from a script
                return Case({gf: data}, [(["play", "--continue", gf, "--moves", "-", "--format", "json"],
                                          f"{s.player}: {mv}\n".encode())])
            extra = rng.choice([[], ["--print-move"], ["--format", "json"], ["--seq", "1"]])
            return Case({gf: data}, [(["pbem", "move", gf, "--as", s.player, *extra, mv], None)])

        def apply_game(rng: random.Random) -> Case:  # the game file damaged, the move file sound
            s = rng.choice(snaps)
            data = self._mut(fm.mutate_chained, s.log, rng, self.log_donors, self._moves(c, rng))
            return Case({gf: data, "move.txt": s.move_file}, [(["pbem", "apply", gf, "move.txt"], None)])

        def move_file(rng: random.Random) -> Case:
            s = rng.choice(snaps)
            mf = self._mut(fm.mutate_move_file, s.move_file, rng, self.mf_donors, self._moves(c, rng))
            fmt = ["--format", "json"] if rng.random() < 0.2 else []
            return Case({gf: s.log, "move.txt": mf}, [(["pbem", "apply", gf, "move.txt", *fmt], None)])

        def mail(rng: random.Random) -> Case:
            s = rng.choice(snaps)
            mf = s.move_file if rng.random() < 0.3 else self._mut(fm.mutate_move_file, s.move_file, rng, self.mf_donors,
                                                                              self._moves(c, rng))
            body = rng.choice([b"", b"Hello,\n\nmy move:\n\n", b"hi \xff\n", b"> > quoted\n", b"\xef\xbb\xbf"])
            tail = rng.choice([b"", b"\n-- \nann\n", b"\r\n", b"\xc3", b"\x00"])
            if not self.mutate:
                body, tail = b"Hello,\n\nmy move:\n\n", b"\n-- \nann\n"
            mailtext = body + mf + tail
            if rng.random() < 0.3:
                mailtext = b"\n".join(b"> " + ln for ln in mailtext.split(b"\n"))
            return Case({gf: s.log}, [(["pbem", "apply", gf, "-"], mailtext)])

        def script(rng: random.Random) -> Case:
            data = self._mut(fm.mutate_script, c.script, rng, self.script_donors, self._moves(c, rng))
            if rng.random() < 0.25:
                return Case({"cfg.toml": c.config}, [(["play", "--config", "cfg.toml", "--moves", "-", "--format",
                                                       "json"], data)])
            return Case({"cfg.toml": c.config, "moves.txt": data},
                        [(["play", "--config", "cfg.toml", "--moves", "moves.txt", "--format", "json"], None)])

        def config(rng: random.Random) -> Case:
            data = self._mut(fm.mutate_toml, c.config, rng, self.toml_donors, self._moves(c, rng))
            steps: list[Step] = [(["play", "--config", "cfg.toml", "--moves", "-", "--format", "json"], b"")]
            if rng.random() < 0.5:
                steps += [(["pbem", "new", "--config", "cfg.toml", "--out", f"new.{ext}"], None),
                          (["pbem", "status", f"new.{ext}"], None)]
            else:
                text = data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)
                known = ["--public-seed"] if re.search(r"^\s*seed\s*=", text, re.M) else []  # a given seed is public
                steps += [(["pbem", "new", "--config", "cfg.toml", "--out", f"new.{ext}", "--referee", "new.key",
                            *known], None), (["pbem", "status", f"new.{ext}"], None)]
            return Case({"cfg.toml": data}, steps, chained=True)

        def cases(rng: random.Random) -> Case:
            data = self._mut(fm.mutate_toml, rng.choice(c.cases), rng, self.toml_donors, self._moves(c, rng))
            return Case({"cases.toml": data}, [(["check", "cases.toml"] + rng.choice([[], ["--format", "json"]]),
                                                None)])

        def ref_files(s) -> dict[str, bytes]:
            files = {gf: s.public, "game.key": s.key}
            files.update({f"game-{p}.view": v for p, v in s.views.items()})
            return files

        def ref_command(s, rng: random.Random, mf: bytes | None = None) -> list[Step]:
            options = [["pbem", "reveal", gf, "--key", "game.key"], ["pbem", "status", "game.key"],
                       ["replay", "game.key"]]
            if s.player:
                options += [["pbem", "move", gf, "--key", "game.key", "--as", s.player, s.move]] * 2
            if s.move_file or mf:
                options += [["pbem", "apply", gf, "--key", "game.key", "move.txt"]] * 3
            return [(rng.choice(options), None)]

        def key(rng: random.Random) -> Case:
            s = rng.choice(refs_all)
            files = ref_files(s)
            files["game.key"] = self._mut(fm.mutate_chained, s.key, rng, self.key_donors + self.log_donors,
                                          self._moves(c, rng))
            if s.move_file:
                files["move.txt"] = s.move_file
            return Case(files, ref_command(s, rng))

        def public(rng: random.Random) -> Case:
            s = rng.choice(refs_all)
            files = ref_files(s)
            files[gf] = self._mut(fm.mutate_chained, s.public, rng, self.public_donors, self._moves(c, rng))
            if s.move_file:
                files["move.txt"] = s.move_file
            options = [["replay", gf], ["replay", gf, "--format", "json"], ["pbem", "status", gf],
                       ["pbem", "show", gf]]
            steps = [(rng.choice(options), None)] if rng.random() < 0.6 else ref_command(s, rng)
            return Case(files, steps)

        def revealed(rng: random.Random) -> Case:
            data = self._mut(fm.mutate_chained, rng.choice(c.revealed), rng, self.public_donors, self._moves(c, rng))
            return Case({gf: data}, [(rng.choice([["replay", gf], ["replay", gf, "--format", "json"],
                                                  ["pbem", "status", gf], ["pbem", "show", gf]]), None)])

        def view(rng: random.Random) -> Case:
            s = rng.choice([s for s in refs_all if s.views])
            player = rng.choice(list(s.views))
            vf = f"game-{player}.view"
            data = self._mut(fm.mutate_chained, s.views[player], rng, self.view_donors, self._moves(c, rng))
            r = rng.random()
            if r < 0.55:
                pictures = [] if g == "fauna" else [["--svg", "pic.svg"], ["--svg", "pic.svg", "--format", "json"]]
                extra = rng.choice([[], ["--format", "json"], *pictures])
                args = ["pbem", "status", vf, *extra]
            else:
                mv = s.move if s.move and s.player == player and rng.random() < 0.7 else rng.choice(
                    self._moves(c, rng))
                extra = rng.choice([[], ["--print-move"], ["--format", "json"], ["--move-file", "out.txt"]])
                args = ["pbem", "move", vf, "--as", rng.choice([player, player, "nobody"]), *extra, mv]
            return Case({vf: data}, [(args, None)])

        def referee_move_file(rng: random.Random) -> Case:
            s = rng.choice(refs)
            files = ref_files(s)
            files["move.txt"] = self._mut(fm.mutate_move_file, s.move_file, rng, self.mf_donors, self._moves(c, rng))
            return Case(files, [(["pbem", "apply", gf, "--key", "game.key", "move.txt"], None)])

        for name, make in [("log replay", replay), ("log status", status), ("log show", show), ("log move", move),
                           ("log apply", apply_game), ("move file", move_file), ("mail stdin", mail),
                           ("script", script), ("config", config), ("case file", cases), ("key file", key),
                           ("public file", public), ("revealed file", revealed), ("view file", view),
                           ("referee move file", referee_move_file)]:
            self._add(f"{g} {name}", g, make)

    def _add_fauna_only(self) -> None:
        """Fauna's own inputs that no other game has: scoring-table presets, its query commands' arguments, names."""
        def preset(rng: random.Random) -> Case:
            data = fuzzkit.generate("preset", rng)
            cfg = (b'[game]\npreset = "table.toml"\nseed = 1\n[[players]]\nname = "a"\n[[players]]\nname = "b"\n')
            return Case({"table.toml": data, "withtable.toml": cfg},
                        [(["play", "--config", "withtable.toml", "--moves", "-", "--format", "json"], b"")])

        def arguments(rng: random.Random) -> Case:
            data = fuzzkit.generate("arguments", rng)
            r = random.Random(data)
            text = data.decode("utf-8", "replace").replace("\x00", "")
            args = list(r.choice(fuzzkit.ARG_TEMPLATES))
            for i, a in enumerate(args):
                if a == "X":
                    args[i] = r.choice(fuzzkit.ARG_VALUES) if r.random() < 0.6 else text[: r.randrange(0, 80)]
                if args[i] == "GAME":
                    args[i] = "arg.fauna"
            return Case({"arg.fauna": fuzzkit.GOLDEN_LOG}, [(args, b"")])

        def names(rng: random.Random) -> Case:
            data = fuzzkit.generate("names", rng)
            parts = data.split(b"|")[:3] + [b"zed", b"yan"]
            body = b"".join(b'[[players]]\nname = "' + p.replace(b"\\", b"\\\\").replace(b'"', b'\\"') + b'"\n'
                            for p in parts[:3])
            game = rng.choice(GAMES)
            return Case({"names.toml": f'[game]\nrules = "{game}"\nseed = 1\n'.encode() + body},
                        [(["pbem", "new", "--config", "names.toml", "--out", "names.game"], None),
                         (["pbem", "status", "names.game"], None)], chained=True)

        self._add("fauna preset", "fauna", preset)
        self._add("any arguments", "fauna", arguments)
        self._add("any names", "fauna", names)
