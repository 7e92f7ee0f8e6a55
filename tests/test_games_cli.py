"""Every game besides Fauna, through the CLI as its players use it: config, script, log, replay, e-mail, cases.

Parametrised over the registry, so a game is covered as soon as it is registered.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from rules.core.bots import seat_bots
from rules.core.registry import GAMES, load_rules

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [g for g in GAMES if g != "fauna"]
CASE_MINIMUM = {"arctic": 60, "exofauna": 50, "evo": 80}


def _tool():
    spec = importlib.util.spec_from_file_location("make_game_goldens", ROOT / "tools" / "make_game_goldens.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


goldens = _tool()
GOLDEN_NAMES = sorted(goldens.active())


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, prog_name="fauna")


def bot_config(game: str, players: int, kind: str = "random", seed: int = 1) -> str:
    lines = ["[game]", f'rules = "{game}"', f"seed = {seed}"]
    for i in range(players):
        lines += ["[[players]]", f'name = "p{i + 1}"', f'bot = "{kind}"']
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game", OTHERS)
def test_new_config_writes_a_default_that_plays(game, tmp_path):
    path = tmp_path / "g.toml"
    assert run("new-config", "--game", game, path).exit_code == 0
    rules = load_rules(game)
    from fauna_cli.options import load_game_config
    got, config = load_game_config(str(path), None, None)
    assert got.name == game and rules.min_players <= len(config.players) <= rules.max_players


@pytest.mark.parametrize("game", OTHERS)
def test_a_bots_game_with_a_log_replays_and_an_edited_byte_is_caught(game, tmp_path):
    rules = load_rules(game)
    cfg = tmp_path / "g.toml"
    cfg.write_text(bot_config(game, rules.max_players))
    log = tmp_path / "g.log"
    played = run("play", "--config", cfg, "--moves", "-", "--log", log, "--format", "json", input="")
    assert played.exit_code == 0, played.output
    doc = json.loads(played.output)
    assert doc["game"] == game and doc["over"] and doc["winners"]
    replayed = run("replay", log, "--format", "json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["summary"] == doc["summary"]
    text = log.read_text()
    lines = text.split("\n")
    k = len(lines) // 2
    lines[k] = lines[k][:3] + ("X" if lines[k][3] != "X" else "Y") + lines[k][4:]
    log.write_text("\n".join(lines))
    broken = run("replay", log)
    assert broken.exit_code in (2, 4) and f"g.log:{k + 1}:" in broken.output


@pytest.mark.parametrize("game", OTHERS)
def test_a_script_plays_human_moves_and_a_bad_line_is_named(game, tmp_path):
    rules = load_rules(game)
    config = rules.config_from_dict({"game": {"rules": game}, "players": [
        {"name": f"h{i}"} for i in range(rules.min_players)]}, "t", None)
    state = rules.new_state(config, 3)
    script = []
    for _ in range(12):
        if state.is_over:
            break
        move = state.legal_moves()[0]
        script.append(f"{state.to_move}: {state.move_text(move)}")
        state.apply(move, state.to_move)
    cfg = tmp_path / "g.toml"
    cfg.write_text("\n".join(["[game]", f'rules = "{game}"', "seed = 3"]
                             + [f'[[players]]\nname = "h{i}"' for i in range(rules.min_players)]) + "\n")
    ok = run("play", "--config", cfg, "--moves", "-", "--format", "json", input="\n".join(script) + "\n")
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["moves"] == len(script)
    who = script[0].split(":")[0]
    bad = run("play", "--config", cfg, "--moves", "-", input=f"{script[0]}\n{who}: frobnicate\n")
    assert bad.exit_code == 3 and "<stdin>:2:" in bad.output


@pytest.mark.parametrize("game", OTHERS)
def test_pbem_game_between_two_humans_to_the_end(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = load_rules(game)
    n = rules.min_players
    Path("g.toml").write_text("\n".join(["[game]", f'rules = "{game}"', "seed = 8"]
                                        + [f'[[players]]\nname = "h{i}"' for i in range(n)]) + "\n")
    assert run("pbem", "new", "--config", "g.toml", "--out", "g.game").exit_code == 0
    from fauna_cli.gamefile import load_game
    bots = None
    for _ in range(20000):
        loaded = load_game("g.game")
        state = loaded.state
        if state.is_over:
            break
        if bots is None:
            doc = {"game": {"rules": game}, "players": [{"name": f"h{i}", "bot": "random"} for i in range(n)]}
            bots = seat_bots(rules, rules.config_from_dict(doc, "t", None), state.seed)
        move = bots[list(state.names).index(state.to_move)].choose(state)
        result = run("pbem", "move", "g.game", "--as", state.to_move, "--print-move", state.move_text(move))
        assert result.exit_code == 0, result.output
    assert load_game("g.game").state.is_over
    status = run("pbem", "status", "g.game")
    assert status.exit_code == 0 and "finished" in status.output


@pytest.mark.parametrize("game", OTHERS)
def test_rule_cases_pass_and_are_enough(game):
    result = run("check", ROOT / "tests" / "cases" / game, "--format", "json")
    doc = json.loads(result.output)
    assert result.exit_code == 0, [c for c in doc["cases"] if c["status"] != "pass"][:3]
    assert doc["summary"]["passed"] >= CASE_MINIMUM.get(game, 1)
    plain = run("check", ROOT / "tests" / "cases" / game)
    n = doc["summary"]["passed"]
    assert plain.exit_code == 0 and plain.output.splitlines()[-1] == f"{n} cases: {n} passed, 0 failed"


@pytest.mark.parametrize("game", OTHERS)
def test_simulation_is_identical_with_two_jobs(game):
    args = ["simulate", "--game", game, "--players", load_rules(game).max_players, "--bots", "random", "--games", 6,
            "--seed", 3, "--format", "json"]
    one, two = run(*args), run(*args, "--jobs", 2)
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    a, b = json.loads(one.output), json.loads(two.output)
    a.pop("timing"), b.pop("timing")
    assert a == b


@pytest.mark.parametrize("game", OTHERS)
def test_hot_seat_one_human_against_bots_to_the_end_at_a_real_terminal(game, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    rules = load_rules(game)
    n = rules.max_players
    cfg = tmp_path / "g.toml"
    cfg.write_text("\n".join(["[game]", f'rules = "{game}"', "seed = 2", '[[players]]\nname = "me"']
                             + [f'[[players]]\nname = "bot{i}"\nbot = "random"' for i in range(1, n)]) + "\n")
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    child = pexpect.spawn(sys.executable, ["-m", "fauna_cli", "play", "--config", str(cfg)], env=env,
                          encoding="utf-8", timeout=60, dimensions=(50, 160))
    for _ in range(5000):
        i = child.expect([r"me> ", "everything is revealed", pexpect.EOF])
        if i == 0:
            child.sendline("1")
        else:
            break
    assert i == 1, child.before[-2000:]
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("game", OTHERS)
def test_pbem_without_a_referee_warns_that_secret_hands_can_be_computed(game, tmp_path):
    rules = load_rules(game)
    cfg = tmp_path / "g.toml"
    cfg.write_text("\n".join(["[game]", f'rules = "{game}"', "seed = 8"]
                             + [f'[[players]]\nname = "h{i}"' for i in range(rules.min_players)]) + "\n")
    result = run("pbem", "new", "--config", cfg, "--out", tmp_path / "g.game")
    assert result.exit_code == 0
    assert ("--referee" in result.stderr) == rules.hidden_information


@pytest.mark.parametrize("game", [g for g in OTHERS if load_rules(g).hidden_information])
def test_hot_seat_hands_over_the_screen_and_shows_each_person_only_their_own_hand(game, tmp_path):
    rules = load_rules(game)
    cfg = tmp_path / "g.toml"
    cfg.write_text("\n".join(["[game]", f'rules = "{game}"', "seed = 4"]
                             + [f'[[players]]\nname = "h{i}"' for i in range(2)]) + "\n")
    result = run("play", "--config", cfg, input="\n1\n" * 150)  # Enter at each hand-over, choice 1 at each prompt
    assert result.exit_code == 0, result.output[-1500:]
    segments = re.split(r"\n(h\d)'s turn: everyone else, please look away\.", result.output)
    assert len(segments) > 5, "the screen is handed over between the two people"
    own = 0
    for who, text in zip(segments[1::2], segments[2::2], strict=True):
        shown = set(re.findall(r"[Yy]our hand \((h\d)\)", text))  # how Arctic and ExoFauna show a hand
        assert shown <= {who}, f"{who}'s screen shows the hand of {shown - {who}}"
        own += shown == {who}
    assert own or rules.name == "evo", "each person's own hand is shown on their screen"


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_a_byte_changed_in_a_move_of_a_golden_is_caught_with_exit_4(name, tmp_path):
    lines = (ROOT / "replays" / name).read_text(encoding="utf-8").split("\n")
    k = next(i for i, ln in enumerate(lines) if re.match(r"^\d+ [^:]+: ", ln) and i > len(lines) // 3)
    body, digest = lines[k].rsplit(" @", 1)
    lines[k] = body[:-1] + ("x" if body[-1] != "x" else "y") + " @" + digest  # one byte of the move text
    path = tmp_path / name
    path.write_text("\n".join(lines), encoding="utf-8")
    result = run("replay", path)
    assert result.exit_code == 4 and f"{name}:{k + 1}:" in result.output, result.output
