"""Issue 25, the readers: hostile files of every game and kind end as one clear line and a documented exit code.

Each test runs the real command line (`python -m fauna_cli`) on a file edited the way a forger would (the
hash chain, or a move file's check, recomputed so the input gets past the integrity checks to the parser
behind them) and checks the contract: the exit code, exactly one stderr line starting `fauna: `, no
traceback, no raw control character, and no file changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import inprocess
import pytest
from coverage_pause import unmeasured_from
from helpers import rechained, texts_of

from rules.core.movefile import MoveFile

ROOT = Path(__file__).resolve().parent.parent
DEEP = "[" * 1000 + "]" * 1000
HUGE = "9" * 5000
ESC = "\x1b]0;pwned\x07\x1b[2J"


def fauna(cwd: Path, *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None):
    """The CLI's entry point as a user runs it (its exit code, stdout and one-line errors), in this process."""
    return inprocess.fauna(*args, cwd=cwd, stdin=stdin or b"", env=env)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def refused(proc, code: int, *words: str) -> str:
    """Exit `code`, one printable stderr line `fauna: ...` holding every word, no traceback; returns the line."""
    err = proc.stderr.decode("utf-8", "replace")
    out = proc.stdout.decode("utf-8", "replace")
    assert "Traceback" not in err + out, err
    lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith(("Usage:", "Try "))]
    assert proc.returncode == code, (proc.returncode, err, out[-300:])
    assert len(lines) == 1, err
    assert lines[0].startswith("fauna: "), lines[0]
    assert "internal error" not in lines[0], lines[0]
    assert all(ch.isprintable() for ch in lines[0]), lines[0]
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


def edited(src: Path, dst: Path, start: str, new: str) -> Path:
    """`src` with its first line starting `start` replaced by `new`, the hash chain recomputed (a forger's edit)."""
    texts = texts_of(src.read_text(encoding="utf-8"))
    i = next(k for k, t in enumerate(texts) if t.startswith(start))
    texts[i] = new
    dst.write_text(rechained(texts), encoding="utf-8")
    return dst


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    """For each game: a referee game (public file, key, ann's and ben's views) and a plain game file."""
    d = tmp_path_factory.mktemp("games")
    for g in ("fauna", "arctic", "exofauna", "evo"):
        assert fauna(d, "new-config", "--game", g, f"{g}.toml").returncode == 0
        done = fauna(d, "pbem", "new", "--config", f"{g}.toml", "--out", f"{g}.game", "--referee", f"{g}.key",
                     "--seed", "5", "--public-seed", "--players", "ann,ben")
        assert done.returncode == 0, done.stderr
        done = fauna(d, "pbem", "new", "--config", f"{g}.toml", "--out", f"{g}.log", "--seed", "5", "--players",
                     "ann,ben")
        assert done.returncode == 0, done.stderr
    return d


@pytest.fixture
def work(games, tmp_path) -> Path:
    """A fresh copy of the games to edit."""
    for p in games.iterdir():
        (tmp_path / p.name).write_bytes(p.read_bytes())
    return tmp_path


def view_with(work: Path, game: str, start: str, new: str) -> str:
    """ann's view file of `game` with one line replaced and rehashed."""
    edited(work / f"{game}-ann.view", work / "v.view", start, new)
    return "v.view"


def view_value(work: Path, game: str) -> dict:
    line = next(t for t in texts_of((work / f"{game}-ann.view").read_text(encoding="utf-8")) if t.startswith("view "))
    return json.loads(line[5:])


def all_view_commands_refuse(work: Path, view: str, code: int, *words: str) -> None:
    """`pbem status VIEW` (plain, --svg, --format json) and `pbem move VIEW` all refuse it alike."""
    before = snapshot(work)
    for args in (["pbem", "status", view], ["pbem", "status", view, "--svg", "pic.svg"],
                 ["pbem", "status", view, "--format", "json"], ["pbem", "move", view, "--as", "ann", "pass"]):
        proc = fauna(work, *args)
        if "json" in args:
            assert proc.returncode == code, proc.stderr
            err = json.loads(proc.stderr)["error"]
            assert all(w in err["message"] for w in words), err
            assert err["exit_code"] == code
        else:
            refused(proc, code, *words)
    assert snapshot(work) == before


# -- view files: their whole shape is checked before any of them is used ----------------------------------------------

