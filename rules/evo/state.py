"""The Evo game state: six phases a round, the gene auction, movement and combat, births, survival.

Every random draw (tokens, genes, cards, the die) comes from the state's own SplitMix64, so the same
config, seed and moves give the same game. Phases that need no decision run by themselves; a state
always stops where a player must decide (`to_move`) or at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rules.core.errors import IllegalMove
from rules.core.rng import SplitMix64
from rules.evo import data
from rules.evo.board import Board, board_for
from rules.evo.config import Config
from rules.evo.moves import STEP_KINDS, Move, parse

SUPPLY = 8  # dinosaur tokens per player
FREE = -1  # `occ` of a space without a dinosaur (any negative number: seats are 0 and up)
START_MP = 6
MAX_BID = 6
EVENT = "event"
METEORITE = "meteorite"
TOKEN_STEPS = {"+1": 1, "+2": 2, "0": 0, "-1": -1}
EFFECT_KEYS = ("defend", "attack", "truce", "fur", "thermo", "cave", "reach3", "noborn")


@dataclass(frozen=True)
class Event:
    """Something that happened, with its public one-line text (`log` says whether the log keeps it)."""

    kind: str
    text: str
    player: str | None = None
    log: bool = True


@dataclass
class RoundRecord:
    """What a round did to each player, for the table after it."""

    number: int
    token: str
    wheel: int
    mp_before: list[int]
    paid: list[int]
    income: list[int] = field(default_factory=list)
    mp_after: list[int] = field(default_factory=list)
    lost_climate: list[int] = field(default_factory=list)
    lost_combat: list[int] = field(default_factory=list)
    bought: list[str] = field(default_factory=list)


def token_text(token: str) -> str:
    """A climate token that turns the wheel, in words (the meteorite has a line of its own)."""
    steps = TOKEN_STEPS[token]
    if steps == 0:
        return "0 (no change)"
    return f"{token} ({abs(steps)} {'clockwise' if steps > 0 else 'anticlockwise'})"


class State:
    """A game of Evo in progress; see the module docstring of rules.core.protocol for the contract."""

    def __init__(self, config: Config, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.seq = 0
        self.history: list[tuple[str, Any]] = []
        self._names = config.names
        self.n = len(self._names)
        self.board: Board = board_for(self.n)
        self.wheel_data = data.wheel()
        self.rng = SplitMix64(seed)
        self.occ: list[int] = [FREE] * self.board.size
        self.count: list[int] = [0] * self.n
        self.pos: list[list[int]] = [[] for _ in range(self.n)]
        self.mp: list[int] = [START_MP] * self.n
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
        # set-up, in the seed's order: genes into the bag, event cards, climate tokens, initiative, dinosaurs
        self.deck = [c.name for c in data.cards()]
        self.rng.shuffle(self.deck)
        uniques, in_game = data.unique_genes()
        chosen = list(uniques)
        self.rng.shuffle(chosen)
        self.uniques = sorted(chosen[:in_game])
        self.bag = [g for g, k in data.normal_genes().items() for _ in range(k)] + list(self.uniques)
        self.rng.shuffle(self.bag)
        movers = [t for t, k in data.token_counts().items() for _ in range(k)]
        self.rng.shuffle(movers)
        self.removed_token = movers.pop()
        bottom = movers[:2] + [METEORITE]
        self.rng.shuffle(bottom)
        self.tokens = movers[2:] + bottom  # top first; the meteorite is among the last three
        self.order = list(range(self.n))
        self.rng.shuffle(self.order)
        if config.start is not None:
            first = self._names.index(config.start)
            self.order.remove(first)
            self.order.insert(0, first)
        pairs = list(self.board.start_pairs)
        self.rng.shuffle(pairs)
        for seat in range(self.n):
            for space in pairs[seat]:
                self._put(space, seat)
        self.start_spaces = [[self.board.names[s] for s in pairs[seat]] for seat in range(self.n)]
        self.opening: list[Event] = []
        self._reset_phase_fields()

    def _reset_phase_fields(self) -> None:
        self.lab: list[str] = []
        self.bids: list[tuple[int, int] | None] = []
        self.column_of: list[int | None] = [None] * self.n
        self.bidder: int | None = None
        self.outbid: list[int] = [0] * self.n  # per seat, the columns (bits) it was outbid on in this auction
        self.climate_card_played = False  # rules edition 1 only: see _after_climate_window
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
        self.fx: list[dict[str, int]] = [dict.fromkeys(EFFECT_KEYS, 0) for _ in range(self.n)]

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
            return self._holder("adrenaline rush")
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

    def gene(self, seat: int, name: str) -> int:
        """How many of a gene a player holds."""
        return self.genes[seat].get(name, 0)

    def _holder(self, unique: str) -> int | None:
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

    # ----- moves as text -----

    def parse(self, text: str) -> Move:
        """A move from text; names are matched forgivingly, legality is checked by check()."""
        return parse(text, self.board.index, _columns(), [c.name for c in data.cards()], self._names)

    def move_text(self, move: Move) -> str:
        """The text of a move; parse() reads it back."""
        return move.text()

    # ----- legality -----

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
        names = self.board.names
        if p in ("climate", "survival-cards"):
            out.append(Move("pass"))
            out += self._card_moves(seat)
        elif p == "auction":
            top = min(MAX_BID, self.mp[seat] + self.gene(seat, "alchemical vial"))
            for c, item in enumerate(self.lab):
                if self.outbid[seat] >> c & 1:
                    continue
                held = self.bids[c]
                low = 1 if held is None else held[1] + 1
                out += [Move("bid", item, n=amount) for amount in range(low, top + 1)]
        elif p == "initiative":
            out = [Move("initiative", n=k) for k in range(1, self.n + 1)]
        elif p == "movement":
            out.append(Move("done"))
            out += self._card_moves(seat)
            if self.steps > 0:
                mine = self.dinos(seat)
                occ = self.occ
                for s in mine:
                    for t in self.board.neighbors[s]:
                        o = occ[t]
                        if o < 0:
                            out.append(Move("move", names[s], names[t]))
                        elif o != seat and self._attackable(o):
                            out.append(Move("attack", names[s], names[t]))
                if self.gene(seat, "flippers") and not self.flippers_used:
                    coast = [t for t in range(self.board.size) if self.board.coastal[t] and self.occ[t] < 0]
                    out += [Move("swim", names[s], names[t]) for s in mine if self.board.coastal[s] for t in coast]
                if self.gene(seat, "wings") and not self.wings_used:
                    out += [Move("fly", names[s], names[t]) for s in mine for t in self.board.within(s, 2)
                            if self.occ[t] < 0]
        elif self.chameleon is not None:  # the chameleon phase: where the beaten defender may escape
            _, space, origin = self.chameleon
            out = [Move("escape", names[t]) for t in self._escapes(space, origin)]
        elif p == "birth":
            out.append(Move("skip"))
            out += self._card_moves(seat)
            out += self._birth_moves(seat)
        elif p == "survival":
            out = [Move("keep", names[s]) for s in self._endangered(seat)
                   if s not in self.kept and self._excess(self.kept + [s], seat) <= self.keep_extra]
        return out

    def may_hold(self, seat: int, timing: str) -> bool:
        """Whether a player could hold a card of this timing, as everyone can tell: cards in hand, and not every
        card of that timing discarded. Windows and turn ends ask this, never the hand itself, which would tell.
        In rules edition 1 (logs recorded before this rule) they asked the hand: whether it holds such a card."""
        if self.config.edition < 2:
            return any(data.card_by_name()[c].timing == timing for c in self.hand[seat])
        if not self.hand[seat]:
            return False
        gone = self.discard
        return any(c.timing == timing and c.name not in gone for c in data.cards())

    def _window(self, timing: str) -> list[int]:
        """A card window's players in initiative order: everyone who could hold a card of its timing."""
        return [s for s in self.order if self.may_hold(s, timing)]

    def _card_moves(self, seat: int) -> list[Move]:
        timing = {"climate": "climate", "survival-cards": "survival", "movement": "movement", "birth": "birth"}
        want = timing.get(self.phase)
        out: list[Move] = []
        for name in sorted(set(self.hand[seat])):
            card = data.card_by_name()[name]
            if card.timing != want:
                continue
            if card.target == "opponent":
                out += [Move("play", name, self._names[o]) for o in range(self.n) if o != seat]
            elif card.target == "direction":
                out += [Move("play", name, "cw"), Move("play", name, "acw")]
            else:
                out.append(Move("play", name))
        return out

    def _reach(self, seat: int) -> int:
        return 3 if self.gene(seat, "thick shell") or self.fx[seat]["reach3"] else 1

    def _birth_places(self, seat: int, removed: int | None = None) -> list[int]:
        """Free spaces a baby may take; `removed` is the dinosaur taken off when all eight are out."""
        reach = self._reach(seat)
        spots: set[int] = set()
        for s in self.dinos(seat):
            if s == removed:
                continue
            near = self.board.neighbors[s] if reach == 1 else self.board.within(s, reach)
            spots.update(t for t in near if self.occ[t] < 0 and t != removed)
        return sorted(spots)

    def _birth_moves(self, seat: int) -> list[Move]:
        names = self.board.names
        froms: list[int | None] = list(self.dinos(seat)) if self.count[seat] >= SUPPLY else [None]
        out = []
        killer = bool(self.gene(seat, "killer babies"))
        for r in froms:
            source = "" if r is None else names[r]
            for t in self._birth_places(seat, r):
                out.append(Move("birth", names[t], source))
                if killer:
                    for e in self.board.neighbors[t]:
                        o = self.occ[e]
                        if o >= 0 and o != seat and self._attackable(o):
                            out.append(Move("birth", names[t], source, names[e]))
        return out

    def _attackable(self, seat: int) -> bool:
        """The seed's protections: a species of two, Regeneration at three (and the Truce card)."""
        c = self.count[seat]
        return c > 2 and not self.fx[seat]["truce"] and not (self.gene(seat, "regeneration") and c <= 3)

    def _escapes(self, space: int, origin: int) -> list[int]:
        return [t for t in self.board.neighbors[space] if self.occ[t] < 0 and t != origin]

    def _space(self, name: str) -> int:
        return self.board.index[name]

    def _reason(self, m: Move, seat: int) -> str | None:
        """Why a move is illegal now, or None."""
        p = self.phase
        k = m.kind
        if k == "play":
            return self._card_reason(m, seat)
        if k == "pass":
            return None if p in ("climate", "survival-cards") else "there is no card window to pass now"
        if p == "auction":
            return self._bid_reason(m, seat) if k == "bid" else "now is the gene auction: bid, e.g. 'bid 1 event'"
        if p == "initiative":
            if k != "initiative":
                return "Adrenaline Rush: choose your place with 'initiative N'"
            return None if 1 <= m.n <= self.n else f"the initiative track has places 1 to {self.n}"
        if p == "movement":
            return self._step_reason(m, seat)
        if p == "chameleon":
            if k != "escape":
                return "your beaten dinosaur may escape: write 'escape SPACE'"
            assert self.chameleon is not None
            _, space, origin = self.chameleon
            t = self._space(m.a)
            if t not in self._escapes(space, origin):
                return f"{m.a} is not a free space next to {self.board.names[space]} (nor the attacker's space)"
            return None
        if p == "birth":
            return self._birth_reason(m, seat)
        if p == "survival":
            if k != "keep":
                return "Survival: choose a dinosaur to save with 'keep SPACE'"
            s = self._space(m.a)
            if s not in self._endangered(seat):
                return f"{m.a} is not one of your dinosaurs in danger"
            if s in self.kept:
                return f"{m.a} is already kept"
            if self._excess(self.kept + [s], seat) > self.keep_extra:
                return f"you have no protection left for a dinosaur on {self.board.terrain[s]}"
            return None
        return f"'{m.text()}' is not a decision you can take now"

    def _card_reason(self, m: Move, seat: int) -> str | None:
        if m.a not in self.hand[seat]:
            return f"you do not hold the event card {m.a}"
        card = data.card_by_name()[m.a]
        where = {"climate": "climate", "survival": "survival-cards", "movement": "movement", "birth": "birth"}
        if where[card.timing] != self.phase:
            when = {"climate": "after the climate token is revealed", "survival": "in the survival window",
                    "movement": "on your Movement turn", "birth": "on your Birth turn"}[card.timing]
            return f"{m.a} is played {when}"
        if card.target == "opponent":
            if m.b not in self._names or m.b == self._names[seat]:
                return f"{m.a} needs an opponent's name, e.g. 'play {m.a} {self._names[(seat + 1) % self.n]}'"
        elif card.target == "direction":
            if m.b not in ("cw", "acw"):
                return f"{m.a} needs a direction: 'play {m.a} cw' or 'play {m.a} acw'"
        elif m.b:
            return f"{m.a} takes no target"
        return None

    def _bid_reason(self, m: Move, seat: int) -> str | None:
        if m.a not in self.lab:
            return f"{m.a} is not in the lab this round (columns: {', '.join(self.lab)})"
        col = self.lab.index(m.a)
        if self.outbid[seat] >> col & 1:
            return (f"you were outbid on {m.a} in this auction: re-bid on a different column"
                    " (you may return to it in a later round)")
        if not 1 <= m.n <= MAX_BID:
            return f"a bid is 1 to {MAX_BID}"
        held = self.bids[col]
        if held is not None and m.n <= held[1]:
            return f"{m.a} holds a bid of {held[1]}: bid more (at most {MAX_BID})"
        if self._cost(seat, m.n) > self.mp[seat]:
            return f"a bid of {m.n} costs {self._cost(seat, m.n)} and you have {self.mp[seat]} mutation points"
        return None

    def _cost(self, seat: int, amount: int) -> int:
        return max(0, amount - self.gene(seat, "alchemical vial"))

    def _step_reason(self, m: Move, seat: int) -> str | None:
        k = m.kind
        if k == "done":
            return None
        if k not in STEP_KINDS:
            return "Movement: move, attack, swim, fly, play a card, or 'done'"
        if self.steps < 1:
            return "you have no movement points left: 'done'"
        s, t = self._space(m.a), self._space(m.b)
        if self.occ[s] != seat:
            return f"you have no dinosaur on {m.a}"
        if k in ("move", "attack") and t not in self.board.neighbors[s]:
            return f"{m.b} is not next to {m.a}"
        if k == "attack":
            o = self.occ[t]
            if o < 0:
                return f"{m.b} is empty: use 'move {m.a} {m.b}'"
            if o == seat:
                return "you cannot attack your own species"
            if not self._attackable(o):
                return f"{self._names[o]}'s species cannot be attacked now ({self._protection(o)})"
            return None
        if self.occ[t] >= 0:
            return f"{m.b} is occupied" + (f": use 'attack {m.a} {m.b}'" if k == "move" else "")
        if k == "swim":
            if not self.gene(seat, "flippers"):
                return "swimming needs Flippers"
            if self.flippers_used:
                return "Flippers work once per Movement phase"
            if not (self.board.coastal[s] and self.board.coastal[t]):
                return "Flippers move between spaces that border the sea"
        if k == "fly":
            if not self.gene(seat, "wings"):
                return "flying needs Wings"
            if self.wings_used:
                return "Wings work once per Movement phase"
            if not 1 <= self.board.distance[s][t] <= 2:
                return f"{m.b} is more than two spaces from {m.a}"
        return None

    def _protection(self, seat: int) -> str:
        if self.fx[seat]["truce"]:
            return "Truce"
        if self.count[seat] <= 2:
            return "a species of two"
        return "Regeneration at three"

    def _birth_reason(self, m: Move, seat: int) -> str | None:
        if m.kind == "skip":
            return None
        if m.kind != "birth":
            return "Birth: 'birth SPACE', a card, or 'skip'"
        t = self._space(m.a)
        removed = None
        if self.count[seat] >= SUPPLY:
            if not m.b:
                return "all eight of your dinosaurs are out: write 'birth SPACE from SPACE' to move one"
            removed = self._space(m.b)
            if self.occ[removed] != seat:
                return f"you have no dinosaur on {m.b}"
        elif m.b:
            return "'from' is only for a player with all eight dinosaurs on the island"
        if t not in self._birth_places(seat, removed):
            near = "within three spaces of" if self._reach(seat) == 3 else "next to"
            return f"{m.a} is not a free space {near} one of your dinosaurs"
        if m.c:
            if not self.gene(seat, "killer babies"):
                return "attacking at birth needs Killer Babies"
            e = self._space(m.c)
            o = self.occ[e]
            if e not in self.board.neighbors[t] or o < 0 or o == seat:
                return f"{m.c} is not an enemy dinosaur next to {m.a}"
            if not self._attackable(o):
                return f"{self._names[o]}'s species cannot be attacked now ({self._protection(o)})"
        return None

    # ----- applying -----

    def apply(self, move: Move | str, player: str | None = None) -> list[Event]:
        """Play one decision and run the game on to the next decision; returns what happened."""
        m = self.check(move, player)
        seat = self.to_move_seat
        assert seat is not None
        self.seq += 1
        self.history.append((self._names[seat], m))
        ev: list[Event] = []
        k = m.kind
        if k == "play":
            self._play(m, seat, ev)
        elif k == "pass":
            self.window.pop(0)
            if self.phase == "climate":
                self._after_climate_window(ev)
            else:
                self._after_survival_window(ev)
        elif k == "bid":
            self._bid(m, seat, ev)
        elif k == "initiative":
            self.order.remove(seat)
            self.order.insert(m.n - 1, seat)
            ev.append(Event("initiative", "initiative: " + ", ".join(self._names[s] for s in self.order)))
            self._start_movement(ev)
        elif k == "done":
            self._next_mover(ev)
        elif k in STEP_KINDS:
            self._step(m, seat, ev)
        elif k == "escape":
            self._escape(m, ev)
        elif k in ("birth", "skip"):
            self._birth(m, seat, ev)
        elif k == "keep":
            self.kept.append(self._space(m.a))
            if len(self.kept) == self.keep_target:
                self._judge(seat, ev)
                self._next_survivor(ev)
        return ev

    def start(self) -> None:
        """Run the set-up's public facts and the first round up to the first decision (events in `opening`)."""
        ev = [Event("setup", "start: " + ", ".join(f"{self._names[s]} {'+'.join(self.start_spaces[s])}"
                                                    for s in range(self.n))),
              Event("setup", "initiative: " + ", ".join(self._names[s] for s in self.order))]
        self._new_round(ev)
        self.opening = ev

    def enter(self, phase: str, turn: str | None = None) -> list[Event]:
        """Begin a phase from a position set up by hand (rule cases); the round is the current one."""
        ev: list[Event] = []
        self.opening = ev
        if phase == "climate":
            self._new_round(ev)
            return ev
        self.round = max(self.round, 1)
        self.record = RoundRecord(self.round, self.token, self.wheel, list(self.mp), [0] * self.n,
                                  lost_climate=[0] * self.n, lost_combat=[0] * self.n, bought=[""] * self.n)
        if phase == "auction":
            if self.lab:
                self.bids = [None] * len(self.lab)
                self.outbid = [0] * self.n
                self.phase = "auction"
                self.unplaced = list(self.order)
                self._next_bidder(ev)
            else:
                self._mutation(ev)
        elif phase == "initiative":
            self._initiative(ev)
        elif phase == "movement":
            self.phase = "movement"
            self.turn = self.order.index(self._names.index(turn)) - 1 if turn else -1
            self._next_mover(ev)
        elif phase == "birth":
            self._start_birth(ev)
        elif phase == "survival":
            self._start_survival(ev)
        else:
            raise ValueError(f"unknown phase {phase!r}")
        return ev

    # rounds and the climate phase

    def _new_round(self, ev: list[Event]) -> None:
        self._reset_phase_fields()
        self.round += 1
        self.token = self.tokens.pop(0)
        self.revealed.append(self.token)
        self.record = RoundRecord(self.round, self.token, self.wheel, list(self.mp), [0] * self.n,
                                  lost_climate=[0] * self.n, lost_combat=[0] * self.n, bought=[""] * self.n)
        if self.token == METEORITE:
            ev.append(Event("meteorite", f"round {self.round} climate: the meteorite, the game ends"))
            self._finish(ev)
            return
        self.token_move = TOKEN_STEPS[self.token]
        self.wheel = (self.wheel + self.token_move) % len(self.wheel_data.rings)
        self.record.wheel = self.wheel
        ev.append(Event("climate", f"round {self.round} climate: token {token_text(self.token)}, "
                                   f"wheel {self.wheel_text()}"))
        self.window = self._window("climate")
        if self.window:
            self.phase = "climate"
        else:
            self._mutation(ev)

    def wheel_text(self) -> str:
        """The wheel's position and rings in words."""
        rings = self.wheel_data.rings[self.wheel]
        parts = [f"{r} {'/'.join(t for t in data.TERRAINS if rings[t] == r)}" for r in data.RINGS
                 if any(rings[t] == r for t in data.TERRAINS)]
        return f"{self.wheel} ({', '.join(parts)})"

    def _after_climate_window(self, ev: list[Event]) -> None:
        """The last player's pass closes the window; a played card leaves it open ("Can you play multiple event
        cards in one turn? Yes, as long as timing conditions are met.").

        Rules edition 1 (logs from before) closed it after any climate card, and once one had been played in a
        game every later window closed after its first decision too: kept so that those logs replay."""
        if self.config.edition < 2 and self.climate_card_played:
            self.window = []
        if not self.window:
            self._mutation(ev)

    def _play(self, m: Move, seat: int, ev: list[Event]) -> None:
        card = data.card_by_name()[m.a]
        self.hand[seat].remove(m.a)
        self.discard.append(m.a)
        who = self._names[seat]
        ev.append(Event("card", f"{who} plays {m.a}" + (f" on {m.b}" if card.target == "opponent" else
                                                       f" {m.b}" if m.b else ""), who))
        fx = self.fx[seat]
        e = card.effect
        target = self._names.index(m.b) if card.target == "opponent" else seat
        if e == "fur-1":
            self.fx[target]["fur"] -= 1
        elif e == "thermo-1":
            self.fx[target]["thermo"] -= 1
        elif e == "fur+1":
            fx["fur"] += 1
        elif e == "thermo+1":
            fx["thermo"] += 1
        elif e == "cave+1":
            fx["cave"] += 1
        elif e == "defend+2":
            fx["defend"] += 2
        elif e == "attack+2":
            fx["attack"] += 2
        elif e == "steps+2":
            self.steps += 2
        elif e == "truce":
            fx["truce"] = 1
        elif e == "mp+3":
            self.mp[seat] += 3
        elif e == "reach3":
            fx["reach3"] = 1
        elif e == "births+1":
            self.births_left[seat] += 1
        elif e == "births-none":
            self.fx[target]["noborn"] = 1
            self.births_left[target] = 0
        elif e in ("wheel+-1", "wheel-undo"):
            self.climate_card_played = True
            size = len(self.wheel_data.rings)
            delta = (1 if m.b == "cw" else -1) if e == "wheel+-1" else -self.token_move
            self.wheel = (self.wheel + delta) % size
            assert self.record is not None  # every round has its record from its climate phase on
            self.record.wheel = self.wheel
            ev.append(Event("climate", f"wheel {self.wheel_text()}"))
        if self.phase == "climate":
            if self.config.edition >= 2 and not self.may_hold(seat, "climate"):
                self.window.pop(0)  # nothing more they could play in this window: no pass to ask for
            self._after_climate_window(ev)
        elif self.phase == "birth":
            self._next_birth(ev, advance=False)
        elif self.phase == "movement":
            self._maybe_end_turn(ev)

    # the mutation phase and the auction

    def _mutation(self, ev: list[Event]) -> None:
        genes: list[str] = []
        returned: list[str] = []
        while len(genes) < self.n - 1 and any(g not in genes for g in self.bag):
            g = self.bag.pop(0)
            if g in genes:
                self.bag.insert(self.rng.below(len(self.bag) + 1), g)
                returned.append(g)
            else:
                genes.append(g)
        self.lab = ([EVENT] if self.deck else []) + genes
        self.bids = [None] * len(self.lab)
        self.outbid = [0] * self.n
        text = f"lab: {', '.join(self.lab) if self.lab else 'empty'}"
        if returned:
            text += f" (drawn again, duplicates back in the bag: {', '.join(returned)})"
        ev.append(Event("lab", text))
        self.phase = "auction"
        self.unplaced = list(self.order)
        self.bidder = None
        self._next_bidder(ev)

    def _next_bidder(self, ev: list[Event]) -> None:
        while True:
            if self.bidder is None:  # the next in initiative order (an outbid player re-bids at once instead)
                if not self.unplaced:
                    self._settle(ev)
                    return
                self.bidder = self.unplaced.pop(0)
                self.outbid[self.bidder] = 0
            if self._can_bid(self.bidder):
                return
            ev.append(Event("auction", f"{self._names[self.bidder]} cannot bid on any column and gets nothing"))
            self.bidder = None

    def _can_bid(self, seat: int) -> bool:
        """Whether a bidder has any legal bid (the quick form of legal_moves() != [])."""
        top = min(MAX_BID, self.mp[seat] + self.gene(seat, "alchemical vial"))
        return any(not self.outbid[seat] >> c & 1 and (1 if held is None else held[1] + 1) <= top
                   for c, held in enumerate(self.bids))

    def _bid(self, m: Move, seat: int, ev: list[Event]) -> None:
        col = self.lab.index(m.a)
        held = self.bids[col]
        self.bids[col] = (seat, m.n)
        self.column_of[seat] = col
        self.bidder = None
        if held is not None:
            loser = held[0]
            self.column_of[loser] = None
            ev.append(Event("auction", f"{self._names[loser]} is outbid on {m.a} and bids again"))
            self.bidder = loser
            if self.config.edition < 2:  # rules edition 1: barred from the column just lost only
                self.outbid[loser] = 1 << col
            else:  # "May return to original column in later rounds": not in this one
                self.outbid[loser] |= 1 << col
        self._next_bidder(ev)

    def _settle(self, ev: list[Event]) -> None:
        self.bidder = None
        assert self.record is not None
        for seat in self.order:
            col = self.column_of[seat]
            if col is None:
                continue
            held = self.bids[col]
            assert held is not None
            cost = self._cost(seat, held[1])
            self.mp[seat] -= cost
            self.record.paid[seat] += cost
            item = self.lab[col]
            who = self._names[seat]
            if item == EVENT:
                self.hand[seat].append(self.deck.pop(0))
                ev.append(Event("buy", f"{who} pays {cost} for an event card", who))
            else:
                self.genes[seat][item] = self.genes[seat].get(item, 0) + 1
                ev.append(Event("buy", f"{who} pays {cost} for {item}", who))
            self.record.bought[seat] = item
        self._initiative(ev)

    # initiative

    def _initiative(self, ev: list[Event]) -> None:
        ncol = len(self.lab)
        by_column = sorted(self.order, key=lambda s: ncol if self.column_of[s] is None else self.column_of[s] or 0)
        self.order = sorted(by_column, key=lambda s: self.count[s])
        ev.append(Event("initiative", "initiative: " + ", ".join(self._names[s] for s in self.order)))
        if self._holder("adrenaline rush") is not None:
            self.phase = "initiative"
        else:
            self._start_movement(ev)

    # movement and combat

    def _start_movement(self, ev: list[Event]) -> None:
        self.phase = "movement"
        self.turn = -1
        self._next_mover(ev)

    def _next_mover(self, ev: list[Event]) -> None:
        self.turn += 1
        if self.turn >= self.n:
            self._start_birth(ev)
            return
        seat = self.order[self.turn]
        self.steps = 2 + self.gene(seat, "legs") + 2 * self.gene(seat, "strong thighs")
        self.flippers_used = self.wings_used = False
        self._maybe_end_turn(ev)

    def _maybe_end_turn(self, ev: list[Event]) -> None:
        """A turn with nothing left but 'done' ends by itself."""
        if self.phase == "movement" and not self._can_act(self.order[self.turn]):
            self._next_mover(ev)

    def _can_act(self, seat: int) -> bool:
        """Whether a mover has anything to do but 'done' (the quick form of legal_moves() != [done]); a card
        in hand keeps the turn open whatever it is, so the way a turn ends does not tell what is held."""
        if self._card_moves(seat) if self.config.edition < 2 else self.may_hold(seat, "movement"):
            return True
        return self.steps >= 1 and self._can_step(seat)

    def _can_step(self, seat: int) -> bool:
        """Whether a mover with movement points left has a step, an attack, a swim or a flight."""
        occ = self.occ
        for s in self.pos[seat]:
            for t in self.board.neighbors[s]:
                o = occ[t]
                if o < 0 or (o != seat and self._attackable(o)):
                    return True
        return any(m.kind != "done" for m in self._candidates(seat))  # neighbours all blocked: Wings or Flippers?

    def horns(self, seat: int, attacking: bool) -> int:
        """Horns in a fight: horn genes, Large Horn (+2 attacking), Bony Plates (+2 defending), cards."""
        h = self.gene(seat, "horns")
        if attacking:
            return h + 2 * self.gene(seat, "large horn") + self.fx[seat]["attack"]
        return h + 2 * self.gene(seat, "bony plates") + self.fx[seat]["defend"]

    def roll(self) -> data.Face:
        """One throw of the combat die (a case may fix the throws)."""
        faces = data.die()
        if self.forced_dice:
            name = self.forced_dice.pop(0)
            return next(f for f in faces if f.name == name)
        return faces[self.rng.below(len(faces))]

    def _step(self, m: Move, seat: int, ev: list[Event]) -> None:
        s, t = self._space(m.a), self._space(m.b)
        self.steps -= 1
        if m.kind == "swim":
            self.flippers_used = True
        elif m.kind == "fly":
            self.wings_used = True
        if m.kind != "attack":
            self._lift(s)
            self._put(t, seat)
            self._maybe_end_turn(ev)
            return
        o = self.occ[t]
        face = self.roll()
        a, d = self.horns(seat, True), self.horns(o, False)
        win = {"always": True, "never": False, "more": a > d, "equal-or-more": a >= d}[face.wins]
        ev.append(Event("die", f"die {face.name}: {self._names[seat]} {m.a} ({a} horns) against "
                               f"{self._names[o]} {m.b} ({d} horns), " + ("attacker wins" if win else "no effect")))
        if not win:
            self._maybe_end_turn(ev)
            return
        if self.gene(o, "chameleon skin"):
            if self._escapes(t, s):
                self.chameleon = (o, t, s)
                self.phase = "chameleon"
                return
            ev.append(Event("combat", f"{self._names[o]}'s chameleon on {m.b} has no free space and dies"))
        self._kill(t, combat=True)
        self._lift(s)
        self._put(t, seat)
        self._maybe_end_turn(ev)

    def _escape(self, m: Move, ev: list[Event]) -> None:
        assert self.chameleon is not None
        o, t, s = self.chameleon
        attacker = self.occ[s]
        dest = self._space(m.a)
        self._lift(t)
        self._put(dest, o)
        self._lift(s)
        self._put(t, attacker)
        self.chameleon = None
        self.phase = "movement"
        ev.append(Event("combat", f"{self._names[o]}'s chameleon escapes to {m.a}"))
        self._maybe_end_turn(ev)

    def _put(self, space: int, seat: int) -> None:
        self.occ[space] = seat
        self.count[seat] += 1
        self.pos[seat].append(space)

    def _lift(self, space: int) -> None:
        seat = self.occ[space]
        self.count[seat] -= 1
        self.pos[seat].remove(space)
        self.occ[space] = FREE

    def _kill(self, space: int, combat: bool) -> None:
        seat = self.occ[space]
        self._lift(space)
        assert self.record is not None
        if combat:
            self.lost_combat[seat] += 1
            self.record.lost_combat[seat] += 1
        else:
            self.lost_climate[seat] += 1
            self.record.lost_climate[seat] += 1

    # births

    def _start_birth(self, ev: list[Event]) -> None:
        self.phase = "birth"
        for s in range(self.n):
            self.births_left[s] = 1 + self.gene(s, "eggs")  # No More Youth, a Birth card, comes later
        self.birth_seat = None
        self._next_birth(ev, advance=True)

    def _next_birth(self, ev: list[Event], advance: bool) -> None:
        """The next birth turn: round after round through the initiative order, while births remain."""
        while True:
            if advance:  # else a card was just played on the current birth turn, which has its births still
                if not any(self.births_left):
                    self._start_survival(ev)
                    return
                first = 0 if self.birth_seat is None else self.order.index(self.birth_seat) + 1
                for i in range(self.n):  # from the one after the last birth turn, round the order
                    s = self.order[(first + i) % self.n]
                    if self.births_left[s] > 0:
                        self.birth_seat = s
                        break
            advance = True
            assert self.birth_seat is not None
            if self._can_breed(self.birth_seat):
                return
            self.births_left[self.birth_seat] -= 1

    def _can_breed(self, seat: int) -> bool:
        """Whether a birth turn is asked: births are possible, or the player could hold a Birth card (not
        whether they do: a turn asked only of a holder would tell)."""
        if self._card_moves(seat) if self.config.edition < 2 else self.may_hold(seat, "birth"):
            return True
        if self.count[seat] < SUPPLY:
            return bool(self._birth_places(seat))
        return any(self._birth_places(seat, r) for r in self.pos[seat])

    def _birth(self, m: Move, seat: int, ev: list[Event]) -> None:
        self.births_left[seat] -= 1
        who = self._names[seat]
        if m.kind == "birth":
            if m.b:
                self._lift(self._space(m.b))
            t = self._space(m.a)
            self._put(t, seat)
            if m.c:
                e = self._space(m.c)
                face = self.roll()
                if face.wins != "never":
                    victim = self._names[self.occ[e]]
                    self._kill(e, combat=True)
                    ev.append(Event("die", f"die {face.name}: {who}'s killer baby on {m.a} kills {victim} on {m.c}"))
                else:
                    self._kill(t, combat=True)
                    ev.append(Event("die", f"die {face.name}: {who}'s killer baby on {m.a} dies"))
        self._next_birth(ev, advance=True)

    # survival

    def _start_survival(self, ev: list[Event]) -> None:
        self.birth_seat = None
        self.window = self._window("survival")
        if self.window:
            self.phase = "survival-cards"
        else:
            self._after_survival_window(ev)

    def _after_survival_window(self, ev: list[Event]) -> None:
        if self.window:
            return
        self.phase = "survival"
        self.turn = -1
        self.survivor = None
        self._next_survivor(ev)

    def protections(self, seat: int) -> dict[str, int]:
        """How many dinosaurs each ring's protection saves: thermoregulation, fur, cave dweller (with cards)."""
        fx = self.fx[seat]
        return {"hot": max(0, self.gene(seat, "thermoregulation") + fx["thermo"]),
                "cold": max(0, self.gene(seat, "fur") + fx["fur"]),
                "deadly": max(0, self.gene(seat, "cave dweller") + fx["cave"])}

    def _endangered(self, seat: int) -> list[int]:
        return [s for s in self.dinos(seat) if self.ring(s) != "ideal"]

    def _excess(self, kept: list[int], seat: int) -> int:
        prot = self.protections(seat)
        used = {"hot": 0, "cold": 0, "deadly": 0}
        for s in kept:
            used[self.ring(s)] += 1
        return sum(max(0, used[r] - prot[r]) for r in used)

    def _next_survivor(self, ev: list[Event]) -> None:
        """Judge each species in initiative order; stop where a player must choose whom to save."""
        while True:
            self.turn += 1
            if self.turn >= self.n:
                self._income(ev)
                return
            seat = self.order[self.turn]
            self.survivor = seat
            self.kept = []
            danger = self._endangered(seat)
            c = self.count[seat]
            # no one in danger: nothing to keep; Regeneration at exactly three: its floor of three keeps them all
            prot = self.protections(seat)
            by_ring = {r: sum(1 for s in danger if self.ring(s) == r) for r in ("hot", "cold", "deadly")}
            saved = sum(min(prot[r], by_ring[r]) for r in by_ring)
            floor = min(3 if self.gene(seat, "regeneration") else 2, c)
            ideal = c - len(danger)
            self.keep_extra = max(0, floor - ideal - saved)
            self.keep_target = saved + self.keep_extra
            if self.keep_target in (0, len(danger)):
                self.kept = danger if self.keep_target else []
                self._judge(seat, ev)
                continue
            return

    def _judge(self, seat: int, ev: list[Event]) -> None:
        dead = [s for s in self._endangered(seat) if s not in self.kept]
        for s in dead:
            self._kill(s, combat=False)
        if dead:
            ev.append(Event("survival", f"{self._names[seat]} loses {', '.join(self.board.names[s] for s in dead)} "
                                        "to the climate"))
        self.kept = []

    def _income(self, ev: list[Event]) -> None:
        self.survivor = None
        rec = self.record
        assert rec is not None
        rec.income = list(self.count)
        for s in range(self.n):
            self.mp[s] += self.count[s]
        rec.mp_after = list(self.mp)
        self.rounds.append(rec)
        ev.append(Event("income", f"round {self.round} income: " + ", ".join(
            f"{self._names[s]} +{self.count[s]} = {self.mp[s]}" for s in range(self.n))))
        ev.append(Event("round-end", "", log=False))
        self._new_round(ev)

    # the end

    def ranking(self) -> list[int]:
        """Seats best first: most mutation points, then most dinosaurs on the island."""
        return sorted(range(self.n), key=lambda s: (-self.mp[s], -self.count[s], s))

    def ranking_by_seat(self) -> list[int]:
        """Seats in seat order (round tables list players as they sit)."""
        return list(range(self.n))

    def _finish(self, ev: list[Event]) -> None:
        self.phase = "over"
        best = max((self.mp[s], self.count[s]) for s in range(self.n))
        self.winners_ = tuple(self._names[s] for s in range(self.n) if (self.mp[s], self.count[s]) == best)
        rank = ", ".join(f"{self._names[s]} {self.mp[s]} ({self.count[s]} dinosaurs)" for s in self.ranking())
        verb = "wins" if len(self.winners_) == 1 else "share the victory"
        ev.append(Event("over", f"over {' and '.join(self.winners_)} {verb}: {rank}"))

    # ----- copies and views -----

    def copy(self) -> State:
        """An independent state (lists copied, the board and data shared)."""
        c = State.__new__(State)  # not copy.copy: a search copies a state per playout
        d = c.__dict__
        d.update(self.__dict__)
        c.history = list(self.history)
        c.rng = SplitMix64(self.rng.state)
        for name in ("occ", "count", "mp", "discard", "forced_dice", "lost_climate", "lost_combat", "rounds",
                     "revealed", "deck", "bag", "tokens", "order", "lab", "bids", "column_of", "unplaced", "window",
                     "births_left", "kept", "outbid"):
            d[name] = list(d[name])
        c.genes = [dict(g) for g in self.genes]
        c.pos = [list(p) for p in self.pos]
        c.hand = [list(h) for h in self.hand]
        c.fx = [dict(f) for f in self.fx]
        c.record = None if self.record is None else _copy_record(self.record)
        return c

    def view(self, player: str | None) -> dict[str, Any]:
        """What a player (or a spectator, None) may see: never the seed, the piles' order or others' cards."""
        me = self._names.index(player) if player in self._names else None
        names = self.board.names
        rings = self.wheel_data.rings[self.wheel]
        out: dict[str, Any] = {
            "game": "evo", "players": list(self._names), "you": player, "round": self.round, "phase": self.phase,
            "to_move": self.to_move, "over": self.is_over, "winners": list(self.winners_),
            "board": {"players": self.n, "rows": list(self.board.rows)},
            "dinosaurs": {self._names[s]: [names[x] for x in self.dinos(s)] for s in range(self.n)},
            "terrain": {names[i]: t for i, t in enumerate(self.board.terrain)},
            "coastal": [names[i] for i in range(self.board.size) if self.board.coastal[i]],
            "wheel": {"position": self.wheel, "rings": dict(rings), "ideal": self.wheel_data.ideal(self.wheel)},
            "token": self.token, "tokens_left": len(self.tokens), "revealed": list(self.revealed),
            "initiative": [self._names[s] for s in self.order],
            "mp": self.scores(),
            "genes": {self._names[s]: dict(sorted(self.genes[s].items())) for s in range(self.n)},
            "cards_held": {self._names[s]: len(self.hand[s]) for s in range(self.n)},
            "event_deck": len(self.deck), "discard": list(self.discard), "bag": len(self.bag),
            "lab": [{"item": item, "bid": b[1] if b else None, "by": self._names[b[0]] if b else None}
                    for item, b in zip(self.lab, self.bids, strict=True)],
            "lost": {self._names[s]: {"climate": self.lost_climate[s], "combat": self.lost_combat[s]}
                     for s in range(self.n)},
            "steps": self.steps if self.phase == "movement" else None,
            "births_left": {self._names[s]: self.births_left[s] for s in range(self.n)} if self.phase == "birth"
            else None,
            "effects": {self._names[s]: {k: v for k, v in self.fx[s].items() if v} for s in range(self.n)},
        }
        if self.survivor is not None:  # Survival is judging this species (None in every other phase)
            out["keeping"] = {"kept": [names[s] for s in self.kept], "of": self.keep_target}
        if me is not None:
            out["hand"] = sorted(self.hand[me])
            if self.gene(me, "sixth sense") and self.tokens:
                out["next_token"] = self.tokens[0]
        return out


@lru_cache(maxsize=1)
def _columns() -> list[str]:
    """Every name a lab column can have: the event card and every gene."""
    return [EVENT, *data.normal_genes(), *data.unique_genes()[0]]


def new_state(config: Config, seed: int) -> State:
    """A game at its first decision."""
    state = State(config, seed)
    state.start()
    return state


def _copy_record(r: RoundRecord) -> RoundRecord:
    """A round record with its own lists (State.copy runs per search playout: deepcopy took most of its time)."""
    c = RoundRecord.__new__(RoundRecord)
    c.__dict__.update({k: list(v) if type(v) is list else v for k, v in r.__dict__.items()})
    return c
