"""The limits on untrusted input (rules/core/limits.py): each limit holds at its edge, and each refusal says why.

The "Limits" table of docs/file-formats.md promises these figures to users; the first test keeps the code and the table
in step, the others check each reader at the limit and one past it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rules.core import limits
from rules.core.limits import (
    InputRefused,
    ProgressGuard,
    check_int_range,
    check_lines,
    check_name,
    check_path,
    decode_utf8,
    escape_control,
    excerpt,
    load_json,
    load_toml,
    nesting_depth,
    raw_decode_json,
    read_bounded,
    read_bounded_text,
    safe_int,
)

LIMITS_DOC = Path(__file__).resolve().parent.parent / "docs" / "file-formats.md"


def refusal(f, *args, **kw) -> tuple[str, int | None]:
    with pytest.raises(InputRefused) as err:
        f(*args, **kw)
    assert str(err.value) == err.value.message
    return err.value.message, err.value.line


def test_the_readme_limits_table_states_the_limits_the_engine_applies():
    table = LIMITS_DOC.read_text(encoding="utf-8").split("## Limits", 1)[1].split("\n\n")[2]
    rows = dict(re.findall(r"^\| (.+?) \| (.+?) \|$", table, re.M))
    mib = 1 << 20
    assert rows["a line of any text file (config, script, log, case file)"] == f"{limits.MAX_LINE_CHARS:,} characters"
    assert rows["one move"] == f"{limits.MAX_MOVE_CHARS} characters"
    assert rows["a player name"].startswith(f"1-{limits.MAX_NAME_CHARS} printable characters, NFC; no blank")
    assert rows["a whole number written in a file"].startswith(f"{limits.MAX_INT_DIGITS} digits")
    assert rows["nesting of TOML arrays/tables and JSON values"] == f"{limits.MAX_NESTING} levels"
    assert rows["`goal`"] == f"1 to {limits.MAX_GOAL:,} points"
    assert rows["rounds in a row in which computer players score nothing"].startswith(f"{limits.MAX_IDLE_ROUNDS} ")
    assert rows["a config or scoring-table file"] == f"{limits.MAX_CONFIG_BYTES // mib} MiB"
    assert rows["a move script"] == f"{limits.MAX_SCRIPT_BYTES // mib} MiB"
    assert rows["mail piped into `pbem apply GAME -`"] == f"{limits.MAX_SCRIPT_BYTES // mib} MiB"
    from rules.fauna.dealing import MAX_BOX_CARDS

    assert rows["card numbers a game file's `box` line names"].startswith(f"{MAX_BOX_CARDS:,} per side")
    assert rows["a game file / replay log"] == f"{limits.MAX_LOG_BYTES // mib} MiB"
    assert rows["a rule-case file"] == f"{limits.MAX_CASE_BYTES // mib} MiB"
    assert all(b % mib == 0 for b in (limits.MAX_CONFIG_BYTES, limits.MAX_SCRIPT_BYTES, limits.MAX_LOG_BYTES,
                                      limits.MAX_CASE_BYTES))


# -- display --------------------------------------------------------------------------------------------------------

def test_control_format_and_separator_characters_are_shown_escaped():
    assert escape_control("Zoë the 🦘") == "Zoë the 🦘"
    assert escape_control("a\x1b[2Jb c\u2028d\xade\U000e0001f\uffff\t") == \
        "a\\x1b[2Jb c\\u2028d\\xade\\U000e0001f\\uffff\\x09"


def test_an_excerpt_is_quoted_escaped_and_cut_at_its_width():
    assert excerpt("it's") == "'it\\'s'"
    assert excerpt("x" * 60) == "'" + "x" * 60 + "'"
    assert excerpt("x" * 61) == "'" + "x" * 60 + "...' (61 characters)"
    assert excerpt("a\x07" * 3, 4) == "'a\\x07a\\x07...' (6 characters)"
    assert excerpt("abcd", 4) == "'abcd'"
    assert excerpt("y" * 1234, 2) == "'yy...' (1,234 characters)"


# -- names and numbers ----------------------------------------------------------------------------------------------

def test_a_name_is_nfc_text_of_one_to_24_printable_characters():
    assert check_name("Zoe\u0308") == "Zo\u00eb"
    assert check_name("x" * 24) == "x" * 24
    assert refusal(check_name, "x" * 25) == ("name '" + "x" * 25 + "' is longer than 24 characters", None)
    assert refusal(check_name, "abc", 2, "players[1].name")[0] == "players[1].name 'abc' is longer than 2 characters"
    assert refusal(check_name, "") == ("name is empty", None)
    assert refusal(check_name, 7) == ("name must be a text", None)


def test_a_name_with_a_control_character_or_outer_space_is_refused():
    assert refusal(check_name, "ann\x1b")[0] == \
        "name 'ann\\x1b' holds the control or separator character U+001B; names are printable text"
    assert refusal(check_name, "a\u2029b")[0].endswith("character U+2029; names are printable text")
    assert refusal(check_name, " ann")[0] == "name ' ann' starts or ends with a space"
    assert refusal(check_name, "ann ")[0] == "name 'ann ' starts or ends with a space"
    assert check_name("ann lee") == "ann lee"


@pytest.mark.parametrize("blank", ["\u2800", "\u3164", "\u115f", "\uffa0", "\u00a0", "\u2003", "\u3000", "\u034f",
                                   "\ufe0f"])
def test_a_name_that_hides_a_blank_or_invisible_letter_is_refused(blank):
    message = refusal(check_name, f"an{blank}n")[0]
    assert message.startswith("name 'an") and f"holds U+{ord(blank):04X} " in message
    assert message.endswith("which shows as nothing or as a space; names are visible text")


def test_a_variation_selector_is_a_name_after_a_symbol_only():
    assert check_name("\u2605\ufe0f") == "\u2605\ufe0f"  # the star drawn as an emoji: it shows
    assert "U+FE0F" in refusal(check_name, "ann\ufe0f")[0]


def test_a_word_mixing_latin_cyrillic_or_greek_letters_is_refused_and_whole_words_are_not():
    assert refusal(check_name, "\u0430nn")[0] == (
        "name '\u0430nn' mixes Cyrillic and Latin letters in one word (U+0430 CYRILLIC SMALL LETTER A among Latin "
        "letters), so it can pass for another name; write each word in one alphabet")
    assert "Greek and Latin" in refusal(check_name, "b\u03bfb")[0]
    for fine in ("Alex \u041f\u0451\u0442\u0440", "\u0397\u03c1\u03ac", "Zo\u00eb", "\u738b\u5c0f\u660e", "ann @home",
                 "a.b"):
        assert check_name(fine) == fine


def test_a_whole_number_in_text_has_at_most_20_ascii_digits():
    assert safe_int("0") == 0 and safe_int("9" * 20) == int("9" * 20)
    assert refusal(safe_int, "9" * 21) == ("number has 21 digits; at most 20 are allowed", None)
    assert refusal(safe_int, "1234", 3, "seq")[0] == "seq has 4 digits; at most 3 are allowed"
    for bad in ("-1", "1.0", "", " 1", "\u0661"):
        assert refusal(safe_int, bad)[0] == f"number must be a whole number, found {excerpt(bad)}"
    assert refusal(safe_int, 5)[0] == "number must be a whole number, found '5'"


def test_a_number_in_range_is_accepted_at_both_ends():
    assert check_int_range(1, 1, 5, "goal") == 1 and check_int_range(5, 1, 5, "goal") == 5
    for bad, shown in ((0, "0"), (6, "6"), (True, "True"), (1.5, "1.5"), ("3", "'3'"), (None, "None"),
                       (10**30, str(10**30)), (10**30 + 1, "a number of 31 digits"),
                       (-10**31, "a number of 33 digits")):
        assert refusal(check_int_range, bad, 1, 5, "goal") == (f"goal must be a whole number from 1 to 5, not {shown}",
                                                               None)


# -- lines ----------------------------------------------------------------------------------------------------------

def test_a_line_may_have_the_limit_of_characters_and_not_one_more():
    check_lines("x" * 10, 10)
    check_lines("ab\n" + "x" * 10 + "\ncd\n", 10)
    check_lines("ab\n" + "x" * 10, 10)
    assert refusal(check_lines, "ab\ncd\n" + "x" * 11 + "\nef", 10) == ("line of 11 characters; at most 10 are allowed",
                                                                        3)
    assert refusal(check_lines, "ab\n" + "x" * 11, 10)[1] == 2
    assert refusal(check_lines, "\n" + "x" * 11, 10) == ("line of 11 characters; at most 10 are allowed", 2)
    assert refusal(check_lines, "x" * 16_385) == ("line of 16,385 characters; at most 16,384 are allowed", 1)
    check_lines("x" * 16_384)


def test_text_that_is_not_utf8_names_the_line_of_its_first_bad_byte():
    assert decode_utf8(b"\xef\xbb\xbfZo\xc3\xab") == "Zoë"
    assert refusal(decode_utf8, b"a\nb\nc\xff\n\xfe") == ("not UTF-8 text (byte 0xff)", 3)
    assert refusal(decode_utf8, b"\xc3")[1] == 1


# -- nesting, TOML and JSON -----------------------------------------------------------------------------------------

def test_nesting_is_counted_outside_strings_and_the_line_past_the_limit_is_named():
    assert nesting_depth("1") == (0, 0)
    assert nesting_depth("[[1], {\"a\": [2]}]") == (3, 0)
    assert nesting_depth("[[]][[]]") == (2, 0)
    assert nesting_depth("]]]][[") == (2, 0)  # stray closers never make the depth negative
    assert nesting_depth("[" * 16) == (16, 0)
    assert nesting_depth("[" * 17) == (17, 1)
    assert nesting_depth("1\n\n[[", limit=1) == (2, 3)
    assert nesting_depth("[[", limit=2) == (2, 0)


def test_brackets_inside_json_strings_do_not_count_but_their_line_ends_do():
    assert nesting_depth('"[[[[" [') == (1, 0)
    assert nesting_depth('["a\\"[[" ]') == (1, 0)
    assert nesting_depth('"a\\\\" [[', limit=1) == (2, 1)
    assert nesting_depth("'[[' [") == (3, 0)  # single quotes are not JSON strings
    assert nesting_depth('"open\n[[', limit=1) == (2, 2)  # a string stops at its line end
    assert nesting_depth('"[[', limit=1) == (0, 0)
    assert nesting_depth('"a"[[', limit=1) == (2, 1)  # a bracket right after the closing quote counts
    assert nesting_depth('"" [[', limit=1) == (2, 1)  # an empty string


def test_toml_strings_and_comments_hide_their_brackets():
    toml = {"toml": True}
    assert nesting_depth("a = '[[' # [[[\nb = [1]", **toml) == (1, 0)
    assert nesting_depth("a = \"\"\"[[\n[[\"\"\"\nb = [[1]]", limit=1, **toml) == (2, 3)
    assert nesting_depth("a = '''[[\n[[\n'''\n[[", limit=1, **toml) == (2, 4)
    assert nesting_depth("a = '''[[[", limit=1, **toml) == (0, 0)
    assert nesting_depth("# [[[", limit=1, **toml) == (0, 0)
    assert nesting_depth("'''x'''[[", limit=1, **toml) == (2, 1)
    assert nesting_depth("''''''\n[[", limit=1, **toml) == (2, 2)  # an empty literal string
    assert nesting_depth("a = 'b\\' [[", limit=1, **toml) == (2, 1)  # no escapes in a literal string
    assert nesting_depth("a = 1 # [[\n[[", limit=1, **toml) == (2, 2)
    assert nesting_depth("# [[[", limit=1) == (2, 1)  # JSON has no comments: the first level past the limit


def test_toml_nested_too_deep_or_malformed_names_its_line():
    assert load_toml("[t]\na = [[1], [2]]\n") == {"t": {"a": [[1], [2]]}}
    assert refusal(load_toml, "a = 1\nb = " + "[" * 17 + "]" * 17) == ("arrays or tables nested more than 16 deep", 2)
    assert refusal(load_toml, "b = [[[1]]]", 2) == ("arrays or tables nested more than 2 deep", 1)
    assert load_toml("a = '" + "[" * 20 + "' # " + "{" * 20) == {"a": "[" * 20}  # in a string or a comment
    assert refusal(load_toml, "x = 1\ny = 2\nz = 3 3") == \
        ("malformed TOML: Expected newline or end of document after a statement (column 7)", 3)
    assert refusal(load_toml, "x = 1\ny = 2\nz = [") == ("malformed TOML: Invalid value (at end of document)", 2)
    assert refusal(load_toml, 'a = "') == ("malformed TOML: Unterminated string (at end of document)", 1)


def test_toml_numbers_of_more_than_20_digits_are_refused_with_their_line():
    doc = load_toml("a = 99999999999999999999\nb = -99999999999999999999\nc = true\n")
    assert doc == {"a": 10**20 - 1, "b": -(10**20 - 1), "c": True}
    assert refusal(load_toml, "x = 1\na = 100000000000000000000") == ("a: a whole number of more than 20 digits", 2)
    assert refusal(load_toml, "a = -100000000000000000000")[0] == "a: a whole number of more than 20 digits"
    assert refusal(load_toml, "[t]\nx = [1, 0xFFFFFFFFFFFFFFFFFFFFFFFF]") == \
        ("t.x.1: a whole number of more than 20 digits", 2)
    assert refusal(load_toml, "\na = 0o" + "7" * 30) == ("a: a whole number of more than 20 digits", 2)
    assert refusal(load_toml, "\n\na = 1" + "0" * 5000) == ("a number of 5,001 digits; at most 20 are allowed", 3)


def test_json_values_are_bounded_like_toml():
    assert load_json('{"a": [1, -99999999999999999999, 2.5, "x"]} \n') == {"a": [1, -(10**20 - 1), 2.5, "x"]}
    assert raw_decode_json('{"a": 1} tail') == ({"a": 1}, 8)
    assert refusal(load_json, "[" * 17 + "]" * 17) == ("JSON nested more than 16 deep", None)
    assert load_json("[" * 16 + "]" * 16) == [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]
    assert refusal(load_json, "[[1]]", 1)[0] == "JSON nested more than 1 deep"
    assert refusal(load_json, "-999999999999999999999") == ("a number of 22 digits; at most 20 are allowed", None)
    assert refusal(load_json, "[NaN]") == ("NaN is not a number fauna accepts", None)
    assert refusal(load_json, "-Infinity")[0] == "-Infinity is not a number fauna accepts"
    assert refusal(load_json, "[1] x") == ("extra text after the JSON value: ' x'", None)
    assert refusal(load_json, "{") == ("not a JSON value: '{' (JSONDecodeError)", None)


def test_a_json_string_with_half_a_character_is_refused():
    """A lone surrogate escape decodes to no character: nothing can be written or hashed with it (found by fuzzing)."""
    assert load_json('["\\ud83d\\ude00", "\\\\ud800"]') == ["\U0001f600", "\\ud800"]  # a pair; an escaped backslash
    for text in ('"\\ud800"', '{"a": ["x\\uDC00y"]}', '{"\\udbff": 1}', '["\\ude00\\ud83d"]'):
        message, _ = refusal(load_json, text)
        assert message.startswith("a JSON text holding half a character"), message


# -- files ----------------------------------------------------------------------------------------------------------

def test_a_path_must_name_something_and_hold_no_nul():
    assert check_path(Path("a") / "b") == os.path.join("a", "b")
    assert refusal(check_path, "") == ("an empty file name", None)
    assert refusal(check_path, "a\x00b") == ("'a\\x00b': a file name cannot hold a NUL character", None)


def test_a_file_of_exactly_the_limit_is_read_whole_and_one_byte_more_is_refused(tmp_path):
    f = tmp_path / "f.txt"
    f.write_bytes(b"0123456789")
    assert read_bounded(f, 10) == b"0123456789"
    assert read_bounded(str(f), 100) == b"0123456789"
    assert refusal(read_bounded, f, 9, "move script") == \
        (f"{f}: 10 bytes; a move script may have at most 9", None)
    big = tmp_path / "big"
    big.write_bytes(bytes(range(256)) * 5000)  # more than one read
    assert read_bounded(big, 2 << 20) == bytes(range(256)) * 5000


def test_what_is_not_a_regular_file_is_refused_by_name(tmp_path):
    assert refusal(read_bounded, tmp_path / "none.toml", 10, "config") == (f"{tmp_path}/none.toml: no such config",
                                                                           None)
    assert refusal(read_bounded, tmp_path, 10, "config")[0] == f"{tmp_path}: is a directory, not a config"
    assert refusal(read_bounded, "/dev/null", 10)[0] == \
        "/dev/null: not a regular file (a device, FIFO or socket); a file must be a file"
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert refusal(read_bounded, fifo, 10)[0].endswith("not a regular file (a device, FIFO or socket); a file must "
                                                       "be a file")
    (tmp_path / "f").write_text("x")
    assert refusal(read_bounded, tmp_path / "f" / "g", 10)[0] == f"{tmp_path}/f/g: cannot read: Not a directory"
    assert refusal(read_bounded, "a\x1b\x00", 10)[0] == "'a\\x1b\\x00': a file name cannot hold a NUL character"


def test_a_file_that_says_it_is_empty_but_is_not_is_still_bounded():
    assert os.stat("/proc/self/status").st_size == 0
    assert refusal(read_bounded, "/proc/self/status", 10, "log") == \
        ("/proc/self/status: more than 10 bytes; a log may have at most that many", None)
    assert read_bounded("/proc/self/status", 1 << 20).startswith(b"Name:")


def test_a_text_file_names_the_line_of_bad_bytes_or_an_over_long_line(tmp_path):
    f = tmp_path / "s\x1b.txt"
    f.write_bytes(b"ann: pass\n\xff\n")
    shown = escape_control(str(f))
    assert refusal(read_bounded_text, f, 100, "move script") == \
        (f"{shown}:2: not UTF-8 text (byte 0xff) (a move script)", 2)
    f.write_text("a\nbb\nccc\n")
    assert read_bounded_text(f, 100, max_line=3) == "a\nbb\nccc\n"
    assert refusal(read_bounded_text, f, 100, "move script", 2) == \
        (f"{shown}:3: line of 3 characters; at most 2 are allowed", 3)


# -- computer players that never score ------------------------------------------------------------------------------

def test_the_progress_guard_stops_after_the_limit_of_rounds_without_a_point():
    guard = ProgressGuard(3)
    guard.see(1, [0, 0])
    guard.see(1, [5, 0])  # the same round again: not counted
    for round_no in (2, 3):
        guard.see(round_no, [0, 0])
    guard.see(4, [0, 1])  # a point: the count starts again
    guard.see(5, [0, 1])
    guard.see(6, [0, 1])
    msg, _ = refusal(guard.see, 7, [0, 1])
    assert msg == "no one has scored in 3 rounds in a row: with this scoring table and these players the game " \
                  "would never end"
    assert ProgressGuard().limit == 200
