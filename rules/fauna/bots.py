"""Computer players: `random`, the fair `statistician`, and the `naturalist` who knows the answer (sometimes).

The fair `expert` builds on the statistician in rules/fauna/expert.py.

    bot = make_bot(PlayerSpec("hal", bot="statistician"), seed=7, seat=1)
    state.apply(bot.choose(state))

Each bot draws from its own stream, `SplitMix64(seed).fork(BOT_STREAM + seat)`, so adding or changing a
bot never changes the deck order. Decisions use only integer arithmetic and the four basic float
operations (no log/exp), which IEEE-754 rounds the same way everywhere: a seed gives the same moves on
every machine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.core.errors import ConfigError, FaunaError
from rules.core.limits import ProgressGuard
from rules.core.names import normalize, suggest
from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, TWO64, SplitMix64
from rules.fauna.animals import Deck
from rules.fauna.board import Board
from rules.fauna.config import BOT_KINDS, PlayerSpec
from rules.fauna.events import Event
from rules.fauna.front import CardFront
from rules.fauna.game import BOT_STREAM, State
from rules.fauna.judge import CardScores, Spots
from rules.fauna.moves import PASS, Move
from rules.fauna.playout import DECISION_STEP as PLAYOUT_STEP
from rules.fauna.playout import random_rounds
from rules.fauna.scales import Scales
from rules.fauna.scoring import ScoringTable
from rules.fauna.setup import Setup

DEFAULT_SKILL = 0.5  # a naturalist without a configured skill: informed on half its decisions
MAX_ROUNDS = 5000  # a bots-only game longer than this is a bug, not a long game


class Bot(Protocol):
    """A computer player: given the state with it to move, a legal move."""

    kind: str

    def choose(self, state: State) -> Move:
        ...


def spot_move(state: State, k: int) -> Move:
    """The move of the card's spot `k` (-1: pass), as the bots that choose by spot index return it."""
    return PASS if k < 0 else state.card.spots.moves[k]


class RandomBot:
    """Uniformly random among the legal moves (pass counts as one of them once it is allowed)."""

    kind = "random"

    def __init__(self, stream: SplitMix64) -> None:
        self.stream = stream

    def choose(self, state: State) -> Move:
        return self.pick(state, decision_rng(self.stream, state))

    @staticmethod
    def pick(state: State, rng: SplitMix64) -> Move:
        """A uniformly random legal move drawn from `rng`."""
        return spot_move(state, RandomBot.pick_spot(state, rng))

    @staticmethod
    def pick_spot(state: State, rng: SplitMix64) -> int:
        """`pick` as the index of the card's spot (-1: pass)."""
        cur = state.to_move_index
        if state.hand[cur] == 0:
            return -1
        owner = state.owner
        n = len(owner)
        total = n + (1 if state.placed[cur] > 0 else 0)
        below = rng.below
        while True:  # rejection sampling: uniform over the free spots (and pass)
            k = below(total)
            if k == n:
                return -1
            if owner[k] < 0:
                return k


DECISION_STEP = PLAYOUT_STEP  # odd; spaces the decision streams of successive moves (the playout loop draws them too)


def decision_rng(stream: SplitMix64, state: State) -> SplitMix64:
    """The random stream of one decision: a function of the bot's seat stream and the move number only.

    So a bot's choice depends on the position alone, not on what the bot object did before: an undo, a
    game continued by e-mail in a new process, or a replay gets the same decision at the same move.
    """
    # One object and no extra draw per decision (this runs on every bot move): the decision's generator starts at
    # the seat stream's state plus (move number + 1) times an odd constant other than SplitMix64's own step, so
    # the streams of different moves start far apart and the output function mixes them.
    return SplitMix64((stream.state + (state.seq + 1) * DECISION_STEP) & MASK)


