"""`fauna pbem status PUBLIC`: what a spectator may see of a refereed game, from its public file alone.

After the referee's reveal the public file holds the whole game (rules/core/referee.py verify_public re-runs
it), so the spectator's board (`state.view(None)`), the final tables and `--svg` are shown. Before the reveal
the positions cannot be re-derived from the file (the hidden cards decide them), so the referee writes the
spectator's board into it at every write (its `view {...}` line, and at the end `tables [...]`): the status
shows that board, the final tables once the game is over, and the last public decisions. A public file of an
older fauna has no such line: its status lists the public decisions and says that the board comes with the
reveal.
"""

from __future__ import annotations

import re
from typing import Any

import click

from fauna_cli.files import read_bytes
from fauna_cli.render import dump_json, shown
from rules.core.errors import FaunaError
from rules.core.limits import MAX_LOG_BYTES
from rules.core.log import decode_log
from rules.core.registry import rules_for_log

_MOVE = re.compile(r"^(\d+) ([^:]+): (.+) @[0-9a-f]+$")
_NEXT = re.compile(r"^next (\d+) (.+) @[0-9a-f]+$")
RECENT = 12  # public decisions shown before the reveal


def public_status(game: str, fmt: str, svg_path: str | None) -> None:
    """The spectator's status of a public file; `--svg` draws the spectator's board (exit 2 for a public file of an
    older fauna before the reveal: it holds no board)."""
    from rules.core.referee import verify_public

    text = decode_log(read_bytes(game, "game file", MAX_LOG_BYTES), game)
    rules = rules_for_log(text.lstrip("\ufeff").split("\n", 1)[0])
    if rules is None:
        raise FaunaError(f"{shown(game)}:1: not a game file of a game this fauna plays")
    check = verify_public(text, game, rules)
    if check.loaded is None and check.board is not None:
        _board(game, fmt, rules, text, check, svg_path)
        return
    if check.loaded is None:
        if svg_path is not None:
            raise FaunaError(f"--svg: {shown(game)} is a refereed game before the reveal, written by an older fauna: "
                             "its public file holds no positions, only the public decisions; a player's view file "
                             "draws that player's picture (pbem status GAME-NAME.view --svg FILE), and the public "
                             "file draws the board after the referee's next apply or reveal")
        _unrevealed(game, fmt, rules, text, check)
        return
    _revealed(game, fmt, rules, text, check, svg_path)


def public_decisions(text: str) -> tuple[list[tuple[int, str, str]], dict[str, Any] | None]:
    """The public decisions (seq, player, text) of a public file, and who decides next (None: nobody)."""
    moves = [(int(m.group(1)), m.group(2), m.group(3)) for m in map(_MOVE.match, text.split("\n")) if m]
    last = text.rstrip("\n").rsplit("\n", 1)[-1]
    nxt = _NEXT.match(last)
    return moves, None if nxt is None else {"seq": int(nxt.group(1)), "player": nxt.group(2)}


def _recent(moves: list[tuple[int, str, str]]) -> None:
    if moves:
        shown_moves = moves[-RECENT:]
        head = "The public decisions" if len(shown_moves) == len(moves) else f"The last {len(shown_moves)} public " \
                                                                               "decisions"
        click.echo(f"{head}:")
        for s, p, t in shown_moves:
            click.echo(f"  {s} {shown(p)}: {shown(t)}")  # texts from the file: control characters escaped


def _before_reveal_json(game: str, rules: Any, check: Any, moves: list[tuple[int, str, str]],
                        following: dict[str, Any] | None, view: Any, tables: Any) -> None:
    """The JSON status of a public file before the reveal: the plain status's keys as a spectator sees the game (the
    board the referee wrote, or null in a file of an older fauna), and the public file's own."""
    from fauna_cli.jsonshape import turn_of

    doc = _public_document(game, rules, check, moves, view, tables, revealed=False)
    click.echo(dump_json({**doc, "moves": check.moves, **turn_of(following, view), "last_round": None}), nl=False)


