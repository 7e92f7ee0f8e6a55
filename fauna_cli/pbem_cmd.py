"""`fauna pbem`: play by e-mail, one move at a time, on a game file that is the game's replay log."""

from __future__ import annotations

import shlex
import textwrap

import click

from fauna_cli.gameconfig import start_game
from fauna_cli.gamefile import create_game, load_game, one_line_errors, update_game
from fauna_cli.render import (
    FORMATS,
    RoundReports,
    dump_json,
    front_lines,
    move_line,
    round_text,
    status_dict,
    table,
    winners_line,
)
from fauna_cli.replay_cmd import pick_round, round_reports
from rules.core.errors import FaunaError, IllegalMove, UnknownName
from rules.core.log import LoadedGame
from rules.core.names import normalize, suggest
from rules.fauna.bots import make_bots
from rules.fauna.game import State
from rules.fauna.replay import LoadedLog, LogWriter, next_move_check

FORMAT_OPTION = click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
                             help="Output: plain text tables, GitHub or grid tables, or JSON.")
IGNORE_DATA_OPTION = click.option("--ignore-data-change", is_flag=True,
                                  help="Use a game file made with other data files (board, scales, presets, "
                                       "animals) anyway.")


class UnknownPlayer(UnknownName):
    """--as names nobody in the game."""

    what = "player"


@click.group("pbem")
def pbem() -> None:
    """Play by e-mail: the game file is the replay log; pass it around, one move at a time.

    \b
    fauna pbem new --config game.toml --out game.fauna
    fauna pbem status game.fauna
    fauna pbem move game.fauna --as alice Tasmania
    fauna pbem show game.fauna --round 1
    """


def _q(path: str) -> str:
    return shlex.quote(str(path))


def _next_hint(game: str, state: State) -> str:
    """Who moves next and the command to do it."""
    if state.is_over:
        return f"The game is over; `fauna replay {_q(game)}` verifies the whole file."
    name = state.names[state.to_move_index]
    return (f"Move {state.seq + 1} is {name}'s: fauna pbem move {_q(game)} --as {shlex.quote(name)} "
            f"--seq {state.seq + 1} MOVE")


def _next_dict(state: State) -> dict | None:
    return None if state.is_over else {"seq": state.seq + 1, "player": state.to_move}


def _warn_if_data_changed(loaded: LoadedLog) -> None:
    if loaded.data_changed:
        click.echo(f"fauna: warning: {loaded.source} was recorded with other game data; going on anyway "
                   "(--ignore-data-change)", err=True)


def _rules_line(state: State) -> str:
    c = state.config
    return (f"players: {', '.join(state.names)}; goal {state.goal} points; {c.table.name} scoring, {c.units}, "
            f"{c.cards} cards")


def resolve_player(state: State, name: str) -> str:
    """The player --as names (case does not matter), or UnknownPlayer with a suggestion."""
    if name in state.names:
        return name
    same = [n for n in state.names if n.lower() == name.lower()]
    if same:
        return same[0]
    err = UnknownPlayer(name, suggest(name, {normalize(n): n for n in state.names}))
    err.args = (f"{err} (players: {', '.join(state.names)})",)
    raise err


def bots_move(writer: LogWriter) -> list:
    """Let computer players make their moves until a person is to move (each decision depends on the position only)."""
    state = writer.state
    bots = make_bots(state)
    events = []
    while not state.is_over:
        bot = bots[state.to_move_index]
        if bot is None:
            break
        events += writer.play(state.names[state.to_move_index], bot.choose(state))
    return events


