"""What to do next in an e-mail game, in one place for every game: who moves, which file goes to whom.

One helper for Fauna (fauna_cli/pbem_cmd.py) and the other games (fauna_cli/anygame.py, fauna_cli/referee_cmd.py),
so the guidance after `pbem new`, `move`, `apply` (plain and referee) and a fork says the same thing everywhere
and names the right file and the right people.
"""

from __future__ import annotations

import shlex
from typing import Any

from fauna_cli.render import shown
from fauna_cli.widths import fit_prose, terminal_width
from rules.core.limits import escape_control


def _q(path: str) -> str:
    """A path quoted for a shell command shown to the user, control characters escaped."""
    return escape_control(shlex.quote(str(path)))


def people(names: list[str]) -> str:
    """'alice', 'alice and bob', 'alice, bob and carol'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def humans(state: Any) -> list[str]:
    """The players who are people (computer players reply by themselves on every copy)."""
    return [p.name for p in state.config.players if getattr(p, "bot", None) is None]


def next_hint(game: str, state: Any, mover: str | None = None) -> str:
    """Who decides next and the command to do it (any game: `to_move` is part of every game's state).

    After MOVER's move on their own copy, the next player moves on theirs, not on MOVER's file.
    """
    return fit_prose(_next_hint(game, state, mover), terminal_width())  # wrapped at spaces on a terminal


def _next_hint(game: str, state: Any, mover: str | None) -> str:
    if state.is_over:
        return f"The game is over; `fauna replay {_q(game)}` verifies the whole file."
    name = str(state.to_move)
    if mover is not None and name != mover:
        return (f"Move {state.seq + 1} is {name}'s: once {name} has applied your move, {name} moves on their own "
                f"copy (fauna pbem move THEIR-COPY --as {shlex.quote(name)} --seq {state.seq + 1} MOVE).")
    return (f"Move {state.seq + 1} is {name}'s: fauna pbem move {_q(game)} --as {shlex.quote(name)} "
            f"--seq {state.seq + 1} MOVE")


def new_hint(game: str, state: Any) -> str:
    """After `pbem new`: every player needs a copy of the new file."""
    everyone = humans(state)
    first = "" if state.is_over else f"; {state.to_move} moves first"
    return f"Send {shown(game)} to every player ({people(everyone)}): each keeps their own copy{first}."


def move_hint(state: Any, mover: str, move_file: str | None, printed: bool) -> str:
    """After a move on one's own copy: the move file (or the printed move) goes to every other player.

    MOVER is who holds the copy (its owner, when they moved for another player with --for-other-player).
    """
    others = [n for n in humans(state) if n != mover]
    if not others:
        return "No one else to send it to: every other player is a computer player."
    what = "the move text printed above" if printed or move_file is None else shown(move_file)
    verb = "Paste" if printed or move_file is None else "Send"
    where = " into a message" if verb == "Paste" else ""
    end = " (the game is over: each of them sees the result on their copy)" if state.is_over else ""
    return (f"{verb} {what}{where} to {people(others)}: each applies it to their own copy with "
            f"fauna pbem apply THEIR-COPY {'FILE' if verb == 'Paste' else _q(str(move_file))}{end}.")


def apply_hint(state: Any) -> str:
    """After applying others' move files to one's copy: nothing goes back; the next player sends theirs."""
    if state.is_over:
        return "Nothing to send: the game is over on your copy as on the others'."
    return (f"Nothing to send: the others have these moves already; {state.to_move} makes move {state.seq + 1} "
            "and sends its move file to everyone else.")


def fork_hint(game: str, where: str, mine: str, theirs: str) -> list[str]:
    """After a move file that forks from this copy: which copy is right and how to go on from the agreed one."""
    return [
        f"A fork: {where} and your copy {shown(game)} went different ways at the same move, so the players no "
        "longer hold the same game. Nobody should move until the group agrees which copy is right.",
        f"The two heads: your copy's is {mine} (`fauna pbem status {_q(game)}` prints it), the move file continues "
        f"{theirs} (its 'after' line); each player's `fauna pbem status THEIR-COPY` shows which head they hold.",
        "The right copy is the one the group agrees on, normally the one whose move was sent first.",
        "If yours is the agreed one, send your move files again to the others; if theirs is, take a copy of the "
        "agreed game file from its player (keep yours aside) and apply any later move files to it with "
        "fauna pbem apply.",
    ]


def view_move_hint(move_file: str, view: str) -> str:
    """A player in a referee game sends the move file to the referee, the one who sent them their view file."""
    return (f"Send {shown(move_file)} to the referee (who sent you {shown(view)}); the referee applies it and sends "
            f"back your update file (apply it with fauna pbem apply {_q(view)} UPDATE-FILE) or your whole new view "
            "file.")


def referee_hint(game: str, views: list[tuple[str, str]], everyone: list[str],
                 updates: list[tuple[str, str]] | None = None) -> list[str]:
    """After the referee's apply: one list of which file goes to whom.

    With update files (rules/core/update.py), each player gets their short update instead of the whole view file,
    and the public file is for whoever follows the game; a player who missed an update gets the whole view file.
    """
    if not updates:
        out = ["Send now:", f"  {shown(game)} (public) to everyone: {people(everyone)}"]
        return out + [f"  {shown(path)} to {name} only" for name, path in views]
    mine = dict(updates)
    out = ["Send now:"]
    for name, path in views:
        if name in mine:
            out.append(f"  {shown(mine[name])} to {name} only (the update of {shown(path)})")
        else:
            out.append(f"  {shown(path)} to {name} only (the whole view file)")
    out.append(f"  {shown(game)} (public) to anyone who follows the game (optional: players need only their update)")
    out.append("Each player applies their update to their view file: fauna pbem apply THEIR-VIEW-FILE UPDATE-FILE "
               "(a player who missed an update gets their whole view file instead).")
    return out


def view_path(game: str, player: str) -> str:
    """Where the referee writes a player's view file: beside GAME, named after it and the player.

    A name of ASCII letters and digits is the file's name as it is (lower-case); any other name is folded to
    letters and digits and followed by 8 hex digits of its SHA-256, so names that fold alike (Zoë and Zoe,
    'a.b' and 'a,b', ★ and ☆) still get files of their own.
    """
    from pathlib import Path

    from rules.core.names import normalize

    folded = normalize(player) or "player"
    if not (player.isascii() and player.isalnum()):
        import hashlib

        folded += "-" + hashlib.sha256(player.encode("utf-8")).hexdigest()[:8]
    return str(Path(game).with_name(f"{Path(game).stem}-{folded}.view"))


def copy_path(game: str, player: str) -> str:
    """Where `pbem new --copies` writes PLAYER's own copy: GAME-NAME beside GAME, NAME folded as view files fold it."""
    from pathlib import Path

    folded = Path(view_path(game, player)).stem[len(Path(game).stem) + 1:]
    return str(Path(game).with_name(f"{Path(game).stem}-{folded}{Path(game).suffix}"))


def owner_of(path: str, names: list[str]) -> str | None:
    """The player whose copy PATH is, by the name `pbem new --copies` gave it (GAME-NAME.EXT), else None."""
    from pathlib import Path

    p = Path(path)
    for name in names:
        mine = Path(copy_path(str(p.with_name("x" + p.suffix)), name)).stem[1:]  # "-NAME" as copies fold it
        if p.stem.endswith(mine) and len(p.stem) > len(mine):
            return name
    return None


def for_other_note(game: str, owner: str, player: str) -> str:
    """The line a move file carries when the owner of a copy moved for another player (outside the move block)."""
    return (f"Note: this move is {player}'s, made by {owner} on {owner}'s own copy {shown(game)} "
            "(--for-other-player).\n")
