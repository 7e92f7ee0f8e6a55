"""A command imports what it uses: the game being played, not the others; no log engine for a game nobody saves.

Cold starts are measured, not asserted (`python tools/bench_compare.py`, docs/speed.md); what these tests pin is
which code a command loads, which is what the start-up figures follow from: `fauna --help` loads no game, playing
Arctic loads no other game, a Fauna script played without --log loads neither the log engine nor Fauna's log
writer, and `pbem move` on a plain game file loads none of the referee's code (key, view and joint-seed files).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("rules.fauna", "rules.arctic", "rules.exofauna", "rules.evo")
RUN = """import json, os, sys
sys.argv = ["fauna", *json.loads(os.environ["FAUNA_TEST_ARGS"])]
from fauna_cli.__main__ import run
try:
    run()
except SystemExit as exc:
    code = exc.code
with open(os.environ["FAUNA_TEST_MODULES"], "w", encoding="utf-8") as f:
    json.dump({"code": code, "modules": sorted(sys.modules)}, f)
"""
SCRIPT = ("alice: length 70 cm-1 m\nbob: Southern Indian Ocean\ncarol: weight 1-2 kg\n"
          "alice: pass\nbob: pass\ncarol: pass\n")  # round 1 of the bench's short script (seed 7)


def fauna(tmp_path: Path, *args: str) -> tuple[int, set[str], str]:
    """Run `fauna ARGS` in a fresh process from this checkout, unmeasured: (exit code, modules it imported, output)."""
    out = tmp_path / "modules.json"
    plain = {k: v for k, v in os.environ.items() if not k.startswith("COVERAGE_")}  # coverage imports its own
    env = {**plain, "FAUNA_TEST_ARGS": json.dumps(list(args)), "FAUNA_TEST_MODULES": str(out),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", RUN], cwd=ROOT, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, check=False)
    result = json.loads(out.read_text(encoding="utf-8"))
    return result["code"], set(result["modules"]), done.stdout


def games_in(modules: set[str]) -> set[str]:
    return {g for g in GAMES if g in modules}


def test_fauna_help_names_the_games_and_loads_none(tmp_path):
    code, modules, out = fauna(tmp_path, "--help")
    assert code == 0 and "Games: fauna, arctic, exofauna, evo" in " ".join(out.split())
    assert games_in(modules) == set()


def test_playing_arctic_loads_no_other_game(tmp_path):
    code, modules, out = fauna(tmp_path, "play", "--game", "arctic", "--players", "2", "--bots", "random,random",
                               "--seed", "1")
    assert code == 0 and "Winner" in out
    assert games_in(modules) == {"rules.arctic"}


def test_a_fauna_script_without_log_loads_no_log_engine_and_no_other_game(tmp_path):
    script = tmp_path / "short.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    code, modules, out = fauna(tmp_path, "play", "--seed", "7", "--moves", str(script))
    assert code == 0 and "Round 1" in out
    assert games_in(modules) == {"rules.fauna"}
    assert not modules & {"rules.core.log", "rules.fauna.replay", "fauna_cli.logfile", "hashlib"}
    code, modules, _out = fauna(tmp_path, "play", "--seed", "7", "--moves", str(script), "--log",
                                str(tmp_path / "g.fauna"))
    assert code == 0 and (tmp_path / "g.fauna").exists() and "rules.fauna.replay" in modules  # kept: it is written


def test_pbem_move_on_a_plain_game_loads_no_referee_code(tmp_path):
    game = tmp_path / "g.fauna"
    code, _modules, _out = fauna(tmp_path, "pbem", "new", "--out", str(game), "--seed", "7")
    assert code == 0
    code, modules, out = fauna(tmp_path, "pbem", "move", str(game), "--as", "alice", "Tasmania")
    assert code == 0 and "alice: Tasmania" in game.read_text(encoding="utf-8")
    assert games_in(modules) == {"rules.fauna"}
    assert not modules & {"fauna_cli.referee_cmd", "rules.core.referee", "rules.core.shape", "rules.core.jointseed"}
