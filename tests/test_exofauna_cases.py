"""ExoFauna rule cases: every case holds, quotes its rule verbatim, and a wrong expectation fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.core.cases import CaseFormatError
from rules.exofauna.cases import parse_cases, run_case

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases" / "exofauna"
SEED = ROOT / "docs" / "sources" / "exofauna-rules.txt"  # a copy of shared/seeds/003_*


def _load() -> list:
    out = []
    for f in sorted(CASES.glob("*.toml")):
        out += parse_cases(f.read_text(encoding="utf-8"), f"tests/cases/exofauna/{f.name}", f.parent)
    return out


SUITE = _load()


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).strip().lower()


def test_at_least_fifty_cases_in_several_files():
    assert len(SUITE) >= 50
    assert len({c.where for c in SUITE}) >= 4


@pytest.mark.parametrize("case", SUITE, ids=[c.name for c in SUITE])
def test_case_holds(case):
    result = run_case(case)
    assert result.passed, [(k.key, k.expected, k.actual) for k in result.failures]


def test_rule_quotes_are_verbatim():
    design_text = _flat((ROOT / "data" / "exofauna" / "organisms.toml").read_text(encoding="utf-8")
                        + (ROOT / "data" / "exofauna" / "README.md").read_text(encoding="utf-8"))
    seed_text = _flat(SEED.read_text(encoding="utf-8"))
    for c in SUITE:
        doc = design_text if c.source == "design" else seed_text
        for part in c.rule.split("..."):
            assert _flat(part) in doc, f"{c.name}: {part!r} is not in the {c.source} text"


WRONG = '''game = "exofauna"
[[case]]
name = "deliberately wrong"
rule = "SWARMING - The player draws the top card of either deck."
position = { hands = { alice = ["Tessik blue", "Primu blue"] }, decks = { alice = ["Skraa blue"] } }
moves = ["play Tessik blue A n", "draw blue"]
[case.expect]
hands = { alice = ["Primu blue"] }
decision = "swarm"
'''


def test_a_wrong_expectation_fails():
    (case,) = parse_cases(WRONG, "wrong.toml")
    result = run_case(case)
    assert not result.passed
    assert {k.key for k in result.failures} == {"hands[alice]", "decision"}


def test_a_move_that_does_not_apply_fails_the_case():
    (case,) = parse_cases(WRONG.replace('"draw blue"', '"draw yellow"'), "wrong.toml")
    result = run_case(case)
    assert [k.key for k in result.failures] == ["setup"]


@pytest.mark.parametrize("text,message", [
    (WRONG.replace("decision =", "decisoin ="), "unknown key expect.decisoin; did you mean 'decision'?"),
    (WRONG.replace("Tessik blue\", \"Primu", "Tesik blue\", \"Primu"), "unknown Organism 'Tesik'"),
    (WRONG.replace('game = "exofauna"', 'game = "fauna"'), 'starts with game = "exofauna"'),
    (WRONG.replace("moves =", "movs ="), "unknown key movs"),
    (WRONG.replace('"draw blue"', '"drwa blue"'), "did you mean 'draw'"),
    (WRONG + "[[case]]\nname = 'x'\n", "case 'x': needs 'rule'"),
])
def test_malformed_files_are_refused_with_file_and_line(text, message):
    with pytest.raises(CaseFormatError) as err:
        parse_cases(text, "bad.toml")
    assert str(err.value).startswith("bad.toml:")
    assert message in str(err.value)


def test_a_position_with_every_card_in_the_holes_fails_at_once_instead_of_passing_turns_for_ever():
    # found by tools/fuzz.py: with no card in any hand or deck, every turn was lost and the next began, without end
    text = ('game = "exofauna"\n[[case]]\nname = "bare"\nrule = "r"\nsource = "design"\nplayers = ["alice", "bob"]\n'
            'moves = ["play Skraa blue A n", "take A ne", "discard Ozzu yellow"]\n'
            '[case.position]\nhands = { alice = ["Skraa blue"] }\n[case.expect]\ndecision = "action"\n')
    (case,) = parse_cases(text, "bare.toml")
    result = run_case(case)
    assert not result.passed and [k.key for k in result.failures] == ["setup"]
    assert "no card is left in any hand or deck" in str(result.failures[0])
