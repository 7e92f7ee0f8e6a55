"""E-mail play with a referee (rules/core/referee.py): the files on disk, and what each `pbem` command does with them.

The referee keeps KEY (the full game) and sends out GAME (public) and one view file per player; players
send their moves to the referee as move files made from their view file, or by any other means.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path
from typing import Any

import click

from fauna_cli.files import FileSeen, check_outputs, read_bytes, read_text
from fauna_cli.render import dump_json, shown, shown_value
from rules.core.errors import FaunaError, IllegalMove
from rules.core.limits import MAX_LOG_BYTES
from rules.core.log import GameLog, LoadedGame, decode_log, load_game_log
from rules.core.movefile import MoveFile
from rules.core.names import normalize
from rules.core.protocol import GameRules
from rules.core.referee import public_game, read_key_secrets, read_view, recorded_moves, verify_public, view_text
from rules.core.registry import rules_for_log


def view_path(game: str, player: str) -> str:
    """Where the referee writes a player's view file: beside GAME, named after it and the player.

    A name of ASCII letters and digits is the file's name as it is (lower-case); any other name is folded to
    letters and digits and followed by 8 hex digits of its SHA-256, so names that fold alike (Zoë and Zoe,
    'a.b' and 'a,b', ★ and ☆) still get files of their own.
    """
    folded = normalize(player) or "player"
    if not (player.isascii() and player.isalnum()):
        import hashlib

        folded += "-" + hashlib.sha256(player.encode("utf-8")).hexdigest()[:8]
    return str(Path(game).with_name(f"{Path(game).stem}-{folded}.view"))


def update_path(game: str, player: str, seq: int) -> str:
    """Where the referee writes a player's update file to move SEQ: beside the view file, named after it."""
    view = Path(view_path(game, player))
    return str(view.with_name(f"{view.stem}-update-{seq}.txt"))


def _write_all(rules: GameRules, loaded: LoadedGame, salt: str, game: str, key: str,
               secrets: dict[str, str], seen: tuple[FileSeen, ...] = (),
               before: dict[str, str] | None = None) -> tuple[list[str], list[tuple[str, str]]]:
    """Write the key, the public game file and every human's view file as one unit; returns the view files and
    the update files (player, file).

    With `before` (each player's view file as it was before this command), also an update file per player whose
    view changed (rules/core/update.py), in the same unit.
    One unit (fauna_cli/commit.py): all are written or none, and a kill -9 in between is finished or undone
    by the next command on the key; `seen` are the files read, which must be unchanged. The key, the view
    and the update files hold secrets (the seed and salt; each player's own secret and moves) and are written 0600.
    """
    from fauna_cli.commit import Write, commit
    from rules.core.referee import key_text
    from rules.core.update import make_update

    public = public_game(rules, loaded, salt)
    writes = [Write(game, public.text())]
    views = _view_files(loaded, game)
    updates: list[tuple[str, str]] = []
    for name, path in views:
        text = view_text(rules, loaded, public, name, secrets[name])
        writes.append(Write(path, text, secret=True))
        old = (before or {}).get(name)
        if old is not None and old != text:
            target = update_path(game, name, loaded.state.seq)
            view_name = Path(path).name
            writes.append(Write(target, make_update(old, text, secrets[name]).text(view_name), secret=True))
            updates.append((name, target))
    writes.append(Write(key, key_text(salt, loaded.writer.text(), secrets), secret=True))  # the key last
    check_outputs([], [*_outputs(game, key, views), *((f"{n}'s update file", u) for n, u in updates)])
    commit(key, writes, seen)
    return [path for _, path in views], updates


def _views_now(rules: GameRules, loaded: LoadedGame, salt: str, secrets: dict[str, str]) -> dict[str, str]:
    """Each human player's view file as the referee would write it now (players with a secret in the key only:
    a player of a version 1 key gets a whole view file first, with their new secret)."""
    public = public_game(rules, loaded, salt)
    return {name: view_text(rules, loaded, public, name, secrets[name]) for name in _humans(loaded)
            if name in secrets}


