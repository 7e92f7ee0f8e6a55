"""What people see: the table after each round, the final scoring table, the summary and event lines."""

from __future__ import annotations

from typing import Any

from rules.arctic.cards import ANIMALS, LANDSCAPE, NAME, WILD
from rules.arctic.scoring import best_animals, longest_runs
from rules.arctic.state import ArcticState, Event
from rules.core.protocol import Table

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def round_tables(state: ArcticState, round_no: int) -> list[Table]:
    """The players' piles, penalties, hand sizes and powers; their longest runs; and the tokens.

    Two tables per player rather than one wide one, so that each fits 80 columns.
    """
    rows, runs = [], []
    for s, name in enumerate(state.names):
        top = state.visible(s)
        powers = " ".join(ANIMALS[a] for a in range(6) if state.holders[a] == s) or "-"
        rows.append((name, NAME[top] if top >= 0 else "-", len(state.piles[s]), len(state.penalties[s]),
                     len(state.hands[s]), powers))
        runs.append((name, *longest_runs(best_animals(state.piles[s])[0])))
    players = Table(f"After round {round_no}", ("player", "visible", "pile", "penalties", "hand", "powers"),
                    tuple(rows))
    longest = Table(f"Longest runs after round {round_no}", ("player", *ANIMALS), tuple(runs))
    tokens = Table(f"Tokens after round {round_no}", ("token", "on"),
                   tuple((ANIMALS[a], LANDSCAPE[state.tokens[a]]) for a in range(6)))
    return [players, longest, tokens]


def tables_after(state: ArcticState, events: list[Event]) -> list[Table]:
    """After a move that ends a round: that round's tables (the game's end gives the final ones instead)."""
    for e in events:
        if e.kind == "round_end" and not state.over:
            return round_tables(state, e.a)
    return []


def final_tables(state: ArcticState) -> list[Table]:
    """The scoring: runs, diversity, totem, penalty, total and rank (totems once over); then points per animal.

    Two tables rather than one of twelve columns, so that each fits 80 columns.
    """
    ranking = state.ranking() if state.over else []
    rows: list[tuple[str, int, int, str, int, int, int | str]] = []
    animals = []
    for s, name in enumerate(state.names):
        sc = state.score_of(s)
        runs = sum(sc.animal_points)
        if state.over:
            rows.append((name, runs, sc.diversity, f"{ANIMALS[sc.totem_animal]} {sc.totem}", -sc.penalties,
                         sc.total, ranking.index(name) + 1))
        else:  # the totems are still secret
            rows.append((name, runs, sc.diversity, "?", -sc.penalties, sc.total - sc.totem, "-"))
        animals.append((name, *sc.animal_points))
    return [Table("Final scores" if state.over else "Scores so far",
                  ("player", "runs", "diversity", "totem", "penalty", "total", "rank"), tuple(rows)),
            Table("Run points per animal", ("player", *ANIMALS), tuple(animals))]


def summary(state: ArcticState) -> dict[str, Any]:
    """The game so far, enough to recompute the scores: piles in order with wild choices, penalties, totems."""
    players = []
    for s, name in enumerate(state.names):
        sc = state.score_of(s)
        animals, _ = best_animals(state.piles[s])
        pile = []
        for e, a in zip(state.piles[s], animals, strict=True):
            if e >= WILD:
                pile.append({"card": NAME[e - WILD] if state.over else None, "face_down": True,
                             "animal": ANIMALS[a]})
            else:
                pile.append({"card": NAME[e], "face_down": False, "animal": ANIMALS[a]})
        entry: dict[str, Any] = {"name": name, "pile": pile, "penalties": len(state.penalties[s]),
                                 "longest_runs": dict(zip(ANIMALS, sc.runs, strict=True)),
                                 "hand_size": len(state.hands[s])}
        if state.over:
            entry["totem"] = ANIMALS[sc.totem_animal]
            entry["score"] = {**sc.breakdown(), "total": sc.total}
        players.append(entry)
    out: dict[str, Any] = {"game": "arctic", "over": state.over, "round": state.round,
                           "first": state.names[state.first],
                           "sides": {a: "AB"[s] for a, s in zip(ANIMALS, state.sides, strict=True)},
                           "tokens": {ANIMALS[a]: LANDSCAPE[state.tokens[a]] for a in range(6)},
                           "players": players}
    if state.over:
        out["ranking"] = state.ranking()
        out["winners"] = list(state.winners)
    return out


def breakdown(state: ArcticState) -> dict[str, dict[str, int]]:
    """Per player, points by source (each animal, diversity, totem, penalty) summing to the total.

    Meant for finished games (simulation averages): it includes the totems, which are secret before.
    """
    return {name: state.score_of(s).breakdown() for s, name in enumerate(state.names)}


def event_text(event: Any) -> str | None:
    """One line for a person watching the game; hidden cards stay hidden."""
    if not isinstance(event, Event):
        return None
    p = event.player
    k = event.kind
    if k == "turn":
        return f"Round {event.a}{' (final, no drawing)' if event.b else ''}: {p} to play."
    if k == "place":
        if event.b == 1:
            return f"{p} places a card face down under the visible card (fox)."
        where = " at the bottom of the pile (fox)" if event.b == 2 else ""
        return f"{p} places {NAME[event.a]}{where}."
    if k == "penalty":
        return f"{p} is {event.a} card{'s' if event.a != 1 else ''} short and takes {event.b} penalty card" + (
            "s." if event.b != 1 else ".")
    if k == "power":
        return f"{p} takes the {ANIMALS[event.a]} power card" + (f" from {event.b}." if event.b else ".")
    if k == "tokens":
        moved = ", ".join(f"{ANIMALS[a]} {LANDSCAPE[f]} -> {LANDSCAPE[t]}" for a, f, t in event.a)
        return f"Tokens: {moved}" + (" (walrus)." if event.b == "walrus" else ".")
    if k == "use":
        if event.a == "moose":
            return f"{p} uses the moose: {'+1' if event.b > 0 else '-1'}."
        if event.a == "puffin swap":
            return f"{p} swaps {NAME[event.b[0]]} from their hand for {NAME[event.b[1]]} from the river (puffin)."
        if event.a == "puffin back":
            return f"{p} takes {NAME[event.b]} back into their hand (puffin)."
        if event.a == "orca":
            return f"{p} uses the orca: the river refills after each card taken."
        return f"{p} gives a penalty card to {event.b} (polar bear)."
    if k == "take":
        if event.b == "deck":
            return f"{p} takes the top card of the draw pile (orca)."
        if event.b == "penalty":
            return f"{p} takes a card back from their penalty zone (polar bear)."
        return f"{p} takes {NAME[event.a]}."
    if k == "discard":
        return f"{p} discards a card into their penalty zone ({event.b} there now)."
    if k == "refill":
        return "River refilled with " + ", ".join(NAME[c] for c in event.a) + "."
    if k == "trigger":
        if event.b == "stalled":
            return (f"A whole round passed without a card drawn: the end is triggered and the reserve "
                    f"({event.a} cards) goes under the draw pile.")
        return f"The draw pile is empty: the end is triggered and the reserve ({event.a} cards) becomes the draw pile."
    if k == "round_end":
        return f"Round {event.a} ends."
    if k == "final_round":
        return f"Final round {event.a}: everyone plays one more turn without drawing."
    if k == "over":
        ranking = list(event.a)
        return "Game over. " + ", ".join(f"{ORDINAL.get(i + 1, f'{i + 1}th')} {n}" for i, n in enumerate(ranking)) + "."
    return None
