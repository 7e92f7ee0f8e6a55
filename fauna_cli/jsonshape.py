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


# -- the referee's files (docs/json.md): the same keys, read from a view file or a public file ------------------

def view_head(digest: str) -> dict[str, Any]:
    """A view file's head: the public file's hash its move files continue; the view cannot tell that line's number."""
    return {"line": None, "hash": digest}


def move_of(text: str) -> dict[str, Any]:
    """A decision written 'N player: move' (a view file's history line) as {seq, player, move}."""
    seq, rest = text.split(" ", 1)
    player, move = rest.split(": ", 1)
    return {"seq": int(seq), "player": player, "move": move}


def turn_of(nxt: dict[str, Any] | None, picture: dict[str, Any] | None) -> dict[str, Any]:
    """`over`, `to_move`, `winners` and `next` from a file's record of the next decision (None once over) and the
    picture it holds (whose `winners` the game fills at the end), for files that hold no state to ask."""
    winners = list((picture or {}).get("winners") or []) if nxt is None else []
    return {"over": nxt is None, "to_move": None if nxt is None else nxt["player"], "winners": winners, "next": nxt}


def view_standing(file: str, view: Any) -> dict[str, Any]:
    """`standing` of a player's view file (rules/core/referee.py ViewFile): where the game stood when it was written."""
    return {"game": view.game, "file": file, "moves": view.seq, **turn_of(view.next, view.view)}


def view_document(file: str, view: Any, period: str | None) -> dict[str, Any]:
    """What `pbem status VIEWFILE` prints: the plain status's keys as the player sees the game, plus the view's own.

    A view file holds no round results (last_round is null) and not the public file's line count (head.line null).
    """
    return {"version": 1, **view_standing(file, view), "view_of": view.player, "view": view.view, "legal": view.legal,
            "period": period, "last_round": None,
            "last_move": move_of(view.history[-1]) if view.history else None, "head": view_head(view.head),
            "referee": True, "public": False, "history": view.history,
            "player": view.player, "seq": view.seq}  # player and seq: the names before the shapes were shared
