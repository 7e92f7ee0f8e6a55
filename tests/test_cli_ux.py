"""Issue 13: what a first-time player and an e-mail group meet, each item checked through the CLI."""

from __future__ import annotations

import json
import re
import time
import unicodedata
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
FALCON_SEED = 52  # the bundled default game's first card is the peregrine falcon (55 areas), carol starts


def invoke(args, input=None, env=None):
    """Run `fauna ARGS` in-process, stdout and stderr apart."""
    return CliRunner().invoke(cli, args, input=input, env=env)


# -- item 2: tables fit the terminal -------------------------------------------------------------------

def test_round_table_of_a_widespread_animal_fits_80_columns(tmp_path):
    script = tmp_path / "falcon.txt"
    script.write_text("carol: Tasmania\nalice: Sahel\nbob: India\ncarol: pass\nalice: pass\nbob: pass\n")
    r = invoke(["play", "--seed", str(FALCON_SEED), "--moves", str(script)], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    assert "Round 1 evaluation: Peregrine falcon" in r.stdout
    tables = [line for line in r.stdout.splitlines() if not line.startswith(("Seed", "Asks", "The script"))]
    assert max(len(line) for line in tables) <= 80
    assert "Basin, Great Dividing Range, Tasmania" in " ".join(r.stdout.split())  # wrapped, not cut
    doc = json.loads(invoke(["play", "--seed", str(FALCON_SEED), "--moves", str(script), "--format", "json"],
                            env={"COLUMNS": "80"}).stdout)
    assert len(doc["rounds"][0]["answer"]["areas"]) == 55  # JSON keeps the whole list on one key


def test_animal_card_fits_and_has_no_empty_header_row():
    r = invoke(["animal", "show", "peregrine falcon", "--reveal"], env={"COLUMNS": "80"})
    lines = r.stdout.splitlines()
    assert lines[0].startswith("card") and max(len(line) for line in lines) <= 80


# -- item 9: wide characters and composed names ------------------------------------------------------

def test_wide_names_keep_table_columns_aligned(tmp_path):
    from wcwidth import wcswidth

    cfg = tmp_path / "wide.toml"
    cfg.write_text('[game]\nseed = 3\n[[players]]\nname = "小林"\n[[players]]\nname = "🦊fox"\n'
                   '[[players]]\nname = "bob"\n')
    game = str(tmp_path / "g.fauna")
    assert invoke(["pbem", "new", "--config", str(cfg), "--out", game]).exit_code == 0
    out = invoke(["pbem", "status", game]).stdout.splitlines()
    head = next(i for i, line in enumerate(out) if line.startswith("player"))
    rows = out[head:head + 5]
    score_col = {wcswidth(line[:line.index(word)]) for line, word in zip(rows[2:], ("0", "0", "0"), strict=False)}
    assert score_col == {wcswidth(rows[0][:rows[0].index("score")])}, rows
    assert any("wcwidth" in d for d in _dependencies())


def _dependencies() -> list[str]:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]


def test_decomposed_name_is_the_same_player(tmp_path):
    composed = "Zo\u00eb"
    decomposed = unicodedata.normalize("NFD", composed)
    assert decomposed != composed
    cfg = tmp_path / "zoe.toml"
    cfg.write_text(f'[game]\nseed = 4\nstart = "{decomposed}"\n[[players]]\nname = "{composed}"\n'
                   '[[players]]\nname = "bob"\n')
    game = str(tmp_path / "g.fauna")
    assert invoke(["pbem", "new", "--config", str(cfg), "--out", game]).exit_code == 0
    r = invoke(["pbem", "move", game, "--as", decomposed, "Tasmania"])
    assert r.exit_code == 0, r.stderr
    script = tmp_path / "s.txt"
    script.write_text(f"{decomposed}: Sahel\n")
    r = invoke(["play", "--config", str(cfg), "--moves", str(script)])
    assert r.exit_code == 0, r.stderr


