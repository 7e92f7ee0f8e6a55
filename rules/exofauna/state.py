"""The game itself: holes, hands, decks, and the stack of pending decisions of the current Action.

Players are indexed by colour inside (0 blue, the starting player; 1 yellow). A card is an int,
`organism * 2 + colour`. A deck is a list, index 0 its top. A hole is a list of eight cards (-1: empty).
The decisions of an Action wait on `stack` (top last): a played card pushes its Adaptation frame and
then its Instinct frames; frames with nothing to decide are settled without a move.
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalMove
from rules.core.rng import SplitMix64
from rules.exofauna.config import Config
from rules.exofauna.data import Design, design
from rules.exofauna.events import Event
from rules.exofauna.moves import HAND, Move, Names, parse_move

EMPTY = -1
# frame kinds on the stack
SWARM, SCAV, TAKE, PDIS, ADAPT = "swarm", "scav", "take", "pdis", "adapt"

_NAMES: dict[int, Names] = {}


def names_for(d: Design) -> Names:
    """The name tables of a design, built once."""
    n = _NAMES.get(id(d))
    if n is None:
        n = _NAMES[id(d)] = Names(d)
    return n


class State:
    """A game of ExoFauna/Duo in progress; see the module docstring for the representation."""

    def __init__(self, config: Config, seed: int, d: Design | None = None) -> None:
        """Deal a new game: colours, shuffled decks, hands of 4, the two starting holes."""
        self.d = d or design()
        self.nm = names_for(self.d)
        self.config = config
        self.seed = seed
        self.seq = 0
        self.history: list[tuple[str, Any]] = []
        names = tuple(p.name for p in config.players)
        self._names = names
        rng = SplitMix64(seed)
        if config.start is not None:
            blue = names.index(config.start)
        else:
            blue = rng.fork(0x57A47).below(2)
        self.by_colour = (names[blue], names[1 - blue])
        decks: list[list[int]] = []
        for colour in (0, 1):
            deck = [o * 2 + colour for o in range(len(self.d.organisms)) for _ in range(self.d.copies)]
            rng.shuffle(deck)
            decks.append(deck)
        self.hands: list[list[int]] = [decks[0][:self.d.hand], decks[1][:self.d.hand]]
        self.decks: list[list[int]] = [decks[0][self.d.hand:], decks[1][self.d.hand:]]
        self.holes: list[list[int]] = [[EMPTY] * self.d.hole_size, [EMPTY] * self.d.hole_size]
        self.hole_colour: list[int] = list(self.d.start_colours)
        self.hole_card: list[int] = [EMPTY, EMPTY]  # the Organism card lying face down as the hole; -1: a start card
        self.claimed: list[list[int]] = [[], []]  # colours of the holes each player claimed
        self.claimed_cards: list[int] = []  # the Organism cards that lay as claimed holes (-1: a start card)
        self.turn_colour = 0
        self.turn = 1
        self.actions_used = 0
        self.stack: list[tuple[Any, ...]] = []
        self.discarding = False  # down to 4 after the turn's Actions
        self.action_open = False  # an Action was played and has not ended yet
        self._legal: list[Move] | None = None  # legal_moves() of this position, once asked
        self.over = False
        self._winners: tuple[str, ...] = ()
        self.played: list[int] = [0] * len(self.d.organisms)  # plays per Organism (for balance figures)
        self.resolutions: list[dict[str, Any]] = []

    # ----- the protocol's read side
    @property
    def names(self) -> tuple[str, ...]:
        """Players in seat order."""
        return self._names

    @property
    def goal(self) -> int:
        """Holes to claim to win: 2, or 1 in the quick game."""
        return self.d.quick_goal if self.config.quick else self.d.goal

    @property
    def to_move(self) -> str | None:
        """Whose decision it is; None when the game is over."""
        return None if self.over else self.by_colour[self.turn_colour]

    @property
    def is_over(self) -> bool:
        """Whether someone has won."""
        return self.over

    @property
    def winners(self) -> tuple[str, ...]:
        """The winner, once the game is over."""
        return self._winners

    def colour_of(self, player: str) -> int:
        """The colour index of a player by name."""
        return self.by_colour.index(player)

    def scores(self) -> dict[str, int]:
        """Holes claimed per player, in seat order."""
        return {n: len(self.claimed[self.colour_of(n)]) for n in self._names}

    def copy(self) -> State:
        """An independent copy: the lists that change are copied, the design and config are shared.

        Every attribute is set by name, in `__init__`'s order, rather than through `__dict__`: a search copies
        a state for every playout, and an object whose `__dict__` was never touched keeps Python's faster
        attribute access (tests/test_playout.py checks the copy holds everything the state does).
        """
        s = State.__new__(State)
        s.d, s.nm, s.config, s.seed, s.seq = self.d, self.nm, self.config, self.seed, self.seq
        s.history = self.history[:]
        s._names, s.by_colour = self._names, self.by_colour
        hands, decks, holes, claimed = self.hands, self.decks, self.holes, self.claimed
        s.hands = [hands[0][:], hands[1][:]]
        s.decks = [decks[0][:], decks[1][:]]
        s.holes = [holes[0][:], holes[1][:]]
        s.hole_colour = self.hole_colour[:]
        s.hole_card = self.hole_card[:]
        s.claimed = [claimed[0][:], claimed[1][:]]
        s.claimed_cards = self.claimed_cards[:]
        s.turn_colour, s.turn, s.actions_used = self.turn_colour, self.turn, self.actions_used
        s.stack = self.stack[:]
        s.discarding, s.action_open, s._legal = self.discarding, self.action_open, None
        s.over, s._winners = self.over, self._winners
        s.played = self.played[:]
        s.resolutions = self.resolutions[:]
        return s

    # ----- what may be decided now
    def decision(self) -> str:
        """The kind of decision awaited: action, discard4, swarm, scav, take, pdis, adapt, or over."""
        if self.over:
            return "over"
        if self.discarding:
            return "discard4"
        if not self.stack:
            return "action"
        return str(self.stack[-1][0])

    def _free(self, h: int) -> list[int]:
        """The empty spaces of a hole."""
        return [s for s, c in enumerate(self.holes[h]) if c == EMPTY]

    def _occupied(self, h: int, but: int | None = None) -> list[int]:
        """The taken spaces of a hole, leaving out `but` (the played Organism's own space)."""
        return [s for s, c in enumerate(self.holes[h]) if c != EMPTY and s != but]

    def _plays(self, cards: list[int], spots: list[tuple[int, int]]) -> list[Move]:
        """Each distinct card of `cards` to each spot, in a fixed order."""
        table = self.nm.plays  # the play moves are built once per design: this list is every game's hot path
        return [table[c][h][s] for c in sorted(set(cards)) for h, s in spots]

    def _discards(self) -> list[Move]:
        """One discard per distinct card in the mover's hand."""
        return [Move("discard", c) for c in sorted(set(self.hands[self.turn_colour]))]

    def _alone(self, frame: tuple[Any, ...]) -> bool:
        """Whether the Organism played in `frame` is the only one of its name at its hole (so it may adapt).

        The played Organism itself is still in its space: only its own Instinct runs before its Adaptation,
        and an Instinct takes a neighbour or a card of the hand, never the played card.
        """
        _, h, _, org = frame
        return sum(1 for c in self.holes[h] if c != EMPTY and c >> 1 == org) == 1

    def adaptation_moves(self, frame: tuple[Any, ...]) -> list[Move]:
        """The ways the Adaptation of the Organism in `frame` can be used now (without `pass`), if it is alone."""
        _, h, s, org = frame
        d = self.d
        hole = self.holes[h]
        effect = d.organisms[org].effect
        o = 1 - h
        me = self.turn_colour
        if effect == "ambush":
            return [Move("ambush", -1, h, t) for t in self._occupied(h, s)]
        if effect == "tunnel":
            return [Move("tunnel", -1, h, a, o, b) for a in self._occupied(h, s) for b in self._occupied(o)]
        if effect == "gorge":
            return [Move("gorge")] if self.decks[0] or self.decks[1] else []
        if effect == "lure":
            near = [t for t in d.next_to[s] if hole[t] == EMPTY]
            out = []
            for a in self._occupied(o):
                out += [Move("lure", -1, o, a, h, t) for t in near]
                out.append(Move("lure", -1, o, a, -1, HAND))
            return out
        if effect == "brood":  # only with a card on the player's deck to play
            return [Move("brood", -1, h, t) for t in d.next_to[s] if hole[t] == EMPTY] if self.decks[me] else []
        if effect == "drift":
            return [Move("drift", -1, h, a, o, b) for a in self._occupied(h, s) for b in self._free(o)]
        if effect == "scurry":
            return self._plays(self.hands[me], [(o, t) for t in self._free(o)])
        # hatch
        return self._plays(self.hands[me], [(h, t) for t in d.next_to[s] if hole[t] == EMPTY])

    def legal_moves(self) -> list[Move]:
        """Every legal decision now, in a fixed order (one list per position: do not change it)."""
        if self._legal is None:
            self._legal = self._list_moves()
        return self._legal

    def _list_moves(self) -> list[Move]:
        """Build the legal moves of this position (legal_moves caches them)."""
        if self.over:
            return []
        me = self.turn_colour
        if self.discarding:
            return self._discards()
        if not self.stack:
            holes = self.holes
            spots = [(h, s) for h in (0, 1) for s, c in enumerate(holes[h]) if c == EMPTY]
            return self._plays(self.hands[me], spots)
        frame = self.stack[-1]
        kind = frame[0]
        if kind == SWARM:
            return [Move("draw", -1, c) for c in (0, 1) if self.decks[c]]
        if kind == SCAV:
            return self._discards() + [Move("done")]
        if kind == TAKE:
            hole = self.holes[frame[1]]
            return [Move("take", -1, frame[1], t) for t in self.d.next_to[frame[2]] if hole[t] != EMPTY]
        if kind == PDIS:
            return self._discards()
        moves = self.adaptation_moves(frame) if self._alone(frame) else []
        return moves + [Move("pass")] if moves else []

    # ----- text
    def move_text(self, move: Move) -> str:
        """The canonical text of a move."""
        return self.nm.text(move)

    def parse(self, text: str) -> Move:
        """A move from text (case-insensitive); a colour may be left out when the hand makes it clear."""
        hand = [] if self.over else self.hands[self.turn_colour]
        return parse_move(self.nm, text, hand)

    def card_text(self, card: int) -> str:
        """'Primu yellow'."""
        return self.nm.card(card)

    def check(self, move: Move | str, player: str | None = None) -> Move:
        """The move if it is legal now; otherwise IllegalMove saying why and what is expected."""
        if self.over:
            raise IllegalMove("the game is over")
        if player is not None and player != self.to_move:
            if player not in self._names:
                raise IllegalMove(f"{player!r} is not playing")
            raise IllegalMove(f"it is {self.to_move}'s turn, not {player}'s")
        m = self.parse(move) if isinstance(move, str) else move
        legal = self.legal_moves()
        if m in legal:
            return m
        raise IllegalMove(self._why_not(m, legal))

    def _why_not(self, m: Move, legal: list[Move]) -> str:
        """A reason a player understands for a refused move, from their own view only."""
        want = self.describe_decision()
        verbs = sorted({x.verb for x in legal})
        if m.verb not in verbs:
            return f"not now: {want} (you may: {', '.join(verbs)})"
        me = self.turn_colour
        if m.verb in ("play", "discard") and m.card not in self.hands[me]:
            return f"you hold no {self.card_text(m.card)}"
        if m.verb == "play" and self.holes[m.hole][m.space] != EMPTY:
            return f"space {self.nm.where(m.hole, m.space)} is taken"
        return f"that is not possible now: {want}"

    def describe_decision(self) -> str:
        """What the player to move is asked now, in words."""
        k = self.decision()
        who = self.to_move or ""
        if k == "over":
            return "the game is over"
        if k == "discard4":
            return f"{who}: discard down to {self.d.hand} cards"
        if k == "action":
            return f"{who}: Action {self.actions_used + 1} of {self.d.actions}: play an Organism from your hand"
        frame = self.stack[-1]
        if k == SWARM:
            return f"{who}: Swarming: draw the top card of either deck"
        if k == SCAV:
            return f"{who}: Scavenger: discard any number of cards (discarded so far: {frame[1]}), then 'done'"
        if k == TAKE:
            return f"{who}: Predator: take an Organism next to {self.nm.where(frame[1], frame[2])} to your hand"
        if k == PDIS:
            return f"{who}: Predator: discard 1 card from your hand"
        org = self.d.organisms[frame[3]]
        said = f"{who}: {org.name}'s {org.adaptation} (or 'pass'): {org.text}"
        if org.effect == "brood" and self.decks[self.turn_colour]:  # the deck lies face up: its top is public
            said += f" That card is {self.card_text(self.decks[self.turn_colour][0])}."
        return said

    # ----- doing
    def apply(self, move: Move | str, player: str | None = None) -> list[Event]:
        """Apply a legal move and everything that follows without a decision; the public events."""
        m = self.check(move, player)
        self._legal = None
        who = self.by_colour[self.turn_colour]
        self.history.append((who, m))
        self.seq += 1
        ev: list[Event] = []
        self._do(m, who, ev)
        self._settle(ev)
        return ev

    def _draw(self, colour_of_deck: int, n: int, who: str, ev: list[Event], why: str) -> None:
        """Draw up to n cards from a deck's top into the mover's hand (the event says how many came)."""
        deck = self.decks[colour_of_deck]
        got = deck[:n]
        del deck[:n]
        self.hands[self.turn_colour] += got
        ev.append(Event("draw", who, (colour_of_deck, len(got), n, why)))

    def _discard(self, card: int, who: str, ev: list[Event], why: str) -> None:
        """A discard goes face up under the player's own deck, whatever its colour (so colours mix)."""
        me = self.turn_colour
        self.hands[me].remove(card)
        self.decks[me].append(card)
        ev.append(Event("discard", who, (card, why)))

    def _place(self, card: int, h: int, s: int, who: str, ev: list[Event], source: str) -> None:
        """Play a card to a space: it lands, then its Instinct and (queued) Adaptation follow."""
        self.holes[h][s] = card
        org = card >> 1
        self.played[org] += 1
        ev.append(Event("play", who, (card, h, s, source, self.actions_used + 1)))
        self.stack.append((ADAPT, h, s, org))
        instinct = self.d.organisms[org].instinct
        if instinct == "swarming":
            self.stack.append((SWARM,))
        elif instinct == "scavenger":
            self.stack.append((SCAV, 0))
        else:
            self.stack.append((PDIS,))
            self.stack.append((TAKE, h, s))

    def _do(self, m: Move, who: str, ev: list[Event]) -> None:
        """Carry out the decision the top of the stack (or the turn) asked for."""
        me = self.turn_colour
        v = m.verb
        if self.discarding:
            self._discard(m.card, who, ev, "hand")
            self.discarding = len(self.hands[me]) > self.d.hand
            return
        if not self.stack:  # an Action
            self.action_open = True
            self.hands[me].remove(m.card)
            self._place(m.card, m.hole, m.space, who, ev, "action")
            return
        frame = self.stack.pop()
        kind = frame[0]
        if kind == SWARM:
            self._draw(m.hole, 1, who, ev, "swarming")
        elif kind == SCAV:
            if v == "discard":
                self._discard(m.card, who, ev, "scavenger")
                self.stack.append((SCAV, frame[1] + 1))
            else:
                self._draw(me, frame[1] + 1, who, ev, "scavenger")
        elif kind == TAKE:
            card = self.holes[m.hole][m.space]
            self.holes[m.hole][m.space] = EMPTY
            self.hands[me].append(card)
            ev.append(Event("take", who, (card, m.hole, m.space)))
        elif kind == PDIS:
            self._discard(m.card, who, ev, "predator")
        elif v == "pass":
            ev.append(Event("pass", who, (frame[3],)))
        else:
            self._adapt(m, frame, who, ev)

    def _adapt(self, m: Move, frame: tuple[Any, ...], who: str, ev: list[Event]) -> None:
        """Use an Adaptation the way the move chose; moves and exchanges are never plays."""
        me = self.turn_colour
        org = frame[3]
        v = m.verb
        holes = self.holes
        if v == "play":
            self.hands[me].remove(m.card)
            self._place(m.card, m.hole, m.space, who, ev, self.d.organisms[org].effect)
            return
        if v == "brood":
            card = self.decks[me].pop(0)
            self._place(card, m.hole, m.space, who, ev, "brood")
            return
        if v == "gorge":
            for c in (0, 1):
                if self.decks[c]:
                    self._draw(c, 1, who, ev, "gorge")
            return
        card = holes[m.hole][m.space]
        if v == "ambush":
            holes[m.hole][m.space] = EMPTY
            self.decks[me].append(card)
            ev.append(Event("ambush", who, (card, m.hole, m.space)))
        elif v == "tunnel":
            other = holes[m.hole2][m.space2]
            holes[m.hole][m.space], holes[m.hole2][m.space2] = other, card
            ev.append(Event("tunnel", who, (card, m.hole, m.space, other, m.hole2, m.space2)))
        elif v in ("lure", "drift"):
            holes[m.hole][m.space] = EMPTY
            if m.space2 == HAND:
                self.hands[me].append(card)
            else:
                holes[m.hole2][m.space2] = card
            ev.append(Event(v, who, (card, m.hole, m.space, m.hole2, m.space2)))

    def _settle(self, ev: list[Event]) -> None:
        """Run everything that needs no decision: empty frames, the end of an Action, of a turn."""
        while not self.over and not self.discarding:
            if self.stack:
                frame = self.stack[-1]
                if self.legal_moves():
                    return
                self._legal = None
                self.stack.pop()
                if frame[0] == ADAPT:
                    self._note_unused(frame, ev)
                continue
            # the stack is empty: an Action has just ended, or one is about to start
            if self.action_open:
                self._end_action(ev)
                continue
            if self.actions_used >= self.d.actions:
                self._end_turn(ev)  # a win or discards due stop the loop; otherwise the next turn starts
                continue
            if not self.hands[self.turn_colour]:
                ev.append(Event("lost", self.by_colour[self.turn_colour], (self.actions_used + 1,)))
                self.actions_used += 1
                continue
            return

    def _note_unused(self, frame: tuple[Any, ...], ev: list[Event]) -> None:
        """Say why a played Organism's Adaptation was not offered."""
        _, h, _, org = frame
        if not self._alone(frame):
            ev.append(Event("blocked", self.by_colour[self.turn_colour], (org, h)))
        else:
            ev.append(Event("idle", self.by_colour[self.turn_colour], (org, h)))

    def _end_action(self, ev: list[Event]) -> None:
        """After an Action and all that follows it: full holes resolve, then the Action is counted."""
        self.action_open = False
        self.actions_used += 1
        for h in (0, 1):
            if all(c != EMPTY for c in self.holes[h]):
                self._resolve(h, ev)

    def _resolve(self, h: int, ev: list[Event]) -> None:
        """A full hole: the colour with more Organisms claims it, a tie goes to the hole's colour."""
        hole = self.holes[h]
        counts = [sum(1 for c in hole if c & 1 == k) for k in (0, 1)]
        colour = self.hole_colour[h]
        winner = max((0, 1), key=lambda k: (counts[k], k == colour))  # more Organisms; on a tie, the hole's colour
        self.claimed[winner].append(colour)
        self.claimed_cards.append(self.hole_card[h])
        for c in hole:  # each Organism to the bottom of its colour's deck, clockwise from the first space
            self.decks[c & 1].append(c)
        self.holes[h] = [EMPTY] * self.d.hole_size
        ev.append(Event("resolve", self.by_colour[winner], (h, colour, counts[0], counts[1], winner)))
        self.resolutions.append({"hole": self.d.holes[h], "colour": self.d.colours[colour], "blue": counts[0],
                                 "yellow": counts[1], "claimed_by": self.by_colour[winner],
                                 "tie": counts[0] == counts[1], "turn": self.turn})
        loser = 1 - winner
        # source: 0 the loser's deck, 1 the winner's deck (the eight Organisms just went under the decks,
        # so one of them always has a card)
        if self.decks[loser]:
            card, source = self.decks[loser].pop(0), 0
        else:
            card, source = self.decks[winner].pop(0), 1
        self.hole_card[h] = card
        self.hole_colour[h] = card & 1
        ev.append(Event("newhole", self.by_colour[loser], (h, card, source)))

    def _first_to_goal(self) -> int:
        """The colour whose claims reached the goal first, in the order this turn's holes were resolved."""
        now = [r for r in self.resolutions if r["turn"] == self.turn]
        counts = [len(self.claimed[k]) - sum(1 for r in now if r["claimed_by"] == self.by_colour[k]) for k in (0, 1)]
        for r in now:
            k = self.by_colour.index(r["claimed_by"])
            counts[k] += 1
            if counts[k] >= self.goal:
                return k
        raise AssertionError("no player reached the goal")  # pragma: no cover - called only once one has

    def _end_turn(self, ev: list[Event]) -> None:
        """Draw or discard to 4 (`discarding` while discards are due); then a win, or the other player's turn."""
        me = self.turn_colour
        who = self.by_colour[me]
        hand = self.hands[me]
        if len(hand) > self.d.hand:
            self.discarding = True
            return
        if len(hand) < self.d.hand:
            n = self.d.hand - len(hand)
            got = self.decks[me][:n]
            del self.decks[me][:n]
            hand += got
            ev.append(Event("refill", who, (len(got), n)))
        tops = tuple(self.decks[k][0] if self.decks[k] else EMPTY for k in (0, 1))
        ev.append(Event("endturn", who, (self.turn, len(self.claimed[0]), len(self.claimed[1]),
                                         len(self.decks[0]), tops[0], len(self.decks[1]), tops[1])))
        reached = [k for k in (0, 1) if len(self.claimed[k]) >= self.goal]
        if reached:
            # both at once: the first to claim the goal's hole in this turn wins ("The first player to claim 2
            # Watering Holes wins the game"); holes full after one Action resolve in hole order
            win = reached[0] if len(reached) == 1 else self._first_to_goal()
            self.over = True
            self._winners = (self.by_colour[win],)
            ev.append(Event("over", self.by_colour[win], (len(self.claimed[0]), len(self.claimed[1]))))
            return
        if not any(self.hands) and not any(self.decks):  # every card in the holes: turns would pass for ever
            raise IllegalMove("no card is left in any hand or deck, so no turn can be played: a position no game "
                              "reaches (the holes hold fewer cards than a game has)")
        self.turn_colour = 1 - me
        self.turn += 1
        self.actions_used = 0
        ev.append(Event("turn", self.by_colour[self.turn_colour], (self.turn,)))

    def view(self, player: str | None) -> dict[str, Any]:
        """What `player` may see (None: a spectator): public holes and decks' tops, only their own hand."""
        d = self.d
        nm = self.nm

        def card(c: int) -> dict[str, str]:
            """A card as the view shows it: name and colour."""
            return {"name": d.organisms[c >> 1].name, "colour": d.colours[c & 1]}

        players = []
        for k in (0, 1):
            deck = self.decks[k]
            players.append({"name": self.by_colour[k], "colour": d.colours[k], "hand_size": len(self.hands[k]),
                            "deck_size": len(deck), "deck_top": card(deck[0]) if deck else None,
                            "claimed": [d.colours[c] for c in self.claimed[k]]})
        holes = []
        for h in (0, 1):
            holes.append({"label": d.holes[h], "colour": d.colours[self.hole_colour[h]],
                          "start_card": self.hole_card[h] == EMPTY,
                          "spaces": {d.spaces[s]: (card(c) if c != EMPTY else None)
                                     for s, c in enumerate(self.holes[h])}})
        out: dict[str, Any] = {
            "game": "exofauna", "quick": self.config.quick, "goal": self.goal, "turn": self.turn,
            "to_move": self.to_move, "action": min(self.actions_used + 1, d.actions), "actions": d.actions,
            "actions_used": self.actions_used, "decision": self.decision(), "asked": self.describe_decision(),
            "players": players, "holes": holes, "spaces": list(d.spaces),
            "grid": {d.spaces[s]: list(d.grid[s]) for s in range(len(d.spaces))},
            "next_to": {d.spaces[s]: [d.spaces[t] for t in d.next_to[s]] for s in range(len(d.spaces))},
            "over": self.over, "winners": list(self._winners), "you": player,
        }
        if self.stack and self.stack[-1][0] in (TAKE, ADAPT):
            f = self.stack[-1]
            out["played_at"] = nm.where(f[1], f[2])
        if player in self.by_colour:  # a player sees their own hand; a spectator (None) sees none
            me = self.colour_of(player)
            out["hand"] = [card(c) for c in sorted(self.hands[me])]
        return out
