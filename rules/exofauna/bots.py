"""Computer players: `random` (uniform over the legal moves) and `heuristic` (greedy on what it can see).

The heuristic bot reads only `state.view(its name)` and the legal moves (which follow from that view:
its own hand and the public holes and deck sizes), scores each move by its effect on the holes' majorities,
and breaks ties with its own decision stream.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rules.core.protocol import DECISION_STEP, decision_stream
from rules.core.rng import GOLDEN, MASK, SplitMix64
from rules.core.search import ExpertBot
from rules.exofauna.data import design
from rules.exofauna.moves import HAND, Move
from rules.exofauna.state import State

Hole = list[int]  # per space: -1 empty, else the colour (0 or 1) of the Organism there


@dataclass
class RandomBot:
    """Chooses uniformly among the legal moves, drawing from `decision_stream(seed, seat, seq)`."""

    seed: int
    seat: int
    kind: str = "random"

    def __post_init__(self) -> None:
        # decision_stream's base, computed once: the stream of move `seq` is then one multiplication away
        """Compute decision_stream's base once for this seat."""
        self._base = SplitMix64(self.seed).fork(0xB07 + self.seat).state

    def stream(self, seq: int) -> SplitMix64:
        """The same generator as decision_stream(seed, seat, seq)."""
        return SplitMix64(((self._base + (seq + 1) * DECISION_STEP) & MASK) ^ GOLDEN)

    def choose(self, state: State) -> Move:
        """A legal move for the state, with this bot to move."""
        legal = state.legal_moves()
        return legal[self.stream(state.seq).below(len(legal))]


def hole_value(colours: Hole, hole_colour: int, me: int, size: int) -> float:
    """How much a hole is worth to `me`, from -1 (surely theirs) to 1 (surely mine)."""
    mine = colours.count(me)
    theirs = colours.count(1 - me)
    n = mine + theirs
    if n >= size:
        return 1.0 if mine > theirs or (mine == theirs and hole_colour == me) else -1.0
    lead = mine - theirs + (0.5 if hole_colour == me else -0.5)
    return math.tanh(lead / (1.0 + 0.6 * (size - n)))


@dataclass
class HeuristicBot:
    """Greedy: the move that most improves its hold on the holes; Adaptations when they help."""

    seed: int
    seat: int
    kind: str = "heuristic"

    def choose(self, state: State) -> Move:
        """A legal move for the state, with this bot to move."""
        name = state.names[self.seat]
        view = state.view(name)
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        rng = decision_stream(self.seed, self.seat, state.seq)
        ctx = _Context(view)
        best = legal[0]
        best_score = -1e9
        for m in legal:
            score = ctx.score(m) + rng.random() * 1e-3
            if score > best_score:
                best, best_score = m, score
        return best


