"""The `fauna` command: play, rule queries, config; every error is one line and a documented exit code."""

from __future__ import annotations

import os
import sys

import click

from fauna_cli import exitcodes
from fauna_cli.render import FORMATS, dump_json, table
from rules.core.errors import FaunaError, UnknownArea
from rules.fauna import Board


class LazyGroup(click.Group):
    """A click group whose sub-commands named in `lazy` are imported on first use."""

    lazy: dict[str, str] = {}

    def list_commands(self, ctx):
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx, name):
        if name not in self.commands and name in self.lazy:
            import importlib

            module, attr = self.lazy[name].split(":")
            self.add_command(getattr(importlib.import_module(module), attr), name)
        return super().get_command(ctx, name)


class FaunaGroup(LazyGroup):
    """A click group that turns engine errors into one line and the documented exit code."""

    def main(self, *args, **kwargs):
        kwargs.setdefault("standalone_mode", True)
        try:
            rv = super().main(*args, **{**kwargs, "standalone_mode": False})
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(130)
        except FaunaError as exc:
            click.echo(f"fauna: {exc}", err=True)
            sys.exit(exitcodes.code_for(exc))
        except OSError as exc:
            click.echo(f"fauna: {exc.filename or ''}{': ' if exc.filename else ''}{exc.strerror or exc}", err=True)
            sys.exit(exitcodes.USAGE)
        except Exception as exc:  # a bug: still one line, unless asked for the traceback
            if os.environ.get("FAUNA_DEBUG"):
                raise
            click.echo(f"fauna: internal error: {type(exc).__name__}: {exc} (set FAUNA_DEBUG=1 for details; "
                       "please report it)", err=True)
            sys.exit(exitcodes.INTERNAL)
        sys.exit(rv if isinstance(rv, int) else exitcodes.OK)


def _complete_area(ctx, param, incomplete):
    inc = incomplete.lower()
    names = Board.default().names
    return [click.shell_completion.CompletionItem(n) for n in names if n.lower().startswith(inc)]


def _complete_animal(ctx, param, incomplete):
    from rules.fauna import Deck
    inc = incomplete.lower()
    return [click.shell_completion.CompletionItem(n) for n in Deck.default().names() if n.lower().startswith(inc)]


FORMAT_OPTION = click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
                             help="Output: plain text tables, GitHub or grid tables, or JSON.")


