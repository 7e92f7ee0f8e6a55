"""Referee mode against a dishonest player (issue 26, items 5-8), through the real command line.

A player must not move for another (move files are signed with the player's secret), a second different
move for one number is a fork the referee is told about, no two players share a view file, and a seed
someone chose is used only when the referee says openly that it is public.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import inprocess
import pytest
from coverage_pause import unmeasured_from
from helpers import rechained, texts_of

from rules.core.movefile import MoveFile, read_move_files

ROOT = Path(__file__).resolve().parents[1]


def fauna(*args: object) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it from the checkout (exit code, stdout, one-line errors), in this process."""
    return inprocess.fauna(*args, cwd=ROOT, text=True)


def config(tmp: Path, names: tuple[str, ...], game: str = "arctic", extra: str = "") -> Path:
    path = tmp / "g.toml"
    path.write_text(f'[game]\nrules = "{game}"\n{extra}' + "".join(f'[[players]]\nname = "{n}"\n' for n in names),
                    encoding="utf-8")
    return path


def new_game(tmp: Path, names: tuple[str, ...] = ("ann", "ben"), *more: object) -> subprocess.CompletedProcess[str]:
    return fauna("pbem", "new", "--config", config(tmp, names), "--out", tmp / "g.game", "--referee", tmp / "g.key",
                 "--format", "json", *more)


def files(tmp: Path) -> dict[str, bytes]:
    """Every file of the game (public, key, views, moves), to show that a refusal changed none of them."""
    return {p.name: p.read_bytes() for p in sorted(tmp.iterdir())}


