"""Move files (issue 20): every player keeps a copy, only the moves travel, and all copies stay byte-identical."""

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.gamefile import load_game
from fauna_cli.main import cli
from rules.core.movefile import MoveFile, MoveFileError, read_move_files
from rules.core.rng import SplitMix64

CONFIG = """[game]
seed = 4
goal = 25
[[players]]
name = "ann"
[[players]]
name = "bob"
[[players]]
name = "cy"
"""


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, prog_name="fauna")


@pytest.fixture
def copies(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("g.toml").write_text(CONFIG)
    assert run("pbem", "new", "--config", "g.toml", "--out", "ann.fauna").exit_code == 0
    for p in ("bob", "cy"):
        Path(f"{p}.fauna").write_bytes(Path("ann.fauna").read_bytes())
    return tmp_path


def pick(game: str, rng: SplitMix64) -> str:
    """A legal move for whoever is to move on this copy: pass when allowed half the time, else a free spot."""
    state = load_game(game).state
    legal = state.legal_moves()
    if legal[0].kind == "pass" and (len(legal) == 1 or rng.below(2)):
        return "pass"
    spots = [m for m in legal if m.kind != "pass"]
    return state.move_text(spots[rng.below(len(spots))])


def test_three_copies_stay_identical_through_a_whole_game_of_move_files(copies):
    rng = SplitMix64(9)
    moves = 0
    while not load_game("ann.fauna").state.is_over:
        mover = load_game("ann.fauna").state.to_move
        text = pick(f"{mover}.fauna", rng)
        done = run("pbem", "move", f"{mover}.fauna", "--as", mover, "--move-file", "m.txt", "--force", text)
        assert done.exit_code == 0, done.output
        for other in {"ann", "bob", "cy"} - {mover}:
            applied = run("pbem", "apply", f"{other}.fauna", "m.txt")
            assert applied.exit_code == 0, applied.output
        moves += 1
        assert Path("ann.fauna").read_bytes() == Path("bob.fauna").read_bytes() == Path("cy.fauna").read_bytes()
    assert moves > 10
    assert run("replay", "cy.fauna").exit_code == 0


def _one_move(copies) -> str:
    state = load_game("bob.fauna").state
    assert state.to_move == "bob"
    assert run("pbem", "move", "bob.fauna", "--as", "bob", "--move-file", "b1.txt", "Sahel").exit_code == 0
    return Path("b1.txt").read_text()


@pytest.mark.parametrize("mangle", [
    lambda t: t.replace("\n", "\r\n"),
    lambda t: "".join("> " + ln + "\n" for ln in t.splitlines()),
    lambda t: "".join("> > " + ln + "  \n" for ln in t.splitlines()),
    lambda t: "Hi all, my move:\n\n" + t + "\nCheers, bob\n",
    lambda t: "\n".join(ln if ln.startswith("-----") else textwrap.fill(ln, 10, break_long_words=False)
                        for ln in t.splitlines()) + "\n",
    lambda t: "\n".join(ln if ln.startswith("-----") else "> " + textwrap.fill(ln, 8, break_long_words=False
                                                                              ).replace("\n", "\n> ")
                        for ln in t.splitlines()) + "\n",
], ids=["crlf", "quoted", "double-quoted-trailing-space", "in-a-mail", "re-wrapped", "re-wrapped-and-quoted"])
def test_a_move_file_survives_mail_programs(copies, mangle):
    text = _one_move(copies)
    assert mangle(text) != text
    result = run("pbem", "apply", "ann.fauna", "-", input=mangle(text))
    assert result.exit_code == 0, result.output
    assert Path("ann.fauna").read_bytes() == Path("bob.fauna").read_bytes()


def test_a_damaged_move_is_detected_and_named(copies):
    text = _one_move(copies).replace("move Sahel", "move Sahara")
    result = run("pbem", "apply", "ann.fauna", "-", input=text)
    assert result.exit_code == 2
    assert "<stdin>:" in result.output and "damaged on the way" in result.output and "ask bob" in result.output


def test_duplicates_are_ignored_and_reported(copies):
    _one_move(copies)
    assert run("pbem", "apply", "ann.fauna", "b1.txt").exit_code == 0
    again = run("pbem", "apply", "ann.fauna", "b1.txt", "b1.txt")
    assert again.exit_code == 0 and "already in this copy; ignored" in again.output
    assert Path("ann.fauna").read_bytes() == Path("bob.fauna").read_bytes()


def test_files_in_any_order_are_applied_in_sequence_and_a_gap_names_the_missing_move(copies):
    _one_move(copies)
    run("pbem", "apply", "cy.fauna", "b1.txt")
    state = load_game("cy.fauna").state
    nxt = state.to_move
    assert run("pbem", "move", "cy.fauna", "--as", nxt, "--move-file", "m2.txt", pick("cy.fauna", SplitMix64(1))
               ).exit_code == 0
    gap = run("pbem", "apply", "ann.fauna", "m2.txt")
    assert gap.exit_code == 3 and "move 2 is missing: it is bob's move" not in gap.output
    assert "move 1 is missing: it is bob's move" in gap.output
    both = run("pbem", "apply", "ann.fauna", "m2.txt", "b1.txt")
    assert both.exit_code == 0, both.output
    assert Path("ann.fauna").read_bytes() == Path("cy.fauna").read_bytes()


def test_a_fork_names_both_heads(copies):
    _one_move(copies)
    assert run("pbem", "move", "ann.fauna", "--as", "bob", "--move-file", "other.txt", "Congo Basin").exit_code == 0
    fork = run("pbem", "apply", "ann.fauna", "b1.txt")
    assert fork.exit_code == 3 and "a fork" in fork.output and fork.output.count("head") >= 2


def test_a_move_of_another_game_is_refused(copies, tmp_path):
    _one_move(copies)
    Path("h.toml").write_text(CONFIG.replace("seed = 4", "seed = 5"))
    assert run("pbem", "new", "--config", "h.toml", "--out", "other.fauna").exit_code == 0
    wrong = run("pbem", "apply", "other.fauna", "b1.txt")
    assert wrong.exit_code == 2 and "belongs to another game" in wrong.output


def test_an_illegal_move_file_is_refused_with_the_reason(copies):
    _one_move(copies)
    head = load_game("ann.fauna")
    mf = read_move_files(Path("b1.txt").read_text(), "b1.txt")[0]
    bad = MoveFile(mf.game, mf.seq, "bob", "Atlantis", head.head)
    result = run("pbem", "apply", "ann.fauna", "-", input=bad.text())
    assert result.exit_code == 3 and "not legal here" in result.output and "unknown area 'Atlantis'" in result.output


def test_move_file_text_round_trips_and_unterminated_blocks_are_named():
    mf = MoveFile("a" * 32, 7, "Zoë van Dam", "weight 200-500 kg", "b" * 32)
    (back,) = read_move_files(mf.text(), "x")
    assert (back.game, back.seq, back.player, back.move, back.after) == (mf.game, 7, "Zoë van Dam", mf.move, mf.after)
    with pytest.raises(MoveFileError, match="never ends"):
        read_move_files(mf.text().rsplit("-----END", 1)[0], "x")


@pytest.mark.parametrize("game", ["arctic", "exofauna", "evo"])
def test_copies_of_every_game_stay_identical_through_move_files(game, tmp_path, monkeypatch):
    from rules.core.bots import seat_bots
    from rules.core.registry import load_rules

    monkeypatch.chdir(tmp_path)
    rules = load_rules(game)
    Path("g.toml").write_text(f'[game]\nrules = "{game}"\nseed = 6\n[[players]]\nname = "a"\n[[players]]\nname = "b"\n')
    assert run("pbem", "new", "--config", "g.toml", "--out", "a.game").exit_code == 0
    Path("b.game").write_bytes(Path("a.game").read_bytes())
    doc = {"game": {"rules": game}, "players": [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}]}
    bots = None
    for _ in range(25):
        state = load_game("a.game").state
        if state.is_over:
            break
        bots = bots or seat_bots(rules, rules.config_from_dict(doc, "t", None), state.seed)
        mover = state.to_move
        text = state.move_text(bots[list(state.names).index(mover)].choose(state))
        moved = run("pbem", "move", f"{mover}.game", "--as", mover, "--move-file", "m.txt", "--force", text)
        assert moved.exit_code == 0
        other = "b" if mover == "a" else "a"
        applied = run("pbem", "apply", f"{other}.game", "m.txt")
        assert applied.exit_code == 0, applied.output
        assert Path("a.game").read_bytes() == Path("b.game").read_bytes()
