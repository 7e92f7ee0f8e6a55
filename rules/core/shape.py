"""Shapes of JSON values read from files: what each value must be (types, ranges, keys, lengths), checked whole.

A view file (rules/core/referee.py) carries a player's view as JSON, and the pictures that draw it index
into it freely. A file from the outside may hold anything, so its values are checked against a shape
before any of them is used: a whole number where a number is drawn (never a float or a bool), a text of
bounded length, a list of bounded length, a table with exactly its keys, keys that name the players, and
so on. The first value that does not fit is named by its path (`view.players[1].pile_size`) with what
was expected, in an InputRefused the reader turns into its own error. Each game states the shape of its
view next to the view (`view_shape` in its GameRules); nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.limits import MAX_LINE_CHARS, InputRefused, excerpt

MAX_ITEMS = 1_000  # entries of a list or a table unless a shape says otherwise


class Shape:
    """What a value must be; `check` returns the value or raises InputRefused naming `path`."""

    def check(self, value: Any, path: str, root: Any) -> Any:  # pragma: no cover - every shape overrides it
        raise NotImplementedError


def _found(value: Any) -> str:
    """A short, escaped account of a value that did not fit, for the message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return f"the text {excerpt(value, 30)}"
    if isinstance(value, int):
        return f"a number of {len(str(abs(value))):,} digits" if abs(value) > 10**12 else f"the number {value}"
    if isinstance(value, float):
        return f"the fraction {value!r}"
    if isinstance(value, list):
        return f"a list of {len(value):,} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return f"a table of {len(value):,} key{'' if len(value) == 1 else 's'}"
    return type(value).__name__  # pragma: no cover - JSON gives only the kinds above


def _refuse(path: str, wanted: str, value: Any) -> InputRefused:
    return InputRefused(f"{path} must be {wanted}, found {_found(value)}")