class NaturalistBot:
    """Knows the answer, but only some of the time: each decision is informed with probability `skill`.

    An informed decision takes a free spot worth the most true points, or passes (once it may) when no
    free spot scores; an uninformed one is a uniformly random legal move, like the random bot's. So
    skill 1 is near-perfect, 0 is random, and the win rate moves smoothly in between.
    """

    kind = "naturalist"

    def __init__(self, stream: SplitMix64, skill: float) -> None:
        if not 0.0 <= skill <= 1.0:
            raise ConfigError(f"a naturalist's skill must be from 0 to 1, not {skill}", "players.skill")
        self.stream = stream
        self.skill = skill

    def choose(self, state: State) -> Move:
        return spot_move(state, self.spot(state))

    def spot(self, state: State) -> int:
        """The choice as the index of the card's spot (-1: pass): what bots-only play needs, without a Move."""
        cur = state.to_move_index
        if state.hand[cur] == 0:
            return -1
        rng = decision_rng(self.stream, state)  # one draw decides, the next ones pick
        if self.skill < 1.0 and rng.random() >= self.skill:
            return RandomBot.pick_spot(state, rng)
        card, owner = state.card, state.owner
        best_k, best = -1, -1
        for k in card.best_first:  # the first free spot of the most points (ties: spot order)
            if owner[k] < 0:
                best_k, best = k, card.points[k]
                break
        if best <= 0 and state.placed[cur] > 0:
            return -1
        return best_k


# -- the statistician: a fair player that infers from the card front and the rest of the deck ----------------

CLASS_OTHER = 0.1    # weight of an animal of another class, against 1 for the same class
TOKEN_WEIGHT = 15.0  # a shared name word counts this much, divided by how many animals use it
GENUS_WEIGHT = 20.0  # a shared genus (first word of the scientific name)
HINT_BOOST = 16.0    # an area named in the name, when no other animal's name tells how reliable that is
HINT_MAX = 20.0      # the most a name hint can multiply an area's weight
LOSS = 0.5           # points a piece lost to the stock is worth, weighed against the expected gain
MIN_WORD = 4         # shorter name words carry no information


def words(*texts: str) -> frozenset[str]:
    """Lower-case words of at least MIN_WORD letters, e.g. 'Grevy's zebra' -> {'grevy', 'zebra'}."""
    out = set()
    for text in texts:
        for raw in text.replace("-", " ").replace("/", " ").split():
            w = normalize(raw)
            if len(w) >= MIN_WORD:
                out.add(w)
    return frozenset(out)


@dataclass(frozen=True)
class Known:
    """What the deck says about one animal that the statistician may learn from (never the current one)."""

    name: str
    scientific: str
    cls: str
    n_areas: int
    areas: frozenset[int]  # indices into the board's area order
    genus: str
    words: frozenset[str]
    spaces: dict[str, int | None]  # measure -> space index on its scale, in the game's units (None: N/A)


@dataclass
class DeckFacts:
    """The deck digested once per deck, board, scales and units: per-animal facts and word frequencies."""

    known: list[Known]
    df: dict[str, int]  # word -> number of animals whose names use it
    area_words: dict[str, frozenset[int]]  # word of an area's name, alias or continent -> the areas it names
    neighbors: list[tuple[int, ...]]  # area index -> neighbouring area indices


def _facts(deck: Deck, board: Board, scales: Scales, units: str) -> DeckFacts:
    names = board.names
    index = {n: i for i, n in enumerate(names)}
    known = []
    df: dict[str, int] = {}
    for a in deck.animals:
        spaces = {}
        for m, v in a.measures.items():
            spaces[m] = None if v is None else scales.for_measure(m).space_of(v, units)
        ws = words(a.name, a.scientific)
        for w in ws:
            df[w] = df.get(w, 0) + 1
        genus = normalize(a.scientific.split()[0]) if a.scientific.split() else ""
        known.append(Known(a.name, a.scientific, a.cls, a.n_areas, frozenset(index[x] for x in a.areas if x in index),
                           genus, ws, spaces))
    area_words: dict[str, set[int]] = {}
    for area in board.areas:
        for label in (area.name, *area.aliases, area.continent):
            for w in words(label):
                area_words.setdefault(w, set()).add(index[area.name])
    neighbors = [tuple(index[b] for b in board.neighbors(n)) for n in names]
    return DeckFacts(known, df, {w: frozenset(a) for w, a in sorted(area_words.items())}, neighbors)


