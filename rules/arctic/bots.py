"""Computer players: `random` (uniform over the legal moves) and `planner`, a heuristic that sees only its view.

The planner builds long runs of one animal, keeps its hand big enough for the next placement, steers
its secret totem's token to the right, takes cards back from its penalty zone and gives penalties away.
Ties between equal moves are broken by the bot's decision stream, so its choice is a function of the
position it can see.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.arctic.cards import ANIMALS, BY_NAME, DATA, DRAW, LANDSCAPE, MAIN, PLACE, WILD
from rules.arctic.moves import DECK, PENALTY, Move
from rules.arctic.scoring import animals_total, face_up_runs, total_of, total_with
from rules.core.protocol import decision_stream
from rules.core.search import ExpertBot

TIE = 1e-5  # a value this far below the best cannot win the tie-break (the draws add less than 1e-6)


class RandomBot:
    """Uniform over the legal moves, drawn from the bot's decision stream."""

    kind = "random"

    def __init__(self, seed: int, seat: int) -> None:
        self.seed = seed
        self.seat = seat

    def choose(self, state: Any) -> Move:
        moves: list[Move] = state.legal_moves()
        return moves[decision_stream(self.seed, self.seat, state.seq).below(len(moves))]


def _entry(text: str) -> int:
    """A pile entry from its view text ('face down: NAME' for the bot's own wild cards)."""
    if text.startswith("face down: "):
        return BY_NAME[text[11:]] + WILD
    return BY_NAME.get(text, WILD)  # another player's hidden card: any card will do


def pile_value(entries: list[int]) -> int:
    """Points of a pile from its runs and diversity (wild cards at their best)."""
    return _pile_total(tuple(entries))


def _pile_total(entries: tuple[int, ...]) -> int:
    """`best_total` remembered by the pile's animals (a face-down card is any card): the planner asks for the
    same piles again and again in the expert's playouts, and a pile with a wild card is dear to score."""
    return _animals_total(tuple(MAIN[e] if e < WILD else -1 for e in entries))


@lru_cache(maxsize=1 << 16)
def _animals_total(animals: tuple[int, ...]) -> int:
    return animals_total(animals)


class _Seen:
    """The facts of one view the planner reasons with."""

    def __init__(self, view: dict[str, Any]) -> None:
        me = view["player"]
        mine = next(p for p in view["players"] if p["name"] == me)
        self.hand = [BY_NAME[c] for c in view["hand"]]
        self.pile = [_entry(t) for t in mine["pile"]]
        self.river = [BY_NAME[c] for c in view["river"]]
        self.tokens = {a: LANDSCAPE.index(v) for a, v in view["tokens"].items()}
        self.totem = view["totem"]
        self.turn = view["turn"]
        self.penalties = mine["penalties"]
        self.sides = {a: p["side"] for a, p in view["powers"].items()}
        top = self.pile[-1] if self.pile else -1
        self.top_animal = MAIN[top] if 0 <= top < WILD else -1
        others = [p for p in view["players"] if p["name"] != me]
        self.leader = max(others, key=lambda p: (p["pile_size"] - p["penalties"], p["name"]))["name"]
        self.place_ctx: _PlaceContext | None = None


class _PlaceContext:
    """What every placement of one decision shares: the pile's points now, the animals in hand and river."""

    def __init__(self, seen: Any) -> None:
        self.pile = tuple(seen.pile)
        self.runs = face_up_runs(self.pile)  # None when the pile holds a wild card
        self.base = _pile_total(self.pile) if self.runs is None else total_of(self.runs)
        self.hand_counts = [0] * len(ANIMALS)
        for h in seen.hand:
            self.hand_counts[MAIN[h]] += 1
        self.river_counts = [0] * len(ANIMALS)
        for r in seen.river:
            self.river_counts[MAIN[r]] += 1
        turn = seen.turn
        self.last = turn["place_target"] - turn["placed"] == 1 or len(seen.hand) == 1


