"""Move scripts of every game (rules/core/script.py): which lines are moves, and the line each error names."""

from __future__ import annotations

import pytest

from rules.core.errors import MoveSyntaxError
from rules.core.script import ScriptLine, format_script, parse_script


def moves(text: str) -> list[tuple[int, str, str]]:
    return [(s.line, s.player, s.move) for s in parse_script(text)]


def error(text: str) -> tuple[int | None, str]:
    with pytest.raises(MoveSyntaxError) as err:
        parse_script(text)
    return err.value.line, str(err.value)


def test_comments_blank_lines_and_spacing_are_not_moves_and_lines_keep_their_numbers():
    text = "# a game\n\n  ann :  Tasmania   Sea # first\r\nbob: weight  200-500 kg\n   \n#bob: pass\ncarol: pass"
    assert moves(text) == [(3, "ann", "Tasmania Sea"), (4, "bob", "weight 200-500 kg"), (7, "carol", "pass")]


def test_a_decomposed_name_is_the_same_player_as_its_composed_form():
    assert moves("Zoe\u0308: pass\n") == [(1, "Zo\u00eb", "pass")]


def test_a_line_without_a_player_names_its_line():
    assert error("ann: pass\n\nTasmania\n") == (3, "expected 'player: move', found 'Tasmania'")
    assert error(": pass\n") == (1, "expected 'player: move', found ': pass'")


def test_a_name_longer_than_a_player_may_have_is_not_a_player():
    assert moves("x" * 24 + ": pass\n")[0][1] == "x" * 24
    line, msg = error("x" * 25 + ": pass\n")
    assert line == 1 and msg.startswith("expected 'player: move', found 'xxxxx")


def test_a_player_without_a_move_names_its_line():
    assert error("ann: pass\nbob:   # thinking\n") == (2, "bob has no move after ':'")


def test_an_over_long_line_is_refused_before_it_is_read():
    assert moves("ann: " + "x" * (16_384 - 5) + "\n")[0][2] == "x" * 16_379
    line, msg = error("ann: pass\n" + "#" * 16_385 + "\n")
    assert line == 2 and msg == "a line of 16,385 characters; at most 16,384 are allowed"


def test_only_a_newline_ends_a_line_so_error_lines_match_what_an_editor_shows():
    line, _ = error("ann: pass\u2028still line one\nbob\n")
    assert line == 2


def test_a_line_of_several_decisions_splits_at_semicolons():
    assert ScriptLine(1, "ann", "take  3 ;; discard 2; ").decisions() == ["take 3", "discard 2"]
    assert ScriptLine(1, "ann", "pass").decisions() == ["pass"]


def test_a_script_is_written_back_with_its_header_as_comments():
    lines = parse_script("ann: Tasmania\nbob: pass\n")
    text = format_script(lines, "seed 7\nfauna")
    assert text == "# seed 7\n# fauna\nann: Tasmania\nbob: pass\n"
    assert format_script(lines) == "ann: Tasmania\nbob: pass\n"
    assert [(s.player, s.move) for s in parse_script(text)] == [("ann", "Tasmania"), ("bob", "pass")]
