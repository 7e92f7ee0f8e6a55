"""Small builders shared by the issue-13 CLI tests."""

from __future__ import annotations

from rules.fauna import State


def fresh_state(units: str = "metric") -> State:
    """A new bundled-default game in the given units (for parsing moves the way the prompt does)."""
    from fauna_cli.gameconfig import load_config_with
    from rules.fauna import new_game

    return new_game(load_config_with(None, {"units": units}), 1)
