"""Rule cases: every case in tests/cases/ holds, cites its rule verbatim, and `fauna check` reports
passes, readable failures (exit 1) and malformed files (exit 2, FILE:LINE) as documented."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.check_cmd import check
from rules.fauna.cases import CaseFormatError, make_animal, parse_cases, run_case, score_placement

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
DOCS = ROOT / "docs" / "rule-cases.md"
SOURCES = {  # a case's `source` -> the document its `rule` is quoted from (copies in docs/sources/)
    "rulebook": ROOT / "docs" / "sources" / "rulebook.txt",
    "reference-manual": ROOT / "docs" / "sources" / "reference-manual.txt",
    "board": ROOT / "docs" / "sources" / "fauna-board.md",
}


def load_suite():
    out = []
    for f in sorted(CASES.glob("*.toml")):
        rel = f.relative_to(ROOT).as_posix()
        out += parse_cases(f.read_text(encoding="utf-8"), rel, base_dir=f.parent)
    return out


SUITE = load_suite()
FAUNA_FILES = [f.relative_to(ROOT).as_posix() for f in sorted(CASES.glob("*.toml"))]  # the other games: subfolders


@pytest.mark.parametrize("case", SUITE, ids=[f"{Path(c.where).stem}:{c.line}" for c in SUITE])
def test_case_holds(case):
    result = run_case(case)
    diffs = "; ".join(f"{k.key}: expected {k.expected!r}, actual {k.actual!r}" for k in result.failures)
    assert result.passed, f"{case.location} {case.name}: {diffs}"


def test_suite_size_and_names():
    assert len(SUITE) >= 80
    names = [c.name.lower() for c in SUITE]
    assert len(set(names)) == len(names), "case names must be unique across the suite"
    assert len({Path(c.where).name for c in SUITE}) >= 5, "cases are grouped by topic in several files"


def test_every_case_cites_a_rule_document():
    for c in SUITE:
        assert c.source in SOURCES, f"{c.location}: source must be one of {sorted(SOURCES)}, not {c.source!r}"
        assert c.rule, c.location


def _norm(text: str) -> str:
    """Fold markdown emphasis, typographic quotes and dashes, and spacing, so a quote matches its source."""
    text = text.replace("*", "")
    for a, b in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("–", "-"), ("—", "-")):
        text = text.replace(a, b)
    return " ".join(text.split())


def test_every_rule_is_quoted_verbatim_from_its_source():
    docs = {k: _norm(p.read_text(encoding="utf-8")) for k, p in SOURCES.items()}
    missing = []
    for c in SUITE:
        doc = docs[c.source]
        pos = 0
        for fragment in (f.strip() for f in c.rule.split("...")):
            found = doc.find(_norm(fragment), pos) if fragment else -1
            if found < 0:
                missing.append(f"{c.location} {c.name}: {fragment!r} is not in the {c.source} (in order)")
                break
            pos = found + len(_norm(fragment))
    assert not missing, "\n".join(missing)


def test_the_suite_covers_what_the_issue_lists():
    def rows(preset):
        return {c.animals[0].n_areas for c in SUITE
                if c.kind == "position" and c.config.table.name == preset and "points" in c.expect}
    published = rows("published")
    assert {1, 2, 3, 4, 5, 8, 9, 16, 17} <= published and max(published) > 17
    manual = rows("reference-manual")
    assert {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 16, 17, 20, 21, 25, 26} <= manual and max(manual) > 26
    kinds = {c.kind for c in SUITE}
    assert {"adjacent", "neighbors", "alias", "position", "illegal"} <= kinds
    keys = {k for c in SUITE if isinstance(c.expect, dict) for k in c.expect}
    for key in ("points", "verdicts", "player_points", "returned", "lost", "took_back", "refilled", "stock", "hands",
                "starting_player", "to_move", "goal", "over", "winners", "auto_passed", "correct_spaces", "error"):
        assert key in keys, f"no case checks {key}"
    errors = {c.expect["error"] for c in SUITE if c.kind == "illegal"}
    assert {"IllegalMove", "UnknownArea", "MoveSyntaxError"} <= errors
    assert any(c.config.units == "imperial" for c in SUITE if c.config)
    assert {len(c.config.players) for c in SUITE if c.config and "goal" in c.expect} >= {2, 3, 4, 5, 6}
    assert any(c.config.goal is not None for c in SUITE if c.config and "goal" in c.expect)
    assert any(len(c.expect.get("winners", [])) > 1 for c in SUITE if c.config)


# -- the command -------------------------------------------------------------------------------


def run(args, cwd=None):
    return CliRunner().invoke(check, args, prog_name="fauna check")


def test_check_the_suite_as_json_lists_every_case(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run([*FAUNA_FILES, "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert len(doc["cases"]) == len(SUITE) >= 80
    assert doc["summary"] == {"cases": len(SUITE), "passed": len(SUITE), "failed": 0}
    assert [(c["file"], c["line"], c["name"]) for c in doc["cases"]] == [(c.where, c.line, c.name) for c in SUITE]
    assert all(c["status"] == "pass" and c["checks"] and c["rule"] for c in doc["cases"])


@pytest.mark.parametrize("fmt", ["plain", "github", "grid"])
def test_check_tables(monkeypatch, fmt):
    monkeypatch.chdir(ROOT)
    result = run(["tests/cases/board-faq.toml", *FAUNA_FILES, "--format", fmt])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[-1] == f"{len(SUITE)} cases: {len(SUITE)} passed, 0 failed"  # a file named twice runs once
    assert sum(line.count("pass") >= 1 and "tests/cases/" in line for line in lines) == len(SUITE)


WRONG = """
[[case]]
name = "right"
rule = "Is Tasmania adjacent to mainland Australia areas? No – only adjacent to Tasman Sea."
adjacent = ["Tasmania", "Tasman Sea"]
expect = true

