"""Issue 27 item 7: the referee writes short update files, and a player who applies them to their own copy of
their view file holds, byte for byte, the view file the referee rewrote (rules/core/update.py).

Through the real CLI (click's runner): `pbem new --referee`, `pbem move VIEW`, `pbem apply GAME --key KEY` and
`pbem apply VIEW UPDATE`. Each player keeps their own copy of their view file in a folder of their own, which
only ever changes by the update files the referee wrote.
"""

from __future__ import annotations

import email.policy
import json
import shutil
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import update_lines

from fauna_cli.main import cli
from rules.core.log import load_game_log
from rules.core.referee import read_key_secrets
from rules.core.registry import load_rules


def run(*args: object, input: str | None = None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, prog_name="fauna")


def start(tmp: Path, game: str, names: list[str], seed: int) -> dict[str, Path]:
    """A refereed game with a known seed; each player's copy of their view file in their own folder."""
    (tmp / "g.toml").write_text(f'[game]\nrules = "{game}"\n' + "".join(f'[[players]]\nname = "{n}"\n'
                                                                          for n in names))
    made = run("pbem", "new", "--config", tmp / "g.toml", "--out", tmp / "g.game", "--referee", tmp / "g.key",
               "--seed", seed, "--public-seed")
    assert made.exit_code == 0, made.output
    copies = {}
    for n in names:
        (tmp / n).mkdir()
        copies[n] = tmp / n / f"g-{n}.view"
        shutil.copyfile(tmp / f"g-{n}.view", copies[n])  # the first view file goes whole, as `pbem new` says
    return copies


def planned_history(game: str, names: list[str], seed: int) -> list[tuple[str, str]]:
    """(player, decision text) of a whole game decided by computer players, on the same seed as the referee's."""
    rules = load_rules(game)
    config = rules.config_from_dict({"game": {"rules": game}, "players": [{"name": n} for n in names]}, "t", None)
    state = rules.new_state(config, seed)
    bots = [rules.make_bot("random", {}, seed, i) for i in range(len(names))]
    out = []
    for _ in range(5000):
        if state.is_over:
            break
        who = state.to_move
        move = bots[names.index(who)].choose(state)
        out.append((who, state.move_text(move)))
        state.apply(move, who)
    assert state.is_over
    return out


def key_seq(tmp: Path, game: str) -> int:
    rules = load_rules(game)
    _, _, log = read_key_secrets((tmp / "g.key").read_text(), "g.key")
    return load_game_log(log, "g.key", rules).state.seq


def play_with_updates(tmp: Path, game: str, names: list[str], seed: int) -> int:
    """Play a whole game: one move file per turn from the player's own copy, the referee applies it, and every
    player applies only their update file; returns the number of update files applied."""
    copies = start(tmp, game, names, seed)
    history = planned_history(game, names, seed)
    applied = 0
    while (seq := key_seq(tmp, game)) < len(history):
        who = history[seq][0]
        turn = []
        for w, text in history[seq:]:
            if w != who:
                break
            turn.append(text)
        moved = run("pbem", "move", copies[who], "--as", who, "; ".join(turn))
        assert moved.exit_code == 0, moved.output
        sent = copies[who].with_name(f"g-{who}-move-{seq + 1}.txt")
        done = run("pbem", "apply", tmp / "g.game", "--key", tmp / "g.key", sent, "--format", "json")
        assert done.exit_code == 0, done.output
        updates = json.loads(done.output)["updates"]
        assert sorted(u["player"] for u in updates) == sorted(names)  # every view changed: a move was made
        for u in updates:
            name = u["player"]
            mine = tmp / name / Path(u["file"]).name  # the player's mail folder
            shutil.copyfile(u["file"], mine)
            got = run("pbem", "apply", copies[name], mine)
            assert got.exit_code == 0, got.output
            applied += 1
        for n in names:
            assert copies[n].read_bytes() == (tmp / f"g-{n}.view").read_bytes(), (n, key_seq(tmp, game))
    return applied


@pytest.mark.parametrize(("game", "names", "seed"), [("arctic", ["ann", "ben", "cid"], 5),
                                                     ("exofauna", ["ann", "ben"], 7)])
def test_a_game_played_with_update_files_only_leaves_every_view_as_the_referee_wrote_it(tmp_path, game, names,
                                                                                          seed):
    applied = play_with_updates(tmp_path, game, names, seed)
    assert applied > 10
    # and the view files still verify against the revealed game, as the referee's own do
    assert run("pbem", "reveal", tmp_path / "g.game", "--key", tmp_path / "g.key").exit_code == 0
    checked = run("replay", tmp_path / "g.game", *[a for n in names for a in ("--view", tmp_path / n / f"g-{n}.view")])
    assert checked.exit_code == 0, checked.output