def _humans(loaded: LoadedGame) -> list[str]:
    return [p.name for p in loaded.state.config.players if getattr(p, "bot", None) is None]


def _view_files(loaded: LoadedGame, game: str) -> list[tuple[str, str]]:
    """(player, view file) of every human player."""
    return [(name, view_path(game, name)) for name in _humans(loaded)]


def _outputs(game: str, key: str, views: list[tuple[str, str]]) -> list[tuple[str, str | Path | None]]:
    return [("the game file", game), ("the key file", key), *((f"{n}'s view file", v) for n, v in views)]


def _with_secrets(loaded: LoadedGame, secrets: dict[str, str]) -> dict[str, str]:
    """Every human player's secret: those of the key file, and new ones drawn from the operating system for
    players who have none yet (a new game, or a key file of version 1, written before players had secrets)."""
    import secrets as os_random

    return {name: secrets.get(name) or os_random.token_hex(32) for name in _humans(loaded)}


def _load_key(key: str) -> tuple[GameRules, str, LoadedGame, dict[str, str]]:
    salt, secrets, log = read_key_secrets(read_text(key, "key file", MAX_LOG_BYTES), key)
    rules = rules_for_log(log.split("\n", 1)[0])
    if rules is None:
        raise FaunaError(f"{shown(key)}: the key file holds no game log of a game this fauna plays")
    return rules, salt, load_game_log(log, key, rules), secrets


def _open_key(key: str, game: str) -> tuple[GameRules, str, LoadedGame, dict[str, str], tuple[FileSeen, ...]]:
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


def _distinct_view_files(config: Any, game: str, key: str) -> None:
    """Refuse a game in which two players' view files (or a view file and GAME or KEY) would be one file."""
    seen: dict[str, str] = {str(Path(game)): "the public game file", str(Path(key)): "the key file"}
    for p in config.players:
        if getattr(p, "bot", None) is not None:
            continue
        path = view_path(game, p.name)
        other = seen.get(path) or seen.get(path.casefold())
        if other is not None:
            raise FaunaError(f"{shown(path)}: {shown(p.name)}'s view file would be the same file as {other}; "
                             "choose other player names or another GAME name")
        seen[path] = seen[path.casefold()] = f"{shown(p.name)}'s view file"


def new_refereed(rules: GameRules, config: Any, seed: int | None, game: str, key: str, force: bool, fmt: str,
                 public_seed: bool = False, joint: tuple[str, list[str]] | None = None) -> None:
    """Start a referee game: the seed and salt come from the operating system; only KEY holds them.

    `seed` is used only with `public_seed` (the caller refuses it otherwise): anyone who knows it can compute
    every hand from the public file, so such a game keeps nothing secret from the players.
    """
    from fauna_cli.anygame import _bots_reply
    from fauna_cli.gamefile import game_lock

    check_outputs([], [("--out", game), ("--referee", key)])
    _distinct_view_files(config, game, key)
    import secrets  # only a new game draws its salt and seed

    salt = secrets.token_hex(16)
    drawn = seed is None and joint is None  # a joint seed follows from the secret and the joins: not drawn
    seed = secrets.randbelow(2**64) if seed is None else seed
    if joint is not None:  # the seed from the referee's secret and every player's join file
        from fauna_cli.jointseed_cmd import start

        salt, seed = start(joint[0], joint[1], [p.name for p in config.players if getattr(p, "bot", None) is None])
    state = rules.new_state(config, seed)
    log = GameLog(rules, state)
    opening = _bots_reply(rules, log)
    with game_lock(key):
        loaded = load_game_log(log.text(), key, rules)
        _refuse_existing(_outputs(game, key, _view_files(loaded, game)), force)
        from fauna_cli.commit import recover

        recover(key, [Path(os.path.realpath(game)).parent])  # an old game's interrupted update, before replacing it
        views, _ = _write_all(rules, loaded, salt, game, key, _with_secrets(loaded, {}))
    if fmt == "json":
        from fauna_cli.anygame import _event_dict

        shown_seed = seed if public_seed else None  # else only KEY holds it
        click.echo(dump_json({**_referee_standing(rules, loaded, salt, game), "seed": shown_seed,
                              "seed_drawn": drawn, "config": rules.config_to_dict(config),
                              "events": [_event_dict(rules, e) for e in opening], "view": loaded.state.view(None),
                              "key": key, "views": views, "public_seed": shown_seed}), nl=False)
        return
    click.echo(f"Started a refereed {rules.title} game: {shown(game)} is public (send it to everyone), "
               f"{shown(key)} is yours alone (it holds the seed; never send it before the end).")
    if joint is not None:
        click.echo("The seed is a joint seed: it follows from your secret and every player's join file; keep your "
                   "secret file, and ask each player for their contribution file at the end (pbem reveal "
                   "--contribution).")
    if public_seed:
        click.echo(f"The seed {seed} is public (--public-seed): anyone who knows it can compute every hand and the "
                   "order of every deck from the public file, so the hands are NOT secret in this game.")
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


