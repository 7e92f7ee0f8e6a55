"""E-mail play with a referee (rules/core/referee.py): the files on disk, and what each `pbem` command does with them.

The referee keeps KEY (the full game) and sends out GAME (public) and one view file per player; players
send their moves to the referee as move files made from their view file, or by any other means.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from fauna_cli.files import FileSeen, check_outputs, read_bytes, read_text
from fauna_cli.render import dump_json, shown, shown_value
from rules.core.errors import FaunaError, IllegalMove
from rules.core.limits import MAX_LOG_BYTES
from rules.core.log import GameLog, LoadedGame, decode_log, load_game_log
from rules.core.movefile import MoveFile
from rules.core.names import normalize, suggest
from rules.core.protocol import GameRules
from rules.core.referee import public_game, read_key, read_view, verify_public, view_text
from rules.core.registry import rules_for_log


def view_path(game: str, player: str) -> str:
    """Where the referee writes a player's view file: beside GAME, named after it and the player."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in normalize(player) or "player")
    return str(Path(game).with_name(f"{Path(game).stem}-{safe}.view"))


def _write_all(rules: GameRules, loaded: LoadedGame, salt: str, game: str, key: str,
               seen: tuple[FileSeen, ...] = ()) -> list[str]:
    """Write the key, the public game file and every human's view file as one unit; returns the view files.

    One unit (fauna_cli/commit.py): all are written or none, and a kill -9 in between is finished or undone
    by the next command on the key; `seen` are the files read, which must be unchanged.
    """
    from fauna_cli.commit import Write, commit
    from rules.core.referee import key_text

    public = public_game(rules, loaded, salt)
    writes = [Write(game, public.text())]
    views = _view_files(loaded, game)
    for name, path in views:
        writes.append(Write(path, view_text(rules, loaded, public, name), secret=True))
    writes.append(Write(key, key_text(salt, loaded.writer.text()), secret=True))  # the key last
    check_outputs([], _outputs(game, key, views))
    commit(key, writes, seen)
    return [path for _, path in views]


def _view_files(loaded: LoadedGame, game: str) -> list[tuple[str, str]]:
    """(player, view file) of every human player."""
    return [(p.name, view_path(game, p.name)) for p in loaded.state.config.players if getattr(p, "bot", None) is None]


def _outputs(game: str, key: str, views: list[tuple[str, str]]) -> list[tuple[str, str | Path | None]]:
    return [("the game file", game), ("the key file", key), *((f"{n}'s view file", v) for n, v in views)]


def _load_key(key: str) -> tuple[GameRules, str, LoadedGame]:
    salt, log = read_key(read_text(key, "key file", MAX_LOG_BYTES), key)
    rules = rules_for_log(log.split("\n", 1)[0])
    if rules is None:
        raise FaunaError(f"{shown(key)}: the key file holds no game log of a game this fauna plays")
    return rules, salt, load_game_log(log, key, rules)


def _open_key(key: str, game: str) -> tuple[GameRules, str, LoadedGame, tuple[FileSeen, ...]]:
    """Under the key's lock: finish or undo an interrupted update (fauna_cli/commit.py), then read the key.

    Also returns what identifies the key and public files as read (taken before they are read: a file changed
    in between is refused when the update is written, never overwritten).
    """
    from fauna_cli.commit import recover
    from fauna_cli.files import read_seen
    from fauna_cli.gamefile import remove_stale_temps

    recover(key, [Path(os.path.realpath(game)).parent])
    for path in (key, game):
        remove_stale_temps(path)
    seen = [read_seen(key, "key file", MAX_LOG_BYTES)[1]]
    if Path(game).exists():
        seen.append(read_seen(game, "game file", MAX_LOG_BYTES)[1])
    return (*_load_key(key), tuple(seen))


def new_refereed(rules: GameRules, config: Any, seed: int | None, game: str, key: str, force: bool, fmt: str) -> None:
    """Start a referee game: the seed and salt come from the operating system; only KEY holds them."""
    from fauna_cli.anygame import _bots_reply
    from fauna_cli.gamefile import game_lock

    check_outputs([], [("--out", game), ("--referee", key)])
    import secrets  # only a new game draws its salt and seed

    salt = secrets.token_hex(16)
    seed = secrets.randbelow(2**64) if seed is None else seed
    state = rules.new_state(config, seed)
    log = GameLog(rules, state)
    _bots_reply(rules, log)
    with game_lock(key):
        loaded = load_game_log(log.text(), key, rules)
        _refuse_existing(_outputs(game, key, _view_files(loaded, game)), force)
        from fauna_cli.commit import recover

        recover(key, [Path(os.path.realpath(game)).parent])  # an old game's interrupted update, before replacing it
        views = _write_all(rules, loaded, salt, game, key)
    if fmt == "json":
        click.echo(dump_json({"version": 1, "game": rules.name, "file": game, "key": key, "views": views}), nl=False)
        return
    click.echo(f"Started a refereed {rules.title} game: {shown(game)} is public (send it to everyone), "
               f"{shown(key)} is yours alone (it holds the seed; never send it before the end).")
    for v in views:
        click.echo(f"View file: {shown(v)} (send it to that player only)")
    click.echo(_hint(loaded, game, key))