# -- item 11: consistency ----------------------------------------------------------------------------

def test_bare_fauna_prints_help_on_stdout_and_succeeds():
    r = invoke([])
    assert r.exit_code == 0 and "Usage:" in r.stdout and r.stderr == ""


def test_bench_takes_dash_h():
    from fauna_cli.bench import bench

    r = CliRunner().invoke(bench, ["-h"])
    assert r.exit_code == 0 and "--games" in r.output


def test_every_json_document_is_an_object_with_a_version():
    for args in (["map", "areas"], ["scales"], ["animal", "list"], ["map", "neighbors", "Tasmania"],
                 ["animal", "show", "lion"]):
        doc = json.loads(invoke(args + ["--format", "json"]).stdout)
        assert isinstance(doc, dict) and doc["version"] == 1, args


def test_errors_are_json_under_format_json():
    r = invoke(["map", "neighbors", "Atlantis", "--format", "json"])
    assert r.exit_code == 2
    err = json.loads(r.stderr)["error"]
    assert err["type"] == "UnknownArea" and "Atlantis" in err["message"] and err["exit_code"] == 2
    r = invoke(["map", "areas", "--continent", "Atlantis", "--format", "json"])
    assert json.loads(r.stderr)["error"]["exit_code"] == 2


# -- item 12: small texts ----------------------------------------------------------------------------

def test_kind_and_units_options_have_help():
    assert "Only land areas" in invoke(["map", "areas", "--help"]).stdout
    assert "imperial (oz" in invoke(["scales", "--help"]).stdout
    assert "Units of the revealed" in invoke(["animal", "show", "--help"]).stdout


# -- item 1: discovering area names at the prompt ----------------------------------------------------

def test_prompt_lists_areas_answers_continents_and_names_the_area_an_alias_lands_on():
    inputs = ["areas", "areas south america", "map europe", "South America", "help", "Red Sea", "quit", "y"]
    r = invoke(["play", "--seed", "5"], input="\n".join(inputs) + "\n")
    out = r.stdout
    assert r.exit_code == 0, out
    assert "Oceans (19): Arctic Ocean" in out and "South America, 7 areas: Guyana; Amazon Basin" in out
    assert "Europe, 6 areas: Scandinavia" in out
    assert "South America is a continent, not an area" in out and "did you mean 'South Africa'" not in out
    assert "unknown area 'areas'" not in out and "unknown area 'map'" not in out
    assert "areas [CONTINENT]" in out and "fauna map areas" in " ".join(out.split())
    assert "Red Sea is part of Northern Indian Ocean." in out


def test_help_examples_are_in_the_game_units_and_every_one_parses():
    from tests_support import fresh_state

    from fauna_cli.games.fauna import EXAMPLES

    for units, examples in EXAMPLES.items():
        state = fresh_state(units)
        for text in examples:
            state.parse(text.split(" (")[0])  # raises if an example is not a move in these units
    r = invoke(["play", "--seed", "5", "--units", "imperial"], input="help\nquit\ny\n")
    assert "weight 200-500 lb" in r.stdout and " kg" not in r.stdout.split("Type one of:")[1]


# -- item 3: resuming a hot-seat game ----------------------------------------------------------------

def _policy(seed: int, argv_extra=()) -> list[str]:
    from test_cli_play import policy_inputs

    return policy_inputs(seed)


def test_quit_and_continue_gives_the_same_log_as_playing_straight_through(tmp_path):
    moves = _policy(11)
    straight, resumed = tmp_path / "straight.fauna", tmp_path / "resumed.fauna"
    r = invoke(["play", "--seed", "11", "--log", str(straight)], input="\n".join(moves) + "\n")
    assert r.exit_code == 0 and "Game over" in r.stdout
    cut = len(moves) // 2
    r = invoke(["play", "--seed", "11", "--log", str(resumed)], input="\n".join(moves[:cut] + ["quit", "y"]) + "\n")
    assert r.exit_code == 0
    assert f"saved in {resumed}; resume it with: fauna play --continue {resumed}" in r.stdout
    r = invoke(["play", "--continue", str(resumed)], input="\n".join(moves[cut:]) + "\n")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "Game over" in r.stdout
    assert resumed.read_bytes() == straight.read_bytes()
    assert invoke(["replay", str(resumed)]).exit_code == 0