def _referee_standing(rules: GameRules, loaded: LoadedGame, salt: str, game: str) -> dict[str, Any]:
    """The keys every document about a game has, for the referee's commands: where the game stands, and the head of
    the public file GAME (what the players' move files continue)."""
    from fauna_cli.jsonshape import head_of, standing

    public = public_game(rules, loaded, salt)
    return {"version": 1, **standing(rules.name, game, loaded.state), "head": head_of(len(public.lines), public.head),
            "referee": True, "public": True}


def _public_rounds(rules: GameRules, loaded: LoadedGame, salt: str, first: int) -> list[dict[str, Any]]:
    """The rounds (turns) that decisions from move `first` on finished, their decisions in the public file's words
    (a card discarded face down stays 'discard a card', as everyone else read it)."""
    import re

    from fauna_cli.anygame import finished_periods

    said = {int(m[1]): m[2] for m in (re.match(r"^(\d+) [^:]+: (.+) @[0-9a-f]+$", line)
                                      for line in public_game(rules, loaded, salt).lines) if m}
    out = []
    for p in finished_periods(loaded):
        if p.moves and p.moves[-1]["seq"] >= first:
            doc = p.to_dict(rules.period_name)
            doc["moves"] = [{**m, "move": said[m["seq"]]} for m in p.moves]  # every decision has its public line
            out.append(doc)
    return out


def _hint(loaded: LoadedGame, game: str, key: str) -> str:
    st, game, key = loaded.state, shown(game), shown(key)
    if st.is_over:
        return f"The game is over: fauna pbem reveal {game} --key {key}, then send {game} to everyone."
    return (f"Move {st.seq + 1} is {st.to_move}'s: they send their move (fauna pbem move THEIR-VIEW-FILE --as "
            f"{st.to_move} MOVE writes a move file), and you apply it: fauna pbem apply {game} --key {key} MOVEFILE")


def _play_turn(loaded: LoadedGame, player: str, text: str, seq: int | None,
               said: list[Any] | None = None) -> str | None:
    """Apply a player's decisions ('a; b; c') in order, stopping before one that rests on what an earlier one
    showed (rules/core/turns.py): the player sends the rest in the next mail. Returns the note for that player,
    or None when all were applied.

    Before anything was shown, a decision that does not fit refuses the whole turn (IllegalMove), as at the
    terminal; nothing is written then.
    """
    from fauna_cli.anygame import pbem_move_change, resolve
    from rules.core.errors import MoveSyntaxError
    from rules.core.turns import TurnReader

    decisions = [d for d in (" ".join(x.split()) for x in text.split(";")) if d]
    if not decisions:
        raise MoveSyntaxError("no move given")
    name, state = resolve(loaded.state, player), loaded.state
    reader = TurnReader(loaded.rules, state, name)
    for k, d in enumerate(decisions):
        why = reader.stop_before(d)
        if why:
            return (f"{name}: stopped before decision {k + 1} of {len(decisions)} of your turn: {why}; not applied: "
                    f"{'; '.join(decisions[k:])!r}: send it (or what you now choose) in your next move file, made "
                    "from your new view file")
        if k and state.to_move != name:
            raise IllegalMove(f"after {k} of {name}'s decisions it is {state.to_move}'s turn; {d!r} was not played "
                              "(nothing was applied)")
        try:
            _, (_, _, events) = pbem_move_change(loaded, name, d, None if k else seq)
            if said is not None:  # the events of the decision and the computer players' replies
                said += events
        except IllegalMove as exc:
            if len(decisions) == 1:
                raise
            raise IllegalMove(f"decision {k + 1} of {len(decisions)} of {name}'s turn, {d!r}: {exc} (nothing was "
                              "applied)") from None
        reader.applied(d, events)
    return None