def _refuse_existing(outputs: list[tuple[str, str | Path | None]], force: bool) -> None:
    """`pbem new --referee`: the game, key and view files are new; existing ones are replaced only with --force."""
    check_outputs([], outputs)
    for what, path in outputs:
        if path is not None and os.path.lexists(path) and not force:
            raise FaunaError(f"{shown(str(path))}: exists already ({what}); choose another name or use --force to "
                             "replace it")


def _hint(loaded: LoadedGame, game: str, key: str) -> str:
    st, game, key = loaded.state, shown(game), shown(key)
    if st.is_over:
        return f"The game is over: fauna pbem reveal {game} --key {key}, then send {game} to everyone."
    return (f"Move {st.seq + 1} is {st.to_move}'s: they send their move (fauna pbem move THEIR-VIEW-FILE --as "
            f"{st.to_move} MOVE writes a move file), and you apply it: fauna pbem apply {game} --key {key} MOVEFILE")


def referee_move(game: str, key: str, player: str, text: str, fmt: str) -> None:
    """The referee applies a player's decision(s) to KEY and rewrites GAME and the views."""
    from fauna_cli.anygame import pbem_move_change, resolve
    from fauna_cli.gamefile import game_lock

    with game_lock(key):
        rules, salt, loaded, seen = _open_key(key, game)
        _check_public(rules, loaded, salt, game)
        name = resolve(loaded.state, player)
        pbem_move_change(loaded, name, text, None)
        views = _write_all(rules, loaded, salt, game, key, seen)
    if fmt == "json":
        click.echo(dump_json({"version": 1, "game": rules.name, "file": game, "moves": loaded.state.seq,
                              "views": views}), nl=False)
        return
    click.echo(f"Applied {name}'s move; rewrote {shown(game)} and {len(views)} view file(s): send each player theirs.")
    click.echo(_hint(loaded, game, key))


def _check_public(rules: GameRules, loaded: LoadedGame, salt: str, game: str) -> None:
    """GAME must be the public form of KEY's game as it stands (the right pair of files)."""
    if not Path(game).exists():
        return
    want = public_game(rules, loaded, salt).text()
    if read_text(game, "game file", MAX_LOG_BYTES) != want:
        raise FaunaError(f"{shown(game)}: this public file is not the current public form of the key file's game "
                         "(another game, or an older copy)")


def referee_apply(game: str, key: str, files: list[MoveFile], fmt: str) -> None:
    """The referee applies players' move files (made from their view files) in sequence order."""
    from fauna_cli.anygame import pbem_move_change
    from fauna_cli.gamefile import game_lock

    with game_lock(key):
        rules, salt, loaded, seen = _open_key(key, game)
        _check_public(rules, loaded, salt, game)
        applied = []
        for mf in sorted(files, key=lambda m: m.seq):
            public = public_game(rules, loaded, salt)
            if mf.game != public.game_id:
                raise IllegalMove(f"{mf.where}: this move belongs to another game")
            if mf.seq <= loaded.state.seq:
                continue  # already applied: a duplicate
            if mf.seq > loaded.state.seq + 1:
                raise IllegalMove(f"{mf.where}: move {loaded.state.seq + 1} ({loaded.state.to_move}'s) is missing")
            if mf.after != public.head:
                raise IllegalMove(f"{mf.where}: the move was made on an older view (head {mf.after}); the game's "
                                  f"head is {public.head}: send the player their current view file")
            pbem_move_change(loaded, mf.player, mf.move, mf.seq)
            applied.append(f"move {mf.seq} by {shown(mf.player)}")  # a name from a received file, escaped
        views = _write_all(rules, loaded, salt, game, key, seen)
    if fmt == "json":
        click.echo(dump_json({"version": 1, "applied": applied, "views": views}), nl=False)
        return
    for a in applied:
        click.echo(f"Applied {a}")
    click.echo(f"Rewrote {shown(game)} and {len(views)} view file(s).")
    click.echo(_hint(loaded, game, key))


