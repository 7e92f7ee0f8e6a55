"""`fauna pbem`: play by e-mail, one move at a time, on a game file that is the game's replay log."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

import click

from fauna_cli import guidance
from fauna_cli.datacache import gc_held
from fauna_cli.gamefile import create_game, load_game, one_line_errors, update_game
from fauna_cli.gamehelp import GamesCommand
from fauna_cli.jsonshape import head_of, standing
from fauna_cli.options import game_option, game_options
from fauna_cli.render import (
    FORMATS,
    dump_json,
    shown,
)
from rules.core.errors import FaunaError, IllegalMove
from rules.core.limits import escape_control, excerpt
from rules.core.names import normalize

if TYPE_CHECKING:  # move files and bots are imported where used: status and show need neither
    from rules.core.movefile import MoveFile

FORMAT_OPTION = click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
                             help="Output: plain text tables, GitHub or grid tables, or JSON.")
IGNORE_DATA_OPTION = click.option("--ignore-data-change", is_flag=True,
                                  help="Use a game file made with other data files anyway (format 2: any data "
                                       "file; format 3 keeps its cards' facts, so only the board, scales or "
                                       "preset).")


@click.group("pbem")
def pbem() -> None:
    """Play by e-mail: the game file is the replay log; pass it around, one move at a time.

    Every game alike: `pbem new --help` lists their players and bots, `pbem move --help` a move in each.

    \b
    fauna pbem new --config game.toml --log game.fauna
    fauna pbem new --game arctic --players 2 --log game.arctic
    fauna pbem status game.fauna
    fauna pbem move game.fauna --as alice Tasmania
    fauna pbem show game.fauna --round 1
    """


def _q(path: str) -> str:
    """A path quoted for a shell command shown to the user, control characters escaped."""
    return escape_control(shlex.quote(str(path)))


_next_hint = guidance.next_hint  # one helper for every game (fauna_cli/guidance.py)


def complete_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion for --as: the players of the GAME named earlier on the line, the one to move first."""
    from click.shell_completion import CompletionItem

    game = ctx.params.get("game") or (ctx.args[0] if ctx.args else None)  # args: when --as ends the line
    if not game:
        return []
    try:
        state = load_game(game, ignore_data_change=True).state
    except (FaunaError, OSError):
        return []
    names = sorted(state.names, key=lambda n: n != state.to_move)
    inc = normalize(incomplete)
    return [CompletionItem(n) for n in names if normalize(n).startswith(inc)]


@pbem.command("new", short_help="Start a game file and show where the game starts.", cls=GamesCommand,
              games_help="pbem new")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="Game config (TOML); default: the game's own (`fauna new-config --game GAME` prints it).")
@game_option()
@click.option("--log", "--out", "game", required=True, type=click.Path(dir_okay=False), metavar="GAME",
              help="The game file to create (the game's replay log; --out is the same option).")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), help="Seed (overrides the config's; drawn when neither "
              "gives one).")
@click.option("--force", is_flag=True, help="Replace an existing GAME file.")
@click.option("--referee", "key", type=click.Path(dir_okay=False), metavar="KEY",
              help="Referee mode (for hidden hands): GAME is public, KEY (yours alone) holds the seed, and each "
                   "player gets a view file.")
@click.option("--public-seed", is_flag=True,
              help="Referee mode: play with the seed given (--seed or the config's), which is then public: anyone "
                   "can compute every hand from it. Without it a refereed game refuses a given seed.")
@click.option("--copies", is_flag=True,
              help="Also write one copy per player, GAME-NAME (e.g. game-bob.fauna), each its owner's: moving for "
                   "another player on it then asks for --for-other-player.")
@click.option("--joint-seed", "joint_secret", type=click.Path(dir_okay=False), metavar="SECRET",
              help="Referee mode: derive the seed from your secret file (pbem invite) and every player's join file "
                   "(--join), so that nobody alone chooses the deal.")