def deck_facts(setup: Setup) -> DeckFacts:
    """The setup's DeckFacts, worked out once per setup."""
    facts = setup.memo.get("statistician.facts")
    if facts is None:
        facts = setup.memo["statistician.facts"] = _facts(setup.deck, setup.board, setup.scales, setup.units)
    assert isinstance(facts, DeckFacts)
    return facts


@dataclass(frozen=True)
class Estimate:
    """Per spot of the card: expected points and the chance the piece scores nothing."""

    spots: Spots
    gain: tuple[float, ...]
    miss: tuple[float, ...]


def _similarity(front: CardFront, front_words: frozenset[str], genus: str, k: Known, df: dict[str, int]) -> float:
    w = 1.0 if k.cls == front.cls else CLASS_OTHER
    bonus = 1.0
    for word in sorted(front_words & k.words):  # sorted: float sums must not follow the hash seed
        bonus += TOKEN_WEIGHT / df.get(word, 1)
    if genus and k.genus == genus:
        bonus += GENUS_WEIGHT
    return w * bonus


def estimate(front: CardFront, setup: Setup) -> Estimate:
    """What the statistician expects of each spot, from the card front and the *other* animals only.

    Areas: where similar animals live (same class, similar number of areas, shared name words or genus),
    boosted where the name itself names an area or continent, scaled so the expected number of home
    areas equals the number on the card. Scales: where similar animals fall, smoothed over neighbours.
    """
    facts = deck_facts(setup)
    scales, table = setup.scales, setup.table
    n_board = len(facts.neighbors)
    front_words = words(front.name, front.scientific)
    parts = front.scientific.split()
    genus = normalize(parts[0]) if parts else ""
    others = [k for k in facts.known if k.name != front.name and k.scientific != front.scientific]
    sims = [_similarity(front, front_words, genus, k, facts.df) for k in others]

    # Areas ------------------------------------------------------------------------------------------
    n = front.n_areas
    mass = [0.0] * n_board
    total = 0.0
    for k, s in zip(others, sims, strict=True):
        m = k.n_areas
        gap = n - m if n > m else m - n
        w = s / (1.0 + gap / (1.0 + 0.25 * (n if n < m else m)))
        for i in k.areas:
            mass[i] += w
        total += w * m
    for aw, areas in facts.area_words.items():  # 'Malayan', 'madagascariensis', 'African' name areas
        if not any(word.startswith(aw) for word in front_words):
            continue
        named = [k for k in others if any(word.startswith(aw) for word in k.words)]
        if named:  # how often such a name was right for the other animals, against chance
            right = sum(1 for k in named if k.areas & areas)
            chance = max(sum(1 for k in others if k.areas & areas), 1) / len(others)
            boost = min(HINT_MAX, (right + 1) / (len(named) + 2) / chance)
        else:
            boost = HINT_BOOST
        if boost > 1.0:
            for i in areas:
                mass[i] *= boost
    for i in range(n_board):
        mass[i] += 0.01 * (total if total > 0 else 1.0) / n_board  # never quite impossible
    scale = n / sum(mass)
    p = [min(0.95, x * scale) for x in mass]
    row = table.row_for(n)
    spots = setup.judge.spots(tuple(s for m, s, o in front.measures if o))
    gain: list[float] = []
    miss: list[float] = []
    for i in range(n_board):
        none_near = 1.0
        for j in facts.neighbors[i]:
            none_near *= 1.0 - p[j]
        adj = (1.0 - p[i]) * (1.0 - none_near) if row.adjacent > 0 else 0.0
        gain.append(p[i] * row.correct + adj * row.adjacent)
        miss.append(1.0 - p[i] - adj)

    # Scales -----------------------------------------------------------------------------------------
    scale_estimates(front, scales, table, others, sims, gain, miss)
    return Estimate(spots, tuple(gain), tuple(miss))


class SizedAnimal(Protocol):
    """An animal a bot may know, as far as the scales go: its space on each measure (None: N/A)."""

    @property
    def spaces(self) -> dict[str, int | None]: ...


