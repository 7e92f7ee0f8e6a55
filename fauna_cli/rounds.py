"""Fauna's rounds, card fronts and standing as fauna reports them: from the rules' events, as tables, text and JSON.

Its own module, not render's: every command imports render, and only those that show rounds need these.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

from fauna_cli.render import plain_cells, style, text_table, winners_line
from fauna_cli.widths import fit_prose, terminal_width

if TYPE_CHECKING:
    from rules.fauna.events import Event, RoundEvaluated
    from rules.fauna.front import CardFront
    from rules.fauna.game import State
    from rules.fauna.replay import LoadedLog


@dataclass
class RoundReport:
    """One evaluated round as fauna shows it: the rules' evaluation event, what came after it, and the standings.

    Tables are drawn from these objects (`round_text`) and JSON from `to_dict`: a long replay reports
    thousands of rounds, and building a dictionary per piece first cost a fifth of drawing them.
    """

    evaluated: RoundEvaluated
    starting_player: str | None
    animal_class: str
    after: tuple[tuple[int, int, int, int], ...]  # per row of evaluated.players: took back, refilled, hand, stock
    standings: tuple[tuple[int, str, int], ...]  # (rank, player, score), best first; ties share a rank
    winners: tuple[str, ...] | None = None  # the game ended with this round

    @property
    def round(self) -> int:
        """The round's number."""
        return self.evaluated.round

    def to_dict(self) -> dict:
        """The JSON form: round, starting player, animal, answer, pieces, players, standings (and game_over)."""
        e = self.evaluated
        doc = {
            "round": e.round,
            "starting_player": self.starting_player,
            "animal": {"name": e.animal, "scientific": e.scientific, "class": self.animal_class, "areas": e.n_areas},
            "answer": {"areas": list(e.answer.areas),
                       "measures": [{"measure": m, "scale": s, "value": v, "space": sp}
                                    for m, s, v, sp in e.answer.measures]},
            "pieces": [{"player": p.player, "piece": p.move, "verdict": p.verdict, "points": p.points,
                        "reason": p.reason} for p in e.pieces],
            "players": [{"player": r.player, "points": r.points, "total": r.total, "returned": r.returned,
                         "lost": r.lost, "took_back": took, "refilled": refilled, "hand": hand, "stock": stock}
                        for r, (took, refilled, hand, stock) in zip(e.players, self.after, strict=True)],
            "standings": [{"rank": rank, "player": p, "score": score} for rank, p, score in self.standings],
        }
        if self.winners is not None:
            doc["game_over"] = {"winners": list(self.winners)}
        return doc


class RoundReports:
    """Collects events into one report per round: the answer, every piece, players and standings."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.reports: list[RoundReport] = []
        self._starter: str | None = state.names[state.start]  # of the round being played
        self._current: tuple[RoundEvaluated, str | None, str] | None = None  # evaluated, its starter, animal class

    def feed(self, events: list[Event]) -> list[RoundReport]:
        """Take a move's events; return the reports completed by them."""
        from rules.fauna.events import GameOver, Passed, Placed, RoundEvaluated, RoundStarted, Upkeep

        done = []
        for e in events:
            if isinstance(e, (Placed, Passed)):  # most events: nothing to report
                continue
            if isinstance(e, RoundEvaluated):
                animal = self.state.deck.animal(e.animal) if e.animal else None
                self._current = (e, self._starter, animal.cls if animal else "")
            elif isinstance(e, Upkeep) and self._current is not None:
                took, refill, hands, stock = dict(e.took_back), dict(e.refilled), dict(e.hands), dict(e.stock)
                done.append(self._finish(tuple((took[p], refill[p], hands[p], stock[p])
                                               for p in (r.player for r in self._current[0].players))))
            elif isinstance(e, GameOver) and self._current is not None:
                s = self.state
                seats = (s.names.index(r.player) for r in self._current[0].players)
                done.append(self._finish(tuple((0, 0, s.hand[i], s.stock[i]) for i in seats), tuple(e.winners)))
            elif isinstance(e, RoundStarted):
                self._starter = e.starting_player
        return done

    def _finish(self, after: tuple[tuple[int, int, int, int], ...],
                winners: tuple[str, ...] | None = None) -> RoundReport:
        assert self._current is not None
        evaluated, starter, cls = self._current
        self._current = None
        ranked = sorted([(r.player, r.total) for r in evaluated.players], key=itemgetter(1), reverse=True)
        standings, rank = [], 0
        for i, (p, score) in enumerate(ranked):  # a rank is one more than the number of better scores
            if not i or score != ranked[i - 1][1]:
                rank = i + 1
            standings.append((rank, p, score))
        report = RoundReport(evaluated, starter, cls, after, tuple(standings), winners)
        self.reports.append(report)
        return report


