"""What people see between moves: tables after a turn and after a resolution, the result, help."""

from __future__ import annotations

from typing import Any

from rules.core.protocol import Table
from rules.exofauna.events import Event
from rules.exofauna.state import EMPTY, State


def holes_table(state: State) -> Table:
    """Each hole: its colour, Organisms per colour, free spaces."""
    d = state.d
    rows = []
    for h in (0, 1):
        hole = state.holes[h]
        n = [sum(1 for c in hole if c != EMPTY and c & 1 == k) for k in (0, 1)]
        rows.append((d.holes[h], d.colours[state.hole_colour[h]], n[0], n[1], hole.count(EMPTY)))
    return Table("Watering Holes", ("hole", "colour", d.colours[0], d.colours[1], "free"), tuple(rows))


def players_table(state: State) -> Table:
    """Each player: colour, hand and deck sizes, the deck's visible top, holes claimed."""
    d = state.d
    rows = []
    for name in state.names:
        k = state.colour_of(name)
        deck = state.decks[k]
        rows.append((name, d.colours[k], len(state.hands[k]), len(deck), state.card_text(deck[0]) if deck else "-",
                     len(state.claimed[k])))
    return Table("Players", ("player", "colour", "hand", "deck", "deck top", "claimed"), tuple(rows))


def resolution_table(state: State, e: Event) -> Table:
    """Why a hole went to its claimer: the count per colour, and the hole's colour for a tie."""
    d = state.d
    h, colour, blue, yellow, winner = e.args
    why = "majority" if blue != yellow else f"tie: the hole is {d.colours[colour]}"
    return Table(f"Hole {d.holes[h]} resolved", ("hole colour", d.colours[0], d.colours[1], "claimed by", "why"),
                 ((d.colours[colour], blue, yellow, f"{e.player} ({d.colours[winner]})", why),))


def tables_after(state: State, events: list[Event]) -> list[Table]:
    """After a move: a table per resolved hole, and the holes and players after a turn ends."""
    out = [resolution_table(state, e) for e in events if e.kind == "resolve"]
    if any(e.kind == "endturn" for e in events):
        out += [holes_table(state), players_table(state)]
    return out


def final_tables(state: State) -> list[Table]:
    """The result: holes claimed by colour and the winner, then every resolution."""
    d = state.d
    rows = []
    for name in state.names:
        k = state.colour_of(name)
        cl = state.claimed[k]
        rows.append((name, d.colours[k], len(cl), ", ".join(d.colours[c] for c in cl) or "-",
                     "winner" if name in state.winners else ""))
    res = tuple((r["turn"], r["hole"], r["colour"], r["blue"], r["yellow"], r["claimed_by"],
                 "tie" if r["tie"] else "majority") for r in state.resolutions)
    return [Table("Result", ("player", "colour", "holes", "hole colours", ""), tuple(rows)),
            Table("Resolutions", ("turn", "hole", "hole colour", d.colours[0], d.colours[1], "claimed by", "why"), res)]


def summary(state: State) -> dict[str, Any]:
    """A JSON-able account: every resolution with its counts, so anyone can recount the holes claimed."""
    return {"game": "exofauna", "quick": state.config.quick, "goal": state.goal, "turns": state.turn,
            "colours": {state.by_colour[k]: state.d.colours[k] for k in (0, 1)},
            "resolutions": list(state.resolutions), "claimed": state.scores(), "winners": list(state.winners),
            "over": state.over}


def opening_hands(state: State) -> list[tuple[str, ...]]:
    """Each seat's opening hand as the Organisms it holds: a designed card is fair when holding it wins no more."""
    return [tuple(sorted({state.d.organisms[card >> 1].name for card in state.hands[state.by_colour.index(name)]}))
            for name in state.names]


def turn_positions(state: State) -> list[tuple[str, ...]]:
    """Each seat's place in the turn order: '1 blue' moves first, '2 yellow' second."""
    return [(("1 blue", "2 yellow")[state.by_colour.index(name)],) for name in state.names]


def breakdown(state: State) -> dict[str, dict[str, int]]:
    """Per player, holes claimed by majority and by tie."""
    out: dict[str, dict[str, int]] = {n: {"majority": 0, "tie": 0} for n in state.names}
    for r in state.resolutions:
        out[r["claimed_by"]]["tie" if r["tie"] else "majority"] += 1
    return out


def help_text(state: State) -> str:
    """How to type a move now; what is asked is on the picture and the choices follow at the prompt."""
    if state.over:
        return "The game is over."
    return ("Type a number from the list, or the move (a unique start is enough). Cards may be named without a "
            "colour when you hold that Organism in one colour only.")
