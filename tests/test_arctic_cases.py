"""Arctic rule cases: every case in tests/cases/arctic/ holds and quotes its rule; the runner can fail."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.arctic import RULES
from rules.core.cases import CaseFormatError

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases" / "arctic"
SOURCES = {"seed": ROOT / "docs" / "sources" / "arctic-rules.txt",
           "reference": ROOT / "docs" / "sources" / "arctic-reference.md"}


def _flat(text: str) -> str:
    return " ".join(text.replace("**", "").replace("`", "").split())


def load_all() -> list:
    out = []
    for f in sorted(CASES.glob("*.toml")):
        out += RULES.parse_cases(f.read_text(encoding="utf-8"), str(f.relative_to(ROOT)), f.parent)
    return out


SUITE = load_all()


def test_there_are_at_least_sixty_cases_in_several_files() -> None:
    assert len(SUITE) >= 60
    assert len({c.where for c in SUITE}) >= 5


@pytest.mark.parametrize("case", SUITE, ids=lambda c: f"{Path(c.where).stem}:{c.line}")
def test_case_holds(case) -> None:
    result = RULES.run_case(case)
    assert result.passed, [k.to_dict() for k in result.failures]
    assert result.checks


@pytest.mark.parametrize("case", SUITE, ids=lambda c: f"{Path(c.where).stem}:{c.line}")
def test_case_quotes_its_source(case) -> None:
    doc = _flat(SOURCES[case.source].read_text(encoding="utf-8"))
    for part in case.rule.split("..."):
        part = _flat(part)
        assert part and part in doc, f"{case.name}: {part!r} is not in {SOURCES[case.source].name}"


def test_a_wrong_expectation_fails() -> None:
    text = """game = "arctic"
[[case]]
name = "wrong tokens"
rule = "all start on the third landscape card"
source = "reference"
[case.expect]
tokens = { fox = 6 }
[[case]]
name = "wrong error"
rule = "x"
source = "seed"
illegal = "ann: place fox"
[case.expect]
error = "no such message"
[[case]]
name = "an illegal move that is legal"
rule = "x"
source = "seed"
hands = { ann = ["fox/moose 5-1"] }
illegal = "ann: place fox/moose 5-1"
[case.expect]
error = "anything"
"""
    results = [RULES.run_case(c) for c in RULES.parse_cases(text, "wrong.toml", None)]
    assert [r.passed for r in results] == [False, False, False]
    assert results[0].failures[0].expected == 6 and results[0].failures[0].actual == 3
    assert results[2].failures[0].actual == "accepted"


@pytest.mark.parametrize("body, line, words", [
    ('[[case]]\nname = "c"\nrule = "r"\nsource = "seed"\nhandz = {}\n[case.expect]\nover = false\n', 2,
     ["unknown key 'handz'", "did you mean 'hands'"]),
    ('[[case]]\nname = "c"\nrule = "r"\nsource = "seed"\nriver = ["fox/mose 5-1"]\n[case.expect]\nover = false\n', 2,
     ["unknown card", "fox/moose 5-1"]),
    (('[[case]]\nname = "c"\nrule = "r"\nsource = "seed"\nriver = ["fox/moose 5-1"]\n'
     'hands = { ann = ["fox/moose 5-1"] }\n[case.expect]\nover = false\n'), 2, ["appears twice"]),
    ('[[case]]\nname = "c"\nrule = "r"\nsource = "seed"\nriver = ["fox/puffin 5-1"]\n[case.expect]\nover = false\n',
     2, ["not in a 2-player game"]),
    ('[[case]]\nname = "c"\nrule = "r"\nsource = "book"\n[case.expect]\nover = false\n', 2, ["source"]),
    ('[[case]]\nname = "c"\nrule = "r"\nsource = "seed"\n[case.expect]\novr = false\n', 2, ["expect.ovr"]),
    ('[[case]]\nname = "c"\nrule = "r"\nsource = "seed"\nillegal = "skip"\n[case.expect]\nover = false\n', 2,
     ["expect.error"]),
    ('[[case]]\nname = "c"\nrule = "r"\nsource = "seed"\ntokens = { fox = 4 }\n[case.expect]\nover = false\n', 2,
     ["landscape value"]),
])
def test_malformed_files_name_the_line(body: str, line: int, words: list[str]) -> None:
    with pytest.raises(CaseFormatError) as err:
        RULES.parse_cases('game = "arctic"\n' + body, "bad.toml", None)
    assert err.value.line == line and str(err.value).startswith(f"bad.toml:{line}:")
    assert all(w in str(err.value) for w in words), str(err.value)


def test_docs_describe_every_key() -> None:
    from rules.arctic.cases import CASE_KEYS, EXPECT_KEYS
    doc = (ROOT / "docs" / "rule-cases-arctic.md").read_text(encoding="utf-8")
    for key in CASE_KEYS + EXPECT_KEYS:
        assert re.search(rf"`{key}\b", doc), key
