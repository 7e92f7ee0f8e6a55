"""Computer players at the table and in e-mail games, and `play --log` writing a log that verifies."""

from click.testing import CliRunner

from fauna_cli.main import cli
from rules.fauna.replay import load_log

HUMAN_AND_BOTS = """
[game]
seed = 3
start = "ann"
goal = 40

[[players]]
name = "ann"

[[players]]
name = "stat"
bot = "statistician"

[[players]]
name = "nat"
bot = "naturalist"
skill = 0.7
"""

SIX_BOTS = "[game]\nseed = 9\n" + "".join(
    f'[[players]]\nname = "b{i}"\nbot = "{kind}"\n' for i, kind in enumerate(
        ["random", "statistician", "naturalist", "random", "statistician", "naturalist"]))


def test_one_human_two_bots_interactive_with_a_log(tmp_path):
    (tmp_path / "g.toml").write_text(HUMAN_AND_BOTS)
    log = tmp_path / "game.fauna"
    # ann places one piece and passes each round; the bots play by themselves.
    inputs = "\n".join(["Antarctic", "pass"] * 40) + "\n"
    r = CliRunner().invoke(cli, ["play", "--config", str(tmp_path / "g.toml"), "--log", str(log)], input=inputs)
    assert r.exit_code == 0, r.output
    assert "stat placed on" in r.output and "nat placed on" in r.output
    loaded = load_log(log.read_text(), str(log))
    assert [p for p, _ in loaded.state.history][:3] == ["ann", "stat", "nat"]
    r2 = CliRunner().invoke(cli, ["replay", str(log)])
    assert r2.exit_code == 0, r2.output


def test_six_bots_play_to_the_end_unattended(tmp_path):
    (tmp_path / "six.toml").write_text(SIX_BOTS)
    r = CliRunner().invoke(cli, ["play", "--config", str(tmp_path / "six.toml")], input="")
    assert r.exit_code == 0, r.output
    assert "Game over:" in r.output


def test_a_script_cannot_move_for_a_bot(tmp_path):
    (tmp_path / "g.toml").write_text(HUMAN_AND_BOTS)
    (tmp_path / "m.txt").write_text("ann: Antarctic\nstat: India\n")
    r = CliRunner().invoke(cli, ["play", "--config", str(tmp_path / "g.toml"), "--moves", str(tmp_path / "m.txt")])
    assert r.exit_code == 3
    assert "m.txt:2: stat is a computer player" in r.stderr


def test_script_log_equals_interactive_log_for_the_same_moves(tmp_path):
    (tmp_path / "g.toml").write_text(HUMAN_AND_BOTS)
    a, b = tmp_path / "a.fauna", tmp_path / "b.fauna"
    (tmp_path / "m.txt").write_text("ann: Antarctic\nann: pass\nann: Sahel\n")
    CliRunner().invoke(cli, ["play", "--config", str(tmp_path / "g.toml"), "--moves", str(tmp_path / "m.txt"),
                             "--log", str(a)])
    CliRunner().invoke(cli, ["play", "--config", str(tmp_path / "g.toml"), "--log", str(b)],
                       input="Antarctic\npass\nSahel\n")
    assert a.read_bytes() == b.read_bytes()


def test_email_game_with_bots_replies_and_verifies(tmp_path):
    (tmp_path / "g.toml").write_text(HUMAN_AND_BOTS)
    game = str(tmp_path / "pb.fauna")
    r = CliRunner().invoke(cli, ["pbem", "new", "--config", str(tmp_path / "g.toml"), "--out", game])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(cli, ["pbem", "move", game, "--as", "ann", "Antarctic"])
    assert r.exit_code == 0, r.output
    assert "stat placed on" in r.output and "nat placed on" in r.output
    r = CliRunner().invoke(cli, ["pbem", "move", game, "--as", "stat", "India"])
    assert r.exit_code == 3 and "computer player" in r.stderr
    r = CliRunner().invoke(cli, ["replay", game])
    assert r.exit_code == 0, r.output
