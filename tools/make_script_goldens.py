"""Regenerate the move-script goldens in tests/scripts/ (run after a deliberate data or output change).

Each golden is a complete game as a move script plus the exact output `fauna play` prints for it.
The moves come from a fixed policy driven by SplitMix64, so the same data gives the same files.
Usage: python3 tools/make_script_goldens.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402 - imported after putting the checkout on sys.path

from fauna_cli.files import atomic_write  # noqa: E402 - imported after putting the checkout on sys.path
from fauna_cli.gameconfig import load_config  # noqa: E402 - imported after putting the checkout on sys.path
from fauna_cli.main import cli  # noqa: E402 - imported after putting the checkout on sys.path
from rules.core.rng import SplitMix64  # noqa: E402 - imported after putting the checkout on sys.path
from rules.fauna import PASS, new_game  # noqa: E402 - imported after putting the checkout on sys.path

GOLDENS = {  # name: (config file under tests/scripts or None for the bundled default, seed, policy seed)
    "three_players": (None, 7, 1),
}


def script_for(config_path: str | None, seed: int, policy_seed: int) -> str:
    """A complete game: players aim at home areas and correct spaces with some misses, then pass."""
    state = new_game(load_config(config_path), seed)
    rng = SplitMix64(policy_seed)
    lines = [f"# A complete game: bundled default config, seed {seed}. Regenerate with tools/make_script_goldens.py."]
    noted = 0
    while not state.is_over:
        moves = state.legal_moves()
        if PASS in moves and rng.below(3) == 0:
            move = PASS
        else:
            good = [m for m in moves if m.kind != "pass" and state.score_move(m)[1] > 0]
            pool = good if good and rng.below(4) else [m for m in moves if m.kind != "pass"]
            move = pool[rng.below(len(pool))]
        if state.round != noted:
            lines.append(f"# round {state.round}: {state.animal.name}")
            noted = state.round
        lines.append(f"{state.to_move}: {state.move_text(move)}")
        state.apply(move)
    return "\n".join(lines) + "\n"


def main() -> None:
    for name, (config, seed, policy) in GOLDENS.items():
        script = script_for(config, seed, policy)
        path = ROOT / "tests" / "scripts" / f"{name}.txt"
        atomic_write(path, script)
        args = ["play", "--seed", str(seed), "--moves", str(path.relative_to(ROOT))]
        if config:
            args[1:1] = ["--config", config]
        os.chdir(ROOT)
        result = CliRunner().invoke(cli, args, color=False)
        assert result.exit_code == 0, result.output
        atomic_write(ROOT / "tests" / "scripts" / f"{name}.out", result.output)
        print(f"wrote tests/scripts/{name}.txt and .out ({script.count(chr(10))} lines)")


if __name__ == "__main__":
    main()
