"""Arctic (Ludonaute, 2024) as a fauna game: RULES is everything the shared engine plugs in."""

from __future__ import annotations

import importlib
from typing import Any

from rules.arctic.bots import make_bot
from rules.arctic.cards import DATA
from rules.arctic.cases import parse_cases, run_case
from rules.arctic.config import BOT_KINDS, ArcticConfig, config_from_dict, config_to_dict, default_config_text
from rules.arctic.help import help_text
from rules.arctic.log import FORMAT, VERSION, header_lines, lines_after, opening_lines, parse_header
from rules.arctic.state import ArcticState, Event
from rules.arctic.tables import breakdown, event_text, final_tables, summary, tables_after
from rules.core.protocol import GameRules


def new_state(config: ArcticConfig, seed: int) -> ArcticState:
    """A new game from a config and a seed (the seed fixes the shuffle, totems, random sides, first player)."""
    return ArcticState(config.with_seed(seed) if config.seed != seed else config, seed)


def _event_text(event: Any) -> str | None:
    return event_text(event)


def public_move_text(state: ArcticState, move: tuple[str, int, int]) -> str:
    """How a decision reads for players who may not see its card: discards and fox-A cards go face down."""
    kind, _card, mode = move
    if kind == "discard":
        return "discard a card"
    if kind == "place" and mode == 1:
        return "place a card under"
    return state.move_text(move)


def final_reason(state: ArcticState, events: list[Event]) -> str | None:
    """Why a decision cannot be taken back at the terminal: it showed a card that was face down until then."""
    for e in events:
        if e.kind == "take" and e.b == "deck":
            return "drew the top card of the draw pile"
        if e.kind == "take" and e.b == "penalty":
            return "took a card back from the face-down penalty pile"
        if e.kind == "refill":
            return "turned new cards from the draw pile into the river"
        if e.kind == "over":
            return "ended the game and revealed the totems"
    return None


RULES = GameRules(
    name="arctic", title="Arctic", log_format=FORMAT, log_version=VERSION,
    min_players=DATA.min_players, max_players=DATA.max_players,
    config_from_dict=config_from_dict, config_to_dict=config_to_dict, default_config_text=default_config_text,
    new_state=new_state, header_lines=header_lines, parse_header=parse_header, opening_lines=opening_lines,
    lines_after=lines_after, bot_kinds=BOT_KINDS, make_bot=make_bot, parse_cases=parse_cases, run_case=run_case,
    tables_after=tables_after, final_tables=final_tables, summary=summary, breakdown=breakdown, help_text=help_text,
    event_text=_event_text, public_move_text=public_move_text, hidden_information=True,
    view_shape=lambda: importlib.import_module("rules.arctic.viewshape").VIEW_SHAPE,
    final_reason=final_reason, period_name="round", period_of=lambda state: state.round,
)

__all__ = ["RULES", "ArcticConfig", "ArcticState", "new_state"]
