"""The Evo game state: its fields, what the protocol reads, and the hub that sends each decision to its phase.

A round runs climate (rules/evo/climate.py), the gene auction (auction.py), initiative and movement
(movement.py, fights in combat.py), births (birth.py) and survival with the income (survival.py); event
cards and their windows are in cards.py, the set-up in setup.py, the end in end.py, a player's view in
view.py. Every random draw (tokens, genes, cards, the die) comes from the state's own SplitMix64, so the
same config, seed and moves give the same game. Phases that need no decision run by themselves; a state
always stops where a player must decide (`to_move`) or at the end.
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalMove
from rules.core.rng import SplitMix64
from rules.evo import auction, birth, cards, climate, combat, data, end, movement, setup, survival
from rules.evo.board import Board, board_for
from rules.evo.climate import token_text
from rules.evo.config import Config
from rules.evo.moves import STEP_KINDS, Move, parse
from rules.evo.shared import (
    EFFECT_KEYS,
    EVENT,
    FREE,
    MAX_BID,
    METEORITE,
    START_MP,
    SUPPLY,
    TOKEN_STEPS,
    Event,
    RoundRecord,
    copy_record,
)
from rules.evo.view import view_of

__all__ = ["EFFECT_KEYS", "EVENT", "FREE", "MAX_BID", "METEORITE", "START_MP", "SUPPLY", "TOKEN_STEPS", "Event",
           "RoundRecord", "State", "new_state", "token_text"]


NO_EFFECTS = dict.fromkeys(EFFECT_KEYS, 0)  # a round's card effects before any card: copied per seat, never changed


class State:
    """A game of Evo in progress; see the module docstring of rules.core.protocol for the contract."""

    # dealt by setup.deal from the seed
    deck: list[str]  # event cards, top first
    uniques: list[str]  # the unique genes in this game
    bag: list[str]  # genes, the next drawn first
    removed_token: str
    tokens: list[str]  # climate tokens, top first
    order: list[int]  # initiative order: seats
    start_spaces: list[list[str]]

    def __init__(self, config: Config, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.seq = 0
        self.history: list[tuple[str, Any]] = []
        self._names = config.names
        self.n = len(self._names)
        self.board: Board = board_for(self.n, config.edition)
        self.wheel_data = data.wheel()
        self.rng = SplitMix64(seed)
        self.occ: list[int] = [FREE] * self.board.size
        self.count: list[int] = [0] * self.n
        self.pos: list[list[int]] = [[] for _ in range(self.n)]
        self.mp: list[int] = [START_MP] * self.n
        self.start_mp: list[int] = [START_MP] * self.n  # per seat, set by the deal (rules edition 4: by place)
        self.genes: list[dict[str, int]] = [{} for _ in range(self.n)]
        self.hand: list[list[str]] = [[] for _ in range(self.n)]
        self.discard: list[str] = []
        self.forced_dice: list[str] = []
        self.lost_climate = [0] * self.n
        self.lost_combat = [0] * self.n
        self.rounds: list[RoundRecord] = []
        self.record: RoundRecord | None = None
        self.winners_: tuple[str, ...] = ()
        self.phase = "setup"
        self.round = 0
        self.wheel = self.wheel_data.start
        self.token = ""
        self.token_move = 0
        self.revealed: list[str] = []
        setup.deal(self)
        self.opening: list[Event] = []
        self.reset_phase_fields()

    def reset_phase_fields(self) -> None:
        """The fields that live for a phase or a round, as a round starts."""
        self.lab: list[str] = []
        self.bids: list[tuple[int, int] | None] = []
        self.column_of: list[int | None] = [None] * self.n
        self.bidder: int | None = None
        self.outbid: list[int] = [0] * self.n  # per seat, the columns (bits) it was outbid on in this auction
        self.climate_card_played = False  # rules edition 1 only: see climate.after_climate_window
        self.unplaced: list[int] = []
        self.window: list[int] = []
        self.turn = 0
        self.steps = 0
        self.flippers_used = False
        self.wings_used = False
        self.chameleon: tuple[int, int, int] | None = None  # defender seat, its space, attacker's space
        self.births_left = [0] * self.n
        self.birth_seat: int | None = None
        self.survivor: int | None = None
        self.kept: list[int] = []
        self.keep_target = 0
        self.keep_extra = 0
        self.fx: list[dict[str, int]] = [NO_EFFECTS.copy() for _ in range(self.n)]

    # ----- the protocol's read side -----

    @property
    def names(self) -> list[str]:
        return self._names

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def winners(self) -> tuple[str, ...]:
        return self.winners_

    @property
    def to_move(self) -> str | None:
        seat = self.to_move_seat
        return None if seat is None else self._names[seat]

    @property
    def to_move_seat(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        p = self.phase
        if p in ("climate", "survival-cards"):
            return self.window[0]
        if p == "auction":
            return self.bidder
        if p == "initiative":
            return self.holder("adrenaline rush")
        if p == "movement":
            return self.order[self.turn]
        if p == "chameleon":
            return self.chameleon[0] if self.chameleon else None
        if p == "birth":
            return self.birth_seat
        if p == "survival":
            return self.survivor
        return None

    def scores(self) -> dict[str, int]:
        """Mutation points: the score."""
        return {n: self.mp[i] for i, n in enumerate(self._names)}

    def ranking(self) -> list[int]:
        """Seats best first: most mutation points, then most dinosaurs on the island."""
        return end.ranking(self)

    def ranking_by_seat(self) -> list[int]:
        """Seats in seat order (round tables list players as they sit)."""
        return list(range(self.n))

    def gene(self, seat: int, name: str) -> int:
        """How many of a gene a player holds."""
        return self.genes[seat].get(name, 0)

    def holder(self, unique: str) -> int | None:
        """The seat holding a unique gene, or None."""
        for seat in range(self.n):
            if self.genes[seat].get(unique):
                return seat
        return None

    def dinos(self, seat: int) -> list[int]:
        """A player's spaces, in board order."""
        return sorted(self.pos[seat])

    def ring(self, space: int) -> str:
        """The climate ring a space's terrain is in now."""
        return self.wheel_data.rings[self.wheel][self.board.terrain[space]]

    # ----- the island: dinosaurs on and off -----

    def space(self, name: str) -> int:
        """A space's index from its name."""
        return self.board.index[name]

    def put(self, space: int, seat: int) -> None:
        """A dinosaur of `seat` onto a free space."""
        self.occ[space] = seat
        self.count[seat] += 1
        self.pos[seat].append(space)

    def lift(self, space: int) -> None:
        """The dinosaur on a space off the island (it returns to its player's supply)."""
        seat = self.occ[space]
        self.count[seat] -= 1
        self.pos[seat].remove(space)
        self.occ[space] = FREE

    def kill(self, space: int, combat: bool) -> None:
        """The dinosaur on a space dies, counted as lost to combat or to the climate."""
        seat = self.occ[space]
        self.lift(space)
        assert self.record is not None
        if combat:
            self.lost_combat[seat] += 1
            self.record.lost_combat[seat] += 1
        else:
            self.lost_climate[seat] += 1
            self.record.lost_climate[seat] += 1

    # ----- moves as text -----

    def parse(self, text: str) -> Move:
        """A move from text; names are matched forgivingly, legality is checked by check()."""
        return parse(text, self.board.index, auction.columns(), [c.name for c in data.cards()], self._names)

    def move_text(self, move: Move) -> str:
        """The text of a move; parse() reads it back."""
        return move.text()

    # ----- legality: each phase lists its decisions and says why a move is not one -----

    def legal_moves(self) -> list[Move]:
        """Every decision the player to move may take now."""
        seat = self.to_move_seat
        if seat is None:
            return []
        return self._candidates(seat)

    def check(self, move: Move | str, player: str | None = None) -> Move:
        """The move if legal for the player to move (and `player`, if given); else IllegalMove with why."""
        if isinstance(move, str):
            move = self.parse(move)
        seat = self.to_move_seat
        if seat is None:
            raise IllegalMove("the game is over")
        if player is not None and player != self._names[seat]:
            raise IllegalMove(f"it is {self._names[seat]}'s turn, not {player}'s")
        reason = self._reason(move, seat)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    def _candidates(self, seat: int) -> list[Move]:
        p = self.phase
        out: list[Move] = []
        if p in ("climate", "survival-cards"):
            out.append(Move("pass"))
            out += cards.card_moves(self, seat)
        elif p == "auction":
            out = auction.bid_moves(self, seat)
        elif p == "initiative":
            out = [Move("initiative", n=k) for k in range(1, self.n + 1)]
        elif p == "movement":
            out = movement.step_moves(self, seat)
        elif self.chameleon is not None:  # the chameleon phase: where the beaten defender may escape
            out = combat.escape_moves(self)
        elif p == "birth":
            out.append(Move("skip"))
            out += cards.card_moves(self, seat)
            out += birth.birth_moves(self, seat)
        elif p == "survival":
            out = survival.keep_moves(self, seat)
        return out

    def _reason(self, m: Move, seat: int) -> str | None:
        """Why a move is illegal now, or None."""
        p = self.phase
        k = m.kind
        if k == "play":
            return cards.card_reason(self, m, seat)
        if k == "pass":
            return None if p in ("climate", "survival-cards") else "there is no card window to pass now"
        if p == "auction":
            if k != "bid":
                return "now is the gene auction: bid, e.g. 'bid 1 event'"
            return auction.bid_reason(self, m, seat)
        if p == "initiative":
            if k != "initiative":
                return "Adrenaline Rush: choose your place with 'initiative N'"
            return None if 1 <= m.n <= self.n else f"the initiative track has places 1 to {self.n}"
        if p == "movement":
            return movement.step_reason(self, m, seat)
        if p == "chameleon":
            return combat.escape_reason(self, m)
        if p == "birth":
            return birth.birth_reason(self, m, seat)
        if p == "survival":
            return survival.keep_reason(self, m, seat)
        return f"'{m.text()}' is not a decision you can take now"

    # ----- applying -----

    def apply(self, move: Move | str, player: str | None = None) -> list[Event]:
        """Play one decision and run the game on to the next decision; returns what happened."""
        m = self.check(move, player)
        seat = self.to_move_seat
        assert seat is not None
        return self.perform(m, seat)

    def perform(self, m: Move, seat: int) -> list[Event]:
        """Play a decision known to be legal for `seat` (apply after its check; playouts call it directly)."""
        self.seq += 1
        self.history.append((self._names[seat], m))
        ev: list[Event] = []
        k = m.kind
        if k == "play":
            cards.play(self, m, seat, ev)
        elif k == "pass":
            self.window.pop(0)
            if self.phase == "climate":
                climate.after_climate_window(self, ev)
            else:
                survival.after_survival_window(self, ev)
        elif k == "bid":
            auction.bid(self, m, seat, ev)
        elif k == "initiative":
            movement.take_initiative(self, m.n, seat, ev)
        elif k == "done":
            movement.next_mover(self, ev)
        elif k in STEP_KINDS:
            movement.step(self, m, seat, ev)
        elif k == "escape":
            combat.escape(self, m, ev)
        elif k in ("birth", "skip"):
            birth.birth(self, m, seat, ev)
        elif k == "keep":
            survival.keep(self, m, seat, ev)
        return ev

    def start(self) -> None:
        """Run the set-up's public facts and the first round up to the first decision (events in `opening`)."""
        setup.start(self)

    def enter(self, phase: str, turn: str | None = None) -> list[Event]:
        """Begin a phase from a position set up by hand (rule cases); the round is the current one."""
        return setup.enter(self, phase, turn)

    # ----- copies and views -----

    def copy(self) -> State:
        """An independent state (lists and round records copied, the board and data shared)."""
        c = State.__new__(State)  # not copy.copy: a search copies a state per playout
        d = c.__dict__
        d.update(self.__dict__)
        # each mutable field by name: a loop over the names through the dict was about 7% slower (bench copy)
        c.history = self.history[:]
        c.rng = SplitMix64(self.rng.state)
        c.occ = self.occ[:]
        c.count = self.count[:]
        c.mp = self.mp[:]
        c.discard = self.discard[:]
        c.forced_dice = self.forced_dice[:]
        c.lost_climate = self.lost_climate[:]
        c.lost_combat = self.lost_combat[:]
        c.revealed = self.revealed[:]
        c.deck = self.deck[:]
        c.bag = self.bag[:]
        c.tokens = self.tokens[:]
        c.order = self.order[:]
        c.lab = self.lab[:]
        c.bids = self.bids[:]
        c.column_of = self.column_of[:]
        c.unplaced = self.unplaced[:]
        c.window = self.window[:]
        c.births_left = self.births_left[:]
        c.kept = self.kept[:]
        c.outbid = self.outbid[:]
        c.genes = list(map(dict, self.genes))
        c.pos = list(map(list, self.pos))
        c.hand = list(map(list, self.hand))
        c.fx = list(map(dict, self.fx))
        c.rounds = list(map(copy_record, self.rounds))  # the records too: a list copy shared them
        c.record = None if self.record is None else copy_record(self.record)
        return c

    def view(self, player: str | None) -> dict[str, Any]:
        """What a player (or a spectator, None) may see: never the seed, the piles' order or others' cards."""
        return view_of(self, player)


def new_state(config: Config, seed: int) -> State:
    """A game at its first decision."""
    state = State(config, seed)
    state.start()
    return state
