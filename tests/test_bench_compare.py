"""tools/bench_compare.py: both checkouts' cold starts timed in turn, reported as medians side by side."""

import json
import subprocess
import sys
from pathlib import Path

from coverage_pause import unmeasured_child_env

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "bench_compare.py"


def compare(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], cwd=ROOT, capture_output=True, text=True, check=False,
                          env=unmeasured_child_env())


def test_each_command_runs_in_each_checkout_as_often_and_the_table_names_them():
    done = compare(str(ROOT), "--runs", "2", "--only", "map adjacent", "--json")
    assert done.returncode == 0, done.stderr
    times = json.loads(done.stdout)
    assert list(times) == ["import click", "map adjacent"]  # the baseline is always timed
    for sides in times.values():
        for side in ("old", "new"):
            assert len(sides[side]["wall"]) == len(sides[side]["cpu"]) == 2
            assert all(w > 0 for w in sides[side]["wall"]) and all(c >= 0 for c in sides[side]["cpu"])
    table = compare(str(ROOT), "--runs", "1", "--only", "map adjacent").stdout.splitlines()
    assert table[0].startswith("1 runs of each command") and table[3].startswith("import click")
    assert table[4].split()[:2] == ["map", "adjacent"] and len(table[4].split()) == 11


def test_an_unknown_command_or_a_folder_that_is_no_checkout_is_refused(tmp_path):
    done = compare(str(ROOT), "--only", "map adjacnt")
    assert done.returncode == 2 and "unknown command 'map adjacnt'" in done.stderr
    done = compare(str(tmp_path))
    assert done.returncode == 2 and "is not a fauna checkout" in done.stderr