def test_quit_asks_first_and_help_says_what_is_saved(tmp_path):
    log = tmp_path / "g.fauna"
    r = invoke(["play", "--seed", "5", "--log", str(log)], input="help\nquit\nn\nquit\ny\n")
    assert r.stdout.count("Leave the game? [y/N]") == 2
    assert f"the game so far is saved in {log}; resume with fauna play --continue {log}" in " ".join(r.stdout.split())
    r = invoke(["play", "--seed", "5"], input="help\nquit\ny\n")
    assert "nothing is saved; start with --log FILE" in r.stdout and "Nothing was saved" in r.stdout


def test_continue_refuses_settings_that_the_log_fixes(tmp_path):
    log = tmp_path / "g.fauna"
    invoke(["play", "--seed", "5", "--log", str(log)], input="quit\ny\n")
    r = invoke(["play", "--continue", str(log), "--seed", "6"])
    assert r.exit_code == 2 and "--seed" in r.stderr


def test_ctrl_c_at_the_prompt_exits_130_with_the_resume_message(tmp_path):
    import os
    import sys

    import pexpect

    log = tmp_path / "g.fauna"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "fauna_cli", "play", "--seed", "7", "--log", str(log)], env=env,
                          encoding="utf-8", timeout=60)
    child.expect(r"\(hand 6, score 0\)> ")
    time.sleep(0.3)  # the prompt is drawn; let it wait for input before the interrupt
    child.sendintr()
    child.expect("Interrupted. Game left unfinished")
    child.expect(f"resume it with: fauna play --continue {log}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


# -- item 6: undo ------------------------------------------------------------------------------------

def test_undo_takes_back_own_placement_with_the_bot_replies_and_only_ones_own():
    r = invoke(["play", "--seed", "5", "--players", "2", "--bots", "human,random", "--start", "alice"],
               input="Sahel\nundo\nundo\nquit\ny\n")
    out = r.stdout
    assert r.exit_code == 0, r.stderr
    assert "Took back alice's move 1 (Sahel), and the computer players' replies (random-2: " in out
    assert "Nothing to undo for alice: nobody has decided at this terminal." in out
    r = invoke(["play", "--seed", "5", "--start", "alice"], input="Sahel\nundo\nundo alice\nquit\ny\n")
    assert "Nothing to undo for bob: alice decided since (move 1: Sahel); only the latest decision" in r.stdout
    assert "Took back alice's move 1 (Sahel); alice to decide." in r.stdout


# -- item 12: small texts at play --------------------------------------------------------------------

def test_a_script_line_with_a_prompt_word_says_so(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("alice: undo\n")
    r = invoke(["play", "--seed", "5", "--start", "alice", "--moves", str(script)])
    assert r.exit_code == 3 and "'undo' is typed at the prompt of interactive play" in r.stderr
    assert "unknown area" not in r.stderr


def test_a_missing_script_is_reported_before_any_banner(tmp_path):
    r = invoke(["play", "--moves", str(tmp_path / "missing.txt")])
    assert r.exit_code == 2 and r.stdout == "" and "missing.txt" in r.stderr


# -- item 10: e-mail play messages --------------------------------------------------------------------

def _new(tmp_path, *extra):
    game = str(tmp_path / "g.fauna")
    r = invoke(["pbem", "new", "--log", game, "--seed", "5", *extra])
    assert r.exit_code == 0, r.stderr
    return game, r


def test_pbem_new_says_what_a_bot_did_first_and_move_says_whom_to_send_to(tmp_path):
    game, r = _new(tmp_path, "--players", "3", "--bots", "random,human", "--start", "random-1")
    assert "The computer players moved first: random-1 placed on " in r.stdout
    assert "(bob and carol): each keeps their own copy; bob moves first." in r.stdout
    r = invoke(["pbem", "move", game, "--as", "bob", "Sahel"])
    assert f"Send {game[:-6]}-move-2.txt to carol: " in r.stdout
    assert not Path(game + ".lock").exists()
    refused = invoke(["pbem", "move", game, "--as", "bob", "India"])
    assert refused.exit_code == 3 and not Path(game + ".lock").exists()


def test_pbem_status_marks_computer_players_and_points_to_the_last_round(tmp_path):
    game, _ = _new(tmp_path, "--players", "2", "--bots", "human,statistician", "--start", "alice")
    out = invoke(["pbem", "status", game]).stdout
    assert "plays" in out and "statistician" in out and "person" in out
    invoke(["pbem", "move", game, "--as", "alice", "Sahel"])
    for _ in range(10):
        if json.loads(invoke(["pbem", "status", game, "--format", "json"]).stdout)["round"] > 1:
            break
        invoke(["pbem", "move", game, "--as", "alice", "pass"])
    out = invoke(["pbem", "status", game]).stdout
    assert "Round 1 (" in out and f"the whole table: fauna pbem show {game} --round 1" in out
    assert json.loads(invoke(["pbem", "status", game, "--format", "json"]).stdout)["last_round"]["round"] == 1


def test_pbem_show_keeps_each_move_on_one_line_and_counts_rounds_in_words(tmp_path):
    game, _ = _new(tmp_path)
    for _ in range(40):
        doc = json.loads(invoke(["pbem", "status", game, "--format", "json"]).stdout)
        if doc["round"] > 1:
            break
        who = doc["next"]["player"]
        if invoke(["pbem", "move", game, "--as", who, "pass"]).exit_code:
            free = [a for a in ("Sahel", "India", "Tasmania", "Andes", "Brazil", "Congo Basin")
                    if a not in json.dumps(doc["status"]["taken"])]
            invoke(["pbem", "move", game, "--as", who, free[0]])
    out = invoke(["pbem", "show", game]).stdout
    listing = out.split("Moves of round 1: ", 1)[1].split("Round 1 evaluation", 1)[0]
    assert listing.count("\n") >= 2  # long enough to wrap
    for line in listing.splitlines():
        assert re.fullmatch(r"(\d+ \w+: [^,]+, )*\d+ \w+: [^,]+,?", line.strip()), line  # whole moves per line
    r = invoke(["pbem", "show", game, "--round", "3"])
    assert "(round 1 evaluated)" in r.stderr


# -- item 4: Ctrl-C on a simulation with worker processes ---------------------------------------------

def test_ctrl_c_stops_simulate_with_jobs_and_discards_the_partial_figures():
    import os
    import sys
    import time

    import pexpect

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = pexpect.spawn(sys.executable, ["-m", "fauna_cli", "simulate", "--players", "4", "--bots", "statistician",
                                           "--games", "1000000", "--seed", "1", "--jobs", "2"],
                          env=env, encoding="utf-8", timeout=60, cwd=str(ROOT))
    child.expect("simulating")  # the progress bar: the workers are playing
    time.sleep(1.0)
    sent = time.monotonic()
    child.sendintr()
    child.expect("interrupted after \\d+ of 1000000 games; the partial figures are discarded")
    child.expect(pexpect.EOF)
    elapsed = time.monotonic() - sent
    child.close()
    assert child.exitstatus == 130
    print(f"simulate --jobs 2 stopped {elapsed:.2f} s after Ctrl-C")  # a figure, not an assertion: machines are shared
    assert "Traceback" not in child.before


# -- item 7: per-game seeds, logs of one game, settings as options -------------------------------------

def test_simulate_lists_seeds_and_writes_a_game_log_that_play_reproduces(tmp_path):
    log = tmp_path / "game3.fauna"
    args = ["simulate", "--players", "3", "--bots", "naturalist:0.9,statistician,random", "--games", "4",
            "--seed", "9"]
    r = invoke(args + ["--list", "--log-game", "3", "--log", str(log), "--format", "json"])
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["players"] == ["naturalist-1", "statistician-2", "random-3"]
    game3 = doc["games_played"][2]
    assert game3["game"] == 3 and doc["log"] == {"game": 3, "file": str(log)}
    replayed = json.loads(invoke(["replay", str(log), "--format", "json"]).stdout)
    assert replayed["status"]["scores"] == game3["scores"] and replayed["seed"] == game3["seed"]
    again = tmp_path / "again.fauna"
    r = invoke(["play", "--players", "3", "--bots", "naturalist:0.9,statistician,random", "--seed",
                str(game3["seed"]), "--moves", "-", "--log", str(again)], input="")
    assert r.exit_code == 0, r.stderr
    assert again.read_bytes() == log.read_bytes()
    text = invoke(args + ["--list"]).stdout
    assert f"{game3['seed']}" in text and "naturalist:0.9" in text


def test_play_and_pbem_new_take_the_settings_as_options(tmp_path):
    r = invoke(["play", "--players", "alice,zoe", "--units", "imperial", "--cards", "green", "--goal", "30",
                "--preset", "reference-manual", "--seed", "3", "--moves", "-", "--format", "json"], input="")
    cfg = json.loads(r.stdout)["config"]
    assert [p["name"] for p in cfg["players"]] == ["alice", "zoe"]
    assert cfg["game"]["units"] == "imperial" and cfg["game"]["cards"] == "green" and cfg["game"]["goal"] == 30
    assert cfg["game"]["preset"] == "reference-manual"
    game = tmp_path / "g.fauna"
    r = invoke(["pbem", "new", "--out", str(game), "--players", "4", "--bots", "human,human,random", "--seed", "2"])
    assert r.exit_code == 0 and "players: alice, bob, random-3, random-4" in r.stdout
    r = invoke(["play", "--bots", "genius", "--moves", "-"], input="")
    assert r.exit_code == 2 and "unknown bot kind 'genius'" in r.stderr


# -- item 8: shell completion of multi-word names ------------------------------------------------------

def _bash_complete(words: list[str]) -> list[str]:
    """COMPREPLY of the real bash completion function that `fauna` prints, for a command line being typed."""
    import os
    import shlex
    import shutil
    import subprocess
    import sys

    import pytest

    if shutil.which("bash") is None:
        pytest.skip("no bash")
    fauna = f"{shlex.quote(sys.executable)} -m fauna_cli"
    script = (f'eval "$(_FAUNA_COMPLETE=bash_source {fauna} | sed "s| \\$1)| {fauna})|")"\n'
              f"COMP_WORDS=({' '.join(map(shlex.quote, words))}); COMP_CWORD={len(words) - 1}\n"
              "_fauna_completion fauna\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(["bash", "-c", script], check=True, capture_output=True, text=True, env=env, cwd=str(ROOT))
    return [line for line in out.stdout.splitlines() if line]


def test_bash_completion_escapes_multi_word_names_and_completes_players(tmp_path):
    assert _bash_complete(["fauna", "map", "neighbors", "Great\\ Vic"]) == ["Great\\ Victoria\\ Desert"]
    assert _bash_complete(["fauna", "animal", "show", "baird"]) == ["Baird\\'s\\ tapir"]
    game = str(tmp_path / "g.fauna")
    invoke(["pbem", "new", "--log", game, "--players", "alice,Mary Ann,bob", "--seed", "3", "--start", "bob"])
    assert _bash_complete(["fauna", "pbem", "move", game, "--as", ""]) == ["bob", "alice", "Mary\\ Ann"]
    assert _bash_complete(["fauna", "pbem", "move", game, "--as", "m"]) == ["Mary\\ Ann"]


# -- item 13: a picture for e-mail players -------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def _parse_svg(path: Path):
    import xml.etree.ElementTree as ET

    return ET.parse(path).getroot()


def _classes(root, name: str) -> list:
    return [el for el in root.iter() if name in el.get("class", "").split()]


def test_pbem_status_draws_the_map_with_pieces_and_scales(tmp_path):
    game, _ = _new(tmp_path, "--players", "2", "--bots", "human,statistician", "--start", "alice")
    invoke(["pbem", "move", game, "--as", "alice", "Red Sea"])
    taken = json.loads(invoke(["pbem", "status", game, "--format", "json"]).stdout)["status"]["taken"]
    picture = tmp_path / "g.svg"
    r = invoke(["pbem", "status", game, "--svg", str(picture)])
    assert r.exit_code == 0 and f"Wrote the picture to {picture}" in r.stderr
    root = _parse_svg(picture)
    assert root.tag == SVG + "svg"
    areas = _classes(root, "area")
    assert len(areas) == 75 and len(_classes(root, "marine")) == 19
    links = _classes(root, "link")
    wraps = _classes(root, "wrap")
    assert len(links) - len(wraps) // 2 == 204
    assert len(_classes(root, "piece")) == len(taken) >= 2
    ocean = next(a for a in areas if a.get("id") == "area-northern-indian-ocean")
    assert [p.find(SVG + "title").text for p in _classes(ocean, "piece")] == ["alice"]
    assert {s.get("class") for s in _classes(root, "scale")} == {"scale scale-weight", "scale scale-length",
                                                                  "scale scale-tail"}
    legend = " ".join(t.text or "" for t in _classes(root, "players")[0].iter(SVG + "text"))
    assert "alice: " in legend and "statistician-2 (statistician)" in legend


def test_map_layout_follows_real_positions_without_overlaps():
    from fauna_cli.svg import BOX_H, BOX_W, layout

    pos = layout()
    east = ["Alaska", "Canada", "Greenland", "British Isles", "Eastern Europe", "India", "Far East", "New Zealand"]
    assert [pos[a][0] for a in east] == sorted(pos[a][0] for a in east)
    south = ["Arctic Ocean", "Scandinavia", "Sahel", "Congo Basin", "South Africa", "Southern Ocean", "Antarctic"]
    assert [pos[a][1] for a in south] == sorted(pos[a][1] for a in south)
    names = sorted(pos)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert abs(pos[a][0] - pos[b][0]) >= BOX_W or abs(pos[a][1] - pos[b][1]) >= BOX_H, (a, b)


def test_play_draws_the_board_on_request(tmp_path):
    picture = tmp_path / "end.svg"
    script = tmp_path / "s.txt"
    script.write_text("alice: Sahel\n")
    r = invoke(["play", "--seed", "5", "--start", "alice", "--moves", str(script), "--svg", str(picture)])
    assert r.exit_code == 0, r.stderr
    assert len(_classes(_parse_svg(picture), "piece")) == 1


# -- item 5: the Quick start on an externally managed Python --------------------------------------------

def _quick_start() -> list[str]:
    """The Quick start's two commands, comments stripped."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def _marked_python() -> str | None:
    """A system python3 that refuses `pip install` outside a venv (PEP 668 marker in its stdlib), if any."""
    import shutil
    import subprocess

    for candidate in ("/usr/bin/python3", shutil.which("python3")):
        if not candidate or not Path(candidate).exists():
            continue
        out = subprocess.run([candidate, "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))"],
                             capture_output=True, text=True, check=False)
        stdlib = out.stdout.strip()
        if out.returncode == 0 and stdlib and (Path(stdlib) / "EXTERNALLY-MANAGED").exists():
            return candidate
    return None


def test_quick_start_installs_into_a_venv_and_ci_runs_the_same_test_command():
    play, test = _quick_start()
    for command in (play, test):
        assert command.startswith("python3 -m venv .venv && ")
        assert all(part.startswith(".venv/bin/python -m pip install") for part in command.split(" && ")
                   if "pip install" in part), command
    assert play.endswith(".venv/bin/fauna play")
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line and not line.startswith("#")]
    assert ci[-1] == test


def test_quick_start_gets_past_the_externally_managed_refusal(tmp_path):
    """On a Debian-style python3 the old `python3 -m pip install .` is refused; the venv the README makes is not."""
    import subprocess

    import pytest

    python = _marked_python()
    if python is None:
        pytest.skip("no externally managed python3 here (Debian 12 / Ubuntu 23.04 style)")
    old = subprocess.run([python, "-m", "pip", "install", "--dry-run", "--no-index", "."], cwd=ROOT,
                         capture_output=True, text=True, check=False)
    assert old.returncode != 0 and "externally-managed-environment" in old.stderr
    subprocess.run([python, "-m", "venv", str(tmp_path / ".venv")], check=True)
    new = subprocess.run([str(tmp_path / ".venv/bin/python"), "-m", "pip", "install", "--dry-run", "--no-index",
                          "--no-deps", "click"], capture_output=True, text=True, check=False)
    assert "externally-managed-environment" not in new.stderr and "No matching distribution" in new.stderr


def test_readme_cites_only_what_a_clone_has():
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text()
        assert "shared/seeds" not in text and "shared/reference" not in text and "/work/" not in text, page


def test_game_file_and_script_errors_are_json_under_format_json(tmp_path):
    r = invoke(["pbem", "status", str(tmp_path / "none.fauna"), "--format", "json"])
    assert r.exit_code == 2 and json.loads(r.stderr)["error"]["exit_code"] == 2
    script = tmp_path / "s.txt"
    script.write_text("alice: Atlantis\n")
    r = invoke(["play", "--seed", "5", "--start", "alice", "--moves", str(script), "--format", "json"])
    err = json.loads(r.stderr)["error"]
    assert r.exit_code == 3 and err["exit_code"] == 3
    assert f"{script}:1: alice: unknown area 'Atlantis'" in err["message"]
    doc = json.loads(invoke(["play", "--seed", "5", "--moves", "-", "--format", "json"], input="").stdout)
    assert {"version", "format", "seed", "config", "data", "rounds", "front", "status"} <= set(doc)


# -- the same messages for every other game (fauna_cli/anygame.py, driven here by Fauna's RULES) ------------

def _protocol_config(start: str = "bob"):
    from rules.core.registry import load_rules

    rules = load_rules("fauna")
    doc = {"game": {"rules": "fauna", "start": start}, "players": [{"name": "ann"}, {"name": "bob", "bot": "random"}]}
    return rules, rules.config_from_dict(doc, "t", None)


def test_every_game_says_what_a_bot_did_first_whom_to_send_to_and_who_is_a_computer(tmp_path, capsys):
    from fauna_cli import anygame
    from rules.core.log import load_game_log

    rules, config = _protocol_config()
    game = str(tmp_path / "g.log")
    anygame.pbem_new(rules, config, 5, False, game, False, "plain")
    out = capsys.readouterr().out
    assert "The computer players moved first: 1 bob: " in out
    assert f"Send {game} to every player (ann): each keeps their own copy; ann moves first." in out
    anygame.pbem_status(load_game_log(Path(game).read_text(), game, rules), game, None, "plain")
    assert "Computer players (they move by themselves): bob (random)." in capsys.readouterr().out


def test_every_game_asks_before_quitting_and_says_how_to_resume(tmp_path, monkeypatch, capsys):
    import io

    from fauna_cli import anygame

    rules, config = _protocol_config(start="ann")
    log = str(tmp_path / "g.log")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nn\nquit\ny\n"))
    code = anygame.run_interactive(rules, rules.new_state(config, 5), "plain", log)
    out = capsys.readouterr().out
    assert code == 0 and out.count("Leave the game? [y/N]") == 2
    assert f"saved in {log}; resume it with: fauna play --continue {log}" in out
