"""The shared hash-chained log (rules/core/log.py): what it writes, and the FILE:LINE each damaged log is refused at.

A short Fauna game (goal 5: twelve moves, then the answer, score and end lines) is the specimen; every
error test damages one line of it and checks the message a player would read and the line it names.
"""

from __future__ import annotations

import dataclasses
import hashlib

import pytest
from helpers import rechained, texts_of

from rules.core.errors import ConfigError, ReplayMismatch
from rules.core.log import (
    CHAIN_START,
    EDITED,
    HASH_DIGITS,
    GameLog,
    LineReader,
    LogFormatError,
    chain,
    decode_log,
    load_game_log,
    short,
)
from rules.core.registry import load_rules

RULES = load_rules("fauna")
HEADER = 11  # fauna-log, seed, box, board, preset, units, cards, start, goal and two players


def new_log(goal: int = 5, seed: int = 3, bots: bool = True) -> GameLog:
    players = [{"name": "ann", "bot": "random"}, {"name": "bob", "bot": "random"}] if bots else \
        [{"name": "ann"}, {"name": "bob"}]
    config = RULES.config_from_dict({"game": {"rules": "fauna", "goal": goal}, "players": players}, "t", None)
    return GameLog(RULES, RULES.new_state(config, seed))


def played(moves: int | None = None) -> GameLog:
    """The specimen game, to its end or stopped after `moves` decisions."""
    log = new_log()
    bots = [RULES.make_bot("random", {}, 3, i) for i in range(2)]
    state = log.state
    while not state.is_over and (moves is None or state.seq < moves):
        log.play(state.to_move, bots[list(state.names).index(state.to_move)].choose(state))
    return log


FULL = played().text()
HALF = played(6).text()  # ends with 'next 7 bob'






def refused(text: str, error: type[Exception] = ReplayMismatch, **kw: object) -> str:
    """The message of the error loading `text` raises; a ReplayMismatch carries the line its message names."""
    with pytest.raises(error) as err:
        load_game_log(text, "g.log", RULES, **kw)
    msg = str(err.value)
    if isinstance(err.value, ReplayMismatch):
        assert msg.startswith(f"g.log:{err.value.line}: ")
    return msg


# -- the chain ------------------------------------------------------------------------------------------------------

def test_each_line_hashes_the_previous_hash_a_newline_and_its_text():
    assert CHAIN_START == "0" * 32 and HASH_DIGITS == 32
    expected = hashlib.sha256(("0" * 32 + "\nfauna-log 3").encode()).hexdigest()[:32]
    assert chain(CHAIN_START, "fauna-log 3") == expected
    first = FULL.split("\n", 1)[0]
    assert first == f"fauna-log 3 @{expected}"


def test_the_specimen_game_has_lines_after_its_last_move():
    lines = FULL.splitlines()
    assert lines[HEADER + 2].startswith("1 ")  # round and front lines open the game
    assert [ln.split(" ", 1)[0] for ln in lines[-3:]] == ["answer", "score", "over"]
    assert HALF.splitlines()[-1].startswith("next 7 bob @")


# -- what the writer writes -----------------------------------------------------------------------------------------

def test_a_game_log_starts_from_a_new_game_only():
    log = played(2)
    with pytest.raises(ValueError, match="starts from a new game"):
        GameLog(RULES, log.state)


def test_an_unfinished_log_ends_with_who_decides_next_and_a_finished_one_does_not():
    log = played(6)
    closing = log.closing_line()
    assert closing == f"next 7 bob @{chain(log.head, 'next 7 bob')}"
    assert log.text() == "\n".join([*log.lines, closing]) + "\n"
    done = played()
    assert done.closing_line() is None
    assert done.text() == "\n".join(done.lines) + "\n"
    assert done.header_count == HEADER


def test_a_move_given_as_text_is_parsed_and_written_back():
    log = new_log(bots=False)
    state = log.state
    text = state.move_text(state.legal_moves()[0])
    events = log.play(state.to_move, text)
    assert len(events) == 1 and log.lines[-1].startswith(f"1 {state.history[0][0]}: {text} @")


# -- reading lines --------------------------------------------------------------------------------------------------

def test_a_byte_order_mark_is_dropped_and_bad_bytes_name_their_line():
    assert decode_log(b"\xef\xbb\xbfab\n", "f") == "ab\n"
    with pytest.raises(LogFormatError, match=r"^f:3: not UTF-8 text \(byte 0xff\): not a fauna log"):
        decode_log(b"a\nb\n\xffc\n", "f")


