"""Benchmark: `python -m fauna_cli.bench` prints the engine's speed figures, all measured in one run.

1. Bot games per second: four random bots, played exactly as `fauna simulate` plays them, one core.
2. Replay verification, moves per second: `rules.fauna.replay.load_log` re-running logs of such games.
3. Cold start of `fauna map adjacent Tasmania "Tasman Sea"` against bare `python -c "import click"`.
4. For every other game the engine has (rules/core/registry.py): random-bot games per second, one core,
   at its largest table size, through the shared bot driver (as `fauna simulate --game` plays them).

Timings on a shared machine wobble, so each figure is shown as the best and the median of several runs;
the targets (from issue 7) are judged on the median, and a missed target is printed as such, not hidden.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import click

from fauna_cli.render import FORMATS, dump_json, table

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"games_per_second": 1000.0, "replay_moves_per_second": 100000.0, "cold_start_ratio": 1.5}
GAME_TARGETS = {"arctic": 500.0, "exofauna": 1000.0, "evo": 100.0}  # random-bot games/s (issues 12, 14, 15)
COLD_ARGS = ["-m", "fauna_cli", "map", "adjacent", "Tasmania", "Tasman Sea"]


def bot_games(games: int, repeat: int, seed: int = 1) -> dict:
    """Games per second of four random bots, via the simulate engine, in this process."""
    from fauna_cli.simulate_cmd import build_config, play_range

    config = build_config([("random", None)] * 4, "published", "metric", "mixed")
    play_range(config, seed, 0, 3)  # load the data once, as a running `fauna simulate` has
    rates, moves, rounds = [], 0, 0
    for _ in range(repeat):
        t = time.perf_counter()
        records = play_range(config, seed, 0, games)
        rates.append(games / (time.perf_counter() - t))
        moves = sum(r.moves for r in records)
        rounds = sum(r.rounds for r in records)
    return {"games": games, "repeat": repeat, "best": max(rates), "median": statistics.median(rates),
            "moves_per_game": moves / games, "rounds_per_game": rounds / games}


def other_games(games: int, repeat: int, seed: int = 1) -> list[dict]:
    """Random-bot games per second of each non-Fauna game, at its most players, on one core."""
    from rules.core.registry import game_names, load_rules
    from rules.core.simulate import play_game

    out = []
    for name in game_names():
        if name == "fauna":
            continue
        rules = load_rules(name)
        n = rules.max_players
        doc = {"game": {"rules": name}, "players": [{"name": f"r{i}", "bot": "random"} for i in range(1, n + 1)]}
        config = rules.config_from_dict(doc, "bench", None)
        play_game(rules, config, seed, 0)  # load the data once
        rates, moves = [], 0
        for _ in range(repeat):
            t = time.perf_counter()
            results = [play_game(rules, config, seed, i) for i in range(games)]
            rates.append(games / (time.perf_counter() - t))
            moves = sum(r.moves for r in results)
        out.append({"game": name, "players": n, "games": games, "best": max(rates), "median": statistics.median(rates),
                    "decisions_per_game": moves / games, "target": GAME_TARGETS.get(name)})
    return out


def _recorded_games(games: int, seed: int):
    """States of finished four-random-bot games (event path, so the logs are the real thing)."""
    from fauna_cli.simulate_cmd import build_config, game_seed
    from rules.fauna.bots import make_bots, play_out
    from rules.fauna.game import new_game

    config = build_config([("random", None)] * 4, "published", "metric", "mixed")
    out = []
    for i in range(games):
        state = new_game(config, game_seed(seed, i))
        out.append(play_out(state, make_bots(state)))
    return config, out


def replay_verification(games: int, repeat: int, seed: int = 2) -> dict:
    """Moves per second verifying replay logs with load_log, and applying the same move texts alone."""
    from rules.fauna.game import new_game
    from rules.fauna.replay import data_fingerprint, load_log, log_text

    config, states = _recorded_games(games, seed)
    total = sum(len(s.history) for s in states)
    logs = [log_text(s) for s in states]
    installed = data_fingerprint(config)
    t = time.perf_counter()
    data_fingerprint(config)
    fingerprint_ms = 1000 * (time.perf_counter() - t)
    rates = []
    for _ in range(repeat):
        t = time.perf_counter()
        for text in logs:
            if not load_log(text, installed=installed).state.is_over:
                raise click.ClickException("a benchmark log did not verify to its end")
        rates.append(total / (time.perf_counter() - t))
    how = ("rules.fauna.replay.load_log over logs of four-random-bot games (every line re-derived and "
           f"hash-checked); the data fingerprint, {fingerprint_ms:.1f} ms once per file, is excluded")
    apply_rates = []
    texts = [[(p, s.move_text(m)) for p, m in s.history] for s in states]
    for _ in range(repeat):
        t = time.perf_counter()
        for s, moves in zip(states, texts, strict=True):
            g = new_game(s.config, s.seed)
            for player, text in moves:
                g.apply(text, player)
        apply_rates.append(total / (time.perf_counter() - t))
    return {"games": games, "moves": total, "repeat": repeat, "best": max(rates), "median": statistics.median(rates),
            "apply_best": max(apply_rates), "apply_median": statistics.median(apply_rates), "how": how}


def _run(args: list[str]) -> float:
    t = time.perf_counter()
    done = subprocess.run([sys.executable, *args], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - t
    if done.returncode not in (0, 1):
        raise click.ClickException(f"{' '.join(args)} failed: {done.stderr.decode(errors='replace').strip()}")
    return elapsed


def cold_start(runs: int) -> dict:
    """Wall time of a fresh `fauna map adjacent ...` against a fresh `import click`, alternating runs."""
    # An installed package has its .pyc files (pip compiles them); a checkout may not, and with
    # PYTHONDONTWRITEBYTECODE set a first run would not write them, so compile them explicitly.
    import compileall

    for package in ("fauna_cli", "rules"):
        compileall.compile_dir(str(ROOT / package), quiet=1)
    _run(COLD_ARGS)
    _run(["-c", "import click"])
    fauna, click_only, bare = [], [], []
    for _ in range(runs):
        fauna.append(_run(COLD_ARGS))
        click_only.append(_run(["-c", "import click"]))
        bare.append(_run(["-c", "pass"]))
    f, c = statistics.median(fauna), statistics.median(click_only)
    return {"runs": runs, "fauna_median_s": f, "fauna_best_s": min(fauna), "click_median_s": c,
            "click_best_s": min(click_only), "python_median_s": statistics.median(bare), "ratio": f / c,
            "ratio_best": min(fauna) / min(click_only)}


@click.command(context_settings={"help_option_names": ["-h", "--help"]})  # as `fauna` takes -h
@click.option("--games", type=click.IntRange(1, None), default=300, show_default=True,
              help="Random-bot games per timing run.")
@click.option("--replays", type=click.IntRange(1, None), default=30, show_default=True,
              help="Games whose logs are verified per timing run.")
@click.option("--repeat", type=click.IntRange(1, None), default=3, show_default=True, help="Timing runs per figure.")
@click.option("--cold-runs", type=click.IntRange(1, None), default=10, show_default=True,
              help="Fresh processes per cold-start command.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
              help="Output: plain text tables, GitHub or grid tables, or JSON.")
def bench(games, replays, repeat, cold_runs, fmt) -> None:
    """Measure and print bot games/s, replay verification moves/s and cold start against `import click`."""
    g = bot_games(games, repeat)
    r = replay_verification(replays, repeat)
    c = cold_start(cold_runs)
    others = other_games(max(1, games // 10), repeat)
    doc = {"python": sys.version.split()[0], "platform": sys.platform, "bot_games": g, "replay": r, "cold_start": c,
           "other_games": others, "targets": TARGETS}
    if fmt == "json":
        click.echo(dump_json(doc), nl=False)
        return

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    rows = [
        ["bot games/s (4 random bots, 1 core)", f"{g['best']:.0f}", f"{g['median']:.0f}",
         f">= {TARGETS['games_per_second']:.0f}", verdict(g["median"] >= TARGETS["games_per_second"])],
        ["replay verification moves/s", f"{r['best']:.0f}", f"{r['median']:.0f}",
         f">= {TARGETS['replay_moves_per_second']:.0f}", verdict(r["median"] >= TARGETS["replay_moves_per_second"])],
        ["(State.apply of the move texts, with events, moves/s)", f"{r['apply_best']:.0f}", f"{r['apply_median']:.0f}",
         "", ""],
        ["cold start: fauna map adjacent (s)", f"{c['fauna_best_s']:.3f}", f"{c['fauna_median_s']:.3f}", "", ""],
        ["cold start: python -c 'import click' (s)", f"{c['click_best_s']:.3f}", f"{c['click_median_s']:.3f}", "", ""],
        ["cold start: python -c 'pass' (s)", "", f"{c['python_median_s']:.3f}", "", ""],
        ["cold start ratio fauna / import click", f"{c['ratio_best']:.2f}", f"{c['ratio']:.2f}",
         f"<= {TARGETS['cold_start_ratio']}", verdict(c["ratio"] <= TARGETS["cold_start_ratio"])],
    ]
    for o in others:
        t = o["target"]
        rows.append([f"{o['game']} games/s ({o['players']} random bots, 1 core)", f"{o['best']:.0f}",
                     f"{o['median']:.0f}", "" if t is None else f">= {t:.0f}",
                     "" if t is None else verdict(o["median"] >= t)])
    click.echo(f"fauna bench: Python {doc['python']} on {doc['platform']}; best and median of {repeat} runs "
               f"({games} bot games, {replays} replays of {r['moves']} moves), {cold_runs} cold starts each")
    click.echo(table(rows, ["figure", "best", "median", "target", "verdict"], fmt))
    click.echo(f"bot games: {g['moves_per_game']:.1f} moves and {g['rounds_per_game']:.1f} rounds per game")
    click.echo(f"replay: {r['how']}")
    click.echo("every target is judged on the median.")


if __name__ == "__main__":
    bench(prog_name="python -m fauna_cli.bench")
