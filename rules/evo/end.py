"""The end of a game of Evo: the meteorite's round ends it, and mutation points decide (then dinosaurs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.evo.shared import Event

if TYPE_CHECKING:
    from rules.evo.state import State


def ranking(state: State) -> list[int]:
    """Seats best first: most mutation points, then most dinosaurs on the island."""
    return sorted(range(state.n), key=lambda s: (-state.mp[s], -state.count[s], s))


def finish(state: State, ev: list[Event]) -> None:
    """The game is over: everyone with the best points and dinosaurs wins."""
    names = state.names
    mp, count = state.mp, state.count
    state.phase = "over"
    best = max((mp[s], count[s]) for s in range(state.n))
    state.winners_ = tuple(names[s] for s in range(state.n) if (mp[s], count[s]) == best)
    rank = ", ".join(f"{names[s]} {mp[s]} ({count[s]} dinosaurs)" for s in ranking(state))
    verb = "wins" if len(state.winners_) == 1 else "share the victory"
    ev.append(Event("over", f"over {' and '.join(state.winners_)} {verb}: {rank}"))
