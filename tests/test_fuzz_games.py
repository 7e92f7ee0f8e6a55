"""The fuzzer of every game's readers (issue 25), in a fast fixed sample; tools/fuzz.py runs it at length.

Every reader of Fauna, Arctic, ExoFauna and Evo (logs, move files, mail on standard input, move scripts,
configs, case files, key, public, revealed and view files) gets a few mutated real files with their hash
chain and move-file check recomputed; each must end in a documented exit code with one line on stderr.
The fuzzer's own parts are checked too: that its specimens are accepted as they are (so mutations start
from files that reach the parsers), that its mutations pass the integrity checks they claim to pass, that
a reproducer reproduces, and that the worker's time and memory limits catch what they should.
`FAUNA_FUZZ_GAME_EXAMPLES=N` raises the number of inputs per reader.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import fuzzcorpus
import fuzzgames
import fuzzmutate as fm
import pytest

from rules.core.log import CHAIN_START, chain
from rules.core.movefile import read_move_files

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("FAUNA_FUZZ_GAME_EXAMPLES", "5"))
sys.path.insert(0, str(ROOT / "tools"))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return fuzzcorpus.build_corpus(tmp_path_factory.mktemp("corpus"), seeds=(1,), moves=8)


@pytest.fixture(scope="module")
def readers(corpus):
    return fuzzgames.Readers(corpus)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("run")


NAMES = [f"{g} {k}" for g in fuzzcorpus.GAMES for k in (
    "log replay", "log status", "log show", "log move", "log apply", "move file", "mail stdin", "script", "config",
    "case file", "key file", "public file", "revealed file", "view file", "referee move file")]


def test_every_game_has_every_reader(readers):
    assert set(NAMES) <= set(readers.readers)
    assert {"fauna preset", "any arguments", "any names"} <= set(readers.readers)


@pytest.mark.parametrize("name", NAMES)
def test_the_specimens_are_accepted_as_they_are(corpus, folder, name):
    """Unmutated, each reader's files are read through to a result: mutations start past every check."""
    pristine = fuzzgames.Readers(corpus, mutate=False).readers[name]
    rng = random.Random(name)
    results = [fuzzgames.run_case(pristine.make(rng), folder) for _ in range(6)]
    assert all(r.problem is None for r in results), [r.problem for r in results]
    assert any(r.code == 0 for r in results), [(r.code, r.stderr) for r in results]


@pytest.mark.parametrize("name", [*NAMES, "fauna preset", "any arguments", "any names"])
def test_mutated_files_are_refused_cleanly(readers, folder, name):
    rng = random.Random(f"ci:{name}")
    for i in range(EXAMPLES):
        case = readers.readers[name].make(rng)
        result = fuzzgames.run_case(case, folder)
        if result.problem is not None:
            where = folder.parent / f"repro-{name.replace(' ', '-')}-{i}"
            fuzzgames.write_reproducer(case, where, name, result, result.problem)
            pytest.fail(f"{name} input {i}: {result.problem}; reproducer: sh {where}/repro.sh")


def _chain_ok(data: bytes) -> bool:
    head = CHAIN_START
    for body, hashed in fm.split_hashed(data.decode("utf-8")):
        if hashed:
            want = chain(head, body)
            if not data.decode().count(f"{body} @{want}"):
                return False
            head = want
    return True


def test_mutated_logs_keep_a_valid_hash_chain_and_reach_the_parser(corpus, readers, folder):
    """Most mutated logs get past the hash check: the refusal names what is wrong, not a broken chain."""
    rng = random.Random(3)
    logs = [log for c in corpus.values() for log in c.logs]
    valid = chain_refusals = 0
    for _ in range(60):
        data = fm.mutate_chained(rng.choice(logs), rng, readers.log_donors, readers.moves)
        try:
            valid += _chain_ok(data)
        except UnicodeDecodeError:
            pass
        r = fuzzgames.run_case(fuzzgames.Case({"g.log": data}, [(["replay", "g.log"], None)]), folder)
        assert r.problem is None, r.problem
        chain_refusals += "expected hash" in r.stderr
    assert valid >= 45
    assert chain_refusals <= 12


