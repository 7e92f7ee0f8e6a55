"""Benchmark: `python -m fauna_cli.bench` prints the engine's speed figures, all measured in one run.

1. Bot games per second: four random bots, played exactly as `fauna simulate` plays them, one core.
2. Replay verification, moves per second: Fauna's own verifier (`load_log`) re-running logs of such games, as
   fauna writes them (fauna-log 3) and as fauna-log 2 logs (the form of every figure taken before format 3).
3. Cold start of `fauna map adjacent Tasmania "Tasman Sea"` against bare `python -c "import click"`.
4. For every other game the engine has (rules/core/registry.py): random-bot games per second, one core,
   at its largest table size, through the shared bot driver (as `fauna simulate --game` plays them).
5. Statistician-only Fauna games per second (four statisticians, one core).
6. Where people wait (issue 17): the cold start of `--help`, `map adjacent`, `animal show`, `play --moves` (a
   short script) and `check tests/cases`, each against `import click`; `fauna replay` end to end in moves/s on
   a long log (six random bots, a sparse scoring table and a high goal: about 21,000 moves in one game);
   `pbem move` latency on a 500-move game; and `play --log` against plain `play` for the same 4-bot game to
   100 points. All are wall times of fresh processes, run alternately so a busy moment hits each alike.
7. Playout speed for search (issue 31): moves/s of uniformly random playouts through each game's fast path
   (Fauna's `play_out`, four random bots; `rules/<game>/playout.py` for the others, at their most players), the
   cost of a state copy, and, when `import pyspiel` works (`pip install open_spiel`), OpenSpiel's C++
   connect_four and leduc_poker played with random moves from Python in the same run, with each game's ratio
   to connect_four. Without OpenSpiel the comparison is skipped and said so.

Timings on a shared machine wobble, so each figure is shown as the best and the median of several runs;
the targets (from issue 7) are judged on the median, and a missed target is printed as such, not hidden.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click

from fauna_cli.render import FORMATS, dump_json, table

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"games_per_second": 1000.0, "replay_moves_per_second": 100000.0, "cold_start_ratio": 1.5}
WAIT_TARGETS = {"games_per_second": 1500.0, "statistician_games_per_second": 800.0, "command_cold_start_ratio": 2.0,
                "map_adjacent_ratio": 1.25, "replay_end_to_end_moves_per_second": 50000.0, "play_log_ratio": 1.5}
GAME_TARGETS = {"arctic": 500.0, "exofauna": 1000.0, "evo": 100.0}  # random-bot games/s (issues 12, 14, 15)
PLAYOUT_TARGETS = {"fauna": 1.0, "arctic": 0.5, "exofauna": 0.5, "evo": 0.5}  # x OpenSpiel connect_four (issue 31)
PYTHON_ROW = ", Python"  # the row of a game's Python playout timed beside its compiled copy (tools/build_native.py)
PLAYOUT_SHARE = {"fauna": 1.0, "arctic": 1.0, "exofauna": 1.0, "evo": 0.2}  # of --games / 5 playouts (Evo's are long)
COLD_ARGS = ["-m", "fauna_cli", "map", "adjacent", "Tasmania", "Tasman Sea"]
SHORT_SCRIPT = """# round 1 of tests/scripts/three_players.txt: the bundled default config, seed 7
alice: length 70 cm-1 m
bob: Southern Indian Ocean
carol: weight 1-2 kg
alice: pass
bob: pass
carol: pass
"""
def fauna_work() -> Any:
    """Fauna's own fast paths and workloads (rules/fauna/benchwork.py), through its RULES."""
    from rules.core.registry import load_rules

    work = load_rules("fauna").bench_work
    if work is None:  # pragma: no cover - Fauna's RULES give it
        raise RuntimeError("Fauna's RULES give no bench_work")
    return work()


SPARSE_TABLE = {"name": "sparse", "description": "bench: few points, so a game runs long",
                "row": [{"min": 1, "correct": 2, "adjacent": 0}], "scale_correct": 1, "scale_adjacent": 0}


def bot_games(games: int, repeat: int, seed: int = 1, kind: str = "random") -> dict:
    """Games per second of four bots of one kind, via the simulate engine, in this process."""
    from fauna_cli.simulate_cmd import build_config, play_range

    config = build_config([(kind, None)] * 4, "published", "metric", "mixed")
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

    work = fauna_work()
    config = build_config([("random", None)] * 4, "published", "metric", "mixed")
    return config, [work.play_bots(config, game_seed(seed, i)) for i in range(games)]


