"""`fauna replay GAME --html PAGE` (issue 32): what the page holds, from whose side, and how it is written.

The page in a real browser is tested in tests/test_html_browser.py; here, the page's data and the command.
"""

from __future__ import annotations

import json

import pytest
from coverage_pause import unmeasured_from

from fauna_cli.html_replay import decode_picture, encode_pictures
from rules.core.registry import load_rules
from tests.html_pages import GOLDENS, cut, occurs, page_data, page_text, run, status_svg, strings


def _state(game: str):
    from fauna_cli.gamefile import load_game

    return load_game(GOLDENS[game]).state


@pytest.mark.parametrize("game", list(GOLDENS))
def test_every_step_of_the_page_is_the_games_own_picture_of_that_position(game, tmp_path):
    page = tmp_path / "p.html"
    done = run("replay", GOLDENS[game], "--html", page)
    assert done.exit_code == 0, done.output
    assert f"Wrote {page}" in done.output
    data = page_data(page)
    final = _state(game)
    assert len(data["steps"]) == final.seq + 1
    assert [s["seq"] for s in data["steps"]] == list(range(final.seq + 1))
    last = decode_picture(data["lines"], data["pictures"], final.seq)
    assert last == status_svg(GOLDENS[game], tmp_path / "last.svg")
    one = tmp_path / "one.game"
    one.write_text(cut(GOLDENS[game].read_text(), 1))
    assert decode_picture(data["lines"], data["pictures"], 1) == status_svg(one, tmp_path / "first.svg")
    text = page.read_text()
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text
    assert data["final"], "a finished game's page has its final tables"
    assert any("tables" in s for s in data["steps"]), "rounds (or turns) end with tables"


def test_pictures_round_trip_through_the_line_table_whatever_changes():
    svgs = ["a\nb\nc\nd", "a\nb\nX\nd", None, "d\nc\nb\na\na\nb", "a\nb\nc\nd\ne\nf", "", "b\nb\nb"]
    lines, ops = encode_pictures(svgs)
    assert len(lines) == len(set(lines))
    for i, svg in enumerate(svgs):
        assert decode_picture(lines, ops, i) == svg


def test_a_long_game_is_stored_in_a_fraction_of_its_pictures(tmp_path):
    page = tmp_path / "p.html"
    assert run("replay", GOLDENS["arctic"], "--html", page).exit_code == 0
    data = page_data(page)
    pictures = sum(len(decode_picture(data["lines"], data["pictures"], i)) for i in range(len(data["steps"])))
    assert page.stat().st_size < pictures / 8  # each picture's lines are kept once


def test_the_decision_list_is_text_with_an_address_for_each_decision(tmp_path):
    page = tmp_path / "p.html"
    assert run("replay", GOLDENS["arctic"], "--html", page).exit_code == 0
    text = page.read_text()
    first = GOLDENS["arctic"].read_text().split("\n")
    move = next(line for line in first if line.startswith("57 ")).rsplit(" @", 1)[0].split(" ", 1)[1]
    assert f'<li id="d57" value="57"><a href="#57">{move}</a>' in text
    assert 'id="slider" min="0" max="' in text and "<title>" in text


@pytest.mark.parametrize("game", ["arctic", "exofauna", "evo"])
def test_no_page_holds_a_card_its_viewer_may_not_see(game, tmp_path):
    """Every text a player's view holds that no spectator sees during the game (a card in hand, a face-down
    card, a totem), and each decision they made face down, is searched in the spectator's page and in every
    other player's: it is never there.

    The game is stopped where most players hide something, as a running e-mail game: the spectator's page
    comes from the game file, each player's from the referee's key file (the end reveals much of it)."""
    from fauna_cli.gamefile import load_game
    from rules.core.referee import key_text

    golden = GOLDENS[game] if game != "arctic" else GOLDENS[game].with_name("4p-arctic.arctic")  # more is hidden
    rules = load_rules(game)
    whole = load_game(golden).state
    names = list(whole.names)

    def watch(stop: int | None) -> tuple[set[str], dict[str | None, set[str]], list[int]]:
        """Play to move `stop` (the end): what the spectator saw, what each viewer saw, how much each hid."""
        state = rules.new_state(whole.config, whole.seed)
        public: set[str] = set()
        seen: dict[str | None, set[str]] = {n: set() for n in [None, *names]}
        hidden: list[int] = []
        for player, move in [(None, None), *whole.history[:stop]]:
            if move is not None:
                public.add(rules.public_move_text(state, move))
                seen[player].add(state.move_text(move))  # a decision made face down is its player's secret
                for t in rules.tables_after(state, state.apply(move, player)):
                    public.update(str(c) for row in t.rows for c in row)
            for viewer in seen:
                seen[viewer] |= set(strings(state.view(viewer)).values())
            public.update(strings(state.view(None)).values())
            public.add(json.dumps(state.view(None)))  # its keys too: words everyone sees
            everything = " | ".join(public)
            hidden.append(0 if state.is_over else sum(1 for p in names if any(
                len(s) > 2 and not s.isdigit() and s not in everything for s in seen[p] - public)))
        return public, seen, hidden

    # where most players hide something, after the first third if can be (the end reveals much of it)
    hidden, third = watch(None)[2], len(whole.history) // 3
    seq = max(range(1, len(whole.history)), key=lambda i: (hidden[i], i >= third, -i))
    public, seen, _ = watch(seq)
    everything = " | ".join(public)
    secret = {p: {s for s in seen[p] - public if len(s) > 2 and not s.isdigit() and not occurs(s, everything)}
              for p in names}
    assert sum(map(bool, secret.values())) >= 2, f"players hide something at move {seq}: {secret}"
    log = cut(golden.read_text(), seq)
    (tmp_path / "g.log").write_text(log)
    (tmp_path / "g.key").write_text(key_text("0" * 32, log, {}))
    for viewer in [None, *names]:
        page = tmp_path / f"{viewer or 'spectator'}.html"
        source = tmp_path / ("g.key" if viewer else "g.log")
        done = run("replay", source, "--html", page, *(["--as", viewer] if viewer else []))
        assert done.exit_code == 0, done.output
        assert len(page_data(page)["steps"]) == seq + 1
        text = page_text(page)
        for other in names:
            if other == viewer:
                continue
            for card in secret[other] - seen[viewer]:
                assert not occurs(card, text), f"{viewer or 'the spectator'}'s page shows {other}'s {card!r}"
        if viewer is not None and secret[viewer]:  # and the viewer's own secrets are there: the page is theirs
            assert any(occurs(card, text) for card in secret[viewer])