def referee_move(game: str, key: str, player: str, text: str, fmt: str) -> None:
    """The referee applies a player's decision(s) to KEY and rewrites GAME and the views."""
    from fauna_cli.anygame import resolve
    from fauna_cli.gamefile import game_lock

    with game_lock(key):
        rules, salt, loaded, secrets, seen = _open_key(key, game)
        _check_public(rules, loaded, salt, game)
        name = resolve(loaded.state, player)
        before = _views_now(rules, loaded, salt, secrets)
        first = loaded.state.seq + 1
        events: list[Any] = []
        stopped = _play_turn(loaded, name, text, None, events)
        views, updates = _write_all(rules, loaded, salt, game, key, _with_secrets(loaded, secrets), seen, before)
    if fmt == "json":
        from fauna_cli.anygame import _event_dict

        click.echo(dump_json({**_referee_standing(rules, loaded, salt, game), "player": name,
                              "events": [_event_dict(rules, e) for e in events], "period": rules.period_name or None,
                              "rounds": _public_rounds(rules, loaded, salt, first), "move_file": None,
                              "views": views, "updates": _updates_json(updates),
                              "stopped": [stopped] if stopped else []}), nl=False)
        return
    click.echo(f"Applied {name}'s move; rewrote {shown(game)} and {len(views)} view file(s)"
               f"{_updates_note(updates)}.")
    if stopped:
        click.echo(f"Stopped: {stopped}")
    click.echo(_hint(loaded, game, key))
    _send_list(loaded, game, updates)


def _check_public(rules: GameRules, loaded: LoadedGame, salt: str, game: str) -> None:
    """GAME must be the public form of KEY's game as it stands (the right pair of files)."""
    if not Path(game).exists():
        return
    public = public_game(rules, loaded, salt)
    got = read_text(game, "game file", MAX_LOG_BYTES)
    if got != public.text() and got != public.text(board=False):  # a file of an older fauna has no board lines
        raise FaunaError(f"{shown(game)}: this public file is not the current public form of the key file's game "
                         "(another game, or an older copy)")


