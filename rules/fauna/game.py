"""A game of Fauna: placement, evaluation, upkeep between rounds and the end, as pure state changes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.errors import ConfigError, IllegalMove
from rules.fauna.animals import MEASURE_TITLES, Animal, Deck
from rules.fauna.board import Board
from rules.fauna.config import Config
from rules.fauna.dealing import Box, deal
from rules.fauna.events import (Answer, Event, GameOver, Passed, PieceScore, Placed, PlayerRound, RoundEvaluated,
                                RoundStarted, Upkeep)
from rules.fauna.moves import PASS, Move, parse_move
from rules.fauna.scales import Scales

PIECES = 6  # each player has 7 pieces; one marks the score, six are playable
REFILL_TO = 3
BOT_STREAM = 0xB07  # label of the bots' random stream, separate from the deck's


@dataclass(frozen=True)
class Spots:
    """Every spot a piece could take for one set of open scales, as prebuilt moves and their targets.

    Built once per board, scales and open-scale combination and shared, so legal moves and bots need not
    construct Move objects on every turn. Order: areas in board order, then each open scale's spaces. The
    state refers to a spot by its position in this order (its index).
    """

    moves: tuple[Move, ...]
    targets: tuple[tuple, ...]
    n_areas: int
    index: dict  # target -> position


@dataclass(frozen=True)
class BoardIndex:
    """Per-board lookups used on every move: canonical area names and each area's neighbours."""

    names: frozenset
    neighbors: dict  # area name -> tuple of neighbouring area names


# Where a scoring piece's points come from, per spot of a card (State.tally counts them per player).
MAP_CORRECT, MAP_ADJACENT, SCALES, PLACED, LOST = range(5)
TALLY_KEYS = ("map_correct", "map_adjacent", "scales", "placed", "lost")


@dataclass(frozen=True)
class CardScores:
    """One animal scored against every spot of its card, by position in its Spots: the rules applied once."""

    spots: Spots
    verdicts: tuple[str, ...]  # correct / adjacent / nothing
    points: tuple[int, ...]
    sources: tuple[int, ...]  # MAP_CORRECT, MAP_ADJACENT or SCALES (for a spot that scores)


_SPOTS: dict[tuple, tuple[Board, Scales, Spots]] = {}
_BOARDS: dict[int, tuple[Board, BoardIndex]] = {}
_TEXTS: dict[tuple, tuple[Board, Scales, "MoveTexts"]] = {}


class MoveTexts:
    """Moves read and written in one game setup (board, scales, units), remembered: both are pure and frequent."""

    LIMIT = 20000  # texts remembered; anything can be typed, so the memory is bounded

    def __init__(self, board: Board, scales: Scales, units: str) -> None:
        self.board, self.scales, self.units = board, scales, units
        self.parsed: dict[str, Move] = {}
        self.written: dict[int, tuple[Move, str]] = {}

    def parse(self, text: str) -> Move:
        move = self.parsed.get(text)
        if move is None:
            move = parse_move(text, self.board, self.scales, self.units)
            if len(self.parsed) >= self.LIMIT:
                self.parsed.clear()
            self.parsed[text] = move
        return move

    def text(self, move: Move) -> str:
        hit = self.written.get(id(move))  # by identity: hashing a Move costs more than writing most of them
        if hit is None:
            if len(self.written) >= self.LIMIT:
                self.written.clear()
            hit = self.written[id(move)] = (move, move.text(self.scales, self.units))  # holds the move: ids stay unique
        return hit[1]


def move_texts(board: Board, scales: Scales, units: str) -> MoveTexts:
    """The shared MoveTexts of a setup (the entry holds the board and scales, so their ids stay theirs)."""
    key = (id(board), id(scales), units)
    hit = _TEXTS.get(key)
    if hit is None:
        if len(_TEXTS) > 64:
            _TEXTS.clear()
        hit = _TEXTS[key] = (board, scales, MoveTexts(board, scales, units))
    return hit[2]
_SPACES: dict[tuple, tuple[Animal, Scales, int | None]] = {}  # (animal, scales, units, scale) -> correct space
_ANSWERS: dict[tuple, tuple[Animal, Scales, Answer]] = {}  # (animal, scales, units) -> the card's lower half
_CARDS: dict[tuple, tuple] = {}  # (animal, board, scales, table, units) -> CardScores
_REASONS: dict[tuple, tuple] = {}  # (animal, board, scales, table, units, spot) -> the reason text of its verdict


