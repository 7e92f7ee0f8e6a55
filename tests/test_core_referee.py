"""Referee games (rules/core/referee.py): the key file, the public file with its commitment and reveal, view files.

A two-player Arctic game between random bots (seed 5) is the specimen: its hidden decisions (a card
placed under a pile, a discard) are written as public texts until the referee reveals them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json

import pytest
from helpers import rechained, texts_of

from rules.core.errors import ReplayMismatch
from rules.core.log import GameLog, LogFormatError, chain, load_game_log
from rules.core.referee import (
    VIEW_FORMAT,
    PublicCheck,
    RefereeError,
    commitment,
    is_public,
    key_text,
    public_game,
    read_key,
    read_key_secrets,
    read_view,
    verify_public,
    view_text,
)
from rules.core.registry import load_rules

ARCTIC = load_rules("arctic")
SALT = "ab" * 16
SECRET = "5e" * 32
HIDDEN = [(68, "place puffin/moose 4-2 under"), (87, "discard fox/moose 1-5"), (88, "place bear/orca 2-4 under"),
          (94, "discard fox/bear 1-5"), (95, "discard walrus/bear 3-3"), (105, "discard puffin/bear 5-1"),
          (106, "place bear/fox 5-1 under")]


def played(moves: int | None = None, rules=ARCTIC, names: tuple[str, str] = ("ann", "bob")):
    cfg = rules.config_from_dict({"game": {"rules": "arctic"},
                                  "players": [{"name": name, "bot": "random"} for name in names]}, "t", None)
    state = rules.new_state(cfg, 5)
    log = GameLog(rules, state)
    bots = [rules.make_bot("random", {}, 5, i) for i in range(2)]
    while not state.is_over and (moves is None or state.seq < moves):
        log.play(state.to_move, bots[list(state.names).index(state.to_move)].choose(state))
    return load_game_log(log.text(), "g.key", rules)


FULL = played()
PUBLIC = public_game(ARCTIC, FULL, SALT)
REVEALED = PUBLIC.text(reveal=(5, SALT))






def index(texts: list[str], start: str) -> int:
    return next(i for i, t in enumerate(texts) if t.startswith(start))


# -- the commitment and the key file --------------------------------------------------------------------------------

def test_the_commitment_is_sha256_of_a_label_the_seed_and_the_salt():
    assert commitment(5, SALT) == hashlib.sha256(f"fauna-commit\n5\n{SALT}".encode()).hexdigest()
    assert commitment(5, SALT) != commitment(6, SALT) and len(commitment(5, SALT)) == 64


def test_a_key_file_holds_the_salt_every_players_secret_then_the_full_log():
    text = key_text(SALT, "arctic-log 1 @x\n", {"bob": SECRET, "ann": "0" * 64})
    assert text == f'fauna-key 2 salt {SALT}\nsecrets {{"ann": "{"0" * 64}", "bob": "{SECRET}"}}\narctic-log 1 @x\n'
    assert read_key_secrets(text, "g.key") == (SALT, {"ann": "0" * 64, "bob": SECRET}, "arctic-log 1 @x\n")
    assert read_key(text, "g.key") == (SALT, "arctic-log 1 @x\n")
    assert read_key(key_text("0" * 64, "", {}), "k")[0] == "0" * 64


def test_a_key_file_of_version_1_is_still_read_and_has_no_secrets():
    assert read_key_secrets(f"fauna-key 1 salt {SALT}\narctic-log 1 @x\n", "g.key") == (SALT, {}, "arctic-log 1 @x\n")


@pytest.mark.parametrize("first", [f"fauna-key 3 salt {SALT}", f"fauna-key 1 pepper {SALT}", "fauna-key 1 salt ABCD",
                                   f"fauna-key 1 salt {'a' * 31}", f"fauna-key 1 salt {SALT} x", "fauna-key 1 salt",
                                   f"fauna-kez 1 salt {SALT}"])
def test_anything_else_is_not_a_key_file(first):
    with pytest.raises(LogFormatError) as err:
        read_key(first + "\narctic-log 1\n", "g.key")
    assert str(err.value) == "g.key:1: not a referee key file: the first line should be 'fauna-key 2 salt HEX'"


@pytest.mark.parametrize("second", ["arctic-log 1", 'secrets {"ann": "abc"}', "secrets [", 'secrets ["ann"]'])
def test_a_version_2_key_file_without_its_secrets_line_is_refused(second):
    with pytest.raises(LogFormatError) as err:
        read_key(f"fauna-key 2 salt {SALT}\n{second}\narctic-log 1\n", "g.key")
    assert str(err.value).startswith("g.key:2: expected 'secrets {\"PLAYER\": HEX, ...}' (each player's secret) in a "
                                     "'fauna-key 2' file, found ")


# -- the public file ------------------------------------------------------------------------------------------------

def test_the_public_file_commits_to_the_seed_and_hides_secret_decisions():
    texts = texts_of(PUBLIC.text(board=False))
    assert texts[0] == "arctic-log 1 referee" and is_public(PUBLIC.lines[0]) and not is_public(FULL.writer.lines[0])
    assert texts[1] == f"commit sha256:{commitment(5, SALT)}"
    assert all("seed" not in t for t in texts)
    hidden = {f"{seq} " for seq, _ in HIDDEN}
    full = texts_of(FULL.writer.text())
    assert [t for t in texts[2:] if t.split(" ", 1)[0] + " " not in hidden] == \
        [t for t in full[2:] if t.split(" ", 1)[0] + " " not in hidden]  # every other line as in the full log
    assert PUBLIC.hidden == HIDDEN
    assert texts[index(texts, "68 ")] == "68 bob: place a card under"
    assert texts[index(texts, "87 ")] == "87 ann: discard a card"
    assert texts[index(texts, "3 ")] == "3 bob: take fox/moose 5-1"  # a visible decision as it was made
    assert PUBLIC.closing is None and PUBLIC.head == PUBLIC.lines[-1][-32:]
    assert PUBLIC.game_id == PUBLIC.lines[5][-32:]  # the last header line: which game move files are for
    assert len(texts) == len(FULL.writer.lines)
    # before the reveal the file ends with what a spectator may see: the board and, the game over, the tables
    assert texts_of(PUBLIC.text()) == texts + [f"view {json.dumps(FULL.state.view(None), sort_keys=True)}",
                                               "tables " + json.dumps([t.to_dict() for t in
                                                                       ARCTIC.final_tables(FULL.state)],
                                                                      sort_keys=True)]


def test_an_unfinished_public_file_ends_with_who_decides_next():
    half = played(6)
    pub = public_game(ARCTIC, half, SALT)
    assert pub.hidden == [] and pub.closing == f"next 7 ann @{chain(pub.head, 'next 7 ann')}"
    assert pub.text(board=False).splitlines()[-1] == pub.closing  # as fauna wrote it before public files had a board
    assert pub.game_id == PUBLIC.game_id  # the same game (config and seed), at another point
    check = verify_public(pub.text(), "p", ARCTIC)
    assert check == PublicCheck(len(pub.lines) + 2, 6, False, None, board=half.state.view(None), tables=None)
    assert texts_of(pub.text())[-2:] == [f"view {json.dumps(half.state.view(None), sort_keys=True)}", "next 7 ann"]
    assert verify_public(pub.text(board=False), "p", ARCTIC) == PublicCheck(len(pub.lines) + 1, 6, False, None)


def test_the_reveal_adds_the_seed_the_salt_and_every_hidden_decision():
    texts = texts_of(REVEALED)
    at = index(texts, "reveal seed")
    assert texts[at:] == [f"reveal seed 5 salt {SALT}"] + [f"reveal {s}: {t}" for s, t in HIDDEN]
    assert texts[:at] == texts_of(PUBLIC.text(board=False))  # the board lines are dropped: the game re-runs now


def test_a_game_whose_header_has_no_seed_line_cannot_be_refereed():
    rules = dataclasses.replace(ARCTIC, header_lines=lambda state: [h for h in ARCTIC.header_lines(state)
                                                                      if not h.startswith("seed ")])
    with pytest.raises(RefereeError, match=r"^Arctic's log header has no 'seed 5' line to commit to$"):
        public_game(rules, FULL, SALT)


# -- verifying a public file ----------------------------------------------------------------------------------------

def test_an_unrevealed_public_file_checks_its_chain_and_counts_its_moves():
    board, tables = FULL.state.view(None), [t.to_dict() for t in ARCTIC.final_tables(FULL.state)]
    assert verify_public(PUBLIC.text(), "p", ARCTIC) == PublicCheck(len(PUBLIC.lines) + 2, FULL.state.seq, False, None,
                                                                    board=board, tables=tables)
    assert verify_public(PUBLIC.text(board=False), "p", ARCTIC) == PublicCheck(len(PUBLIC.lines), FULL.state.seq,
                                                                               False, None)


def test_a_revealed_public_file_re_runs_the_whole_game():
    check = verify_public(REVEALED, "p", ARCTIC)
    assert check.revealed and check.lines == len(REVEALED.splitlines()) and check.moves == FULL.state.seq
    assert check.loaded is not None and check.loaded.writer.text() == FULL.writer.text()


def test_an_edited_public_line_is_named():
    lines = PUBLIC.text().splitlines()
    lines[7] = lines[7].replace("fox", "orca", 1)
    with pytest.raises(ReplayMismatch) as err:
        verify_public("\n".join(lines) + "\n", "p", ARCTIC)
    assert str(err.value).startswith("p:8: expected hash ") and str(err.value).endswith(
        ": this line was edited, or a line just before it was removed, added or moved")
    assert err.value.line == 8


def test_an_edited_closing_line_is_named():
    pub = public_game(ARCTIC, played(6), SALT)
    lines = pub.text().splitlines()
    lines[-1] = "next 7 bob" + lines[-1][len("next 7 ann"):]
    with pytest.raises(ReplayMismatch) as err:
        verify_public("\n".join(lines) + "\n", "p", ARCTIC)
    assert str(err.value) == f"p:{len(lines)}: expected hash {chain(lines[-2][-32:], 'next 7 bob')}, found " \
                             f"{lines[-1][-32:]}: the line was edited"
    assert err.value.line == len(lines)


def test_a_next_line_before_the_end_is_an_ordinary_line():
    texts = texts_of(PUBLIC.text(board=False))
    texts.insert(20, "next 30 ann")
    check = verify_public(rechained(texts), "p", ARCTIC)
    assert check == PublicCheck(len(texts), FULL.state.seq, False, None)


def test_a_reveal_that_does_not_match_the_commitment_is_a_changed_deal():
    texts = texts_of(REVEALED)
    at = index(texts, "reveal seed")
    texts[at] = f"reveal seed 6 salt {SALT}"
    with pytest.raises(ReplayMismatch) as err:
        verify_public(rechained(texts), "p", ARCTIC)
    assert str(err.value) == f"p:{at + 1}: the revealed seed and salt do not match the commitment made at the start " \
                             f"(commit sha256:{commitment(5, SALT)[:16]}...): the deal was changed, or the reveal " \
                             "line was edited"
    assert err.value.line == at + 1


@pytest.mark.parametrize("line", ["reveal seed 05 salt " + SALT, "reveal seed 5 salt " + SALT[:30],
                                  "reveal seed 5 pepper " + SALT])
def test_a_malformed_reveal_line_is_named(line):
    texts = texts_of(REVEALED)
    at = index(texts, "reveal seed")
    texts[at] = line
    with pytest.raises(LogFormatError) as err:
        verify_public(rechained(texts), "p", ARCTIC)
    assert str(err.value) == f"p:{at + 1}: expected 'reveal seed N salt HEX', found '{line}'"


def test_a_revealed_file_without_its_commitment_is_refused():
    texts = texts_of(REVEALED)
    del texts[1]
    with pytest.raises(LogFormatError, match=r"^p:2: a referee game file without its 'commit sha256:...' line$"):
        verify_public(rechained(texts), "p", ARCTIC)


def test_a_malformed_reveal_of_a_decision_is_named():
    texts = texts_of(REVEALED)
    texts[-2] = "reveal 105 discard puffin/bear 5-1"
    with pytest.raises(LogFormatError) as err:
        verify_public(rechained(texts), "p", ARCTIC)
    assert str(err.value) == f"p:{len(texts) - 1}: expected 'reveal SEQ: MOVE', found '{texts[-2]}'"


def test_a_revealed_decision_that_does_not_fit_the_game_is_refused():
    texts = texts_of(REVEALED)
    texts[-1] = "reveal 106: place fox/fox 9-9 under"
    with pytest.raises(ReplayMismatch) as err:
        verify_public(rechained(texts), "p", ARCTIC)
    assert str(err.value).startswith("p: after the reveal the game does not re-run: p:")
    assert "expected a legal move 106 by" in str(err.value)


def test_a_hidden_decision_written_in_full_in_the_public_file_is_named():
    texts = texts_of(REVEALED)
    i = index(texts, "87 ")
    texts[i] = "87 ann: discard fox/moose 1-5"  # a public file must not show it
    with pytest.raises(ReplayMismatch) as err:
        verify_public(rechained(texts), "p", ARCTIC)
    assert str(err.value) == f"p:{i + 1}: expected '87 ann: discard a card', found '87 ann: discard fox/moose 1-5'"
    assert err.value.line == i + 1


def test_a_line_after_the_reveal_is_named():
    texts = [*texts_of(REVEALED), "reveal 999: pass"]
    with pytest.raises(ReplayMismatch) as err:
        verify_public(rechained(texts), "p", ARCTIC)
    assert str(err.value) == f"p:{len(texts)}: expected 'the end of the file', found 'reveal 999: pass'"


def test_the_reveal_of_a_visible_decision_is_refused():
    texts = texts_of(REVEALED)
    texts.insert(index(texts, "reveal 68"), "reveal 3: take fox/moose 5-1")
    with pytest.raises(ReplayMismatch) as err:
        verify_public(rechained(texts), "p", ARCTIC)
    at = index(texts, "reveal 3")
    assert str(err.value) == f"p:{at + 1}: expected 'reveal 68: place puffin/moose 4-2 under', found " \
                             "'reveal 3: take fox/moose 5-1'"


# -- view files -----------------------------------------------------------------------------------------------------

def test_a_view_file_shows_a_player_their_own_decisions_and_the_public_texts_of_others():
    view = read_view(view_text(ARCTIC, FULL, PUBLIC, "bob", SECRET), "v")
    assert (view.game, view.player, view.head, view.seq, view.game_id, view.secret) == \
        ("arctic", "bob", PUBLIC.head, FULL.state.seq, PUBLIC.game_id, SECRET)
    assert view.view == json.loads(json.dumps(FULL.state.view("bob")))
    assert view.legal == [] and view.next is None  # the game is over
    assert len(view.history) == FULL.state.seq
    assert view.history[67] == "68 bob: place puffin/moose 4-2 under"  # bob's own
    assert view.history[86] == "87 ann: discard a card"  # ann's, as everyone saw it
    assert view.history[2] == "3 bob: take fox/moose 5-1"


def test_the_player_to_decide_sees_their_choices_and_the_others_none():
    half = played(6)
    pub = public_game(ARCTIC, half, SALT)
    ann = read_view(view_text(ARCTIC, half, pub, "ann"), "v")
    bob = read_view(view_text(ARCTIC, half, pub, "bob"), "v")
    assert ann.legal == [half.state.move_text(m) for m in half.state.legal_moves()] and ann.legal
    assert bob.legal == []
    assert ann.next == bob.next == {"seq": 7, "player": "ann"}
    assert ann.head == pub.head and ann.seq == 6


def test_a_view_file_of_version_1_is_still_read_without_a_secret():
    old, new = read_view(view_text(ARCTIC, FULL, PUBLIC, "bob"), "v"), read_view(view_text(ARCTIC, FULL, PUBLIC, "bob",
                                                                                            SECRET), "v")
    assert texts_of(view_text(ARCTIC, FULL, PUBLIC, "bob"))[0] == "fauna-view 1"
    assert old.secret is None and dataclasses.replace(old, secret=SECRET) == new


def test_a_view_file_whose_secret_line_is_not_one_is_refused():
    texts = texts_of(view_text(ARCTIC, FULL, PUBLIC, "bob", SECRET))
    assert texts[3] == f"secret {SECRET}"
    for bad in ("secret " + SECRET[:-1], "head x"):
        with pytest.raises(LogFormatError, match=r"^v:4: expected 'secret HEX' \(64 hex digits\), found "):
            read_view(rechained(texts[:3] + [bad] + texts[4:]), "v")


def test_a_view_file_that_was_edited_or_is_not_one_is_refused():
    text = view_text(ARCTIC, FULL, PUBLIC, "bob", SECRET)
    lines = text.splitlines()
    lines[2] = lines[2].replace('"bob"', '"ann"')
    with pytest.raises(ReplayMismatch) as err:
        read_view("\n".join(lines) + "\n", "v")
    assert str(err.value).startswith("v:3: expected hash ") and str(err.value).endswith(": the view file was edited")
    assert err.value.line == 3
    texts = texts_of(text)
    for bad in (["fauna-view 3", *texts[1:]], texts[:7]):
        with pytest.raises(LogFormatError, match=r"^v:1: not a fauna view file \(it starts with 'fauna-view 2'\)$"):
            read_view(rechained(bad), "v")
    assert len(read_view(rechained(texts[:7] + texts[-1:]), "v").history) == 0
    for i, broken, said in ((1, "game arctic", "not a JSON value"), (4, "head x seq 1", "expected 'head HASH seq N"),
                            (-1, "next {", "not a JSON value")):
        bad = list(texts)
        bad[i] = broken
        with pytest.raises(LogFormatError, match=rf"^v:{i % len(texts) + 1}: {said}"):
            read_view(rechained(bad), "v")
    assert texts[0] == VIEW_FORMAT


def test_a_reveal_line_written_another_way_is_named_even_as_the_last_line():
    texts = texts_of(REVEALED)
    texts[-1] = "reveal 0106: place bear/fox 5-1 under"  # the same decision, but not the line fauna writes
    with pytest.raises(ReplayMismatch) as err:
        verify_public(rechained(texts), "p", ARCTIC)
    assert str(err.value) == f"p:{len(texts)}: expected 'reveal 106: place bear/fox 5-1 under', found " \
                             "'reveal 0106: place bear/fox 5-1 under'"


def names_game(moves: int | None = None):
    """The specimen with players whose names hold ' @' (allowed: only ';', '#' and ':' are not)."""
    return played(moves, names=("ann @home", "bob @sea"))


def test_names_holding_the_hash_mark_do_not_confuse_the_public_file():
    loaded = names_game(5)
    pub = public_game(ARCTIC, loaded, SALT)
    assert pub.game_id == chain(pub.lines[4][-32:], 'player "bob @sea" {"bot": "random"}')
    assert pub.head == chain(pub.lines[-2][-32:], texts_of(pub.text(board=False))[-2])
    assert verify_public(pub.text(), "p", ARCTIC).moves == 5
    view = read_view(view_text(ARCTIC, loaded, pub, "bob @sea"), "v")
    assert view.player == "bob @sea" and view.head == pub.head and view.game_id == pub.game_id


def test_names_holding_the_hash_mark_are_quoted_whole_in_a_refusal():
    full = names_game()
    texts = texts_of(public_game(ARCTIC, full, SALT).text(reveal=(5, SALT)))
    i = index(texts, "87 ")
    assert texts[i] == "87 ann @home: discard a card"
    texts[i] = "87 ann @home: discard fox/moose 1-5"
    with pytest.raises(ReplayMismatch) as err:
        verify_public(rechained(texts), "p", ARCTIC)
    assert str(err.value) == f"p:{i + 1}: expected '87 ann @home: discard a card', found '87 ann @home: discard " \
                             "fox/moose 1-5'"


def test_a_view_file_is_readable_text_with_its_keys_in_order():
    cfg = ARCTIC.config_from_dict({"game": {"rules": "arctic"}, "players": [{"name": "Zoë"}, {"name": "bob"}]},
                                  "t", None)
    state = ARCTIC.new_state(cfg, 5)
    log = GameLog(ARCTIC, state)
    loaded = load_game_log(log.text(), "g.key", ARCTIC)
    text = view_text(ARCTIC, loaded, public_game(ARCTIC, loaded, SALT), "Zoë")
    lines = texts_of(text)
    assert lines[2] == 'player "Zoë"'
    view = json.loads(lines[4].removeprefix("view "), object_pairs_hook=list)
    assert [k for k, _ in view] == sorted(k for k, _ in view)
