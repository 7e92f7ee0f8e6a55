"""Issue 27 item 3: `pbem status PUBLIC` of a refereed game shows what a spectator may see before the reveal
(the board the referee writes into the public file at every write, and the final tables at the end), in text,
JSON and `--svg`, and never a card that is hidden from the spectator. Public files of an older fauna (without
the board line) still read, with the old message, and the referee's next write gives them a board.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from rules.core.log import chain, load_game_log
from rules.core.referee import public_game, read_key_secrets
from rules.core.registry import load_rules


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="fauna")


def start(tmp: Path, game: str, names: list[str]) -> tuple[Path, Path]:
    (tmp / "g.toml").write_text(f'[game]\nrules = "{game}"\n' + "".join(f'[[players]]\nname = "{n}"\n'
                                                                          for n in names))
    made = run("pbem", "new", "--config", tmp / "g.toml", "--out", tmp / "g.game", "--referee", tmp / "g.key")
    assert made.exit_code == 0, made.output
    return tmp / "g.game", tmp / "g.key"


def full(tmp: Path, game: str):
    rules = load_rules(game)
    salt, _, log = read_key_secrets((tmp / "g.key").read_text(), "g.key")
    return rules, salt, load_game_log(log, "g.key", rules)


def play(tmp: Path, game: str, moves: int | None) -> None:
    """The referee applies `moves` decisions (None: to the end), each the last choice its player's view lists."""
    rules, _, loaded = full(tmp, game)
    done = 0
    while not loaded.state.is_over and (moves is None or done < moves):
        who = loaded.state.to_move
        legal = json.loads(run("pbem", "status", tmp / f"g-{who}.view", "--format", "json").output)["legal"]
        r = run("pbem", "move", tmp / "g.game", "--key", tmp / "g.key", "--as", who, legal[-1])
        assert r.exit_code == 0, r.output
        rules, _, loaded = full(tmp, game)
        done += 1


def status(game: Path, tmp: Path) -> tuple[str, dict[str, Any], str]:
    """(text, JSON, SVG) of `pbem status PUBLIC`."""
    text = run("pbem", "status", game)
    assert text.exit_code == 0, text.output
    doc = run("pbem", "status", game, "--format", "json")
    assert doc.exit_code == 0, doc.output
    svg = tmp / "board.svg"
    svg.unlink(missing_ok=True)
    drawn = run("pbem", "status", game, "--svg", svg)
    assert drawn.exit_code == 0, drawn.output
    return text.output, json.loads(doc.output), svg.read_text()


def arctic_hidden(state: Any) -> set[str]:
    """Cards the spectator may not see: hands, face-down cards (until the end), the draw pile and the reserve,
    less any card of the same name that lies face up (a river card, a visible pile card)."""
    from rules.arctic.state import NAME, WILD

    hidden = {NAME[c] for hand in state.hands for c in hand} | {NAME[c] for c in state.draw} | \
        {NAME[c] for c in state.reserve}
    if not state.over:
        hidden |= {NAME[e - WILD] for pile in state.piles for e in pile if e >= WILD}
    public = {NAME[c] for c in state.river} | {NAME[e] for pile in state.piles for e in pile if e < WILD}
    if state.over:
        public |= {NAME[e - WILD] for pile in state.piles for e in pile if e >= WILD}
    return hidden - public


def exofauna_hidden(state: Any) -> set[str]:
    """Organisms only in hands or inside the decks (below their tops): never on the board or a deck's top."""
    from rules.exofauna.state import EMPTY

    d = state.d
    name = lambda c: d.organisms[c >> 1].name  # noqa: E731 - a card's organism
    hidden = {name(c) for hand in state.hands for c in hand} | {name(c) for deck in state.decks for c in deck[1:]}
    public = {name(c) for hole in state.holes for c in hole if c != EMPTY} | \
        {name(deck[0]) for deck in state.decks if deck}
    return {n for n in hidden - public if len(n) > 3}


def assert_nothing_hidden_shown(tmp: Path, game: str, outputs: list[str], something: bool = True) -> None:
    """No card hidden from a spectator is in any output, except those the public decisions named (a card
    taken from the river is in a hand, but everyone saw it taken)."""
    rules, salt, loaded = full(tmp, game)
    decisions = public_game(rules, loaded, salt).text(board=False)  # the public file without the board
    hidden = arctic_hidden(loaded.state) if game == "arctic" else exofauna_hidden(loaded.state)
    hidden = {c for c in hidden if c not in decisions}
    assert hidden or not something  # there is something to hide (at the end there may be nothing left)
    for out in outputs:
        leaked = sorted(c for c in hidden if c in out)
        assert not leaked, leaked