def test_a_view_head_line_with_a_seq_that_is_no_number(work):
    head = next(t for t in texts_of((work / "arctic-ann.view").read_text()) if t.startswith("head "))
    for seq in ("x", "²", HUGE, "-1"):
        view = view_with(work, "arctic", "head ", head.replace(" seq 0 ", f" seq {seq} "))
        all_view_commands_refuse(work, view, 2, "v.view:5", "head HASH seq N game HASH")


@pytest.mark.parametrize("game", ["fauna", "arctic", "exofauna", "evo"])
def test_a_view_nested_thousands_deep_or_empty(work, game):
    view = view_with(work, game, "view ", f"view {DEEP}")
    all_view_commands_refuse(work, view, 2, "v.view:6", "nested")
    view = view_with(work, game, "view ", "view {}")
    all_view_commands_refuse(work, view, 2, "v.view:6", "lacks its key")


def test_view_file_lines_of_the_wrong_kind(work):
    all_view_commands_refuse(work, view_with(work, "arctic", "next ", "next [1, 2]"), 2, "v.view:", "next must be")
    all_view_commands_refuse(work, view_with(work, "arctic", "game ", 'game ["arctic"]'), 2, "v.view:2",
                             "game must be a text, found a list of 1 item")
    all_view_commands_refuse(work, view_with(work, "arctic", "legal ", 'legal [1]'), 2, "v.view:7",
                             "legal[0] must be a text")
    all_view_commands_refuse(work, view_with(work, "evo", "player ", f"player {json.dumps(ESC)}"), 2, "v.view:3",
                             "control")


@pytest.mark.parametrize(("game", "change", "words"), [
    ("arctic", lambda v: v.update(draw_pile=43.0), ["view.draw_pile", "whole number", "fraction 43.0"]),
    ("arctic", lambda v: v.update(tokens={**v["tokens"], "fox": "3"}), ["view.tokens.fox", "whole number"]),
    ("arctic", lambda v: v["players"][0].pop("pile"), ["view.players[0]", "pile"]),
    ("arctic", lambda v: v["powers"].update(dodo={"side": "A", "holder": None}), ["view.powers", "dodo"]),
    ("exofauna", lambda v: v["grid"].update(n=[0, 7]), ["view.grid.n[1]", "0 to 2"]),
    ("exofauna", lambda v: v["holes"][0]["spaces"].pop("n"), ["view.holes[0].spaces", "'n'"]),
    ("exofauna", lambda v: v.update(goal=True), ["view.goal", "true"]),
    ("evo", lambda v: v["dinosaurs"].update(zed=["A1"]), ["view.dinosaurs", "zed"]),
    ("evo", lambda v: v["board"].update(rows=[]), ["view.board.rows"]),
    ("evo", lambda v: v["terrain"].update(A3="lava"), ["view.terrain.A3", "beach"]),
    ("evo", lambda v: v["wheel"]["rings"].update(beach="tepid"), ["view.wheel.rings.beach"]),
    ("evo", lambda v: v.update(initiative=["ann", "nobody"]), ["view.initiative[1]", "not a player"]),
    ("fauna", lambda v: v.update(round=10**30), ["31 digits"]),
    ("fauna", lambda v: v.update(round=10**15), ["view.round", "16 digits"]),
    ("fauna", lambda v: v["taken"].append({"spot": "Tasmania", "player": "zed"}), ["view.taken[0].player"]),
])
def test_a_view_of_the_wrong_shape(work, game, change, words):
    value = view_value(work, game)
    change(value)
    view = view_with(work, game, "view ", "view " + json.dumps(value))
    all_view_commands_refuse(work, view, 2, "v.view:6", *words)


def test_view_texts_are_shown_escaped(work):
    value = view_value(work, "arctic")
    value["players"][0]["pile"] = [ESC]
    view = view_with(work, "arctic", "view ", "view " + json.dumps(value))
    legal = next(t for t in texts_of((work / "v.view").read_text()) if t.startswith("legal "))
    texts = texts_of((work / "v.view").read_text())
    texts[texts.index(legal)] = "legal " + json.dumps(["pass", ESC])
    (work / "v.view").write_text(rechained(texts))
    proc = fauna(work, "pbem", "status", view)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b]0;pwned\\x07" in out
    assert fauna(work, "pbem", "status", view, "--svg", "pic.svg").returncode == 0
    assert "\x1b" not in (work / "pic.svg").read_text()


