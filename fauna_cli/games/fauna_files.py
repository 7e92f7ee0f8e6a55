"""Fauna's game files shown: `fauna replay`'s round tables and what `fauna pbem` says of a Fauna game.

The commands (replay_cmd.py, pbem_cmd.py) are every game's; they reach this through Fauna's Screen
(fauna_cli/games/fauna.py). A Fauna game file read by Fauna's own reader (RULES.read_log) also knows its
format version and the data it was recorded with, which these reports show.
"""

from __future__ import annotations

from typing import Any

import click

from fauna_cli.anygame import resolve
from fauna_cli.render import dump_json
from fauna_cli.replay_cmd import RequestError
from fauna_cli.rounds import RoundReport, RoundReports, round_text, status_dict, status_text
from fauna_cli.widths import fit_prose, terminal_width
from rules.core.limits import escape_control


def round_reports(loaded: Any, round_no: int | None = None) -> list[RoundReport]:
    """One report per evaluated round (only round R's with `round_no`), from events re-derived from the moves.

    Verifying builds no events, so the verified moves are applied once more, building events only for the
    moves that end a round (those a `score` line follows in the log): a report needs the evaluation, not
    each placement. With `round_no`, the moves before round R are applied quietly and the work stops
    once R's report is complete.
    """
    if round_no is None and loaded.round_events is not None:  # kept while verifying: no second pass
        state = loaded.state
        reports = RoundReports(state.setup.new_state(state.config, state.seed))
        reports.state = state
        for events in loaded.round_events:
            reports.feed(events)
        return reports.reports
    ends: set[int] = set()  # move numbers that end a round
    last = 0
    for r in loaded.records:
        if r.kind == "move" and r.seq is not None:
            last = r.seq
        elif r.kind in ("score", "over"):
            ends.add(last)
    try:
        return _reports(loaded, round_no, ends)
    except _Unmarked:  # a round ended where the log has no score line: cannot be after verifying, but be safe
        return _reports(loaded, round_no, None)


def last_round_report(loaded: Any) -> RoundReport | None:
    """The report of the latest evaluated round (None before the first), building only that round's."""
    state = loaded.state
    last = state.round if state.is_over else state.round - 1
    reports = round_reports(loaded, last) if last > 0 else []
    return reports[-1] if reports else None


class _Unmarked(Exception):
    """A move applied quietly ended a round: its evaluation would be lost."""


def _reports(loaded: Any, round_no: int | None, ends: set[int] | None) -> list[RoundReport]:
    """round_reports, building events only at the moves in `ends` (at every move when None)."""
    state = loaded.state
    history = state.history
    game = state.setup.new_state(state.config, state.seed)
    i = 0
    if round_no is not None:
        while i < len(history) and game.round < round_no and not game.over:
            player, move = history[i]
            game.apply(move, player, quiet=True)
            i += 1
    reports = RoundReports(game)  # the round it starts from, with its starting player
    reports.state = state
    apply, feed = game.apply, reports.feed
    for seq, (player, move) in enumerate(history[i:], i + 1):
        if ends is not None and seq not in ends:
            rnd = game.round
            apply(move, player, quiet=True)
            if game.round != rnd or game.over:
                raise _Unmarked
            continue
        events = apply(move, player)
        if len(events) > 1:  # more than the move itself: a round ended
            feed(events)
            if round_no is not None and reports.reports:
                break
    return reports.reports


def pick_round(reports: list[RoundReport], round_no: int | None, state, source: str) -> list[RoundReport]:
    """All reports, or the one of round R; a round not evaluated yet is refused (its answer stays hidden)."""
    if round_no is None:
        return reports
    chosen = [r for r in reports if r.round == round_no]
    if chosen:
        return chosen
    if not state.is_over and round_no == state.round:
        raise RequestError(f"{source}: round {round_no} is still being played; its answer stays hidden until it "
                           "is evaluated")
    evaluated = state.round if state.is_over else state.round - 1  # reports may hold only the round asked for
    done = (f"rounds 1-{evaluated}" if evaluated > 1 else "round 1") if evaluated > 0 else "no round yet"
    raise RequestError(f"{source}: there is no evaluated round {round_no} ({done} evaluated)")


def config_line(loaded: Any) -> str:
    """Seed, players and rules of a logged game, in one line."""
    s = loaded.state
    c = s.config
    return (f"{loaded.source}: {loaded.rules.log_format} {loaded.version}, seed {s.seed}; players: "
            f"{', '.join(s.names)}; goal {s.goal} "
            f"points; {c.table.name} scoring, {c.units}, {c.cards} cards.")


