"""tools/expert_match.py: the match figure with the CPU of the searched decisions (mean, 99th percentile, longest)."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

from coverage_pause import unmeasured_child_env

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "expert_match.py"


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("expert_match", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_summary_names_the_mean_the_99th_percentile_and_the_longest():
    summary = _tool().cpu_summary([0.1] * 98 + [0.5, 0.9])
    assert summary == ("0.112 s CPU per searched decision over 100 (99th percentile 0.50 s, longest 0.90 s)")
    assert "99th percentile 0.30 s, longest 0.30 s" in _tool().cpu_summary([0.3])
    assert _tool().cpu_summary([]) == "no searched decisions"


def test_a_short_match_prints_its_figure_and_the_searched_decisions_cpu():
    done = subprocess.run([sys.executable, str(TOOL), "--game", "exofauna", "--against", "heuristic", "--games", "2",
                           "--seed", "5", "--think", "4"], cwd=ROOT, capture_output=True, text=True, check=False,
                          env=unmeasured_child_env())
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip().splitlines()[-1]
    m = re.fullmatch(r"2 games: expert (\S+) \((\S+)-(\S+)\), (\S+) s CPU per searched decision over (\d+) "
                     r"\(99th percentile (\S+) s, longest (\S+) s\)", line)
    assert m, line
    assert int(m[5]) > 20  # both games' searched decisions are counted
    assert 0 < float(m[6]) <= float(m[7])


def test_first_plays_the_later_games_of_the_same_match():
    """A run cut short goes on with --first: game 1 alone is the second game of the two-game match."""
    def share(*extra: str) -> float:
        done = subprocess.run([sys.executable, str(TOOL), "--game", "exofauna", "--against", "heuristic", "--seed", "5",
                               "--think", "2", *extra], cwd=ROOT, capture_output=True, text=True, check=False,
                               env=unmeasured_child_env())
        assert done.returncode == 0, done.stderr
        return float(done.stdout.strip().splitlines()[-1].split()[3])

    both, first, second = share("--games", "2"), share("--games", "1"), share("--games", "1", "--first", "1")
    assert first + second == 2 * both