def test_mutated_move_files_keep_a_valid_check(corpus, readers):
    """A move file edited by the fuzzer is read past its check unless a field itself is unreadable."""
    rng = random.Random(5)
    files = [s.move_file for c in corpus.values() for s in c.plain if s.move_file]
    damaged = total = 0
    for _ in range(80):
        data = fm.mutate_move_file(rng.choice(files), rng, readers.mf_donors, readers.moves)
        try:
            read_move_files(data.decode("utf-8"), "m.txt")
        except UnicodeDecodeError:
            continue
        except Exception as exc:  # any refusal is counted; a crash here is for the readers to fix
            damaged += "damaged on the way" in str(exc)
        total += 1
    assert total >= 60
    assert damaged <= total // 4


def test_a_json_value_is_replaced_by_what_the_issue_lists():
    rng = random.Random(1)
    seen = set()
    for _ in range(300):
        out = fm.mutate_json('{"a": [1, {"b": "x"}], "seq": 3}', rng, [])
        seen.add(out.count("[") >= 1000 or out.count("{") >= 1000)
        seen.add("9" * 5000 in out)
    assert seen == {True, False}


def test_a_reproducer_reproduces(corpus, tmp_path, folder):
    """repro.sh runs the same commands on the same files in a fresh process, with the same exit code."""
    lines = corpus["arctic"].logs[0].decode().split("\n")
    del lines[4]  # a line removed, the chain not recomputed: exit 4 names the line after it
    case = fuzzgames.Case({"game.arctic": "\n".join(lines).encode()}, [(["replay", "game.arctic"], None)])
    result = fuzzgames.run_case(case, folder)
    assert result.code == 4 and result.problem is None
    fuzzgames.write_reproducer(case, tmp_path / "r", "arctic log replay", result, "exit 4")
    env = {**os.environ, "PYTHON": sys.executable, "FAUNA_ROOT": str(ROOT)}
    out = subprocess.run(["sh", str(tmp_path / "r" / "repro.sh")], capture_output=True, text=True, env=env,
                         timeout=60)
    assert out.stdout.strip().splitlines()[-1] == "exit 4", (out.stdout, out.stderr)
    assert "game.arctic:5" in out.stderr, out.stderr


def test_the_worker_stops_a_hang_and_a_memory_hog(monkeypatch, tmp_path):
    """The long run's limits: an input over the time limit is a hang, one over the memory limit a failure."""
    import fuzz

    def slow(case, folder):
        if case.note == "sleep":
            time.sleep(30)
        if case.note == "deaf":  # what C code stuck in a loop looks like: the alarm is never handled
            signal.signal(signal.SIGALRM, signal.SIG_IGN)
            time.sleep(30)
        if case.note == "eat":
            blob = bytearray(700 * 1024 * 1024)
            return fuzzgames.Result(0, None, str(len(blob)))
        return fuzzgames.Result(0, None, "")

    monkeypatch.setattr(fuzzgames, "run_case", slow)  # the worker is forked: it inherits this
    answers = {}
    pool = fuzz.Pool(1, 0.5, 300, grace=1.0)
    try:
        tasks = [(k, fuzzgames.Case({}, [], note=k)) for k in ("sleep", "eat", "deaf", "fine")]
        pool.run(iter(tasks), lambda key, case, answer: answers.__setitem__(key, answer))
    finally:
        pool.close()
    rows = {k: fuzz.Row() for k in answers}
    kinds = {k: fuzz.classify(rows[k], a, 300) for k, a in answers.items()}
    assert kinds == {"sleep": "hang", "eat": "memory", "deaf": "hang", "fine": None}, answers
    assert "killed" in answers["deaf"]["problem"]


# -- what the fuzzer found, kept as plain tests ----------------------------------------------------------------------

@pytest.mark.parametrize("command", [["replay", "g.fauna"], ["pbem", "status", "g.fauna"], ["pbem", "show", "g.fauna"]])
def test_a_card_front_with_half_a_character_is_refused_in_one_line(folder, command):
    """A rehashed Fauna log whose card front holds a lone surrogate escape ("\\ud800"): exit 70 before (chain())."""
    lines = fm.split_hashed((ROOT / "replays" / "3p-published-metric-v3.fauna").read_text())
    i = next(k for k, (body, _) in enumerate(lines) if body.startswith("front 1 "))
    body = lines[i][0]
    lines[i] = (re.sub(r'"class": "[a-z]+"', r'"class": "\\ud800"', body), True)
    assert lines[i][0] != body
    result = fuzzgames.run_case(fuzzgames.Case({"g.fauna": fm.rechain(lines).encode()}, [(command, None)]), folder)
    assert result.problem is None and result.code in (2, 4), (result.code, result.problem)
    assert "g.fauna:" in result.stderr