def status(view: Path) -> dict:
    out = fauna("pbem", "status", view, "--format", "json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def views_of(made: subprocess.CompletedProcess[str]) -> dict[str, Path]:
    """{player: view file} from `pbem new --format json`, read back from each file."""
    assert made.returncode == 0, made.stderr
    paths = [Path(v) for v in json.loads(made.stdout)["views"]]
    return {status(p)["player"]: p for p in paths}


def apply(tmp: Path, *moves: Path) -> subprocess.CompletedProcess[str]:
    return fauna("pbem", "apply", tmp / "g.game", "--key", tmp / "g.key", *moves)


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


# -- 5. forged move files ---------------------------------------------------------------------------------------------

def test_a_move_file_written_for_another_player_is_refused_and_the_game_is_unchanged(tmp_path):
    views = views_of(new_game(tmp_path))
    mover = status(views["ann"])["next"]["player"]
    forger = "ben" if mover == "ann" else "ann"
    mine = status(views[forger])  # the forger's own view file: the game's id and head are the same for all
    choice = status(views[mover])["legal"][0]  # a move the mover could make (a forger may guess one)
    unsigned = MoveFile(read_id(views[forger]), mine["seq"] + 1, mover, choice, mine["head"]["hash"])
    own_secret = re.search(r"^secret ([0-9a-f]{64}) @", views[forger].read_text(), re.M).group(1)
    forged = {"no-auth.txt": unsigned, "forger-signed.txt": unsigned.signed(own_secret),
              "copied-auth.txt": MoveFile(unsigned.game, unsigned.seq, mover, choice, unsigned.after, "x",
                                          "0" * 32)}
    for name, mf in forged.items():
        (tmp_path / name).write_text(mf.text())
    before = files(tmp_path)
    for name, mf in forged.items():
        out = apply(tmp_path, tmp_path / name)
        line = one_line(out.stderr)
        assert out.returncode == 3, out.stderr
        assert f"this move file claims to be {mover}'s but" in line and "nothing was applied" in line
        assert ("has no 'auth' line" in line) == (mf.auth is None)
        assert files(tmp_path) == before
    # the same move made by its player with their own view file is applied: only the author was wrong
    made = fauna("pbem", "move", views[mover], "--as", mover, "--move-file", tmp_path / "real.txt", choice)
    assert made.returncode == 0, made.stderr
    (real,) = read_move_files((tmp_path / "real.txt").read_text(), "real.txt")
    assert real.auth is not None and (real.game, real.seq, real.player, real.move, real.after) == \
        (unsigned.game, unsigned.seq, unsigned.player, unsigned.move, unsigned.after)
    out = apply(tmp_path, tmp_path / "real.txt")
    assert out.returncode == 0 and f"Applied move {real.seq} by {mover}" in out.stdout, out.stderr


def read_id(view: Path) -> str:
    return re.search(r"^head [0-9a-f]{32} seq \d+ game ([0-9a-f]{32}) @", view.read_text(), re.M).group(1)


def test_one_forged_move_among_good_ones_refuses_them_all(tmp_path):
    views = views_of(new_game(tmp_path))
    mover = status(views["ann"])["next"]["player"]
    choice = status(views[mover])["legal"][0]
    assert fauna("pbem", "move", views[mover], "--as", mover, "--move-file", tmp_path / "a.txt", choice).returncode == 0
    (good,) = read_move_files((tmp_path / "a.txt").read_text(), "a.txt")
    other = "ben" if mover == "ann" else "ann"
    (tmp_path / "b.txt").write_text(MoveFile(good.game, good.seq + 1, other, "pass", good.after).text())
    before = files(tmp_path)
    out = apply(tmp_path, tmp_path / "a.txt", tmp_path / "b.txt")
    assert out.returncode == 3 and f"claims to be {other}'s" in one_line(out.stderr)
    assert files(tmp_path) == before


def test_view_and_key_files_hold_secrets_readable_by_their_owner_only(tmp_path):
    views = views_of(new_game(tmp_path))
    key = (tmp_path / "g.key").read_text().splitlines()
    assert key[0].startswith("fauna-key 2 salt ")
    secrets = json.loads(key[1].removeprefix("secrets "))
    assert sorted(secrets) == ["ann", "ben"] and secrets["ann"] != secrets["ben"]
    for name, view in views.items():
        text = view.read_text()
        assert f"secret {secrets[name]} @" in text
        assert all(s not in text for n, s in secrets.items() if n != name)
        assert view.stat().st_mode & 0o077 == 0
    assert (tmp_path / "g.key").stat().st_mode & 0o077 == 0
    assert all(s not in (tmp_path / "g.game").read_text() for s in secrets.values())


def test_an_ordinary_games_move_files_carry_no_auth_and_still_apply(tmp_path):
    cfg = config(tmp_path, ("alice", "bob", "carol"), game="fauna", extra="goal = 10\n")
    for who in ("a", "b"):
        assert fauna("pbem", "new", "--config", cfg, "--out", tmp_path / f"{who}.fauna", "--seed", 400).returncode == 0
    made = fauna("pbem", "move", tmp_path / "a.fauna", "--as", "alice", "--move-file", tmp_path / "m.txt",
                 "Amazon Basin")
    assert made.returncode == 0, made.stderr
    assert "\nauth " not in (tmp_path / "m.txt").read_text()
    out = fauna("pbem", "apply", tmp_path / "b.fauna", tmp_path / "m.txt")
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "a.fauna").read_bytes() == (tmp_path / "b.fauna").read_bytes()


def test_the_auth_line_survives_mail_and_a_changed_one_is_damage():
    mf = MoveFile("a" * 32, 3, "ann", "take fox/moose 5-1", "b" * 32).signed("5e" * 32)
    lines = mf.text().splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("auth "))
    wrapped = lines[:at] + [lines[at][:20], lines[at][20:]] + lines[at + 1:]
    (back,) = read_move_files("> " + "\r\n> ".join(wrapped), "mail")
    assert back.auth == mf.auth and back.signed_by("5e" * 32) and not back.signed_by("5f" * 32)
    lines[at] = "auth " + "0" * 32
    with pytest.raises(Exception, match=r"^mail:\d+: the move was damaged on the way"):
        read_move_files("\n".join(lines), "mail")


# -- old files ----------------------------------------------------------------------------------------------------

def downgrade(tmp: Path, views: dict[str, Path]) -> None:
    """Make the key and view files as fauna wrote them before players had secrets (version 1)."""
    key = (tmp / "g.key").read_text().split("\n")
    (tmp / "g.key").write_text("\n".join([key[0].replace("fauna-key 2", "fauna-key 1"), *key[2:]]))
    for view in views.values():
        texts = texts_of(view.read_text())
        view.write_text(rechained(["fauna-view 1", *texts[1:3], *texts[4:]]))