def scale_estimates(front: CardFront, scales: Scales, table: ScoringTable, others: Sequence[SizedAnimal],
                    sims: list[float], gain: list[float], miss: list[float]) -> None:
    """Append each open scale space's expected points and chance of a miss, from similar animals' spaces.

    `others` are the animals the bot may know (never the card in play) and `sims` how alike each is to the card.
    """
    for measure, key, open_ in front.measures:
        if not open_:
            continue
        size = len(scales.get(key))
        hist = [0.0] * size
        for k, s in zip(others, sims, strict=True):
            sp = k.spaces.get(measure)
            if sp is None and key == "length":  # fall back on another size measure on the same scale
                sp = next((k.spaces[m] for m in ("length", "total_length", "height") if k.spaces.get(m) is not None),
                          None)
                s *= 0.3
            if sp is not None:
                hist[sp] += s
        smooth = [hist[i] + 0.5 * ((hist[i - 1] if i > 0 else 0.0) + (hist[i + 1] if i + 1 < size else 0.0))
                  for i in range(size)]
        tot = sum(smooth)
        prob = [(x + 0.002 * tot) / (tot * (1.0 + 0.002 * size)) if tot > 0 else 1.0 / size for x in smooth]
        for i in range(size):
            near = (prob[i - 1] if i > 0 else 0.0) + (prob[i + 1] if i + 1 < size else 0.0)
            gain.append(prob[i] * table.scale_correct + near * table.scale_adjacent)
            miss.append(1.0 - prob[i] - near)


Decision = tuple[Estimate, tuple[int, ...], tuple[float, ...]]  # estimate, spots best first, utility per spot