class _Context:
    """The bot's reading of its view: holes as colours, names at each space, its hand and the decks' tops."""

    def __init__(self, view: dict[str, Any]) -> None:
        """Read the view into colour grids, names per space, the hand and the decks' tops."""
        d = design()
        self.d = d
        self.size = d.hole_size
        self.org_of = {o.name: o.index for o in d.organisms}
        cidx = {c: i for i, c in enumerate(d.colours)}
        self.me = next(cidx[p["colour"]] for p in view["players"] if p["name"] == view["you"])
        self.hole_colour = [cidx[h["colour"]] for h in view["holes"]]
        self.cols: list[Hole] = []
        self.orgs: list[list[int]] = []
        for h in view["holes"]:
            sp = [h["spaces"][s] for s in d.spaces]
            self.cols.append([-1 if c is None else cidx[c["colour"]] for c in sp])
            self.orgs.append([-1 if c is None else self.org_of[c["name"]] for c in sp])
        self.hand = [self.org_of[c["name"]] * 2 + cidx[c["colour"]] for c in view.get("hand", [])]
        self.tops = [None if p["deck_top"] is None else self.org_of[p["deck_top"]["name"]] * 2
                     + cidx[p["deck_top"]["colour"]] for p in view["players"]]
        self.base = [self.value(h, self.cols[h]) for h in (0, 1)]

    def value(self, h: int, cols: Hole) -> float:
        """The value of one hole with these colours in its spaces."""
        return hole_value([c for c in cols if c >= 0], self.hole_colour[h], self.me, self.size)

    def after(self, changes: list[tuple[int, int, int]]) -> float:
        """The gain in hole value after setting spaces (hole, space, colour or -1)."""
        cols = [list(self.cols[0]), list(self.cols[1])]
        for h, s, c in changes:
            cols[h][s] = c
        return sum(self.value(h, cols[h]) - self.base[h] for h in (0, 1))

    def keep_value(self, card: int) -> float:
        """How much a card in hand is worth keeping: its own colour, and not a third copy."""
        return (1.0 if card & 1 == self.me else -1.0) - 0.1 * (self.hand.count(card) - 1)

    def play_score(self, card: int, h: int, s: int) -> float:
        """How good playing `card` at (h, s) looks: the holes after it, plus its Instinct and Adaptation."""
        score = self.after([(h, s, card & 1)])
        org = card >> 1
        o = self.d.organisms[org]
        if o.instinct == "predator":
            near = [self.cols[h][t] for t in self.d.next_to[s] if self.cols[h][t] >= 0]
            if any(c != self.me for c in near):
                score += 0.25
            elif near:
                score -= 0.15
        if org not in self.orgs[h]:
            score += 0.15
        return score - 0.05 * self.keep_value(card)

    def score(self, m: Move) -> float:
        """How good a move looks from the view; higher is better, 0 is doing nothing."""
        v = m.verb
        me = self.me
        if v == "play":
            return self.play_score(m.card, m.hole, m.space)
        if v == "discard":
            return -self.keep_value(m.card)
        if v == "done":
            return 0.0
        if v == "draw":
            top = self.tops[m.hole]
            return 0.0 if top is None else (1.0 if top & 1 == me else -0.5) + (0.01 if m.hole == me else 0.0)
        if v == "take":
            return self.after([(m.hole, m.space, -1)]) + (0.05 if self.cols[m.hole][m.space] == me else 0.0)
        if v == "ambush":
            return self.after([(m.hole, m.space, -1)]) - 0.05
        if v == "tunnel":
            a, b = self.cols[m.hole][m.space], self.cols[m.hole2][m.space2]
            return self.after([(m.hole, m.space, b), (m.hole2, m.space2, a)]) - 0.01
        if v in ("lure", "drift"):
            c = self.cols[m.hole][m.space]
            if m.space2 == HAND:
                return self.after([(m.hole, m.space, -1)]) + 0.05 * (1 if c == me else -1) - 0.02
            return self.after([(m.hole, m.space, -1), (m.hole2, m.space2, c)]) - 0.01
        if v == "brood":
            top = self.tops[me]
            return -1.0 if top is None else self.play_score(top, m.hole, m.space)
        if v == "gorge":
            return 0.1 + sum(0.2 if t is not None and t & 1 == me else -0.1 for t in self.tops if t is not None)
        return 0.0  # pass


def make_bot(kind: str, options: dict[str, Any], seed: int, seat: int) -> RandomBot | HeuristicBot | ExpertBot:
    """A bot of a kind for a seat; only the expert takes an option (`think`)."""
    from rules.core.errors import ConfigError

    if kind == "expert":
        from rules.exofauna.expert import make_expert  # the search loads only when an expert plays

        return make_expert(options, seed, seat)
    if options:
        raise ConfigError(f"the {kind} bot takes no options ({', '.join(sorted(options))})")
    if kind == "random":
        return RandomBot(seed, seat)
    if kind == "heuristic":
        return HeuristicBot(seed, seat)
    raise ConfigError(f"unknown bot kind {kind!r} (kinds: random, heuristic, expert)", "players.bot")
