"""The benchmark script runs and reports every figure (its speeds are printed, never asserted)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent


def test_bench_runs_and_reports_each_figure_against_its_target(capsys, monkeypatch):
    from fauna_cli import bench

    # The commands the bench times run in fresh processes of their own; under coverage they would be measured
    # too (several times slower, and covered by their own tests): the bench's children run as a user's do.
    monkeypatch.delenv("COVERAGE_PROCESS_CONFIG", raising=False)
    done = CliRunner().invoke(bench.bench, ["--games", "3", "--replays", "2", "--repeat", "1", "--cold-runs", "1",
                                            "--format", "json"])
    assert done.exit_code == 0, done.output
    doc = json.loads(done.stdout)
    assert doc["bot_games"]["games"] == 3 and doc["bot_games"]["median"] > 0
    assert doc["bot_games"]["moves_per_game"] > 20  # whole games were played
    assert doc["replay"]["moves"] > 40 and doc["replay"]["median"] > 0
    assert doc["cold_start"]["fauna_median_s"] > 0 and doc["cold_start"]["click_median_s"] > 0
    assert doc["targets"] == {"games_per_second": 1000.0, "replay_moves_per_second": 100000.0,
                              "cold_start_ratio": 1.5}
    assert doc["statistician_games"]["median"] > 0
    wait = doc["waiting"]
    assert set(wait["cold"]["commands"]) == {"--help", "map adjacent", "animal show", "play --moves",
                                             "check tests/cases"}
    assert all(c["ratio"] > 0 for c in wait["cold"]["commands"].values())
    assert wait["replay"]["moves"] > 20000 and wait["replay"]["moves_per_second"] > 0  # a long log, end to end
    assert wait["pbem_move"]["moves"] == 500 and wait["pbem_move"]["median_s"] > 0
    assert wait["play_log"]["moves"] > 20 and wait["play_log"]["ratio"] > 0
    bench.print_report(doc, "plain")  # the text report is drawn from the same figures (measured once: they are slow)
    plain = capsys.readouterr().out
    for row in ("bot games/s", "replay verification moves/s", "cold start ratio", "Where people wait"):
        assert row in plain
    assert "3 bot games, 2 replays" in plain


def test_the_playout_figures_stand_beside_openspiel_or_say_it_is_missing(monkeypatch):
    """Issue 31: moves/s of each game's random playouts, and the ratio to OpenSpiel's connect_four when it runs."""
    from fauna_cli import bench
    from rules.evo import playout

    monkeypatch.setenv("FAUNA_NATIVE", "0")  # Evo's playout in Python (a compiled copy: the next test)
    monkeypatch.setattr(playout, "_COMPILED", None)
    doc = bench.playout_speed(1, playouts=2)
    assert set(doc["games"]) == {"fauna", "arctic", "exofauna", "evo"}
    assert all(g["median"] > 0 and g["copy_us"] > 0 for g in doc["games"].values())
    rows = bench.playout_rows(doc)
    if doc["openspiel"] is not None:  # installed: the ratio of medians, and OpenSpiel's own rows
        c4 = doc["openspiel"]["connect_four"]["median"]
        assert all(g["ratio"] == g["median"] / c4 for g in doc["games"].values())
        assert any(r[0].startswith("OpenSpiel leduc_poker") for r in rows)
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if not installed: `import pyspiel` fails
    assert bench.openspiel_rates(1, games=1) is None
    missing = bench.playout_speed(1, playouts=2)
    assert missing["openspiel"] is None and all("ratio" not in g for g in missing["games"].values())
    assert [r[-1] for r in bench.playout_rows(missing)] == ["", "", "", ""]
    done = subprocess.run([sys.executable, "-m", "fauna_cli.bench", "--playouts-only", "--games", "10", "--repeat",
                           "1"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "COLUMNS": "250"})  # (a narrower table wraps its figure names)
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "evo random playouts (Python), moves/s" in text and "connect_four" in text
    assert "evo: its playout ran in Python: FAUNA_NATIVE=0" in text


def test_a_compiled_playout_is_timed_beside_its_python_and_only_it_is_judged(monkeypatch):
    """With a compiled copy of Evo's playout (tools/build_native.py) the bench says so and times the Python too,
    for the record; without one it says why Evo's playout ran in Python."""
    from fauna_cli import bench
    from rules.core import native
    from rules.evo import playout

    monkeypatch.setitem(sys.modules, "pyspiel", None)
    calls = []

    def stand_in(state, rng):  # counts its calls, plays as the Python does
        calls.append(1)
        return playout.python_play_out(state, rng)

    monkeypatch.setattr(playout, "_COMPILED", stand_in)
    monkeypatch.setattr(native, "why_not", lambda group: None)
    doc = bench.playout_speed(1, playouts=2)
    assert calls and doc["games"]["evo"]["runs"] == "compiled" and doc["compiled"] == {"evo": None}
    assert doc["games"]["evo" + bench.PYTHON_ROW]["runs"] == "Python" and doc["games"]["arctic"]["runs"] == "Python"
    assert doc["games"]["evo" + bench.PYTHON_ROW]["target_ratio"] is None
    doc["openspiel"] = {"connect_four": {"best": 1e5, "median": 1e5}, "leduc_poker": {"best": 1e5, "median": 1e5}}
    for g in doc["games"].values():
        g["ratio"] = 1.0
    rows = {r[0].split(",")[0]: r for r in bench.playout_rows(doc)}
    assert rows["evo random playouts (compiled copy)"][-1] == "met"
    assert rows["evo random playouts (Python)"][-2:] == ["", ""]  # no target, no verdict: the record only
    assert rows["arctic random playouts"][-1] == "met"  # (a game without a compiled copy: no word on it)
    monkeypatch.setattr(playout, "_COMPILED", None)
    monkeypatch.setattr(native, "why_not", lambda group: "no compiled copy is built")
    plain = bench.playout_speed(1, playouts=2)
    assert set(plain["games"]) == {"fauna", "arctic", "exofauna", "evo"} and plain["games"]["evo"]["runs"] == "Python"


def test_a_required_compiled_copy_that_is_missing_is_one_line_and_exit_2(tmp_path):
    """FAUNA_NATIVE=require and no compiled copy built from the sources at hand (an edited copy of the checkout, so
    even a copy built into this Python's site-packages does not match): one line on stderr, exit 2."""
    import shutil

    for name in ("rules", "fauna_cli", "data"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    playsteps = tmp_path / "rules" / "evo" / "playsteps.py"
    playsteps.write_text(playsteps.read_text() + "\n# edited since any build\n")
    env = {**os.environ, "FAUNA_NATIVE": "require", "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "fauna_cli.bench", "--playouts-only", "--games", "10", "--repeat",
                           "1"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("bench: FAUNA_NATIVE=require, but evo: ")