def ranking(est: Estimate, loss: float) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Spots from best to worst by expected points less `loss` per point-less piece (ties: spot order)."""
    utility = tuple(g - loss * m for g, m in zip(est.gain, est.miss, strict=True))
    order = tuple(sorted(range(len(utility)), key=lambda k: (-utility[k], k)))
    return order, utility


class StatisticianBot:
    """A fair player: sees the card front, the board and the pieces, never the answer.

    It takes the free spot with the best expected points less the expected cost of losing the piece,
    and passes (once it may) when no spot is worth that risk. It is deterministic: it needs no random
    stream, so its seat's stream is left unused.
    """

    kind = "statistician"

    def __init__(self, loss: float | None = None) -> None:
        self.loss = LOSS if loss is None else loss

    def _decision(self, state: State) -> Decision:
        """The estimate and ranking for the round's card, kept in the setup per card object and loss.

        A game's card (its CardScores: one object per animal and setup, hashed by identity) fixes everything
        an estimate depends on, so a lookup hashes no card front or scoring table (hashing them was a fifth of
        the statistician's time). Only the card's identity is used, never its answer: the estimate itself is
        worked out from the front, once per front and setup.
        """
        setup, card = state.setup, state.card
        decisions: dict[tuple[CardScores, float], Decision] = setup.memo.setdefault(f"{self.kind}.decisions", {})
        key = (card, self.loss)
        hit = decisions.get(key)
        if hit is not None:
            return hit
        estimates: dict[CardFront, Estimate] = setup.memo.setdefault(f"{self.kind}.estimates", {})
        front = state.front
        est = estimates.get(front)
        if est is None:
            est = estimates[front] = self.estimate(front, setup)
        decision = decisions[key] = (est, *ranking(est, self.loss))
        return decision

    @staticmethod
    def estimate(front: CardFront, setup: Setup) -> Estimate:
        """The expected points of each spot for this card front: the statistician's reading of the deck."""
        return estimate(front, setup)

    def choose(self, state: State) -> Move:
        return spot_move(state, self.spot(state))

    def spot(self, state: State) -> int:
        """The choice as the index of the card's spot (-1: pass): what bots-only play needs, without a Move."""
        cur = state.to_move_index
        if state.hand[cur] == 0:
            return -1
        est, order, utility = self._decision(state)
        spots = state.card.spots
        same = est.spots is spots
        if same:
            owner = state.owner
        else:  # the front lists the scales in another order than the card's spots
            owner = [state.owner[spots.index[t]] for t in est.spots.targets]
        for k in order:  # the best free spot
            if owner[k] < 0:
                break
        else:  # every spot taken (cannot happen with 75 areas and 36 pieces at most): nothing to place on
            return -1
        if state.placed[cur] > 0 and utility[k] < 0.0:
            return -1
        return k if same else spots.index[est.spots.targets[k]]


# -- making bots and playing them --------------------------------------------------------------------------

def make_bot(spec: PlayerSpec, seed: int, seat: int) -> Bot:
    """The computer player a seat's spec asks for, with its own random stream from the game seed and seat."""
    if spec.bot is None:
        raise ConfigError(f"{spec.name} is not a computer player (no bot kind)", "players.bot")
    if spec.bot not in BOT_KINDS:
        hints = suggest(spec.bot, {k: k for k in BOT_KINDS})
        raise ConfigError(f"{spec.name}: unknown bot kind {spec.bot!r}; choose {', '.join(BOT_KINDS)}"
                          + (f" (did you mean {hints[0]!r}?)" if hints else ""), "players.bot")
    if spec.skill is not None and spec.bot != "naturalist":
        raise ConfigError(f"{spec.name}: skill applies only to naturalist bots, not to a {spec.bot}", "players.skill")
    rng = SplitMix64(seed).fork(BOT_STREAM + seat)
    if spec.bot == "random":
        return RandomBot(rng)
    if spec.bot == "statistician":
        return StatisticianBot()
    if spec.bot == "expert":
        from rules.fauna.expert import ExpertBot  # it builds on this module
        return ExpertBot()
    return NaturalistBot(rng, DEFAULT_SKILL if spec.skill is None else spec.skill)


def make_bots(state: State) -> list[Bot | None]:
    """One bot per seat of the game (None for the human seats)."""
    return [None if p.bot is None else make_bot(p, state.seed, seat) for seat, p in enumerate(state.config.players)]


class GameTooLong(FaunaError):
    """A bots-only game that did not end: a rules or bot bug, reported rather than looping forever."""


def bot_turns(state: State, bots: list[Bot | None]) -> Iterator[tuple[str, Move, list[Event]]]:
    """Play the bots' turns, one per iteration, until a human is to move or the game ends.

    Yields (player, move, events) after each move, so a front end can show it before the next. A run
    in which nobody scores for MAX_IDLE_ROUNDS rounds, or longer than MAX_ROUNDS, stops with an error
    instead of spinning forever.
    """
    guard = ProgressGuard()
    while not state.over:
        bot = bots[state.to_move_index]
        if bot is None:
            return
        name = state.names[state.to_move_index]
        move = bot.choose(state)
        rnd = state.round
        yield name, move, state.apply(move, name)
        guard.see(state.round, state.score)
        _after_move(state, rnd, None)


RoundHook = Callable[[State], object]  # called with the state after each evaluation


def play_out(state: State, bots: list[Bot | None], *, quiet: bool = True, on_round: RoundHook | None = None) -> State:
    """Let the bots play until the game ends; `on_round(state)` is called after each evaluation.

    Quiet play (no events) runs the placement rules of `State.apply` in one loop, with the random bot's
    draws written out, because simulations and the benchmark spend nearly all their time here; with random
    bots in every seat the whole game is one loop (rules/fauna/playout.py). It leaves the same state, history
    included, as applying the moves one by one; tests/test_bots.py and tests/test_fauna_playout.py compare
    the two over many games of every bot kind.
    """
    guard = ProgressGuard()  # rounds in a row without a point: a table that pays (next to) nothing
    if not quiet:
        while not state.over:
            rnd = state.round
            bot = bots[state.to_move_index]
            if bot is None:
                raise _human(state)
            state.apply(bot.choose(state))
            _after_move(state, rnd, on_round)
            guard.see(state.round, state.score)
        return state
    bases = [b.stream.state if type(b) is RandomBot else None for b in bots]
    if not state.over and None not in bases:  # random bots only: the placements, evaluations and upkeep in one loop
        def after_round(s: State) -> None:  # _after_move after an evaluation, written out: it runs every round
            if on_round is not None:
                on_round(s)
            if s.round > MAX_ROUNDS:
                raise _too_long(s)
            guard.see(s.round, s.score)

        return random_rounds(state, [b for b in bases if b is not None], after_round)
    while not state.over:
        rnd = state.round
        _place_quietly(state, bots, bases)
        state.evaluate(None)
        _after_move(state, rnd, on_round)
        guard.see(state.round, state.score)
    return state


def _place_quietly(state: State, bots: list[Bot | None], bases: list[int | None]) -> None:
    """One round's placements, from the player to move until nobody is left in the round (State.apply's rules).

    `bases[seat]` is a random bot's seat stream (None for other bots): its decisions are drawn here in
    place, exactly as RandomBot.pick draws them from decision_rng.
    """
    names = state.names
    n = len(names)
    record = state.history.append
    card, owner, round_spots = state.card, state.owner, state.round_spots
    hand, passed, placed = state.hand, state.passed, state.placed
    moves = card.spots.moves
    n_spots = len(owner)
    limit_place, limit_pass = TWO64 - TWO64 % n_spots, TWO64 - TWO64 % (n_spots + 1)
    cur, seq = state.to_move_index, state.seq
    step = (seq + 1) * DECISION_STEP  # of the next move's decision stream
    try:
        while True:
            base = bases[cur]
            if base is not None and hand[cur]:  # RandomBot.pick with decision_rng, drawn in place
                if placed[cur]:
                    total, limit = n_spots + 1, limit_pass
                else:
                    total, limit = n_spots, limit_place
                s = (base + step) & MASK
                while True:
                    s = (s + GOLDEN) & MASK
                    z = ((s ^ (s >> 30)) * MIX1) & MASK
                    z = ((z ^ (z >> 27)) * MIX2) & MASK
                    z ^= z >> 31
                    if z >= limit:
                        continue
                    k = z % total
                    if k == n_spots:
                        k = -1
                        break
                    if owner[k] < 0:
                        break
            else:
                state.seq, state.to_move_index = seq, cur
                k = _bot_spot(state, bots[cur])
            seq += 1
            step += DECISION_STEP
            if k < 0:
                record((names[cur], PASS))
                passed[cur] = True
            else:
                record((names[cur], moves[k]))
                owner[k] = cur
                round_spots.append(k)
                hand[cur] -= 1
                placed[cur] += 1
            j = cur + 1 if cur + 1 < n else 0  # State.next_player, written out for the usual case
            if not passed[j] and hand[j]:
                cur = j
                continue
            found = _next_in_round(cur, passed, hand)
            if found is None:
                break
            cur = found
    finally:
        state.seq, state.to_move_index = seq, cur


def _bot_spot(state: State, bot: Bot | None) -> int:
    """The spot another bot than the random one takes (-1: a pass); every kind passes empty-handed."""
    if bot is None:
        raise _human(state)
    if isinstance(bot, (StatisticianBot, NaturalistBot)):  # they name the spot: no Move to build and check
        return bot.spot(state)
    return -1 if state.hand[state.to_move_index] == 0 else state.check(bot.choose(state))


def _next_in_round(cur: int, passed: list[bool], hand: list[int]) -> int | None:
    """State.next_player without events: the next seat clockwise still in the round, passing empty hands on the way."""
    n = len(passed)
    j = cur
    for _ in range(n):
        j = j + 1 if j + 1 < n else 0
        if passed[j]:
            continue
        if hand[j] == 0:
            passed[j] = True
            continue
        return j
    return None


def _human(state: State) -> ConfigError:
    return ConfigError(f"{state.to_move} is a human player; play_out needs a bot in every seat", "players.bot")


def _after_move(state: State, rnd: int, on_round: RoundHook | None) -> None:
    """Report a finished round, and stop a bots-only game that runs away."""
    if state.round != rnd or state.over:
        if on_round is not None:
            on_round(state)
        if state.round > MAX_ROUNDS:
            raise _too_long(state)


def _too_long(state: State) -> GameTooLong:
    return GameTooLong(f"the game passed {MAX_ROUNDS} rounds without a winner (seed {state.seed})")
