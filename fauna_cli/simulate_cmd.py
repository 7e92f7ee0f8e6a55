"""`fauna simulate`: many seeded bot games, in one or several processes, summarised as tables.

Game i of a run with seed S is played with seed `SplitMix64(S).fork(i).next()`, so any game can be
replayed alone and the results do not depend on how games are spread over processes: every figure
except the timings is a sum of whole numbers (wins as exact fractions) taken in game order.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import click

from fauna_cli import exitcodes
from fauna_cli.cluster import session as cluster_session
from fauna_cli.cluster import threads as cluster_threads
from fauna_cli.gameconfig import draw_seed
from fauna_cli.gamehelp import GamesCommand
from fauna_cli.options import bot_kinds_completion, game_option
from fauna_cli.render import FORMATS, dump_json, table
from rules.core.errors import ConfigError, FaunaError
from rules.core.registry import game_names
from rules.core.simulate import game_seed, wilson  # noqa: F401 - the benchmark and the tests take them from here


def _fauna_simulation() -> Any:
    """Fauna's own figures (rules/fauna/simulation.py), through its RULES: its options' choices are needed here."""
    from rules.core.registry import load_rules

    simulation = load_rules("fauna").simulation
    if simulation is None:  # pragma: no cover - Fauna's RULES give it
        raise RuntimeError("Fauna's RULES give no simulation")
    return simulation()


# The bots, the game and the process pool are imported when a simulation runs, not when `fauna` starts.
FAUNA = _fauna_simulation()
BOT_KINDS, CARD_CHOICES, UNIT_CHOICES, PRESET_NAMES = (FAUNA.BOT_KINDS, FAUNA.CARD_CHOICES, FAUNA.UNIT_CHOICES,
                                                       FAUNA.PRESET_NAMES)
SOURCES: tuple[str, ...] = FAUNA.SOURCES
GameRecord, play_one, play_range, summarise = FAUNA.GameRecord, FAUNA.play_one, FAUNA.play_range, FAUNA.summarise


_WORKER_CONFIG: Any = None


def _init_worker(config: Any) -> None:
    """Each worker process receives the config once, so its caches keep one scoring table per run."""
    global _WORKER_CONFIG
    _WORKER_CONFIG = config


def _worker_range(seed: int, start: int, stop: int) -> list[Any]:
    """What one worker process does per task."""
    if _WORKER_CONFIG is None:  # pragma: no cover - runs in a worker process; the pool's initializer sets it
        raise RuntimeError("a simulate worker started without its config")
    return play_range(_WORKER_CONFIG, seed, start, stop)


# -- the command line -----------------------------------------------------------------------------------

def parse_bots(text: str, players: int) -> list[tuple[str, float | None]]:
    """'statistician,random' -> one (kind, skill) per seat; the last kind fills the remaining seats."""
    from fauna_cli.options import parse_bots as parse

    return parse(text, players, BOT_KINDS, game="fauna")


def seat_names(bots: list[tuple[str, float | None]]) -> list[str]:
    """Player names as `play --players N --bots ...` gives them: the kind and the seat, e.g. 'statistician-1'."""
    from fauna_cli.options import seat_name

    return [seat_name(i, kind) for i, (kind, _skill) in enumerate(bots, 1)]


def build_config(bots: list[tuple[str, float | None]], preset: str, units: str, cards: str) -> Any:
    """A validated Fauna config for the bot seats, named as `play --players N --bots ...` names them."""
    return FAUNA.build_config(seat_names(bots), bots, preset, units, cards)


def _pool_context():
    """Fork where the platform has it (fast, and safe with `python -m fauna_cli`), else spawn."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods and sys.platform != "darwin" else "spawn")


