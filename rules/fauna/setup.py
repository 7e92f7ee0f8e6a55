"""The game object: one setup of Fauna (board, scales, deck, scoring table, units) that starts any number of games.

OpenSpiel's `load_game(name, params)` / `game.new_initial_state()` is the model. A `Setup` owns what a game
does not change and what every game on it works out once (the judge's verdicts per animal, move texts, the
box's faces, the bots' estimates), so these memos live and die with the setup instead of in module-level
tables keyed by object ids:

    setup = load_game(config)           # shared by every game of this config's board, table and units
    state = setup.new_state(config, seed)

`new_game(config, seed)` in rules.fauna.game does both in one call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rules.core.errors import ConfigError
from rules.fauna.animals import Animal, Deck
from rules.fauna.board import Board
from rules.fauna.config import Config
from rules.fauna.dealing import BoxContents, DealtDeck, Face, box_contents, box_text, card_faces
from rules.fauna.judge import Judge
from rules.fauna.moves import MoveTexts
from rules.fauna.scales import Scales
from rules.fauna.scoring import ScoringTable

if TYPE_CHECKING:
    from rules.fauna.game import State


class Setup:
    """What a game of Fauna does not change, and what every game on it works out once.

    `memo` holds other modules' per-setup results by a name they choose (the statistician's deck facts and
    estimates): they depend on the setup alone, so a new setup starts them afresh.
    """

    def __init__(self, board: Board, scales: Scales, deck: Deck, table: ScoringTable, units: str,
                 shares: Setup | None = None) -> None:
        self.board, self.scales, self.deck, self.table, self.units = board, scales, deck, table, units
        self.judge: Judge
        self.texts: MoveTexts
        if shares is not None and shares.board is board and shares.scales is scales and shares.table == table \
                and shares.units == units:
            # the judge and the move texts do not depend on the deck: a game with its own deck (a logged game's
            # recorded box, a rule case's animals) shares what the installed deck's games worked out
            self.judge, self.texts = shares.judge, shares.texts
        else:
            self.judge = Judge(board, scales, table, units)
            self.texts = MoveTexts(board, scales, units)
        self.memo: dict[str, Any] = {}
        self._faces: dict[str, Sequence[Face]] = {}
        self._box: tuple[BoxContents, str] | None = None

    def faces(self, cards: str) -> Sequence[Face]:
        """The cards a game deals from for `cards` (green, black or mixed), by ascending number."""
        hit = self._faces.get(cards)
        if hit is None:
            deck = self.deck
            hit = self._faces[cards] = deck.faces(cards) if isinstance(deck, DealtDeck) else card_faces(deck, cards)
        return hit

    @property
    def box(self) -> BoxContents:
        """The cards in the box and the sides each has: the recorded box of a logged game, else the deck's."""
        return self._box_and_text()[0]

    @property
    def box_text(self) -> str:
        """The box as a format-3 log's `box` line gives it."""
        return self._box_and_text()[1]

    def _box_and_text(self) -> tuple[BoxContents, str]:
        if self._box is None:
            deck = self.deck
            if isinstance(deck, DealtDeck):
                self._box = (deck.box, deck.box_line or box_text(deck.box))
            else:
                box = box_contents(deck)
                self._box = (box, box_text(box))
        return self._box

    def fits(self, config: Config) -> bool:
        """Whether a game of `config` may be played on this setup (same scoring table and units)."""
        return config.units == self.units and (config.table is self.table or config.table == self.table)

    def new_state(self, config: Config, seed: int | None = None, *, order: Sequence[Animal] | None = None) -> State:
        """Start a game of `config` on this setup; the seed (argument, else the config's) fixes the starter and cards.

        `order` replaces the shuffled box with a fixed sequence of animals (for rule cases and tests).
        """
        from rules.fauna.game import State  # the state module builds on this one: imported when a game starts

        if not self.fits(config):
            raise ValueError("this setup is for another scoring table or units than the config's")
        seed = config.seed if seed is None else seed
        if seed is None:
            raise ConfigError("a game needs a seed: set game.seed or pass one", "game.seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ConfigError("the seed must be a whole number from 0 to 2^64-1", "game.seed")
        if config.seed != seed:
            config = config.with_seed(seed)
        return State(config, seed, self, order)


_DEFAULT: dict[tuple[ScoringTable, str], Setup] = {}
_LAST: list[tuple[Config, Setup]] = []  # the config asked for last and its installed-data setup


def load_game(config: Config, *, board: Board | None = None, scales: Scales | None = None,
              deck: Deck | None = None) -> Setup:
    """The setup for a config: the installed board, scales and deck unless others are given.

    On the installed data one setup per scoring table and units is kept for the process (a simulation's
    thousands of games share it); a setup with other data objects is new each time, for its caller to keep
    (with the installed board and scales, it shares the installed setup's judge and move texts).
    """
    d_board, d_scales, d_deck = Board.default(), Scales.default(), Deck.default()
    last = _LAST[0] if _LAST else None
    if last is not None and board is None and scales is None and deck is None and last[0] is config \
            and last[1].deck is d_deck and last[1].board is d_board and last[1].scales is d_scales:
        return last[1]  # the same config object again (a simulation's games): no need to hash its table
    board = d_board if board is None else board
    scales = d_scales if scales is None else scales
    deck = d_deck if deck is None else deck
    if board is not d_board or scales is not d_scales:
        return Setup(board, scales, deck, config.table, config.units)
    key = (config.table, config.units)  # the table by value: a config sent to a worker process is an equal copy
    hit = _DEFAULT.get(key)
    if hit is None or hit.board is not board or hit.scales is not scales or hit.deck is not d_deck:
        if len(_DEFAULT) >= 16:
            _DEFAULT.clear()
        hit = _DEFAULT[key] = Setup(board, scales, d_deck, config.table, config.units)
    _LAST[:] = [(config, hit)]  # the installed setup of this config, whatever deck was asked for
    return hit if deck is d_deck else Setup(board, scales, deck, config.table, config.units, shares=hit)