@dataclass(frozen=True)
class Int(Shape):
    """A whole number in low..high (not a bool, not a float such as 2.0)."""

    low: int = 0
    high: int = 10**6

    def check(self, value: Any, path: str, root: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise _refuse(path, f"a whole number from {self.low} to {self.high}", value)
        return value


@dataclass(frozen=True)
class Bool(Shape):
    """true or false."""

    def check(self, value: Any, path: str, root: Any) -> Any:
        if not isinstance(value, bool):
            raise _refuse(path, "true or false", value)
        return value


@dataclass(frozen=True)
class Text(Shape):
    """A text of min_len..max_len characters, one of `choices` when given."""

    min_len: int = 0
    max_len: int = MAX_LINE_CHARS
    choices: Collection[str] | None = None

    def check(self, value: Any, path: str, root: Any) -> Any:
        if not isinstance(value, str):
            raise _refuse(path, "a text", value)
        if self.choices is not None and value not in self.choices:
            shown = ", ".join(sorted(self.choices)[:12]) + (", ..." if len(self.choices) > 12 else "")
            raise _refuse(path, f"one of {shown}", value)
        if not self.min_len <= len(value) <= self.max_len:
            raise _refuse(path, f"a text of {self.min_len} to {self.max_len:,} characters", value)
        return value


@dataclass(frozen=True)
class Opt(Shape):
    """null, or a value of `shape`."""

    shape: Shape

    def check(self, value: Any, path: str, root: Any) -> Any:
        return None if value is None else self.shape.check(value, path, root)


@dataclass(frozen=True)
class Either(Shape):
    """A value of the first shape it fits (e.g. a count or a flag); refused as `what` otherwise."""

    shapes: tuple[Shape, ...]
    what: str

    def check(self, value: Any, path: str, root: Any) -> Any:
        for shape in self.shapes:
            try:
                return shape.check(value, path, root)
            except InputRefused:
                continue
        raise _refuse(path, self.what, value)


@dataclass(frozen=True)
class Const(Shape):
    """Exactly this value (a game's name in its own view)."""

    value: Any

    def check(self, value: Any, path: str, root: Any) -> Any:
        if value != self.value or type(value) is not type(self.value):
            raise _refuse(path, f"{self.value!r}", value)
        return value


@dataclass(frozen=True)
class ListOf(Shape):
    """A list of min_len..max_len items, each of `item`."""

    item: Shape
    max_len: int = MAX_ITEMS
    min_len: int = 0

    def check(self, value: Any, path: str, root: Any) -> Any:
        if not isinstance(value, list):
            raise _refuse(path, "a list", value)
        if not self.min_len <= len(value) <= self.max_len:
            raise _refuse(path, f"a list of {self.min_len} to {self.max_len:,} items", value)
        for i, v in enumerate(value):
            self.item.check(v, f"{path}[{i}]", root)
        return value


@dataclass(frozen=True)
class Record(Shape):
    """A table with every key of `required`, any of `optional`, and no other; values checked in the order given."""

    required: Mapping[str, Shape]
    optional: Mapping[str, Shape] = field(default_factory=dict)

    def check(self, value: Any, path: str, root: Any) -> Any:
        if not isinstance(value, dict):
            raise _refuse(path, "a table", value)
        for key in value:
            if key not in self.required and key not in self.optional:
                raise InputRefused(f"{path} has an unknown key {excerpt(str(key), 30)}")
        for key, shape in self.required.items():
            if key not in value:
                raise InputRefused(f"{path} lacks its key '{key}'")
            shape.check(value[key], f"{path}.{key}", root)
        for key, shape in self.optional.items():
            if key in value:
                shape.check(value[key], f"{path}.{key}", root)
        return value


@dataclass(frozen=True)
class MapOf(Shape):
    """A table of up to max_len entries whose keys are of `key` (a Text) and values of `value`."""

    key: Shape
    value: Shape
    max_len: int = MAX_ITEMS

    def check(self, value: Any, path: str, root: Any) -> Any:
        if not isinstance(value, dict):
            raise _refuse(path, "a table", value)
        if len(value) > self.max_len:
            raise _refuse(path, f"a table of at most {self.max_len:,} keys", value)
        for k, v in value.items():
            self.key.check(k, f"{path} key", root)
            self.value.check(v, f"{path}.{excerpt(k, 30)[1:-1]}", root)
        return value


@dataclass(frozen=True)
class KeysOf(Shape):
    """A table whose keys are exactly the texts `keys(root)` gives (e.g. the players), each value of `value`."""

    keys: Callable[[Any], Collection[str]]
    value: Shape

    def check(self, value: Any, path: str, root: Any) -> Any:
        if not isinstance(value, dict):
            raise _refuse(path, "a table", value)
        want = self.keys(root)
        for k in value:
            if k not in want:
                raise InputRefused(f"{path} has an unknown key {excerpt(str(k), 30)}")
        for k in want:
            if k not in value:
                raise InputRefused(f"{path} lacks its key {excerpt(k, 30)}")
            self.value.check(value[k], f"{path}.{excerpt(k, 30)[1:-1]}", root)
        return value


@dataclass(frozen=True)
class Also(Shape):
    """`shape`, then a check of the whole value against the root (`test` returns None or what is wrong)."""

    shape: Shape
    test: Callable[[Any, Any], str | None]

    def check(self, value: Any, path: str, root: Any) -> Any:
        self.shape.check(value, path, root)
        wrong = self.test(value, root)
        if wrong is not None:
            raise InputRefused(f"{path}: {wrong}")
        return value


def check_shape(value: Any, shape: Shape, path: str = "view") -> Any:
    """`value` if it has `shape` (checked whole, keys in the order the shape gives them), else InputRefused."""
    return shape.check(value, path, value)


__all__ = ["MAX_ITEMS", "Also", "Bool", "Const", "Either", "Int", "KeysOf", "ListOf", "MapOf", "Opt", "Record", "Shape",
           "Text", "check_shape"]