@pytest.mark.parametrize(("game", "names"), [("arctic", ["ann", "bob", "cid"]), ("exofauna", ["ann", "bob"])])
def test_the_public_file_shows_the_spectators_board_and_never_a_hidden_card(tmp_path, game, names):
    pub, _ = start(tmp_path, game, names)
    play(tmp_path, game, 12)
    rules, _, loaded = full(tmp_path, game)
    text, doc, svg = status(pub, tmp_path)
    want = json.loads(json.dumps(loaded.state.view(None)))
    assert doc["revealed"] is False and doc["over"] is False and doc["view"] == want
    assert doc["next"] == {"seq": loaded.state.seq + 1, "player": loaded.state.to_move}
    assert "What a spectator may see now" in text and "No board before the reveal" not in text
    if game == "arctic":
        assert "Landscape:" in text and "River:" in text and "Powers:" in text
        for card in want["river"]:
            assert card in text and card in svg
    assert svg.lstrip().startswith(("<svg", "<?xml"))
    assert_nothing_hidden_shown(tmp_path, game, [text, json.dumps(doc, ensure_ascii=False), svg, pub.read_text()])


def test_the_public_file_of_a_finished_game_shows_the_final_tables_before_the_reveal(tmp_path):
    pub, key = start(tmp_path, "arctic", ["ann", "bob"])
    play(tmp_path, "arctic", None)
    rules, _, loaded = full(tmp_path, "arctic")
    text, doc, svg = status(pub, tmp_path)
    tables = rules.final_tables(loaded.state)
    assert doc["over"] is True and doc["next"] is None and doc["revealed"] is False
    assert doc["tables"] == json.loads(json.dumps([t.to_dict() for t in tables]))
    assert "the game is over" in text and "Final scores" in text
    for name, points in loaded.state.scores().items():
        assert f"{name} {points}" in text.replace(",", "")
    assert_nothing_hidden_shown(tmp_path, "arctic", [text, json.dumps(doc), svg, pub.read_text()], something=False)
    # the reveal drops the board lines: the file re-runs, and its status is the re-run game's
    assert run("pbem", "reveal", pub, "--key", key).exit_code == 0
    assert "view {" not in pub.read_text() and run("replay", pub).exit_code == 0
    doc = json.loads(run("pbem", "status", pub, "--format", "json").output)
    assert doc["revealed"] is True and doc["tables"] == json.loads(json.dumps([t.to_dict() for t in tables]))


def without_board(text: str) -> str:
    """A public file as fauna wrote it before it had a board line: the `view` line out, `next` chained anew."""
    lines = [ln for ln in text.splitlines() if not ln.startswith("view {")]
    if lines[-1].startswith("next "):
        body = lines[-1].rsplit(" @", 1)[0]
        lines[-1] = f"{body} @{chain(lines[-2].rsplit(' @', 1)[1], body)}"
    return "\n".join(lines) + "\n"


def test_an_older_public_file_still_reads_with_the_old_message_and_the_next_write_gives_it_a_board(tmp_path):
    pub, key = start(tmp_path, "arctic", ["ann", "bob"])
    play(tmp_path, "arctic", 3)
    rules, salt, loaded = full(tmp_path, "arctic")
    old = public_game(rules, loaded, salt).text(board=False)
    assert without_board(pub.read_text()) == old  # what an older fauna wrote
    pub.write_text(old)
    text = run("pbem", "status", pub)
    assert text.exit_code == 0 and "No board before the reveal" in text.output
    assert json.loads(run("pbem", "status", pub, "--format", "json").output)["view"] is None
    svg = run("pbem", "status", pub, "--svg", tmp_path / "x.svg")
    assert svg.exit_code == 2 and not (tmp_path / "x.svg").exists()
    assert run("replay", pub).exit_code == 0
    play(tmp_path, "arctic", 1)  # the referee (a newer fauna) goes on with the older file
    assert "What a spectator may see now" in run("pbem", "status", pub).output


def test_an_edited_board_line_breaks_the_chain(tmp_path):
    pub, _ = start(tmp_path, "arctic", ["ann", "bob"])
    play(tmp_path, "arctic", 2)
    lines = pub.read_text().splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("view {"))
    lines[at] = lines[at].replace('"round": 1', '"round": 2')
    shutil.copyfile(pub, tmp_path / "kept.game")
    pub.write_text("\n".join(lines) + "\n")
    r = run("pbem", "status", pub)
    assert r.exit_code == 4 and f":{at + 1}: expected hash" in r.stderr and "the line was edited" in r.stderr