def replay(loaded: Any, file: str, fmt: str, round_no: int | None, against_installed: bool) -> None:
    """`fauna replay FILE` of a Fauna log: its round tables, what was verified, and the installed data's changes."""
    state = loaded.state
    reports = pick_round(round_reports(loaded, round_no), round_no, state, file)
    lines = len(loaded.records)
    changes = loaded.rules.facts.against_installed(state) if against_installed else None
    if fmt == "json":
        from fauna_cli.jsonshape import standing
        from fauna_cli.rounds import final_json, round_dict, round_moves

        moves = round_moves(loaded)
        click.echo(dump_json({
            **standing("fauna", file, state), "lines": lines, "period": "round",
            "final": final_json(state), "summary": status_dict(state),
            "format": f"{loaded.rules.log_format} {loaded.version}", "seed": state.seed,
            "config": state.config.to_dict(),
            "data": {"recorded": loaded.fingerprint, "installed": loaded.installed, "changed": loaded.data_changed},
            "rounds": [round_dict(r, moves.get(r.round, [])) for r in reports], "status": status_dict(state),
            "verified": {"lines": lines, "moves": state.seq, "to_end": loaded.complete, "head": loaded.head},
            **({} if changes is None else {"against_installed": [
                {"round": c.round, "animal": c.subject, "facts": list(c.facts), "pieces": list(c.effects)}
                for c in changes]}),
        }), nl=False)
        return
    if loaded.data_changed:
        click.echo(f"fauna: warning: {escape_control(file)} was recorded with other game data; replayed anyway "
                   "(--ignore-data-change)", err=True)
    click.echo(config_line(loaded))
    click.echo()
    for report in reports:
        click.echo(round_text(report, fmt))
    if loaded.complete:
        from fauna_cli.widths import fit_prose, terminal_width

        click.echo(fit_prose(f"Verified {escape_control(file)}: {lines} lines, {state.seq} moves; every evaluation "
                             f"and hash matches (head {loaded.head}).", terminal_width()))
        if not state.is_over:
            click.echo(f"Unfinished game: {status_text(state)}; next is move {state.seq + 1}.")
    else:
        click.echo(f"Stopped after move {state.seq} (line {lines}); the lines after it were not checked. "
                   f"{status_text(state)}")
    if changes is not None:
        click.echo()
        if loaded.version < 3:
            click.echo(f"{loaded.rules.log_format} {loaded.version} takes its cards' facts from the installed data: "
                       "the game above is already replayed against it.")
        elif not changes:
            click.echo("Against the installed deck: no card of this game has other facts now; nothing would change.")
        else:
            click.echo("Against the installed deck (the game above is as it was played):")
            for c in changes:
                click.echo(f"  {c.text()}")


# -- e-mail play (fauna pbem) ----------------------------------------------------------------------

def _q(path: str) -> str:
    """A path quoted for a shell command shown to the user, control characters escaped."""
    import shlex

    return escape_control(shlex.quote(str(path)))



def _warn_if_data_changed(loaded: Any) -> None:
    if loaded.data_changed:
        click.echo(f"fauna: warning: {loaded.source} was recorded with other game data; going on anyway "
                   "(--ignore-data-change)", err=True)


def _rules_line(state: Any) -> str:
    c = state.config
    return (f"players: {', '.join(state.names)}; goal {state.goal} points; {c.table.name} scoring, {c.units}, "
            f"{c.cards} cards")



def _player_rows(state: Any) -> list[list[str]]:
    rows = []
    for i, name in enumerate(state.names):
        if state.is_over:
            doing = "winner" if name in state.winners else ""
        elif state.passed[i]:
            doing = f"placed {state.placed[i]}, passed"
        else:
            doing = f"placed {state.placed[i]}" + (", to move" if name == state.to_move else "")
        bot = state.config.players[i].bot
        rows.append([name, bot or "person", str(state.score[i]), str(state.hand[i]), str(state.stock[i]), doing])
    return rows



def bots_move(rules: Any, writer: Any) -> list[Any]:
    """Let computer players make their moves until a person is to move (each decision depends on the position only)."""
    from rules.core.bots import seat_bots
    from rules.core.limits import ProgressGuard

    state = writer.state
    bots = seat_bots(rules, state.config, state.seed)
    events = []
    guard = ProgressGuard()  # a table that pays next to nothing must not spin forever
    while not state.is_over:
        bot = bots[state.to_move_index]
        if bot is None:
            break
        events += writer.play(state.names[state.to_move_index], bot.choose(state))
        guard.see(state.round, state.score)
    return events


