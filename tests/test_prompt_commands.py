"""Issue 29 items 1, 2 and 9: each game teaches itself at the prompt, shows card texts where the cards are, and a
script writer sees the prompt's screen.

At a real terminal (pexpect) a person types `rules`, the game's card-text word and `score` and gets answers built
from the game's data files; the ExoFauna hand shows each card's texts, Nubnub's Brood names the card it will
play, Evo's lab explains what each column gives. The answers tell a viewer only what that viewer may see: a hand
swapped with unseen cards changes no other player's answer. A script that ends early shows the screen of the
next decision, and `pbem status --as` shows its choices.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_hand_tells import HAND, SWAP

from fauna_cli.anygame import choices_text, hotseat_help
from fauna_cli.main import cli
from fauna_cli.widths import fit_prose, text_width
from rules.arctic.cards import ANIMALS, DATA
from rules.core.bots import seat_bots
from rules.core.registry import load_rules
from rules.core.rng import SplitMix64
from rules.evo import data as evo_data
from rules.exofauna.data import design
from rules.exofauna.learn import guide as exo_guide

ROOT = Path(__file__).resolve().parent.parent
SEED = 4242
WORDS = {"arctic": ("rules", "powers", "score"), "exofauna": ("rules", "organisms", "score"),
         "evo": ("rules", "genes", "cards", "score")}


def _config(game: str, humans: int = 1, start: bool = True) -> Any:
    rules = load_rules(game)
    players = [{"name": "me"}] + [{"name": f"h{i}"} for i in range(1, humans)]
    players += [{"name": "bot", "bot": rules.bot_kinds[0]}] if len(players) < 2 else []
    game_doc: dict[str, Any] = {"rules": game, "seed": SEED}
    if start:
        game_doc["start"] = "me"
    return rules.config_from_dict({"game": game_doc, "players": players}, "test", None)


def _spawn(game: str, tmp_path: Path):
    pexpect = pytest.importorskip("pexpect")
    cfg = tmp_path / "g.toml"
    cfg.write_text("\n".join(["[game]", f'rules = "{game}"', f"seed = {SEED}", 'start = "me"',
                              '[[players]]\nname = "me"',
                              f'[[players]]\nname = "bot"\nbot = "{load_rules(game).bot_kinds[0]}"']) + "\n")
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    child = pexpect.spawn(sys.executable, ["-m", "fauna_cli", "play", "--config", str(cfg)], env=env,
                          encoding="utf-8", timeout=60, dimensions=(50, 80), cwd=str(tmp_path))
    child.logfile_read = io.StringIO()
    child.delaybeforesend = None
    return pexpect, child


def _ask(child, word: str, expected: list[str]) -> str:
    """Type a word at the prompt; what came back before the next prompt, which must hold each expected text."""
    child.sendline(word)
    child.expect("me> ")
    answer = " ".join(child.before.split())  # as one line: the terminal wrapped it at 80 columns
    for text in expected:
        assert " ".join(text.split()) in answer, (word, text, answer[-1500:])
    assert "cannot read" not in answer and "unknown move" not in answer, answer
    return answer


@pytest.mark.parametrize("game", sorted(WORDS))
def test_the_game_teaches_itself_at_the_prompt(game, tmp_path):
    state = load_rules(game).new_state(_config(game), SEED)
    assert state.to_move == "me"
    pexpect, child = _spawn(game, tmp_path)
    child.expect("me> ")
    first = " ".join(child.before.split())
    assert f"To learn the game at the prompt: {', '.join(repr(w) for w in WORDS[game])}" in first
    _ask(child, "help", ["To learn", *(f"{w} " for w in WORDS[game]), "undo", "quit"])
    _ask(child, "rules", [f"docs/{game}-moves.md", "The end:"])
    if game == "arctic":
        first_power = ANIMALS[0]
        side = "AB"[state.sides[0]]
        _ask(child, "powers", [f"{first_power} {side} {DATA.powers[first_power][side]}"])
        score = _ask(child, "score", ["Score if the game ended now", f"{ANIMALS[state.totems[0]]} 3",
                                      "secret", "+ ?"])
        other_totem = ANIMALS[state.totems[1]]
        assert f"{other_totem} 3" not in score or other_totem == ANIMALS[state.totems[0]]
    elif game == "exofauna":
        hand = state.view("me")["hand"]
        org = next(o for o in design().organisms if o.name == hand[0]["name"])
        # the hand shows each card's texts (short form) and the Instincts in short
        assert f"{org.name} {org.instinct.capitalize()}; {org.adaptation}: " \
               f"{exo_guide()['short']['adaptations'][org.name]}" in first, first[-1500:]
        assert "Instincts (used first): Predator - take a neighbour" in first
        _ask(child, "organisms", [f"{o.name} {o.instinct.capitalize()}; {o.adaptation}: {o.text}"
                                  for o in design().organisms])
        _ask(child, "score", ["Holes claimed (2 holes to win)", "me (blue): 0", "If a hole resolved now",
                              "me would claim it"])
    else:
        assert state.phase == "auction"
        assert "Lab (each player wins one column):" in first
        for item in state.lab:  # what each column gives, where it is bought
            assert f"{item} {evo_data.load('guide.toml')['genes'][item]}" in first, item
        _ask(child, "genes", ["thick shell babies up to 3 spaces away", "which ones stays unknown"])
        _ask(child, "cards", [f"{c.name} " for c in evo_data.cards()] + ["Held: me 0, bot 0.", "Yours: none."])
        start = state.mp[state.names.index("me")]  # rules edition 4: the start follows the first-round place
        _ask(child, "score", ["Mutation points if the game ended now", f"me {start} 0 0 0 {start} 2"])
    child.sendline("quit")
    child.expect("Leave")
    child.sendline("y")
    child.expect(pexpect.EOF)


def _brood_script() -> tuple[Any, str]:
    """A two-person ExoFauna game played by random decisions up to a Nubnub's Brood: its config and the script."""
    rules = load_rules("exofauna")
    for seed in range(1, 400):
        config = rules.config_from_dict({"game": {"rules": "exofauna", "seed": seed},
                                         "players": [{"name": "ann"}, {"name": "ben"}]}, "test", None)
        state = rules.new_state(config, seed)
        rng = SplitMix64(seed)
        lines = []
        while not state.is_over and state.seq < 200:
            legal = state.legal_moves()
            if any(m.verb == "brood" for m in legal):
                return config, "\n".join(lines) + "\n"
            move = legal[rng.below(len(legal))]
            lines.append(f"{state.to_move}: {state.move_text(move)}")
            state.apply(move, state.to_move)
    raise AssertionError("no Brood in 400 random games")