def test_a_players_side_of_a_running_game_is_refused_but_a_spectators_is_given(tmp_path):
    running = tmp_path / "running.arctic"
    running.write_text(cut(GOLDENS["arctic"].read_text(), 40))
    page = tmp_path / "p.html"
    refused = run("replay", running, "--html", page, "--as", "ann")
    assert refused.exit_code == 2 and "still running" in refused.output and not page.exists()
    assert run("replay", running, "--html", page).exit_code == 0
    assert len(page_data(page)["steps"]) == 41 and page_data(page)["final"] == []
    fauna = tmp_path / "running.fauna"  # Fauna hides nothing: any side of a running game
    fauna.write_text(cut(GOLDENS["fauna"].read_text(), 10))
    done = run("replay", fauna, "--html", tmp_path / "f.html", "--as", "ANN")
    assert done.exit_code == 0 and "as ann sees" in done.output


def test_the_page_never_replaces_a_file_without_force_nor_the_game_itself(tmp_path):
    page = tmp_path / "p.html"
    page.write_text("keep")
    kept = run("replay", GOLDENS["exofauna"], "--html", page)
    assert kept.exit_code == 2 and "exists already" in kept.output and page.read_text() == "keep"
    assert run("replay", GOLDENS["exofauna"], "--html", page, "--force").exit_code == 0
    assert page.read_text().startswith("<!DOCTYPE html>")
    game = tmp_path / "g.exofauna"
    game.write_text(GOLDENS["exofauna"].read_text())
    before = game.read_text()
    for force in ([], ["--force"]):
        same = run("replay", game, "--html", game, *force)
        assert same.exit_code == 2 and "names the game file itself" in same.output
        assert game.read_text() == before
    link = tmp_path / "link.html"
    link.symlink_to(game)
    assert run("replay", game, "--html", link, "--force").exit_code == 2 and game.read_text() == before


@pytest.mark.parametrize(("args", "words"), [
    (["--as", "ann"], "--as applies to --html"), (["--force"], "--force applies to --html"),
    (["--html", "P", "--round", "1"], "--round does not apply to --html"),
    (["--html", "P", "--format", "json"], "--format does not apply to --html"),
    (["--html", "P", "--as", "zed"], "unknown player 'zed'"),
])
def test_options_that_do_not_fit_the_page_are_refused_in_one_line(args, words, tmp_path):
    args = [str(tmp_path / a) if a == "P" else a for a in args]
    done = run("replay", GOLDENS["arctic"], *args)
    assert done.exit_code == 2 and words in done.output
    assert not (tmp_path / "P").exists()


def _refereed(tmp_path, moves: int, finish: bool = False):
    """A refereed 3-player Arctic game after `moves` decisions (every one the first choice the player has)."""
    (tmp_path / "g.toml").write_text('[game]\nrules = "arctic"\n' + "".join(
        f'[[players]]\nname = "p{i}"\n' for i in (1, 2, 3)))
    game, key = tmp_path / "g.game", tmp_path / "g.key"
    assert run("pbem", "new", "--config", tmp_path / "g.toml", "--out", game, "--referee", key).exit_code == 0
    for step in range(10_000 if finish else moves):  # coverage counts the first 20 moves
        with unmeasured_from(20, step):
            status = json.loads(run("pbem", "status", tmp_path / "g-p1.view", "--format", "json").output)
            if status["next"] is None:
                break
            who = status["next"]["player"]
            legal = json.loads(run("pbem", "status", tmp_path / f"g-{who}.view", "--format", "json").output)["legal"]
            assert run("pbem", "move", game, "--key", key, "--as", who, legal[-1]).exit_code == 0
    return game, key