def _public_document(game: str, rules: Any, check: Any, moves: list[tuple[int, str, str]], view: Any, tables: Any,
                     revealed: bool) -> dict[str, Any]:
    """The keys of a public file's status that do not depend on whether the game could be re-run."""
    from fauna_cli.jsonshape import head_of

    decisions = [{"seq": s, "player": p, "move": t} for s, p, t in moves]
    return {"version": 1, "game": rules.name, "file": game, "view_of": None, "view": view, "legal": [],
            "period": rules.period_name or None, "last_move": decisions[-1] if decisions else None,
            "head": head_of(*check.head), "referee": True, "public": True, "revealed": revealed, "lines": check.lines,
            "tables": tables, "decisions": decisions}


def _before_reveal_line(game: str, rules: Any, check: Any, moves: list[tuple[int, str, str]],
                        following: dict[str, Any] | None) -> str:
    """The first line of the text status before the reveal: the game, who is to move, and the chain intact."""
    state = f"move {following['seq']} is {shown(following['player'])}'s" if following else "the game is over"
    return (f"{shown(game)}: a refereed {rules.title} game, {len(moves)} moves, {state}; the hash chain of its "
            f"{check.lines} lines is intact.")


def _board(game: str, fmt: str, rules: Any, text: str, check: Any, svg_path: str | None) -> None:
    """Before the reveal: the spectator's board the referee wrote into the file, and at the end its tables."""
    import importlib

    from fauna_cli.anygame import picture, render_tables
    from fauna_cli.render import shown_value
    from rules.core.protocol import Table

    moves, following = public_decisions(text)
    board = shown_value(check.board)  # every text of a received file shown escaped
    tables = [Table(t["title"], tuple(t["headers"]), tuple(tuple(r) for r in t["rows"]))
              for t in shown_value(check.tables or [])]
    if svg_path is not None:
        from fauna_cli.files import atomic_write

        try:
            draw = importlib.import_module(f"fauna_cli.games.{rules.name}").svg
        except (ModuleNotFoundError, AttributeError):
            raise click.UsageError(f"--svg: {rules.title} games have no picture yet") from None
        atomic_write(svg_path, draw(board))
        click.echo(f"Wrote the picture to {svg_path}.", err=True)
    if fmt == "json":
        _before_reveal_json(game, rules, check, moves, following, check.board,
                            check.tables if following is None else None)
        return
    click.echo(f"{_before_reveal_line(game, rules, check, moves, following)} What a spectator may see now, as the "
               "referee wrote it:")
    click.echo(picture(rules, board))
    if tables:
        click.echo(render_tables(tables, fmt))
    _recent(moves)


def _unrevealed(game: str, fmt: str, rules: Any, text: str, check: Any) -> None:
    moves, following = public_decisions(text)
    if fmt == "json":
        _before_reveal_json(game, rules, check, moves, following, None, None)
        return
    click.echo(_before_reveal_line(game, rules, check, moves, following))
    click.echo("No board before the reveal: this public file holds only each decision's public wording, not the "
               "positions (hidden cards decide them). Each player's view file shows their board; the public file "
               "shows the board and the final tables once the referee runs fauna pbem reveal.")
    _recent(moves)


def _revealed(game: str, fmt: str, rules: Any, text: str, check: Any, svg_path: str | None) -> None:
    from fauna_cli.anygame import picture, render_tables, write_svg

    loaded = check.loaded
    state = loaded.state
    view = state.view(None)
    tables = rules.final_tables(state) if state.is_over else []
    if svg_path is not None:
        write_svg(rules, state, svg_path)
    if fmt == "json":
        from fauna_cli.anygame import finished_periods
        from fauna_cli.jsonshape import last_move_of, standing

        done = finished_periods(loaded)
        moves, _ = public_decisions(text)
        doc = _public_document(game, rules, check, moves, view, [t.to_dict() for t in tables], revealed=True)
        click.echo(dump_json({**doc, **standing(rules.name, game, state),
                              "last_round": done[-1].to_dict(rules.period_name) if done else None,
                              "last_move": last_move_of(loaded.last_move())}), nl=False)  # revealed: as made
        return
    click.echo(f"{shown(game)}: a refereed {rules.title} game, finished after {state.seq} moves and revealed; "
               f"winner(s): {', '.join(state.winners)}. The commitment matches the revealed seed, and every public "
               f"line of its {check.lines} is re-derived.")
    click.echo(picture(rules, view))
    if tables:
        click.echo(render_tables(tables, fmt))
