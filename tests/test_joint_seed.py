"""A seed nobody chooses (issue 26, item 10): the referee's secret and one contribution per player, committed first.

Through the real command line: `pbem invite`, `pbem join`, `pbem new --joint-seed`, the game, `pbem reveal
--contribution` and `fauna replay`.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import inprocess
import pytest
from click.testing import CliRunner
from coverage_pause import unmeasured_from

from fauna_cli.main import cli
from rules.core.jointseed import join_commitment, joint_seed, referee_commitment
from rules.core.log import CHAIN_START, chain

ROOT = Path(__file__).resolve().parents[1]


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="fauna")


def fauna(*args: object) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it from the checkout (exit code, stdout, one-line errors), in this process."""
    return inprocess.fauna(*args, cwd=ROOT, text=True)


def files(tmp: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(tmp.iterdir()) if p.is_file()}


def first_round(tmp: Path, names: tuple[str, ...], game: str = "fauna") -> dict[str, Path]:
    """The extra round of mails: the referee's invitation, every player's join; {player: join file}."""
    extra = "goal = 12\n" if game == "fauna" else ""
    (tmp / "g.toml").write_text(f'[game]\nrules = "{game}"\n{extra}' + "".join(f'[[players]]\nname = "{n}"\n'
                                                                                for n in names), encoding="utf-8")
    made = run("pbem", "invite", "--out", tmp / "g.invite", "--secret", tmp / "g.secret")
    assert made.exit_code == 0, made.output
    joins = {}
    for n in names:
        out = run("pbem", "join", tmp / "g.invite", "--as", n, "--format", "json")
        assert out.exit_code == 0, out.output
        joins[n] = Path(json.loads(out.output)["join"])
    return joins


def new(tmp: Path, joins: list[Path], *more: object):
    args = [a for j in joins for a in ("--join", j)]
    return run("pbem", "new", "--config", tmp / "g.toml", "--out", tmp / "g.game", "--referee", tmp / "g.key",
               "--joint-seed", tmp / "g.secret", *args, *more)


def contribution(join: Path) -> Path:
    return join.with_suffix(".contribution")


def play_out(tmp: Path) -> None:
    """The referee applies every decision (the last choice each time) until the game is over."""
    for i in range(2000):
        nxt = re.search(r"^next \d+ (\S+) @", (tmp / "g.game").read_text(), re.M)
        if nxt is None:
            return
        who = nxt.group(1)
        view = next(p for p in tmp.glob("g-*.view") if f'player "{who}"' in p.read_text())
        with unmeasured_from(20, i):  # the later decisions run the lines of the first twenty again
            legal = json.loads(run("pbem", "status", view, "--format", "json").output)["legal"]
            moved = run("pbem", "move", tmp / "g.game", "--key", tmp / "g.key", "--as", who, legal[-1])
        assert moved.exit_code == 0, moved.output
    raise AssertionError("the game did not end")


def hexes(path: Path, word: str) -> str:
    return re.search(rf"^{word} (?:sha256:)?([0-9a-f]{{64}})$", path.read_text(), re.M).group(1)


@pytest.mark.parametrize("game", ["fauna", "arctic"])
def test_a_whole_refereed_game_with_a_joint_seed_verifies_after_the_reveal(game, tmp_path):
    joins = first_round(tmp_path, ("ann", "Zoë"), game)
    made = new(tmp_path, list(joins.values()))
    assert made.exit_code == 0, made.output
    # the seed is the one the referee's secret and the players' commitments give, nothing else
    r = hexes(tmp_path / "g.secret", "secret")
    commits = {n: hexes(j, "commit") for n, j in joins.items()}
    seed = joint_seed(r, commits)
    assert f"\nseed {seed} @" in (tmp_path / "g.key").read_text()
    for n, j in joins.items():  # each player's commitment answers the invitation and opens to their contribution
        c = hexes(contribution(j), "contribution")
        assert hexes(j, "referee") == referee_commitment(r) == hexes(tmp_path / "g.invite", "referee")
        assert join_commitment(n, referee_commitment(r), c) == commits[n]
    public = (tmp_path / "g.game").read_text()
    assert all(c in public for c in commits.values())  # every C is public from the start
    play_out(tmp_path)
    unrevealed = run("pbem", "reveal", tmp_path / "g.game", "--key", tmp_path / "g.key")
    assert unrevealed.exit_code == 2 and "no contribution file of" in unrevealed.output, unrevealed.output
    revealed = run("pbem", "reveal", tmp_path / "g.game", "--key", tmp_path / "g.key",
                   *[a for j in joins.values() for a in ("--contribution", contribution(j))])
    assert revealed.exit_code == 0, revealed.output
    text = (tmp_path / "g.game").read_text()
    assert f"reveal seed {seed} salt " in text and f'"secret": "{r}"' in text
    checked = fauna("replay", tmp_path / "g.game")
    assert checked.returncode == 0, checked.stderr
    assert "commitment matches" in checked.stdout
    assert "the contributions of Zoë, ann match their join files" in checked.stdout
    views = fauna("replay", tmp_path / "g.game", *[a for v in tmp_path.glob("g-*.view") for a in ("--view", v)])
    assert views.returncode == 0 and views.stdout.count("matches") == 2, views.stderr