def test_nubnubs_brood_names_the_card_it_will_play_and_a_script_ending_there_shows_the_prompt(tmp_path):
    config, script = _brood_script()
    rules = load_rules("exofauna")
    state = rules.new_state(config, config.seed)
    for line in script.splitlines():
        player, _, move = line.partition(": ")
        state.apply(move, player)
    me = state.to_move
    top = state.card_text(state.decks[state.colour_of(me)][0])
    assert f"Play the top card of your deck next to this Organism. That card is {top}." in \
        state.describe_decision()
    doc = {"game": {"rules": "exofauna", "seed": config.seed}, "players": [{"name": "ann"}, {"name": "ben"}]}
    cfg = tmp_path / "g.toml"
    cfg.write_text(f'[game]\nrules = "exofauna"\nseed = {doc["game"]["seed"]}\n'
                   '[[players]]\nname = "ann"\n[[players]]\nname = "ben"\n')
    moves = tmp_path / "moves.txt"
    moves.write_text(script)
    out = CliRunner().invoke(cli, ["play", "--config", str(cfg), "--moves", str(moves)], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert f"The script ended before the game did: move {state.seq + 1} is {me}'s (Nubnub's Brood" in text
    assert f"That card is {top}." in text  # the step, and again on the screen that follows
    assert " ".join(choices_text(state).split()) in text  # the choices, numbered as at the prompt
    assert f"your hand ({me}):" in text


@pytest.mark.parametrize("game", sorted(WORDS))
def test_pbem_status_as_the_next_player_shows_the_prompts_screen(game, tmp_path):
    rules = load_rules(game)
    config = _config(game, humans=2)
    state = rules.new_state(config, SEED)
    cfg = tmp_path / "g.toml"
    cfg.write_text(f'[game]\nrules = "{game}"\nseed = {SEED}\nstart = "me"\n'
                   '[[players]]\nname = "me"\n[[players]]\nname = "h1"\n')
    log = tmp_path / "g.log"
    empty = tmp_path / "none.txt"
    empty.write_text("")
    made = CliRunner().invoke(cli, ["play", "--config", str(cfg), "--moves", str(empty), "--log", str(log)],
                              env={"COLUMNS": "80"})
    assert made.exit_code == 0, made.output
    step = rules.step_text(state)
    assert step
    assert " ".join(f"move 1 is me's ({step})".split()) in " ".join(made.output.split())
    mine = CliRunner().invoke(cli, ["pbem", "status", str(log), "--as", "me"], env={"COLUMNS": "80"})
    theirs = CliRunner().invoke(cli, ["pbem", "status", str(log), "--as", "h1"], env={"COLUMNS": "80"})
    assert mine.exit_code == theirs.exit_code == 0, mine.output + theirs.output
    choices = " ".join(choices_text(state).split())
    assert choices in " ".join(mine.output.split())
    assert choices not in " ".join(theirs.output.split())  # the choices are shown to the one who decides
    assert f"move 1 is me's ({step})" in " ".join(mine.output.split())


def _answers(rules: Any, state: Any, viewers: list[str]) -> dict[tuple[str, str], str]:
    return {(c.word, v): c.answer(state, v) for c in rules.prompt_commands for v in viewers}


@pytest.mark.parametrize("game", sorted(WORDS))
def test_a_swapped_hand_changes_no_other_players_answer(game):
    """Every prompt word's answer to the others is the same whatever one player holds (and, in Arctic, whatever
    their totem), at many points of many bots' games."""
    rules = load_rules(game)
    checked = 0
    for seed in range(1, 41):
        r = SplitMix64(seed)
        names = ["ann", "ben", "cleo"][:max(rules.min_players, min(3, rules.max_players))]
        config = rules.config_from_dict({"game": {"rules": game, "seed": seed},
                                         "players": [{"name": n, "bot": "random"} for n in names]}, "test", None)
        a = rules.new_state(config, seed)
        start = a.copy()
        bots = seat_bots(rules, config, seed)
        for _ in range(r.below(60)):
            if a.is_over:
                break
            a.apply(bots[names.index(a.to_move)].choose(a), a.to_move)
        if a.is_over:
            continue
        holder = r.below(len(names))
        if not HAND[game](a, holder):
            continue
        b = a.copy()
        if not SWAP[game](b, holder, r, start):
            continue
        others = [n for n in names if n != names[holder]]
        assert _answers(rules, a, others) == _answers(rules, b, others), (game, seed, names[holder])
        mine_a, mine_b = _answers(rules, a, [names[holder]]), _answers(rules, b, [names[holder]])
        checked += 1
        if game == "arctic" and a.totems[holder] != b.totems[holder]:
            assert mine_a[("score", names[holder])] != mine_b[("score", names[holder])]  # one's own totem shows
    assert checked >= 10, checked


@pytest.mark.parametrize("game", sorted(WORDS))
def test_the_score_is_the_score_the_game_would_give(game):
    """At the end every score answer gives each player the final total the game gives them."""
    rules = load_rules(game)
    names = ["ann", "ben"]
    config = rules.config_from_dict({"game": {"rules": game, "seed": 9},
                                     "players": [{"name": n, "bot": "random"} for n in names]}, "test", None)
    state = rules.new_state(config, 9)
    bots = seat_bots(rules, config, 9)
    middle = None
    while not state.is_over:
        if state.seq == 30:
            middle = state.copy()
        state.apply(bots[names.index(state.to_move)].choose(state), state.to_move)
    score = next(c for c in rules.prompt_commands if c.word == "score")
    text = score.answer(state, None)
    if game == "arctic":
        for s, n in enumerate(names):
            row = next(line for line in text.splitlines() if line.split()[:1] == [n])
            assert int(row.split()[-1]) == state.scores()[n] and ANIMALS[state.totems[s]] in row
        assert middle is not None
        mid = score.answer(middle, "ann")
        own = next(line for line in mid.splitlines() if line.split()[:1] == ["ann"])
        assert int(own.split()[-1]) == middle.score_of(0).total  # one's own total, totem included
    elif game == "exofauna":
        for n in names:
            assert f"{n} ({state.d.colours[state.colour_of(n)]}): {state.scores()[n]}" in text
    else:
        for n in names:
            row = next(line for line in text.splitlines() if line.split()[:1] == [n])
            assert int(row.split()[-2]) == state.scores()[n]


@pytest.mark.parametrize("game", sorted(WORDS))
def test_the_answers_and_help_fit_80_columns(game):
    rules = load_rules(game)
    state = rules.new_state(_config(game), SEED)
    texts = [fit_prose(c.answer(state, "me"), 80) for c in rules.prompt_commands] + [hotseat_help(rules)]
    for text in texts:
        assert not [line for line in text.splitlines() if text_width(line) > 80], text


def fauna_prompt(pexpect):
    """A Fauna game (seed 7) at a real 80-column terminal, and the pattern of alice's prompt."""
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    child = pexpect.spawn(sys.executable, ["-m", "fauna_cli", "play", "--seed", "7"], env=env, encoding="utf-8",
                          timeout=30, dimensions=(50, 80))
    child.delaybeforesend = None
    return child, r"alice \(hand \d+, score \d+\)> "


def test_fauna_answers_neighbors_at_its_prompt():
    """Item 5: `neighbors AREA` at the Fauna prompt lists the areas next to it (it was 'unknown area')."""
    from rules.fauna.board import Board

    pexpect = pytest.importorskip("pexpect")
    board = Board.default()
    area = board.area("Southeast Asia")
    child, prompt = fauna_prompt(pexpect)
    child.expect(prompt)
    child.sendline("neighbors Southeast Asia")
    child.expect(prompt)
    said = " ".join(child.before.split())
    links = board.neighbor_links(area)
    assert f"Neighbours of {area.name} ({len(links)}): " in said, said
    for name, kind in links:
        assert f"{name} ({kind})" in said
    child.sendline("neighbours Tasmaniaa")
    child.expect(prompt)
    assert "did you mean 'Tasmania'" in child.before
    child.sendline("help")
    child.expect(prompt)
    assert "neighbors AREA" in child.before
    child.sendline("quit")
    child.expect(r"Leave the game\? \[y/N\]")
    child.sendline("y")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("game", sorted(WORDS))
def test_no_prompt_word_is_a_move_or_a_word_of_every_game(game):
    """A game's prompt word never reads as one of its moves (the prompt answers it first, so a move spelt so could
    not be typed), and never hides a word every game's prompt has."""
    from rules.core.errors import FaunaError

    rules = load_rules(game)
    names = ["ann", "ben"]
    config = rules.config_from_dict({"game": {"rules": game, "seed": 3},
                                     "players": [{"name": n, "bot": "random"} for n in names]}, "test", None)
    state = rules.new_state(config, 3)
    bots = seat_bots(rules, config, 3)
    words = [c.word for c in rules.prompt_commands]
    assert words == list(WORDS[game])
    assert not set(words) & {"help", "?", "quit", "moves", "board", "undo"}
    for _ in range(60):
        if state.is_over:
            break
        for word in words:
            with pytest.raises(FaunaError):
                state.parse(word)
        state.apply(bots[names.index(state.to_move)].choose(state), state.to_move)


def _fauna_state(preset: str, seed: int = 3, moves: int = 40) -> Any:
    """A three-player Fauna game of random computer players, `moves` decisions in (or over)."""
    rules = load_rules("fauna")
    config = rules.config_from_dict({"game": {"seed": seed, "preset": preset},
                                     "players": [{"name": n, "bot": "random"} for n in ("ann", "ben", "cleo")]},
                                    "test", None)
    state = rules.new_state(config, seed)
    bots = seat_bots(rules, config, seed)
    while not state.is_over and state.seq < moves:
        state.apply(bots[state.names.index(state.to_move)].choose(state), state.to_move)
    return rules, state


def _fauna_word(rules: Any, word: str) -> Any:
    return next(c for c in rules.prompt_commands if c.word == word)


def test_fauna_answers_rules_and_score_at_its_prompt():
    """Item 1 for Fauna: `rules` and `score` answer at the prompt, the help and the opening line list them."""
    from rules.fauna.scoring import preset

    pexpect = pytest.importorskip("pexpect")
    child, prompt = fauna_prompt(pexpect)
    child.expect(prompt)
    assert "To learn the game at the prompt: 'rules', 'score'" in " ".join(child.before.split())
    child.sendline("rules")
    child.expect(prompt)
    said = " ".join(child.before.split())
    table = preset("published")
    assert "docs/fauna-moves.md" in said and "The end: after the evaluation in which someone reaches 120" in said
    for row in table.rows:
        assert f"{row.span}:{row.correct}/{row.adjacent}" in said, said
    assert "unknown" not in said and "did you mean" not in said
    child.sendline("score")
    child.expect(prompt)
    said = " ".join(child.before.split())
    assert "Scores before the first evaluation (goal 120 points" in said, said
    for name in ("alice", "bob", "carol"):
        assert f"{name} 0 0 0 6 0 0" in said, said  # score, map, scales, hand, stock, placed
    child.sendline("help")
    child.expect(prompt)
    said = " ".join(child.before.split())
    assert "rules the round, passing, the scoring and the end" in said and "score everyone's score so far" in said
    child.sendline("quit")
    child.expect(r"Leave the game\? \[y/N\]")
    child.sendline("y")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("name", ["published", "reference-manual"])
def test_fauna_rules_give_the_games_own_scoring_table(name):
    """The scoring part of `rules` is the configured table's rows and scale points, not the published one's."""
    rules, state = _fauna_state(name, moves=0)
    text = " ".join(_fauna_word(rules, "rules").answer(state, "ann").split())
    table = state.table
    assert table.name == name and f"Evaluation ({name} scoring)" in text
    assert ", ".join(f"{r.span}:{r.correct}/{r.adjacent}" for r in table.rows) + "." in text
    assert f"Scales: {table.scale_correct} points on the correct space, {table.scale_adjacent} on" in text
    other = "reference-manual" if name == "published" else "published"
    _, theirs = _fauna_state(other, moves=0)
    assert text != " ".join(_fauna_word(rules, "rules").answer(theirs, "ann").split())


def test_fauna_score_adds_up_and_tells_nothing_of_the_cards_answer():
    """The score rows are the game's scores and pieces; the answer is the same whatever animal the card hides."""
    from rules.fauna.judge import MAP_ADJACENT, MAP_CORRECT, SCALES

    rules, state = _fauna_state("published", moves=40)
    assert not state.is_over and any(state.placed)
    score = _fauna_word(rules, "score")
    text = score.answer(state, "ann")
    for p, n in enumerate(state.names):
        row = next(line.split() for line in text.splitlines() if line.split()[:1] == [n])
        t = state.tally[p]
        assert row[1:7] == [str(state.score[p]), str(t[MAP_CORRECT] + t[MAP_ADJACENT]), str(t[SCALES]),
                            str(state.hand[p]), str(state.stock[p]), str(state.placed[p])]
        assert int(row[2]) + int(row[3]) == state.score[p]
    assert {score.answer(state, v) for v in [*state.names, None]} == {text}  # nothing differs by viewer
    hidden = state.copy()  # the same table, another animal behind the card
    others = [a for a in state.order if a is not state.animal]
    hidden.order = [*state.order[:state.card_pos], others[0], *others[state.card_pos:]]
    assert hidden.animal is not state.animal
    assert score.answer(hidden, "ann") == text
    while not state.is_over:
        state.apply(seat_bots(rules, state.config, 3)[0].choose(state), state.to_move)
    final = score.answer(state, None)
    assert final.startswith("Final scores")
    for n in state.names:
        row = next(line.split() for line in final.splitlines() if line.split()[:1] == [n])
        assert int(row[1]) == state.scores()[n]
        assert (row[-1] == "wins") == (n in state.winners)


def test_fauna_answers_and_help_fit_80_columns():
    rules, state = _fauna_state("reference-manual", moves=40)
    from fauna_cli.games.fauna import help_text

    texts = [fit_prose(c.answer(state, "ann", "") if c.argument else c.answer(state, "ann"), 80)
             for c in rules.prompt_commands] + [help_text("metric", None)]
    for text in texts:
        assert not [line for line in text.splitlines() if text_width(line) > 80], text


def test_no_fauna_prompt_word_reads_as_a_move():
    """`rules`, `score` and the map words are answered before a move is read: none may be a spot of a card."""
    from rules.core.errors import FaunaError

    rules, state = _fauna_state("published", moves=0)
    words = [w for c in rules.prompt_commands for w in (c.word, *c.aliases)]
    assert words[:2] == ["rules", "score"]
    for word in words:
        with pytest.raises(FaunaError):
            state.parse(word)