def referee_apply(game: str, key: str, files: list[MoveFile], fmt: str) -> None:
    """The referee applies players' move files (made from their view files) in sequence order."""
    from fauna_cli.gamefile import game_lock

    with game_lock(key):
        rules, salt, loaded, secrets, seen = _open_key(key, game)
        _check_public(rules, loaded, salt, game)
        game_id = public_game(rules, loaded, salt).game_id
        for mf in files:  # every author is verified before anything is applied: one forgery refuses them all
            if mf.game != game_id:
                raise IllegalMove(f"{mf.where}: this move belongs to another game")
            _check_author(loaded, secrets, mf)
        applied, ignored, stopped = [], [], []
        before = _views_now(rules, loaded, salt, secrets)
        for mf in sorted(files, key=lambda m: m.seq):
            public = public_game(rules, loaded, salt)
            if mf.game != public.game_id:
                raise IllegalMove(f"{mf.where}: this move belongs to another game")
            if mf.seq <= loaded.state.seq:
                ignored.append(_already_applied(loaded, mf))
                continue
            if mf.seq > loaded.state.seq + 1:
                raise IllegalMove(f"{mf.where}: move {loaded.state.seq + 1} ({loaded.state.to_move}'s) is missing")
            if mf.after != public.head:
                raise IllegalMove(f"{mf.where}: the move was made on an older view (head {mf.after}); the game's "
                                  f"head is {public.head}: send the player their current view file")
            note = _play_turn(loaded, mf.player, mf.move, mf.seq)
            applied.append(f"move {mf.seq} by {shown(mf.player)}"  # a name from a received file, escaped
                           + (f" up to move {loaded.state.seq}" if note else ""))
            if note:
                stopped.append(f"{mf.where}: {note}")
        views, updates = _write_all(rules, loaded, salt, game, key, _with_secrets(loaded, secrets), seen, before)
    if fmt == "json":
        click.echo(dump_json({**_referee_standing(rules, loaded, salt, game), "applied": applied, "ignored": ignored,
                              "problem": None, "stopped": stopped, "views": views,
                              "updates": _updates_json(updates)}), nl=False)
        return
    for a in applied:
        click.echo(f"Applied {a}")
    for a in ignored:
        click.echo(a)
    for a in stopped:
        click.echo(f"Stopped (tell the player): {a}")
    click.echo(f"Rewrote {shown(game)} and {len(views)} view file(s){_updates_note(updates)}.")
    click.echo(_hint(loaded, game, key))
    _send_list(loaded, game, updates)


def _updates_note(updates: list[tuple[str, str]]) -> str:
    return f", and wrote {len(updates)} update file(s)" if updates else ""


def _updates_json(updates: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"player": name, "file": path} for name, path in updates]


def _send_list(loaded: LoadedGame, game: str, updates: list[tuple[str, str]] | None = None) -> None:
    """Which file goes to whom after the referee rewrote them (fauna_cli/guidance.py)."""
    from fauna_cli.guidance import referee_hint

    click.echo("\n".join(referee_hint(game, _view_files(loaded, game), _humans(loaded), updates)))


def _check_author(loaded: LoadedGame, secrets: dict[str, str], mf: MoveFile) -> None:
    """A move file must be signed with the secret of the player it names (from their view file), else refused."""
    from fauna_cli.anygame import resolve

    name = resolve(loaded.state, mf.player)
    secret = secrets.get(name)
    if secret is None:
        raise IllegalMove(f"{mf.where}: {name}'s move file cannot be verified: this game's key file comes from an "
                          f"older fauna and gives {name} no secret; apply the move yourself (fauna pbem move GAME "
                          f"--key KEY --as {name} MOVE), and from then on every view file holds its player's secret")
    if not mf.signed_by(secret):
        why = "has no 'auth' line" if mf.auth is None else "is not signed with their secret"
        raise IllegalMove(f"{mf.where}: refused: this move file claims to be {name}'s but {why} (a move file "
                          f"must be made with {name}'s own current view file); nothing was applied")


def _already_applied(loaded: LoadedGame, mf: MoveFile) -> str:
    """The note for a move file applied before; a different move for the same number is a fork (exit 3)."""
    from fauna_cli.anygame import resolve

    decisions = [" ".join(d.split()) for d in mf.move.split(";") if d.strip()]
    player, texts = recorded_moves(loaded, mf.seq, len(decisions))
    name = resolve(loaded.state, mf.player)
    if player == name and [t.casefold() for t in texts] == [d.casefold() for d in decisions]:
        return f"{mf.where}: move {mf.seq} by {name} is already applied; ignored"
    done = _applied_before_stop(loaded, mf.seq, name, decisions) if player == name else None
    if done and [t.casefold() for t in texts[:len(done)]] == [d.casefold() for d in done]:
        return (f"{mf.where}: move {mf.seq} by {name} is already applied up to where it was stopped (its first "
                f"{len(done)} decisions); ignored")
    raise IllegalMove(f"{mf.where}: a fork: move {mf.seq} by {name} ({mf.move!r}) is not the move {mf.seq} already "
                      f"applied, {player}'s {'; '.join(texts)!r}; nothing was applied")