def test_refereed_files_give_what_each_may_see(tmp_path):
    game, key = _refereed(tmp_path, 12)
    view = tmp_path / "g-p2.view"
    done = run("replay", view, "--html", tmp_path / "v.html")
    assert done.exit_code == 0 and "as p2 sees" in done.output
    data = page_data(tmp_path / "v.html")
    assert len(data["steps"]) == 13 and data["viewer"] == "p2"
    assert [p is None for p in data["pictures"]] == [True] * 12 + [False]
    assert decode_picture(data["lines"], data["pictures"], 12) == status_svg(view, tmp_path / "v.svg")
    other = run("replay", view, "--html", tmp_path / "o.html", "--as", "p3")
    assert other.exit_code == 2 and "p2's view file" in other.output
    public = run("replay", game, "--html", tmp_path / "g.html")
    assert public.exit_code == 0
    data = page_data(tmp_path / "g.html")
    assert all(p is None for p in data["pictures"]) and len(data["steps"]) == 13
    assert "public decisions" in (tmp_path / "g.html").read_text()
    assert run("replay", game, "--html", tmp_path / "x.html", "--as", "p1").exit_code == 2
    referee = run("replay", key, "--html", tmp_path / "k.html", "--as", "p3")  # the referee sees everything
    assert referee.exit_code == 0 and page_data(tmp_path / "k.html")["viewer"] == "p3"
    hand = json.loads(run("pbem", "status", tmp_path / "g-p3.view", "--format", "json").output)["view"]["hand"]
    assert all(occurs(card, page_text(tmp_path / "k.html")) for card in hand)


def test_a_revealed_public_file_gives_every_position_and_any_side(tmp_path):
    game, key = _refereed(tmp_path, 0, finish=True)
    assert run("pbem", "reveal", game, "--key", key).exit_code == 0
    done = run("replay", game, "--html", tmp_path / "r.html", "--as", "p1")
    assert done.exit_code == 0, done.output
    data = page_data(tmp_path / "r.html")
    assert all(p is not None for p in data["pictures"]) and data["final"]


def test_a_refereed_fauna_game_gives_the_map_from_the_key_and_says_why_a_view_file_cannot(tmp_path):
    (tmp_path / "g.toml").write_text('[game]\nrules = "fauna"\ngoal = 12\n[[players]]\nname = "p1"\n'
                                     '[[players]]\nname = "p2"\n')
    game, key = tmp_path / "g.game", tmp_path / "g.key"
    assert run("pbem", "new", "--config", tmp_path / "g.toml", "--out", game, "--referee", key).exit_code == 0
    for _ in range(3):
        who = json.loads(run("pbem", "status", tmp_path / "g-p1.view", "--format", "json").output)["next"]["player"]
        legal = json.loads(run("pbem", "status", tmp_path / f"g-{who}.view", "--format", "json").output)["legal"]
        assert run("pbem", "move", game, "--key", key, "--as", who, legal[0]).exit_code == 0
    done = run("replay", key, "--html", tmp_path / "k.html", "--as", "P2")
    assert done.exit_code == 0, done.output
    data = page_data(tmp_path / "k.html")
    assert len(data["steps"]) == 4 and all(p is not None for p in data["pictures"]) and data["viewer"] == "p2"
    assert "<title>Fauna, round 1" in decode_picture(data["lines"], data["pictures"], 3)
    view = run("replay", tmp_path / "g-p1.view", "--html", tmp_path / "v.html")
    assert view.exit_code == 0
    assert all(p is None for p in page_data(tmp_path / "v.html")["pictures"])
    assert "A Fauna view file holds no picture" in (tmp_path / "v.html").read_text()


def test_names_and_decisions_are_text_in_the_page_never_markup(tmp_path):
    from fauna_cli.html_replay import Page, Step, page_html

    odd = '<b>{{SCRIPT}}</b> & "</script>'
    page = Page("Arctic", "x.arctic", odd, [odd, "ben"], [Step(0, None, "", None), Step(1, odd, odd, None)], [],
                "no positions")
    text = page_html(page)
    assert "{{" not in text.replace("{{SCRIPT}}", "") and text.count("<script") == 2
    assert html_escape(odd) in text and "<b>" not in text
    (tmp_path / "p.html").write_text(text)
    data = page_data(tmp_path / "p.html")
    assert data["steps"][1]["text"] == odd and data["viewer"] == odd


def html_escape(text: str) -> str:
    import html

    return html.escape(text)


def test_files_that_are_no_game_are_refused_in_one_line(tmp_path):
    from rules.core.referee import key_text

    (tmp_path / "k.key").write_text(key_text("0" * 32, "chess-log 1 @00\n", {}))
    bad = run("replay", tmp_path / "k.key", "--html", tmp_path / "p.html")
    assert bad.exit_code == 2 and "no game log of a game this fauna plays" in bad.output
    (tmp_path / "g.game").write_text("chess-log 1 referee @00\n")
    bad = run("replay", tmp_path / "g.game", "--html", tmp_path / "p.html")
    assert bad.exit_code == 2 and not (tmp_path / "p.html").exists()