@pytest.fixture
def after_two(tmp_path: Path):
    """An Arctic game of ann and ben after two applies: each player's copy at the start, two updates each."""
    names = ["ann", "ben"]
    copies = start(tmp_path, "arctic", names, 3)
    history = planned_history("arctic", names, 3)
    ups: dict[str, list[Path]] = {n: [] for n in names}
    for _ in range(2):
        seq = key_seq(tmp_path, "arctic")
        who, text = history[seq]
        view = tmp_path / f"g-{who}.view"
        assert run("pbem", "move", view, "--as", who, text).exit_code == 0
        done = run("pbem", "apply", tmp_path / "g.game", "--key", tmp_path / "g.key",
                   tmp_path / f"g-{who}-move-{seq + 1}.txt", "--format", "json")
        assert done.exit_code == 0, done.output
        for u in json.loads(done.output)["updates"]:
            ups[u["player"]].append(Path(u["file"]))
    return tmp_path, copies, ups


def refused(copy: Path, update: Path | str, code: int, words: str, input: str | None = None) -> None:
    before = copy.read_bytes()
    r = run("pbem", "apply", copy, update, input=input)
    assert r.exit_code == code, r.output
    assert len(r.stderr.strip().splitlines()) == 1 and words in r.stderr, r.stderr
    assert copy.read_bytes() == before


def test_updates_out_of_order_applied_twice_or_for_another_player_are_refused_and_change_nothing(after_two):
    tmp, copies, ups = after_two
    refused(copies["ann"], ups["ann"][1], 3, "an update before it is missing")
    refused(copies["ann"], ups["ben"][0], 2, "an update of ben's view")
    assert run("pbem", "apply", copies["ann"], ups["ann"][0]).exit_code == 0
    refused(copies["ann"], ups["ann"][0], 3, "is applied already")
    assert run("pbem", "apply", copies["ann"], ups["ann"][1]).exit_code == 0
    refused(copies["ann"], ups["ann"][0], 3, "an older update")
    assert copies["ann"].read_bytes() == (tmp / "g-ann.view").read_bytes()


def test_two_updates_at_once_in_any_order_are_applied_in_order(after_two):
    tmp, copies, ups = after_two
    r = run("pbem", "apply", copies["ben"], ups["ben"][1], ups["ben"][0])
    assert r.exit_code == 0, r.output
    assert copies["ben"].read_bytes() == (tmp / "g-ben.view").read_bytes()


def test_an_update_of_another_game_is_refused(after_two, tmp_path_factory):
    tmp, copies, ups = after_two
    other = tmp_path_factory.mktemp("other")
    start(other, "arctic", ["ann", "ben"], 3)  # same players, same seed: another salt, so another game
    refused(other / "ann" / "g-ann.view", ups["ann"][0], 2, "an update of another game")


def test_a_changed_update_is_refused_even_with_its_check_made_again(after_two):
    """Damage is caught by `check`; a forger who recomputes `check` is caught by `auth` (the player's secret)."""
    from rules.core.update import read_update_files

    tmp, copies, ups = after_two
    text = ups["ann"][0].read_text()
    damaged = tmp / "damaged.txt"
    damaged.write_text(text.replace("\nseq 1\n", "\nseq 2\n"))
    refused(copies["ann"], damaged, 4, "damaged or changed on the way")
    up = read_update_files(text, "u")[0]
    forged = type(up)(up.game, up.player, up.after, up.seq, up.file,
                      (*up.lines[:-1], "next null"), up.auth)  # "the game is over"
    assert forged.lines != up.lines
    (tmp / "forged.txt").write_text(forged.text())
    refused(copies["ann"], tmp / "forged.txt", 4, "not signed with ann's secret")
    other = forged.signed("0" * 64)  # signed, but with a secret that is not ann's
    (tmp / "forged.txt").write_text(other.text())
    refused(copies["ann"], tmp / "forged.txt", 4, "not signed with ann's secret")


def test_an_update_survives_a_mail_program_quoting_and_quoted_printable(after_two):
    tmp, copies, ups = after_two
    text = ups["ann"][0].read_text()
    msg = EmailMessage(policy=email.policy.SMTP)
    msg["From"], msg["To"], msg["Subject"] = "referee@example.org", "ann@example.org", "your update"
    msg.set_content("Here is your update.\n\n" + text, cte="quoted-printable")
    saved = tmp / "mail.eml"
    saved.write_bytes(msg.as_bytes())
    quoted = "".join(f"> > {ln}\n" for ln in text.splitlines())  # forwarded twice
    r = run("pbem", "apply", copies["ann"], "-", input=quoted)
    assert r.exit_code == 0, r.output
    r = run("pbem", "apply", copies["ann"], saved)  # the same update again, from the saved mail: applied already
    assert r.exit_code == 3 and "applied already" in r.stderr, r.output
    r = run("pbem", "apply", copies["ann"], ups["ann"][1])
    assert r.exit_code == 0, r.output
    assert copies["ann"].read_bytes() == (tmp / "g-ann.view").read_bytes()


