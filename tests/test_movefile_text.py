"""Reading move files out of mail text: where blocks are found, and which line an error names."""

import email.policy
import textwrap
from email.message import EmailMessage

import pytest

from rules.core.movefile import BEGIN, END, MoveFile, MoveFileError, read_move_files

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


def test_a_hash_broken_anywhere_is_joined_without_a_space_and_a_move_with_one():
    lines = MF.text().splitlines()
    lines[1] = "game " + "a" * 10 + "\n" + "a" * 22  # the game hash, cut inside
    lines[4] = "move weight\n200-500\nkg"
    lines[6] = lines[6][:20] + "\n" + lines[6][20:]  # the check, cut inside
    (got,) = read_move_files("\n".join(lines) + "\n", "m.txt")
    assert (got.game, got.seq, got.player, got.move, got.after) == (MF.game, 12, "bob", MF.move, MF.after)


def test_a_player_or_move_wrapped_right_after_its_key_loses_no_character():
    text = MF.text().replace("player bob", "player\nbob").replace("move weight", "move\nweight")
    (got,) = read_move_files(text, "m.txt")
    assert (got.player, got.move) == ("bob", "weight 200-500 kg")


def test_a_move_number_of_twelve_digits_is_read_and_of_thirteen_refused():
    big = MoveFile("a" * 32, 999_999_999_999, "bob", "pass", "b" * 32)
    assert read_move_files(big.text(), "m.txt")[0].seq == 999_999_999_999
    with pytest.raises(MoveFileError, match=r"^m.txt:3: seq must be a move number, found '1000000000000'$"):
        read_move_files(big.text().replace("seq 999999999999", "seq 1000000000000"), "m.txt")


def test_a_block_that_never_ends_names_the_line_it_begins_on():
    with pytest.raises(MoveFileError) as err:
        read_move_files("Hi,\n\n" + MF.text().rsplit("-----END", 1)[0], "m.txt")
    assert str(err.value) == "m.txt:3: a move block that never ends: no '-----END FAUNA MOVE-----' line after it " \
                             "(the message was cut short?)"


def test_a_block_must_open_with_a_key_line():
    text = MF.text().replace("-----BEGIN FAUNA MOVE-----\n", "-----BEGIN FAUNA MOVE-----\n\nhello there\n")
    with pytest.raises(MoveFileError) as err:
        read_move_files("a\n" + text, "m.txt")
    assert str(err.value) == "m.txt:4: expected 'game HASH' as the first line of the move, found 'hello there'"


def test_a_refused_value_is_quoted_short():
    with pytest.raises(MoveFileError, match=r"^m.txt:3: seq must be a move number, found '12345678901234567890'$"):
        read_move_files(MF.text().replace("seq 12", "seq " + "1234567890" * 3), "m.txt")
    with pytest.raises(MoveFileError, match=rf"^m.txt:2: game must be 32 hex digits, found '{'a' * 40}'$"):
        read_move_files(MF.text().replace("a" * 32, "a" * 50), "m.txt")
    with pytest.raises(MoveFileError, match=rf"^m.txt:2: expected 'game HASH' as the first line of the move, "
                                            rf"found '{'x' * 60}'$"):
        read_move_files(MF.text().replace("game ", "x" * 70 + "\ngame "), "m.txt")


# What mail programs do to a block (issue 27): re-wrap it at any width down to 16 columns, quote it at any depth,
# and send it quoted-printable; the messages below are made by the standard library's `email` package.

TURN = MoveFile("a" * 32, 7, "Zoë", "place moose/fox 2-4; moose left; take walrus/puffin 4-2; take deck", "b" * 32)


def _quoted_and_wrapped(text: str, depth: int, width: int, prefix_every_line: bool) -> str:
    """Quote `text` `depth` times and re-wrap it at `width` the way a mail program does (never splitting a word)."""
    prefix = "> " * depth
    out = []
    for line in text.splitlines():
        if prefix_every_line:  # the program re-wraps the quoted text and quotes every piece
            pieces = textwrap.wrap(line, max(1, width - len(prefix)), break_long_words=False) or [""]
            out += [prefix + p for p in pieces]
        else:  # the program wraps the quoted line as it is: the pieces after the first lose the quote marks
            out += textwrap.wrap(prefix + line, width, break_long_words=False) or [""]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("width", [16, 17, 20, 24, 30, 40, 60, 72])
@pytest.mark.parametrize("depth", [0, 1, 3, 5])
@pytest.mark.parametrize("prefix_every_line", [True, False], ids=["requoted", "wrapped-after-quoting"])
def test_a_block_survives_rewrapping_down_to_16_columns_at_any_quoting_depth(width, depth, prefix_every_line):
    text = _quoted_and_wrapped("Hi all, here is my whole turn:\n\n" + TURN.text() + "\nZoë\n", depth, width,
                               prefix_every_line)
    too_long = [ln for ln in text.splitlines() if len(ln) > width and " " in ln.replace("> ", "").strip()]
    assert not too_long  # wrapped for real: only a single long word (a hash) stands over the width
    (got,) = read_move_files(text, "m.txt")
    assert (got.player, got.move, got.game, got.after) == ("Zoë", TURN.move, TURN.game, TURN.after)


def test_the_begin_line_wrapped_one_word_a_line_is_still_found():
    text = TURN.text().replace(BEGIN, "-----BEGIN\nFAUNA\nMOVE-----").replace(END, "-----END\nFAUNA MOVE-----")
    assert [m.seq for m in read_move_files(text, "m.txt")] == [7]


def _message(body: str, cte: str, width: int = 78) -> str:
    msg = EmailMessage(policy=email.policy.default.clone(max_line_length=width))
    msg["From"], msg["To"], msg["Subject"] = "zoe@example.org", "ann@example.org", "my move"
    msg.set_content(body, cte=cte)
    return msg.as_string()


@pytest.mark.parametrize("cte", ["quoted-printable", "base64"])
@pytest.mark.parametrize("width", [40, 78])
def test_a_whole_saved_message_is_decoded_before_its_block_is_read(cte, width):
    text = _message("Hi = all, my move:\n\n" + TURN.text(), cte, width)
    assert "player Zoë" not in text  # encoded: the block cannot be read as it stands
    (got,) = read_move_files(text, "m.eml")
    assert (got.player, got.move) == ("Zoë", TURN.move)
    assert got.where.startswith("m.eml (decoded):")


def test_a_quoted_printable_body_pasted_without_its_headers_is_decoded():
    body = _message("a = b\n\n" + TURN.text(), "quoted-printable", 40).partition("\n\n")[2]
    assert "=3D" in body and "=C3=AB" in body and "=\n" in body  # an escaped '=', 'ë' and a soft line break
    (got,) = read_move_files(body, "m.txt")
    assert (got.player, got.move) == ("Zoë", TURN.move)


def test_a_message_without_a_block_names_the_file_as_given():
    with pytest.raises(MoveFileError, match=r"^m.eml: no move in it"):
        read_move_files(_message("just saying = hello\n", "quoted-printable"), "m.eml")


def test_a_damaged_block_in_an_encoded_message_reports_the_damage_not_the_encoding():
    text = _message(TURN.text().replace("seq 7", "seq 8"), "quoted-printable")
    with pytest.raises(MoveFileError, match=r"^m.eml:\d+: the move was damaged on the way"):
        read_move_files(text, "m.eml")
