"""A game of Fauna: placement, evaluation, upkeep between rounds and the end, as pure state changes."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import ConfigError, IllegalMove
from rules.core.rng import SplitMix64
from rules.fauna.animals import MEASURE_TITLES, Animal, Deck
from rules.fauna.board import Board
from rules.fauna.config import Config
from rules.fauna.events import (Answer, Event, GameOver, Passed, PieceScore, Placed, PlayerRound, RoundEvaluated,
                                RoundStarted, Upkeep)
from rules.fauna.moves import PASS, Move, parse_move
from rules.fauna.scales import Scales

PIECES = 6  # each player has 7 pieces; one marks the score, six are playable
REFILL_TO = 3
BOT_STREAM = 0xB07  # label of the bots' random stream, separate from the deck's


@dataclass(frozen=True)
class CardFront:
    """What players see while placing: class, names, number of areas and the measures asked."""

    cls: str
    name: str
    scientific: str
    n_areas: int
    measures: tuple[tuple[str, str, bool], ...]  # (measure, scale key, open); open False = N/A

    def to_dict(self) -> dict:
        return {"class": self.cls, "name": self.name, "scientific": self.scientific, "areas": self.n_areas,
                "measures": [{"measure": m, "title": MEASURE_TITLES[m], "scale": s, "open": o}
                             for m, s, o in self.measures]}


def card_front(animal: Animal) -> CardFront:
    """The upper half of a card, never showing the answer."""
    measures = []
    for m in ("weight", "length", "total_length", "height", "tail"):
        if m in animal.measures:
            scale = "weight" if m == "weight" else "tail" if m == "tail" else "length"
            measures.append((m, scale, animal.measures[m] is not None))
    return CardFront(animal.cls, animal.name, animal.scientific, animal.n_areas, tuple(measures))


def deal(config: Config, seed: int, deck: Deck) -> tuple[int, list[Animal]]:
    """The starting seat drawn from the seed and the box order of the chosen cards.

    Draw order (part of the replay format): 1) one `below(players)` for the starting seat, drawn
    even when the config names the starter; 2) Fisher-Yates over the card numbers, ascending;
    3) with mixed cards, one `below(2)` per card in box order: 0 green side, 1 black side.
    """
    rng = SplitMix64(seed)
    drawn_start = rng.below(len(config.players))
    sides = ("green", "black") if config.cards == "mixed" else (config.cards,)
    numbers = [n for n in sorted(deck.cards) if any(s in deck.cards[n] for s in sides)]
    if not numbers:
        raise ConfigError(f"the deck has no {config.cards} cards", "game.cards")
    rng.shuffle(numbers)
    order = []
    for n in numbers:
        card = deck.cards[n]
        if config.cards == "mixed":
            want = ("green", "black")[rng.below(2)]
            order.append(card.get(want) or next(iter(card.values())))
        else:
            order.append(card[config.cards])
    return drawn_start, order


class State:
    """Everything needed to continue a game. `apply` changes it and returns what happened."""

    def __init__(self, config: Config, seed: int, board: Board, scales: Scales, deck: Deck) -> None:
        self.config = config
        self.seed = seed
        self.board = board
        self.scales = scales
        self.deck = deck
        self.table = config.table
        self.names = config.names
        self.goal = config.target
        drawn, self.order = deal(config, seed, deck)
        n = len(self.names)
        self.start = self.names.index(config.start) if config.start is not None else drawn
        self.hand = [PIECES] * n
        self.stock = [0] * n
        self.score = [0] * n
        self.passed = [False] * n
        self.placed = [0] * n  # pieces placed this round, per player
        self.pieces: dict[tuple, int] = {}  # target -> player index, in placement order
        self.moves: list[Move] = []  # this round's placements in order, for evaluation
        self.round = 1
        self.card_pos = 0
        self.seq = 0
        self.history: list[tuple[str, Move]] = []
        self.over = False
        self.winners: tuple[str, ...] = ()
        self.to_move_index: int | None = self.start
        self._space_cache: dict[tuple[str, str], int | None] = {}

    # -- what players see -------------------------------------------------------------------
    @property
    def animal(self) -> Animal:
        """The animal of the current round (its answer is for evaluation, not for display)."""
        return self.order[self.card_pos % len(self.order)]

    @property
    def front(self) -> CardFront:
        """The visible half of the current card."""
        return card_front(self.animal)

    @property
    def to_move(self) -> str | None:
        """Name of the player whose turn it is; None when the game is over."""
        return None if self.to_move_index is None else self.names[self.to_move_index]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def units(self) -> str:
        return self.config.units

    def scores(self) -> dict[str, int]:
        """Current totals by player."""
        return dict(zip(self.names, self.score))

    def taken(self) -> list[tuple[str, str]]:
        """(move text, owner) for every piece on the board, in placement order."""
        return [(self.move_text(m), self.names[self.pieces[m.target]]) for m in self.moves]

    def move_text(self, move: Move) -> str:
        """A move as written in scripts and logs, in this game's units."""
        return move.text(self.scales, self.units)

    def parse(self, text: str) -> Move:
        """Parse a move in this game's units."""
        return parse_move(text, self.board, self.scales, self.units)

    def started_event(self) -> RoundStarted:
        """The event that opens the current round."""
        a = self.animal
        return RoundStarted(self.round, self.names[self.start], a.name, a.card, a.side)

    # -- rules of placement -----------------------------------------------------------------
    def check(self, move: Move, player: str | None = None) -> None:
        """Raise IllegalMove with a reason when `move` is not allowed now (for `player`, if given)."""
        if self.over:
            raise IllegalMove("the game is over")
        cur = self.to_move_index
        if player is not None and player != self.names[cur]:
            if player not in self.names:
                raise IllegalMove(f"{player!r} is not playing in this game (players: {', '.join(self.names)})")
            if self.passed[self.names.index(player)]:
                raise IllegalMove(f"{player} passed this round and cannot place again until the next round")
            raise IllegalMove(f"it is {self.names[cur]}'s turn, not {player}'s")
        if move.kind == "pass":
            if self.placed[cur] == 0 and self.hand[cur] > 0:
                raise IllegalMove("everyone must place a piece in the first go-around of a round; pass later")
            return
        if self.hand[cur] == 0:
            raise IllegalMove("you have no pieces left to place")
        owner = self.pieces.get(move.target)
        if owner is not None:
            who = "you" if owner == cur else self.names[owner]
            raise IllegalMove(f"{self.move_text(move)} is already taken by {who}")
        if move.kind == "scale":
            animal = self.animal
            measure = animal.scale_measure(move.scale)
            title = self.scales.get(move.scale).title.lower()
            if measure is None:
                raise IllegalMove(f"the {title} scale is not asked for this animal")
            if animal.measures[measure] is None:
                raise IllegalMove(f"{MEASURE_TITLES[measure]} is N/A for this animal: the {title} scale is closed")
            if not 0 <= move.space < len(self.scales.get(move.scale)):
                raise IllegalMove(f"the {title} scale has no space {move.space + 1}")
        elif move.kind == "area":
            self.board.area(move.area)

    def legal_moves(self) -> list[Move]:
        """Every move the player to move may make now: pass (when allowed) and each free spot."""
        if self.over:
            return []
        cur = self.to_move_index
        out: list[Move] = []
        if self.placed[cur] > 0 or self.hand[cur] == 0:
            out.append(PASS)
        if self.hand[cur] == 0:
            return out
        taken = self.pieces
        out.extend(Move("area", area=name) for name in self.board.names if ("area", name) not in taken)
        animal = self.animal
        for key in animal.open_scales():
            for i in range(len(self.scales.get(key))):
                if ("scale", key, i) not in taken:
                    out.append(Move("scale", scale=key, space=i))
        return out

    def apply(self, move: Move | str, player: str | None = None) -> list[Event]:
        """Play a move for the player to move (checked against `player` when given); return the events."""
        if isinstance(move, str):
            move = self.parse(move)
        self.check(move, player)
        cur = self.to_move_index
        name = self.names[cur]
        self.seq += 1
        self.history.append((name, move))
        events: list[Event] = []
        if move.kind == "pass":
            self.passed[cur] = True
            events.append(Passed(self.seq, self.round, name))
        else:
            self.pieces[move.target] = cur
            self.moves.append(move)
            self.hand[cur] -= 1
            self.placed[cur] += 1
            events.append(Placed(self.seq, self.round, name, self.move_text(move), self.hand[cur]))
        self._advance(cur, events)
        return events

    def _advance(self, cur: int, events: list[Event]) -> None:
        """Hand the turn clockwise to the next player still in the round; evaluate when none is."""
        n = len(self.names)
        for step in range(1, n + 1):
            j = (cur + step) % n
            if self.passed[j]:
                continue
            if self.hand[j] == 0:
                self.passed[j] = True
                events.append(Passed(self.seq, self.round, self.names[j], auto=True))
                continue
            self.to_move_index = j
            return
        self._evaluate(events)

    # -- evaluation and upkeep ----------------------------------------------------------------
    def correct_space(self, scale_key: str, animal: Animal | None = None) -> int | None:
        """0-based correct space of the animal on a scale in this game's units (None: closed)."""
        animal = animal or self.animal
        key = (animal.name, scale_key)
        if key not in self._space_cache:
            value = animal.scale_value(scale_key)
            self._space_cache[key] = None if value is None else self.scales.get(scale_key).space_of(value, self.units)
        return self._space_cache[key]

    def answer(self, animal: Animal | None = None) -> Answer:
        """The lower half of the card in this game's units."""
        animal = animal or self.animal
        rows = []
        for m in ("weight", "length", "total_length", "height", "tail"):
            if m not in animal.measures:
                continue
            scale = self.scales.for_measure(m)
            v = animal.measures[m]
            if v is None:
                rows.append((m, scale.key, "N/A", "closed"))
            else:
                side = scale.side(self.units)
                rows.append((m, scale.key, side.format_value(v), side.spaces[side.space_of(v)].label))
        return Answer(animal.areas, tuple(rows))

    def score_move(self, move: Move, animal: Animal | None = None) -> tuple[str, int, str]:
        """(verdict, points, reason) for one piece against an animal, by the game's preset."""
        animal = animal or self.animal
        table = self.table
        if move.kind == "area":
            n = animal.n_areas
            row = table.row_for(n)
            band = f"{row.span} area{'s' if n != 1 else ''}"
            if move.area in animal.areas:
                return "correct", row.correct, f"lives here; {n} areas, row {band}: {row.correct} points"
            homes = [a for a in self.board.neighbors(move.area) if a in animal.areas]
            if homes:
                near = ", ".join(homes[:3]) + (" ..." if len(homes) > 3 else "")
                if row.adjacent > 0:
                    return "adjacent", row.adjacent, f"next to {near}; {n} areas, row {band}: {row.adjacent} points"
                return "nothing", 0, f"next to {near}, but the row {band} gives nothing for adjacent areas"
            return "nothing", 0, "not a home area and not next to one"
        scale = self.scales.get(move.scale)
        c = self.correct_space(move.scale, animal)
        label = scale.label(c, self.units)
        d = abs(move.space - c)
        if d == 0:
            return "correct", table.scale_correct, f"correct space: {table.scale_correct} points"
        if d == 1:
            return "adjacent", table.scale_adjacent, f"next to the correct space {label}: {table.scale_adjacent} points"
        return "nothing", 0, f"the correct space is {label}"

    def _evaluate(self, events: list[Event]) -> None:
        animal = self.animal
        n = len(self.names)
        gained = [0] * n
        back = [0] * n
        lost = [0] * n
        results = []
        for move in self.moves:
            p = self.pieces[move.target]
            verdict, points, reason = self.score_move(move, animal)
            results.append(PieceScore(self.names[p], self.move_text(move), verdict, points, reason))
            if points > 0:
                gained[p] += points
                back[p] += 1
            else:
                lost[p] += 1
        for p in range(n):
            self.score[p] += gained[p]
            self.hand[p] += back[p]
            self.stock[p] += lost[p]
        events.append(RoundEvaluated(
            self.round, animal.name, animal.scientific, animal.n_areas, self.answer(animal), tuple(results),
            tuple(PlayerRound(self.names[p], gained[p], self.score[p], back[p], lost[p]) for p in range(n)),
        ))
        self.pieces = {}
        self.moves = []
        best = max(self.score)
        if best >= self.goal:
            self.over = True
            self.to_move_index = None
            self.winners = tuple(self.names[p] for p in range(n) if self.score[p] == best)
            events.append(GameOver(self.round, self.winners, tuple(zip(self.names, self.score))))
            return
        took, refilled = [], []
        for p in range(n):
            t = 1 if self.stock[p] > 0 else 0
            self.stock[p] -= t
            self.hand[p] += t
            r = min(max(REFILL_TO - self.hand[p], 0), self.stock[p])
            self.stock[p] -= r
            self.hand[p] += r
            took.append((self.names[p], t))
            refilled.append((self.names[p], r))
        events.append(Upkeep(self.round, tuple(took), tuple(refilled), tuple(zip(self.names, self.hand)),
                             tuple(zip(self.names, self.stock))))
        self.start = (self.start + 1) % n
        self.round += 1
        self.card_pos += 1
        self.passed = [False] * n
        self.placed = [0] * n
        self.to_move_index = self.start
        events.append(self.started_event())

    def copy(self) -> "State":
        """An independent copy (for undo and look-ahead); data and config are shared, not copied."""
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        for attr in ("hand", "stock", "score", "passed", "placed", "moves", "history"):
            setattr(new, attr, list(getattr(self, attr)))
        new.pieces = dict(self.pieces)
        return new


def new_game(config: Config, seed: int | None = None, *, board: Board | None = None, scales: Scales | None = None,
             deck: Deck | None = None) -> State:
    """Start a game; the seed (argument, else the config's) fixes the starting player and card order."""
    seed = config.seed if seed is None else seed
    if seed is None:
        raise ConfigError("a game needs a seed: set game.seed or pass one", "game.seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ConfigError("the seed must be a whole number from 0 to 2^64-1", "game.seed")
    if config.seed != seed:
        config = config.with_seed(seed)
    return State(config, seed, board or Board.default(), scales or Scales.default(), deck or Deck.default())
