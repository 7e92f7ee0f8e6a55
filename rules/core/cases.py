"""What rule cases of every game share: a check, a case's result, and the error of a malformed case file.

A game's case module parses its own `[[case]]` tables into objects with `name`, `rule`, `source`,
`kind`, `where` and `line`, runs them, and returns `CaseResult`s built from `Check`s; `fauna check`
renders them the same way for every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from rules.core.errors import ConfigError


class CaseFormatError(ConfigError):
    """A case file that cannot be read as cases; the message starts with FILE:LINE."""

    def __init__(self, where: str, line: int, message: str) -> None:
        self.where = where
        self.line = line
        super().__init__(f"{where}:{line}: {message}")


class CaseLike(Protocol):
    """What the runner and the CLI read of any game's case."""

    name: str
    rule: str
    source: str
    kind: str
    where: str
    line: int


@dataclass(frozen=True)
class Check:
    """One expectation compared with what the engine did."""

    key: str
    expected: Any
    actual: Any
    ok: bool

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "expected": self.expected, "actual": self.actual, "ok": self.ok}


@dataclass(frozen=True)
class CaseResult:
    """The outcome of one case: every check, and whether all held."""

    case: Any  # a CaseLike
    checks: tuple[Check, ...]

    @property
    def passed(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def failures(self) -> list[Check]:
        """The checks that did not hold."""
        return [c for c in self.checks if not c.ok]

    def to_dict(self) -> dict[str, Any]:
        """Plain form for JSON output."""
        c = self.case
        return {"name": c.name, "file": c.where, "line": c.line, "kind": c.kind, "rule": c.rule, "source": c.source,
                "status": "pass" if self.passed else "fail", "checks": [k.to_dict() for k in self.checks]}


def show(value: Any) -> str:
    """A checked value as text: true/false, lists in brackets, 'none' for no value."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)