def batches(games: int, jobs: int) -> list[tuple[int, int]]:
    """The run cut into ranges of games, about 8 per job so that a slow batch does not hold up the end."""
    chunk = max(1, min(50, games // (jobs * 8) or 1))
    return [(i, min(i + chunk, games)) for i in range(0, games, chunk)]


def run_on_cluster(client, task, args: tuple, seed: int, games: int, progress=None) -> list:
    """Play a run's games on a Dask cluster, as `task(*args, seed, a, b)` per batch; results in game order."""
    from fauna_cli.cluster import run_batches, threads

    ranges = batches(games, threads(client))
    done: dict[int, list] = {}
    try:
        run_batches(client, task, args, seed, ranges, done, progress)
    except KeyboardInterrupt:
        raise Interrupted(sum(map(len, done.values())), games) from None
    return [r for a, _ in ranges for r in done[a]]


def run_games(config: Any, seed: int, games: int, jobs: int, progress=None, client=None) -> list[Any]:
    """Play `games` games in `jobs` processes (1: this one) or on a Dask client's cluster; in game order."""
    if client is not None:
        return run_on_cluster(client, play_range, (config,), seed, games, progress)
    ranges = batches(games, jobs)
    records: list[Any] = []
    if jobs == 1:
        try:
            for a, b in ranges:
                records += play_range(config, seed, a, b)
                if progress:
                    progress(b - a)
        except KeyboardInterrupt:
            raise Interrupted(len(records), games) from None
        return records
    done = run_pool(_init_worker, (config,), _worker_range, seed, ranges, jobs, progress)
    for a, _ in ranges:
        records += done[a]
    return records


class Interrupted(Exception):
    """Ctrl-C during a run: how many games had finished (their figures are discarded, not half-summarised)."""

    def __init__(self, finished: int, games: int, pooled: bool = False) -> None:
        super().__init__(f"interrupted after {finished} of {games} games; the partial figures are discarded")
        self.finished, self.games, self.pooled = finished, games, pooled


def _ignore_sigint(init, *args) -> None:
    """Worker start-up: Ctrl-C is the parent's to handle (it stops the workers), then the run's own set-up."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    init(*args)


def run_pool(init, initargs: tuple, worker, seed: int, ranges: list[tuple[int, int]], jobs: int,
             progress=None) -> dict[int, list]:
    """Run `worker(seed, a, b)` for every range in `jobs` processes; on Ctrl-C stop them at once (Interrupted)."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    done: dict[int, list] = {}
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=_pool_context(), initializer=_ignore_sigint,
                               initargs=(init, *initargs))
    try:
        futures = {pool.submit(worker, seed, a, b): a for a, b in ranges}
        for fut in as_completed(futures):
            done[futures[fut]] = fut.result()
            if progress:
                progress(len(done[futures[fut]]))
    except KeyboardInterrupt:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:  # a worker in the middle of its games would otherwise finish them first
            proc.terminate()
        for proc in processes:
            proc.join(1)
        raise Interrupted(sum(len(v) for v in done.values()), ranges[-1][1] if ranges else 0, pooled=True) from None
    pool.shutdown(wait=True)
    return done


def timing(seconds: float, games: int, jobs: int, scheduler: str | None) -> dict:
    """How long a run took and where it ran: the only figures that depend on the machine."""
    doc = {"seconds": round(seconds, 3), "games_per_second": round(games / seconds, 1) if seconds else 0.0,
           "jobs": jobs}
    return doc if scheduler is None else {**doc, "scheduler": scheduler}


def _jobs(t: dict) -> str:
    where = f" on the Dask cluster at {t['scheduler']}" if "scheduler" in t else ""
    return f"{t['jobs']} job{'s' if t['jobs'] != 1 else ''}{where}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _range(bounds: list[float]) -> str:
    return f"{100 * bounds[0]:.1f}-{100 * bounds[1]:.1f}%"


def _num(x: float) -> str:
    return f"{x:.2f}"


def render_text(doc: dict, fmt: str) -> str:
    """The summary as tables for people."""
    s, t = doc["summary"], doc["timing"]
    head = (f"{s['games']} game{'s' if s['games'] != 1 else ''} of {s['players']} bots, seed {doc['seed']}, "
            f"{doc['preset']} scoring, {doc['units']}, {doc['cards']} cards\n"
            f"{t['games_per_second']:.1f} games/s ({t['seconds']:.2f} s, {_jobs(t)}); "
            f"average {s['average_rounds']:.2f} rounds and {s['moves_per_game']:.1f} moves per game")
    headers = ["seat", "player", "bot", "wins", "95% range", "avg score", "map correct/rd", "map adjacent/rd",
               "scales/rd", "points/rd", "placed/rd", "lost/rd"]
    rows = [[str(x["seat"]), x["player"], x["bot"], _pct(x["win_rate"]), _range(x["win_rate_95"]),
             _num(x["average_score"]), *(_num(x["points_per_round"][k]) for k in SOURCES),
             _num(x["total_points_per_round"]),
             _num(x["pieces_placed_per_round"]), _num(x["pieces_lost_per_round"])] for x in s["seats"]]
    kind_rows = [[k["bot"], str(k["seats"]), _pct(k["win_rate"]), _range(k["win_rate_95"]),
                  *(_num(k["points_per_round"][src]) for src in SOURCES), _num(k["total_points_per_round"]),
                  _num(k["pieces_lost_per_round"])] for k in s["bot_kinds"]]
    kind_headers = ["bot kind", "seats", "wins", "95% range", "map correct/rd", "map adjacent/rd", "scales/rd",
                    "points/rd", "lost/rd"]
    note = ("Per-round figures are per player and round; wins shared by tied players are split between them.\n"
            "The 95% range of a win rate is its Wilson score interval over the games: where two ranges overlap, "
            "the difference may be luck; play more games.")
    return "\n\n".join([head, table(rows, headers, fmt), table(kind_rows, kind_headers, fmt), note]) + "\n"


def _collect(run, games: int):
    """Run the games with a progress bar on a terminal; Ctrl-C ends the command at once with exit 130."""
    try:
        if sys.stderr.isatty():
            with click.progressbar(length=games, label="simulating", file=sys.stderr) as bar:
                return run(bar.update)
        return run(None)  # no bar (and no stray label) when stderr is a file or a pipe
    except Interrupted as exc:
        click.echo(f"\nfauna: simulate: {exc}", err=True)
        if exc.pooled:  # the pool's manager thread would be joined at exit, waiting on the killed workers
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(exitcodes.INTERRUPTED)
        sys.exit(exitcodes.INTERRUPTED)


def _check_log_game(log_game: int | None, log_path: str | None, games: int) -> None:
    if (log_game is None) != (log_path is None):
        raise click.UsageError("--log-game I and --log FILE go together: the log of game I is written to FILE")
    if log_game is not None and log_game > games:
        raise click.BadParameter(f"there are only {games} games", param_hint="--log-game")


def _game_rows(rows: list[dict], fmt: str) -> str:
    return table([[str(g["game"]), str(g["seed"]), ", ".join(g["winners"]),
                   ", ".join(f"{p} {v}" for p, v in g["scores"].items())] for g in rows],
                 ["game", "seed", "won", "scores"], fmt)


@click.command("simulate", cls=GamesCommand, games_help="simulate")
@click.option("--players", type=click.IntRange(1), required=True,
              help="Number of seats, as many as the game takes (listed below).")
@click.option("--bots", "bots_text", required=True, metavar="KIND[,KIND...]",
              shell_complete=bot_kinds_completion(False),
              help="Bot kind per seat, of the game's kinds listed below (a kind marked [:SKILL] takes a skill "
                   "from 0 to 1, KIND:0.9); the last kind fills the remaining seats.")
@click.option("--games", type=click.IntRange(1, None), required=True, help="Number of games to play.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), help="Seed of the run (drawn and shown when left out).")
@click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Worker processes; the results do not depend on it, only the time does.")
@click.option("--scheduler", metavar="ADDRESS", help="Play the games on the Dask cluster of this scheduler "
              "(tcp://HOST:8786; pip install '.[cluster]'): the results of --jobs 1, faster.")
@click.option("--by", "by_text", metavar="GROUP[,GROUP]", help="Also win rates by seat group, with 95% ranges: "
              "Evo start (pair) and order (first-round turn position); ExoFauna hand (opening hand) and order.")
@game_option(default="fauna", help_text="The game to simulate: " + ", ".join(game_names()) + " (default fauna).")
@click.option("--preset", help=f"Fauna only: scoring table, {' or '.join(PRESET_NAMES)} (default published), "
              "or the path of a table file.")
@click.option("--units", type=click.Choice(UNIT_CHOICES), help="Fauna only (default metric).")
@click.option("--cards", type=click.Choice(CARD_CHOICES), help="Fauna only (default mixed).")
@click.option("--list", "listing", is_flag=True,
              help="Also list every game: its number, seed (replay it with play --seed), winners and scores.")
@click.option("--log-game", type=click.IntRange(1), metavar="I", help="Write the replay log of game I (1-based) "
              "to the --log file.")
@click.option("--log", "--out", "log_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="Where --log-game writes the log.")
@click.option("--force", is_flag=True, help="Replace an existing --log FILE.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
              help="Output: plain text tables, GitHub or grid tables, or JSON.")
def simulate(players, bots_text, games, seed, jobs, game_name, preset, units, cards, listing, log_game, log_path,
             fmt, force=False, scheduler=None, by_text=None) -> None:
    """Play many seeded bot games and print win rates and where the points came from.

    Game I of a run is played with its own seed (--list shows it), so `fauna play --players N --bots ...
    --seed SEED` replays it alone, and --log-game I --log FILE writes its replay log.
    """
    _check_log_game(log_game, log_path, games)
    if scheduler is not None and jobs != 1:
        raise click.UsageError("--jobs and --scheduler: on a cluster, its workers are the jobs")
    if log_path is not None:  # before the games are played: the log replaces a file only with --force
        from fauna_cli.files import check_new, check_outputs

        check_outputs([("--preset", preset)], [("--log", log_path)])
        check_new(log_path, force)
    from rules.core.registry import load_rules

    rules = load_rules(game_name)
    _check_players(rules, players)
    if game_name != "fauna":
        given = [o for o, v in (("--preset", preset), ("--units", units), ("--cards", cards)) if v is not None]
        if given:
            raise click.BadParameter(f"{', '.join(given)} apply to Fauna only", param_hint="--game")
        simulate_game(rules, players, bots_text, games, seed, jobs, fmt, listing, log_game, log_path, scheduler,
                      seat_groups(rules, by_text))
        return
    if by_text is not None:
        raise click.BadParameter("Fauna has no seat groups: its seats differ only by their place (the seat table)",
                                 param_hint="--by")
    preset, units, cards = preset or "published", units or "metric", cards or "mixed"
    bots = parse_bots(bots_text, players)
    try:
        config = build_config(bots, preset, units, cards)
    except ConfigError as exc:
        message = str(exc).replace("simulate: ", "", 1).replace("game.preset: ", "", 1)
        raise click.BadParameter(message, param_hint="--preset") from None
    if seed is None:
        seed = draw_seed()
    jobs = min(jobs, games)
    with cluster_session(scheduler) as client:
        jobs = jobs if client is None else cluster_threads(client)
        started = time.perf_counter()
        records = _collect(lambda progress: run_games(config, seed, games, jobs, progress, client), games)
        seconds = time.perf_counter() - started
    names = config.names
    kinds = [kind if skill is None else f"{kind}:{format(skill, 'g')}" for kind, skill in bots]
    doc = {
        "game": "fauna", "config": config.to_dict(), "seed": seed, "preset": config.table.name, "units": units,
        "cards": cards, "bots": kinds, "players": names,
        "summary": summarise(records, names, kinds),
        "timing": timing(seconds, games, jobs, scheduler),
    }
    rows = [{"game": r.index + 1, "seed": r.seed, "winners": [names[w] for w in r.winners],
             "scores": dict(zip(names, r.score, strict=True)), "rounds": r.rounds} for r in records]
    if listing:
        doc["games_played"] = rows
    if log_game is not None:
        from fauna_cli.files import atomic_write

        atomic_write(log_path, FAUNA.game_log(config, records[log_game - 1].seed))
        doc["log"] = {"game": log_game, "file": log_path}
    if fmt == "json":
        click.echo(dump_json(doc), nl=False)
        return
    click.echo(render_text(doc, fmt), nl=False)
    if listing:
        click.echo("\n" + _game_rows(rows, fmt))
    if log_game is not None:
        click.echo(f"\nWrote the replay log of game {log_game} (seed {records[log_game - 1].seed}) to {log_path}.")


# -- every other game, through its RULES -------------------------------------------------------------

_WORKER_GAME: tuple[str, object, tuple[str, ...]] | None = None


def _init_game_worker(game: str, config, by: tuple[str, ...] = ()) -> None:
    global _WORKER_GAME
    _WORKER_GAME = (game, config, by)


def _game_worker_range(seed: int, start: int, stop: int) -> list:
    if _WORKER_GAME is None:  # pragma: no cover - runs in a worker process; the pool's initializer sets it
        raise RuntimeError("a simulate worker started without its game")
    game, config, by = _WORKER_GAME
    return game_range(game, config, by, seed, start, stop)


def game_range(game: str, config, by: tuple[str, ...], seed: int, start: int, stop: int) -> list:
    """Games start..stop-1 of a run of a protocol game, with the labels of the seat groups `by`: a pure task."""
    from rules.core.registry import load_rules
    from rules.core.simulate import play_game

    rules = load_rules(game)
    return [play_game(rules, config, seed, i, by) for i in range(start, stop)]


def run_protocol_games(rules, config, seed: int, games: int, jobs: int, progress=None, client=None,
                       by: tuple[str, ...] = ()) -> list:
    """Play `games` games of a protocol game in `jobs` processes or on a Dask cluster; in game order."""
    args = (rules.name, config, by)
    if client is not None:
        return run_on_cluster(client, game_range, args, seed, games, progress)
    ranges = batches(games, jobs)
    if jobs == 1:
        out: list = []
        try:
            for a, b in ranges:
                out += game_range(*args, seed, a, b)
                if progress:
                    progress(b - a)
        except KeyboardInterrupt:
            raise Interrupted(len(out), games) from None
        return out
    done = run_pool(_init_game_worker, args, _game_worker_range, seed, ranges, jobs, progress)
    return [r for a, _ in ranges for r in done[a]]


def _check_players(rules, players: int) -> None:
    """--players within what the game takes (its RULES say), before anything is played."""
    if not rules.min_players <= players <= rules.max_players:
        from rules.core.words import span

        raise click.BadParameter(f"{rules.title} is played by {span(rules.min_players, rules.max_players, 'player')}",
                                 param_hint="--players")


def seat_groups(rules, by_text: str | None) -> tuple[str, ...]:
    """`--by start,order` -> the game's seat groups by key, in the order given; an unknown one is bad usage."""
    if by_text is None:
        return ()
    known = [g.key for g in rules.seat_groups]
    keys = tuple(dict.fromkeys(k.strip().lower() for k in by_text.split(",")))
    for key in keys:
        if key not in known:
            have = f"it has {', '.join(known)}" if known else "its seats differ only by their place"
            raise click.BadParameter(f"{rules.title} has no seat group '{key}' ({have})", param_hint="--by")
    return keys


def group_doc(rules, results: list, players: int, by: tuple[str, ...]) -> dict:
    """The figures of `--by`: per seat group, its title, the fair share and each label's win rates."""
    from rules.core.simulate import by_group, ratio

    titles = {g.key: g.title for g in rules.seat_groups}
    return {key: {"title": titles[key], "fair_share": ratio(1, players), "rows": by_group(results, key)} for key in by}


def group_tables(doc: dict, fmt: str) -> list[str]:
    """One table per seat group of `--by`: each label's win rate against the fair share and the other seats."""
    out = []
    for group in doc.get("by", {}).values():
        rows = [[g["label"], str(g["seats"]), _pct(g["win_rate"]), _range(g["win_rate_95"]),
                 _pct(g["others_win_rate"]), _range(g["others_win_rate_95"])] for g in group["rows"]]
        out.append(f"By {group['title']} (fair share {_pct(group['fair_share'])}):\n"
                   + table(rows, [group["title"], "seats", "wins", "95% range", "other seats", "95% range"], fmt))
    return out


def simulate_game(rules, players: int, bots_text: str, games: int, seed, jobs: int, fmt: str,
                  listing: bool = False, log_game: int | None = None, log_path: str | None = None,
                  scheduler: str | None = None, by: tuple[str, ...] = ()) -> None:
    """`fauna simulate --game G`: win rates by seat and kind with 95% ranges, and average points by source."""
    from fauna_cli.options import seat_name
    from rules.core.simulate import summarise as summarise_game

    _check_players(rules, players)
    from fauna_cli.options import parse_bots as parse

    kinds = [kind for kind, _ in parse(bots_text, players, tuple(rules.bot_kinds), skills=(), game=rules.name)]
    names = [seat_name(i, k) for i, k in enumerate(kinds, 1)]
    seats = [{"name": n, "bot": k} for n, k in zip(names, kinds, strict=True)]
    doc_in = {"game": {"rules": rules.name}, "players": seats}
    config = rules.config_from_dict(doc_in, "simulate", None)
    if seed is None:
        seed = draw_seed()
    jobs = min(jobs, games)
    with cluster_session(scheduler) as client:
        jobs = jobs if client is None else cluster_threads(client)
        started = time.perf_counter()
        results = _collect(lambda progress: run_protocol_games(rules, config, seed, games, jobs, progress, client, by),
                           games)
        seconds = time.perf_counter() - started
    doc = {"game": rules.name, "config": rules.config_to_dict(config), "seed": seed, "bots": kinds, "players": names,
           "summary": summarise_game(results, names, kinds),
           "timing": timing(seconds, games, jobs, scheduler)}
    if by:
        doc["by"] = group_doc(rules, results, players, by)
    rows = [{"game": r.index + 1, "seed": r.seed, "winners": [names[w] for w in r.winners],
             "scores": dict(zip(names, r.score, strict=True))} for r in results]
    if listing:
        doc["games_played"] = rows
    if log_game is not None:
        from fauna_cli.files import atomic_write
        from rules.core.bots import seat_bots
        from rules.core.log import GameLog

        game_seed_i = results[log_game - 1].seed
        state = rules.new_state(config, game_seed_i)
        log = GameLog(rules, state)
        bots = seat_bots(rules, config, game_seed_i)
        while not state.is_over:
            player = state.to_move
            bot = bots[list(state.names).index(player)]
            if bot is None:  # simulate seats bots only
                raise FaunaError(f"{player} has no computer player")
            log.play(player, bot.choose(state))
        atomic_write(str(log_path), log.text())
        doc["log"] = {"game": log_game, "file": log_path}
    if fmt == "json":
        click.echo(dump_json(doc), nl=False)
        return
    if listing:
        click.echo(_game_rows(rows, fmt) + "\n")
    s, t = doc["summary"], doc["timing"]
    keys = list(s["seats"][0]["average_points"]) if s["seats"] else []
    head = (f"{s['games']} {rules.title} game{'s' if s['games'] != 1 else ''} of {s['players']} bots, seed {seed}\n"
            f"{t['games_per_second']:.1f} games/s ({t['seconds']:.2f} s, {_jobs(t)}); "
            f"average {s['moves_per_game']:.1f} decisions per game")
    seat_rows = [[str(x["seat"]), x["player"], _pct(x["win_rate"]), _range(x["win_rate_95"]), _num(x["average_score"]),
                  *(_num(x["average_points"][k]) for k in keys)] for x in s["seats"]]
    kind_rows = [[k["bot"], str(k["seats"]), _pct(k["win_rate"]), _range(k["win_rate_95"]), _num(k["average_score"]),
                  *(_num(k["average_points"][src]) for src in keys)] for k in s["bot_kinds"]]
    cols = [k.replace("_", " ") for k in keys]
    note = ("Average points by source are per player and game; wins shared by tied players are split between them.\n"
            "The 95% range of a win rate is its Wilson score interval over the games: where two ranges overlap, "
            "the difference may be luck; play more games.")
    click.echo("\n\n".join([head, table(seat_rows, ["seat", "bot", "wins", "95% range", "avg score", *cols], fmt),
                             table(kind_rows, ["bot kind", "seats", "wins", "95% range", "avg score", *cols], fmt),
                             *group_tables(doc, fmt), note]) + "\n", nl=False)