def test_an_empty_file_or_another_kind_of_file_is_not_a_log():
    with pytest.raises(LogFormatError, match=r"^g.log:1: the file is empty: not a Fauna game log$"):
        load_game_log("\ufeff", "g.log", RULES)
    msg = refused("hello\nworld\n", LogFormatError)
    assert msg == "g.log:1: not a Fauna game log: the first line should be 'fauna-log 3 @...', found 'hello'"
    assert refused("arctic-log 1 @" + "0" * 32 + "\n", LogFormatError).startswith("g.log:1: not a Fauna game log")
    assert refused("x" * 50 + "\nfauna-log 3\n", LogFormatError).endswith(
        "found '" + "x" * 38 + "...' (50 characters)")


def test_a_file_cut_inside_its_first_line_is_a_cut_log_not_another_kind_of_file():
    msg = refused("fauna-lo")
    assert msg == "g.log:1: the last line has no line end: the file was cut short"


def test_another_version_of_the_format_is_named():
    msg = refused(rechained(["fauna-log 9"]), LogFormatError)
    assert msg == "g.log:1: unsupported log format 'fauna-log 9'; this fauna reads 'fauna-log 3'"


def test_a_log_with_a_byte_order_mark_or_crlf_line_ends_still_verifies():
    assert load_game_log("\ufeff" + FULL, "g.log", RULES).state.is_over
    crlf = load_game_log(FULL.replace("\n", "\r\n"), "g.log", RULES)
    assert crlf.complete and crlf.writer.text() == FULL


def test_an_over_long_line_is_refused_with_its_line_number():
    lines = FULL.splitlines(keepends=True)
    lines[3] = "x" * 20_000 + "\n"
    msg = refused("".join(lines), LogFormatError)
    assert msg == "g.log:4: line of 20,000 characters; at most 16,384 are allowed: not a fauna log line"


def test_a_cut_last_line_names_the_line():
    msg = refused(FULL[:-1])
    assert msg == f"g.log:{FULL.count(chr(10))}: the last line has no line end: the file was cut short"


def test_a_line_without_its_hash_is_malformed():
    lines = FULL.splitlines()
    lines[HEADER + 3] = lines[HEADER + 3][:-5]
    msg = refused("\n".join(lines) + "\n", LogFormatError)
    assert msg.startswith(f"g.log:{HEADER + 4}: malformed line: expected 'TEXT @HASH' ending in a 32-digit "
                          "lowercase hex hash, found '2 ann: Rocky Mountains @")


def test_a_reader_names_the_line_it_expected_and_what_it_found():
    rd = LineReader("a @" + chain(CHAIN_START, "a") + "\nb @" + "0" * 32 + "\n", "f", first="a")
    assert rd.where(0) == "f:1" and rd.split(0) == ("a", chain(CHAIN_START, "a"))
    assert rd.expect(0, f"a @{chain(CHAIN_START, 'a')}") == ("a", chain(CHAIN_START, "a"))
    with pytest.raises(ReplayMismatch, match=r"^f:1: expected 'z', found 'a'$") as err:
        rd.expect(0, "z @" + "1" * 32)
    assert err.value.line == 1
    with pytest.raises(ReplayMismatch) as err:
        rd.expect(1, "b @" + "1" * 32)
    assert str(err.value) == f"f:2: expected hash {'1' * 32}, found {'0' * 32}: {EDITED}" and err.value.line == 2
    with pytest.raises(ReplayMismatch, match=r"^f:2: expected 'c' after this line, found the end of the file") as err:
        rd.expect(2, "c @" + "1" * 32)
    assert err.value.line == 2


def test_short_excerpts_stay_near_their_width():
    assert short("abc") == "'abc'"
    assert short("x" * 100, 20) == "'" + "x" * 18 + "...' (100 characters)"
    assert short("x" * 88) == "'" + "x" * 88 + "'" and short("x" * 89).endswith("(89 characters)")


# -- verifying a whole log ------------------------------------------------------------------------------------------

def test_a_finished_log_verifies_into_its_records():
    loaded = load_game_log(FULL, "g.log", RULES)
    assert loaded.complete and loaded.state.is_over and loaded.source == "g.log"
    assert loaded.writer.text() == FULL and loaded.head == loaded.writer.head
    lines = FULL.splitlines()
    assert [r.line for r in loaded.records] == list(range(1, len(lines) + 1))
    assert [r.text for r in loaded.records] == texts_of(FULL)
    assert [r.hash for r in loaded.records] == [ln[-HASH_DIGITS:] for ln in lines]
    kinds = [r.kind for r in loaded.records]
    assert kinds[:HEADER] == ["header"] * HEADER
    assert kinds[HEADER:HEADER + 3] == ["round", "front", "move"]
    assert kinds[-4:] == ["move", "answer", "score", "over"]
    moves = [r for r in loaded.records if r.kind == "move"]
    assert [(r.seq, r.player) for r in moves[:3]] == [(1, "bob"), (2, "ann"), (3, "bob")]
    assert all(r.seq is None and r.player is None for r in loaded.records if r.kind != "move")
    last = loaded.last_move()
    assert last is moves[-1] and last.seq == 12 and last.text.startswith("12 ann: ")
    assert len(loaded.events) > 0