def reveal(game: str, key: str, fmt: str) -> None:
    """At the end, write the seed, the salt and the hidden decisions into GAME, so anyone can verify it."""
    from fauna_cli.gamefile import game_lock

    with game_lock(key):
        rules, salt, loaded, seen = _open_key(key, game)
        if not loaded.state.is_over:
            raise IllegalMove(f"the game is not over (move {loaded.state.seq + 1} is {loaded.state.to_move}'s): "
                              "the seed is revealed only at the end")
        _check_public(rules, loaded, salt, game)
        from fauna_cli.commit import Write, commit

        check_outputs([], [("the game file", game), ("the key file", key)])
        commit(key, [Write(game, public_game(rules, loaded, salt).text(reveal=(loaded.state.seed, salt)))],
               seen)
    if fmt == "json":
        click.echo(dump_json({"version": 1, "file": game, "revealed": True}), nl=False)
        return
    click.echo(f"Revealed the seed and every hidden decision in {shown(game)}; send it to everyone: "
               f"`fauna replay {shown(game)}` re-runs and checks the whole game.")


def replay_public(game: str, fmt: str) -> None:
    """`fauna replay` of a public file: the chain always; after the reveal, everything."""
    from fauna_cli.anygame import replay_report

    text = decode_log(read_bytes(game, "game file", MAX_LOG_BYTES), game)
    rules = rules_for_log(text.lstrip("\ufeff").split("\n", 1)[0])
    if rules is None:
        raise FaunaError(f"{shown(game)}:1: not a game file of a game this fauna plays")
    check = verify_public(text, game, rules)
    if check.loaded is not None:
        replay_report(check.loaded, fmt, game)
        if fmt != "json":
            click.echo("The commitment matches the revealed seed and salt, and every public line is re-derived.")
        return
    if fmt == "json":
        click.echo(dump_json({"version": 1, "game": rules.name, "file": game, "lines": check.lines,
                              "moves": check.moves, "revealed": False}), nl=False)
        return
    click.echo(f"{shown(game)}: a refereed {rules.title} game in progress; the hash chain of its {check.lines} lines "
               "is "
               f"intact ({check.moves} moves). Its lines can be re-derived once the referee reveals the seed.")


def view_status(path: str, fmt: str) -> None:
    """`fauna pbem status VIEWFILE`: what the player sees and may decide now."""
    from fauna_cli.anygame import picture
    from rules.core.registry import load_rules

    v = read_view(read_text(path, "view file", MAX_LOG_BYTES), path)
    rules = load_rules(v.game)
    if fmt == "json":
        click.echo(dump_json({"version": 1, "game": v.game, "player": v.player, "seq": v.seq, "head": v.head,
                              "view": v.view, "legal": v.legal, "next": v.next, "history": v.history}), nl=False)
        return
    # every text of the file is shown escaped: a received view cannot retitle the window or hide text
    who, legal, nxt = shown(v.player), shown_value(v.legal), shown_value(v.next)
    click.echo(f"{shown(path)}: {rules.title}, as {who} sees it after move {v.seq}.")
    click.echo(picture(rules, shown_value(v.view)))
    if legal:
        click.echo("Your choices now:\n" + "\n".join(f"  {i}. {t}" for i, t in enumerate(legal, 1)))
        click.echo(f"Send one to the referee: fauna pbem move {shown(path)} --as {who} MOVE")
    elif nxt:
        click.echo(f"Move {nxt['seq']} is {nxt['player']}'s.")
    else:
        click.echo("The game is over; wait for the referee's reveal.")


def view_move(path: str, player: str, text: str, move_file: str | None, print_it: bool, fmt: str,
              force: bool = False) -> None:
    """A player checks a decision against their view file and writes the move file for the referee."""
    v = read_view(read_text(path, "view file", MAX_LOG_BYTES), path)
    if normalize(player) != normalize(v.player):
        raise IllegalMove(f"{path} is {v.player}'s view, not {player}'s")
    if not v.legal:
        raise IllegalMove(f"it is not {v.player}'s decision in this view (move {v.seq + 1} is "
                          f"{(v.next or {}).get('player', 'nobody')}'s)")
    wanted = " ".join(text.split())
    match = [t for t in v.legal if normalize(t) == normalize(wanted)]
    if not match:
        hints = suggest(wanted, {normalize(t): t for t in v.legal})
        raise IllegalMove(f"{wanted!r} is not one of your choices now" + (
            "; did you mean " + " or ".join(repr(h) for h in hints) + "?" if hints else
            f" (fauna pbem status {path} lists them)"))
    mf = MoveFile(v.game_id, v.seq + 1, v.player, match[0], v.head)
    if print_it:
        click.echo(mf.text(), nl=False)
        return
    target = move_file or str(Path(path).with_name(f"{Path(path).stem}-move-{mf.seq}.txt"))
    from fauna_cli.files import write_output
    from fauna_cli.pbem_cmd import unsaved_move_file

    check_outputs([("the view file", path)], [("--move-file", target)])
    force = force or (Path(target).exists() and unsaved_move_file(target, mf))  # a choice made again: replaced
    write_output(target, mf.text(), force, secret=True)  # it holds the decision, which may be a hidden one
    click.echo(f"Move file: {shown(target)}: send it to the referee.")
