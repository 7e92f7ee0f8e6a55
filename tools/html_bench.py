"""How big and how quick `fauna replay GAME --html PAGE` is (issue 32: a 500-decision Arctic page at most 3 MB,
written in under 2 s). Prints figures; nothing is asserted.

An Arctic game of 2-4 players ends when the draw pile runs out, after about 100-260 decisions, so no real
Arctic game has 500. The script measures (1) the longest of SEEDS four-player random-bot games, end to end
(read and verify the log, replay and draw every position, write the page), (2) a page of 500 decisions made
of that game's positions followed by a second game's, through the same encoder and template (size and the
time from positions to file), and (3) the 305-decision five-player Evo golden, end to end.

Usage: python3 tools/html_bench.py [--seeds N] [--repeat R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fauna_cli.html_replay import Page, page_html, protocol_steps, write_page  # noqa: E402 - after sys.path
from rules.core.bots import seat_bots  # noqa: E402 - imported after putting the checkout on sys.path
from rules.core.log import GameLog  # noqa: E402 - imported after putting the checkout on sys.path
from rules.core.registry import load_rules  # noqa: E402 - imported after putting the checkout on sys.path


def arctic_game(seed: int) -> GameLog:
    """A four-player Arctic game of random bots, played to its end."""
    rules = load_rules("arctic")
    doc = {"game": {"rules": "arctic", "seed": seed}, "players": [{"name": n, "bot": "random"}
                                                                  for n in ("ann", "ben", "cleo", "dev")]}
    config = rules.config_from_dict(doc, "bench", None)
    state = rules.new_state(config, seed)
    log = GameLog(rules, state)
    bots = seat_bots(rules, config, seed)
    names = list(state.names)
    while not state.is_over:
        bot = bots[names.index(state.to_move)]
        assert bot is not None
        log.play(state.to_move, bot.choose(state))
    return log


def timed(repeat: int, work) -> tuple[str, object]:
    """The median wall and CPU times of `repeat` runs of work() ("1.20 s (CPU 0.90 s)"), and its last result.

    On a shared machine the wall time grows with the others' load; the CPU time is this process's own work.
    """
    wall, cpu, result = [], [], None
    for _ in range(repeat):
        started, used = time.perf_counter(), time.process_time()
        result = work()
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
    return f"{statistics.median(wall):.2f} s (CPU {statistics.median(cpu):.2f} s)", result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=30, help="Arctic games to play to find the longest")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement (the median is shown)")
    args = parser.parse_args()
    games = sorted((arctic_game(seed) for seed in range(args.seeds)), key=lambda g: g.state.seq, reverse=True)
    longest, second = games[0], games[1]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "long.arctic"
        log.write_text(longest.text(), encoding="utf-8")
        page = Path(tmp) / "long.html"
        secs, _ = timed(args.repeat, lambda: write_page(str(log), str(page), None, True))
        print(f"Arctic, longest of {args.seeds} games: {longest.state.seq} decisions, page "
              f"{page.stat().st_size / 1e6:.2f} MB, written in {secs} end to end")

        rules = load_rules("arctic")

        def chained() -> str:
            steps = protocol_steps(rules, longest.state, None)[0]
            more = protocol_steps(rules, second.state, None)[0][1:]
            for k, s in enumerate(more, len(steps)):
                s.seq = k
            both = (steps + more)[:501]
            return page_html(Page("Arctic", "bench.arctic", None, list(longest.state.names), both, []))

        secs, text = timed(args.repeat, chained)
        assert isinstance(text, str)
        out = Path(tmp) / "500.html"
        out.write_text(text, encoding="utf-8")
        print(f"Arctic, 500 decisions (two games' positions in a row): page {out.stat().st_size / 1e6:.2f} MB, "
              f"{secs} from moves to page text")

        evo = ROOT / "replays" / "5p-evo.evo"
        page = Path(tmp) / "evo.html"
        secs, _ = timed(args.repeat, lambda: write_page(str(evo), str(page), None, True))
        print(f"Evo, replays/5p-evo.evo: 305 decisions, page {page.stat().st_size / 1e6:.2f} MB, written in "
              f"{secs} end to end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
