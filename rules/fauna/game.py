"""A game of Fauna: placement, evaluation, upkeep between rounds and the end, as pure state changes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.errors import IllegalMove
from rules.fauna.animals import MEASURE_TITLES, Animal, Deck
from rules.fauna.board import Board
from rules.fauna.config import Config
from rules.fauna.dealing import Box, deal
from rules.fauna.events import (
    Answer,
    Event,
    GameOver,
    Passed,
    PieceScore,
    Placed,
    PlayerRound,
    RoundEvaluated,
    RoundStarted,
    Upkeep,
)
from rules.fauna.front import CardFront as CardFront  # re-exported: it was defined here
from rules.fauna.front import card_front as card_front
from rules.fauna.judge import LOST, PLACED, TALLY_KEYS, CardScores
from rules.fauna.moves import PASS, Move, Pass, Placement, ScaleMove, Target
from rules.fauna.scales import Scales
from rules.fauna.setup import Setup, load_game

PIECES = 6  # each player has 7 pieces; one marks the score, six are playable
REFILL_TO = 3
BOT_STREAM = 0xB07  # label of the bots' random stream, separate from the deck's


class State:
    """Everything needed to continue a game. `apply` changes it and returns what happened.

    Pieces are kept by spot position (see Spots): `owner[k]` is the player on spot k of the current card
    (-1: free) and `round_spots` the spots taken this round in placement order; `pieces` and `moves`
    give the same as targets and Move objects.
    """

    def __init__(self, config: Config, seed: int, setup: Setup, order: Sequence[Animal] | None = None) -> None:
        self.config = config
        self.seed = seed
        self.setup = setup
        self.board = setup.board
        self.scales = setup.scales
        self.deck = setup.deck
        self.table = setup.table
        self.names = config.names
        self.goal = config.target
        drawn, self.box = deal(config.cards, len(config.players), seed, setup.faces(config.cards))
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
        self.judge = setup.judge
        self._texts = setup.texts
        self._last: tuple[CardScores, list[int], list[int]] | None = None  # last evaluation: card, spots, owner
        self._front: tuple[Animal, CardFront] | None = None
        self._begin_round()

    def _begin_round(self) -> None:
        """Clear the round's placements and look up the new card's spots and scores."""
        n = len(self.names)
        self.passed = [False] * n
        self.placed = [0] * n  # pieces placed this round, per player
        self.card = self.judge.card(self.animal)
        self.owner = [-1] * len(self.card.points)
        self.round_spots: list[int] = []
        self.to_move_index = self.start  # the seat to move; once the game is over, the seat that moved last

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
        """The visible half of the current card (built once per card: bots ask for it on every move)."""
        animal = self.animal
        if self._front is None or self._front[0] is not animal:
            self._front = (animal, card_front(animal))
        return self._front[1]

    @property
    def to_move(self) -> str | None:
        """Name of the player whose turn it is; None when the game is over."""
        return None if self.over else self.names[self.to_move_index]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def units(self) -> str:
        return self.config.units

    @property
    def pieces(self) -> dict[Target, int]:
        """Target -> player index for every piece on the board, in placement order."""
        targets, owner = self.card.spots.targets, self.owner
        return {targets[k]: owner[k] for k in self.round_spots}

    @property
    def moves(self) -> list[Placement]:
        """This round's placements in order."""
        moves = self.card.spots.moves
        return [moves[k] for k in self.round_spots]

    @property
    def evaluated(self) -> tuple[tuple[int, Placement, str, int], ...]:
        """The last evaluation, piece by piece: (player, move, verdict, points)."""
        if self._last is None:
            return ()
        card, spots, owner = self._last
        return tuple((owner[k], card.spots.moves[k], card.verdicts[k], card.points[k]) for k in spots)

    def scores(self) -> dict[str, int]:
        """Current totals by player."""
        return dict(zip(self.names, self.score, strict=True))

    def taken(self) -> list[tuple[str, str]]:
        """(move text, owner) for every piece on the board, in placement order."""
        moves = self.card.spots.moves
        return [(self.move_text(moves[k]), self.names[self.owner[k]]) for k in self.round_spots]

    def view(self, player: str | None = None) -> dict[str, Any]:
        """What a player sees: everything but the card's answer (Fauna hides nothing else)."""
        return {"round": self.round, "starting_player": self.names[self.start], "card": self.front.to_dict(),
                "taken": [{"spot": m, "player": p} for m, p in self.taken()], "scores": self.scores(),
                "hands": dict(zip(self.names, self.hand, strict=True)),
                "stock": dict(zip(self.names, self.stock, strict=True)),
                "passed": [n for n, p in zip(self.names, self.passed, strict=True) if p], "to_move": self.to_move,
                "over": self.over, "winners": list(self.winners)}

    def move_text(self, move: Move) -> str:
        """A move as written in scripts and logs, in this game's units."""
        return self._texts.text(move)

    def parse(self, text: str) -> Move:
        """Parse a move in this game's units."""
        return self._texts.parse(text)

    def started_event(self) -> RoundStarted:
        """The event that opens the current round."""
        a = self.animal
        return RoundStarted(self.round, self.names[self.start], a.name, a.card, a.side)

    # -- rules of placement -----------------------------------------------------------------
    def check(self, move: Move, player: str | None = None) -> int:
        """The spot `move` would take (-1 for a pass) if it is allowed now (for `player`, if given).

        Raises IllegalMove with the reason when it is not.
        """
        if self.over:
            raise IllegalMove("the game is over")
        cur = self.to_move_index
        if player is not None and player != self.names[cur]:
            if player not in self.names:
                raise IllegalMove(f"{player!r} is not playing in this game (players: {', '.join(self.names)})")
            if self.passed[self.names.index(player)]:
                raise IllegalMove(f"{player} passed this round and cannot place again until the next round")
            raise IllegalMove(f"it is {self.names[cur]}'s turn, not {player}'s")
        if isinstance(move, Pass):
            if self.placed[cur] == 0:  # (the player to move always holds a piece: empty hands pass by themselves)
                raise IllegalMove("everyone must place a piece in the first go-around of a round; pass later")
            return -1
        if self.hand[cur] == 0:
            raise IllegalMove("you have no pieces left to place")
        index = self.card.spots.index
        k = index.get(move.target)
        if k is None:  # an alias that bypassed parsing becomes the board's own name (or UnknownArea)
            k = index.get(self.judge.canonical(move).target)
        if k is not None:
            owner = self.owner[k]
            if owner < 0:
                return k
            who = "you" if owner == cur else self.names[owner]
            raise IllegalMove(f"{self.move_text(move)} is already taken by {who}")
        if isinstance(move, ScaleMove):  # not a spot of this card: say why
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
        out: list[Move] = [PASS] if self.placed[self.to_move_index] > 0 else []  # never empty-handed (see check)
        out.extend(m for m, o in zip(self.card.spots.moves, self.owner, strict=True) if o < 0)
        return out

    def apply(self, move: Move | str, player: str | None = None, *, quiet: bool = False) -> list[Event]:
        """Play a move for the player to move (checked against `player` when given); return the events.

        With `quiet` (for simulations) the state changes exactly the same way but no events are built and
        the result is an empty list.
        """
        if isinstance(move, str):
            move = self.parse(move)
        k = self.check(move, player)
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
        for step in range(n):
            j = (cur + 1 + step) % n
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
        found = self.next_player(cur, events)
        if found is None:
            self.evaluate(events)
        else:
            self.to_move_index = found

    # -- evaluation and upkeep ----------------------------------------------------------------
    def correct_space(self, scale_key: str, animal: Animal | None = None) -> int | None:
        """0-based correct space of the animal on a scale in this game's units (None: closed)."""
        return self.judge.correct_space(animal or self.animal, scale_key)

    def answer(self, animal: Animal | None = None) -> Answer:
        """The lower half of the card in this game's units."""
        return self.judge.answer(animal or self.animal)

    def points(self, move: Placement, animal: Animal | None = None) -> tuple[str, int]:
        """(verdict, points) for one piece against an animal: the scoring rule itself, without the reason."""
        return self.judge.points(move, animal or self.animal)

    def score_move(self, move: Placement, animal: Animal | None = None) -> tuple[str, int, str]:
        """(verdict, points, reason) for one piece against an animal, by the game's preset."""
        return self.judge.reason(move, animal or self.animal)

    def evaluate(self, events: list[Event] | None = None) -> None:
        """Score the round's pieces, then end the game or do the upkeep and open the next round.

        Called when no player is left in the round (the rules do this themselves; bots' fast loops too).
        """
        before = None if events is None else (list(self.score), list(self.hand), list(self.stock))
        in_hand = list(self.hand)
        self._score_pieces()
        over = max(self.score) >= self.goal
        self._count_losses(in_hand)
        n = len(self.names)
        took, refilled = ([0] * n, [0] * n) if over else self._upkeep()
        if events is not None and before is not None:
            events.append(self._evaluated_event(self.round_spots, self.owner, *before, took, refilled))
        if over:
            self._end(events)
        else:
            self._next_round(took, refilled, events)

    def _score_pieces(self) -> None:
        """A scoring piece earns its points and comes back to the hand; the others stay for _count_losses."""
        card, owner = self.card, self.owner
        points, sources = card.points, card.sources
        score, hand, tally = self.score, self.hand, self.tally
        for k in self.round_spots:
            pts = points[k]
            if pts > 0:
                p = owner[k]
                score[p] += pts
                hand[p] += 1
                tally[p][sources[k]] += pts
        self._last = (card, self.round_spots, owner)

    def _count_losses(self, in_hand: list[int]) -> None:
        """Pieces that scored nothing go to their player's stock; the tally counts pieces placed and lost."""
        hand, stock, tally = self.hand, self.stock, self.tally
        for p, count in enumerate(self.placed):
            if count:
                lost = count - (hand[p] - in_hand[p])
                tally[p][PLACED] += count
                tally[p][LOST] += lost
                stock[p] += lost

    def _upkeep(self) -> tuple[list[int], list[int]]:
        """One piece back from the stock, then the hand refilled to three from it: (taken, refilled) per player."""
        hand, stock = self.hand, self.stock
        n = len(self.names)
        took, refilled = [0] * n, [0] * n
        for p in range(n):
            s = stock[p]
            if s:
                h = hand[p] + 1
                s -= 1
                took[p] = 1
                if h < REFILL_TO:
                    r = min(REFILL_TO - h, s)
                    h += r
                    s -= r
                    refilled[p] = r
                hand[p], stock[p] = h, s
        return took, refilled

    def _end(self, events: list[Event] | None) -> None:
        """The pieces come off the board and the best scores win; the round's card stays the last one shown."""
        self.round_spots = []
        self.over = True
        best = max(self.score)
        self.winners = tuple(name for name, points in zip(self.names, self.score, strict=True) if points == best)
        if events is not None:
            events.append(GameOver(self.round, self.winners, tuple(zip(self.names, self.score, strict=True))))

    def _next_round(self, took: list[int], refilled: list[int], events: list[Event] | None) -> None:
        """After the upkeep: the next seat starts the next round with the next card."""
        if events is not None:
            names = self.names
            events.append(Upkeep(self.round, tuple(zip(names, took, strict=True)),
                                 tuple(zip(names, refilled, strict=True)), tuple(zip(names, self.hand, strict=True)),
                                 tuple(zip(names, self.stock, strict=True))))
        self.start = (self.start + 1) % len(self.names)
        self.round += 1
        self.card_pos += 1
        self._begin_round()
        if events is not None:
            events.append(self.started_event())

    def _evaluated_event(self, spots: list[int], owner: list[int], score: list[int], hand: list[int],
                         stock: list[int], took: list[int], refilled: list[int]) -> RoundEvaluated:
        """The round's evaluation as an event, from the scores, hands and stocks before it and the upkeep after."""
        animal, card, names = self.animal, self.card, self.names
        texts, verdicts, points = self._texts.spot_texts(card.spots.moves), card.verdicts, card.points
        results = [PieceScore(names[owner[k]], texts[k], verdicts[k], points[k], why)  # as score_move gives them
                   for k, why in zip(spots, self.judge.whys_at(animal, card, spots), strict=True)]
        players = []
        for p in range(len(names)):  # undo the upkeep to get what the evaluation itself gave and took
            got = self.score[p] - score[p]
            back = self.hand[p] - took[p] - refilled[p] - hand[p]
            players.append(PlayerRound(names[p], got, self.score[p], back, self.stock[p] + took[p] + refilled[p]
                                       - stock[p]))
        return RoundEvaluated(self.round, animal.name, animal.scientific, animal.n_areas, self.answer(animal),
                              tuple(results), tuple(players))

    def copy(self) -> State:
        """An independent copy (for undo and look-ahead); data and config are shared, not copied."""
        new = State.__new__(State)
        d = new.__dict__ = self.__dict__.copy()  # every attribute, a new one of a subclass or a caller's too
        d["hand"], d["stock"], d["score"] = self.hand[:], self.stock[:], self.score[:]
        d["passed"], d["placed"], d["owner"] = self.passed[:], self.placed[:], self.owner[:]
        d["round_spots"], d["history"] = self.round_spots[:], self.history[:]
        d["tally"] = [t[:] for t in self.tally]
        return new


def new_game(config: Config, seed: int | None = None, *, board: Board | None = None, scales: Scales | None = None,
             deck: Deck | None = None, order: Sequence[Animal] | None = None) -> State:
    """Start a game; the seed (argument, else the config's) fixes the starting player and card order.

    The setup is `load_game`'s (shared on the installed data); `order` replaces the shuffled box with a
    fixed sequence of animals (for rule cases and tests).
    """
    return load_game(config, board=board, scales=scales, deck=deck).new_state(config, seed, order=order)
