"""Evo: dinosaurs on an island in a changing climate; the rules package the engine plays through RULES."""

from __future__ import annotations

import importlib
from typing import Any

from rules.core.protocol import GameRules, SeatGroup
from rules.evo import bots, cases, config, learn, log, tables
from rules.evo.state import Event, State, new_state


def _tables_after(state: Any, events: list[Any]) -> list[Any]:
    return tables.tables_after(state, events)


def final_reason(state: Any, events: list[Event]) -> str | None:
    """Why a decision cannot be taken back at the terminal: it drew from a hidden pile or rolled the die."""
    for e in events:
        if e.kind in ("climate", "meteorite") and e.text.startswith("round "):
            return "drew the next climate token"
        if e.kind == "lab":
            return "drew genes from the bag for the lab"
        if e.kind == "buy" and e.text.endswith("for an event card"):
            return "drew an event card from the deck"
        if e.kind == "die":
            return "rolled the die"
        if e.kind == "over":
            return "ended the game"
    return None


RULES = GameRules(
    name="evo",
    title="Evo",
    log_format=log.FORMAT,
    log_version=log.VERSION,
    min_players=2,
    max_players=5,
    config_from_dict=config.config_from_dict,
    config_to_dict=config.config_to_dict,
    default_config_text=config.default_config_text,
    new_state=new_state,
    header_lines=log.header_lines,
    parse_header=log.parse_header,
    opening_lines=log.opening_lines,
    lines_after=log.lines_after,
    bot_kinds=bots.BOT_KINDS,
    make_bot=bots.make_bot,
    parse_cases=cases.parse_cases,
    run_case=cases.run_case,
    tables_after=_tables_after,
    final_tables=tables.final_tables,
    summary=tables.summary,
    breakdown=tables.breakdown,
    help_text=tables.help_text,
    event_text=log.event_text,
    final_reason=final_reason,
    period_name="round",
    period_of=lambda state: state.round,
    prompt_commands=learn.COMMANDS,
    step_text=learn.step_text,
    hidden_information=True,  # secret hands: e-mail play wants a referee (rules/core/referee.py)
    view_shape=lambda: importlib.import_module("rules.evo.viewshape").VIEW_SHAPE,
    seat_groups=(SeatGroup("start", "start pair", tables.start_pairs),
                 SeatGroup("order", "first-round turn position", tables.turn_positions)),
)

__all__ = ["RULES", "Event", "State", "new_state"]
