"""Issue 27, items 1 and 2: a whole turn per mail in referee games, and view files that read moves as the terminal.

Through the real CLI (click's runner): `pbem new --referee`, `pbem move VIEW`, `pbem apply GAME --key KEY`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from rules.core.log import load_game_log
from rules.core.referee import read_key_secrets
from rules.core.registry import load_rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from mail_turns import mails_of  # the measuring tool, on the path just above


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="fauna")


def start(tmp: Path, game: str, names: list[str], seed: int) -> None:
    (tmp / "g.toml").write_text(f'[game]\nrules = "{game}"\n' + "".join(f'[[players]]\nname = "{n}"\n'
                                                                          for n in names))
    made = run("pbem", "new", "--config", tmp / "g.toml", "--out", tmp / "g.game", "--referee", tmp / "g.key",
               "--seed", seed, "--public-seed")
    assert made.exit_code == 0, made.output


def full_game(tmp: Path, game: str):
    rules = load_rules(game)
    _, _, log = read_key_secrets((tmp / "g.key").read_text(), "g.key")
    return rules, load_game_log(log, "g.key", rules)


def status(view: Path) -> dict:
    done = run("pbem", "status", view, "--format", "json")
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


def move_line(tmp: Path, view: Path, player: str, text: str):
    """The `move` line of the move file `pbem move VIEW` writes for `text` (or the failed result)."""
    done = run("pbem", "move", view, "--as", player, text, "--print-move")
    if done.exit_code != 0:
        return done
    return next(ln[5:] for ln in done.output.splitlines() if ln.startswith("move "))


# -- item 2: the view file reads what the terminal reads ------------------------------------------------

@pytest.fixture
def arctic(tmp_path: Path) -> tuple[Path, Path, str, list[str]]:
    start(tmp_path, "arctic", ["ann", "ben", "cid"], 11)
    _, loaded = full_game(tmp_path, "arctic")
    who = loaded.state.to_move
    view = tmp_path / f"g-{who}.view"
    return tmp_path, view, who, status(view)["legal"]


def test_a_short_form_in_any_case_is_read_as_the_one_choice_it_fits(arctic):
    tmp, view, who, legal = arctic
    card = legal[0].split(" ", 1)[1]  # 'place moose/puffin 5-1' -> 'moose/puffin 5-1'
    animals = card.split(" ")[0]
    assert sum(1 for t in legal if t.startswith(f"place {animals} ")) == 1  # so 'place moose/puffin' is unique
    assert move_line(tmp, view, who, f"PLACE {animals.upper()}") == legal[0]
    assert move_line(tmp, view, who, f"  place   {animals}  ") == legal[0]


def test_a_number_is_the_choice_status_lists_under_it(arctic):
    tmp, view, who, legal = arctic
    listed = run("pbem", "status", view).output
    assert f"  3. {legal[2]}" in listed
    assert move_line(tmp, view, who, "3") == legal[2]
    bad = run("pbem", "move", view, "--as", who, str(len(legal) + 1), "--print-move")
    assert bad.exit_code == 3 and f"there is no choice {len(legal) + 1}: choose 1 to {len(legal)}" in bad.output


def test_a_miss_is_refused_with_did_you_mean_and_an_ambiguous_short_form_names_the_choices(arctic):
    tmp, view, who, legal = arctic
    typo = legal[0].replace("place", "plaec", 1)
    bad = run("pbem", "move", view, "--as", who, typo, "--print-move")
    assert bad.exit_code == 3 and "did you mean" in bad.output and repr(legal[0]) in bad.output
    assert not list(tmp.glob("*-move-*.txt"))
    two = run("pbem", "move", view, "--as", who, "place", "--print-move")  # every choice is a placing
    assert two.exit_code == 3 and "could be" in two.output


def test_a_turn_joined_by_semicolons_goes_in_one_move_file_and_the_referee_applies_it_all(arctic):
    tmp, view, who, legal = arctic
    rules, loaded = full_game(tmp, "arctic")
    plan = loaded.state.copy()
    bot = rules.make_bot("random", {}, 5, 0)
    texts = []
    while plan.to_move == who and not plan.is_over:
        texts.append(plan.move_text(bot.choose(plan)))
        plan.apply(plan.parse(texts[-1]), who)
    assert len(texts) >= 3
    first = str(legal.index(texts[0]) + 1)  # the first decision by its number, the rest written out
    turn = "; ".join([first, *texts[1:]])
    assert move_line(tmp, view, who, turn) == "; ".join(texts)
    made = run("pbem", "move", view, "--as", who, turn, "--move-file", tmp / "m.txt")
    assert made.exit_code == 0, made.output
    applied = run("pbem", "apply", tmp / "g.game", "--key", tmp / "g.key", tmp / "m.txt")
    assert applied.exit_code == 0, applied.output
    _, after = full_game(tmp, "arctic")
    assert [m for _, m in after.state.history[:len(texts)]] == [m for _, m in plan.history[:len(texts)]]
    assert after.state.to_move != who


def test_a_turn_with_a_decision_that_does_not_fit_is_refused_whole_and_nothing_changes(arctic):
    tmp, view, who, legal = arctic
    made = run("pbem", "move", view, "--as", who, f"{legal[0]}; walrus sideways", "--move-file", tmp / "m.txt")
    assert made.exit_code == 0, made.output  # the view checks the first decision only
    before = {p.name: p.read_bytes() for p in tmp.iterdir()}
    applied = run("pbem", "apply", tmp / "g.game", "--key", tmp / "g.key", tmp / "m.txt")
    assert applied.exit_code == 3
    assert f"decision 2 of 2 of {who}'s turn, 'walrus sideways'" in applied.output
    assert "nothing was applied" in applied.output
    assert {p.name: p.read_bytes() for p in tmp.iterdir()} == before


def test_a_later_decision_by_number_is_refused_in_the_view(arctic):
    tmp, view, who, legal = arctic
    bad = run("pbem", "move", view, "--as", who, f"{legal[0]}; 2", "--print-move")
    assert bad.exit_code == 3 and "decision 2 of the turn" in bad.output


def test_without_a_referee_a_whole_turn_travels_in_one_move_file_and_copies_stay_identical(tmp_path):
    (tmp_path / "g.toml").write_text('[game]\nrules = "arctic"\nseed = 3\n[[players]]\nname = "ann"\n'
                                     '[[players]]\nname = "ben"\n')
    assert run("pbem", "new", "--config", tmp_path / "g.toml", "--out", tmp_path / "a.game").exit_code == 0
    (tmp_path / "b.game").write_bytes((tmp_path / "a.game").read_bytes())
    rules = load_rules("arctic")
    loaded = load_game_log((tmp_path / "a.game").read_text(), "a.game", rules)
    plan, who = loaded.state.copy(), loaded.state.to_move
    bot = rules.make_bot("random", {}, 3, 0)
    texts = []
    while plan.to_move == who and not plan.is_over:
        texts.append(plan.move_text(bot.choose(plan)))
        plan.apply(plan.parse(texts[-1]), who)
    made = run("pbem", "move", tmp_path / "a.game", "--as", who, "; ".join(texts), "--move-file", tmp_path / "m.txt")
    assert made.exit_code == 0, made.output
    assert f"move {'; '.join(texts)}\n" in (tmp_path / "m.txt").read_text()
    applied = run("pbem", "apply", tmp_path / "b.game", tmp_path / "m.txt")
    assert applied.exit_code == 0, applied.output
    assert (tmp_path / "a.game").read_bytes() == (tmp_path / "b.game").read_bytes()


# -- item 1: one mail per turn; counted over whole refereed games -------------------------------------

def play_by_mail(tmp: Path, game: str, names: list[str], seed: int, kind: str) -> tuple[int, int, int]:
    """Play a refereed game to its end, each player mailing the whole rest of their turn each time (decided by a
    computer player on the referee's full game, as a person would plan it); (turns, mails, stops)."""
    start(tmp, game, names, seed)
    mails = stops = 0
    for _ in range(3000):
        rules, loaded = full_game(tmp, game)
        if loaded.state.is_over:
            break
        who = loaded.state.to_move
        plan = loaded.state.copy()
        bot = rules.make_bot(kind, {}, seed, names.index(who))
        texts = []
        while plan.to_move == who and not plan.is_over:
            texts.append(plan.move_text(bot.choose(plan)))
            plan.apply(plan.parse(texts[-1]), who)
        made = run("pbem", "move", tmp / f"g-{who}.view", "--as", who, "; ".join(texts), "--move-file",
                   tmp / "m.txt", "--force")
        assert made.exit_code == 0, made.output
        applied = run("pbem", "apply", tmp / "g.game", "--key", tmp / "g.key", tmp / "m.txt")
        assert applied.exit_code == 0, applied.output
        mails += 1
        stops += applied.output.count("Stopped (tell the player): ")
        if "Stopped" in applied.output:
            assert f"{who}: stopped before decision " in applied.output and "send it" in applied.output
            again = run("pbem", "apply", tmp / "g.game", "--key", tmp / "g.key", tmp / "m.txt")  # the mail twice
            assert again.exit_code == 0 and "already applied up to where it was stopped" in again.output, again.output
    rules, loaded = full_game(tmp, game)
    assert loaded.state.is_over
    turns, counted = mails_of(rules, loaded.state.config, loaded.state.seed, list(loaded.state.history))
    assert counted == mails  # the referee stopped exactly where the measuring tool says a mail ends
    assert mails - turns == stops  # every extra mail was asked for by a stop the player was told of
    revealed = run("pbem", "reveal", tmp / "g.game", "--key", tmp / "g.key")
    assert revealed.exit_code == 0, revealed.output
    assert run("replay", tmp / "g.game").exit_code == 0
    return turns, mails, stops


@pytest.mark.parametrize(("game", "names", "kind"), [("arctic", ["ann", "ben", "cid"], "planner"),
                                                     ("exofauna", ["ann", "ben"], "random")])
def test_a_refereed_game_takes_about_one_mail_per_turn(game, names, kind, tmp_path):
    turns, mails, stops = play_by_mail(tmp_path, game, names, 7, kind)
    print(f"{game}: {turns} turns, {mails} mails, {mails / turns:.3f} per turn, {stops} stops")
    assert turns > 10
    assert mails / turns <= 1.2


def test_where_several_choices_fit_the_terminal_s_reading_wins():
    from rules.core.choices import pick_choice
    from rules.core.errors import IllegalMove

    hand = ["place puffin/moose 3-3", "place moose/fox 1-5", "place fox/moose 5-1", "place fox/moose 5-1 under"]
    assert pick_choice("place moose", hand, "status") == "place moose/fox 1-5"  # the main animal, as the terminal
    assert pick_choice("place fox", hand, "status") == "place fox/moose 5-1"  # on top, not under
    assert pick_choice("place fox under", hand, "status") == "place fox/moose 5-1 under"
    assert pick_choice("Place Puf", hand, "status") == "place puffin/moose 3-3"
    with pytest.raises(IllegalMove, match="could be 'place moose/fox 5-1' or 'place fox/moose 5-1'"):
        pick_choice("place 5", ["place moose/fox 5-1", "place fox/moose 5-1"], "status")
