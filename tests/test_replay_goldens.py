"""The golden logs in replays/: they re-run byte for byte, in any process, and no single-byte edit passes."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from coverage_pause import unmeasured_child_env

from fauna_cli.replay_cmd import replay
from rules.core.rng import SplitMix64
from rules.fauna.replay import load_log, log_text

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "make_goldens.py"


def _tool():
    spec = importlib.util.spec_from_file_location("make_goldens", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


goldens = _tool()
NAMES = sorted(goldens.GOLDENS)
REGENERATE = "regenerate them with `python3 tools/make_goldens.py`, review the diff and commit it"


def test_goldens_cover_2_4_6_players_both_presets_both_units():
    docs = [goldens.GOLDENS[n][0] for n in NAMES]
    assert {len(d["players"]) for d in docs} >= {2, 4, 6}
    assert {d["game"]["preset"] for d in docs if isinstance(d["game"]["preset"], str)} == {"published",
                                                                                          "reference-manual"}
    assert {d["game"]["units"] for d in docs} == {"metric", "imperial"}
    assert sorted(p.stem for p in (ROOT / "replays").glob("*.fauna")) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_golden_replays_byte_identically(name):
    path = goldens.golden_path(name)
    stored = path.read_bytes()
    text = stored.decode("utf-8")
    header = load_log(text, str(path), ignore_data_change=True, until=0)  # reads the header only
    assert header.version == goldens.VERSIONS[name]
    if header.data_changed:
        pytest.fail(f"{path.name}: the game data (board, scales, presets or animals) changed since the golden logs "
                    f"were made (sha256 {header.fingerprint[:12]}... -> {header.installed[:12]}...); {REGENERATE}",
                    pytrace=False)
    loaded = load_log(text, str(path))
    assert loaded.complete and loaded.state.is_over, f"{path.name} is not a complete game"
    assert log_text(loaded.state, version=loaded.version).encode("utf-8") == stored, (
        f"{path.name}: re-derived log differs; {REGENERATE}")
    assert goldens.golden_text(name).encode("utf-8") == stored, (
        f"{path.name}: the tool's game differs from the stored one; {REGENERATE}")
    result = CliRunner().invoke(replay, [str(path)])
    assert result.exit_code == 0, result.output
    assert f"Verified {path}" in result.output and "Game over:" in result.output


def test_same_game_in_two_processes_with_different_hash_seeds_is_byte_identical():
    name = "6p-reference-manual-metric"  # non-ASCII names, so str hashing would show if it leaked in
    outputs = []
    for seed in ("0", "4242"):
        env = unmeasured_child_env(PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        proc = subprocess.run([sys.executable, str(TOOL), "--print", name], capture_output=True, env=env,
                              cwd=ROOT, check=True, timeout=60)
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0] == goldens.golden_text(name).encode("utf-8")


def test_single_byte_changes_are_all_detected(tmp_path):
    """At 250+ positions, a changed byte gives exit 4 (does not verify) or 2 (malformed), never 0 or a crash."""
    name = "3p-custom-table-metric"
    original = goldens.golden_text(name).encode("utf-8")  # the golden as it should be with today's data
    path = tmp_path / "game.fauna"
    path.write_bytes(original)
    runner = CliRunner()
    assert runner.invoke(replay, [str(path)]).exit_code == 0
    rng = SplitMix64(2024)
    positions = {rng.below(len(original)) for _ in range(230)}
    positions |= {i for i, b in enumerate(original) if b in b"\n@"}  # every line end and hash marker
    positions |= set(range(40)) | set(range(len(original) - 40, len(original)))
    assert len(positions) >= 200
    codes = {2: 0, 4: 0}
    for pos in sorted(positions):
        changed = bytearray(original)
        changed[pos] = (original[pos] + 1 + rng.below(255)) % 256
        path.write_bytes(bytes(changed))
        result = runner.invoke(replay, [str(path)])
        where = f"byte {pos} ({original[pos]:#04x} -> {changed[pos]:#04x})"
        assert result.exit_code in (2, 4), (where, result.exit_code, result.output, result.stderr)
        assert isinstance(result.exception, SystemExit), (where, result.exception)
        assert "Traceback" not in result.output + result.stderr
        err = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert len(err) == 1 and re.match(rf"fauna: {re.escape(str(path))}:\d+: ", err[0]), (where, err)
        assert result.stdout == "", where
        codes[result.exit_code] += 1
    assert codes[2] and codes[4]