def _applied_before_stop(loaded: LoadedGame, seq: int, name: str, decisions: list[str]) -> list[str] | None:
    """The decisions of a turn sent as move `seq` that the referee applied before it stopped (as recorded);
    None if it would apply them all (or they do not re-run from there)."""
    from rules.core.turns import TurnReader

    at = load_game_log(loaded.writer.text(), loaded.source, loaded.rules, until=seq - 1)
    state, reader = at.state, TurnReader(loaded.rules, at.state, name)
    done: list[str] = []
    for d in decisions:
        if reader.stop_before(d):
            return done
        try:
            move = state.check(state.parse(d), name)
        except FaunaError:
            return None
        done.append(state.move_text(move))
        reader.applied(d, state.apply(move, name))
    return None


def reveal(game: str, key: str, fmt: str, contributions: list[str] | None = None) -> None:
    """At the end, write the seed, the salt and the hidden decisions into GAME, so anyone can verify it."""
    from fauna_cli.gamefile import game_lock

    with game_lock(key):
        rules, salt, loaded, _secrets, seen = _open_key(key, game)
        if not loaded.state.is_over:
            raise IllegalMove(f"the game is not over (move {loaded.state.seq + 1} is {loaded.state.to_move}'s): "
                              "the seed is revealed only at the end")
        _check_public(rules, loaded, salt, game)
        from fauna_cli.commit import Write, commit
        from fauna_cli.jointseed_cmd import with_contributions

        salt = with_contributions(salt, contributions or [])

        check_outputs([], [("the game file", game), ("the key file", key)])
        text = public_game(rules, loaded, salt).text(reveal=(loaded.state.seed, salt))
        commit(key, [Write(game, text)], seen)
    if fmt == "json":
        from fauna_cli.jsonshape import head_of, standing

        lines = text.rstrip("\n").split("\n")
        click.echo(dump_json({"version": 1, **standing(rules.name, game, loaded.state),
                              "head": head_of(len(lines), lines[-1].rsplit(" @", 1)[1]), "referee": True,
                              "public": True, "revealed": True, "lines": len(lines)}), nl=False)
        return
    click.echo(f"Revealed the seed and every hidden decision in {shown(game)}; send it to everyone: "
               f"`fauna replay {shown(game)}` re-runs and checks the whole game.")


def replay_public(game: str, fmt: str, views: list[str] | None = None) -> None:
    """`fauna replay` of a public file: the chain always; after the reveal, everything (and --view files)."""
    from fauna_cli.anygame import replay_report

    text = decode_log(read_bytes(game, "game file", MAX_LOG_BYTES), game)
    rules = rules_for_log(text.lstrip("\ufeff").split("\n", 1)[0])
    if rules is None:
        raise FaunaError(f"{shown(game)}:1: not a game file of a game this fauna plays")
    check = verify_public(text, game, rules)
    if views:
        _check_views(rules, check, game, views, fmt)
        return
    if check.loaded is not None:
        replay_report(check.loaded, fmt, game)
        if fmt != "json":
            click.echo("The commitment matches the revealed seed and salt, and every public line is re-derived.")
            from fauna_cli.jointseed_cmd import joint_note

            click.echo(joint_note(check.salt), nl=False)
        return
    if fmt == "json":
        from fauna_cli.jsonshape import turn_of
        from fauna_cli.public_status import public_decisions

        _, following = public_decisions(text)
        click.echo(dump_json({"version": 1, "game": rules.name, "file": game, "moves": check.moves,
                              **turn_of(following, check.board), "lines": check.lines,
                              "verified": {"lines": check.lines, "moves": check.moves, "to_end": True,
                                           "head": check.head[1]},
                              "referee": True, "public": True, "revealed": False}),
                   nl=False)
        return
    click.echo(f"{shown(game)}: a refereed {rules.title} game in progress; the hash chain of its {check.lines} lines "
               "is "
               f"intact ({check.moves} moves). Its lines can be re-derived once the referee reveals the seed.")


