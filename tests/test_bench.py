"""The benchmark script runs and reports every figure (its speeds are printed, never asserted)."""

import json
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
                           "1"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())  # the table may wrap a long figure name
    assert "evo random" in text and "playouts, moves/s" in text and "connect_four" in text