[[case]]
name = "deliberately wrong adjacency"
rule = "Is Tasmania adjacent to mainland Australia areas? No – only adjacent to Tasman Sea."
adjacent = ["Tasmania", "Great Dividing Range"]
expect = true

[[case]]
name = "deliberately wrong points"
rule = "| 2 | 10 points | 5 points |"
players = ["alice", "bob"]
animal = { areas = ["Rift Valley", "Horn of Africa"], weight = 390 }
pieces = { alice = ["Rift Valley"], bob = ["Sahel"] }
[case.expect]
points = { "Rift Valley" = 10, "Sahel" = 8 }
scores = { alice = 10, bob = 8 }
"""


def test_a_wrong_expectation_fails_readably_with_exit_1(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("wrong.toml").write_text(WRONG, encoding="utf-8")
    result = run(["wrong.toml"])
    assert result.exit_code == 1
    rows = {}
    for line in result.output.splitlines():
        m = re.match(r"(pass|FAIL)\s+(.+?)\s{2,}", line)
        if m:
            rows[f"{m.group(1)} {m.group(2)}"] = line
    assert "pass right" in rows
    adj = rows["FAIL deliberately wrong adjacency"]
    assert re.search(r"wrong.toml:9\s+adjacent\[Tasmania, Great Dividing Range\]\s+true\s+false", adj), adj
    pts = rows["FAIL deliberately wrong points"]
    assert re.search(r"wrong.toml:15\s+points\[Sahel\]; scores\[bob\]\s+8; 8\s+5; 5", pts), pts
    assert result.output.splitlines()[-1] == "3 cases: 1 passed, 2 failed"

    doc = json.loads(run(["wrong.toml", "--format", "json"]).output)
    bad = [k for k in doc["cases"][2]["checks"] if not k["ok"]]
    assert bad == [{"key": "points[Sahel]", "expected": 8, "actual": 5, "ok": False},
                   {"key": "scores[bob]", "expected": 8, "actual": 5, "ok": False}]
    assert doc["summary"] == {"cases": 3, "passed": 1, "failed": 2}


def test_a_refused_setup_move_fails_the_case_and_says_why(tmp_path):
    text = """