def test_a_log_with_no_move_yet_has_no_last_move():
    text = new_log(bots=False).text()
    loaded = load_game_log(text, "g.log", RULES)
    assert loaded.last_move() is None and loaded.records[-1].kind == "next" and loaded.writer.text() == text


def test_an_unfinished_log_verifies_and_ends_at_its_closing_line():
    loaded = load_game_log(HALF, "g.log", RULES)
    assert loaded.complete and not loaded.state.is_over and loaded.state.seq == 6
    assert loaded.records[-1].kind == "next" and loaded.records[-1].line == len(HALF.splitlines())
    assert loaded.writer.text() == HALF


def test_until_stops_after_that_move():
    loaded = load_game_log(FULL, "g.log", RULES, until=4)
    assert not loaded.complete and loaded.state.seq == 4 and loaded.last_move().seq == 4
    assert load_game_log(FULL, "g.log", RULES, until=12).complete


def test_a_header_the_game_cannot_read_names_the_first_line_or_its_own():
    texts = texts_of(FULL)
    texts[8] = "goal banana"
    msg = refused(rechained(texts), LogFormatError)
    assert msg.startswith("g.log:9: ") and msg.count("g.log") == 1


def header_error(exc: Exception) -> Exception:
    """What loading the specimen raises when the game's header reader raises `exc`."""
    def parse_header(texts, source):
        raise exc

    with pytest.raises(Exception) as err:
        load_game_log(FULL, "g.log", dataclasses.replace(RULES, parse_header=parse_header))
    return err.value


def test_a_header_error_of_the_game_is_a_log_format_error_placed_at_line_1_if_it_names_no_line():
    err = header_error(ConfigError("game.goal must be a whole number", "game.goal"))
    assert type(err) is LogFormatError and str(err) == "g.log:1: game.goal must be a whole number"
    err = header_error(ConfigError("g.log:9: game.goal must be a whole number", "game.goal"))
    assert type(err) is LogFormatError and str(err) == "g.log:9: game.goal must be a whole number"
    err = header_error(ReplayMismatch("g.log:4: expected 'box ...'", 4))
    assert type(err) is ReplayMismatch and err.line == 4


def test_a_line_after_the_end_of_the_game_is_refused():
    extra = rechained([*texts_of(FULL), "over again"])
    msg = refused(extra)
    assert msg == f"g.log:{len(FULL.splitlines()) + 1}: expected the end of the file after the game's last line, " \
                  f"found 'over again @{extra[-33:-1]}'"


def test_a_log_cut_between_moves_names_the_move_it_waited_for():
    lines = HALF.splitlines()[:-1]
    msg = refused("\n".join(lines) + "\n")
    assert msg == f"g.log:{len(lines)}: expected move 7 by bob or the closing line 'next 7 bob' after this line, " \
                  "found the end of the file (truncated?)"


def test_a_log_cut_after_its_opening_lines_names_the_first_move():
    lines = HALF.splitlines()[:HEADER + 2]
    with pytest.raises(ReplayMismatch) as err:
        load_game_log("\n".join(lines) + "\n", "g.log", RULES)
    assert str(err.value).startswith(f"g.log:{HEADER + 2}: expected move 1 by bob or the closing line 'next 1 bob'")
    assert err.value.line == HEADER + 2


def test_a_line_after_the_closing_line_is_refused():
    texts = [*texts_of(HALF), "7 bob: pass"]
    text = rechained(texts)
    msg = refused(text)
    n = len(texts)
    assert msg == f"g.log:{n}: expected the end of the file after the closing 'next' line, found '7 bob: pass " \
                  f"@{text[-33:-1]}'"


def test_a_closing_line_naming_another_player_is_an_edit():
    texts = texts_of(HALF)
    texts[-1] = "next 7 ann"
    msg = refused(rechained(texts))
    assert msg == f"g.log:{len(texts)}: expected 'next 7 bob', found 'next 7 ann'"