def test_a_game_begun_before_players_had_secrets_goes_on_and_gets_them(tmp_path):
    views = views_of(new_game(tmp_path))
    downgrade(tmp_path, views)
    mover = status(views["ann"])["next"]["player"]  # an old view file is still read
    choice = status(views[mover])["legal"][0]
    old = fauna("pbem", "move", views[mover], "--as", mover, "--move-file", tmp_path / "m.txt", choice)
    assert old.returncode == 3 and "a view file of an older fauna, without your secret" in one_line(old.stderr)
    unsigned = MoveFile(read_id(views[mover]), status(views[mover])["seq"] + 1, mover, choice,
                        status(views[mover])["head"]["hash"])
    (tmp_path / "m.txt").write_text(unsigned.text())
    before = files(tmp_path)
    out = apply(tmp_path, tmp_path / "m.txt")
    assert out.returncode == 3 and "this game's key file comes from an older fauna" in one_line(out.stderr)
    assert files(tmp_path) == before
    # the referee applies it by hand; from then on every file has its secret again
    by_hand = fauna("pbem", "move", tmp_path / "g.game", "--key", tmp_path / "g.key", "--as", mover, choice)
    assert by_hand.returncode == 0, by_hand.stderr
    assert (tmp_path / "g.key").read_text().startswith("fauna-key 2 ")
    nxt = status(views["ann"])["next"]
    if nxt is not None:
        who = nxt["player"]
        made = fauna("pbem", "move", views[who], "--as", who, "--move-file", tmp_path / "n.txt",
                     status(views[who])["legal"][0])
        assert made.returncode == 0, made.stderr
        assert apply(tmp_path, tmp_path / "n.txt").returncode == 0


# -- 6. a second, different move for the same number --------------------------------------------------------------

def test_a_second_different_move_for_the_same_number_is_a_fork_naming_both(tmp_path):
    views = views_of(new_game(tmp_path))
    mover = status(views["ann"])["next"]["player"]
    legal = status(views[mover])["legal"]
    assert len(legal) >= 2
    old_view = tmp_path / "old.view"
    old_view.write_bytes(views[mover].read_bytes())  # the player keeps the view they moved on
    for name, choice in (("first.txt", legal[0]), ("second.txt", legal[1])):
        made = fauna("pbem", "move", old_view, "--as", mover, "--move-file", tmp_path / name, choice)
        assert made.returncode == 0, made.stderr
    assert apply(tmp_path, tmp_path / "first.txt").returncode == 0
    before = files(tmp_path)
    out = apply(tmp_path, tmp_path / "second.txt")
    line = one_line(out.stderr)
    assert out.returncode == 3
    assert f"a fork: move 1 by {mover} ({legal[1]!r}) is not the move 1 already applied, {mover}'s {legal[0]!r}" \
        in line
    assert files(tmp_path) == before
    again = apply(tmp_path, tmp_path / "first.txt")  # the same move twice is a duplicate, said and ignored
    assert again.returncode == 0 and f"move 1 by {mover} is already applied; ignored" in again.stdout
    assert files(tmp_path) == before


# -- 7. one view file per player, and names that cannot pass for others ---------------------------------------------

@pytest.mark.parametrize("names", [("Zoë", "Zoe"), ("a.b", "a,b"), ("★", "☆")])
def test_names_that_fold_alike_get_view_files_of_their_own_and_both_can_move(tmp_path, names):
    views = views_of(new_game(tmp_path, names))
    assert sorted(views) == sorted(names) and len(set(views.values())) == 2
    for _ in range(2):  # each player makes a move with their own file
        who = status(views[names[0]])["next"]["player"]
        made = fauna("pbem", "move", views[who], "--as", who, "--move-file", tmp_path / "m.txt", "--force",
                     status(views[who])["legal"][0])  # --force: m.txt holds the previous move
        assert made.returncode == 0, made.stderr
        assert apply(tmp_path, tmp_path / "m.txt").returncode == 0
    assert status(views[names[0]])["seq"] == status(views[names[1]])["seq"] >= 2


def test_a_player_may_not_sign_with_a_view_file_whose_name_only_folds_to_theirs(tmp_path):
    views = views_of(new_game(tmp_path, ("Zoë", "Zoe")))
    out = fauna("pbem", "move", views["Zoë"], "--as", "Zoe", "pass")
    assert out.returncode == 3 and "is Zoë's view, not Zoe's" in one_line(out.stderr)


