"""Start-up of the fauna command: the garbage collector waits while it starts, and is on while a command runs.

A command left without the collector would keep every garbage cycle of a long game or simulation.
"""

import gc
import sys

import click
import pytest

from fauna_cli import main as fauna_main


def run_fauna(monkeypatch, args: list[str]) -> tuple[list[bool], bool]:
    """Run `fauna ARGS` in this process with a `probe` command added: (collector on in probe, collector on after)."""
    seen: list[bool] = []

    @click.command("probe")
    def probe():
        seen.append(gc.isenabled())

    fauna_main.cli.add_command(probe)
    monkeypatch.setattr(sys, "argv", ["fauna", *args])
    try:
        with pytest.raises(SystemExit):
            fauna_main.main()
        after = gc.isenabled()
    finally:
        fauna_main.cli.commands.pop("probe")
        gc.unfreeze()
        gc.enable()  # whatever happened, the rest of the suite runs as before
    return seen, after


def test_the_collector_is_on_while_a_command_runs_and_afterwards(monkeypatch):
    seen, after = run_fauna(monkeypatch, ["probe"])
    assert seen == [True] and after


@pytest.mark.parametrize("args", [["--help"], ["no-such-command"], ["--no-such-option"]])
def test_the_collector_is_on_again_when_fauna_ends_before_any_command(monkeypatch, args):
    seen, after = run_fauna(monkeypatch, args)
    assert seen == [] and after