def test_every_real_view_has_its_shape(work):
    """The shapes accept what fauna writes: each game's views before and after moves (more in test_view_shapes)."""
    for game in ("fauna", "arctic", "exofauna", "evo"):
        for who in ("ann", "ben"):
            proc = fauna(work, "pbem", "status", f"{game}-{who}.view", "--format", "json")
            assert proc.returncode == 0, proc.stderr


# -- game logs of Arctic, ExoFauna, Evo: header values through the bounded JSON reader -------------------------------

@pytest.mark.parametrize(("game", "start", "new", "line"), [
    ("arctic", "powers ", f"powers {DEEP}", 3),
    ("arctic", "start ", f"start {DEEP}", 4),
    ("arctic", 'player "ann"', f'player "ann" {DEEP}', 5),
    ("arctic", 'player "ann"', f"player {DEEP}", 5),
    ("arctic", "seed ", "seed null", 2),
    ("exofauna", "quick ", f"quick {DEEP}", None),
    ("exofauna", "start ", f"start {DEEP}", None),
    ("exofauna", 'player "ann"', f'player "ann" {DEEP}', None),
    ("exofauna", 'player "ann"', 'player "ann" [1]', 6),
    ("evo", 'player {"name": "ann"}', f"player {DEEP}", 5),  # after the edition line
    ("evo", 'player {"name": "ann"}', f"start {DEEP}", 5),
])
def test_a_log_header_value_nested_deep_or_of_the_wrong_kind(work, game, start, new, line):
    path = edited(work / f"{game}.log", work / f"g.{game}", start, new).name
    before = snapshot(work)
    where = f"{path}:{line}" if line else path
    for args in (["replay", path], ["pbem", "status", path], ["pbem", "show", path],
                 ["pbem", "move", path, "--as", "ann", "pass"]):
        refused(fauna(work, *args), 2, where)
    assert snapshot(work) == before


# -- moves: ASCII digits only, 200 characters, 20 digits -------------------------------------------------------------

@pytest.mark.parametrize(("move", "word"), [
    ("bid ² event", "bid N COLUMN"), ("initiative ²", "initiative N"), ("bid ٣ event", "bid N COLUMN"),
    (f"bid {HUGE} event", "5,010 characters"), ("bid 1" + "0" * 25 + " event", "26 digits"),
    ("pass " + "x" * 300, "305 characters")])
def test_evo_moves_with_digits_int_refuses_or_too_long(work, move, word):
    before = snapshot(work)
    refused(fauna(work, "play", "--config", "evo.toml", "--players", "ann,ben", "--moves", "-",
                  stdin=f"ben: {move}\n".encode()), 3, "<stdin>:1", word)
    refused(fauna(work, "pbem", "move", "evo.log", "--as", "ben", move), 3, word)
    assert snapshot(work) == before


def test_an_evo_log_holding_such_a_move(work):
    log = (work / "evo.log").read_text()
    texts = texts_of(log)[:-1] + ["1 ben: bid ² event"]
    (work / "g.evo").write_text(rechained(texts))
    refused(fauna(work, "replay", "g.evo"), 4, f"g.evo:{len(texts)}", "bid N COLUMN")  # the last line


@pytest.mark.parametrize("game", ["arctic", "exofauna"])
def test_a_move_of_hundreds_of_characters_in_other_games(work, game):
    who = texts_of((work / f"{game}.log").read_text())[-1].split(" ")[2]
    refused(fauna(work, "pbem", "move", f"{game}.log", "--as", who, "x" * 5000), 3, "5,000 characters")


def test_arctic_card_numbers_in_other_digits(work):
    proc = fauna(work, "pbem", "move", "arctic.log", "--as", "ben", "place fox/moose ٣-٣")
    refused(proc, 3, "cannot read")


def test_digits_isdigit_takes_in_options_and_the_environment(work):
    proc = fauna(work, "pbem", "new", "--out", "n.fauna", "--players", "99999")
    assert proc.returncode == 2 and b"too many seats" in proc.stderr and b"Traceback" not in proc.stderr
    proc = fauna(work, "map", "areas", env={"COLUMNS": "²"})
    assert proc.returncode == 0, proc.stderr