[[case]]
name = "two pieces on one area"
rule = "One piece per area or scale space, whoever owns it."
players = ["alice", "bob"]
animal = { areas = ["Tasmania"], weight = 1 }
pieces = { alice = ["Tasmania"], bob = ["Tasmania"] }
[case.expect]
points = { "Tasmania" = 12 }
"""
    (case,) = parse_cases(text, "t.toml")
    result = run_case(case)
    assert not result.passed
    (bad,) = result.failures
    assert bad.key == "setup" and "bob: Tasmania: Tasmania is already taken by alice" in bad.actual


BAD_PREFIX = '[[case]]\nname = "c"\nrule = "r"\n'
TWO_TAS = 'players = ["a", "b"]\nanimal = { areas = ["Tasmania"] }\n'  # two players, an animal of Tasmania
MALFORMED = [  # (file text, line, words the one line must contain)
    ('[[case]]\nname = "c"\nrule = \n', 3, ["malformed TOML"]),
    ('[[case]\nname = "c"\n', 1, ["malformed TOML"]),
    ('[[cases]]\nname = "c"\n', 1, ["unknown key 'cases'", "did you mean 'case'"]),
    ('# nothing here\n', 1, ["no [[case]]"]),
    (BAD_PREFIX + 'adjacnt = ["Tasmania", "Tasman Sea"]\nexpect = true\n', 4,
     ["unknown key 'adjacnt'", "did you mean 'adjacent'"]),
    (BAD_PREFIX + 'adjacent = ["Tasmania", "Tasman See"]\nexpect = true\n', 4,
     ["unknown area 'Tasman See'", "did you mean 'Tasman Sea'"]),
    (BAD_PREFIX + 'neighbors = "Tasmania"\nexpect = ["Tasmen Sea"]\n', 5, ["unknown area 'Tasmen Sea'"]),
    (BAD_PREFIX + 'adjacent = ["Tasmania", "Tasman Sea"]\n', 2, ["case 'c'", "no expectation"]),
    (BAD_PREFIX + 'adjacent = ["Tasmania", "Tasman Sea"]\nexpect = "yes"\n', 5, ["true or false"]),
    ('[[case]]\nname = "c"\nadjacent = ["Tasmania", "Tasman Sea"]\nexpect = true\n', 2,
     ["'rule' must be a non-empty text"]),
    (BAD_PREFIX + TWO_TAS, 2, ["no expectation"]),
    (BAD_PREFIX + 'players = ["a", "b"]\n\nanimal = { areas = ["Atlantis"] }\n[case.expect]\nround = 1\n', 6,
     ["unknown area 'Atlantis'"]),
    (BAD_PREFIX + 'players = ["a", "b"]\nanimal = { areas = ["Tasmania"], wieght = 3 }\n[case.expect]\nround = 1\n', 5,
     ["unknown key 'wieght'", "did you mean 'weight'"]),
    (BAD_PREFIX + 'players = ["a", "b"]\nanimal = "Unicorn"\n[case.expect]\nround = 1\n', 5,
     ["unknown animal 'Unicorn'"]),
    (BAD_PREFIX + TWO_TAS + 'pieces = { a = ["Tasmanya"] }\n'
     '[case.expect]\nround = 2\n', 6, ["pieces.a", "unknown area 'Tasmanya'"]),
    (BAD_PREFIX + TWO_TAS + 'moves = ["zed: Tasmania"]\n'
     '[case.expect]\nround = 1\n', 6, ["'zed' is not a player"]),
    (BAD_PREFIX + TWO_TAS + '[case.expect]\n\nscores = { a = 1, c = 2 }\n', 8,
     ["'c' is not a player"]),
    (BAD_PREFIX + TWO_TAS + '[case.expect]\npoints = 3\nround = 1\nscore = 1\n',
     9, ["unknown key 'score'", "did you mean 'scores'"]),
    (BAD_PREFIX + TWO_TAS + 'illegal = "a: pass"\n[case.expect]\nround = 1\n', 6,
     ["needs expect.error"]),
    (BAD_PREFIX + TWO_TAS + 'illegal = "a: pass"\n[case.expect]\n'
     'error = "IlegalMove"\n', 8, ["unknown error kind 'IlegalMove'", "did you mean 'IllegalMove'"]),
    (BAD_PREFIX + 'players = ["solo"]\nanimal = { areas = ["Tasmania"] }\n[case.expect]\nround = 1\n', 4,
     ["2 to 6 players"]),
    (BAD_PREFIX + 'players = ["a", "b"]\npreset = "publisehd"\nanimal = { areas = ["Tasmania"] }\n[case.expect]\n'
     'round = 1\n', 5,
     ["did you mean 'published'"]),
    (BAD_PREFIX + 'adjacent = ["Tasmania", "Tasman Sea"]\nexpect = true\n\n' + BAD_PREFIX
     + 'alias = "Japan"\nexpect = "Japan"\n', 8, ["two cases are called 'c'"]),
    ('[[animal]]\nname = "x"\n\nareas = ["Atlantis"]\n' + BAD_PREFIX + 'alias = "Japan"\nexpect = "Japan"\n', 4,
     ["areas: unknown area 'Atlantis'"]),
    ('[[animal]]\nname = "x"\nareas = ["Tasmania"]\nweight = "heavy"\n' + BAD_PREFIX
     + 'alias = "Japan"\nexpect = "Japan"\n',
     4, ["weight = 'heavy'", "n/a"]),
    ('[defaults]\nplayer = ["a", "b"]\n' + BAD_PREFIX + 'alias = "Japan"\nexpect = "Japan"\n', 2,
     ["[defaults]: unknown key 'player'", "did you mean 'players'"]),
]


@pytest.mark.parametrize("text,line,words", MALFORMED, ids=[f"malformed{i}" for i in range(len(MALFORMED))])
def test_a_malformed_file_exits_2_naming_file_and_line(tmp_path, monkeypatch, text, line, words):
    monkeypatch.chdir(tmp_path)
    Path("ok.toml").write_text('[[case]]\nname = "fine"\nrule = "r"\nalias = "Japan"\n'
                               'expect = "Northwest Pacific Ocean"\n')
    Path("bad.toml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(check, ["ok.toml", "bad.toml"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1, result.output  # nothing runs when a file is malformed
    assert lines[0].startswith(f"fauna: bad.toml:{line}: "), lines[0]
    for w in words:
        assert w in lines[0], (w, lines[0])
    with pytest.raises(CaseFormatError) as err:
        parse_cases(text, "bad.toml")
    assert err.value.line == line


@pytest.mark.parametrize("args,words", [
    (["missing.toml"], ["missing.toml", "no such case file"]),
    (["empty"], ["empty", "no case files"]),
    ([], ["Missing argument"]),
    (["x.toml", "--format", "yaml"], ["yaml"]),
])
def test_bad_paths_and_options_exit_2(tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    Path("empty").mkdir()
    result = CliRunner().invoke(check, args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    for w in words:
        assert w in result.output


def test_registered_in_the_fauna_command():
    from fauna_cli.main import cli
    result = CliRunner().invoke(cli, ["check", str(CASES / "board-faq.toml")])
    assert result.exit_code == 0 and result.output.splitlines()[-1].endswith("0 failed")


def test_output_is_byte_identical_across_hash_seeds():
    outs = []
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run([sys.executable, "-m", "fauna_cli", "check", "tests/cases", "--format", "json"],
                              cwd=ROOT, env=env, capture_output=True)
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    assert outs[0] == outs[1]


# -- the Python API and the documentation --------------------------------------------------------


def test_score_placement_api():
    zebra = make_animal(["Rift Valley", "horn of africa"], name="Grevy's zebra", weight=390)
    assert zebra.areas == ("Rift Valley", "Horn of Africa")
    assert score_placement(zebra, "Rift Valley")[:2] == ("correct", 10)
    assert score_placement(zebra, "Sahel")[:2] == ("adjacent", 5)
    assert score_placement(zebra, "weight 500 kg-1 t")[:2] == ("adjacent", 3)
    assert score_placement(zebra, "Sahel", preset="reference-manual")[:2] == ("nothing", 0)
    assert score_placement(zebra, "weight 500-1000 lb", units="imperial")[:2] == ("correct", 7)
    from rules.fauna import IllegalMove
    with pytest.raises(IllegalMove, match="not asked"):
        score_placement(zebra, "tail 10-20 cm")


def _blocks(lang):
    return re.findall(rf"```{lang}\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)


def test_the_documented_examples_run_and_pass():
    tomls = _blocks("toml")
    assert len(tomls) >= 2
    for i, text in enumerate(tomls):
        cases = parse_cases(text, f"docs example {i + 1}")
        assert cases and all(run_case(c).passed for c in cases)


def test_the_documented_python_runs():
    blocks = _blocks("python")
    assert blocks
    for code in blocks:
        exec(compile(code, str(DOCS), "exec"), {})


VALUES = ['1', '"x"', '[]', '{}', 'true', '-3', '0', '"Tasmania"', '["alice"]', '{ alice = 1 }', '"n/a"', '[1, 2]',
          '1.5', '"pass"', '{ x = [1] }', '"alice: pass"']


def test_no_edit_of_a_case_file_crashes_the_reader_or_the_runner():
    """Delete a line or replace a value, many times over: a file error or a result, never an exception."""
    from rules.core.rng import SplitMix64
    rng = SplitMix64(2024)
    for f in sorted(CASES.glob("*.toml")):
        lines = f.read_text(encoding="utf-8").splitlines()
        for _ in range(25):
            edited = list(lines)
            i = rng.below(len(edited))
            m = re.match(r"^(\s*[\w\"' ]+?\s*=\s*)", edited[i])
            if rng.below(2) == 0 or not m:
                del edited[i]
            else:
                edited[i] = m.group(1) + VALUES[rng.below(len(VALUES))]
            try:
                cases = parse_cases("\n".join(edited), f.name)
            except CaseFormatError as exc:
                assert re.match(rf"{re.escape(f.name)}:\d+: ", str(exc)), str(exc)
                continue
            for c in cases:
                run_case(c)