@pytest.mark.parametrize(("names", "said"), [
    (("ann", "ann\u2800"), "holds U+2800 BRAILLE PATTERN BLANK, which shows as nothing or as a space"),
    (("ann", "an\u00a0n"), "holds U+00A0 NO-BREAK SPACE"),
    (("ann", "b\u3164"), "holds U+3164 HANGUL FILLER"),
    (("Ann", "\u0410nn"), "mixes Cyrillic and Latin letters in one word (U+0410 CYRILLIC CAPITAL LETTER A among "
                          "Latin letters)"),
    (("ABC", "\u0410\u0412\u0421"), "players[2].name 'АВС' looks like 'ABC' (the same letters from another "
                                    "alphabet)"),
])
def test_names_that_hide_or_pass_for_others_are_refused_at_pbem_new(tmp_path, names, said):
    out = new_game(tmp_path, names)
    assert out.returncode == 2 and said in one_line(out.stderr), out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]


def test_look_alike_names_are_refused_in_every_game_and_mode(tmp_path):
    cfg = config(tmp_path, ("Ann", "\u0410nn"), game="fauna", extra="goal = 12\n")
    out = fauna("play", "--config", cfg, "--bots", "random")
    assert out.returncode == 2 and "mixes Cyrillic and Latin letters" in one_line(out.stderr)
    cfg = config(tmp_path, ("ABC", "\u0410\u0412\u0421"), game="fauna", extra="goal = 12\n")
    out = fauna("pbem", "new", "--config", cfg, "--out", tmp_path / "f.fauna")
    assert out.returncode == 2 and "looks like 'ABC'" in one_line(out.stderr)


# -- 8. a seed someone chose ----------------------------------------------------------------------------------------

def seed_in_key(tmp: Path) -> int:
    return int(re.search(r"^seed (\d+) @", (tmp / "g.key").read_text(), re.M).group(1))


def test_a_refereed_game_draws_its_seed_and_refuses_a_given_one(tmp_path):
    out = new_game(tmp_path, ("ann", "ben"), "--seed", 11)
    assert out.returncode == 2 and "--seed = 11: a refereed game draws its seed from the operating system" in \
        one_line(out.stderr) and "--public-seed" in out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]
    cfg = config(tmp_path, ("ann", "ben"), extra="seed = 11\n")
    out = fauna("pbem", "new", "--config", cfg, "--out", tmp_path / "g.game", "--referee", tmp_path / "g.key")
    assert out.returncode == 2 and "g.toml: game.seed = 11: a refereed game draws its seed" in one_line(out.stderr)
    seeds = set()
    for _ in range(2):
        assert new_game(tmp_path, ("ann", "ben"), "--force").returncode == 0
        seeds.add(seed_in_key(tmp_path))
    assert len(seeds) == 2  # drawn anew each time (two equal 64-bit draws: 2^-64)


def test_a_public_seed_is_used_only_when_said_so_and_the_output_says_the_hands_are_not_secret(tmp_path):
    out = fauna("pbem", "new", "--config", config(tmp_path, ("ann", "ben")), "--out", tmp_path / "g.game",
                "--referee", tmp_path / "g.key", "--seed", 11, "--public-seed")
    assert out.returncode == 0, out.stderr
    assert "The seed 11 is public (--public-seed)" in out.stdout and "the hands are NOT secret" in out.stdout
    assert seed_in_key(tmp_path) == 11
    js = new_game(tmp_path, ("ann", "ben"), "--seed", 12, "--public-seed", "--force")
    assert json.loads(js.stdout)["public_seed"] == 12
    assert json.loads(new_game(tmp_path, ("ann", "ben"), "--force").stdout)["public_seed"] is None


def test_public_seed_without_a_seed_or_outside_referee_mode_is_refused(tmp_path):
    out = new_game(tmp_path, ("ann", "ben"), "--public-seed")
    assert out.returncode == 2 and "--public-seed: no seed to play with" in one_line(out.stderr)
    out = fauna("pbem", "new", "--config", config(tmp_path, ("ann", "ben")), "--out", tmp_path / "o.game",
                "--seed", 4, "--public-seed")
    assert out.returncode == 2 and "--public-seed is for refereed games" in one_line(out.stderr)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]


# -- 9. views the referee can be held to ----------------------------------------------------------------------------