def pbem_new(rules: Any, config: Any, seed: int, drawn: bool, game: str, force: bool, fmt: str) -> None:
    """`pbem new` of a Fauna game: the first card's front, and the computer players' first moves."""
    from fauna_cli import guidance
    from fauna_cli.gamefile import create_game
    from fauna_cli.jsonshape import head_of, standing
    from fauna_cli.rounds import front_lines, move_line

    state = rules.new_state(config, seed)
    writer = rules.log_for(state)
    opening = bots_move(rules, writer)
    create_game(game, writer.text(), force)
    if fmt == "json":
        click.echo(dump_json({**standing("fauna", game, state), "seed": seed, "seed_drawn": drawn,
                              "config": state.config.to_dict(), "events": [e.to_dict() for e in opening],
                              "view": state.view(None), "head": head_of(len(writer.lines), writer.head),
                              # Fauna's keys from before the shapes were shared (docs/json.md)
                              "round": state.round, "starting_player": state.names[state.start],
                              "front": state.front.to_dict()}),
                   nl=False)
        return
    click.echo(f"Started {escape_control(game)}: seed {seed}{' (drawn)' if drawn else ''}; {_rules_line(state)}.")
    click.echo()
    click.echo("\n".join(front_lines(state.front, state.round, state.names[state.start])))
    moved = [line for line in (move_line(e) for e in opening) if line]
    if moved:
        click.echo("The computer players moved first: " + "; ".join(moved) + ".")
    click.echo()
    click.echo(guidance.next_hint(game, state))
    click.echo(guidance.new_hint(game, state))



def pbem_status(loaded: Any, game: str, player: str | None, fmt: str) -> None:
    """`pbem status` of a Fauna game: the card's front, what is taken, the players, the last round's result."""
    from fauna_cli import guidance
    from fauna_cli.jsonshape import head_of, last_move_of, legal_of, standing
    from fauna_cli.render import table, winners_line
    from fauna_cli.rounds import front_lines, round_dict, round_moves

    _warn_if_data_changed(loaded)
    state = loaded.state
    name = None if player is None else resolve(state, player)
    last = loaded.last_move()
    if fmt == "json":
        done = last_round_report(loaded)
        doc = {**standing("fauna", game, state), "view_of": name, "view": state.view(None),
               "legal": legal_of(state, name), "period": "round",
               "last_round": None if done is None else round_dict(done, round_moves(loaded).get(done.round, [])),
               "last_move": last_move_of(last), "head": head_of(len(loaded.writer.lines), loaded.head),
               # Fauna's keys from before the shapes were shared (docs/json.md)
               "seed": state.seed, "config": state.config.to_dict(), "round": state.round,
               "starting_player": state.names[state.start], "front": None if state.is_over else state.front.to_dict(),
               "status": status_dict(state),
               "players": [{"player": n, "bot": state.config.players[i].bot, "score": state.score[i],
                            "hand": state.hand[i], "stock": state.stock[i], "placed": state.placed[i],
                            "passed": state.passed[i]} for i, n in enumerate(state.names)]}
        click.echo(dump_json(doc), nl=False)
        return
    if state.is_over:
        click.echo(f"{escape_control(game)}: finished after round {state.round}, {state.seq} moves. "
                   + winners_line(list(state.winners)))
    else:
        click.echo(f"{escape_control(game)}: round {state.round}, move {state.seq + 1} next: {state.to_move} to move.")
        click.echo()
        click.echo("\n".join(front_lines(state.front, state.round, state.names[state.start])))
        taken = state.taken()
        click.echo()
        click.echo(table(taken, ["taken", "by"], fmt) if taken else "Nothing is taken yet this round.")
    click.echo()
    click.echo(table(_player_rows(state), ["player", "plays", "score", "hand", "stock", "this round"], fmt))
    click.echo()
    rep = last_round_report(loaded)
    if rep is not None:
        points = ", ".join(f"{r.player} +{r.points}" for r in rep.evaluated.players)
        click.echo(fit_prose(f"Round {rep.round} ({rep.evaluated.animal}): {points}; the whole table: "
                             f"fauna pbem show {_q(game)} --round {rep.round}", terminal_width()))
    if name is not None and name == state.to_move:  # the prompt's choices: what the next move may be
        from fauna_cli.anygame import choices_text

        click.echo(f"{name}'s choices now:")
        click.echo(choices_text(state, cut=False))
        click.echo()
    if last is not None:
        click.echo(f"Last move: {last.text} (line {last.line}).")
    click.echo(f"History head: line {len(loaded.writer.lines)}, hash {loaded.head}.")
    click.echo(guidance.next_hint(game, state))