class PlannerBot:
    """A one-step heuristic over the legal moves, from the bot's own view only."""

    kind = "planner"

    def __init__(self, seed: int, seat: int) -> None:
        self.seed = seed
        self.seat = seat

    def choose(self, state: Any) -> Move:
        return self.pick(_Seen(state.view(state.to_move)), state)

    def pick(self, seen: Any, state: Any) -> Move:
        """The best legal move for the facts in `seen` (a `_Seen`, or the same facts read from a state).

        The move `ratings` rates best, found without drawing a tie-break for every move (the expert's
        playouts ask this thousands of times a decision): a move more than TIE below the best value cannot
        win its tie-break, and the draws of the others are the same first draws of the same stream.
        """
        moves: list[Move] = state.legal_moves()
        values = [self.value(seen, m, state) for m in moves]
        best = max(values)
        close = [k for k, v in enumerate(values) if v >= best - TIE]
        if len(close) == 1:
            return moves[close[0]]
        rng = decision_stream(self.seed, self.seat, state.seq)
        rated = [v + rng.random() * 1e-6 for v in values[:close[-1] + 1]]
        return moves[max(close, key=lambda k: (rated[k], -k))]

    def ratings(self, seen: Any, state: Any, moves: list[Move]) -> list[float]:
        """Each move's value with the tiny tie-break from the decision stream (the expert searches the best few)."""
        rng = decision_stream(self.seed, self.seat, state.seq)
        return [self.value(seen, m, state) + rng.random() * 1e-6 for m in moves]

    def _fit(self, seen: _Seen, card: int, hand: list[int]) -> float:
        """How well a card would join the runs this hand can build."""
        a = MAIN[card]
        return (1.0 if a == seen.top_animal else 0.0) + 0.5 * sum(1 for h in hand if MAIN[h] == a)

    def _totem_gain(self, seen: _Seen, moves: list[tuple[str, int]]) -> float:
        gain = 0.0
        for animal, step in moves:
            if animal == seen.totem:
                pos = seen.tokens[animal]
                gain += LANDSCAPE[pos + step] - LANDSCAPE[pos]
        return gain / 3

    def value(self, seen: _Seen, m: Move, state: Any) -> float:
        kind = m[0]
        if kind == "place":
            return self._place_value(seen, m)
        hand = seen.hand
        turn = seen.turn
        if kind == "token":
            main, comp = turn["tokens_to_move"]
            step = -1 if m[1] == 0 else 1
            return self._totem_gain(seen, [(main, step), (comp, -step)])
        if kind == "walrus":
            main, comp = turn["tokens_to_move"]
            target = main if seen.sides["walrus"] == "A" else comp
            return self._totem_gain(seen, [(target, m[1])]) - 0.01
        if kind == "take":
            if m[1] == PENALTY:
                return 1.5
            if m[1] == DECK:
                return 0.4
            return self._fit(seen, m[1], hand) - 0.05 * PLACE[m[1]]
        if kind == "discard":
            rest = [h for h in hand if h != m[1]]
            return -self._fit(seen, m[1], rest) + 0.05 * PLACE[m[1]]
        if kind == "moose":
            if turn["draw_target"] is None:  # placement value
                short = turn["place_target"] - len(hand)
                return (1.0 if short > 0 else -0.2) if m[1] < 0 else (-1.0 if short >= 0 else -0.1)
            room = DATA.hand_limit - len(hand) - turn["draw_target"]
            return (0.3 if room > 0 else -1.0) if m[1] > 0 else (0.5 if room < 0 else -0.5)
        if kind == "swap":
            rest = [h for h in hand if h != m[1]]
            return self._fit(seen, m[2], rest) - self._fit(seen, m[1], rest) - 0.3
        if kind == "back":
            return 1.0 if len(hand) < turn["place_target"] else -0.5
        if kind == "orca":
            return 0.2
        if kind == "bear":
            return 1.0 + (0.1 if state.names[m[1]] == seen.leader else 0.0)
        return 0.0

    def _place_value(self, seen: _Seen, m: Move) -> float:
        c, mode = m[1], m[2]
        ctx = seen.place_ctx
        if ctx is None:
            ctx = seen.place_ctx = _PlaceContext(seen)
        pile = ctx.pile
        if mode == 0:
            top = c
            if ctx.runs is not None:  # no wild card in the pile: score the new card from the runs so far
                value = float(total_with(ctx.runs, c) - ctx.base)
            else:
                value = float(_pile_total(pile + (c,)) - ctx.base)
        else:
            new = pile[:-1] + (c + WILD,) + pile[-1:] if mode == 1 else (c,) + pile
            top = new[-1]
            value = float(_pile_total(new) - ctx.base)
        hand = seen.hand
        copies = hand.count(c)  # `rest` below is the hand without c
        if top < WILD:
            a = MAIN[top]
            value += 0.5 * (ctx.hand_counts[a] - (copies if MAIN[c] == a else 0)) + 0.2 * ctx.river_counts[a]
        if ctx.last and top < WILD:
            rest = [h for h in hand if h != c]
            after = len(rest) + DRAW[top]
            value -= 1.0 * max(0, PLACE[top] - min(after, DATA.hand_limit))
            value -= 1.0 * max(0, after - DATA.hand_limit)
            value += 0.15 * min(DRAW[top], DATA.hand_limit - len(rest))
            if ANIMALS[MAIN[top]] == seen.totem:
                value += 0.3
        return value


def make_bot(kind: str, options: dict[str, Any], seed: int, seat: int) -> RandomBot | PlannerBot | ExpertBot:
    """A bot of `kind` for a seat; options are the player's config entry (the expert's `think`)."""
    if kind == "expert":
        from rules.arctic.expert import make_expert  # the search loads only when an expert plays

        return make_expert(options, seed, seat)
    if kind == "random":
        return RandomBot(seed, seat)
    if kind == "planner":
        return PlannerBot(seed, seat)
    raise ValueError(f"unknown Arctic bot {kind!r} (bots: planner, random, expert)")