def test_a_line_that_is_not_a_move_where_a_move_belongs():
    texts = texts_of(HALF)
    texts[HEADER + 4] = "3 bob weight 5-10 t"
    msg = refused(rechained(texts))
    assert msg == f"g.log:{HEADER + 5}: expected move 3 by bob (as '3 bob: MOVE') or the closing line 'next 3 bob', " \
                  "found '3 bob weight 5-10 t'"


def test_a_move_with_the_wrong_number_or_player_is_named():
    texts = texts_of(HALF)
    texts[HEADER + 4] = texts[HEADER + 4].replace("3 bob", "4 bob")
    assert refused(rechained(texts)) == f"g.log:{HEADER + 5}: expected move number 3, found 4 in '4 bob: weight 5-10 t'"
    texts = texts_of(HALF)
    texts[HEADER + 4] = texts[HEADER + 4].replace("3 bob", "3 ann")
    assert refused(rechained(texts)) == f"g.log:{HEADER + 5}: expected move 3 by bob, found one by 'ann'"


def test_an_illegal_move_is_named_with_the_rules_reason():
    texts = texts_of(HALF)
    texts[HEADER + 5] = "4 ann: Mediterranean Sea"  # taken by bob at move 1
    with pytest.raises(ReplayMismatch) as err:
        load_game_log(rechained(texts), "g.log", RULES)
    assert str(err.value).startswith(f"g.log:{HEADER + 6}: expected a legal move 4 by ann, found "
                                     "'Mediterranean Sea': ")
    assert err.value.line == HEADER + 6


def test_a_changed_but_legal_move_is_caught_by_the_hash_of_its_line():
    texts = texts_of(HALF)
    state = load_game_log(HALF, "g.log", RULES, until=3).state
    other = next(t for t in (state.move_text(m) for m in state.legal_moves()) if t != texts[HEADER + 5][7:])
    lines = HALF.splitlines()
    lines[HEADER + 5] = f"4 ann: {other} @{lines[HEADER + 5][-32:]}"
    with pytest.raises(ReplayMismatch, match=rf"^g.log:{HEADER + 6}: expected hash [0-9a-f]{{32}}, found") as err:
        load_game_log("\n".join(lines) + "\n", "g.log", RULES)
    assert err.value.line == HEADER + 6


def test_a_line_the_rules_write_after_a_move_must_match():
    texts = texts_of(FULL)
    i = next(i for i, t in enumerate(texts) if t.startswith("score "))
    texts[i] = texts[i].replace("ann +", "ann +1")
    msg = refused(rechained(texts))
    assert msg.startswith(f"g.log:{i + 1}: expected 'score 1 ") and "found 'score 1" in msg


def test_a_log_cut_inside_the_lines_after_a_move_names_the_missing_line():
    lines = FULL.splitlines()[:-1]  # the 'over' line is gone
    msg = refused("\n".join(lines) + "\n")
    assert msg == f"g.log:{len(lines)}: expected 'over ann wins: ann 8, bob 0' after this line, found the end of " \
                  "the file (truncated?)"


@pytest.mark.parametrize("name", ["2p-arctic.arctic", "2p-exofauna.exofauna", "2p-evo.evo",
                                  "3p-published-metric-v3.fauna"])
def test_every_line_edited_after_the_header_is_named_by_the_first_error(name):
    """The fast path compares whole lines: an edit anywhere, with or without rehashing, stops at that line."""
    from pathlib import Path

    from helpers import rechained

    from rules.core.registry import rules_for_log

    text = (Path(__file__).resolve().parent.parent / "replays" / name).read_text(encoding="utf-8")
    rules = rules_for_log(text.split("\n", 1)[0])
    lines = text.split("\n")[:-1]
    header = load_game_log(text, name, rules).writer.header_count
    for i in range(header, len(lines), 3):
        body, h = lines[i].rsplit(" @", 1)
        kept = "\n".join(lines[:i] + [f"{body}x @{h}"] + lines[i + 1:]) + "\n"  # hash kept: an edit
        forged = rechained([ln.rsplit(" @", 1)[0] for ln in lines[:i]] + [body + "x"] +
                           [ln.rsplit(" @", 1)[0] for ln in lines[i + 1:]])  # every hash recomputed: a forgery
        for edited, rehashed in ((kept, False), (forged, True)):
            with pytest.raises((ReplayMismatch, LogFormatError)) as err:
                load_game_log(edited, name, rules)
            line = int(str(err.value).split(":", 2)[1])
            # a line that records facts (Fauna's round and front lines: the card's name and facts) is read, not
            # derived: a forged one is the record the game plays, caught where a later line disagrees with it
            facts = rehashed and body.startswith(("round ", "front "))
            assert line == i + 1 or (facts and line > i + 1), (i, str(err.value))
