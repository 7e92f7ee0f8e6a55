"""Evo rule cases: every case in tests/cases/evo holds and quotes its rule verbatim; the runner can fail."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.core.cases import CaseFormatError
from rules.evo import RULES
from rules.evo.cases import Case, parse_cases, run_case

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases" / "evo"
SOURCES = {"seed": ROOT / "docs" / "sources" / "evo-rules.txt", "faq": ROOT / "docs" / "sources" / "evo-rules.txt",
           "design": ROOT / "data" / "evo" / "README.md"}


def load_suite() -> list[Case]:
    out: list[Case] = []
    for f in sorted(CASES.glob("*.toml")):
        out += parse_cases(f.read_text(encoding="utf-8"), f.relative_to(ROOT).as_posix(), f.parent)
    return out


SUITE = load_suite()


@pytest.mark.parametrize("case", SUITE, ids=[f"{Path(c.where).stem}:{c.line}" for c in SUITE])
def test_case_holds(case: Case) -> None:
    result = run_case(case)
    diffs = "; ".join(f"{k.key}: expected {k.expected!r}, actual {k.actual!r}" for k in result.failures)
    assert result.passed, f"{case.where}:{case.line} {case.name}: {diffs}"


def test_suite_size_and_topics() -> None:
    assert len(SUITE) >= 80
    assert len({c.name for c in SUITE}) == len(SUITE)
    assert len({Path(c.where).name for c in SUITE}) >= 6


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


def test_every_rule_is_quoted_from_its_source() -> None:
    texts = {k: _norm(p.read_text(encoding="utf-8")) for k, p in SOURCES.items()}
    for c in SUITE:
        for part in c.rule.split("..."):
            part = _norm(part)
            if part:
                assert part in texts[c.source], f"{c.where}:{c.line}: {part!r} is not in {SOURCES[c.source].name}"


def test_required_topics_are_covered() -> None:
    names = " ".join(c.name.lower() + " " + c.rule.lower() for c in SUITE)
    for topic in ("bony plates", "large horn", "thick shell", "flippers", "wings", "regeneration", "killer babies",
                  "sixth sense", "cave dweller", "adrenaline rush", "strong thighs", "chameleon skin", "outbid",
                  "bid of 6", "duplicate", "ties", "species of two", "below two", "exactly three", "meteorite"):
        assert topic in names, topic
    assert sum(1 for c in SUITE if c.source == "faq") >= 10


def test_a_wrong_expectation_fails() -> None:
    text = """game = "evo"
[[case]]
name = "wrong"
rule = "Each player starts with 6 MP."
source = "seed"
players = ["alice", "bob"]
[case.expect]
mp = { alice = 7 }
"""
    (case,) = parse_cases(text, "wrong.toml")
    result = run_case(case)
    assert not result.passed
    assert result.failures[0].actual == {"alice": 6}
    assert RULES.run_case(case).passed is False


def test_an_accepted_illegal_move_fails() -> None:
    text = """game = "evo"
[[case]]
name = "not illegal"
rule = "x"
source = "seed"
players = ["alice", "bob"]
position = { phase = "movement", order = ["alice", "bob"], dinos = { alice = ["C3", "C4"], bob = ["E6", "E7"] } }
illegal = "move C3 B3"
[case.expect]
steps = 2
"""
    (case,) = parse_cases(text, "x.toml")
    assert not run_case(case).passed


@pytest.mark.parametrize("text, message", [
    ('game = "evo"\n[[case]]\nname = "a"\nrule = "r"\nsource = "seed"\nplayrs = ["a", "b"]\n[case.expect]\nround = 1\n',
     "x.toml:2: unknown key playrs; did you mean 'players'?"),
    (('game = "evo"\n[[case]]\nname = "a"\nrule = "r"\nsource = "seed"\nposition = { phase = "movment" }\n'
     '[case.expect]\nround = 1\n'), "position.phase must be one of"),
    ('game = "evo"\n[[case]]\nname = "a"\nrule = "r"\nsource = "seed"\n[case.expect]\nwheels = 1\n',
     "did you mean 'wheel'"),
    (('game = "evo"\n[[case]]\nname = "a"\nrule = "r"\nsource = "seed"\nposition = { dinos = { alice = ["Z9"] } }\n'
     '[case.expect]\nround = 1\n'), "no space 'Z9'"),
    ('game = "fauna"\n', "x.toml:1: an Evo case file starts with game"),
])
def test_malformed_files_name_the_line_and_key(text: str, message: str) -> None:
    with pytest.raises(CaseFormatError) as err:
        parse_cases(text, "x.toml")
    assert message in str(err.value)


def test_an_initiative_order_that_leaves_out_a_player_is_refused_by_name():
    # found by tools/fuzz.py: two names in `order` for three players ran into an IndexError at the Birth phase
    text = ('game = "evo"\n[[case]]\nname = "short"\nrule = "r"\nsource = "design"\n'
            'position = { phase = "birth", order = ["alice", "bob"], dinos = { alice = ["C3"], bob = ["E6"] } }\n'
            'moves = ["skip"]\n')
    with pytest.raises(CaseFormatError, match=r"^short.toml:2: case 'short': position.order must name every player "
                                              r"once \(the initiative track\); it leaves out 'carol'"):
        parse_cases(text, "short.toml")
