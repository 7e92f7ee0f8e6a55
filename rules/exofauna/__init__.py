"""ExoFauna/Duo: two players play alien Organisms around two Watering Holes; claim 2 holes to win."""

from __future__ import annotations

import importlib
from typing import Any

from rules.core.protocol import GameRules, SeatGroup
from rules.exofauna import bots, cases, config, log, tables
from rules.exofauna.events import Event
from rules.exofauna.learn import COMMANDS
from rules.exofauna.state import State


def new_state(cfg: config.Config, seed: int) -> State:
    """A game dealt from the seed: colours, shuffled decks and hands of 4."""
    return State(cfg, seed)


def _header(state: Any) -> list[str]:
    """The log header of a game in progress (its config, seed and starting player)."""
    return log.header_lines(state)


def final_reason(state: State, events: list[Event]) -> str | None:
    """Why a decision cannot be taken back at the terminal: cards came off a deck (the new top is face up)."""
    for e in events:
        if e.kind in ("draw", "refill") and e.args[0 if e.kind == "refill" else 1]:
            return "drew cards from a deck, showing its next card"
        if e.kind == "newhole":
            return "turned up a new Watering Hole card"
        if e.kind == "over":
            return "ended the game"
    return None


RULES = GameRules(
    name="exofauna",
    title="ExoFauna/Duo",
    log_format=log.FORMAT,
    log_version=log.VERSION,
    min_players=2,
    max_players=2,
    config_from_dict=config.config_from_dict,
    config_to_dict=config.config_to_dict,
    default_config_text=config.default_config_text,
    new_state=new_state,
    header_lines=_header,
    parse_header=log.parse_header,
    opening_lines=log.opening_lines,
    lines_after=log.lines_after,
    bot_kinds=config.BOT_KINDS,
    make_bot=bots.make_bot,
    parse_cases=cases.parse_cases,
    run_case=cases.run_case,
    tables_after=tables.tables_after,
    final_tables=tables.final_tables,
    summary=tables.summary,
    breakdown=tables.breakdown,
    help_text=tables.help_text,
    event_text=log.event_text,
    final_reason=final_reason,
    period_name="turn",
    period_of=lambda state: state.turn,
    prompt_commands=COMMANDS,
    step_text=lambda state: state.describe_decision().partition(": ")[2],
    hidden_information=True,  # secret hands: e-mail play wants a referee (rules/core/referee.py)
    view_shape=lambda: importlib.import_module("rules.exofauna.viewshape").VIEW_SHAPE,
    seat_groups=(SeatGroup("hand", "Organism in the opening hand", tables.opening_hands),
                 SeatGroup("order", "turn position", tables.turn_positions)),
)

__all__ = ["RULES", "State", "new_state"]
