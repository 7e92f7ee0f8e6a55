"""Issue 13 for Arctic, ExoFauna and Evo through the CLI: undo at the hot-seat prompt, the last round's results
in `pbem status` and `pbem show --round`, and the SVG picture of a game for e-mail players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from rules.core.log import load_game_log
from rules.core.registry import load_rules
from tests.jsonshapes import config

OTHERS = ["arctic", "exofauna", "evo"]


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, prog_name="fauna")


def moves_in(log: Path, game: str) -> list[tuple[str, str]]:
    """The decisions a log file holds (it must verify)."""
    loaded = load_game_log(log.read_text(), str(log), load_rules(game))
    assert loaded.complete
    return [(p, loaded.state.move_text(m)) for p, m in loaded.state.history]


# -- undo ---------------------------------------------------------------------------------------------------

def test_arctic_undo_takes_back_own_decision_and_the_log_follows(tmp_path):
    cfg, log = config(tmp_path / "a.toml", "arctic"), tmp_path / "a.log"
    result = run("play", "--config", cfg, "--log", log, input="1\n1\nundo\nundo\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "Took back me's move 2 (" in result.output
    assert "Took back me's move 1 (place walrus/orca 5-1); me to decide." in result.output
    assert moves_in(log, "arctic") == []  # the file was rewritten from the shortened history
    again = run("play", "--config", cfg, "--log", log, "--force", input="undo\nquit\ny\n")
    assert "Nothing to undo for me: nobody has decided at this terminal." in again.output


def test_arctic_a_decision_that_refilled_the_river_is_final(tmp_path):
    cfg, log = config(tmp_path / "a.toml", "arctic"), tmp_path / "a.log"
    result = run("play", "--config", cfg, "--log", log, input="1\n1\n1\n1\nundo\nundo bot1\nundo zed\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert ("Cannot undo me's move 4 (take bear/moose 4-2): it turned new cards from the draw pile into the river, "
            "so it is final") in result.output
    assert "Nothing to undo for bot1: bot1 is a computer player" in result.output
    assert "undo NAME: 'zed' is not playing (players: me, bot1)" in result.output
    assert len(moves_in(log, "arctic")) > 4  # nothing was taken back


def test_evo_undo_takes_back_the_bot_replies_and_a_drawn_card_is_final(tmp_path):
    # edition 2: the position this test walks through (edition 3's two-player first round has no outbidding)
    cfg, log = config(tmp_path / "e.toml", "evo", edition=2), tmp_path / "e.log"
    result = run("play", "--config", cfg, "--log", log, input="1\nundo\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "Took back me's move 1 (bid 1 event), and the computer players' replies (bot1: bid 5 event); " \
           "me to decide." in result.output
    assert moves_in(log, "evo") == []
    result = run("play", "--config", cfg, "--log", log, "--force", input="1\n" * 5 + "undo\nquit\ny\n")
    assert "Cannot undo me's move 15 (bid 1 event): it drew an event card from the deck, so it is final" \
        in result.output


def test_exofauna_drawing_from_a_deck_is_final(tmp_path):
    cfg = config(tmp_path / "x.toml", "exofauna")
    result = run("play", "--config", cfg, input="1\nundo\n" + "1\n" * 9 + "undo\nquit\ny\n")
    assert "Took back me's move 9 (play Glimmo yellow A n); me to decide." in result.output
    assert "drew cards from a deck, showing its next card, so it is final" in result.output


def test_undo_of_another_persons_decision_says_who_decided_since_and_is_refused(tmp_path):
    cfg = config(tmp_path / "e.toml", "evo", humans=2, bots=0)
    # me bids, the screen goes to you: your undo is refused, and so is `undo me` (it would show me's hand to you)
    result = run("play", "--config", cfg, input="\n1\n\nundo\nundo me\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "Nothing to undo for you: me decided since (move 1: bid 1 event); only the latest decision can be " \
           "taken back, by its player." in result.output
    assert ("Nothing to undo for me: at a shared screen each person takes back only their own decisions (me types "
            "'undo' at their own prompt).") in result.output
    assert "Took back" not in result.output
    assert result.output.count("me's turn: everyone else, please look away.") == 1


def test_a_continued_games_earlier_decisions_are_final(tmp_path):
    cfg, log = config(tmp_path / "a.toml", "arctic"), tmp_path / "a.log"
    run("play", "--config", cfg, "--log", log, input="1\nquit\ny\n")
    result = run("play", "--continue", log, input="undo\n1\nundo\nquit\ny\n")
    assert "nobody has decided at this terminal since the game was continued" in result.output
    assert "Took back me's move 2" in result.output
    assert len(moves_in(log, "arctic")) == 1


# -- the last round's results in pbem status, and pbem show --round ------------------------------------------

def pbem_game(tmp_path: Path, game: str, moves: int) -> Path:
    """An e-mail game of one person and one computer player, `moves` decisions of the person's in."""
    from fauna_cli.gamefile import load_game

    cfg, path = config(tmp_path / "g.toml", game), tmp_path / f"g.{game}"
    assert run("pbem", "new", "--config", cfg, "--out", path).exit_code == 0
    for _ in range(moves):
        state = load_game(str(path)).state
        text = state.move_text(state.legal_moves()[0])
        result = run("pbem", "move", path, "--as", state.to_move, "--print-move", text)
        assert result.exit_code == 0, result.output
    return path


