"""The heuristic bot's move read straight from the state, for the expert's playouts (several times faster).

`heuristic_move(state)` is the move `HeuristicBot(state.seed, seat).choose(state)` makes for the player to
move (tests/test_evo_policy.py compares them over whole games): the same scores, the same tie-break, but
without building the player's view for every decision and looking its island up for every move, which is
where the bot spends its time. A search plays thousands of these per decision; the bot itself still decides
from its view. The playouts run in worlds the search has already dealt from the searching player's view,
so reading their state hides nothing that player may not know.
"""

from __future__ import annotations

from functools import cache

from rules.core.protocol import decision_stream
from rules.core.rng import SplitMix64
from rules.evo import data
from rules.evo.board import Board, board_of
from rules.evo.bots import GENE_VALUE
from rules.evo.moves import Move
from rules.evo.state import State

_NOW = {"ideal": 1.0, "deadly": 0.0}
_LATER = {"ideal": 1.0, "hot": 0.5, "cold": 0.5, "deadly": 0.0}


@cache
def _draws_ties(players: int, rows: tuple[str, ...]) -> bool:
    """Whether the heuristic bot draws among equal moves on this island (the one its view names: edition 3+)."""
    island = board_of(players, rows)
    return island is not None and island.edition >= 3


@cache
def _faces() -> tuple[str, ...]:
    return tuple(f.wins for f in data.die())


def _safety(state: State, seat: int, space: int, rings: dict[str, str], later: dict[str, str],
            ahead: bool = False) -> float:
    """bots.safety from the state: how likely a dinosaur on a space lives through survival."""
    terrain = state.board.terrain[space]
    ring = rings[terrain]
    if ring == "hot":
        value = 0.8 if state.genes[seat].get("thermoregulation") else 0.3
    elif ring == "cold":
        value = 0.8 if state.genes[seat].get("fur") else 0.3
    elif ring == "deadly":
        value = 0.5 if state.genes[seat].get("cave dweller") else 0.0
    else:
        value = 1.0
    nxt = _LATER[later[terrain]]
    return 0.5 * value + 0.5 * nxt if ahead else value + 0.2 * nxt


def _win_chance(state: State, seat: int, enemy: int) -> float:
    """bots.win_chance from the state: the share of die faces on which this attack wins."""
    mine, theirs = state.genes[seat], state.genes[enemy]
    a = mine.get("horns", 0) + 2 * mine.get("large horn", 0) + state.fx[seat].get("attack", 0)
    d = theirs.get("horns", 0) + 2 * theirs.get("bony plates", 0) + state.fx[enemy].get("defend", 0)
    faces = _faces()
    wins = sum(1 for f in faces if f == "always" or (f == "more" and a > d) or (f == "equal-or-more" and a >= d))
    return wins / len(faces)


def score(state: State, seat: int, m: Move) -> float:
    """HeuristicBot.score of a move, from the state."""
    board: Board = state.board
    wd = state.wheel_data
    rings = wd.rings[state.wheel]
    later = wd.rings[(state.wheel + 1) % len(wd.rings)]
    k = m.kind
    genes = state.genes[seat]
    if k == "bid":
        value = GENE_VALUE.get(m.a, 1.0) * (1.0 if state.round < 8 else 0.5)
        if m.a == "event":  # rules editions 4-5: the card's mutation points, as HeuristicBot.score counts them
            value += 1.2 * data.edition_rules(state.config.edition).event_mp
        if m.a in ("thermoregulation", "fur"):
            ring = "hot" if m.a == "thermoregulation" else "cold"
            value += 0.8 * sum(1 for s in state.dinos(seat) if rings[board.terrain[s]] == ring)
        if m.a == "legs" and genes.get("legs", 0) >= 3:
            value = 0.5
        cost = max(0, m.n - genes.get("alchemical vial", 0))
        return float(value - 1.2 * cost)
    index = board.index
    if k in ("move", "swim", "fly", "attack"):
        s, t = index[m.a], index[m.b]
        gain = _safety(state, seat, t, rings, later) - _safety(state, seat, s, rings, later)
        if k == "attack":
            p = _win_chance(state, seat, state.occ[t])
            return p * (1.0 + gain) - 0.3
        return gain - 0.05
    if k == "birth":
        value = 1.0 + _safety(state, seat, index[m.a], rings, later)
        if m.b:
            value -= 1.0 + _safety(state, seat, index[m.b], rings, later)
        if m.c:
            value += 0.6
        return value
    if k == "keep":
        return _safety(state, seat, index[m.a], rings, later, ahead=True)
    if k == "escape":
        return _safety(state, seat, index[m.a], rings, later)
    if k == "initiative":
        return float(-m.n)
    if k == "play":
        return _card_score(state, seat, m)
    return 0.0


def _card_score(state: State, seat: int, m: Move) -> float:
    card = data.card_by_name()[m.a]
    if card.target == "opponent":
        names = state.names
        leader = max((s for s in range(state.n) if s != seat), key=lambda s: (state.mp[s], names[s]))
        return 0.5 if m.b == names[leader] else -1.0
    if card.target == "direction":
        return -1.0
    if card.effect == "wheel-undo":
        return -1.0
    if card.timing == "movement" and card.effect in ("defend+2", "attack+2", "truce"):
        return 0.1 if state.phase == "movement" and state.steps else -1.0
    return 0.5


def heuristic_move(state: State, draw: SplitMix64 | None = None, legal: list[Move] | None = None) -> Move:
    """The heuristic bot's move for the player to move, as HeuristicBot.choose makes it.

    Equal moves are drawn as the bot draws them (from its seat's decision stream), or from `draw` if given:
    a search plays its worlds with its own generator, never guessing the other bots' streams from the seed.
    `legal` is the state's legal moves if the caller has them already (the search counts its work by them).
    """
    seat = state.to_move_seat
    assert seat is not None
    if legal is None:
        legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    scores = [score(state, seat, m) for m in legal]
    top = max(scores)
    if _draws_ties(state.n, state.board.rows):
        ties = [i for i, s in enumerate(scores) if s == top]
        if len(ties) == 1:
            return legal[ties[0]]
        stream = decision_stream(state.seed, seat, state.seq) if draw is None else draw
        return legal[ties[stream.below(len(ties))]]
    return legal[scores.index(top)]
