"""What every game's rule cases share (rules/core/cases.py): a failing check, a case's JSON, and how values print."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.cases import CaseFormatError, CaseResult, Check, show
from rules.core.errors import ConfigError


@dataclass(frozen=True)
class Case:
    name: str = "a moose scores six"
    rule: str = "Each moose scores 6."
    source: str = "rulebook p. 4"
    kind: str = "score"
    where: str = "cases/arctic.toml"
    line: int = 12


def test_a_malformed_case_file_names_its_file_and_line():
    err = CaseFormatError("cases/evo.toml", 7, "unknown key 'expcet'")
    assert isinstance(err, ConfigError)
    assert str(err) == "cases/evo.toml:7: unknown key 'expcet'"
    assert (err.where, err.line) == ("cases/evo.toml", 7)


def test_a_case_passes_only_when_every_check_holds():
    good, bad = Check("score", 6, 6, True), Check("winner", "ann", "bob", False)
    assert CaseResult(Case(), (good,)).passed and CaseResult(Case(), ()).passed
    result = CaseResult(Case(), (good, bad, Check("moves", [], [], True)))
    assert not result.passed and result.failures == [bad]


def test_a_case_result_in_json_says_where_the_case_is_and_what_each_check_found():
    result = CaseResult(Case(), (Check("score", 6, 5, False),))
    assert result.to_dict() == {
        "name": "a moose scores six", "file": "cases/arctic.toml", "line": 12, "kind": "score",
        "rule": "Each moose scores 6.", "source": "rulebook p. 4", "status": "fail",
        "checks": [{"key": "score", "expected": 6, "actual": 5, "ok": False}]}
    assert CaseResult(Case(), (Check("score", 6, 6, True),)).to_dict()["status"] == "pass"


def test_checked_values_print_as_a_case_file_writes_them():
    assert show(None) == "none" and show(True) == "true" and show(False) == "false"
    assert show([1, (True, None), "Tasmania"]) == "[1, [true, none], Tasmania]"
    assert show([]) == "[]" and show(0) == "0" and show(2.5) == "2.5"
