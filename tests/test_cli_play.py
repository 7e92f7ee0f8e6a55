"""`fauna play` interactively (typo, suggestion, undo, to the end) and the rule queries."""

import json

from click.testing import CliRunner

from fauna_cli.gameconfig import load_config
from fauna_cli.main import cli
from rules.fauna import new_game


def policy_inputs(seed: int) -> list[str]:
    """Inputs that play the bundled default game to its end: one home area per player and round, then pass."""
    state = new_game(load_config(None), seed)
    lines = []
    while not state.is_over:
        p = state.names.index(state.to_move)
        if state.placed[p] == 0:
            free = [m for m in state.legal_moves() if m.kind == "area"]
            home = [m for m in free if m.area in state.animal.areas]
            move = (home or free)[0]
        else:
            move = state.parse("pass")
        lines.append(state.move_text(move))
        state.apply(move)
    return lines


def test_interactive_game_to_the_end_with_typo_and_undo():
    seed = 11
    moves = policy_inputs(seed)
    first = moves[0]
    typo = "Tasmaniaa"
    starter = new_game(load_config(None), seed).to_move
    inputs = [typo, "Tasmania", f"undo {starter}", "help", "board", "scales"] + moves
    if first == "Tasmania":  # keep the undo meaningful: place somewhere else first
        inputs[1] = "Antarctic"
    result = CliRunner().invoke(cli, ["play", "--seed", str(seed)], input="\n".join(inputs) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "did you mean 'Tasmania'" in out
    assert f"Took back {starter}'s move 1 (" in out and f"; {starter} to decide." in out
    assert "Round 1 evaluation" in out
    assert "Game over:" in out
    assert "Traceback" not in out


def test_interactive_input_ending_early_says_where_the_game_stands():
    result = CliRunner().invoke(cli, ["play", "--seed", "5"], input="Sahel\n")
    assert result.exit_code == 0
    assert "left unfinished" in result.output and "to move" in result.output


def test_undo_is_refused_after_a_pass_or_at_the_start():
    result = CliRunner().invoke(cli, ["play", "--seed", "5"], input="undo\n")
    assert "Nothing to undo" in result.output


def test_map_adjacent_answers_and_exit_codes():
    r = CliRunner().invoke(cli, ["map", "adjacent", "Tasmania", "Tasman Sea"])
    assert r.exit_code == 0 and r.output.startswith("yes")
    r = CliRunner().invoke(cli, ["map", "adjacent", "Iberian Peninsula", "Atlas Mountains"])
    assert r.exit_code == 1 and r.output.startswith("no")
    r = CliRunner().invoke(cli, ["map", "adjacent", "japan", "Bering Sea", "--format", "json"])
    doc = json.loads(r.output)
    assert doc == {"version": 1, "a": "Northwest Pacific Ocean", "b": "Bering Sea", "adjacent": True,
                   "reason": "the seas meet along a dashed sea line", "link": "sea line"}


def test_map_areas_filters_and_json():
    r = CliRunner().invoke(cli, ["map", "areas", "--kind", "marine", "--format", "json"])
    areas = json.loads(r.output)["areas"]
    assert len(areas) == 19 and all(a["kind"] == "marine" for a in areas)
    r = CliRunner().invoke(cli, ["map", "areas", "--continent", "australia / nz", "--format", "json"])
    assert len(json.loads(r.output)["areas"]) == 7


def test_map_neighbors():
    r = CliRunner().invoke(cli, ["map", "neighbors", "tasmania", "--format", "json"])
    assert json.loads(r.output) == {"version": 1, "area": "Tasmania",
                                    "neighbors": [{"name": "Tasman Sea", "link": "coast"}]}


def test_scales_command_both_units():
    r = CliRunner().invoke(cli, ["scales", "--format", "json"])
    doc = json.loads(r.output)["scales"]
    assert [len(s["spaces"]) for s in doc] == [26, 19, 14]
    assert "200-500 kg" in doc[0]["spaces"]
    r = CliRunner().invoke(cli, ["scales", "--units", "imperial", "--format", "json"])
    assert "1-2 lb" in json.loads(r.output)["scales"][0]["spaces"]


def test_animal_show_hides_the_answer_unless_revealed():
    r = CliRunner().invoke(cli, ["animal", "show", "lion", "--format", "json"])
    doc = json.loads(r.output)
    assert doc["name"] == "Lion" and "areas_list" not in doc and "answer" not in doc
    r = CliRunner().invoke(cli, ["animal", "show", "Panthera leo", "--reveal", "--format", "json"])
    doc = json.loads(r.output)
    assert "Rift Valley" in doc["areas_list"] and doc["sources"]


def test_animal_list_by_side():
    r = CliRunner().invoke(cli, ["animal", "list", "--cards", "green", "--format", "json"])
    rows = json.loads(r.output)["animals"]
    assert rows and all(a["side"] == "green" and a["difficulty"] == "green" for a in rows)


def test_new_config_writes_a_loadable_commented_default(tmp_path):
    path = tmp_path / "game.toml"
    r = CliRunner().invoke(cli, ["new-config", str(path)])
    assert r.exit_code == 0 and path.exists()
    cfg = load_config(str(path))
    assert cfg.names == ["alice", "bob", "carol"] and cfg.table.name == "published"
    r = CliRunner().invoke(cli, ["new-config", str(path)])
    assert r.exit_code == 2 and "--force" in r.output


def test_script_from_stdin_ends_early_and_says_whose_turn():
    r = CliRunner().invoke(cli, ["play", "--seed", "5", "--moves", "-"], input="# nothing but a comment\n")
    assert r.exit_code == 0
    assert "The script ended before the game did" in r.output and "to move" in r.output


def test_colour_only_on_a_terminal_and_without_no_color(monkeypatch):
    from fauna_cli.render import use_color

    class Stream:
        def __init__(self, tty):
            self.tty = tty

        def isatty(self):
            return self.tty

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color(Stream(True)) and not use_color(Stream(False))
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(Stream(True))


def test_real_terminal_session_through_a_pseudo_terminal():
    import os
    import sys
    from pathlib import Path

    import pexpect

    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent)
    child = pexpect.spawn(sys.executable, ["-m", "fauna_cli", "play", "--seed", "7"], env=env, encoding="utf-8",
                          timeout=20)
    child.expect(r"alice.*\(hand 6, score 0\)> ")
    assert "\x1b[1m" in child.before + child.after  # bold on a terminal
    child.sendline("Tasmaniaa")
    child.expect("did you mean 'Tasmania'")
    child.sendline("Amazon Basin")
    child.expect("alice placed on Amazon Basin")
    child.sendline("quit")
    child.expect(r"Leave the game\? \[y/N\]")
    child.sendline("y")
    child.expect("Game left unfinished")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_shell_completion_of_commands_areas_and_animals():
    import os
    import subprocess
    import sys
    from pathlib import Path

    def complete(words: str) -> list[str]:
        env = {**os.environ, "_FAUNA_COMPLETE": "bash_complete", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - 1), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        out = subprocess.run([sys.executable, "-m", "fauna_cli"], env=env, capture_output=True, text=True)
        # what bash's `read` and then the command line make of each value (escaped twice, see main.py)
        return [line.split(",", 1)[1].replace("\\\\", "\\").replace("\\", "") for line in out.stdout.splitlines()]

    assert complete("fauna map neighbors Tas") == ["Tasmania", "Tasman Sea"]
    assert complete("fauna animal show Aye") == ["Aye-aye"]
    assert "pbem" in complete("fauna pb")