def played_with_kept_views(tmp: Path) -> dict[str, list[Path]]:
    """A whole refereed Arctic game (ann, ben) played through view files; every view file each player got is kept."""
    from click.testing import CliRunner

    from fauna_cli.main import cli

    def run(*args: object):
        return CliRunner().invoke(cli, [str(a) for a in args], prog_name="fauna")

    # a fixed public seed: the same game on every run (a drawn one made the length a matter of luck), and
    # nothing here needs the seed secret; the game of seed 4 with these choices ends after 85 decisions
    made = run("pbem", "new", "--config", config(tmp, ("ann", "ben")), "--out", tmp / "g.game", "--referee",
               tmp / "g.key", "--format", "json", "--seed", "4", "--public-seed")
    assert made.exit_code == 0, made.output
    kept: dict[str, list[Path]] = {"ann": [], "ben": []}
    (tmp / "kept").mkdir()
    for step in range(90):
        for name in kept:
            copy = tmp / "kept" / f"{name}-{step}.view"
            copy.write_bytes((tmp / f"g-{name}.view").read_bytes())
            kept[name].append(copy)
        with unmeasured_from(15, step):  # the later decisions run the lines of the first fifteen again
            doc = json.loads(run("pbem", "status", tmp / "g-ann.view", "--format", "json").output)
            if doc["next"] is None:
                break
            who = doc["next"]["player"]
            legal = json.loads(run("pbem", "status", tmp / f"g-{who}.view", "--format", "json").output)["legal"]
            assert run("pbem", "move", tmp / f"g-{who}.view", "--as", who, "--move-file", tmp / "m.txt", "--force",
                       legal[step % len(legal)]).exit_code == 0  # --force: m.txt holds the move before
            assert run("pbem", "apply", tmp / "g.game", "--key", tmp / "g.key", tmp / "m.txt").exit_code == 0
    else:
        pytest.fail("the game of seed 4 did not end within 90 decisions")
    assert run("pbem", "reveal", tmp / "g.game", "--key", tmp / "g.key").exit_code == 0
    return kept


@pytest.fixture(scope="module")
def kept_game(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kept")
    return tmp, played_with_kept_views(tmp)


def test_every_view_file_of_a_real_game_matches_after_the_reveal(kept_game):
    tmp, kept = kept_game
    every = kept["ann"] + kept["ben"]
    out = fauna("replay", tmp / "g.game", *[a for v in every for a in ("--view", v)], "--format", "json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert [v["matches"] for v in doc["views"]] == [True] * len(every) and len(every) > 20
    plain = fauna("replay", tmp / "g.game", "--view", kept["ben"][3])
    assert plain.returncode == 0 and f"{kept['ben'][3]}: matches: it shows ben what they should have seen" in \
        plain.stdout


def test_a_view_file_whose_hand_was_altered_is_named_at_its_line(kept_game, tmp_path):
    tmp, kept = kept_game
    original = kept["ann"][4]
    texts = texts_of(original.read_text())
    at = next(i for i, t in enumerate(texts) if t.startswith("view "))
    view = json.loads(texts[at].removeprefix("view "))
    hand = view["hand"]
    assert hand, view
    view["hand"] = hand[1:] + hand[:1] if len(set(map(str, hand))) > 1 else []
    if view["hand"] == hand:
        view["hand"] = hand[:-1]
    texts[at] = "view " + json.dumps(view, ensure_ascii=False, sort_keys=True)
    forged = tmp_path / "forged.view"
    forged.write_text(rechained(texts))  # the chain recomputed: only the re-derivation can tell
    assert fauna("pbem", "status", forged).returncode == 0
    out = fauna("replay", tmp / "g.game", "--view", kept["ann"][2], "--view", forged)
    line = one_line(out.stderr)
    assert out.returncode == 4
    assert line.startswith(f"fauna: {forged}:{at + 1}: ann's view after move ") and "should show" in line


def test_views_are_checked_only_after_the_reveal_and_only_of_their_game(tmp_path, kept_game):
    views = views_of(new_game(tmp_path))
    out = fauna("replay", tmp_path / "g.game", "--view", views["ann"])
    assert out.returncode == 2 and "the seed is not revealed yet" in one_line(out.stderr)
    tmp, _kept = kept_game
    out = fauna("replay", tmp / "g.game", "--view", views["ann"])
    assert out.returncode == 2 and "a view file of another game" in one_line(out.stderr)