def test_arctic_pbem_status_points_to_the_last_rounds_results_and_show_takes_round(tmp_path):
    path = pbem_game(tmp_path, "arctic", 12)  # round 1 and 2 are over, round 3 is being played
    status = run("pbem", "status", path)
    assert status.exit_code == 0, status.output
    assert ("Results of round 2 (After round 2; Longest runs after round 2; Tokens after round 2): "
            f"fauna pbem show {path} --round 2") in status.output
    doc = json.loads(run("pbem", "status", path, "--format", "json").output)
    assert doc["period"] == "round" and doc["last_round"]["round"] == 2
    assert doc["last_round"]["tables"][0]["title"] == "After round 2"
    one = run("pbem", "show", path, "--round", "1")
    assert one.exit_code == 0, one.output
    assert one.output.startswith("Moves of round 1: 1 me: place walrus/orca 5-1, 2 me: walrus left")
    assert "After round 1" in one.output and "Tokens after round 1" in one.output and "round 2" not in one.output
    shown = json.loads(run("pbem", "show", path, "--round", "2", "--format", "json").output)
    assert [r["round"] for r in shown["rounds"]] == [2] and shown["rounds"][0]["moves"][0]["seq"] == 12
    now = run("pbem", "show", path, "--round", "3")
    assert now.exit_code == 2 and "round 3 is still being played; its results come when it ends" in now.output
    later = run("pbem", "show", path, "--round", "9")
    assert later.exit_code == 2 and "there is no finished round 9 (rounds 1-2 finished)" in later.output
    whole = run("pbem", "show", path)
    assert whole.exit_code == 0 and "After round 1" in whole.output and "After round 2" in whole.output


def test_exofauna_pbem_show_round_is_a_turn_and_evo_a_round(tmp_path):
    exo = pbem_game(tmp_path / "x" if (tmp_path / "x").mkdir() is None else tmp_path, "exofauna", 10)
    one = run("pbem", "show", exo, "--round", "1")
    assert one.exit_code == 0 and one.output.startswith("Moves of turn 1: 1 bot1:") and "Watering Holes" in one.output
    assert "Results of turn " in run("pbem", "status", exo).output
    evo = pbem_game(tmp_path / "e" if (tmp_path / "e").mkdir() is None else tmp_path, "evo", 10)
    first = run("pbem", "show", evo, "--round", "1")
    assert first.exit_code == 0 and first.output.startswith("Moves of round 1: 1 me: bid 1 event")
    assert "Climate, round 1" in first.output


def test_pbem_show_round_says_plainly_when_a_game_has_no_rounds(tmp_path):
    import dataclasses

    from fauna_cli import anygame
    from fauna_cli.gamefile import load_game
    from fauna_cli.replay_cmd import RequestError

    loaded = load_game(str(pbem_game(tmp_path, "arctic", 1)))
    loaded.rules = dataclasses.replace(loaded.rules, period_name="")
    with pytest.raises(RequestError, match="--round does not apply to Arctic games: their results come in no rounds"):
        anygame.pbem_show(loaded, "g.arctic", 1, "plain")


# -- the picture (SVG) for e-mail players ---------------------------------------------------------------------

import xml.etree.ElementTree as ET  # noqa: E402 - the picture tests' import, kept beside them

NS = {"s": "http://www.w3.org/2000/svg"}


def picture(tmp_path: Path, game_file: Path, player: str | None = None) -> ET.Element:
    out = tmp_path / f"{game_file.name}-{player}.svg"
    args = ["pbem", "status", game_file, "--svg", out] + (["--as", player] if player else [])
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert f"Wrote the picture to {out}." in result.output
    return ET.parse(out).getroot()


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{{{NS['s']}}}g") if cls in (g.get("class") or "").split()]


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(f"{{{NS['s']}}}text")]


def all_text(el: ET.Element) -> str:
    return "\n".join(t.text or "" for t in el.iter() if t.tag.endswith(("text", "title")))