def replay_verification(games: int, repeat: int, seed: int = 2) -> dict:
    """Moves per second verifying replay logs with load_log, and applying the same move texts alone."""
    work = fauna_work()
    new_game, log_text = work.new_game, work.log_text
    config, states = _recorded_games(games, seed)
    total = sum(len(s.history) for s in states)
    t = time.perf_counter()
    installed = work.data_fingerprint(config)  # the first time: later ones are remembered while the files stay the same
    fingerprint_ms = 1000 * (time.perf_counter() - t)

    def verify_rates(logs: list[str]) -> list[float]:
        rates = []
        for _ in range(repeat):
            t = time.perf_counter()
            for text in logs:
                if not work.verify(text, installed).is_over:
                    raise click.ClickException("a benchmark log did not verify to its end")
            rates.append(total / (time.perf_counter() - t))
        return rates

    rates = verify_rates([log_text(s) for s in states])
    rates_2 = verify_rates([log_text(s, version=2) for s in states])  # as every figure before fauna-log 3 was taken
    how = ("Fauna's load_log (rules/fauna/replay.py) over logs of four-random-bot games (every line re-derived and "
           f"hash-checked); the installed data's fingerprint ({fingerprint_ms:.1f} ms the first time) is taken once")
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
            "format2_best": max(rates_2), "format2_median": statistics.median(rates_2),
            "apply_best": max(apply_rates), "apply_median": statistics.median(apply_rates), "how": how}


def _playout_states(name: str, count: int, seed: int) -> list:
    """Fresh games of NAME at its most players, all seats random bots, to be played out."""
    from rules.core.registry import load_rules

    rules = load_rules(name)
    n = 4 if name == "fauna" else rules.max_players
    doc = {"game": {"rules": name}, "players": [{"name": f"r{i}", "bot": "random"} for i in range(1, n + 1)]}
    config = rules.config_from_dict(doc, "bench", None)
    return [rules.new_state(config, seed + i) for i in range(count)]


def _fast_play_out(name: str):
    """The game's random playout fast path as a function (state, rng) -> state."""
    import importlib

    if name == "fauna":
        return fauna_work().fast_play_out
    return importlib.import_module(f"rules.{name}.playout").play_out


def _playout_rows_to_time() -> list[tuple[str, str, Any, float | None]]:
    """(row, game, play_out, target ratio) per timed row: each game's fast path as the engine runs it, and beside
    a compiled copy (tools/build_native.py) the Python it was compiled from, for the record (no target)."""
    import importlib

    out: list[tuple[str, str, Any, float | None]] = []
    for name, target in PLAYOUT_TARGETS.items():
        out.append((name, name, _fast_play_out(name), target))
        module = importlib.import_module(f"rules.{name}.playout") if name != "fauna" else None
        if getattr(module, "_COMPILED", None) is not None:
            out.append((name + PYTHON_ROW, name, module.python_play_out, None))  # type: ignore[union-attr]
    return out


def compiled_playouts() -> dict[str, str | None]:
    """Per game with a compiled copy's group (rules/core/native.py): None when it runs compiled, else why not."""
    from rules.core import native

    return {group: native.why_not(group) for group in native.GROUPS}


def _copy_cost(states: list, rng) -> float:
    """Microseconds per `copy()` of positions taken from the middle of games."""
    middles = []
    for s in states[:10]:
        s = s.copy()
        for _ in range(30):
            if s.is_over:
                break
            moves = s.legal_moves()
            s.apply(moves[rng.below(len(moves))])
        middles.append(s)
    rounds = 200
    t = time.perf_counter()
    for _ in range(rounds):
        for s in middles:
            s.copy()
    return 1e6 * (time.perf_counter() - t) / (rounds * len(middles))


