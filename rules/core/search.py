"""The `expert` computer player every hidden-information game shares: determinised flat Monte Carlo search.

A decision is searched from the bot's own view only. Each playout first redraws everything the bot
cannot see (other hands, the order of face-down piles, future dice) with the game's `determinize`,
which must build its world from public facts, the bot's own cards and the generator it is given, never
from the hidden truth (so two positions that look the same to the bot give the same worlds: the fairness
tests change only hidden things and compare decisions). Then one candidate move is applied and the game
is played on by a playout policy (the game's own heuristic bot for every seat, or uniformly random moves)
for `horizon` decisions; a finished game counts as a win share, an unfinished one is judged by the game's
`evaluate` (a worth in [0, 1]). The candidate with the best mean result wins.
Candidates are picked by UCB1 (Auer, Cesa-Bianchi and Fischer, 2002) after each has had one playout;
this is the determinised flat search that Cowling, Powley and Whitehouse ("Information Set Monte Carlo
Tree Search", 2012) compare their tree search against.

Every random draw of the search comes from `decision_stream(seed, seat, seq, EXPERT_LABEL)`, so the bot
decides the same in a replay, after an undo and in an e-mail game continued on another machine.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.core.errors import ConfigError
from rules.core.protocol import decision_stream
from rules.core.rng import SplitMix64

EXPERT_LABEL = 0xE4BE7  # the expert's decision streams, apart from the other bots' (label 0xB07)
MIN_THINK, MAX_THINK = 1, 1_000_000
EXPLORE = 0.7  # UCB1's exploration weight for results in [0, 1]
ROLLOUT_LIMIT = 5000  # decisions in one playout before it is judged from the scores (a guard, not a horizon)

Determinize = Callable[[Any, int, SplitMix64], Any]  # (state, seat, rng) -> a world consistent with seat's view


def win_share(state: Any, seat: int) -> float:
    """A finished game's result for a seat: 1 for a sole winner, 1/k for one of k winners, else 0.

    A playout cut short at ROLLOUT_LIMIT is judged the same way from the scores as they stand.
    """
    name = state.names[seat]
    winners = state.winners if state.is_over else _leaders(state)
    return 1.0 / len(winners) if name in winners else 0.0


def _leaders(state: Any) -> tuple[str, ...]:
    scores = state.scores()
    best = max(scores.values())
    return tuple(n for n, v in scores.items() if v == best)


def think_option(options: dict[str, Any], default: int, game: str) -> int:
    """The playouts per decision from a player's options (`think`), checked; other options are errors."""
    extra = sorted(k for k in options if k != "think")
    if extra:
        raise ConfigError(f"the {game} expert bot takes only 'think' (got {', '.join(extra)})", "players.think")
    value = options.get("think", default)
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_THINK <= value <= MAX_THINK:
        raise ConfigError(f"players.think must be a whole number of playouts from {MIN_THINK} to {MAX_THINK}",
                          "players.think")
    return value


@dataclass
class ExpertBot:
    """A fair search player: `think` playouts per decision, each in a world redrawn from its own view."""

    seed: int
    seat: int
    think: int
    determinize: Determinize
    evaluate: Callable[[Any, int], float] | None = None  # a position's worth in [0, 1] where a playout stops early
    horizon: int = ROLLOUT_LIMIT  # random decisions in a playout before `evaluate` judges it (if it is not over)
    step: Callable[[Any, Any], Any] | None = None  # applies a move known to be legal (skips the check), if faster
    policy: Callable[[Any], Any] | None = None  # the playouts' move for the player to move (None: uniform)
    kind: str = "expert"

    def choose(self, state: Any) -> Any:
        """The legal move with the best mean playout result; a lone legal move is played without search."""
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        rng = decision_stream(self.seed, self.seat, state.seq, EXPERT_LABEL)
        return legal[self.search(state, legal, rng)]

    def search(self, state: Any, legal: list[Any], rng: SplitMix64) -> int:
        """The index of the chosen move among `legal`, after `think` playouts (at least one per move)."""
        n = len(legal)
        visits = [0] * n
        totals = [0.0] * n
        for i in range(max(self.think, n)):
            if i < n:
                k = i
            else:
                log_i = math.log(i)
                k = max(range(n), key=lambda j: totals[j] / visits[j] + EXPLORE * math.sqrt(log_i / visits[j]))
            world = self.determinize(state, self.seat, rng)
            world.apply(legal[k])
            totals[k] += self.playout(world, rng)
            visits[k] += 1
        return max(range(n), key=lambda j: (totals[j] / visits[j], visits[j], -j))

    def playout(self, world: Any, rng: SplitMix64) -> float:
        """Play a world on with the policy, to its end or the horizon; the result for this bot's seat."""
        step = self.step or _apply
        for _ in range(min(self.horizon, ROLLOUT_LIMIT)):
            if world.is_over:
                break
            if self.policy is not None:
                step(world, self.policy(world))
            else:
                moves = world.legal_moves()
                step(world, moves[rng.below(len(moves))])
        if world.is_over or self.evaluate is None:
            return win_share(world, self.seat)
        return self.evaluate(world, self.seat)


def _apply(state: Any, move: Any) -> Any:
    return state.apply(move)
