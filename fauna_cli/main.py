"""The `fauna` command: play, rule queries, config; every error is one line and a documented exit code."""

from __future__ import annotations

import os
import re
import sys

import click

from fauna_cli import exitcodes
from fauna_cli.render import FORMATS, report_error, wants_json
from rules.core.errors import FaunaError


class LazyGroup(click.Group):
    """A click group whose sub-commands named in `lazy` are imported on first use (--help lists them unloaded)."""

    lazy: dict[str, str] = {}
    lazy_help: dict[str, str] = {}  # short help of each lazy command, so listing them imports none
    # commands that belong to one game (name -> the heading of their section); the others serve every game
    own_commands: dict[str, str] = {}

    def format_commands(self, ctx, formatter):
        sections: dict[str, list[tuple[str, str]]] = {"Commands": []}  # those for every game come first
        for name in self.list_commands(ctx):
            if name in self.commands or name not in self.lazy_help:
                cmd = self.get_command(ctx, name)
                if cmd is None or cmd.hidden:
                    continue
                row = (name, cmd.get_short_help_str(formatter.width - 6 - len(name)))
            else:
                row = (name, self.lazy_help[name])
            sections.setdefault(self.own_commands.get(name, "Commands"), []).append(row)
        for heading, rows in sections.items():
            if not rows:
                continue
            with formatter.section(heading):
                formatter.write_dl(rows)

    def list_commands(self, ctx):
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx, name):
        if name not in self.commands and name in self.lazy:
            import importlib

            from fauna_cli.datacache import without_gc

            module, attr = self.lazy[name].split(":")
            self.add_command(getattr(without_gc(importlib.import_module, module), attr), name)
        return super().get_command(ctx, name)


class _OutputClosed(Exception):
    """The reader of our output went away; carried past click, which would exit 1 on a broken pipe."""


class FaunaGroup(LazyGroup):
    """A click group that turns engine errors into one line and the documented exit code."""

    def resolve_command(self, ctx, args):
        found = super().resolve_command(ctx, args)
        _started()  # the command's module is imported: what start-up made will last
        return found

    def format_help_text(self, ctx, formatter):
        """The docstring, then the games the engine plays (from the registry: imported only when help is shown)."""
        super().format_help_text(ctx, formatter)
        if ctx.parent is not None:
            return
        from rules.core.registry import game_names

        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(f"Games: {', '.join(game_names())}. Each command under Commands serves all of them "
                                 "(`--game GAME`, or a config's [game] rules); its --help says what each game takes.")

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise _OutputClosed from None

    def main(self, *args, **kwargs):
        kwargs.setdefault("standalone_mode", True)
        if os.environ.get("_FAUNA_COMPLETE", "").startswith("bash"):
            _register_bash_completion()
        argv = kwargs.get("args", args[0] if args else None)
        as_json = wants_json(None if argv is None else list(argv))
        try:
            rv = super().main(*args, **{**kwargs, "standalone_mode": False})
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except (BrokenPipeError, _OutputClosed):  # the reader went away (`fauna ... | head -1`): stop quietly
            _quiet_broken_pipe()
        except click.ClickException as exc:
            if as_json:
                report_error(exc.format_message(), exc.exit_code, True, type(exc).__name__)
            else:
                plain = exc.format_message
                from rules.core.limits import escape_control  # only errors need it: not imported by every start

                exc.format_message = lambda: escape_control(plain())  # an argument may hold control characters
                exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            report_error("interrupted", 130, as_json, "Interrupted")
            sys.exit(130)
        except FaunaError as exc:
            report_error(str(exc), exitcodes.code_for(exc), as_json, type(exc).__name__)
            sys.exit(exitcodes.code_for(exc))
        except OSError as exc:
            report_error(f"{exc.filename or ''}{': ' if exc.filename else ''}{exc.strerror or exc}", exitcodes.USAGE,
                         as_json, type(exc).__name__)
            sys.exit(exitcodes.USAGE)
        except Exception as exc:  # a bug: still one line, unless asked for the traceback
            if os.environ.get("FAUNA_DEBUG"):
                raise
            from rules.core.limits import excerpt

            report_error(f"internal error: {type(exc).__name__}: {excerpt(str(exc), 200)} (set FAUNA_DEBUG=1 for "
                         "details; please report it)", exitcodes.INTERNAL, as_json, "InternalError")
            sys.exit(exitcodes.INTERNAL)
        sys.exit(rv if isinstance(rv, int) else exitcodes.OK)


