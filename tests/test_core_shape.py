"""rules/core/shape.py: each kind of shape accepts what it describes and names the first value that does not fit."""

from __future__ import annotations

import pytest

from rules.core.limits import InputRefused
from rules.core.shape import (
    Also,
    Bool,
    Const,
    Either,
    Int,
    KeysOf,
    ListOf,
    MapOf,
    Opt,
    Record,
    Text,
    check_shape,
)


def refused(value, shape, path="view") -> str:
    with pytest.raises(InputRefused) as err:
        check_shape(value, shape, path)
    return err.value.message


def test_whole_numbers_in_range_and_nothing_else():
    assert check_shape(3, Int(0, 3)) == 3
    assert check_shape(-2, Int(-2, 0)) == -2
    assert refused(4, Int(0, 3)) == "view must be a whole number from 0 to 3, found the number 4"
    assert refused(-1, Int(0, 3)) == "view must be a whole number from 0 to 3, found the number -1"
    assert refused(2.0, Int(0, 3)) == "view must be a whole number from 0 to 3, found the fraction 2.0"
    assert refused(True, Int(0, 3)) == "view must be a whole number from 0 to 3, found true"
    assert refused(10**15, Int(0, 3)) == "view must be a whole number from 0 to 3, found a number of 16 digits"
    assert refused(10**12, Int(0, 3)).endswith("found the number 1000000000000")
    assert refused("3", Int(0, 3)).endswith("found the text '3'")


def test_texts_flags_nulls_and_constants():
    assert check_shape("ab", Text(1, 2)) == "ab"
    assert refused("", Text(1, 2)) == "view must be a text of 1 to 2 characters, found the text ''"
    assert refused("abc", Text(1, 2)).startswith("view must be a text of 1 to 2 characters")
    assert refused(None, Text()) == "view must be a text, found null"
    assert refused("c", Text(choices=("a", "b"))) == "view must be one of a, b, found the text 'c'"
    many = [f"w{i:02}" for i in range(14)]
    assert refused("x", Text(choices=many)).startswith("view must be one of w00, w01, w02, w03, w04, w05, w06, w07, "
                                                       "w08, w09, w10, w11, ..., found")
    assert refused("\x1b[2J", Text(choices=("a",))).endswith("found the text '\\x1b[2J'")
    assert check_shape(False, Bool()) is False
    assert refused(0, Bool()) == "view must be true or false, found the number 0"
    assert check_shape(None, Opt(Int())) is None and check_shape(1, Opt(Int())) == 1
    assert refused("x", Opt(Int(0, 1))).startswith("view must be a whole number")
    assert check_shape("evo", Const("evo")) == "evo"
    assert refused("arctic", Const("evo")) == "view must be 'evo', found the text 'arctic'"
    assert refused(1, Const(True)) == "view must be True, found the number 1"
    assert check_shape(True, Either((Bool(), Int()), "a flag or a count")) is True
    assert check_shape(7, Either((Bool(), Int()), "a flag or a count")) == 7
    flag = Either((Bool(), Int()), "a flag or a count")
    assert refused("7", flag) == "view must be a flag or a count, found the text '7'"


def test_lists_name_the_item():
    shape = ListOf(Int(0, 9), 3, 1)
    assert check_shape([1, 2, 3], shape) == [1, 2, 3]
    assert refused([], shape) == "view must be a list of 1 to 3 items, found a list of 0 items"
    assert refused([1, 2, 3, 4], shape) == "view must be a list of 1 to 3 items, found a list of 4 items"
    assert refused([1, "x"], shape) == "view[1] must be a whole number from 0 to 9, found the text 'x'"
    assert refused({}, shape) == "view must be a list, found a table of 0 keys"
    assert refused([[]], ListOf(Int())).endswith("found a list of 0 items")


def test_records_want_every_key_and_no_other():
    shape = Record({"a": Int(), "b": Text()}, {"c": Bool()})
    assert check_shape({"a": 1, "b": "x"}, shape) == {"a": 1, "b": "x"}
    assert check_shape({"a": 1, "b": "x", "c": True}, shape)["c"] is True
    assert refused({"a": 1}, shape) == "view lacks its key 'b'"
    assert refused({"a": 1, "b": "x", "d": 0}, shape) == "view has an unknown key 'd'"
    assert refused({"a": 1, "b": "x", "c": 1}, shape) == "view.c must be true or false, found the number 1"
    assert refused({"a": "1", "b": "x"}, shape, "v") == ("v.a must be a whole number from 0 to 1000000, found the "
                                                         "text '1'")
    assert refused([1], shape) == "view must be a table, found a list of 1 item"
    assert refused({"x": 1}, Record({})) == "view has an unknown key 'x'"


def test_tables_of_names_and_tables_keyed_by_the_players():
    shape = MapOf(Text(1, 3), Int(0, 5), 2)
    assert check_shape({"ab": 1}, shape) == {"ab": 1}
    assert refused({"abcd": 1}, shape).startswith("view key must be a text of 1 to 3 characters")
    assert refused({"a": 6}, shape) == "view.a must be a whole number from 0 to 5, found the number 6"
    assert refused({"a": 1, "b": 1, "c": 1}, shape) == "view must be a table of at most 2 keys, found a table of 3 keys"
    assert refused([], shape) == "view must be a table, found a list of 0 items"
    view = Record({"players": ListOf(Text()), "mp": KeysOf(lambda v: v["players"], Int(0, 9))})
    assert check_shape({"players": ["ann", "ben"], "mp": {"ann": 1, "ben": 2}}, view)
    assert refused({"players": ["ann", "ben"], "mp": {"ann": 1}}, view) == "view.mp lacks its key 'ben'"
    assert refused({"players": ["ann"], "mp": {"ann": 1, "zed": 2}}, view) == "view.mp has an unknown key 'zed'"
    assert refused({"players": ["ann"], "mp": {"ann": -1}}, view).startswith("view.mp.ann must be a whole number")
    assert refused({"players": ["ann"], "mp": 3}, view) == "view.mp must be a table, found the number 3"


def test_a_check_against_the_whole_value():
    shape = Record({"players": ListOf(Text()),
                    "first": Also(Text(), lambda v, root: None if v in root["players"] else f"{v!r} is not a player")})
    assert check_shape({"players": ["ann"], "first": "ann"}, shape)
    assert refused({"players": ["ann"], "first": "zed"}, shape) == "view.first: 'zed' is not a player"
    assert refused({"players": ["ann"], "first": 1}, shape) == "view.first must be a text, found the number 1"
