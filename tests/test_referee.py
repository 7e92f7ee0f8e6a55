"""Referee mode (issue 16): a public file, a secret key, one view file per player, and a reveal that proves the deal.

Parametrised over every registered game; the hidden-information checks bite where a game has secrets.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from coverage_pause import unmeasured_from

from fauna_cli.main import cli
from rules.core.registry import GAMES, load_rules
from rules.core.rng import SplitMix64

GAMES_ALL = list(GAMES)


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, prog_name="fauna")


def flat(value, path="") -> dict[str, object]:
    """A view as {path: leaf}."""
    if isinstance(value, dict):
        return {k: v for key, sub in value.items() for k, v in flat(sub, f"{path}.{key}").items()}
    if isinstance(value, list):
        return {k: v for i, sub in enumerate(value) for k, v in flat(sub, f"{path}[{i}]").items()}
    return {path: value}


def secrets_of(own: dict, public: dict) -> dict[str, object]:
    """What one player's view holds that the spectator's does not: their secrets (texts only)."""
    mine, everyone = flat(own), set(flat(public).items())
    return {p: v for p, v in mine.items() if isinstance(v, str) and (p, v) not in everyone}


def start(game: str, tmp_path: Path, players: int) -> list[str]:
    names = [f"p{i}" for i in range(1, players + 1)]
    extra = "goal = 12\n" if game == "fauna" else ""
    (tmp_path / "g.toml").write_text(f'[game]\nrules = "{game}"\n{extra}'
                                     + "".join(f'[[players]]\nname = "{n}"\n' for n in names))
    made = run("pbem", "new", "--config", tmp_path / "g.toml", "--out", tmp_path / "g.game",
               "--referee", tmp_path / "g.key")
    assert made.exit_code == 0, made.output
    return names


@pytest.mark.parametrize("game", GAMES_ALL)
def test_a_whole_refereed_game_through_view_files_verifies_after_the_reveal(game, tmp_path):
    rules = load_rules(game)
    names = start(game, tmp_path, rules.min_players)
    rng = SplitMix64(4)
    key_seed = re.search(r"^seed (\d+) @", (tmp_path / "g.key").read_text(), re.M).group(1)
    for step in range(5000):  # coverage counts the first 40 moves; the rest run with its tracer paused
        with unmeasured_from(40, step):
            status = json.loads(run("pbem", "status", tmp_path / "g-p1.view", "--format", "json").output)
            if status["next"] is None:
                break
            who = status["next"]["player"]
            view = tmp_path / f"g-{who}.view"
            doc = json.loads(run("pbem", "status", view, "--format", "json").output)
            text = view.read_text()
            assert f"seed {key_seed}" not in text and f'"seed": {key_seed}' not in text
            spectator = rules.new_state(rules.config_from_dict({"game": {"rules": game}, "players": [
                {"name": n} for n in names]}, "t", None), int(key_seed))  # only for the shape of a spectator's view
            mine = flat(doc["view"])
            common = (tmp_path / "g.game").read_text()  # what everyone has seen (e.g. cards taken from the river)
            for other in names:  # nothing another player may not see is in this player's file
                if other == who:
                    continue
                own = json.loads(run("pbem", "status", tmp_path / f"g-{other}.view", "--format", "json").output)["view"]
                for path, secret in secrets_of(own, doc["view"]).items():
                    if "/" in secret and secret not in common:  # a card never shown to all: nowhere in the file
                        assert secret not in text, f"{who}'s view file shows {other}'s card {secret}"
                    assert mine.get(path) != secret or path.endswith(".to_move"), f"{who} sees {other}'s {path}"
            assert spectator is not None
            choice = doc["legal"][rng.below(len(doc["legal"]))]
            moved = run("pbem", "move", view, "--as", who, "--move-file", tmp_path / "m.txt", "--force", choice)
            assert moved.exit_code == 0, moved.output
            applied = run("pbem", "apply", tmp_path / "g.game", "--key", tmp_path / "g.key", tmp_path / "m.txt")
            assert applied.exit_code == 0, applied.output
    before = run("replay", tmp_path / "g.game")
    assert before.exit_code == 0 and "in progress" in before.output
    assert run("pbem", "reveal", tmp_path / "g.game", "--key", tmp_path / "g.key").exit_code == 0
    after = run("replay", tmp_path / "g.game")
    assert after.exit_code == 0 and "commitment matches" in after.output, after.output
    public = (tmp_path / "g.game").read_text()
    assert f"reveal seed {key_seed} salt " in public


@pytest.mark.parametrize("what", ["seed", "salt"])
def test_a_changed_seed_or_salt_at_the_reveal_is_detected(tmp_path, what):
    names = start("fauna", tmp_path, 2)
    assert names
    key = (tmp_path / "g.key").read_text()
    # finish quickly: the referee plays every decision itself
    for _ in range(400):
        doc = json.loads(run("pbem", "status", tmp_path / "g-p1.view", "--format", "json").output)
        if doc["next"] is None:
            break
        who = doc["next"]["player"]
        legal = json.loads(run("pbem", "status", tmp_path / f"g-{who}.view", "--format", "json").output)["legal"]
        assert run("pbem", "move", tmp_path / "g.game", "--key", tmp_path / "g.key", "--as", who,
                   legal[-1]).exit_code == 0
    assert run("pbem", "reveal", tmp_path / "g.game", "--key", tmp_path / "g.key").exit_code == 0
    assert key != (tmp_path / "g.key").read_text()
    from rules.core.log import CHAIN_START, chain
    lines = (tmp_path / "g.game").read_text().split("\n")[:-1]
    i = next(k for k, ln in enumerate(lines) if ln.startswith("reveal seed "))
    body = lines[i].rsplit(" @", 1)[0]
    seed, salt = re.match(r"reveal seed (\d+) salt ([0-9a-f]+)", body).groups()
    forged = f"reveal seed {int(seed) + 1} salt {salt}" if what == "seed" else f"reveal seed {seed} salt {'0' * 32}"
    texts = [ln.rsplit(" @", 1)[0] for ln in lines]
    texts[i] = forged
    head, out = CHAIN_START, []
    for t in texts:  # a forger recomputes every hash: only the commitment can catch it
        head = chain(head, t)
        out.append(f"{t} @{head}")
    (tmp_path / "g.game").write_text("\n".join(out) + "\n")
    result = run("replay", tmp_path / "g.game")
    assert result.exit_code == 4 and f"g.game:{i + 1}:" in result.output and "commitment" in result.output


def test_a_move_not_among_the_choices_is_refused_with_suggestions_and_no_file(tmp_path):
    start("fauna", tmp_path, 2)
    doc = json.loads(run("pbem", "status", tmp_path / "g-p1.view", "--format", "json").output)
    who = doc["next"]["player"]
    bad = run("pbem", "move", tmp_path / f"g-{who}.view", "--as", who, "--move-file", tmp_path / "m.txt", "Atlantis")
    assert bad.exit_code == 3 and "not one of your choices" in bad.output
    assert not (tmp_path / "m.txt").exists()
    other = "p2" if who == "p1" else "p1"
    wrong = run("pbem", "move", tmp_path / f"g-{other}.view", "--as", other, "pass")
    assert wrong.exit_code == 3 and f"it is not {other}'s decision" in wrong.output


def test_an_arctic_view_file_holds_no_card_of_the_draw_pile_or_the_reserve(tmp_path):
    from rules.arctic.cards import NAME
    from rules.core.log import load_game_log
    from rules.core.referee import read_key

    start("arctic", tmp_path, 3)
    rules = load_rules("arctic")
    _salt, log = read_key((tmp_path / "g.key").read_text(), "g.key")
    state = load_game_log(log, "g.key", rules).state
    public = (tmp_path / "g.game").read_text()
    hidden = [NAME[c] for c in state.draw + state.reserve]
    assert len(hidden) > 30
    for p in ("p1", "p2", "p3"):
        text = (tmp_path / f"g-{p}.view").read_text()
        others = [NAME[c] for q, hand in enumerate(state.hands) if state.names[q] != p for c in hand]
        for card in hidden + others:
            if card not in public and card not in [NAME[c] for c in state.hands[state.names.index(p)]]:
                assert card not in text, f"{p}'s view shows {card}, a face-down card"