def pbem_move_change(loaded: Any, player: str, text: str, seq: int | None) -> tuple[str, Any]:
    """A person's move on a verified Fauna copy, then the computer players' replies: (new text, result)."""
    from rules.core.errors import FaunaError, IllegalMove

    state = loaded.state
    name = resolve(state, player)
    if state.config.players[state.names.index(name)].bot:
        raise IllegalMove(f"{name} is a computer player and moves by itself")
    loaded.next_move_check(name, seq)
    try:
        mv = state.parse(text)
        state.check(mv, name)
    except IllegalMove:
        raise
    except FaunaError as exc:  # an unknown area is an unplayable move here, as in move scripts
        raise IllegalMove(str(exc)) from None
    reports = RoundReports(state)
    events = loaded.writer.play(name, mv) + bots_move(loaded.rules, loaded.writer)
    return loaded.writer.text(), (loaded, name, events, reports.feed(events))



def pbem_move_report(result: Any, game: str, fmt: str, target: str | None, printed: bool,
                     move_file_json: dict[str, Any], first: int) -> None:
    """What `pbem move` says of a Fauna move saved: its events, the rounds it ended, the next card, who is next."""
    from fauna_cli import guidance
    from fauna_cli.jsonshape import head_of, standing
    from fauna_cli.rounds import front_lines, move_line, round_dict, round_moves

    loaded, name, events, done = result
    _warn_if_data_changed(loaded)
    state = loaded.state
    if fmt == "json":
        moves = round_moves(loaded) if done else {}
        click.echo(dump_json({**standing("fauna", game, state), "player": name,
                              "events": [e.to_dict() for e in events], "period": "round",
                              "rounds": [round_dict(r, moves.get(r.round, [])) for r in done],
                              "head": head_of(len(loaded.writer.lines), loaded.head),
                              **move_file_json,
                              # Fauna's keys from before the shapes were shared (docs/json.md)
                              "move": {"seq": state.seq, "player": name,
                                       "move": state.move_text(state.history[-1][1])},
                              "status": status_dict(state),
                              "front": None if state.is_over or not done else state.front.to_dict()}), nl=False)
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
    click.echo(f"Saved {escape_control(game)} after move {state.seq} ({name}'s move{replies}); history head: line "
               f"{len(loaded.writer.lines)}, hash {loaded.head}.")
    sender = guidance.owner_of(game, guidance.humans(state)) or name  # who holds this copy and sends the file
    click.echo(guidance.next_hint(game, state, sender))
    click.echo(guidance.move_hint(state, sender, target, printed))



def pbem_show(loaded: Any, game: str, round_no: int | None, fmt: str) -> None:
    """`pbem show` of a Fauna game: the evaluated rounds' moves and tables (the current round stays hidden)."""
    from fauna_cli.rounds import round_dict, round_moves

    _warn_if_data_changed(loaded)
    state = loaded.state
    reports = pick_round(round_reports(loaded, round_no), round_no, state, game)
    moves = round_moves(loaded)
    if fmt == "json":
        click.echo(dump_json({"game": "fauna", "file": game, "period": "round",
                              "rounds": [round_dict(rep, moves.get(rep.round, [])) for rep in reports]}), nl=False)
        return
    if not reports:
        click.echo(f"{escape_control(game)}: no round has been evaluated yet (round {state.round} is being played).")
        return
    import textwrap

    for rep in reports:
        nb = "\u00a0"  # within one move the words stay together: "4 alice: Tasmania" is never split
        listed = ", ".join(f"{m['seq']} {m['player']}: {m['move']}".replace(" ", nb)
                           for m in moves.get(rep.round, []))
        text = textwrap.fill(f"Moves of round {rep.round}: {listed}", width=100, break_long_words=False,
                             break_on_hyphens=False)
        click.echo(text.replace(nb, " "))
        click.echo(round_text(rep, fmt))



def write_picture(loaded: Any, path: str, player: str | None) -> None:
    """`--svg FILE`: Fauna's map with everyone's pieces, whoever asks (Fauna hides nothing the map would show)."""
    from fauna_cli.files import atomic_write
    from fauna_cli.svg import board_svg

    atomic_write(path, board_svg(loaded.state))
    click.echo(f"Wrote the picture to {path}.", err=True)