PIECE_HEADERS = ["player", "piece", "scored", "points", "why"]
PLAYER_HEADERS = ["player", "round", "total", "back", "lost", "from stock", "refill", "hand"]


def round_tables(report: RoundReport) -> list[tuple[str, list[str], list[list[str]]]]:
    """A round's evaluation as (title, headers, rows) tables: the answer, every piece, the players, the standings."""
    from rules.fauna.animals import MEASURE_TITLES

    e = report.evaluated
    ans = [["areas", f"{e.n_areas}: " + ", ".join(e.answer.areas), ""]]
    ans.extend([MEASURE_TITLES[m], value, space] for m, _, value, space in e.answer.measures)
    tables = [(f"Answer of round {e.round}", ["answer", "value", "correct space"], ans)]
    if e.pieces:
        tables.append((f"Pieces of round {e.round}", PIECE_HEADERS,
                       [[p.player, p.move, p.verdict, str(p.points), p.reason] for p in e.pieces]))
    tables.append((f"Players after round {e.round}", PLAYER_HEADERS,
                   [[r.player, str(r.points), str(r.total), str(r.returned), str(r.lost), str(took), str(refilled),
                     str(hand)] for r, (took, refilled, hand, _) in zip(e.players, report.after, strict=True)]))
    tables.append((f"Standings after round {e.round}", ["rank", "player", "score"],
                   [[str(rank), p, str(score)] for rank, p, score in report.standings]))
    return tables


def round_moves(loaded: LoadedLog) -> dict[int, list[dict]]:
    """The moves of each round as the file records them: {round: [{seq, player, move}]}."""
    moves: dict[int, list[dict]] = {}
    for r in loaded.records:
        if r.kind == "move" and r.round is not None:  # a move's record always has its round
            moves.setdefault(r.round, []).append({"seq": r.seq, "player": r.player, "move": r.text.split(": ", 1)[1]})
    return moves


def round_dict(report: RoundReport, moves: list[dict]) -> dict:
    """A round as JSON in the shape every game's rounds have (round, moves, tables) beside Fauna's own keys."""
    return {**report.to_dict(), "moves": moves,
            "tables": [{"title": title, "headers": headers, "rows": rows}
                       for title, headers, rows in round_tables(report)]}


def tables_json(reports: list[RoundReport]) -> list[dict]:
    """Every round's tables in order, as JSON (`tables` of replay and play, as every game has them)."""
    return [{"title": title, "headers": headers, "rows": rows} for r in reports for title, headers, rows in
            round_tables(r)]


def final_json(state: State) -> list[dict]:
    """The final scores as a JSON table once the game is over (`final`, as every game has it), else none."""
    if not state.is_over:
        return []
    ranked = sorted(state.scores().items(), key=itemgetter(1), reverse=True)
    rows, rank = [], 0
    for i, (p, score) in enumerate(ranked):  # a rank is one more than the number of better scores
        if not i or score != ranked[i - 1][1]:
            rank = i + 1
        rows.append([str(rank), p, str(score)])
    return [{"title": "Final scores", "headers": ["rank", "player", "score"], "rows": rows}]


