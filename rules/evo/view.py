"""What a player of Evo (or a spectator) may see of a game: never the seed, the piles' order or others' cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.evo.state import State


def view_of(state: State, player: str | None) -> dict[str, Any]:
    """The view of `player` (None: a spectator), as the protocol's `view` gives it."""
    players = state.names
    me = players.index(player) if player in players else None
    n = state.n
    board = state.board
    spaces = board.names
    rings = state.wheel_data.rings[state.wheel]
    out: dict[str, Any] = {
        "game": "evo", "edition": state.config.edition,
        "players": list(players), "you": player, "round": state.round, "phase": state.phase,
        "to_move": state.to_move, "over": state.is_over, "winners": list(state.winners_),
        "board": {"players": n, "rows": list(board.rows)},
        "dinosaurs": {players[s]: [spaces[x] for x in state.dinos(s)] for s in range(n)},
        "terrain": {spaces[i]: t for i, t in enumerate(board.terrain)},
        "coastal": [spaces[i] for i in range(board.size) if board.coastal[i]],
        "wheel": {"position": state.wheel, "rings": dict(rings), "ideal": state.wheel_data.ideal(state.wheel)},
        "token": state.token, "tokens_left": len(state.tokens), "revealed": list(state.revealed),
        "initiative": [players[s] for s in state.order],
        "mp": state.scores(),
        "genes": {players[s]: dict(sorted(state.genes[s].items())) for s in range(n)},
        "cards_held": {players[s]: len(state.hand[s]) for s in range(n)},
        "event_deck": len(state.deck), "discard": list(state.discard), "bag": len(state.bag),
        "lab": [{"item": item, "bid": b[1] if b else None, "by": players[b[0]] if b else None}
                for item, b in zip(state.lab, state.bids, strict=True)],
        "lost": {players[s]: {"climate": state.lost_climate[s], "combat": state.lost_combat[s]} for s in range(n)},
        "steps": state.steps if state.phase == "movement" else None,
        "births_left": {players[s]: state.births_left[s] for s in range(n)} if state.phase == "birth" else None,
        "effects": {players[s]: {k: v for k, v in state.fx[s].items() if v} for s in range(n)},
    }
    if state.survivor is not None:  # Survival is judging this species (None in every other phase)
        out["keeping"] = {"kept": [spaces[s] for s in state.kept], "of": state.keep_target}
    if me is not None:
        out["hand"] = sorted(state.hand[me])
        if state.gene(me, "sixth sense") and state.tokens:
            out["next_token"] = state.tokens[0]
    return out
