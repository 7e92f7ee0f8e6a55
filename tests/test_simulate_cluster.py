"""`fauna simulate --scheduler`: on a Dask cluster of processes the figures are those of `--jobs 1`, even when a
worker dies mid-run; without the optional `distributed` package, one clear line."""

import json
import os
import signal
import sys
import threading
import time
from importlib.util import find_spec

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli

needs_distributed = pytest.mark.skipif(
    find_spec("distributed") is None,
    reason="the optional 'distributed' package is not installed (pip install '.[cluster]' or '.[test]')")

FAUNA = ["--players", "3", "--bots", "statistician,random", "--games", "10", "--seed", "5"]
EVO = ["--game", "evo", "--players", "3", "--bots", "heuristic,random", "--games", "10", "--seed", "11", "--by",
       "start,order"]


def simulate(args):
    result = CliRunner().invoke(cli, ["simulate", *args])
    return result


def without_timing(text):
    """The output with its one line of timings left out: the only line that depends on how the games were run."""
    return [line for line in text.splitlines() if "games/s" not in line]


@pytest.fixture(scope="module")
def cluster():
    """A local cluster of two worker processes with one thread each, as `dask worker` would give."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as local:
        yield local


@needs_distributed
@pytest.mark.parametrize("args", [FAUNA, EVO], ids=["fauna", "evo"])
def test_a_cluster_gives_the_figures_of_one_job(cluster, args):
    alone = simulate([*args, "--list"])
    spread = simulate([*args, "--list", "--scheduler", cluster.scheduler_address])
    assert alone.exit_code == 0 and spread.exit_code == 0, spread.output
    assert without_timing(spread.output) == without_timing(alone.output)
    assert f"2 jobs on the Dask cluster at {cluster.scheduler_address}" in spread.output


@needs_distributed
def test_the_json_of_a_cluster_run_says_where_it_ran(cluster):
    alone = json.loads(simulate([*EVO, "--format", "json"]).output)
    spread = json.loads(simulate([*EVO, "--format", "json", "--scheduler", cluster.scheduler_address]).output)
    assert spread["timing"]["scheduler"] == cluster.scheduler_address and spread["timing"]["jobs"] == 2
    assert {k: v for k, v in spread.items() if k != "timing"} == {k: v for k, v in alone.items() if k != "timing"}


@needs_distributed
def test_a_worker_lost_mid_run_costs_only_its_games(cluster):
    """One worker is killed while it holds batches of the run: they are played again and nothing changes."""
    from distributed import Client

    args = ["--game", "evo", "--players", "3", "--bots", "heuristic", "--games", "30", "--seed", "3", "--list"]
    alone = simulate(args)
    killed: dict = {}
    stop = threading.Event()
    with Client(cluster.scheduler_address, set_as_default=False) as watcher:
        victim, pid = sorted(watcher.run(os.getpid).items())[0]

        def kill_when_busy():
            while not stop.is_set():
                held = [k for k in watcher.processing(workers=[victim]).get(victim, ()) if "fauna-simulate" in k]
                if held:
                    os.kill(pid, signal.SIGKILL)
                    killed["batches"] = held
                    return
                time.sleep(0.005)

        watch = threading.Thread(target=kill_when_busy, daemon=True)
        watch.start()
        spread = simulate([*args, "--scheduler", cluster.scheduler_address])
        stop.set()
        watch.join(5)
        assert killed, "the worker was never seen holding a batch of the run"
        assert pid not in watcher.run(os.getpid).values()  # it died (its nanny starts a fresh one)
    assert spread.exit_code == 0, spread.output
    assert without_timing(spread.output) == without_timing(alone.output)


@needs_distributed
def test_a_worker_with_other_rules_or_data_refuses_its_games(cluster, monkeypatch):
    from fauna_cli import cluster as on_cluster

    monkeypatch.setattr(on_cluster, "code_fingerprint", lambda: "0" * 16)  # as if this machine had other rules
    result = simulate([*FAUNA, "--scheduler", cluster.scheduler_address])
    assert result.exit_code == 2
    assert result.stderr.startswith("fauna: the Dask worker at tcp://") and len(result.stderr.splitlines()) == 1
    assert "runs other fauna rules or data than this machine" in result.stderr


@needs_distributed
def test_jobs_and_a_scheduler_do_not_go_together(cluster):
    result = simulate([*FAUNA, "--jobs", "2", "--scheduler", cluster.scheduler_address])
    assert result.exit_code == 2 and "--jobs and --scheduler" in result.output


@needs_distributed
def test_a_bad_scheduler_address_is_one_line():
    result = CliRunner().invoke(cli, ["simulate", *FAUNA, "--scheduler", "nowhere"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "fauna: --scheduler nowhere: missing port number in address 'nowhere' "
        "(a scheduler's address reads like tcp://HOST:8786)"]


def test_without_the_cluster_extra_the_scheduler_option_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails as when it is not installed
    result = CliRunner().invoke(cli, ["simulate", *FAUNA, "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == ["fauna: simulate --scheduler needs the optional 'distributed' package: "
                                          "pip install '.[cluster]' in fauna's checkout"]


@needs_distributed
def test_ctrl_c_on_a_cluster_run_shows_progress_then_stops_with_130(cluster):
    import pexpect

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    args = ["--game", "evo", "--players", "3", "--bots", "heuristic,random", "--games", "400", "--seed", "1",
            "--scheduler", cluster.scheduler_address]
    child = pexpect.spawn(sys.executable, ["-m", "fauna_cli", "simulate", *args],
                          env={**os.environ, "PYTHONPATH": root}, encoding="utf-8", timeout=60, cwd=root)
    child.expect(r"simulating +\[#+-* *\] +[1-9]\d*%")  # the bar moves as batches come back from the cluster
    child.sendintr()
    child.expect(r"interrupted after [1-9]\d* of 400 games; the partial figures are discarded")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 and "Traceback" not in child.before


def test_the_code_fingerprint_that_workers_compare_changes_with_the_data(tmp_path, monkeypatch):
    import shutil

    from fauna_cli import cluster as on_cluster
    from rules.fauna import data

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    mine = on_cluster.code_fingerprint()
    copy = tmp_path / "data"
    shutil.copytree(os.path.join(root, "data"), copy)
    with open(copy / "board.toml", "a", encoding="utf-8") as f:
        f.write("\n# an edited copy\n")
    monkeypatch.setenv("FAUNA_DATA_DIR", str(copy))
    for cached in (on_cluster.code_fingerprint, data.data_dir):
        cached.cache_clear()
    try:
        assert on_cluster.code_fingerprint() != mine
    finally:
        monkeypatch.delenv("FAUNA_DATA_DIR")
        for cached in (on_cluster.code_fingerprint, data.data_dir):
            cached.cache_clear()
    assert on_cluster.code_fingerprint() == mine