def board_index(board: Board) -> BoardIndex:
    """The cached lookups of a board (kept with a reference to the board, so ids are never reused)."""
    hit = _BOARDS.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    index = BoardIndex(frozenset(board.names), {n: tuple(board.neighbors(n)) for n in board.names})
    _BOARDS[id(board)] = (board, index)
    return index


def spots_for(board: Board, scales: Scales, open_scales: tuple[str, ...]) -> Spots:
    """All spots (free or not) for a card whose open scales are `open_scales`, in legal-move order."""
    key = (id(board), id(scales), open_scales)
    hit = _SPOTS.get(key)
    if hit is not None and hit[0] is board and hit[1] is scales:
        return hit[2]
    moves = [Move("area", area=name) for name in board.names]
    n_areas = len(moves)
    for k in open_scales:
        moves.extend(Move("scale", scale=k, space=i) for i in range(len(scales.get(k))))
    targets = tuple(m.target for m in moves)
    spots = Spots(tuple(moves), targets, n_areas, {t: i for i, t in enumerate(targets)})
    _SPOTS[key] = (board, scales, spots)
    return spots


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


class State:
    """Everything needed to continue a game. `apply` changes it and returns what happened.

    Pieces are kept by spot position (see Spots): `owner[k]` is the player on spot k of the current card
    (-1: free) and `round_spots` the spots taken this round in placement order; `pieces` and `moves`
    give the same as targets and Move objects.
    """

    def __init__(self, config: Config, seed: int, board: Board, scales: Scales, deck: Deck,
                 order: Sequence[Animal] | None = None) -> None:
        self.config = config
        self.seed = seed
        self.board = board
        self.scales = scales
        self.deck = deck
        self.table = config.table
        self.names = config.names
        self.goal = config.target
        drawn, self.box = deal(config.cards, len(config.players), seed, deck)
        if order is not None:  # a fixed sequence of animals (rule cases); the seed still draws the starter
            self.box = Box.fixed(order)
        n = len(self.names)
        self.start = self.names.index(config.start) if config.start is not None else drawn
        self.hand = [PIECES] * n
        self.stock = [0] * n
        self.score = [0] * n
        self.tally = [[0] * len(TALLY_KEYS) for _ in range(n)]  # per player, counted at each evaluation
        self.round = 1
        self.card_pos = 0
        self.seq = 0
        self.history: list[tuple[str, Move]] = []
        self.over = False
        self.winners: tuple[str, ...] = ()
        self._index = board_index(board)
        self._setup = (id(board), id(scales), id(self.table), config.units)  # what a card's scores depend on
        self._texts = move_texts(board, scales, config.units)
        self._last: tuple[CardScores, list[int], list[int]] | None = None  # last evaluation: card, spots, owner
        self._begin_round()

    def _begin_round(self) -> None:
        """Clear the round's placements and look up the new card's spots and scores."""
        n = len(self.names)
        self.passed = [False] * n
        self.placed = [0] * n  # pieces placed this round, per player
        self.card = self.card_scores(self.animal)
        self.owner = [-1] * len(self.card.points)
        self.round_spots: list[int] = []
        self.to_move_index: int | None = self.start

    # -- what players see -------------------------------------------------------------------
    @property
    def animal(self) -> Animal:
        """The animal of the current round (its answer is for evaluation, not for display)."""
        return self.box.card(self.card_pos)

    @property
    def order(self) -> list[Animal]:
        """Every card of the game in the order it comes up (the whole box, drawn from the seed)."""
        return self.box.order()

    @order.setter
    def order(self, animals: Sequence[Animal]) -> None:
        self.box = Box.fixed(animals)

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

    @property
    def pieces(self) -> dict[tuple, int]:
        """Target -> player index for every piece on the board, in placement order."""
        targets, owner = self.card.spots.targets, self.owner
        return {targets[k]: owner[k] for k in self.round_spots}

    @property
    def moves(self) -> list[Move]:
        """This round's placements in order."""
        moves = self.card.spots.moves
        return [moves[k] for k in self.round_spots]

    @property
    def evaluated(self) -> tuple[tuple[int, Move, str, int], ...]:
        """The last evaluation, piece by piece: (player, move, verdict, points)."""
        if self._last is None:
            return ()
        card, spots, owner = self._last
        return tuple((owner[k], card.spots.moves[k], card.verdicts[k], card.points[k]) for k in spots)

    def scores(self) -> dict[str, int]:
        """Current totals by player."""
        return dict(zip(self.names, self.score))

    def taken(self) -> list[tuple[str, str]]:
        """(move text, owner) for every piece on the board, in placement order."""
        moves = self.card.spots.moves
        return [(self.move_text(moves[k]), self.names[self.owner[k]]) for k in self.round_spots]

    def move_text(self, move: Move) -> str:
        """A move as written in scripts and logs, in this game's units."""
        return self._texts.text(move)

    def parse(self, text: str) -> Move:
        """Parse a move in this game's units."""
        return self._texts.parse(text)

    def spots(self) -> Spots:
        """Every spot of the current card (areas, then the open scales' spaces), taken or not."""
        return self.card.spots

    def started_event(self) -> RoundStarted:
        """The event that opens the current round."""
        a = self.animal
        return RoundStarted(self.round, self.names[self.start], a.name, a.card, a.side)

    # -- rules of placement -----------------------------------------------------------------
    def check(self, move: Move, player: str | None = None) -> None:
        """Raise IllegalMove with a reason when `move` is not allowed now (for `player`, if given)."""
        self._spot(move, player)

    def _spot(self, move: Move, player: str | None) -> int:
        """The spot `move` takes (-1 for a pass) if it is legal now; else IllegalMove with the reason."""
        if self.over:
            raise IllegalMove("the game is over")
        cur = self.to_move_index
        if player is not None and player != self.names[cur]:
            if player not in self.names:
                raise IllegalMove(f"{player!r} is not playing in this game (players: {', '.join(self.names)})")
            if self.passed[self.names.index(player)]:
                raise IllegalMove(f"{player} passed this round and cannot place again until the next round")
            raise IllegalMove(f"it is {self.names[cur]}'s turn, not {player}'s")
        kind = move.kind
        if kind == "pass":
            if self.placed[cur] == 0 and self.hand[cur] > 0:
                raise IllegalMove("everyone must place a piece in the first go-around of a round; pass later")
            return -1
        if self.hand[cur] == 0:
            raise IllegalMove("you have no pieces left to place")
        k = self.card.spots.index.get(move.target)
        if k is None and kind == "area":  # an alias that bypassed parsing, or an unknown name (UnknownArea)
            k = self.card.spots.index.get(("area", self.board.area(move.area).name))
        if k is not None:
            owner = self.owner[k]
            if owner < 0:
                return k
            who = "you" if owner == cur else self.names[owner]
            raise IllegalMove(f"{self.move_text(move)} is already taken by {who}")
        if kind == "scale":  # not a spot of this card: say why
            animal = self.animal
            measure = animal.scale_measure(move.scale)
            title = self.scales.get(move.scale).title.lower()
            if measure is None:
                raise IllegalMove(f"the {title} scale is not asked for this animal")
            if animal.measures[measure] is None:
                raise IllegalMove(f"{MEASURE_TITLES[measure]} is N/A for this animal: the {title} scale is closed")
            raise IllegalMove(f"the {title} scale has no space {move.space + 1}")
        raise IllegalMove(f"{move.text(self.scales, self.units)!r} is not a spot of this card")

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
        owner = self.owner
        out.extend(m for m, o in zip(self.card.spots.moves, owner) if o < 0)
        return out

    def apply(self, move: Move | str, player: str | None = None, *, quiet: bool = False) -> list[Event]:
        """Play a move for the player to move (checked against `player` when given); return the events.

        With `quiet` (for simulations) the state changes exactly the same way but no events are built and
        the result is an empty list.
        """
        if isinstance(move, str):
            move = self.parse(move)
        k = self._spot(move, player)
        move = PASS if k < 0 else self.card.spots.moves[k]  # as the rules name it (an alias becomes the area)
        cur = self.to_move_index
        name = self.names[cur]
        self.seq += 1
        self.history.append((name, move))
        events: list[Event] = []
        if k < 0:
            self.passed[cur] = True
            if not quiet:
                events.append(Passed(self.seq, self.round, name))
        else:
            self.owner[k] = cur
            self.round_spots.append(k)
            self.hand[cur] -= 1
            self.placed[cur] += 1
            if not quiet:
                events.append(Placed(self.seq, self.round, name, self.move_text(move), self.hand[cur]))
        self._advance(cur, None if quiet else events)
        return events

    def next_player(self, cur: int, events: list[Event] | None = None) -> int | None:
        """The next player clockwise from `cur` still in the round; players with empty hands pass on the way."""
        n = len(self.names)
        passed, hand = self.passed, self.hand
        for step in range(1, n + 1):
            j = (cur + step) % n
            if passed[j]:
                continue
            if hand[j] == 0:
                passed[j] = True
                if events is not None:
                    events.append(Passed(self.seq, self.round, self.names[j], auto=True))
                continue
            return j
        return None

    def _advance(self, cur: int, events: list[Event] | None) -> None:
        """Hand the turn clockwise to the next player still in the round; evaluate when none is."""
        j = cur + 1 if cur + 1 < len(self.names) else 0
        if not self.passed[j] and self.hand[j]:  # the usual case, without the search
            self.to_move_index = j
            return
        j = self.next_player(cur, events)
        if j is None:
            self.evaluate(events)
        else:
            self.to_move_index = j

    # -- evaluation and upkeep ----------------------------------------------------------------
    def correct_space(self, scale_key: str, animal: Animal | None = None) -> int | None:
        """0-based correct space of the animal on a scale in this game's units (None: closed)."""
        animal = animal or self.animal
        scales = self.scales
        key = (id(animal), id(scales), self.units, scale_key)
        hit = _SPACES.get(key)
        if hit is not None and hit[0] is animal and hit[1] is scales:
            return hit[2]
        value = animal.scale_value(scale_key)
        space = None if value is None else scales.get(scale_key).space_of(value, self.units)
        if len(_SPACES) > 50000:
            _SPACES.clear()
        _SPACES[key] = (animal, scales, space)
        return space

    def answer(self, animal: Animal | None = None) -> Answer:
        """The lower half of the card in this game's units."""
        animal = animal or self.animal
        scales = self.scales
        key = (id(animal), id(scales), self.units)
        hit = _ANSWERS.get(key)
        if hit is not None and hit[0] is animal and hit[1] is scales:
            return hit[2]
        rows = []
        for m in ("weight", "length", "total_length", "height", "tail"):
            if m not in animal.measures:
                continue
            scale = scales.for_measure(m)
            v = animal.measures[m]
            if v is None:
                rows.append((m, scale.key, "N/A", "closed"))
            else:
                side = scale.side(self.units)
                rows.append((m, scale.key, side.format_value(v), side.spaces[side.space_of(v)].label))
        answer = Answer(animal.areas, tuple(rows))
        if len(_ANSWERS) > 20000:
            _ANSWERS.clear()
        _ANSWERS[key] = (animal, scales, answer)
        return answer

    def points(self, move: Move, animal: Animal | None = None) -> tuple[str, int]:
        """(verdict, points) for one piece against an animal: the scoring rule itself, without the reason."""
        animal = animal or self.animal
        card = self.card_scores(animal)
        k = card.spots.index.get(move.target)
        if k is not None:
            return card.verdicts[k], card.points[k]
        if move.kind == "area":  # not a board area's own name (an alias that bypassed parsing)
            return self._score_area(move.area, animal)
        return self._score_space(move.space, self.correct_space(move.scale, animal))

    def _score_area(self, area: str, animal: Animal) -> tuple[str, int]:
        """The map rule: correct area, else adjacent to a home area (if the table's row pays for it), else nothing."""
        row = self.table.row_for(animal.n_areas)
        homes = animal.areas
        if area in homes:
            return "correct", row.correct
        if row.adjacent > 0:
            near = self._index.neighbors.get(area)
            if near is None:  # an alias that bypassed parsing: resolve it the slow way
                near = tuple(self.board.neighbors(area))
            if any(a in homes for a in near):
                return "adjacent", row.adjacent
        return "nothing", 0

    def _score_space(self, space: int, correct: int) -> tuple[str, int]:
        """The scale rule: the correct space, else a neighbouring space, else nothing."""
        d = abs(space - correct)
        if d == 0:
            return "correct", self.table.scale_correct
        if d == 1:
            return "adjacent", self.table.scale_adjacent
        return "nothing", 0

    def card_scores(self, animal: Animal) -> CardScores:
        """The two rules above for every spot of an animal's card at once, kept per animal and game setup."""
        key = (id(animal), self._setup)
        hit = _CARDS.get(key)
        if hit is not None:  # the entry holds the objects it was made for, so their ids cannot be reused meanwhile
            return hit[1]
        spots = spots_for(self.board, self.scales, tuple(animal.open_scales()))
        verdicts, points, sources = [], [], []
        row = self.table.row_for(animal.n_areas)
        homes = set(animal.areas)
        near: set[str] = set()
        if row.adjacent > 0:  # adjacency is symmetric: the areas next to a home are its neighbours
            for home in animal.areas:
                near.update(self._index.neighbors.get(home) or self.board.neighbors(home))
        for move in spots.moves:
            if move.kind == "area":
                if move.area in homes:
                    verdict, pts, source = "correct", row.correct, MAP_CORRECT
                elif move.area in near:
                    verdict, pts, source = "adjacent", row.adjacent, MAP_ADJACENT
                else:
                    verdict, pts, source = "nothing", 0, MAP_CORRECT
            else:
                verdict, pts = self._score_space(move.space, self.correct_space(move.scale, animal))
                source = SCALES
            verdicts.append(verdict)
            points.append(pts)
            sources.append(source)
        card = CardScores(spots, tuple(verdicts), tuple(points), tuple(sources))
        if len(_CARDS) > 4000:
            _CARDS.clear()
        _CARDS[key] = ((animal, self.board, self.scales, self.table), card)
        return card

    def score_move(self, move: Move, animal: Animal | None = None) -> tuple[str, int, str]:
        """(verdict, points, reason) for one piece against an animal, by the game's preset."""
        animal = animal or self.animal
        verdict, points = self.points(move, animal)
        key = (id(animal), id(self.board), id(self.scales), id(self.table), self.units, move)
        hit = _REASONS.get(key)
        if hit is not None and hit[0] is animal and hit[1] is self.board and hit[2] is self.scales \
                and hit[3] is self.table:
            return verdict, points, hit[4]
        reason = self._reason(move, animal, verdict)
        if len(_REASONS) > 50000:
            _REASONS.clear()
        _REASONS[key] = (animal, self.board, self.scales, self.table, reason)
        return verdict, points, reason

    def _reason(self, move: Move, animal: Animal, verdict: str) -> str:
        """Why a piece got its verdict, in words, naming the row of the table or the correct space."""
        table = self.table
        if move.kind == "area":
            n = animal.n_areas
            row = table.row_for(n)
            areas_word = "area" if n == 1 else "areas"
            band = f"{row.span} {areas_word}"
            if verdict == "correct":
                return f"lives here; {n} {areas_word}, row {band}: {row.correct} points"
            near_areas = self._index.neighbors.get(move.area)
            if near_areas is None:  # an alias that bypassed parsing: resolve it the slow way
                near_areas = self.board.neighbors(move.area)
            homes = [a for a in near_areas if a in animal.areas]
            if homes:
                near = ", ".join(homes[:3]) + (" ..." if len(homes) > 3 else "")
                if verdict == "adjacent":
                    return f"next to {near}; {n} {areas_word}, row {band}: {row.adjacent} points"
                return f"next to {near}, but the row {band} gives nothing for adjacent areas"
            return "not a home area and not next to one"
        scale = self.scales.get(move.scale)
        label = scale.label(self.correct_space(move.scale, animal), self.units)
        if verdict == "correct":
            return f"correct space: {table.scale_correct} points"
        if verdict == "adjacent":
            return f"next to the correct space {label}: {table.scale_adjacent} points"
        return f"the correct space is {label}"

    def evaluate(self, events: list[Event] | None = None) -> None:
        """Score the round's pieces, then end the game or do the upkeep and open the next round.

        Called when no player is left in the round (the rules do this themselves; bots' fast loops too).
        """
        card = self.card
        n = len(self.names)
        score, hand, stock, tally, placed = self.score, self.hand, self.stock, self.tally, self.placed
        before = (list(score), list(hand), list(stock)) if events is not None else None
        points, sources, owner = card.points, card.sources, self.owner
        spots = self.round_spots
        in_hand = list(hand)
        for k in spots:  # a scoring piece comes back to the hand; the others go to the stock (below)
            pts = points[k]
            if pts > 0:
                p = owner[k]
                score[p] += pts
                hand[p] += 1
                tally[p][sources[k]] += pts
        self._last = (card, spots, owner)
        best = max(score)
        over = best >= self.goal
        took, refilled = [0] * n, [0] * n
        for p in range(n):
            count = placed[p]
            if count:
                lost = count - (hand[p] - in_hand[p])
                t = tally[p]
                t[PLACED] += count
                t[LOST] += lost
                stock[p] += lost
            s = stock[p]
            if s and not over:  # upkeep: one piece back from the stock, then refill the hand to three from it
                h = hand[p] + 1
                s -= 1
                took[p] = 1
                if h < REFILL_TO:
                    r = min(REFILL_TO - h, s)
                    h += r
                    s -= r
                    refilled[p] = r
                hand[p], stock[p] = h, s
        if before is not None:
            events.append(self._evaluated_event(spots, owner, *before, took, refilled))
        if over:  # the pieces come off the board; the round's card stays the last one shown
            self.owner = [-1] * len(owner)
            self.round_spots = []
            self.over = True
            self.to_move_index = None
            self.winners = tuple(self.names[p] for p in range(n) if score[p] == best)
            if events is not None:
                events.append(GameOver(self.round, self.winners, tuple(zip(self.names, score))))
            return
        if events is not None:
            names = self.names
            events.append(Upkeep(self.round, tuple(zip(names, took)), tuple(zip(names, refilled)),
                                 tuple(zip(names, hand)), tuple(zip(names, stock))))
        self.start = (self.start + 1) % n
        self.round += 1
        self.card_pos += 1
        self._begin_round()
        if events is not None:
            events.append(self.started_event())

    def _evaluated_event(self, spots: list[int], owner: list[int], score: list[int], hand: list[int],
                         stock: list[int], took: list[int], refilled: list[int]) -> RoundEvaluated:
        """The round's evaluation as an event, from the scores, hands and stocks before it and the upkeep after."""
        animal, card, names = self.animal, self.card, self.names
        results = []
        for k in spots:
            move = card.spots.moves[k]
            verdict, pts, reason = self.score_move(move, animal)
            results.append(PieceScore(names[owner[k]], self.move_text(move), verdict, pts, reason))
        players = []
        for p in range(len(names)):  # undo the upkeep to get what the evaluation itself gave and took
            got = self.score[p] - score[p]
            back = self.hand[p] - took[p] - refilled[p] - hand[p]
            players.append(PlayerRound(names[p], got, self.score[p], back, self.stock[p] + took[p] + refilled[p]
                                       - stock[p]))
        return RoundEvaluated(self.round, animal.name, animal.scientific, animal.n_areas, self.answer(animal),
                              tuple(results), tuple(players))

    def copy(self) -> "State":
        """An independent copy (for undo and look-ahead); data and config are shared, not copied."""
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        for attr in ("hand", "stock", "score", "passed", "placed", "owner", "round_spots", "history"):
            setattr(new, attr, list(getattr(self, attr)))
        new.tally = [list(t) for t in self.tally]
        return new


def new_game(config: Config, seed: int | None = None, *, board: Board | None = None, scales: Scales | None = None,
             deck: Deck | None = None, order: Sequence[Animal] | None = None) -> State:
    """Start a game; the seed (argument, else the config's) fixes the starting player and card order.

    `order` replaces the shuffled box with a fixed sequence of animals (for rule cases and tests).
    """
    seed = config.seed if seed is None else seed
    if seed is None:
        raise ConfigError("a game needs a seed: set game.seed or pass one", "game.seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ConfigError("the seed must be a whole number from 0 to 2^64-1", "game.seed")
    if config.seed != seed:
        config = config.with_seed(seed)
    return State(config, seed, board or Board.default(), scales or Scales.default(), deck or Deck.default(), order)