def openspiel_rates(repeat: int, games: int = 2000, seed: int = 1) -> dict | None:
    """Moves/s of OpenSpiel's C++ connect_four and leduc_poker driven from Python with random moves, or None.

    Every action applied counts as a move, the chance deals of leduc_poker included (drawn from the chance
    outcomes uniformly, which they are).
    """
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    import random

    out: dict[str, Any] = {}
    for name in ("connect_four", "leduc_poker"):
        game = pyspiel.load_game(name)
        rates = []
        for _ in range(repeat):
            r = random.Random(seed)
            moves = 0
            t = time.perf_counter()
            for _ in range(games):
                state = game.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        outcomes = state.chance_outcomes()
                        action = outcomes[r.randrange(len(outcomes))][0]
                    else:
                        actions = state.legal_actions()
                        action = actions[r.randrange(len(actions))]
                    state.apply_action(action)
                    moves += 1
            rates.append(moves / (time.perf_counter() - t))
        out[name] = {"best": max(rates), "median": statistics.median(rates)}
    out["version"] = getattr(pyspiel, "__version__", None)
    return out


def playout_speed(repeat: int, playouts: int = 60, seed: int = 1) -> dict:
    """Random playouts per game in moves/s through the fast paths, copies in microseconds, OpenSpiel beside them.

    The timing runs of all games and of OpenSpiel are taken in turn, so a busy moment of a shared machine
    hits each alike; ratios are of medians. Each game is first played out untimed on other seeds, as a search
    bot has played many games on its setup before its timing matters (Fauna works out each card's spots once).
    """
    from rules.core.rng import SplitMix64

    timed = _playout_rows_to_time()
    rates: dict[str, list[float]] = {row: [] for row, *_ in timed}
    spiel_runs: list[dict] = []
    counts = {name: max(1, round(playouts * PLAYOUT_SHARE[name])) for name in PLAYOUT_TARGETS}
    copy_us = {name: _copy_cost(_playout_states(name, 10, seed), SplitMix64(seed)) for name in PLAYOUT_TARGETS}
    for _row, name, play_out, _target in timed:  # warm up as a search that has run a while is: its caches filled
        for s in _playout_states(name, 4 * counts[name], seed + 10**6):
            play_out(s, SplitMix64(seed))
    for run in range(repeat):
        for row, name, play_out, _target in timed:
            states = _playout_states(name, counts[name], seed + 1000 * run)
            rng = SplitMix64(seed + run)
            t = time.perf_counter()
            for s in states:
                play_out(s, rng)
            elapsed = time.perf_counter() - t
            rates[row].append(sum(len(s.history) for s in states) / elapsed)
        spiel = openspiel_rates(1, games=33 * playouts, seed=seed + run)
        if spiel is not None:
            spiel_runs.append(spiel)
    compiled = compiled_playouts()
    games = {row: {"best": max(rates[row]), "median": statistics.median(rates[row]), "copy_us": copy_us[name],
                   "target_ratio": target,
                   "runs": "compiled" if name in compiled and compiled[name] is None and row == name else "Python"}
             for row, name, _fn, target in timed}
    doc: dict = {"repeat": repeat, "playouts": counts, "games": games, "openspiel": None, "compiled": compiled}
    if spiel_runs:
        spiel_doc: dict[str, Any] = {}
        for name in ("connect_four", "leduc_poker"):
            r = [s[name]["median"] for s in spiel_runs]
            spiel_doc[name] = {"best": max(r), "median": statistics.median(r)}
        spiel_doc["version"] = spiel_runs[0]["version"]
        doc["openspiel"] = spiel_doc
        c4 = spiel_doc["connect_four"]["median"]
        for fig in games.values():
            fig["ratio"] = fig["median"] / c4
    return doc


def playout_rows(p: dict) -> list[list[str]]:
    """The table rows of the playout figures (a ratio and verdict only when OpenSpiel ran)."""
    rows = []
    spiel = p["openspiel"]
    for row, g in p["games"].items():
        ratio, target = g.get("ratio"), g["target_ratio"]
        name = row.removesuffix(PYTHON_ROW)
        how = " (compiled copy)" if g["runs"] == "compiled" else " (Python)" if name in p["compiled"] else ""
        rows.append([f"{name} random playouts{how}, moves/s (copy {g['copy_us']:.1f} us)", f"{g['best']:.0f}",
                     f"{g['median']:.0f}" + ("" if ratio is None else f" ({ratio:.2f}x)"),
                     "" if target is None else f">= {target}x connect_four",
                     "" if ratio is None or target is None else ("met" if ratio >= target else "MISSED")])
    if spiel is not None:
        for g in ("connect_four", "leduc_poker"):
            rows.append([f"OpenSpiel {g} from Python, moves/s", f"{spiel[g]['best']:.0f}", f"{spiel[g]['median']:.0f}",
                         "", ""])
    return rows


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