def test_the_referee_names_each_players_update_and_whole_files_stay_possible(after_two):
    tmp, copies, ups = after_two
    assert [p.name for p in ups["ann"]] == ["g-ann-update-1.txt", "g-ann-update-2.txt"]
    seq = key_seq(tmp, "arctic")
    history = planned_history("arctic", ["ann", "ben"], 3)
    who, text = history[seq]
    assert run("pbem", "move", tmp / f"g-{who}.view", "--as", who, text).exit_code == 0
    done = run("pbem", "apply", tmp / "g.game", "--key", tmp / "g.key", tmp / f"g-{who}-move-{seq + 1}.txt")
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    at = lines.index("Send now:")
    assert lines[at + 1:at + 3] == update_lines(tmp, ["ann", "ben"], seq + 1)
    assert "fauna pbem apply THEIR-VIEW-FILE UPDATE-FILE" in done.output
    # a player who lost an update takes the whole view file, and the next update fits it
    shutil.copyfile(tmp / "g-ben.view", copies["ben"])
    assert copies["ben"].read_bytes() == (tmp / "g-ben.view").read_bytes()


def test_the_update_file_is_short_and_tells_the_player_the_moves_in_words(after_two):
    tmp, copies, ups = after_two
    text = ups["ben"][1].read_text()
    history = planned_history("arctic", ["ann", "ben"], 3)
    assert f"2 {history[1][0]}: " in text.split("-----BEGIN")[0]
    assert len(text) < len((tmp / "g-ben.view").read_text())


def test_a_move_file_given_to_a_view_file_is_told_where_it_goes(after_two):
    tmp, copies, ups = after_two
    moves = sorted(tmp.glob("g-*-move-*.txt"))
    refused(copies["ann"], moves[0], 2, "a move file, not an update: a move file goes to the referee")


def test_an_update_cut_short_or_missing_is_refused_naming_the_line_of_its_start(after_two):
    tmp, copies, ups = after_two
    text = ups["ann"][0].read_text()
    begin = text.splitlines().index("-----BEGIN FAUNA UPDATE-----") + 1
    cut = tmp / "cut.txt"
    cut.write_text(text.split("-----END")[0])
    refused(copies["ann"], cut, 2, f"cut.txt:{begin}: an update that never ends: no '-----END FAUNA UPDATE-----' "
                                   "line after it (the message was cut short?)")
    cut.write_text("Hello ann, here is nothing.\n")
    refused(copies["ann"], cut, 2, "cut.txt: no update in it: an update file holds a block that starts with "
                                   "'-----BEGIN FAUNA UPDATE-----'")


def test_an_update_re_wrapped_at_16_columns_still_applies(after_two):
    import textwrap

    tmp, copies, ups = after_two
    text = ups["ann"][0].read_text()
    wrapped = "\n".join(w for ln in text.splitlines() for w in (textwrap.wrap(ln, 16, break_long_words=False,
                                                                              break_on_hyphens=False) or [""]))
    assert max(len(ln) for ln in wrapped.splitlines() if " " in ln) <= 16
    r = run("pbem", "apply", copies["ann"], "-", input=wrapped)
    assert r.exit_code == 0, r.output
    assert run("pbem", "apply", copies["ann"], ups["ann"][1]).exit_code == 0
    assert copies["ann"].read_bytes() == (tmp / "g-ann.view").read_bytes()


def test_any_text_in_an_update_block_is_refused_as_an_error_never_a_crash():
    """Hostile or broken update files: every one is a FaunaError (one line, an exit code), nothing else."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from rules.core.errors import FaunaError
    from rules.core.update import BEGIN, END, read_update_files

    keys = st.sampled_from(["game", "player", "after", "seq", "file", "data", "auth", "check", "x"])
    values = st.one_of(st.text(max_size=70), st.sampled_from(["0" * 32, "1", "eJwDAAAAAAE=", "AAAA", "="]))

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.tuples(keys, values), max_size=12))
    def check(lines):
        text = "\n".join([BEGIN, *(f"{k} {v}" for k, v in lines), END])
        try:
            read_update_files(text, "u")
        except FaunaError as exc:
            assert str(exc) and "\n" not in str(exc)
    check()


def test_a_quoted_printable_update_whose_base64_ends_in_padding_reads_as_sent():
    """Quoted-printable writes base64's '=' as '=3D': the block is read again decoded (rules/core/movefile.py)."""
    import quopri

    from rules.core.update import UpdateFile, read_update_files

    ups = [UpdateFile("0" * 32, "ann", "1" * 32, 3, "2" * 32, ("head h", "view {}", "legal []", "x" * k, "next null"),
                      "3" * 32) for k in range(12)]
    up = next(u for u in ups if u.data().endswith("="))
    qp = quopri.encodestring(up.text().encode("utf-8")).decode("ascii")
    assert "=3D" in qp
    (got,) = read_update_files(qp, "mail")
    assert (got.game, got.player, got.after, got.seq, got.file, got.lines, got.auth) == \
        (up.game, up.player, up.after, up.seq, up.file, up.lines, up.auth)