def state_of(path: Path):
    from fauna_cli.gamefile import load_game

    return load_game(str(path)).state


def test_arctic_picture_puts_every_token_on_its_landscape_card_and_hides_other_hands(tmp_path):
    path = pbem_game(tmp_path, "arctic", 12)
    state = state_of(path)
    view = state.view("me")
    root = picture(tmp_path, path, "me")
    cards = groups(root, "landscape")
    assert [int(c.get("data-value")) for c in cards] == view["landscape"]
    seen = {}
    for card in cards:
        box = card.find("s:rect", NS)
        x, y, w, h = (float(box.get(k)) for k in ("x", "y", "width", "height"))
        for token in groups(card, "token"):
            dot = token.find("s:circle", NS)
            assert x < float(dot.get("cx")) < x + w and y < float(dot.get("cy")) < y + h
            seen[token.get("data-animal")] = int(card.get("data-value"))
    assert seen == view["tokens"] and len(seen) == 6
    river = [all_text(c).split("\n")[0] for c in groups(root, "river")]
    assert river == view["river"]
    for p, g in zip(view["players"], groups(root, "player"), strict=True):
        words = all_text(g)
        assert p["name"] in words and f"pile {p['pile_size']}," in words and (p["visible"] or "no card yet") in words
        assert ("powers: " + (", ".join(p["powers"]) or "none")) in words
    powers = {g.get("data-animal"): all_text(g) for g in groups(root, "power")}
    assert all(f"{a} {p['side']}" in powers[a] and (p["holder"] or "centre") in powers[a]
               for a, p in view["powers"].items())
    (hand,) = groups(root, "hand")
    assert [all_text(c).split("\n")[0] for c in groups(hand, "card")] == view["hand"]
    from rules.arctic.cards import NAME

    shown = set(view["river"]) | {c for p in view["players"] for c in p["pile"]}
    hidden = [NAME[c] for c in state.hands[1] if NAME[c] not in shown]
    assert hidden and not any(h in all_text(root) for h in hidden)  # bot1's hand is not in me's picture
    spectator = picture(tmp_path, path)
    assert not groups(spectator, "hand")
    assert not any(NAME[c] in all_text(spectator) for c in state.hands[0] if NAME[c] not in shown)


def test_exofauna_picture_draws_both_holes_as_grids_around_their_card(tmp_path):
    path = pbem_game(tmp_path, "exofauna", 10)
    view = state_of(path).view("me")
    root = picture(tmp_path, path, "me")
    holes = groups(root, "hole")
    assert [h.get("data-label") for h in holes] == [h["label"] for h in view["holes"]]
    for hole, g in zip(view["holes"], holes, strict=True):
        centre = groups(g, "hole-card")[0]
        assert centre.get("data-colour") == hole["colour"] and hole["label"] in texts(centre)
        box = centre.find("s:rect", NS)
        cx, cy = float(box.get("x")), float(box.get("y"))
        spaces = {s.get("data-space"): s for s in groups(g, "space")}
        assert set(spaces) == set(hole["spaces"])
        for name, (r, c) in view["grid"].items():
            rect = spaces[name].find(".//s:rect", NS)
            dx, dy = float(rect.get("x")) - cx, float(rect.get("y")) - cy
            assert (round(dy / abs(dy)) if abs(dy) > 1 else 0, round(dx / abs(dx)) if abs(dx) > 1 else 0) \
                == (r - 1, c - 1)  # the space sits where the grid puts it around the hole card
            card = hole["spaces"][name]
            if card is None:
                assert "empty" in spaces[name].get("class")
            else:
                assert card["name"] in texts(spaces[name]) and card["colour"] in texts(spaces[name])
    for p, g in zip(view["players"], groups(root, "player"), strict=True):
        words = all_text(g)
        assert f"deck {p['deck_size']};" in words and f"holes claimed {len(p['claimed'])}" in words
        top = p["deck_top"]
        assert top is None or f"{top['name']} {top['colour']}" in words
    (hand,) = groups(root, "hand")
    assert [tuple(texts(c)[:2]) for c in groups(hand, "card")] == [(c["name"], c["colour"]) for c in view["hand"]]
    assert not groups(picture(tmp_path, path), "hand")  # a spectator sees no hand