@pbem.command("new", short_help="Start a game file and show the first card.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="Game config (TOML); default: 3 players, published rules, metric, mixed cards.")
@click.option("--out", "game", required=True, type=click.Path(dir_okay=False), metavar="GAME",
              help="The game file to create.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), help="Seed (overrides the config's; drawn when neither "
              "gives one).")
@click.option("--force", is_flag=True, help="Replace an existing GAME file.")
@FORMAT_OPTION
@one_line_errors
def pbem_new(config_path, game, seed, force, fmt) -> None:
    """Start a game by e-mail: write GAME's header and show where the game starts."""
    from fauna_cli.gameconfig import config_document, game_of
    if config_path is not None and game_of(*config_document(config_path)[:2]) != "fauna":
        from fauna_cli import anygame
        from fauna_cli.gameconfig import draw_seed, load_any_config
        rules, config = load_any_config(config_path)
        seed = config.seed if seed is None else seed
        drawn = seed is None
        anygame.pbem_new(rules, config, draw_seed() if drawn else seed, drawn, game, force, fmt)
        return
    state, drawn = start_game(config_path, seed)
    seed = state.seed
    writer = LogWriter(state)
    bots_move(writer)
    create_game(game, writer.text(), force)
    if fmt == "json":
        click.echo(dump_json({"game": game, "seed": seed, "seed_drawn": drawn, "config": state.config.to_dict(),
                              "round": state.round, "starting_player": state.names[state.start],
                              "front": state.front.to_dict(), "next": _next_dict(state),
                              "head": {"line": len(writer.lines), "hash": writer.head}}),
                   nl=False)
        return
    click.echo(f"Started {game}: seed {seed}{' (drawn)' if drawn else ''}; {_rules_line(state)}.")
    click.echo()
    click.echo("\n".join(front_lines(state.front, state.round, state.names[state.start])))
    click.echo()
    click.echo(_next_hint(game, state))
    click.echo(f"After each move, send {game} on to the other players.")


def _player_rows(state: State) -> list[list[str]]:
    rows = []
    for i, name in enumerate(state.names):
        if state.is_over:
            doing = "winner" if name in state.winners else ""
        elif state.passed[i]:
            doing = f"placed {state.placed[i]}, passed"
        else:
            doing = f"placed {state.placed[i]}" + (", to move" if name == state.to_move else "")
        rows.append([name, str(state.score[i]), str(state.hand[i]), str(state.stock[i]), doing])
    return rows


@pbem.command("status", short_help="Round, card front, taken spaces, scores, turn.")
@click.argument("game", type=click.Path(dir_okay=False))
@click.option("--as", "player", metavar="NAME", help="Card games: show what NAME sees (their hand and totem).")
@IGNORE_DATA_OPTION
@FORMAT_OPTION
@one_line_errors
def pbem_status(game, ignore_data_change, fmt, player=None) -> None:
    """Where GAME stands: round, card front, taken spaces, scores and whose turn it is (never the answer)."""
    loaded = load_game(game, ignore_data_change=ignore_data_change)
    if not isinstance(loaded, LoadedLog):
        from fauna_cli import anygame
        anygame.pbem_status(loaded, game, player, fmt)
        return
    _warn_if_data_changed(loaded)
    state = loaded.state
    last = loaded.last_move()
    if fmt == "json":
        doc = {"game": game, "seed": state.seed, "config": state.config.to_dict(), "round": state.round,
               "next": _next_dict(state),
               "starting_player": state.names[state.start], "front": None if state.is_over else state.front.to_dict(),
               "status": status_dict(state),
               "players": [{"player": n, "score": state.score[i], "hand": state.hand[i], "stock": state.stock[i],
                            "placed": state.placed[i], "passed": state.passed[i]} for i, n in enumerate(state.names)],
               "last_move": None if last is None else {"seq": last.seq, "player": last.player,
                                                       "move": last.text.split(": ", 1)[1]},
               "head": {"line": len(loaded.writer.lines), "hash": loaded.head}}
        click.echo(dump_json(doc), nl=False)
        return
    if state.is_over:
        click.echo(f"{game}: finished after round {state.round}, {state.seq} moves. "
                   + winners_line(list(state.winners)))
    else:
        click.echo(f"{game}: round {state.round}, move {state.seq + 1} next: {state.to_move} to move.")
        click.echo()
        click.echo("\n".join(front_lines(state.front, state.round, state.names[state.start])))
        taken = state.taken()
        click.echo()
        click.echo(table(taken, ["taken", "by"], fmt) if taken else "Nothing is taken yet this round.")
    click.echo()
    click.echo(table(_player_rows(state), ["player", "score", "hand", "stock", "this round"], fmt))
    click.echo()
    if last is not None:
        click.echo(f"Last move: {last.text} (line {last.line}).")
    click.echo(f"History head: line {len(loaded.writer.lines)}, hash {loaded.head}.")
    click.echo(_next_hint(game, state))


@pbem.command("move", short_help="Play a move for a player and save it.")
@click.argument("game", type=click.Path(dir_okay=False))
@click.argument("move", nargs=-1, required=True)
@click.option("--as", "player", required=True, metavar="NAME", help="Who is moving.")
@click.option("--seq", type=click.IntRange(1), metavar="N",
              help="The number this move should get (as status shows it): refused if the game moved on.")
@IGNORE_DATA_OPTION
@FORMAT_OPTION
@one_line_errors
def pbem_move(game, move, player, seq, ignore_data_change, fmt) -> None:
    """Play MOVE for NAME on GAME (an area, a scale space such as 'weight 200-500 kg', or 'pass')."""
    text = " ".join(move)

    def change(loaded: LoadedLog | LoadedGame) -> tuple[str, object]:
        if not isinstance(loaded, LoadedLog):
            from fauna_cli import anygame
            return anygame.pbem_move_change(loaded, player, text, seq)
        state = loaded.state
        name = resolve_player(state, player)
        if state.config.players[state.names.index(name)].bot:
            raise IllegalMove(f"{name} is a computer player and moves by itself")
        next_move_check(loaded, name, seq)
        try:
            mv = state.parse(text)
            state.check(mv, name)
        except IllegalMove:
            raise
        except FaunaError as exc:  # an unknown area is an unplayable move here, as in move scripts
            raise IllegalMove(str(exc)) from None
        reports = RoundReports(state)
        events = loaded.writer.play(name, mv) + bots_move(loaded.writer)
        return loaded.writer.text(), (loaded, name, events, reports.feed(events))

    result = update_game(game, change, ignore_data_change=ignore_data_change)
    if not isinstance(result[0], LoadedLog):
        from fauna_cli import anygame
        other, mover, moved = result  # another game's change returns (loaded, player, events)
        anygame.pbem_move_report(other, mover, moved, game, fmt)
        return
    loaded, name, events, done = result
    _warn_if_data_changed(loaded)
    state = loaded.state
    if fmt == "json":
        click.echo(dump_json({"game": game, "move": {"seq": state.seq, "player": name,
                                                     "move": state.move_text(state.history[-1][1])},
                              "events": [e.to_dict() for e in events], "rounds": done, "status": status_dict(state),
                              "next": _next_dict(state),
                              "front": None if state.is_over or not done else state.front.to_dict(),
                              "head": {"line": len(loaded.writer.lines), "hash": loaded.head}}), nl=False)
        return
    for e in events:
        line = move_line(e)
        if line:
            click.echo(line)
    for report in done:
        click.echo()
        click.echo(round_text(report, fmt))
    if done and not state.is_over:
        click.echo("\n".join(front_lines(state.front, state.round, state.names[state.start])))
        click.echo()
    replies = " and the computer players' replies" if state.history[-1][0] != name else ""
    click.echo(f"Saved {game} after move {state.seq} ({name}'s move{replies}); "
               f"history head: line {len(loaded.writer.lines)}, hash {loaded.head}.")
    click.echo(_next_hint(game, state))


@pbem.command("show", short_help="Past rounds: moves, answers, tables.")
@click.argument("game", type=click.Path(dir_okay=False))
@click.option("--round", "round_no", type=click.IntRange(1), metavar="R", help="Only round R.")
@IGNORE_DATA_OPTION
@FORMAT_OPTION
@one_line_errors
def pbem_show(game, round_no, ignore_data_change, fmt) -> None:
    """Past rounds of GAME: the moves, the answer and the round table (the current round stays hidden)."""
    loaded = load_game(game, ignore_data_change=ignore_data_change)
    if not isinstance(loaded, LoadedLog):
        from fauna_cli.anygame import replay_report
        replay_report(loaded, fmt, game)
        return
    _warn_if_data_changed(loaded)
    state = loaded.state
    reports = pick_round(round_reports(loaded), round_no, state, game)
    moves: dict[int, list[dict]] = {}
    for r in loaded.records:
        if r.kind == "move" and r.round is not None:  # a move's record always has its round
            moves.setdefault(r.round, []).append(
                {"seq": r.seq, "player": r.player, "move": r.text.split(": ", 1)[1]})
    if fmt == "json":
        click.echo(dump_json({"game": game, "rounds": [{**rep, "moves": moves.get(rep["round"], [])}
                                                       for rep in reports]}), nl=False)
        return
    if not reports:
        click.echo(f"{game}: no round has been evaluated yet (round {state.round} is being played).")
        return
    for rep in reports:
        listed = ", ".join(f"{m['seq']} {m['player']}: {m['move']}" for m in moves.get(rep["round"], []))
        click.echo(textwrap.fill(f"Moves of round {rep['round']}: {listed}", width=100, break_long_words=False,
                                 break_on_hyphens=False))
        click.echo(round_text(rep, fmt))

