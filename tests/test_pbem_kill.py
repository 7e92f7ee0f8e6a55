"""`fauna pbem move` killed with SIGKILL at random moments: the game file always loads and keeps every move."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.gamefile import load_game
from fauna_cli.pbem_cmd import pbem
from rules.core.rng import SplitMix64
from rules.fauna import PASS

ROOT = Path(__file__).resolve().parent.parent
KILLS = 50


def spawn(game: Path, player: str, move: str) -> subprocess.Popen:
    # not measured for coverage (a killed process keeps no data, and measuring slows each of the many starts)
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("COVERAGE_")}, "PYTHONPATH": str(ROOT),
           "NO_COLOR": "1"}
    return subprocess.Popen([sys.executable, "-m", "fauna_cli", "pbem", "move", str(game), "--as", player,
                             *move.split()], cwd=game.parent, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def next_move(game: Path, rng: SplitMix64) -> tuple[list, str, str]:
    """The verified history so far, and the next player and a legal move for them."""
    state = load_game(game).state
    legal = state.legal_moves()
    places = [m for m in legal if m.kind != "pass"]
    move = PASS if PASS in legal and rng.below(3) == 0 else places[rng.below(len(places))]
    return list(state.history), state.to_move, state.move_text(move)


def test_sigkill_at_random_moments_never_loses_or_breaks_the_file(tmp_path):
    (tmp_path / "cfg.toml").write_text('[game]\nseed = 12\n[[players]]\nname = "ann"\n[[players]]\nname = "ben"\n'
                                       '[[players]]\nname = "cy"\n', encoding="utf-8")
    game = tmp_path / "game.fauna"
    assert CliRunner().invoke(pbem, ["new", "--config", str(tmp_path / "cfg.toml"), "--out", str(game)]).exit_code == 0
    rng = SplitMix64(4)

    # How long one uninterrupted move takes here, so the kills spread over the whole run of the process.
    _, player, move = next_move(game, rng)
    t0 = time.perf_counter()
    assert spawn(game, player, move).wait(timeout=60) == 0
    full = time.perf_counter() - t0

    kills = landed = completed = 0
    for _ in range(KILLS * 4):
        if kills >= KILLS:
            break
        before, player, move = next_move(game, rng)
        proc = spawn(game, player, move)
        time.sleep(full * (0.05 + rng.random()))  # from just after the start to past the usual end
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait(timeout=60)
        # The file must load and verify, and hold every earlier move, plus at most this one.
        state = load_game(game).state
        after = state.history
        assert after[:len(before)] == before
        assert len(after) in (len(before), len(before) + 1)
        if len(after) > len(before):
            landed += proc.returncode == -signal.SIGKILL
            completed += proc.returncode == 0
        if state.is_over:
            break
    assert kills >= KILLS, f"only {kills} processes were still running when their kill came"
    print(f"{kills} kills; {landed} moves saved before their kill; {completed} moves completed")
    # A killed writer may leave its temporary file; the next update removes it under the lock.
    before, player, move = next_move(game, rng)
    assert spawn(game, player, move).wait(timeout=60) == 0
    assert not list(tmp_path.glob(".game.fauna.*.tmp"))
    assert len(load_game(game).state.history) == len(before) + 1
