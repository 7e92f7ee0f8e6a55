"""Fauna, the animal trivia board game: board, scales, scoring, deck and the game itself.

    from rules.fauna import Board
    Board.default().adjacent("Tasmania", "Tasman Sea")   # True
"""

from rules.core.errors import (ConfigError, DataError, FaunaError, IllegalMove, MoveSyntaxError, ReplayMismatch,
                               UnknownAnimal, UnknownArea, UnknownName)
from rules.fauna.animals import Animal, Deck
from rules.fauna.board import Area, Board
from rules.fauna.config import Config, PlayerSpec
from rules.fauna.game import CardFront, State, card_front, new_game
from rules.fauna.moves import PASS, Move, parse_move
from rules.fauna.scales import Scales
from rules.fauna.scoring import ScoringTable, preset

__all__ = [
    "Animal", "Area", "Board", "CardFront", "Config", "ConfigError", "DataError", "Deck", "FaunaError", "IllegalMove",
    "Move", "MoveSyntaxError", "PASS", "PlayerSpec", "ReplayMismatch", "Scales", "ScoringTable", "State",
    "UnknownAnimal", "UnknownArea", "UnknownName", "card_front", "new_game", "parse_move", "preset",
]