def test_evo_picture_draws_the_island_with_moves_names_dinosaurs_and_climate(tmp_path):
    path = pbem_game(tmp_path, "evo", 10)
    state = state_of(path)
    view = state.view("me")
    root = picture(tmp_path, path, "me")
    spaces = {g.get("data-space"): g for g in groups(root, "space")}
    assert set(spaces) == set(view["terrain"])
    rings = view["wheel"]["rings"]
    centre = {}
    for name, g in spaces.items():
        assert g.get("data-terrain") == view["terrain"][name] and g.get("data-climate") == rings[view["terrain"][name]]
        assert texts(g)[0] == name
        corners = [tuple(map(float, p.split(","))) for p in g.find("s:polygon", NS).get("points").split()]
        centre[name] = (sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6)
    board = state.board
    step = min(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 for a, (ax, ay) in centre.items()
               for b, (bx, by) in centre.items() if a != b)
    for i, name in enumerate(board.names):  # the spaces next to each other in the rules touch in the picture
        for j in board.neighbors[i]:
            (ax, ay), (bx, by) = centre[name], centre[board.names[j]]
            assert abs(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 - step) < 1
    drawn = {}
    for name, g in spaces.items():
        for d in groups(g, "dino"):
            drawn[name] = d.get("data-player")
            assert texts(d) == [str(1 + view["players"].index(d.get("data-player")))]
    assert drawn == {s: p for p, where in view["dinosaurs"].items() for s in where}
    zones = {g.get("data-terrain"): g.get("data-climate") for g in groups(root, "zone")}
    assert zones == rings
    (hand,) = groups(root, "hand")
    assert all(c in all_text(hand) for c in view["hand"])
    assert not groups(picture(tmp_path, path), "hand")


@pytest.mark.parametrize("game", OTHERS)
def test_play_svg_writes_the_picture_after_a_script_and_at_the_prompt(game, tmp_path):
    rules = load_rules(game)
    cfg = config(tmp_path / "b.toml", game, humans=0, bots=rules.min_players)
    out = tmp_path / "end.svg"
    result = run("play", "--config", cfg, "--moves", "-", "--svg", out, input="")
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    assert root.tag == f"{{{NS['s']}}}svg" and "game over" in root.find("s:title", NS).text
    cfg = config(tmp_path / "h.toml", game)
    out = tmp_path / "quit.svg"
    result = run("play", "--config", cfg, "--svg", out, input="quit\ny\n")
    assert result.exit_code == 0 and f"Wrote the picture to {out}." in result.output
    assert not groups(ET.parse(out).getroot(), "hand")  # drawn for everyone: no hand


def test_a_refereed_arctic_game_draws_each_players_picture_from_their_view_file(tmp_path):
    (tmp_path / "g.toml").write_text('[game]\nrules = "arctic"\n[[players]]\nname = "p1"\n[[players]]\nname = "p2"\n')
    made = run("pbem", "new", "--config", tmp_path / "g.toml", "--out", tmp_path / "g.game",
               "--referee", tmp_path / "g.key")
    assert made.exit_code == 0, made.output
    views = {}
    for who in ("p1", "p2"):
        out = tmp_path / f"{who}.svg"
        result = run("pbem", "status", tmp_path / f"g-{who}.view", "--svg", out)
        assert result.exit_code == 0 and f"Wrote the picture to {out}." in result.output, result.output
        views[who] = json.loads(run("pbem", "status", tmp_path / f"g-{who}.view", "--format", "json").output)["view"]
        (hand,) = groups(ET.parse(out).getroot(), "hand")
        assert [all_text(c).split("\n")[0] for c in groups(hand, "card")] == views[who]["hand"]
    other = set(views["p2"]["hand"]) - set(views["p1"]["hand"]) - set(views["p1"]["river"])
    assert other and not any(c in (tmp_path / "p1.svg").read_text() for c in other)
    public = run("pbem", "status", tmp_path / "g.game", "--svg", tmp_path / "x.svg")  # the spectator's picture
    assert public.exit_code == 0 and (tmp_path / "x.svg").exists(), public.output
    hands = (set(views["p1"]["hand"]) | set(views["p2"]["hand"])) - set(views["p1"]["river"])
    assert hands and not any(c in (tmp_path / "x.svg").read_text() for c in hands)  # nobody's hand


@pytest.mark.parametrize("game", OTHERS)
def test_a_game_with_an_undo_and_the_same_decision_again_logs_as_one_played_straight(game, tmp_path):
    cfg = config(tmp_path / "g.toml", game, edition=2 if game == "evo" else None)  # the position it walks through
    straight, undone = tmp_path / "straight.log", tmp_path / "undone.log"
    before = "1\n1\n" if game == "arctic" else "1\n"  # (the second decision of ExoFauna's and Evo's is final)
    assert run("play", "--config", cfg, "--log", straight, input=before + "1\nquit\ny\n").exit_code == 0
    result = run("play", "--config", cfg, "--log", undone, input=before + "undo\n1\n1\nquit\ny\n")
    assert "Took back me's move" in result.output, result.output
    assert undone.read_bytes() == straight.read_bytes()