def _quiet_broken_pipe() -> None:
    """Exit with BROKEN_PIPE and no message; stdout is pointed at /dev/null so the final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real stdout (tests): nothing to flush
        pass
    sys.exit(exitcodes.BROKEN_PIPE)


def _register_bash_completion() -> None:
    """Bash completion whose multi-word names arrive escaped ('Great\\ Victoria\\ Desert'), as one argument.

    Click's bash script adds each value to COMPREPLY as it comes, so a space or an apostrophe would
    split the name or open a quote on the command line; the script's `read` (without -r) drops one
    level of backslashes, hence each special character is escaped twice here. Registered only when
    completing, so a normal start does not import the completion module.
    """
    from click.shell_completion import BashComplete, CompletionItem, add_completion_class

    class EscapingBashComplete(BashComplete):
        def format_completion(self, item: CompletionItem) -> str:
            if item.type != "plain":
                return super().format_completion(item)
            escaped = re.sub(r"([^\w@%+=:,./-])", r"\\\1", item.value)
            return f"{item.type},{escaped.replace(chr(92), chr(92) * 2)}"

    add_completion_class(EscapingBashComplete, "bash")


FORMAT_OPTION = click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
                             help="Output: plain text tables, GitHub or grid tables, or JSON.")


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """`--version`, as click.version_option prints it ("fauna, version 0.1.0")."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    click.echo(f"{ctx.find_root().info_name}, version {version('fauna')}")
    ctx.exit()


@click.group(cls=FaunaGroup, epilog=exitcodes.HELP, context_settings={"help_option_names": ["-h", "--help"]},
             invoke_without_command=True)
# Not click.version_option: it looks up its translated help text (gettext: the locale module and a search for
# message catalogues) when the module is imported, which every command would pay for.
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the version and exit.")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """fauna: play animal board games at the terminal, by e-mail or bot against bot, and ask their rules."""
    if ctx.invoked_subcommand is None:  # bare `fauna` is a request for help, not a mistake
        click.echo(ctx.get_help())


# Commands defined in other modules: imported only when used (keeps `fauna map ...` fast to start).
LAZY_COMMANDS = {"play": "fauna_cli.play_cmd:play", "new-config": "fauna_cli.play_cmd:new_config",
                 "check": "fauna_cli.check_cmd:check", "replay": "fauna_cli.replay_cmd:replay",
                 "pbem": "fauna_cli.pbem_cmd:pbem", "simulate": "fauna_cli.simulate_cmd:simulate"}
# Fauna's own commands (the board, scales and deck): one module, imported when one of them is used
LAZY_COMMANDS.update({name: f"fauna_cli.fauna_queries:{attr}" for name, attr in
                      (("map", "map_group"), ("scales", "scales_cmd"), ("animal", "animal_group"))})
# (end of command registrations)


cli.lazy = LAZY_COMMANDS
cli.own_commands = {"animal": "Fauna's own commands", "map": "Fauna's own commands", "scales": "Fauna's own commands"}
cli.lazy_help = {"play": "Play a game: hot-seat at this terminal, or from a move script.",
                 "new-config": "Write a commented default config to PATH (or print it).",
                 "check": "Run rule cases from FILE or DIR (*.toml).",
                 "replay": "Re-run FILE (a replay log or e-mail game file) from its config, seed and moves.",
                 "pbem": "Play by e-mail: the game file is the replay log; pass it around.",
                 "simulate": "Play many seeded bot games and print win rates and where the points came from.",
                 "animal": "Fauna's animal deck.", "map": "Fauna's board: areas, neighbours, adjacency.",
                 "scales": "The spaces of Fauna's three scales."}


_starting = False  # main() holds the garbage collector back until _started()


def _started() -> None:
    """Start-up is over: keep what it made out of later collections (`gc.freeze`) and let the collector run again.

    Importing the modules of a command makes tens of thousands of objects that live as long as the
    process. Each collection during start-up finds no garbage among them yet walks them all: that was
    about a sixth of the time `fauna play --moves` took. Frozen, they are left alone by every later
    collection, which then looks only at what the command itself makes.
    """
    global _starting
    if _starting:
        _starting = False
        import gc

        gc.freeze()
        gc.enable()


def main() -> None:
    """Console-script entry point (`fauna` and `python -m fauna_cli` come in through fauna_cli/__main__.py)."""
    global _starting
    import gc

    gc.disable()  # start-up: see _started
    _starting = True
    try:
        from fauna_cli import datacache

        datacache.install()
        cli(prog_name="fauna")
    finally:
        _started()  # ended before a command ran (--help, a usage error): the collector is on again all the same
