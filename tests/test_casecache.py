"""`fauna check` keeps case results between runs (fauna_cli/casecache.py): the same output, and never a stale one."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ADJACENT = """[[case]]
name = "Tasmania borders the Tasman Sea"
rule = "Is Tasmania adjacent to mainland Australia areas? No – only adjacent to Tasman Sea."
adjacent = ["Tasmania", "Tasman Sea"]
expect = true
"""

TABLE = """name = "flat"
description = "every home area {points}, next to one 0"
scale_correct = 7
scale_adjacent = 3

[[row]]
min = 1
correct = {points}
adjacent = 0
"""

PRESET_CASE = """[[case]]
name = "A table file beside the case gives the points"
rule = "A custom table is a file of this shape; pass its path as the preset."
players = ["alice", "bob"]
preset = "flat.toml"
animal = { name = "Devil", areas = ["Tasmania"], weight = 8 }
pieces = { alice = ["Tasmania"], bob = ["Tasman Sea"] }

[case.expect]
player_points = { alice = 5 }
"""


def fauna_check(cache: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(ROOT), **env}
    environ.pop("FAUNA_NO_CACHE", None)
    return subprocess.run([sys.executable, "-m", "fauna_cli", "check", *args], env=environ, capture_output=True,
                          text=True, cwd=ROOT)


def test_a_second_check_answers_from_the_cache_with_the_same_output(tmp_path):
    first = fauna_check(tmp_path, "tests/cases/board-faq.toml", "tests/cases/arctic/setup.toml")
    assert first.returncode == 0, first.stderr
    assert list((tmp_path / "fauna" / "checked-1").glob("*.marshal"))
    again = fauna_check(tmp_path, "tests/cases/board-faq.toml", "tests/cases/arctic/setup.toml")
    uncached = fauna_check(tmp_path, "tests/cases/board-faq.toml", "tests/cases/arctic/setup.toml",
                           FAUNA_NO_CACHE="1")
    assert again.stdout == first.stdout == uncached.stdout and again.returncode == 0
    assert "0 failed" in again.stdout
    json_first = fauna_check(tmp_path, "tests/cases/board-faq.toml", "--format", "json").stdout
    assert fauna_check(tmp_path, "tests/cases/board-faq.toml", "--format", "json").stdout == json_first


def test_an_edited_case_file_is_run_again(tmp_path):
    case = tmp_path / "cases" / "map.toml"
    case.parent.mkdir()
    case.write_text(ADJACENT, encoding="utf-8")
    assert fauna_check(tmp_path, str(case)).returncode == 0
    case.write_text(ADJACENT.replace("expect = true", "expect = false"), encoding="utf-8")
    changed = fauna_check(tmp_path, str(case))
    assert changed.returncode == 1 and "FAIL" in changed.stdout and "1 failed" in changed.stdout


def test_a_changed_data_file_is_never_answered_with_old_results(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data, ignore=shutil.ignore_patterns("__pycache__"))
    case = tmp_path / "cases" / "map.toml"
    case.parent.mkdir()
    case.write_text(ADJACENT, encoding="utf-8")
    assert fauna_check(tmp_path, str(case), FAUNA_DATA_DIR=str(data)).returncode == 0
    adjacency = data / "adjacency.csv"
    lines = adjacency.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not ("Tasmania" in line and "Tasman Sea" in line)]
    assert len(kept) == len(lines) - 1
    adjacency.write_text("".join(kept), encoding="utf-8")
    moved = fauna_check(tmp_path, str(case), FAUNA_DATA_DIR=str(data))
    assert moved.returncode == 1 and "adjacent[Tasmania, Tasman Sea]" in moved.stdout


def test_a_table_file_a_case_names_is_part_of_its_key(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "flat.toml").write_text(TABLE.format(points=5), encoding="utf-8")
    case = folder / "preset.toml"
    case.write_text(PRESET_CASE, encoding="utf-8")
    first = fauna_check(tmp_path, str(case))
    assert first.returncode == 0, first.stdout + first.stderr
    (folder / "flat.toml").write_text(TABLE.format(points=6), encoding="utf-8")
    changed = fauna_check(tmp_path, str(case))
    assert changed.returncode == 1 and "player_points[alice]" in changed.stdout
    (folder / "flat.toml").unlink()
    gone = fauna_check(tmp_path, str(case))
    assert gone.returncode == 2 and "flat.toml" in gone.stderr


def test_a_damaged_results_file_means_the_cases_are_run_again(tmp_path):
    first = fauna_check(tmp_path, "tests/cases/board-faq.toml")
    (stored,) = (tmp_path / "fauna" / "checked-1").glob("*.marshal")
    stored.write_bytes(b"\x00not marshal data")
    again = fauna_check(tmp_path, "tests/cases/board-faq.toml")
    assert again.returncode == 0 and again.stdout == first.stdout and again.stderr == ""