# -- move files and mail ----------------------------------------------------------------------------------------------

def test_a_move_file_whose_seq_is_no_ascii_number(work):
    (work / "m.txt").write_text("-----BEGIN FAUNA MOVE-----\ngame " + "a" * 32 + "\nseq ²\nplayer ann\nmove pass\n"
                                "after " + "b" * 32 + "\ncheck " + "c" * 32 + "\n-----END FAUNA MOVE-----\n")
    before = snapshot(work)
    refused(fauna(work, "pbem", "apply", "fauna.log", "m.txt"), 2, "m.txt:3", "seq must be a move number")
    assert snapshot(work) == before


def test_mail_on_stdin_that_is_not_utf8_or_too_big(work):
    before = snapshot(work)
    refused(fauna(work, "pbem", "apply", "fauna.log", "-", stdin=b"hi \xff\n",
                  env={"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}), 2, "<stdin>:1", "not UTF-8")
    refused(fauna(work, "pbem", "apply", "fauna.log", stdin=b"hi\n" * (6 << 20)), 2, "<stdin>", "16,777,216 bytes")
    assert snapshot(work) == before


def test_apply_shows_a_move_files_player_escaped(work):
    game_line = texts_of((work / "fauna.log").read_text())
    from rules.core.log import chain

    head = "0" * 32
    hashes = []
    for t in game_line:
        head = chain(head, t)
        hashes.append(head)
    header_end = next(i for i, t in enumerate(game_line) if t.startswith("player")) + 1
    while game_line[header_end].startswith("player"):
        header_end += 1
    mf = MoveFile(hashes[header_end - 1], 7, f"ann{ESC}\u202e", "pass", "f" * 32)
    (work / "m.txt").write_text(mf.text())
    before = snapshot(work)
    proc = fauna(work, "pbem", "apply", "fauna.log", "m.txt")
    line = refused(proc, 3, "\\x1b]0;pwned\\x07", "\\u202e")
    assert "move 1 is missing" in line or "another game" in line, line
    assert "\x1b" not in proc.stdout.decode()
    assert snapshot(work) == before


# -- case files ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["arctic", "exofauna", "evo"])
def test_a_case_file_with_a_number_of_thousands_of_digits(work, game):
    (work / "c.toml").write_text(f'game = "{game}"\n\n[[case]]\nname = "x"\nseed = {HUGE}\n')
    refused(fauna(work, "check", "c.toml"), 2, "c.toml:5", "5,000 digits")
    (work / "c.toml").write_text(f'game = "{game}"\n\n[[case]]\nname = "x"\nseed = {DEEP}\n')
    refused(fauna(work, "check", "c.toml"), 2, "c.toml:5", "nested")


EVO_CASE = ('game = "evo"\n\n[[case]]\nname = "hostile"\nrule = "r"\nsource = "design"\nplayers = ["alice", "bob"]\n'
            "{position}\n[case.expect]\n{expect}\n")


@pytest.mark.parametrize(("position", "expect", "words"), [
    ('position = { dinos = { alice = ["A-1"] } }', "round = 1", ["no space 'A-1'"]),
    (f'position = {{ dinos = {{ alice = ["A{"9" * 3000}"] }} }}', "round = 1", ["no space 'A999"]),
    ("position = { wheel = 99999999 }", "round = 1", ["position.wheel", "0 to"]),
    ("position = { wheel = -1 }", "round = 1", ["position.wheel"]),
    ('position = { dinos = "A1" }', "round = 1", ["position.dinos must be a table"]),
    ('position = { mp = { alice = "six" } }', "round = 1", ["position.mp.alice"]),
    ('position = { order = ["alice", "alice"] }', "round = 1", ["position.order"]),
    ("", 'adjacent = { "A-1" = true }', ["expect.adjacent", "no space"]),
    ("", "coastal = { A999999 = true }", ["expect.coastal", "no space 'A999999'"]),
    ("", 'mp = { zed = 6 }', ["expect.mp", "'zed' is not a player"]),
    ("", 'legal = [["pass"]]', ["expect.legal must be a list of texts"]),
    ("", "genes = { alice = 3 }", ["expect.genes.alice must be a table"]),
])
def test_an_evo_case_naming_what_does_not_exist(work, position, expect, words):
    (work / "c.toml").write_text(EVO_CASE.format(position=position, expect=expect))
    refused(fauna(work, "check", "c.toml"), 2, "c.toml:3", "case 'hostile'", *words)


# -- Fauna: a forged box line --------------------------------------------------------------------------------------

def test_a_fauna_log_whose_box_names_a_million_cards(work):
    path = edited(work / "fauna.log", work / "g.fauna", "box ", "box green 1-999999 black 1-999999").name
    for args in (["replay", path], ["pbem", "status", path]):
        refused(fauna(work, *args), 2, f"{path}:3", "999,999 green cards", "at most 2,000")


# -- key files ---------------------------------------------------------------------------------------------------------

def test_a_key_file_with_crlf_line_ends_is_read_as_logs_are(work):
    key = (work / "arctic.key").read_bytes()
    (work / "arctic.key").write_bytes(key.replace(b"\n", b"\r\n"))
    legal = json.loads(next(t for t in texts_of((work / "arctic-ben.view").read_text())
                            if t.startswith("legal "))[6:])
    proc = fauna(work, "pbem", "move", "arctic.game", "--key", "arctic.key", "--as", "ben", legal[0])
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("command", [["pbem", "status"], ["pbem", "show"], ["pbem", "move"], ["replay"]])
def test_a_key_file_given_as_a_game_never_quotes_the_salt(work, command):
    salt = (work / "fauna.key").read_text().split("\n", 1)[0].split(" ")[-1]
    extra = ["--as", "ann", "pass"] if command == ["pbem", "move"] else []
    line = refused(fauna(work, *command, "fauna.key", *extra), 2, "fauna.key", "key file")
    assert salt[:6] not in line


@pytest.mark.parametrize(("game", "case", "words"), [
    ("exofauna", 'name = "hostile"\nrule = "r"\nposition = { holes = "A" }\n[case.expect]\nturn = 1\n',
     ["position.holes must be a table"]),
    ("exofauna", 'name = "hostile"\nrule = "r"\n[case.expect]\nhands = 1.5\n', ["expect.hands must be a table"]),
    ("exofauna", 'name = "hostile"\nrule = "r"\n[case.expect]\nlines = 0\n', ["expect.lines must be a list"]),
    ("exofauna", 'name = "hostile"\nrule = "r"\n[case.expect]\nlegal = [["a"]]\n', ["expect.legal[0] must be a text"]),
    ("arctic", 'name = "hostile"\nrule = "r"\nsource = "seed"\nillegal = "ann: pass"\n[case.expect]\nerror = nan\n',
     ["expect.error must be a text"]),
    ("arctic", 'name = "hostile"\nrule = "r"\nsource = "seed"\n[case.expect]\nruns = { ann = { dodo = 1 } }\n',
     ["expect.runs"]),
    ("evo", 'name = "hostile"\nrule = "r"\nsource = "seed"\nposition = { phase = "climate", tokens = [] }\n'
     "[case.expect]\nround = 1\n", ["position.tokens is empty"]),
])
def test_case_values_of_the_wrong_kind(work, game, case, words):
    players = 'players = ["ann", "ben"]\n'
    (work / "c.toml").write_text(f'game = "{game}"\n\n[[case]]\n{players}{case}')
    refused(fauna(work, "check", "c.toml"), 2, "c.toml:", "hostile", *words)


@pytest.mark.parametrize(("game", "players"), [("fauna", 3), ("arctic", 4), ("exofauna", 2), ("evo", 5), ("evo", 2)])
def test_the_view_shapes_accept_every_view_of_whole_games(game, players):
    """Whatever fauna writes in a view file passes its shape: every player's view after every move of a game."""
    import random

    from rules.core.limits import load_toml
    from rules.core.registry import load_rules
    from rules.core.shape import check_shape

    rules = load_rules(game)
    doc = load_toml(rules.default_config_text())
    doc["players"] = [{"name": n} for n in ["ann", "ben", "cleo", "dan", "eve"][:players]]
    state = rules.new_state(rules.config_from_dict(doc, "cfg", None), 11)
    shape, rng, seen = rules.view_shape(), random.Random(11), 0
    for step in range(600):  # coverage counts the first 60 moves
        with unmeasured_from(60, step):
            for who in (None, *state.names):
                check_shape(json.loads(json.dumps(state.view(who))), shape)
                seen += 1
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()), state.to_move)
    assert state.is_over or seen > 1_000