@click.option("--join", "joins", multiple=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="With --joint-seed: a player's join file (pbem join); one per player.")
@game_options
@FORMAT_OPTION
@one_line_errors
def pbem_new(config_path, game, seed, force, fmt, key=None, public_seed=False, copies=False, joint_secret=None,
             joins=(), game_name=None, **settings) -> None:
    """Start a game by e-mail: write GAME's header and show where the game starts.

    Any of the games below, from a config (--config) or with --game and no config.
    """
    from fauna_cli.files import check_outputs
    from fauna_cli.gameconfig import wants_referee
    from fauna_cli.options import load_game_config
    check_outputs([("--config", config_path)], [("--out", game), ("--referee", key)])
    if key is not None or (config_path is not None and wants_referee(config_path)):
        if key is None:
            raise click.UsageError(f"{config_path} asks for referee mode ([pbem] referee = true): give --referee KEY, "
                                   "the referee's secret file")
        from fauna_cli.referee_cmd import new_refereed
        rules, config = load_game_config(config_path, game_name, settings)
        given = config.seed if seed is None else seed
        if copies:
            raise FaunaError("--copies is for games without a referee: in a refereed game each player's file is "
                             "their view file already")
        joint = _joint_seed_option(joint_secret, joins, given, public_seed)
        if joint is None:
            _refereed_seed(given, "--seed" if seed is not None else f"{config_path}: game.seed", public_seed)
        new_refereed(rules, config, given, game, key, force, fmt, public_seed, joint)
        return
    if joint_secret is not None or joins:
        raise FaunaError("--joint-seed and --join are for refereed games (--referee KEY)")
    if public_seed:
        raise FaunaError("--public-seed is for refereed games (--referee KEY): an ordinary game file holds its seed "
                         "for everyone anyway")
    from fauna_cli.anygame import screen_for
    from fauna_cli.gameconfig import draw_seed
    rules, config = load_game_config(config_path, game_name, settings)
    seed = config.seed if seed is None else seed
    drawn = seed is None
    screen_for(rules).pbem_new(rules, config, draw_seed() if drawn else seed, drawn, game, force, fmt)
    if copies:
        _write_copies(game, force, fmt)


def _write_copies(game: str, force: bool, fmt: str) -> None:
    """`pbem new --copies`: one byte-identical copy of the new GAME per human player, named for its owner.

    If one cannot be written, GAME and the copies already written are removed: nothing is left half-made.
    """
    from pathlib import Path

    from fauna_cli.files import check_outputs
    text = Path(game).read_text(encoding="utf-8")
    names = guidance.humans(load_game(game).state)
    paths = [(n, guidance.copy_path(game, n)) for n in names]
    made: list[str] = []
    try:
        check_outputs([], [("GAME", game), *((f"{n}'s copy", p) for n, p in paths)])
        for _, p in paths:
            create_game(p, text, force)
            made.append(p)
    except BaseException:
        for p in [*made, game]:
            _remove(p)
        raise
    if fmt != "json":
        click.echo("Or, better, send each player their own copy, on which only they move:")
        for n, p in paths:
            click.echo(f"  {shown(p)} to {n}")


def _refereed_seed(seed: int | None, where: str, public: bool) -> None:
    """A refereed game draws its seed from the operating system; a given seed only with --public-seed."""
    if seed is None and public:
        raise FaunaError("--public-seed: no seed to play with; give --seed N (or game.seed in the config)")
    if seed is not None and not public:
        raise FaunaError(f"{where} = {seed}: a refereed game draws its seed from the operating system, because a "
                         "seed someone chose can be found from the public file and shows every hand; leave it out, "
                         "or give --public-seed to play with it openly (the hands are then not secret)")


@pbem.command("status", short_help="Round, card front, taken spaces, scores, turn.")
@click.argument("game", type=click.Path(dir_okay=False))
@click.option("--as", "player", metavar="NAME", shell_complete=complete_player,
              help="Card games: show what NAME sees (their hand and totem).")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also draw the game as a picture (SVG) in FILE, to attach to an e-mail.")
@click.option("--force", is_flag=True, help="Replace an existing --svg FILE.")
@IGNORE_DATA_OPTION
@FORMAT_OPTION
@one_line_errors
def pbem_status(game, ignore_data_change, fmt, player=None, svg_path=None, force=False) -> None:
    """Where GAME stands: round, card front, taken spaces, scores and whose turn it is (never the answer)."""
    from fauna_cli.files import check_new, check_outputs
    from fauna_cli.gamefile import kind_of
    check_outputs([("GAME", game)], [("--svg", svg_path)])
    check_new(svg_path, force)
    kind = kind_of(game)
    if kind == "view":
        from fauna_cli.referee_cmd import view_status
        if svg_path is not None:
            from fauna_cli.anygame import write_view_svg
            write_view_svg(game, svg_path)
        view_status(game, fmt)
        return
    if kind == "public":
        from fauna_cli.public_status import public_status
        public_status(game, fmt, svg_path)
        return
    from fauna_cli.anygame import screen_for

    loaded = load_game(game, ignore_data_change=ignore_data_change)
    screen = screen_for(loaded.rules)
    if svg_path is not None:
        screen.write_picture(loaded, svg_path, player)
    screen.pbem_status(loaded, game, player, fmt)


