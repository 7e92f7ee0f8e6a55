"""Reading move files out of mail text: where blocks are found, and which line an error names."""

import pytest

from rules.core.movefile import MoveFile, MoveFileError, read_move_files

MF = MoveFile("a" * 32, 12, "bob", "weight 200-500 kg", "b" * 32)


@pytest.mark.parametrize("before", ["", "Hi,\n", "Hi,\nhere is my move:\n", "> quoted\n> more\n> and more\n"])
def test_a_block_is_found_after_any_number_of_lines_of_mail(before):
    (got,) = read_move_files(before + MF.text() + "bye\n", "m.txt")
    assert (got.seq, got.player, got.move) == (12, "bob", "weight 200-500 kg")


def test_blocks_pasted_back_to_back_are_all_read():
    other = MoveFile("a" * 32, 13, "cy", "pass", "c" * 32)
    assert [m.seq for m in read_move_files(MF.text() + other.text(), "m.txt")] == [12, 13]


def test_a_damaged_block_names_the_line_of_its_check():
    text = "line one\nline two\n" + MF.text().replace("player bob", "player rob")
    with pytest.raises(MoveFileError) as err:
        read_move_files(text, "m.txt")
    check_line = text.splitlines().index(next(ln for ln in text.splitlines() if ln.startswith("check "))) + 1
    assert str(err.value).startswith(f"m.txt:{check_line}: the move was damaged")


@pytest.mark.parametrize("seq", ["abc", "1" * 13, "-3"])
def test_a_move_number_that_is_not_one_is_refused_on_its_line(seq):
    text = MF.text().replace("seq 12", f"seq {seq}")
    with pytest.raises(MoveFileError) as err:
        read_move_files(text, "m.txt")
    assert str(err.value).startswith("m.txt:3: seq must be a move number")


def test_where_a_block_came_from_is_its_first_line():
    (got,) = read_move_files("a\nb\nc\n" + MF.text(), "m.txt")
    assert got.where == "m.txt:4"