def round_text(report: RoundReport, fmt: str) -> str:
    """A round's evaluation as tables."""
    width = terminal_width() or 0  # once for the round's four tables (0: not a terminal, no wrapping)
    e = report.evaluated
    tables = [(rows, headers) for _, headers, rows in round_tables(report)]
    # every cell checked at once: a plain table then lays them out as they are (the headers are plain)
    plain = fmt == "plain" and not width and plain_cells([row for rows, _ in tables for row in rows])
    out = [style(f"Round {e.round} evaluation: {e.animal} ({e.scientific}), {report.animal_class}", bold=True)]
    out.extend(text_table(rows, headers, fmt, width, plain=plain) for rows, headers in tables)
    if report.winners is not None:
        out.append(winners_line(list(report.winners)))
    return "\n\n".join(out) + "\n"


def round_summary_line(report: RoundReport) -> str:
    """The round's result in one line, shown again under the next card so the tables above need no scrolling back.

    Each player's points this round and total, in seating order, and any pieces lost to the stock.
    """
    e = report.evaluated
    parts = []
    for r in e.players:
        lost = f", lost {r.lost} piece{'' if r.lost == 1 else 's'}" if r.lost else ""
        parts.append(f"{r.player} +{r.points} (total {r.total}{lost})")
    return f"Round {e.round} result ({e.animal}): " + "; ".join(parts)


# Fauna's card front and where a game stands, as text and JSON (render.py holds only what every game uses).

def front_lines(front: CardFront, round_no: int | None = None, starter: str | None = None) -> list[str]:
    """The card's upper half as text."""
    head = f"{front.cls.capitalize()}: {front.name} ({front.scientific}), lives in {front.n_areas} " \
           f"area{'s' if front.n_areas != 1 else ''}"
    lines = []
    if round_no is not None:
        lines.append(style(f"Round {round_no}", bold=True) + (f" (starting player: {starter})" if starter else ""))
    lines.append(head)
    from rules.fauna.animals import MEASURE_TITLES

    asked = []
    for m, scale, open_ in front.measures:
        asked.append(f"{MEASURE_TITLES[m]} on the {scale} scale" + ("" if open_ else " (N/A: closed)"))
    lines.append("Asks: " + ("; ".join(asked) if asked else "areas only"))
    width = terminal_width()  # each line wrapped at spaces to the terminal (`pbem status` prints them as they are)
    return [fit_prose(line, width) for line in lines] if width else lines


def front_short(front: CardFront) -> str:
    """The card's upper half on one line, shown before every turn."""
    scales = []
    for m, scale, open_ in front.measures:
        what = scale if m in (scale, "tail") else f"{scale} ({m.replace('_', ' ')})"
        scales.append(what + ("" if open_ else " N/A"))
    return (f"Card: {front.name} ({front.scientific}), {front.cls}, {front.n_areas} "
            f"area{'s' if front.n_areas != 1 else ''}; scales: {', '.join(scales) if scales else 'none'}")


def move_line(e: Event) -> str | None:
    """One line for a placement or pass, for interactive play."""
    from rules.fauna.events import Passed, Placed

    if isinstance(e, Placed):
        return f"{e.player} placed on {e.move} ({e.hand} left)"
    if isinstance(e, Passed):
        return f"{e.player} has no pieces left and is out of this round" if e.auto else f"{e.player} passed"
    return None


def status_dict(state: State) -> dict:
    """Where a game stands: round, whose turn, scores, pieces, what is taken."""
    return {
        "round": state.round,
        "over": state.is_over,
        "to_move": state.to_move,
        "winners": list(state.winners),
        "scores": state.scores(),
        "hands": dict(zip(state.names, state.hand, strict=True)),
        "stock": dict(zip(state.names, state.stock, strict=True)),
        "taken": [{"piece": t, "player": p} for t, p in state.taken()],
    }


def status_text(state: State) -> str:
    """Where a game stands, for people."""
    if state.is_over:
        scores = ", ".join(f"{p} {s}" for p, s in state.scores().items())
        return winners_line(list(state.winners)) + " Scores: " + scores
    return (f"Round {state.round}, {state.to_move} to move. Scores: "
            + ", ".join(f"{p} {s}" for p, s in state.scores().items()))
