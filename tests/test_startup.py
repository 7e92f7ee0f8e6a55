"""Start-up of the fauna command: the garbage collector waits while it starts, and is on while a command runs.

A command left without the collector would keep every garbage cycle of a long game or simulation. Only
replay and pbem show hold it back while they run (everything they make lasts to their end), and turn it
on again.
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


def test_replay_runs_with_the_collector_held_back_and_turns_it_on_again(monkeypatch, capsys):
    from pathlib import Path

    import fauna_cli.games.fauna_files as replay_cmd  # Fauna's round reports, behind its Screen

    seen: list[bool] = []
    real = replay_cmd.round_reports

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(replay_cmd, "round_reports", spy)
    log = Path(__file__).parent.parent / "replays" / "3p-published-metric-v3.fauna"
    monkeypatch.setattr(sys, "argv", ["fauna", "replay", str(log)])
    try:
        with pytest.raises(SystemExit) as done:
            fauna_main.main()
        after = gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()
    assert done.value.code == 0 and "Verified" in capsys.readouterr().out
    assert seen == [False] and after  # held while the game, its reports and tables are made; on again at the end


def test_a_deck_loaded_while_a_command_runs_is_left_out_of_later_collections(tmp_path):
    """Objects built from data and loaded from the cache last to the command's end: no collection walks them again."""
    from fauna_cli.datacache import BuiltFileCache

    cache = BuiltFileCache(str(tmp_path))
    cache.put(b"key", {"deck": [[i] for i in range(50)]})
    try:
        gc.unfreeze()
        loaded = cache.get(b"key")
        assert loaded is not None and loaded["deck"][49] == [49]
        tracked = gc.get_objects()  # the collectable generations only: not the frozen objects
        assert gc.get_freeze_count() > 0 and not any(o is loaded["deck"] for o in tracked)
        gc.disable()  # held back, as replay and pbem show hold it: a load then freezes nothing
        gc.unfreeze()
        held = cache.get(b"key")
        assert held is not None and gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        gc.enable()