@pbem.command("move", short_help="Play a move for a player and save it.", cls=GamesCommand, games_help="pbem move")
@click.argument("game", type=click.Path(dir_okay=False))
@click.argument("move", nargs=-1, required=True)
@click.option("--as", "player", required=True, metavar="NAME", shell_complete=complete_player, help="Who is moving.")
@click.option("--seq", type=click.IntRange(1), metavar="N",
              help="The number this move should get (as status shows it): refused if the game moved on.")
@click.option("--move-file", "move_file", type=click.Path(dir_okay=False), metavar="PATH",
              help="Where to write the move file for the other players (default GAME-move-SEQ.txt beside GAME).")
@click.option("--print-move", is_flag=True, help="Print the move file's text (to paste into a message) instead.")
@click.option("--force", is_flag=True, help="Replace an existing move file.")
@click.option("--key", type=click.Path(dir_okay=False), metavar="KEY", help="Referee: apply the move to KEY's game.")
@click.option("--for-other-player", "for_other", is_flag=True,
              help="On your own copy (GAME-NAME from pbem new --copies): move for another player; the move file "
                   "says so.")
@IGNORE_DATA_OPTION
@FORMAT_OPTION
@one_line_errors
def pbem_move(game, move, player, seq, ignore_data_change, fmt, move_file=None, print_move=False, key=None,
              force=False, for_other=False) -> None:
    """Play MOVE for NAME on GAME, as the game's players type it (one example per game below).

    Also writes a move file (GAME-move-SEQ.txt, or --move-file PATH; --print-move prints it instead) that
    the other players apply to their own copies with `fauna pbem apply`.
    """
    text = " ".join(move)
    from fauna_cli.files import check_outputs
    from fauna_cli.gamefile import kind_of
    check_outputs([("GAME", game)], [("--key", key), ("--move-file", move_file)])
    kind = kind_of(game)
    if key is not None:
        from fauna_cli.referee_cmd import referee_move
        referee_move(game, key, player, text, fmt)
        return
    if kind == "view":
        from fauna_cli.referee_cmd import view_move
        view_move(game, player, text, move_file, print_move, fmt, force)
        return
    if kind == "public":
        raise click.UsageError(f"{shown(game)} is a refereed game: make your move on your view file (fauna pbem move "
                               "YOUR-VIEW-FILE --as NAME MOVE) and send the move file to the referee")
    from rules.core.movefile import MoveFile

    made: list[MoveFile] = []
    written: list[tuple[str, bool]] = []  # (move file, whether this command created it)
    notes: list[str] = []  # a line before the move block: moved for another player on one's own copy

    def change(loaded):
        from fauna_cli.anygame import numbered_choice

        before = (game_id(loaded), loaded.state.seq + 1, loaded.head)
        said = numbered_choice(loaded.state, player, text, f"fauna pbem status {_q(game)} --as {_q(player)}")
        new_text, result = play_human(loaded, player, said, seq)
        name, history = result[1], loaded.state.history
        owner = guidance.owner_of(game, guidance.humans(loaded.state))
        if owner is not None and name != owner:
            if not for_other:
                raise FaunaError(f"{shown(game)} is {owner}'s own copy, and this is {name}'s move: to move for "
                                 f"{name} on it, add --for-other-player (the move file will say so); nothing was "
                                 "changed")
            notes.append(guidance.for_other_note(game, owner, name))
        start = before[1] - 1
        mine = history[start:start + _run_length(history, start, name)]
        made.append(MoveFile(before[0], before[1], name, "; ".join(loaded.state.move_text(m) for _, m in mine),
                             before[2]))
        if not print_move:  # the move file first: if it cannot be written, the game is not changed either
            written.append(_write_move_file(made[0], game, move_file, force, "".join(notes)))
        return new_text, result

    try:
        result = update_game(game, change, ignore_data_change=ignore_data_change)
    except BaseException:
        for path, new in written:  # the game was not saved: neither is a move file made for it
            if new:
                _remove(path)
        raise
    target = written[0][0] if written else None
    if notes and fmt != "json":
        click.echo(notes[0], nl=False)
    _hand_out_move_file(made[0], game, target, print_move, fmt)
    from fauna_cli.anygame import screen_for

    screen_for(result[0].rules).pbem_move_report(result, game, fmt, target, print_move,
                                                 _move_file_json(made[0], target, print_move), made[0].seq)