def finished(tmp: Path) -> dict[str, Path]:
    joins = first_round(tmp, ("ann", "ben"))
    assert new(tmp, list(joins.values())).exit_code == 0
    play_out(tmp)
    return joins


def test_a_wrong_contribution_at_the_reveal_is_exit_4_naming_the_player_and_nothing_is_written(tmp_path):
    joins = finished(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    stray = first_round(other, ("ben",))["ben"]  # ben joined another invitation: a contribution not his game's
    before = files(tmp_path)
    out = fauna("pbem", "reveal", tmp_path / "g.game", "--key", tmp_path / "g.key",
                "--contribution", contribution(joins["ann"]), "--contribution", contribution(stray))
    assert out.returncode == 4, out.stderr
    assert len(out.stderr.splitlines()) == 1 and "ben's contribution does not match" in out.stderr
    assert files(tmp_path) == before


def rewrite(path: Path, change) -> int:
    """Change one line of a public file and recompute every hash after it, as a forger would; its number."""
    lines = path.read_text().split("\n")[:-1]
    texts = [ln.rsplit(" @", 1)[0] for ln in lines]
    i = next(k for k, t in enumerate(texts) if change(t) != t)
    texts[i] = change(texts[i])
    head, out = CHAIN_START, []
    for t in texts:
        head = chain(head, t)
        out.append(f"{t} @{head}")
    path.write_text("\n".join(out) + "\n")
    return i + 1


@pytest.mark.parametrize("what", ["contribution", "secret", "commitment"])
def test_a_forged_reveal_of_a_joint_seed_is_exit_4_naming_who(tmp_path, what):
    joins = finished(tmp_path)
    assert run("pbem", "reveal", tmp_path / "g.game", "--key", tmp_path / "g.key",
               *[a for j in joins.values() for a in ("--contribution", contribution(j))]).exit_code == 0
    ben_c, ben_commit = hexes(contribution(joins["ben"]), "contribution"), hexes(joins["ben"], "commit")
    r = hexes(tmp_path / "g.secret", "secret")
    if what == "contribution":  # ben's contribution replaced by one the referee chose
        line = rewrite(tmp_path / "g.game", lambda t: t.replace(ben_c, "0" * 64))
        said = "ben's revealed contribution does not match"
    elif what == "secret":  # the referee reveals another secret than the one its invitation promised
        line = rewrite(tmp_path / "g.game", lambda t: t.replace(r, "1" * 64))
        said = "does not match the invitation"
    else:  # the referee put another commitment for ben in the public file, and its opening in the reveal
        forged_c = "2" * 64
        forged = join_commitment("ben", referee_commitment(r), forged_c)
        rewrite(tmp_path / "g.game", lambda t: t.replace(ben_commit, forged))
        line = rewrite(tmp_path / "g.game", lambda t: t.replace(ben_c, forged_c))
        said = "the seed"  # the seed no longer follows, and ben sees his own C is not the file's
    out = fauna("replay", tmp_path / "g.game")
    assert out.returncode == 4, out.stderr
    assert len(out.stderr.splitlines()) == 1 and said in out.stderr and f"g.game:{line}:" in out.stderr, out.stderr


def test_the_seed_is_not_derivable_before_the_reveal(tmp_path):
    joins = first_round(tmp_path, ("ann", "ben"))
    assert new(tmp_path, list(joins.values())).exit_code == 0
    seed = re.search(r"^seed (\d+) @", (tmp_path / "g.key").read_text(), re.M).group(1)
    r = hexes(tmp_path / "g.secret", "secret")
    sent = [tmp_path / "g.invite", tmp_path / "g.game", *joins.values(), *tmp_path.glob("g-*.view")]
    for path in sent:  # what anyone but the referee receives holds neither the seed nor the referee's secret
        text = path.read_text()
        assert seed not in text and r not in text, path.name
    for j in joins.values():  # nor a player's contribution: it stays in the player's own 0600 file
        c = hexes(contribution(j), "contribution")
        assert all(c not in p.read_text() for p in sent)
        assert contribution(j).stat().st_mode & 0o077 == 0
    assert (tmp_path / "g.secret").stat().st_mode & 0o077 == 0
    # every public value together does not give the seed: without r it is a guess among 2**256 secrets
    public = {n: hexes(j, "commit") for n, j in joins.items()}
    invite = hexes(tmp_path / "g.invite", "referee")
    assert int(seed) not in {joint_seed(invite, public), joint_seed("0" * 64, public)}
    early = run("pbem", "reveal", tmp_path / "g.game", "--key", tmp_path / "g.key",
                *[a for j in joins.values() for a in ("--contribution", contribution(j))])
    assert early.exit_code == 3 and "not over" in early.output


def test_the_referee_cannot_pick_the_seed_after_seeing_the_joins(tmp_path):
    joins = first_round(tmp_path, ("ann", "ben"))
    before = files(tmp_path)
    given = new(tmp_path, list(joins.values()), "--seed", 7)
    assert given.exit_code == 2 and "cannot also be given" in given.output
    # a new secret (a new invitation) drawn after seeing the joins: they answer the old one, and are refused
    assert run("pbem", "invite", "--out", tmp_path / "g.invite", "--secret", tmp_path / "g.secret",
               "--force").exit_code == 0
    before = files(tmp_path)
    regrind = fauna("pbem", "new", "--config", tmp_path / "g.toml", "--out", tmp_path / "g.game", "--referee",
                    tmp_path / "g.key", "--joint-seed", tmp_path / "g.secret", "--join", joins["ann"], "--join",
                    joins["ben"])
    assert regrind.returncode == 2 and "answers another invitation" in regrind.stderr, regrind.stderr
    assert len(regrind.stderr.splitlines()) == 1 and files(tmp_path) == before


def test_every_player_joins_before_the_game_starts(tmp_path):
    joins = first_round(tmp_path, ("ann", "ben"))
    before = files(tmp_path)
    missing = new(tmp_path, [joins["ann"]])
    assert missing.exit_code == 2 and "no join file of ben" in missing.output
    twice = new(tmp_path, [joins["ann"], joins["ann"], joins["ben"]])
    assert twice.exit_code == 2 and "a second join file of ann" in twice.output
    assert files(tmp_path) == before


def test_a_player_checks_from_the_start_that_the_seed_rests_on_their_own_join(tmp_path):
    joins = first_round(tmp_path, ("ann", "ben"))
    assert new(tmp_path, list(joins.values())).exit_code == 0
    honest = fauna("replay", tmp_path / "g.game", "--contribution", contribution(joins["ben"]))
    assert honest.returncode == 0 and "matches: ben's commitment" in honest.stdout, honest.stderr
    # a referee who swaps ben's join for one it made itself (so that it could choose the seed after all)
    own = tmp_path / "own"
    own.mkdir()
    invite = tmp_path / "g.invite"
    assert run("pbem", "join", invite, "--as", "ben", "--out", own / "ben.join").exit_code == 0
    assert new(tmp_path, [joins["ann"], own / "ben.join"], "--force").exit_code == 0
    caught = fauna("replay", tmp_path / "g.game", "--contribution", contribution(joins["ben"]))
    assert caught.returncode == 4, caught.stderr
    assert len(caught.stderr.splitlines()) == 1 and "commitment of ben in this game" in caught.stderr
    ann = fauna("replay", tmp_path / "g.game", "--contribution", contribution(joins["ann"]))
    assert ann.returncode == 0, ann.stderr


def test_a_join_file_that_cannot_be_written_leaves_no_contribution_behind(tmp_path, monkeypatch):
    import fauna_cli.jointseed_cmd as cmd
    from fauna_cli.files import FileProblem

    assert run("pbem", "invite", "--out", tmp_path / "g.invite", "--secret", tmp_path / "g.secret").exit_code == 0
    real = cmd.write_output

    def full_disk(path, text, force=False, *, secret=False):
        if str(path).endswith(".join"):
            raise FileProblem(f"{path}: no space left on device")
        real(path, text, force, secret=secret)

    monkeypatch.setattr(cmd, "write_output", full_disk)
    out = run("pbem", "join", tmp_path / "g.invite", "--as", "ann")
    assert out.exit_code == 2 and "no space left" in out.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.invite", "g.secret"]
    monkeypatch.setattr(cmd, "write_output", real)
    assert run("pbem", "join", tmp_path / "g.invite", "--as", "ann").exit_code == 0  # and joining again just works


def test_a_game_without_a_joint_seed_fails_a_players_contribution_check(tmp_path):
    joins = first_round(tmp_path, ("ann", "ben"))
    plain = run("pbem", "new", "--config", tmp_path / "g.toml", "--out", tmp_path / "g.game", "--referee",
                tmp_path / "g.key")  # the referee collected the joins but started an ordinary refereed game
    assert plain.exit_code == 0, plain.output
    out = fauna("replay", tmp_path / "g.game", "--contribution", contribution(joins["ann"]))
    assert out.returncode == 4 and "carries no joint seed" in out.stderr, out.stderr
