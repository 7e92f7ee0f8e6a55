"""The Arctic game state: setup from the seed, the turn's steps as decisions, powers, the end and scores.

A turn runs through phases: place (powers used before placing come first), tokens, walrus (the extra
step), draw, discard (over the hand limit). Steps with nothing to decide happen by themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from rules.arctic.cards import ANIMALS, COMP, DATA, DRAW, LANDSCAPE, MAIN, NAME, PLACE, WILD, deck_for
from rules.arctic.config import ArcticConfig
from rules.arctic.help import why_not
from rules.arctic.moves import DECK, PENALTY, SKIP, Move, move_text, parse_move
from rules.arctic.scoring import Score, score_player
from rules.core.errors import IllegalMove
from rules.core.rng import SplitMix64

FOX, MOOSE, WALRUS, ORCA, PUFFIN, BEAR = range(6)
A, B = 0, 1
LIMIT = DATA.hand_limit
RIVER = DATA.river_size
EDGE = (0, len(LANDSCAPE) - 1)


class Event(NamedTuple):
    """Something that happened, told in public terms (a card is -1 when it lies face down).

    A named tuple rather than a frozen dataclass: simulations create one or more per move.
    """

    kind: str
    player: str | None = None
    a: Any = None
    b: Any = None


class ArcticState:
    """One game in progress; see the protocol docstring in rules/core/protocol.py for the contract."""

    def __init__(self, config: ArcticConfig, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.seq = 0
        self.history: list[tuple[str, Any]] = []
        self._names = tuple(config.names)
        n = len(self._names)
        self.n = n
        rng = SplitMix64(seed)
        deck = deck_for(n)
        rng.shuffle(deck)
        reserve_size = (n - 1) * DATA.reserve_per_extra_player
        self.reserve: list[int] = deck[:reserve_size]
        deck = deck[reserve_size:]
        self.hands: list[list[int]] = []
        for _ in range(n):
            self.hands.append([deck.pop() for _ in range(DATA.hand_start)])
        self.river: list[int] = [deck.pop() for _ in range(RIVER)]
        self.draw: list[int] = deck  # the top is the end of the list
        totems = list(range(6))
        rng.shuffle(totems)
        self.totems: list[int] = totems[:n]
        self.sides: tuple[int, ...] = tuple(
            (A if s == "A" else B) if s != "random" else rng.below(2) for s in config.powers)
        self.first = self._names.index(config.start) if config.start else rng.below(n)
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.penalties: list[list[int]] = [[] for _ in range(n)]
        self.tokens: list[int] = [DATA.token_start] * 6
        self.holders: list[int] = [-1] * 6
        self.current = self.first
        self.round = 1
        self.end_triggered = False
        self.drawn = False  # a card has left the draw pile this round (decision 18)
        self.final_round = False
        self.over = False
        self.final: list[Score] | None = None
        self._events: list[Event] = []
        self._begin_turn()
        self._settle()
        self.opening_events = self._events
        self._events = []

    # ----- the protocol's properties
    @property
    def names(self) -> Sequence[str]:
        return self._names

    @property
    def to_move(self) -> str | None:
        return None if self.over else self._names[self.current]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winners(self) -> tuple[str, ...]:
        """The single winner: most points, ties to the earliest in turn order from the first player."""
        if not self.over:
            return ()
        return (self.ranking()[0],)

    def ranking(self) -> list[str]:
        """Players best first; equal totals go to the one closer to the first player in turn order."""
        sc = self.scores()
        order = [self._names[(self.first + i) % self.n] for i in range(self.n)]
        return sorted(order, key=lambda p: -sc[p])

    def score_of(self, seat: int) -> Score:
        """A player's score as it stands (final once the game is over)."""
        if self.final is not None:
            return self.final[seat]
        return score_player(self.piles[seat], len(self.penalties[seat]), self.totems[seat], self.tokens)

    def scores(self) -> dict[str, int]:
        """Totals; before the end without the secret totems, so showing them never reveals a totem."""
        if self.over:
            return {self._names[i]: self.score_of(i).total for i in range(self.n)}
        return {self._names[i]: self.score_of(i).total - self.score_of(i).totem for i in range(self.n)}

    # ----- turn state
    def _begin_turn(self) -> None:
        """Reset the per-turn counters; the placement value comes from the visible card (1 if none)."""
        top = self.visible(self.current)
        self.phase = "place"
        self.place_base = PLACE[top] if top >= 0 else DATA.first_placement
        self.place_adj = 0
        self.placed = 0
        self.draw_adj = 0
        self.taken = 0
        self.used = 0
        self.orca_on = False
        self.bear_on = False
        self.passed = False
        self.vis = -1
        self._events.append(Event("turn", self._names[self.current], self.round, self.final_round))

    def visible(self, seat: int) -> int:
        """The face-up top card of a pile, or -1 (empty pile, or a face-down card on top)."""
        pile = self.piles[seat]
        return pile[-1] if pile and pile[-1] < WILD else -1

    @property
    def place_target(self) -> int:
        return max(0, self.place_base + self.place_adj)

    @property
    def draw_target(self) -> int:
        base = DRAW[self.vis] if self.vis >= 0 else DATA.first_placement
        return max(0, base + self.draw_adj)

    def _can(self, animal: int, side: int) -> bool:
        """The current player holds this power on this side and has not used it this turn."""
        return self.holders[animal] == self.current and self.sides[animal] == side and not self.used >> animal & 1

    def _last_card(self) -> bool:
        return self.place_target - self.placed == 1 or len(self.hands[self.current]) == 1

    # ----- legal moves
    def _pre_place(self) -> list[Move]:
        """Powers used before the first card is placed."""
        me = self.current
        out: list[Move] = []
        if self._can(MOOSE, B):
            out.append(("moose", 1, 0))
            if self.place_target >= 1:
                out.append(("moose", -1, 0))
        if self._can(PUFFIN, A):
            out += [("swap", h, r) for h in self.hands[me] for r in self.river]
        if self._can(PUFFIN, B) and self.visible(me) >= 0:
            out.append(("back", 0, 0))
        out += self._bear_b()
        return out

    def _bear_b(self) -> list[Move]:
        if self._can(BEAR, B) and self.penalties[self.current]:
            return [("bear", s, 0) for s in range(self.n) if s != self.current]
        return []

    def _takes(self) -> list[Move]:
        me = self.current
        out: list[Move] = [("take", c, 0) for c in self.river]
        if self._can_orca_b() and self.draw:
            out.append(("take", DECK, 0))
        if self._can_bear_a() and self.penalties[me]:
            out.append(("take", PENALTY, 0))
        return out

    def _can_take(self) -> bool:
        """Whether any card can be taken now (cheaper than listing the takes)."""
        if self.river:
            return True
        if self.draw and self._can_orca_b():
            return True
        return bool(self.penalties[self.current]) and self._can_bear_a()

    def _can_orca_b(self) -> bool:
        """Orca B may take several cards from the deck in the one turn it is used."""
        return self.holders[ORCA] == self.current and self.sides[ORCA] == B and (
            not self.used >> ORCA & 1 or self.orca_on)

    def _can_bear_a(self) -> bool:
        return self.holders[BEAR] == self.current and self.sides[BEAR] == A and (
            not self.used >> BEAR & 1 or self.bear_on)

    def _walrus_token(self) -> int:
        return MAIN[self.vis] if self.sides[WALRUS] == A else COMP[self.vis]

    def legal_moves(self) -> list[Move]:
        """Every decision the player to move may take now."""
        if self.over:
            return []
        me = self.current
        ph = self.phase
        if ph == "place":
            hand = self.hands[me]
            out: list[Move] = []
            if self.placed < self.place_target and hand:
                if self.holders[FOX] != me:  # the common case: no fox choices
                    out = [("place", c, 0) for c in hand]
                else:
                    last = self._last_card()
                    pile = self.piles[me]
                    fox_a = last and self._can(FOX, A) and bool(pile) and pile[-1] < WILD
                    fox_b = last and self._can(FOX, B) and bool(pile)
                    for c in hand:
                        out.append(("place", c, 0))
                        if fox_a:
                            out.append(("place", c, 1))
                        if fox_b:
                            out.append(("place", c, 2))
                if self.placed == 0:
                    out += self._pre_place()
                return out
            out = self._pre_place()
            return out + [SKIP] if out else out
        if ph == "tokens":
            return [("token", 0, MAIN[self.vis]), ("token", 1, MAIN[self.vis])]
        if ph == "walrus":
            t = self.tokens[self._walrus_token()]
            return ([("walrus", -1, 0)] if t > 0 else []) + ([("walrus", 1, 0)] if t < EDGE[1] else []) + [SKIP]
        if ph == "draw":
            out = self._takes()
            if self.taken == 0:
                if self._can(MOOSE, A):
                    out.append(("moose", 1, 0))
                    if self.draw_target >= 1:
                        out.append(("moose", -1, 0))
                if self._can(ORCA, A):
                    out.append(("orca", 0, 0))
            return out + self._bear_b()
        if ph == "discard":
            return [("discard", c, 0) for c in self.hands[me]]
        return []

    # ----- text
    def move_text(self, move: Move) -> str:
        return move_text(move, self._names)

    def parse(self, text: str) -> Move:
        """A move from its text, read against the player to move's hand, the river and the tokens."""
        pair = (MAIN[self.vis], COMP[self.vis]) if self.phase == "tokens" and self.vis >= 0 else None
        hand = self.hands[self.current] if not self.over else []
        return parse_move(text, self._names, hand, self.river, pair)

    def check(self, move: Any, player: str | None = None) -> Move:
        """The move if the rules allow it now, else IllegalMove with the reason."""
        if isinstance(move, str):
            move = self.parse(move)
        if self.over:
            raise IllegalMove("the game is over")
        if player is not None and player != self._names[self.current]:
            raise IllegalMove(f"it is {self._names[self.current]}'s turn, not {player}'s")
        if move not in self.legal_moves():
            raise IllegalMove(self._why_not(move))
        return move  # type: ignore[no-any-return]  # parse() is typed to give a Move; mypy loses it in the union

    def _why_not(self, move: Move) -> str:
        """A player-facing reason a move is refused (only names what the player may know)."""
        return why_not(self, move)

    # ----- applying moves
    def apply(self, move: Any, player: str | None = None) -> list[Event]:
        """Play one decision (a move or its text) and every automatic step after it; returns the events."""
        mv = self.check(move, player)
        return self.play(mv)

    def play(self, mv: Move) -> list[Event]:
        """Apply a move known to be legal (simulations skip the check)."""
        self._events = events = []
        name = self._names[self.current]
        self.history.append((name, mv))
        self.seq += 1
        me = self.current
        kind = mv[0]
        hand = self.hands[me]
        if kind == "place":
            c, mode = mv[1], mv[2]
            hand.remove(c)
            pile = self.piles[me]
            if mode == 0:
                pile.append(c)
                events.append(Event("place", name, c, 0))
            elif mode == 1:
                pile.insert(len(pile) - 1, c + WILD)
                self.used |= 1 << FOX
                events.append(Event("place", name, -1, 1))
            else:
                pile.insert(0, c)
                self.used |= 1 << FOX
                events.append(Event("place", name, c, 2))
            self.placed += 1
        elif kind == "skip":
            self.passed = True
        elif kind == "token":
            self._move_tokens(mv[1])
        elif kind == "walrus":
            t = self._walrus_token()
            before = self.tokens[t]
            self.tokens[t] += mv[1]
            self.used |= 1 << WALRUS
            self.passed = True
            events.append(Event("tokens", name, ((t, before, self.tokens[t]),), "walrus"))
        elif kind == "moose":
            if self.phase == "place":
                self.place_adj += mv[1]
            else:
                self.draw_adj += mv[1]
            self.used |= 1 << MOOSE
            events.append(Event("use", name, "moose", mv[1]))
        elif kind == "swap":
            h, r = mv[1], mv[2]
            hand.remove(h)
            self.river[self.river.index(r)] = h
            hand.append(r)
            self.used |= 1 << PUFFIN
            events.append(Event("use", name, "puffin swap", (h, r)))
        elif kind == "back":
            c = self.piles[me].pop()
            hand.append(c)
            top = self.visible(me)
            self.place_base = PLACE[top] if top >= 0 else DATA.first_placement
            self.used |= 1 << PUFFIN
            events.append(Event("use", name, "puffin back", c))
        elif kind == "orca":
            self.orca_on = True
            self.used |= 1 << ORCA
            events.append(Event("use", name, "orca", None))
        elif kind == "bear":
            card = self.penalties[me].pop()
            self.penalties[mv[1]].append(card)
            self.used |= 1 << BEAR
            events.append(Event("use", name, "bear", self._names[mv[1]]))
        elif kind == "take":
            src = mv[1]
            if src == DECK:
                hand.append(self.draw.pop())
                self.drawn = True
                self.used |= 1 << ORCA
                self.orca_on = True
                events.append(Event("take", name, -1, "deck"))
            elif src == PENALTY:
                hand.append(self.penalties[me].pop())
                self.used |= 1 << BEAR
                self.bear_on = True
                events.append(Event("take", name, -1, "penalty"))
            else:
                self.river.remove(src)
                hand.append(src)
                events.append(Event("take", name, src, "river"))
                if self.orca_on and self.sides[ORCA] == A:
                    self._refill()
            self.taken += 1
        elif kind == "discard":
            hand.remove(mv[1])
            self.penalties[me].append(mv[1])
            events.append(Event("discard", name, -1, len(self.penalties[me])))
        self._settle()
        return events

    def _move_tokens(self, choice: int) -> None:
        """Move the visible card's two tokens one step each in opposite directions, edges inward first."""
        m, p = MAIN[self.vis], COMP[self.vis]
        tm, tp = self.tokens[m], self.tokens[p]
        em, ep = tm in EDGE, tp in EDGE
        if em and ep:
            nm, np_ = (1 if tm == 0 else EDGE[1] - 1), (1 if tp == 0 else EDGE[1] - 1)
        elif em:
            d = 1 if tm == 0 else -1
            nm, np_ = tm + d, tp - d
        elif ep:
            d = 1 if tp == 0 else -1
            nm, np_ = tm - d, tp + d
        else:
            d = -1 if choice == 0 else 1
            nm, np_ = tm + d, tp - d
        self.tokens[m], self.tokens[p] = nm, np_
        self._events.append(Event("tokens", self._names[self.current], ((m, tm, nm), (p, tp, np_)), "move"))
        self.phase = "walrus"

    def _take_from_draw(self, trigger: bool = True) -> int:
        """The top card of the draw pile, turning to the reserve when the pile is empty; -1 if none is left.

        Only a refill of the river triggers the end ("the draw pile is empty and the river cannot be
        completely refilled"): a penalty card (`trigger` False) needed from an empty pile is not taken.
        """
        if not self.draw and trigger:
            self._trigger()
        if not self.draw:
            return -1
        self.drawn = True
        return self.draw.pop()

    def _trigger(self, stalled: bool = False) -> None:
        """The end of the game is triggered: the reserve becomes the draw pile (under any cards left in it).

        `stalled`: a whole round passed without a card leaving the draw pile (decision 18).
        """
        if self.end_triggered:
            return
        self.end_triggered = True
        self.draw = self.reserve + self.draw  # the top is the end of the list: the reserve goes underneath
        self._events.append(Event("trigger", self._names[self.current], len(self.reserve),
                                  "stalled" if stalled else None))
        self.reserve = []

    def _refill(self) -> None:
        """Fill the river up to 6 from the draw pile (and the reserve once the end is triggered)."""
        added: list[int] = []
        while len(self.river) < RIVER:
            c = self._take_from_draw()
            if c < 0:
                break
            self.river.append(c)
            added.append(c)
        if added:
            self._events.append(Event("refill", None, tuple(added)))

    def _settle(self) -> None:
        """Carry out every step that needs no decision, up to the next decision or the end."""
        while not self.over:
            me = self.current
            ph = self.phase
            if ph == "place":
                hand = self.hands[me]
                if self.placed < self.place_target and hand:
                    return
                if self.placed == 0 and not self.passed and self._pre_place():
                    return
                self._finish_placing()
            elif ph == "tokens":
                if self.vis < 0:
                    self.phase = "draw"
                    continue
                tm, tp = self.tokens[MAIN[self.vis]], self.tokens[COMP[self.vis]]
                if tm in EDGE or tp in EDGE:
                    self._move_tokens(0)
                    continue
                return
            elif ph == "walrus":
                if self.vis >= 0 and self._can(WALRUS, self.sides[WALRUS]) and not self.passed:
                    return
                self.phase = "draw"
                self.passed = False
            elif ph == "draw":
                if not self.final_round and self.taken < self.draw_target and self._can_take():
                    return
                self.phase = "discard"
            elif ph == "discard":
                if len(self.hands[me]) > LIMIT and not self.final_round:
                    return
                self._end_turn()

    def _finish_placing(self) -> None:
        """Penalties for a short hand, then the power card of the new visible card's main animal."""
        me = self.current
        name = self._names[me]
        short = self.place_target - self.placed
        if short > 0:
            got = 0
            for _ in range(short):
                c = self._take_from_draw(trigger=False)
                if c >= 0:
                    self.penalties[me].append(c)
                    got += 1
            self._events.append(Event("penalty", name, short, got))
        self.vis = self.visible(me)
        if self.vis >= 0:
            a = MAIN[self.vis]
            before = self.holders[a]
            if before != me:
                self.holders[a] = me
                self._events.append(Event("power", name, a, self._names[before] if before >= 0 else None))
        self.phase = "tokens"
        self.passed = False

    def _end_turn(self) -> None:
        """Refill the river, pass the turn, close rounds, and end the game after the final round."""
        if not self.final_round:
            self._refill()
        nxt = (self.current + 1) % self.n
        if nxt == self.first:
            if not self.drawn and not self.end_triggered:
                self._trigger(stalled=True)  # nobody drew for a whole round: the game would never end
            self.drawn = False
            self._events.append(Event("round_end", None, self.round, self.final_round))
            if self.final_round:
                self.over = True
                self.phase = "over"
                self.final = [score_player(self.piles[s], len(self.penalties[s]), self.totems[s], self.tokens)
                              for s in range(self.n)]
                self._events.append(Event("over", None, tuple(self.ranking()), None))
                return
            self.round += 1
            if self.end_triggered:
                self.final_round = True
                self._events.append(Event("final_round", None, self.round))
        self.current = nxt
        self._begin_turn()

    # ----- views and copies
    def copy(self) -> ArcticState:
        """An independent copy: the lists that change are copied, the config and sides are shared.

        The attribute table is copied whole and then given the new lists (a search copies a state per playout).
        """
        new = ArcticState.__new__(ArcticState)
        d = self.__dict__.copy()
        d["history"] = self.history.copy()
        d["hands"] = list(map(list, self.hands))
        d["piles"] = list(map(list, self.piles))
        d["penalties"] = list(map(list, self.penalties))
        d["river"] = self.river.copy()
        d["draw"] = self.draw.copy()
        d["reserve"] = self.reserve.copy()
        d["tokens"] = self.tokens.copy()
        d["holders"] = self.holders.copy()
        d["_events"] = []
        new.__dict__ = d
        return new

    def view(self, player: str | None) -> dict[str, Any]:
        """What `player` may see (None: a spectator): own hand and totem, public cards, counts of the rest."""
        me = self._names.index(player) if player is not None else -1
        players = []
        for s, name in enumerate(self._names):
            pile = []
            for e in self.piles[s]:
                if e >= WILD:
                    pile.append(f"face down: {NAME[e - WILD]}" if s == me or self.over else "face down")
                else:
                    pile.append(NAME[e])
            top = self.visible(s)
            entry: dict[str, Any] = {
                "name": name, "pile": pile, "visible": NAME[top] if top >= 0 else None, "pile_size": len(pile),
                "penalties": len(self.penalties[s]), "hand_size": len(self.hands[s]),
                "powers": [ANIMALS[a] for a in range(6) if self.holders[a] == s]}
            if self.over:
                entry["totem"] = ANIMALS[self.totems[s]]
            players.append(entry)
        out: dict[str, Any] = {
            "game": "arctic", "player": player, "seq": self.seq, "round": self.round,
            "to_move": self.to_move, "phase": self.phase, "first": self._names[self.first],
            "end_triggered": self.end_triggered, "final_round": self.final_round, "over": self.over,
            "landscape": list(LANDSCAPE), "tokens": {ANIMALS[a]: LANDSCAPE[self.tokens[a]] for a in range(6)},
            "powers": {ANIMALS[a]: {"side": "AB"[self.sides[a]],
                                    "holder": self._names[self.holders[a]] if self.holders[a] >= 0 else None}
                       for a in range(6)},
            "river": [NAME[c] for c in self.river], "draw_pile": len(self.draw), "reserve": len(self.reserve),
            "players": players,
        }
        if not self.over:
            out["turn"] = {"player": self._names[self.current], "place_target": self.place_target,
                           "placed": self.placed, "draw_target": self.draw_target if self.phase != "place" else None,
                           "taken": self.taken, "used": [ANIMALS[a] for a in range(6) if self.used >> a & 1],
                           "tokens_to_move": [ANIMALS[MAIN[self.vis]], ANIMALS[COMP[self.vis]]]
                           if self.vis >= 0 and self.phase != "place" else None}
        if me >= 0:
            out["hand"] = [NAME[c] for c in self.hands[me]]
            out["totem"] = ANIMALS[self.totems[me]]
        if self.over:
            out["scores"] = self.scores()
            out["winners"] = list(self.winners)
        return out


def pile_names(state: ArcticState, seat: int) -> list[str]:
    """A pile's cards bottom first, a face-down card written 'down:NAME' (full knowledge, for cases)."""
    return [("down:" + NAME[e - WILD]) if e >= WILD else NAME[e] for e in state.piles[seat]]