def _check_views(rules: GameRules, check: Any, game: str, views: list[str], fmt: str) -> None:
    """Each view file against what the revealed game says it should have shown (exit 4 at the first difference)."""
    from rules.core.referee import check_view

    if check.loaded is None or check.salt is None:
        raise FaunaError(f"{shown(game)}: the seed is not revealed yet: view files can be checked once the referee "
                         "has run fauna pbem reveal")
    done = []
    for path in views:
        v = check_view(read_text(path, "view file", MAX_LOG_BYTES), path, rules, check.loaded, check.salt)
        done.append({"file": path, "player": v.player, "seq": v.seq, "matches": True})
    if fmt == "json":
        from fauna_cli.jsonshape import standing

        click.echo(dump_json({"version": 1, **standing(rules.name, game, check.loaded.state), "referee": True,
                              "public": True, "revealed": True, "views": done}), nl=False)
        return
    for d in done:
        click.echo(f"{shown(d['file'])}: matches: it shows {d['player']} what they should have seen after move "
                   f"{d['seq']}.")


def view_status(path: str, fmt: str) -> None:
    """`fauna pbem status VIEWFILE`: what the player sees and may decide now."""
    from fauna_cli.anygame import picture
    from rules.core.registry import load_rules

    v = read_view(read_text(path, "view file", MAX_LOG_BYTES), path)
    rules = load_rules(v.game)
    if fmt == "json":
        from fauna_cli.jsonshape import view_document

        click.echo(dump_json(view_document(path, v, rules.period_name or None)), nl=False)
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


def _turn_text(text: str, legal: list[str], path: str) -> str:
    """A decision, or a whole turn of decisions joined by ';', as the move file holds it.

    The first is read against the choices the view lists, as the terminal reads it (rules/core/choices.py);
    the later ones depend on what the first does, which the view cannot tell: they go as written, and the
    referee reads them (with the game's own parser) when it applies the turn."""
    from rules.core.choices import pick_choice
    from rules.core.errors import MoveSyntaxError

    decisions = [d for d in (" ".join(x.split()) for x in text.split(";")) if d]
    if not decisions:
        raise MoveSyntaxError("no move given")
    for k, later in enumerate(decisions[1:], 2):
        if later.isdigit():
            raise IllegalMove(f"decision {k} of the turn, {later!r}: a number names a choice of the list your view "
                              "shows now, which is only the first decision's; write the later decisions out")
    return "; ".join([pick_choice(decisions[0], legal, f"fauna pbem status {path}"), *decisions[1:]])


def view_move(path: str, player: str, text: str, move_file: str | None, print_it: bool, fmt: str,
              force: bool = False) -> None:
    """A player checks a decision against their view file and writes the move file for the referee."""
    v = read_view(read_text(path, "view file", MAX_LOG_BYTES), path)
    if unicodedata.normalize("NFC", player).casefold() != v.player.casefold():  # Zoe may not sign as Zoë
        raise IllegalMove(f"{path} is {v.player}'s view, not {player}'s")
    if not v.legal:
        raise IllegalMove(f"it is not {v.player}'s decision in this view (move {v.seq + 1} is "
                          f"{(v.next or {}).get('player', 'nobody')}'s)")
    mf = MoveFile(v.game_id, v.seq + 1, v.player, _turn_text(text, v.legal, path), v.head)
    if v.secret is None:
        raise IllegalMove(f"{path}: a view file of an older fauna, without your secret, so the referee could not "
                          "tell your move file from a forgery: ask the referee for your current view file (or send "
                          "the move in words; the referee can apply it with fauna pbem move GAME --key KEY)")
    mf = mf.signed(v.secret)
    if print_it:
        if fmt == "json":
            click.echo(dump_json(_view_move_json(path, v, None, mf.text())), nl=False)
            return
        click.echo(mf.text(), nl=False)
        return
    target = move_file or str(Path(path).with_name(f"{Path(path).stem}-move-{mf.seq}.txt"))
    from fauna_cli.files import write_output
    from fauna_cli.pbem_cmd import unsaved_move_file

    check_outputs([("the view file", path)], [("--move-file", target)])
    force = force or (Path(target).exists() and unsaved_move_file(target, mf))  # a choice made again: replaced
    write_output(target, mf.text(), force, secret=True)  # it holds the decision, which may be a hidden one
    if fmt == "json":
        click.echo(dump_json(_view_move_json(path, v, target, mf.text())), nl=False)
        return
    from fauna_cli.guidance import view_move_hint

    click.echo(f"Move file: {shown(target)}")
    click.echo(view_move_hint(target, path))


