"""Computer players: `random` (uniform over the legal moves) and `heuristic` (reads only its own view).

The heuristic bot keeps its mutation points (it bids little, since every point bid is a point lost),
keeps its dinosaurs on spaces the climate spares, breeds onto safe spaces and attacks when the die
favours it. It decides from `state.view(its name)` and the list of legal moves, never from hidden state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.errors import ConfigError
from rules.core.protocol import decision_stream
from rules.core.search import ExpertBot
from rules.evo import data
from rules.evo.board import Board, board_for, board_of
from rules.evo.moves import Move

BOT_KINDS = ("heuristic", "random", "expert")
GENE_VALUE = {"eggs": 3.0, "legs": 1.2, "horns": 0.8, "alchemical vial": 1.5, "thermoregulation": 1.0, "fur": 1.0,
              "event": 1.4, "regeneration": 2.5, "cave dweller": 2.0, "strong thighs": 1.5, "wings": 1.3,
              "thick shell": 1.3, "flippers": 1.0, "bony plates": 1.2, "large horn": 0.8, "killer babies": 1.0,
              "sixth sense": 0.3, "adrenaline rush": 0.5, "chameleon skin": 1.0}


@dataclass
class RandomBot:
    """Uniform over the legal moves, from the decision stream of its seat and the move number."""

    seed: int
    seat: int
    kind: str = "random"

    def choose(self, state: Any) -> Move:
        legal: list[Move] = state.legal_moves()
        return legal[decision_stream(self.seed, self.seat, state.seq).below(len(legal))]


@dataclass
class HeuristicBot:
    """Greedy on safety and mutation points, from its own view only."""

    seed: int
    seat: int
    kind: str = "heuristic"

    def choose(self, state: Any) -> Move:
        legal: list[Move] = state.legal_moves()
        me = state.names[self.seat]
        view = state.view(me)
        scores = [self.score(view, me, m) for m in legal]
        island = board_of(view["board"]["players"], view["board"]["rows"])
        if island is not None and island.edition >= 3:
            # equal moves drawn from the seat's decision stream: taking the first (the top-left space) drew
            # every bot towards the island's top and made the bottom start pairs win (issue 30); the games
            # of editions 1-2 keep the first, so that they are played (and their goldens made) as before
            top = max(scores)
            ties = [i for i, s in enumerate(scores) if s == top]
            return legal[ties[decision_stream(self.seed, self.seat, state.seq).below(len(ties))]]
        return legal[max(range(len(legal)), key=lambda i: (scores[i], -i))]

    def score(self, view: dict[str, Any], me: str, m: Move) -> float:
        """How good a move looks from the view: higher is better."""
        board = board_of(view["board"]["players"], view["board"]["rows"]) or board_for(view["board"]["players"])
        k = m.kind
        genes = view["genes"][me]
        if k == "bid":
            value = GENE_VALUE.get(m.a, 1.0) * (1.0 if view["round"] < 8 else 0.5)
            if m.a == "event":  # rules edition 4: the card comes with mutation points, worth what a bid costs
                value += 1.2 * data.edition_rules(view.get("edition", 1)).event_mp
            if m.a in ("thermoregulation", "fur"):
                ring = "hot" if m.a == "thermoregulation" else "cold"
                value += 0.8 * sum(1 for s in view["dinosaurs"][me] if view["wheel"]["rings"][view["terrain"][s]]
                                   == ring)
            if m.a == "legs" and genes.get("legs", 0) >= 3:
                value = 0.5
            cost = max(0, m.n - genes.get("alchemical vial", 0))
            return float(value - 1.2 * cost)
        if k in ("move", "swim", "fly", "attack"):
            s, t = board.index[m.a], board.index[m.b]
            gain = safety(view, me, board, t) - safety(view, me, board, s)
            if k == "attack":
                enemy = next(p for p, ds in view["dinosaurs"].items() if m.b in ds)
                p = win_chance(view, me, enemy)
                return p * (1.0 + gain) - 0.3
            return gain - 0.05
        if k == "birth":
            t = board.index[m.a]
            value = 1.0 + safety(view, me, board, t)
            if m.b:
                value -= 1.0 + safety(view, me, board, board.index[m.b])
            if m.c:
                value += 0.6
            return value
        if k == "keep":
            return safety(view, me, board, board.index[m.a], ahead=True)
        if k == "escape":
            return safety(view, me, board, board.index[m.a])
        if k == "initiative":
            return -m.n
        if k == "play":
            return self.card_score(view, me, m)
        if k in ("done", "skip", "pass"):
            return 0.0
        return 0.0

    def card_score(self, view: dict[str, Any], me: str, m: Move) -> float:
        """Cards are played when they help now; targeted ones aim at the leader."""
        card = data.card_by_name()[m.a]
        if card.target == "opponent":
            others = {p: v for p, v in view["mp"].items() if p != me}
            return 0.5 if m.b == max(others, key=lambda p: (others[p], p)) else -1.0
        if card.target == "direction":
            return -1.0
        if card.effect == "wheel-undo":
            return -1.0
        if card.timing == "movement" and card.effect in ("defend+2", "attack+2", "truce"):
            return 0.1 if view["steps"] else -1.0
        return 0.5


def safety(view: dict[str, Any], me: str, board: Board, space: int, ahead: bool = False) -> float:
    """How likely a dinosaur on a space lives through survival, judged from the visible wheel and genes."""
    rings = view["wheel"]["rings"]
    genes = view["genes"][me]
    terrain = board.terrain[space]
    ring = rings[terrain]
    value = {"ideal": 1.0, "hot": 0.8 if genes.get("thermoregulation") else 0.3,
             "cold": 0.8 if genes.get("fur") else 0.3,
             "deadly": 0.5 if genes.get("cave dweller") else 0.0}[ring]
    wheel = data.wheel()
    nxt = wheel.rings[(view["wheel"]["position"] + 1) % len(wheel.rings)][terrain]
    later = {"ideal": 1.0, "hot": 0.5, "cold": 0.5, "deadly": 0.0}[nxt]
    return 0.5 * value + 0.5 * later if ahead else value + 0.2 * later


def win_chance(view: dict[str, Any], me: str, enemy: str) -> float:
    """The chance the die gives an attack, from the visible horn genes."""
    mine, theirs = view["genes"][me], view["genes"][enemy]
    a = mine.get("horns", 0) + 2 * mine.get("large horn", 0) + view["effects"][me].get("attack", 0)
    d = theirs.get("horns", 0) + 2 * theirs.get("bony plates", 0) + view["effects"][enemy].get("defend", 0)
    faces = data.die()
    wins = sum(1 for f in faces if f.wins == "always" or (f.wins == "more" and a > d)
               or (f.wins == "equal-or-more" and a >= d))
    return wins / len(faces)


def make_bot(kind: str, options: dict[str, Any], seed: int, seat: int) -> RandomBot | HeuristicBot | ExpertBot:
    """A bot of a kind for a seat; only the expert takes an option (`think`)."""
    if kind == "expert":
        from rules.evo.expert import make_expert  # the search loads only when an expert plays

        return make_expert(options, seed, seat)
    if options:
        raise ConfigError(f"the {kind} bot takes no options (got {', '.join(sorted(options))})", "players.bot")
    if kind == "random":
        return RandomBot(seed, seat)
    if kind == "heuristic":
        return HeuristicBot(seed, seat)
    raise ConfigError(f"unknown bot kind {kind!r} (choose {', '.join(BOT_KINDS)})", "players.bot")