@click.group(cls=FaunaGroup, epilog=exitcodes.HELP, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fauna")
def cli() -> None:
    """fauna: play the animal trivia board game Fauna, and ask its rules questions."""


@cli.command()
@click.option("--config", "config_path", type=click.Path(dir_okay=False), help="Game config (TOML); default: "
              "3 players, published rules, metric, mixed cards.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), help="Seed (overrides the config's).")
@click.option("--moves", "moves_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Play a move script ('-' for stdin) instead of prompting.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False),
              help="Keep the replay log of the game in FILE (rewritten atomically after every move).")
@FORMAT_OPTION
def play(config_path, seed, moves_path, log_path, fmt) -> None:
    """Play a game: hot-seat at this terminal, or from a move script. Computer players move by themselves."""
    from fauna_cli.files import read_text
    from fauna_cli.gameconfig import config_document, game_of, start_game

    if config_path is not None and game_of(*config_document(config_path)[:2]) != "fauna":
        _play_other(config_path, seed, moves_path, log_path, fmt)
        return
    from fauna_cli.play import run_interactive, run_script

    state, drawn = start_game(config_path, seed)
    cfg, seed = state.config, state.seed
    if fmt != "json":
        click.echo(f"Seed {seed}{' (drawn; replay with --seed ' + str(seed) + ')' if drawn else ''}; "
                   f"players: {', '.join(state.names)}; goal {state.goal} points; {cfg.table.name} scoring, "
                   f"{cfg.units}, {cfg.cards} cards.")
    if moves_path is not None:
        text = sys.stdin.read() if moves_path == "-" else read_text(moves_path, "move script")
        code = run_script(state, text, "<stdin>" if moves_path == "-" else moves_path, fmt, log_path)
    else:
        if fmt == "json":
            raise click.UsageError("--format json needs --moves (interactive play prints tables)")
        code = run_interactive(state, fmt, log_path)
    sys.exit(code)


def _play_other(config_path, seed, moves_path, log_path, fmt) -> None:
    """`fauna play` for a game other than Fauna, through its RULES (fauna_cli/anygame.py)."""
    from fauna_cli import anygame
    from fauna_cli.files import read_text
    from fauna_cli.gameconfig import draw_seed, load_any_config

    rules, config = load_any_config(config_path)
    if seed is None:
        seed = config.seed
    drawn = seed is None
    if drawn:
        seed = draw_seed()
    state = rules.new_state(config, seed)
    if fmt != "json":
        click.echo(f"{rules.title}: seed {seed}{' (drawn; replay with --seed ' + str(seed) + ')' if drawn else ''}; "
                   f"players: {', '.join(state.names)}.")
    if moves_path is not None:
        text = sys.stdin.read() if moves_path == "-" else read_text(moves_path, "move script")
        code = anygame.run_script(rules, state, text, "<stdin>" if moves_path == "-" else moves_path, fmt, log_path)
    else:
        if fmt == "json":
            raise click.UsageError("--format json needs --moves (interactive play prints tables)")
        code = anygame.run_interactive(rules, state, fmt, log_path)
    sys.exit(code)


@cli.command("new-config")
@click.argument("path", required=False, type=click.Path(dir_okay=False))
@click.option("--game", "game_name", default="fauna", show_default=True, metavar="GAME",
              help="The game: fauna, arctic, exofauna or evo.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new_config(path, game_name, force) -> None:
    """Write a commented default config to PATH (or print it)."""
    from fauna_cli.files import atomic_write
    from fauna_cli.gameconfig import default_config_text
    if game_name == "fauna":
        text = default_config_text()
    else:
        from rules.core.registry import load_rules
        try:
            text = load_rules(game_name).default_config_text()
        except FaunaError as exc:
            raise click.BadParameter(str(exc), param_hint="--game") from None
    if path is None:
        click.echo(text, nl=False)
        return
    if os.path.exists(path) and not force:
        raise click.UsageError(f"{path} exists; use --force to overwrite it")
    atomic_write(path, text)
    click.echo(f"Wrote {path}; edit it, then: fauna play --config {path}")


@cli.group("map")
def map_group() -> None:
    """Questions about the board: areas, neighbours, adjacency."""


@map_group.command("areas")
@click.option("--kind", type=click.Choice(["land", "marine"]))
@click.option("--continent", help="e.g. Africa, Europe, Oceans.")
@FORMAT_OPTION
def map_areas(kind, continent, fmt) -> None:
    """List the board's areas."""
    board = Board.default()
    areas = board.areas
    if continent:
        conts = sorted({a.continent for a in areas})
        match = [c for c in conts if c.lower() == continent.lower()]
        if not match:
            raise click.BadParameter(f"unknown continent {continent!r}; choose from {', '.join(conts)}",
                                     param_hint="--continent")
        areas = [a for a in areas if a.continent == match[0]]
    if kind:
        areas = [a for a in areas if a.kind == kind]
    if fmt == "json":
        click.echo(dump_json([{"name": a.name, "kind": a.kind, "continent": a.continent, "aliases": list(a.aliases),
                               "neighbors": board.neighbors(a)} for a in areas]), nl=False)
        return
    rows = [[a.name, a.kind, a.continent, ", ".join(a.aliases)] for a in areas]
    click.echo(table(rows, ["area", "kind", "continent", "also"], fmt))


@map_group.command("neighbors")
@click.argument("area", shell_complete=_complete_area)
@FORMAT_OPTION
def map_neighbors(area, fmt) -> None:
    """The areas adjacent to AREA."""
    board = Board.default()
    a = board.area(area)
    links = board.neighbor_links(a)
    if fmt == "json":
        click.echo(dump_json({"area": a.name, "neighbors": [{"name": n, "link": kind} for n, kind in links]}), nl=False)
        return
    click.echo(table([[n, kind] for n, kind in links], [f"neighbours of {a.name}", "link"], fmt))


@map_group.command("adjacent")
@click.argument("a", shell_complete=_complete_area)
@click.argument("b", shell_complete=_complete_area)
@FORMAT_OPTION
def map_adjacent(a, b, fmt) -> None:
    """Whether A and B are adjacent: prints yes (exit 0) or no (exit 1)."""
    board = Board.default()
    try:
        x, y = board.area(a), board.area(b)
    except UnknownArea as exc:
        raise exc
    link = board.link(x, y)
    if x.name == y.name:
        answer, reason = False, f"{x.name} is one area, not two"
    elif link:
        answer, reason = True, {"border": "they share a land border", "coast": "land meets sea along a coast",
                                "sea line": "the seas meet along a dashed sea line",
                                "wrap": "joined through the map's edge labels"}[link.kind]
    else:
        answer, reason = False, "they share no border"
    if fmt == "json":
        click.echo(dump_json({"a": x.name, "b": y.name, "adjacent": answer, "reason": reason,
                              "link": link.kind if link else None}), nl=False)
    else:
        click.echo(f"{'yes' if answer else 'no'}: {x.name} and {y.name}: {reason}")
    sys.exit(exitcodes.OK if answer else exitcodes.NO)


@cli.command("scales")
@click.option("--units", type=click.Choice(["metric", "imperial"]), default="metric", show_default=True)
@FORMAT_OPTION
def scales_cmd(units, fmt) -> None:
    """The spaces of the three scales."""
    from rules.fauna import Scales
    sc = Scales.default()
    if fmt == "json":
        click.echo(dump_json([{"scale": s.key, "title": s.title, "measures": list(s.measures), "units": units,
                               "spaces": [sp.label for sp in s.side(units).spaces]} for s in sc]), nl=False)
        return
    for s in sc:
        rows = [[str(sp.index + 1), sp.label] for sp in s.side(units).spaces]
        click.echo(f"{s.title} ({units}, {len(rows)} spaces)")
        click.echo(table(rows, ["#", "space"], fmt))
        click.echo()


@click.group("animal", cls=LazyGroup)  # not cli.group: that is typed as a plain Group, without `lazy`
def animal_group() -> None:
    """The animal deck."""


cli.add_command(animal_group)


@animal_group.command("show")
@click.argument("name", shell_complete=_complete_animal)
@click.option("--reveal", is_flag=True, help="Also show the answer (areas, measures, booklet, sources).")
@click.option("--units", type=click.Choice(["metric", "imperial"]), default="metric", show_default=True)
@FORMAT_OPTION
def animal_show(name, reveal, units, fmt) -> None:
    """The card of an animal (the answer only with --reveal)."""
    from rules.fauna import Deck, Scales
    from rules.fauna.animals import MEASURE_TITLES
    from rules.fauna.game import card_front
    a = Deck.default().animal(name)
    front = card_front(a)
    doc = {"card": a.card, "side": a.side, **front.to_dict()}
    if reveal:
        sc = Scales.default()
        measures = []
        for m, v in a.measures.items():
            side = sc.for_measure(m).side(units)
            measures.append({"measure": m, "value": "N/A" if v is None else side.format_value(v),
                             "space": "closed" if v is None else side.spaces[side.space_of(v)].label})
        doc.update(areas_list=list(a.areas), answer=measures, booklet=a.booklet,
                   sources=[{"title": s.title, "url": s.url} for s in a.sources])
    if fmt == "json":
        click.echo(dump_json(doc), nl=False)
        return
    rows = [["card", f"{a.card} ({a.side})"], ["class", a.cls], ["name", a.name], ["scientific", a.scientific],
            ["areas", str(a.n_areas)]]
    for m, _scale, open_ in front.measures:
        rows.append(["asks", f"{MEASURE_TITLES[m]}" + ("" if open_ else " (N/A)")])
    if reveal:
        rows.append(["lives in", ", ".join(a.areas)])
        for m in doc["answer"]:
            rows.append([MEASURE_TITLES[m["measure"]], f"{m['value']} ({m['space']})"])
        rows.append(["booklet", a.booklet])
        for s in a.sources:
            rows.append(["source", f"{s.title} {s.url}".strip()])
    click.echo(table(rows, ["", ""], fmt))


@animal_group.command("list")
@click.option("--cards", type=click.Choice(["green", "black"]), help="Only one side of the cards.")
@FORMAT_OPTION
def animal_list(cards, fmt) -> None:
    """Every animal in the deck (card fronts only)."""
    from rules.fauna import Deck
    animals = [a for a in Deck.default().animals if cards is None or a.side == cards]
    if fmt == "json":
        click.echo(dump_json([{"card": a.card, "side": a.side, "difficulty": a.side, "name": a.name,
                               "scientific": a.scientific, "class": a.cls, "areas": a.n_areas} for a in animals]),
                   nl=False)
        return
    rows = [[str(a.card), a.side, a.name, a.scientific, a.cls, str(a.n_areas)] for a in animals]
    click.echo(table(rows, ["card", "side", "name", "scientific", "class", "areas"], fmt))


# Commands defined in other modules: imported only when used (keeps `fauna map ...` fast to start).
LAZY_COMMANDS = {"check": "fauna_cli.check_cmd:check", "replay": "fauna_cli.replay_cmd:replay",
                 "pbem": "fauna_cli.pbem_cmd:pbem", "simulate": "fauna_cli.simulate_cmd:simulate"}
LAZY_ANIMAL_COMMANDS = {"stats": "fauna_cli.deck_cmd:stats"}
# (end of command registrations)


cli.lazy = LAZY_COMMANDS
animal_group.lazy = LAZY_ANIMAL_COMMANDS


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="fauna")