@pbem.command("show", short_help="Past rounds: moves, answers, tables.")
@click.argument("game", type=click.Path(dir_okay=False))
@click.option("--round", "round_no", type=click.IntRange(1), metavar="R",
              help="Only round R: its moves and results (ExoFauna/Duo: turn R).")
@IGNORE_DATA_OPTION
@FORMAT_OPTION
@one_line_errors
@gc_held  # as replay: what it reads and prints lasts to its end
def pbem_show(game, round_no, ignore_data_change, fmt) -> None:
    """Past rounds of GAME: the moves, the answer and the round table (the current round stays hidden)."""
    loaded = load_game(game, ignore_data_change=ignore_data_change, round_events=round_no is None)
    from fauna_cli.anygame import screen_for

    screen_for(loaded.rules).pbem_show(loaded, game, round_no, fmt)


# -- move files: each player keeps a copy, and only the moves travel ------------------------------------

def game_id(loaded) -> str:
    """Which game a copy is: the hash of its last header line (config and seed), the same on every copy."""
    return [r for r in loaded.records if r.kind == "header"][-1].hash


def _run_length(history: list, start: int, name: str) -> int:
    """How many decisions in a row `name` made from history index `start` (a 'a; b' move of one player)."""
    n = 0
    while start + n < len(history) and history[start + n][0] == name:
        n += 1
    return n


def play_human(loaded, player: str, text: str, seq: int | None):
    """A person's move on a verified copy, then the computer players' replies: (new text, result)."""
    from fauna_cli.anygame import screen_for

    return screen_for(loaded.rules).pbem_move_change(loaded, player, text, seq)


def _write_move_file(mf: MoveFile, game: str, path: str | None, force: bool, note: str = "") -> tuple[str, bool]:
    """Write the move file of a move about to be saved (before the game: see pbem_move): (its path, whether new).

    An existing file is replaced only with --force, or when it holds this very move (a re-run after a failure)
    or another move of this game at this very point (one that was never saved: the game is still where it was).
    """
    from pathlib import Path

    from fauna_cli.files import check_outputs, write_output
    target = path or str(Path(game).with_name(f"{Path(game).stem}-move-{mf.seq}.txt"))
    check_outputs([("GAME", game)], [("the move file", target)])
    new = not Path(target).exists()
    write_output(target, note + mf.text(), force or (not new and unsaved_move_file(target, mf)))
    return target, new


def unsaved_move_file(path: str, mf: MoveFile) -> bool:
    """Whether `path` holds just one move file of the same game, number and head as `mf`: a move never saved."""
    from fauna_cli.files import FileProblem, read_text
    from rules.core.movefile import read_move_files

    try:
        found = read_move_files(read_text(path, "move file"), path)
    except (FaunaError, FileProblem, ValueError, RecursionError):  # not readable as a move file: not one of ours
        return False
    return len(found) == 1 and (found[0].game, found[0].seq, found[0].after) == (mf.game, mf.seq, mf.after)


def _remove(path: str) -> None:
    import os

    try:
        os.unlink(path)
    except OSError:
        pass


def _hand_out_move_file(mf: MoveFile, game: str, target: str | None, print_it: bool, fmt: str) -> None:
    """Print the move file of a move just saved, or say where it was written, for the players with their own copies.

    Under --format json it is said in the document instead (`move_file`), so standard output stays one JSON object.
    """
    if fmt == "json":
        return
    if print_it:
        click.echo(mf.text(), nl=False)
        return
    if target is None:
        return
    if fmt != "json":
        click.echo(f"Move file: {shown(target)} (for players who keep their own copy: "
                   f"fauna pbem apply GAME {_q(target)})")


def _move_file_json(mf: MoveFile, target: str | None, print_it: bool) -> dict:
    """`move_file` of pbem move's JSON: where the move file was written (None with --print-move) and its text."""
    return {"move_file": {"file": None if print_it else target, "text": mf.text()}}


class MoveFileProblem(IllegalMove):
    """A move file that does not fit this copy: a gap, a fork, another game (exit 3, or 2 for another game)."""


