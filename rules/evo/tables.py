"""What people see of a game: the table after each round, the final ranking, summaries and help."""

from __future__ import annotations

from typing import Any

from rules.core.protocol import Table
from rules.core.words import count
from rules.evo import data
from rules.evo.state import Event, RoundRecord, State, token_text


def _genes(state: State, seat: int) -> str:
    g = state.genes[seat]
    return ", ".join(f"{k} x{v}" if v > 1 else k for k, v in sorted(g.items())) or "-"


def round_tables(state: State, rec: RoundRecord) -> list[Table]:
    """The round's mutation points and genes per player, their dinosaurs and losses, and the climate that ruled it.

    Three narrow tables rather than one of eleven columns, so that each fits 80 columns.
    """
    points, dinosaurs = [], []
    for s in state.ranking_by_seat():
        cards = rec.mp_after[s] - rec.mp_before[s] + rec.paid[s] - rec.income[s]
        points.append((state.names[s], rec.mp_before[s], -rec.paid[s], cards, rec.income[s], rec.mp_after[s],
                       _genes(state, s)))
        dinosaurs.append((state.names[s], rec.income[s], rec.lost_climate[s], rec.lost_combat[s],
                          rec.bought[s] or "-"))
    mutation = Table(f"Round {rec.number}: mutation points", ("player", "before", "paid", "cards", "income", "after",
                                                              "genes"), tuple(points))
    herds = Table(f"Round {rec.number}: dinosaurs", ("player", "dinosaurs", "lost to climate", "lost in combat",
                                                     "bought"), tuple(dinosaurs))
    rings = state.wheel_data.rings[rec.wheel]
    climate = Table(f"Climate, round {rec.number}", ("token", "wheel", "ideal", "hot", "cold", "deadly", "tokens left"),
                    ((token_text(rec.token), rec.wheel,
                      *("/".join(t for t in data.TERRAINS if rings[t] == r) or "-" for r in data.RINGS),
                      len(state.tokens)),))
    return [mutation, herds, climate]


def tables_after(state: State, events: list[Event]) -> list[Table]:
    """After a move that closed a round: that round's tables; otherwise none."""
    out: list[Table] = []
    done = sum(1 for e in events if e.kind == "round-end")
    for rec in state.rounds[len(state.rounds) - done:]:
        out += round_tables(state, rec)
    return out


def final_tables(state: State) -> list[Table]:
    """The ranking with the seed's tie-breaks (most mutation points, then most dinosaurs; still tied, shared);
    then each player's losses and genes, in a second table so that each fits 80 columns."""
    rows, losses = [], []
    rank = 0
    prev: tuple[int, int] | None = None
    for i, s in enumerate(state.ranking()):
        key = (state.mp[s], state.count[s])
        if key != prev:
            rank = i + 1
        prev = key
        won = "winner" if state.names[s] in state.winners else ""
        if won and len(state.winners) > 1:
            won = "shared win"
        rows.append((rank, state.names[s], state.mp[s], state.count[s], won))
        losses.append((state.names[s], state.lost_climate[s], state.lost_combat[s], _genes(state, s)))
    title = f"Final ranking after round {state.round}" + (" (the meteorite)" if state.is_over else " (so far)")
    return [Table(title, ("rank", "player", "mutation points", "dinosaurs", "result"), tuple(rows)),
            Table("Dinosaurs lost, and genes", ("player", "lost to climate", "lost in combat", "genes"),
                  tuple(losses))]


def summary(state: State) -> dict[str, Any]:
    """A JSON-able account from which the scores can be recomputed: 6 MP + income - bids paid + card gains."""
    return {
        "game": "evo", "round": state.round, "over": state.is_over, "winners": list(state.winners),
        "tokens": list(state.revealed),
        "rounds": [{"round": r.number, "token": r.token, "wheel": r.wheel,
                    "players": {state.names[s]: {"mp_before": r.mp_before[s], "paid": r.paid[s], "income": r.income[s],
                                                 "mp_after": r.mp_after[s], "lost_climate": r.lost_climate[s],
                                                 "lost_combat": r.lost_combat[s], "bought": r.bought[s]}
                                for s in range(state.n)}} for r in state.rounds],
        "players": {state.names[s]: {"mp": state.mp[s], "dinosaurs": state.count[s], "genes": dict(state.genes[s]),
                                     **breakdown(state)[state.names[s]]} for s in range(state.n)},
    }


def start_pairs(state: State) -> list[tuple[str, ...]]:
    """Each seat's two start spaces as one label ('G4+G5'): an island is fair when no pair wins more."""
    return [("+".join(sorted(spaces)),) for spaces in state.start_spaces]


def turn_positions(state: State) -> list[tuple[str, ...]]:
    """Each seat's place in the first round's turn order ('1' moves first)."""
    return [(str(state.order.index(seat) + 1),) for seat in range(state.n)]


def breakdown(state: State) -> dict[str, dict[str, int]]:
    """Per player, mutation points by source: the start, survival income, bids paid, event cards."""
    out = {}
    for s in range(state.n):
        income = sum(r.income[s] for r in state.rounds)
        paid = sum(r.paid[s] for r in state.rounds)
        if state.record is not None and (not state.rounds or state.rounds[-1] is not state.record):
            paid += state.record.paid[s]
        start = state.start_mp[s]
        out[state.names[s]] = {"start": start, "income": income, "paid": -paid,
                               "cards": state.mp[s] - start - income + paid}
    return out


def help_text(state: State) -> str:
    """What the player to move may type now (the numbered choices follow it at the prompt, so no examples)."""
    if state.to_move is None:
        return "The game is over."
    return {
        "climate": ("Climate window (everyone holding event cards is asked): play a climate card now "
                    "('play climate shift cw', 'play stable climate') or 'pass'."),
        "auction": "Gene auction: bid on a column with 'bid N COLUMN' (1 to 6; more than the bid already there). "
                   "The event column gives an event card, the others a gene. You may not pass.",
        "initiative": "Adrenaline Rush: take any place on the initiative track with 'initiative N'.",
        "movement": f"Movement ({count(state.steps, 'movement point')} left): 'move FROM TO', 'attack FROM TO' "
                    "(an enemy next to you), 'swim FROM TO' (Flippers), 'fly FROM TO' (Wings), 'play CARD', or 'done'.",
        "chameleon": "Your beaten dinosaur has Chameleon Skin: 'escape SPACE' to a free space next to it.",
        "birth": "Birth: 'birth SPACE' next to one of your dinosaurs ('from SPACE' when all 8 are out, "
                 "'attack SPACE' with Killer Babies), 'play CARD', or 'skip'.",
        "survival-cards": "Survival window (everyone holding event cards is asked): play a survival card "
                          "('play neoprene', 'play ice cold NAME') or 'pass'.",
        "survival": f"Survival: you save {count(state.keep_target, 'dinosaur')} in danger, chosen one at a time "
                    f"with 'keep SPACE' ({len(state.kept)} chosen so far).",
    }[state.phase]