def _view_move_json(path: str, v: Any, target: str | None, text: str) -> dict[str, Any]:
    """`pbem move VIEWFILE --format json`: pbem move's keys, for a move sent to the referee: nothing is applied until
    the referee applies the move file, so the game stands where the view shows it and no event happened yet."""
    from fauna_cli.jsonshape import view_head, view_standing
    from rules.core.registry import load_rules

    return {"version": 1, **view_standing(path, v), "player": v.player, "events": [],
            "period": load_rules(v.game).period_name or None, "rounds": [], "head": view_head(v.head),
            "move_file": {"file": target, "text": text}, "referee": True, "public": False}


def apply_updates(view: str, files: list[str], fmt: str) -> None:
    """`fauna pbem apply VIEWFILE UPDATE...`: a player applies the referee's update files to their view file.

    The result is byte for byte the view file the referee wrote (rules/core/update.py); any update that does not
    fit (another player or game, out of order, applied already, damaged or forged) refuses them all and leaves the
    view file as it was (one unit, fauna_cli/commit.py)."""
    from fauna_cli.commit import Write, commit, recover
    from fauna_cli.files import read_seen, read_stdin_text
    from fauna_cli.gamefile import game_lock
    from rules.core.limits import MAX_SCRIPT_BYTES
    from rules.core.update import apply_update, read_update_files

    found = []
    for f in files or ["-"]:
        text = read_stdin_text("mail", MAX_SCRIPT_BYTES) if f == "-" else read_text(f, "update file")
        found += read_update_files(text, "<stdin>" if f == "-" else f)
    with game_lock(view):
        recover(view, [])
        raw, seen = read_seen(view, "view file", MAX_LOG_BYTES)
        text = decode_log(raw, view)
        for up in sorted(found, key=lambda u: u.seq):
            text = apply_update(text, view, up)
        commit(view, [Write(view, text, secret=True)], (seen,))
    v = read_view(text, view)
    if fmt == "json":
        from fauna_cli.jsonshape import view_head, view_standing

        done = [{"file": u.where.rsplit(":", 1)[0], "seq": u.seq} for u in sorted(found, key=lambda u: u.seq)]
        click.echo(dump_json({"version": 1, **view_standing(view, v), "head": view_head(v.head),
                              "applied": [f"the update to move {d['seq']} ({d['file']})" for d in done],
                              "ignored": [], "problem": None, "update_files": done, "referee": True, "public": False,
                              "view_of": v.player, "legal": v.legal,
                              "player": v.player, "seq": v.seq}), nl=False)  # player, seq: the names from before
        return
    for up in sorted(found, key=lambda u: u.seq):
        click.echo(f"Applied the update to move {up.seq} ({shown(up.where.rsplit(':', 1)[0])}).")
    click.echo(f"{shown(view)} now shows {shown(v.player)}'s view after move {v.seq}, as the referee wrote it.")
    if v.legal:
        click.echo(f"Your move: fauna pbem status {shown(view)} lists your choices; fauna pbem move {shown(view)} "
                   f"--as {shown(v.player)} MOVE writes the move file for the referee.")
    elif v.next:
        click.echo(f"Move {v.next['seq']} is {shown(v.next['player'])}'s: wait for the referee's next update.")
    else:
        click.echo("The game is over; wait for the referee's reveal.")