def _history_texts(loaded, seq: int, count: int) -> tuple[str | None, list[str], str]:
    """(player, decision texts, head before) of moves seq..seq+count-1 as this copy recorded them."""
    recs = loaded.records
    idx = next((i for i, r in enumerate(recs) if r.kind == "move" and r.seq == seq), None)
    if idx is None:
        return None, [], ""
    moves = [r for r in recs[idx:] if r.kind == "move"][:count]
    return recs[idx].player, [r.text.split(": ", 1)[1] for r in moves], recs[idx - 1].hash


def apply_move_files(loaded, files: list[MoveFile]) -> tuple[str, tuple[list[str], list[str], str | None]]:
    """Apply move files in sequence order to a verified copy: (new text, (applied, ignored, first problem))."""
    gid = game_id(loaded)
    applied: list[str] = []
    ignored: list[str] = []
    for mf in sorted(files, key=lambda m: m.seq):
        who, said = escape_control(mf.player), excerpt(mf.move)  # text from a received file, shown escaped
        if mf.game != gid:
            return loaded.writer.text(), (applied, ignored, f"{mf.where}: this move belongs to another game "
                                          f"(game {mf.game[:12]}..., this copy is game {gid[:12]}...)")
        state = loaded.state
        nxt = state.seq + 1
        decisions = [d for d in (" ".join(x.split()) for x in mf.move.split(";")) if d]
        if mf.seq < nxt:
            player, texts, after = _history_texts(loaded, mf.seq, len(decisions))
            if player == mf.player and texts == decisions and after == mf.after:
                ignored.append(f"{mf.where}: move {mf.seq} by {who} is already in this copy; ignored")
                continue
            return loaded.writer.text(), (applied, ignored, f"{mf.where}: a fork: move {mf.seq} by {who} "
                                          f"({said}) continues head {mf.after}, but this copy's move {mf.seq} is "
                                          f"{player}'s {'; '.join(texts)!r} after head {after}")
        if mf.seq > nxt:
            return loaded.writer.text(), (applied, ignored, f"{mf.where}: move {nxt} is missing: it is "
                                          f"{state.to_move}'s move, and this file holds move {mf.seq} by {who}; "
                                          f"apply {state.to_move}'s move file first")
        if mf.after != loaded.head:
            return loaded.writer.text(), (applied, ignored, f"{mf.where}: a fork: move {mf.seq} by {who} "
                                          f"continues head {mf.after}, but this copy's head is {loaded.head}")
        try:
            play_human(loaded, mf.player, mf.move, mf.seq)
        except FaunaError as exc:
            return loaded.writer.text(), (applied, ignored, f"{mf.where}: move {mf.seq} by {who} "
                                          f"({said}) is not legal here: {escape_control(str(exc))}")
        applied.append(f"move {mf.seq} by {who}: {escape_control(mf.move)}")
    return loaded.writer.text(), (applied, ignored, None)


@pbem.command("apply", short_help="Apply move files that other players sent to your copy.")
@click.argument("game", type=click.Path(dir_okay=False))
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--key", type=click.Path(dir_okay=False), metavar="KEY",
              help="Referee: apply the players' move files to KEY's game and rewrite GAME and the view files.")