def _timed_runs(commands: dict[str, list[str]], runs: int, prepare=None) -> dict[str, list[float]]:
    """Wall times of fresh processes, the commands taken in turn `runs` times; `prepare(name)` runs untimed first."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, args in commands.items():
            if prepare is not None:
                prepare(name)
            times[name].append(_run(args))
    return times


def command_cold_starts(runs: int, work: Path) -> dict:
    """Cold start of each quick command against `import click`: median wall times and their ratios."""
    script = work / "short.txt"
    script.write_text(SHORT_SCRIPT, encoding="utf-8")
    commands = {
        "import click": ["-c", "import click"],
        "--help": ["-m", "fauna_cli", "--help"],
        "map adjacent": COLD_ARGS,
        "animal show": ["-m", "fauna_cli", "animal", "show", "lion"],
        "play --moves": ["-m", "fauna_cli", "play", "--seed", "7", "--moves", str(script)],
        "check tests/cases": ["-m", "fauna_cli", "check", "tests/cases"],
    }
    for args in commands.values():  # warm the file cache and the parsed-data cache
        _run(args)
    times = _timed_runs(commands, runs)
    click_s = statistics.median(times["import click"])
    out = {}
    for name, t in times.items():
        if name != "import click":
            med = statistics.median(t)
            out[name] = {"median_s": med, "best_s": min(t), "ratio": med / click_s,
                         "target": WAIT_TARGETS["map_adjacent_ratio" if name == "map adjacent"
                                                else "command_cold_start_ratio"]}
    return {"runs": runs, "click_median_s": click_s, "commands": out}


def long_log(goal: int = 450, seed: int = 5) -> tuple[str, int]:
    """The log of one long game: six random bots, a sparse table (2 points a home area, 1 a scale), to GOAL."""
    return fauna_work().long_game(SPARSE_TABLE, goal, seed)


def replay_end_to_end(runs: int, work: Path, goal: int = 450) -> dict:
    """`fauna replay LOG` in a fresh process, all round tables printed (to /dev/null), in moves per second."""
    text, moves = long_log(goal)
    path = work / "long.fauna"
    path.write_text(text, encoding="utf-8")
    commands = {"replay": ["-m", "fauna_cli", "replay", str(path)],
                "replay --round 1": ["-m", "fauna_cli", "replay", str(path), "--round", "1"]}
    _run(commands["replay"])
    times = _timed_runs(commands, runs)
    med = statistics.median(times["replay"])
    return {"runs": runs, "moves": moves, "goal": goal, "median_s": med, "best_s": min(times["replay"]),
            "moves_per_second": moves / med, "best_moves_per_second": moves / min(times["replay"]),
            "round_1_median_s": statistics.median(times["replay --round 1"]),
            "target": WAIT_TARGETS["replay_end_to_end_moves_per_second"]}


def pbem_move_latency(runs: int, work: Path, moves: int = 500, seed: int = 11) -> dict:
    """Wall time of `fauna pbem move` on a game file of MOVES moves (four people), a fresh copy each run."""
    text, who, nxt, made = fauna_work().game_file(moves, seed)
    path = work / "pbem.fauna"
    commands = {"pbem move": ["-m", "fauna_cli", "pbem", "move", str(path), "--as", str(who), nxt]}

    def fresh(_name: str) -> None:
        path.write_text(text, encoding="utf-8")

    fresh("")
    _run(commands["pbem move"])
    times = _timed_runs(commands, runs, fresh)["pbem move"]
    return {"runs": runs, "moves": made, "median_s": statistics.median(times), "best_s": min(times)}


def play_log_cost(runs: int, work: Path, seed: int = 3) -> dict:
    """`fauna play` of one 4-bot game to 100 points, with `--log` (a new file each run) and without."""
    config = work / "bots.toml"
    config.write_text("[game]\ngoal = 100\n" + "".join(f'[[players]]\nname = "b{i}"\nbot = "{k}"\n' for i, k in
                                                      enumerate(("random", "statistician", "naturalist", "random"),
                                                                1)), encoding="utf-8")
    log = work / "bots.fauna"
    base = ["-m", "fauna_cli", "play", "--config", str(config), "--seed", str(seed)]
    commands = {"plain": base, "--log": [*base, "--log", str(log)]}

    def fresh(name: str) -> None:
        if name == "--log" and log.exists():
            log.unlink()

    fresh("--log")
    _run(commands["--log"])
    times = _timed_runs(commands, runs, fresh)
    plain, logged = statistics.median(times["plain"]), statistics.median(times["--log"])
    moves = sum(1 for line in log.read_text(encoding="utf-8").splitlines() if line[:1].isdigit())
    return {"runs": runs, "moves": moves, "plain_median_s": plain, "log_median_s": logged, "ratio": logged / plain,
            "target": WAIT_TARGETS["play_log_ratio"]}


def waiting(runs: int) -> dict:
    """Every figure of where people wait (issue 17), measured in fresh processes in a scratch folder."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="fauna-bench-") as tmp:
        work = Path(tmp)
        return {"cold": command_cold_starts(runs, work), "replay": replay_end_to_end(max(1, runs // 3), work),
                "pbem_move": pbem_move_latency(runs, work), "play_log": play_log_cost(max(1, runs // 2), work)}


@click.command(context_settings={"help_option_names": ["-h", "--help"]})  # as `fauna` takes -h
@click.option("--games", type=click.IntRange(1, None), default=300, show_default=True,
              help="Random-bot games per timing run (a fifth as many random playouts a game; Evo a fifth of that).")
@click.option("--replays", type=click.IntRange(1, None), default=30, show_default=True,
              help="Games whose logs are verified per timing run.")
@click.option("--repeat", type=click.IntRange(1, None), default=3, show_default=True, help="Timing runs per figure.")
@click.option("--cold-runs", type=click.IntRange(1, None), default=10, show_default=True,
              help="Fresh processes per cold-start command.")
@click.option("--playouts-only", is_flag=True,
              help="Only the playout speed for search (issue 31), with OpenSpiel beside it when installed.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
              help="Output: plain text tables, GitHub or grid tables, or JSON.")
def bench(games, replays, repeat, cold_runs, playouts_only, fmt) -> None:
    """Measure and print bot games/s, replay verification moves/s, cold starts, the waits of issue 17 and playouts."""
    from rules.core.native import NativeError

    try:
        if playouts_only:
            _print_playouts(playout_speed(repeat, max(2, games // 5)), repeat, fmt)
            return
        doc = measure(games, replays, repeat, cold_runs)
    except NativeError as e:  # FAUNA_NATIVE=require without a compiled copy built from these sources
        click.echo(f"bench: {e}", err=True)
        sys.exit(2)
    if fmt == "json":
        click.echo(dump_json(doc), nl=False)
        return
    print_report(doc, fmt)


def measure(games: int, replays: int, repeat: int, cold_runs: int) -> dict:
    """Every figure of the bench, as the JSON document `--format json` prints (the text report is drawn from it)."""
    return {"python": sys.version.split()[0], "platform": sys.platform,
            "settings": {"games": games, "replays": replays, "repeat": repeat, "cold_runs": cold_runs},
            "bot_games": bot_games(games, repeat),
            "statistician_games": bot_games(max(1, games // 2), repeat, kind="statistician"),
            "replay": replay_verification(replays, repeat), "cold_start": cold_start(cold_runs),
            "other_games": other_games(max(1, games // 10), repeat), "waiting": waiting(cold_runs),
            "playouts": playout_speed(repeat, max(2, games // 5)), "targets": TARGETS,
            "waiting_targets": WAIT_TARGETS}


def print_report(doc: dict, fmt: str) -> None:
    """The bench's tables and verdicts, from the figures `measure` took."""
    g, stat, r, c = doc["bot_games"], doc["statistician_games"], doc["replay"], doc["cold_start"]
    others, w, p = doc["other_games"], doc["waiting"], doc["playouts"]
    games, replays, repeat, cold_runs = (doc["settings"][k] for k in ("games", "replays", "repeat", "cold_runs"))

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    rows = [
        ["bot games/s (4 random bots, 1 core)", f"{g['best']:.0f}", f"{g['median']:.0f}",
         f">= {TARGETS['games_per_second']:.0f}", verdict(g["median"] >= TARGETS["games_per_second"])],
        ["replay verification moves/s", f"{r['best']:.0f}", f"{r['median']:.0f}",
         f">= {TARGETS['replay_moves_per_second']:.0f}", verdict(r["median"] >= TARGETS["replay_moves_per_second"])],
        ["(the same games as fauna-log 2 logs, moves/s)", f"{r['format2_best']:.0f}", f"{r['format2_median']:.0f}",
         "", ""],
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
    wait = [["4 random bots, games/s", f"{g['best']:.0f}", f"{g['median']:.0f}",
             f">= {WAIT_TARGETS['games_per_second']:.0f}", verdict(g["median"] >= WAIT_TARGETS["games_per_second"])],
            ["4 statisticians, games/s", f"{stat['best']:.0f}", f"{stat['median']:.0f}",
             f">= {WAIT_TARGETS['statistician_games_per_second']:.0f}",
             verdict(stat["median"] >= WAIT_TARGETS["statistician_games_per_second"])]]
    cold = w["cold"]
    wait.append(["python -c 'import click' (s)", "", f"{cold['click_median_s']:.3f}", "", ""])
    for name, f in cold["commands"].items():
        wait.append([f"fauna {name} (s; x click)", f"{f['best_s']:.3f}", f"{f['median_s']:.3f} ({f['ratio']:.2f}x)",
                     f"<= {f['target']}x", verdict(f["ratio"] <= f["target"])])
    rp = w["replay"]
    wait.append([f"replay, {rp['moves']} moves: moves/s", f"{rp['best_moves_per_second']:.0f}",
                 f"{rp['moves_per_second']:.0f}", f">= {rp['target']:.0f}",
                 verdict(rp["moves_per_second"] >= rp["target"])])
    wait.append(["replay --round 1, same log (s)", "", f"{rp['round_1_median_s']:.3f}", "", ""])
    pm = w["pbem_move"]
    wait.append([f"pbem move, {pm['moves']}-move game (s)", f"{pm['best_s']:.3f}", f"{pm['median_s']:.3f}", "", ""])
    pl = w["play_log"]
    wait.append([f"play --log / play, 4 bots ({pl['moves']} moves)", "",
                 f"{pl['log_median_s']:.3f}/{pl['plain_median_s']:.3f} s ({pl['ratio']:.2f}x)",
                 f"<= {pl['target']}x", verdict(pl["ratio"] <= pl["target"])])
    click.echo(f"fauna bench: Python {doc['python']} on {doc['platform']}; best and median of {repeat} runs "
               f"({games} bot games, {replays} replays of {r['moves']} moves), {cold_runs} cold starts each")
    click.echo(table(rows, ["figure", "best", "median", "target", "verdict"], fmt))
    click.echo()
    click.echo("Where people wait (issue 17): fresh processes, taken in turn; ratios of medians")
    click.echo(table(wait, ["figure", "best", "median", "target", "verdict"], fmt))
    click.echo()
    _print_playouts(p, repeat, fmt, heading_only=True)
    click.echo(f"bot games: {g['moves_per_game']:.1f} moves and {g['rounds_per_game']:.1f} rounds per game")
    click.echo(f"replay: {r['how']}")
    click.echo("every target is judged on the median.")


def _print_playouts(p: dict, repeat: int, fmt: str, heading_only: bool = False) -> None:
    """The playout table (JSON alone when asked for JSON and nothing else was measured)."""
    if fmt == "json" and not heading_only:
        click.echo(dump_json({"python": sys.version.split()[0], "platform": sys.platform, "playouts": p}), nl=False)
        return
    click.echo(f"Playout speed for search (issue 31): best and median of {repeat} runs, taken in turn with OpenSpiel; "
               "ratios of medians to OpenSpiel's connect_four in the same run")
    click.echo(table(playout_rows(p), ["figure", "best", "median", "target", "verdict"], fmt))
    if p["openspiel"] is None:
        click.echo("OpenSpiel comparison skipped: `import pyspiel` failed (pip install open_spiel to measure it)")
    for name, why in p["compiled"].items():
        click.echo(f"{name}: the compiled copy of its playout ran, its Python beside it" if why is None else
                   f"{name}: its playout ran in Python: {why}")


if __name__ == "__main__":
    bench(prog_name="python -m fauna_cli.bench")
