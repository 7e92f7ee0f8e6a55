"""The parts of `--format json` documents that every game shares, built in one place so they read alike.

Each command's document is described by a JSON Schema in docs/schemas/ (docs/json.md): the keys made here
are the same for Fauna, Arctic, ExoFauna and Evo; what only one game has sits under `view` (the game's own
picture of the position) or in keys the schema names as that game's.
"""

from __future__ import annotations

from typing import Any


def next_of(state: Any) -> dict[str, Any] | None:
    """The next decision: its number and whose it is (None once the game is over)."""
    return None if state.is_over else {"seq": state.seq + 1, "player": state.to_move}


def head_of(lines: int, digest: str) -> dict[str, Any]:
    """Where a game file's hash chain ends: the line count and the last line's hash."""
    return {"line": lines, "hash": digest}


def last_move_of(last: Any) -> dict[str, Any] | None:
    """The latest move record of a file (anything with seq, player and 'N player: move' text), or None."""
    if last is None:
        return None
    return {"seq": last.seq, "player": last.player, "move": last.text.split(": ", 1)[1]}


def legal_of(state: Any, name: str | None) -> list[str]:
    """What `name` may decide now, as the prompt lists it (empty unless `name` is the player to move)."""
    if name is None or state.is_over or name != state.to_move:
        return []
    return [state.move_text(m) for m in state.legal_moves()]


def standing(game: str, file: str | None, state: Any) -> dict[str, Any]:
    """The keys every document about one game has: which game, which file, how far, whose turn, who won."""
    doc: dict[str, Any] = {"game": game, "moves": state.seq, "over": state.is_over,
                           "to_move": None if state.is_over else state.to_move, "winners": list(state.winners),
                           "next": next_of(state)}
    if file is not None:
        doc["file"] = file
    return doc