@IGNORE_DATA_OPTION
@FORMAT_OPTION
@one_line_errors
def pbem_apply(game, files, ignore_data_change, fmt, key=None) -> None:
    """Apply the move files FILES (or '-' / none: a mail or paste on standard input) to your copy GAME.

    Each is checked (right game, next in sequence, continues this copy's head, legal) and appended exactly as
    if its player had moved on this copy, so every copy stays byte-identical; computer players reply by
    themselves. Files may come in any order; a duplicate is ignored; a gap or a fork stops with one line.
    """
    from fauna_cli.files import check_outputs, read_stdin_text, read_text
    from fauna_cli.gamefile import kind_of as kind_of_file
    from rules.core.limits import MAX_SCRIPT_BYTES
    from rules.core.movefile import read_move_files
    check_outputs([(f"the move file {f}", f) for f in files], [("GAME", game), ("--key", key)])
    if key is None and kind_of_file(game) == "view":  # a player applies the referee's update files
        from fauna_cli.referee_cmd import apply_updates
        apply_updates(game, list(files), fmt)
        return
    found: list[MoveFile] = []
    for f in files or ("-",):
        text = read_stdin_text("mail", MAX_SCRIPT_BYTES) if f == "-" else read_text(f, "move file")
        found += read_move_files(text, "<stdin>" if f == "-" else f)
    if key is not None:
        from fauna_cli.referee_cmd import referee_apply
        referee_apply(game, key, found, fmt)
        return
    applied, ignored, problem = update_game(game, lambda loaded: apply_move_files(loaded, found),
                                            ignore_data_change=ignore_data_change)
    loaded = load_game(game, ignore_data_change=ignore_data_change)
    state = loaded.state
    if fmt == "json":
        click.echo(dump_json({**standing(loaded.rules.name, game, state), "applied": applied, "ignored": ignored,
                              "problem": problem, "head": head_of(len(loaded.writer.lines), loaded.head)}),
                   nl=False)
    else:
        for line in applied:
            click.echo(f"Applied {line}")
        for line in ignored:
            click.echo(line)
        click.echo(f"{shown(game)}: history head: line {len(loaded.writer.lines)}, hash {loaded.head}.")
        fork = problem is not None and ": a fork: " in problem
        if not state.is_over and not fork:  # on a player's own copy: the next player moves on theirs
            click.echo(guidance.next_hint(game, state, guidance.owner_of(game, guidance.humans(state))))
        if fork:
            where = str(problem).split(": a fork: ", 1)[0]
            theirs = next((mf.after for mf in found if mf.where == where), "?")
            click.echo("\n".join(guidance.fork_hint(game, where, loaded.head, theirs)))
        elif applied:
            click.echo(guidance.apply_hint(state))
    if problem:
        click.echo(f"fauna: {problem}", err=True)
        raise SystemExit(2 if "another game" in problem else 3)


@pbem.command("reveal", short_help="Referee: reveal the seed at the end so everyone can verify the game.")
@click.argument("game", type=click.Path(dir_okay=False))
@click.option("--key", required=True, type=click.Path(dir_okay=False), metavar="KEY", help="The referee's key file.")
@click.option("--contribution", "contributions", multiple=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="A joint-seed game: each player's contribution file (pbem join wrote it), one per player.")
@FORMAT_OPTION
@one_line_errors
def pbem_reveal(game, key, fmt, contributions=()) -> None:
    """Write the seed, the salt and every hidden decision into the public GAME once the game is over."""
    from fauna_cli.referee_cmd import reveal
    reveal(game, key, fmt, list(contributions))


def _joint_seed_option(secret: str | None, joins: tuple[str, ...], seed: int | None,
                       public_seed: bool) -> tuple[str, list[str]] | None:
    """`pbem new --joint-seed SECRET --join FILE...`: (secret file, join files), refused beside a given seed."""
    if secret is None:
        if joins:
            raise click.UsageError("--join: the join files are for a joint seed; give --joint-seed SECRET as well")
        return None
    if seed is not None or public_seed:
        raise click.UsageError("--joint-seed: the seed follows from your secret and the join files; it cannot also "
                               "be given (--seed, game.seed in the config or --public-seed)")
    return secret, list(joins)


@pbem.command("invite", short_help="Referee: invite players to a joint seed (the first round of mails).")
@click.option("--out", required=True, type=click.Path(dir_okay=False), metavar="INVITE",
              help="The invitation to send every player (it holds a commitment to your secret only).")
@click.option("--secret", "secret_path", required=True, type=click.Path(dir_okay=False), metavar="SECRET",
              help="Your secret file (yours alone), for pbem new --joint-seed SECRET.")
@click.option("--force", is_flag=True, help="Replace existing files.")
@FORMAT_OPTION
@one_line_errors
def pbem_invite(out, secret_path, force, fmt) -> None:
    """Draw the referee's part of a joint seed and write the invitation that commits to it."""
    from fauna_cli.jointseed_cmd import invite
    invite(out, secret_path, force, fmt)


@pbem.command("join", short_help="Player: answer a joint-seed invitation with a join file.")
@click.argument("invite_path", metavar="INVITE", type=click.Path(dir_okay=False))
@click.option("--as", "player", required=True, metavar="NAME", help="Your player name, as in the game's config.")
@click.option("--out", type=click.Path(dir_okay=False), metavar="JOIN",
              help="The join file to write (default: beside INVITE, named after it and you).")
@click.option("--force", is_flag=True, help="Join again with a new contribution, replacing the old files.")
@FORMAT_OPTION
@one_line_errors
def pbem_join(invite_path, player, out, force, fmt) -> None:
    """Draw your part of a joint seed: a private contribution file, and a join file (its commitment) for the
    referee."""
    from fauna_cli.jointseed_cmd import join
    join(invite_path, player, out, force, fmt)
