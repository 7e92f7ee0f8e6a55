"""The bot driver every game shares (rules/core/bots.py): who is seated as a bot, and when the bots stop."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core import bots as core_bots
from rules.core.bots import GameTooLong, bot_turns, play_out, seat_bots
from rules.core.errors import FaunaError
from rules.core.registry import load_rules

FAUNA = load_rules("fauna")
ARCTIC = load_rules("arctic")


def fauna_config(*players: dict):
    return FAUNA.config_from_dict({"game": {"rules": "fauna", "goal": 5}, "players": list(players)}, "t", None)


def test_each_bot_seat_gets_its_kind_and_skill_and_a_human_seat_none():
    made = []

    def make_bot(kind, options, seed, seat):
        made.append((kind, options, seed, seat))
        return FAUNA.make_bot(kind, options, seed, seat)

    rules = dataclasses.replace(FAUNA, make_bot=make_bot)
    cfg = fauna_config({"name": "ann"}, {"name": "bob", "bot": "naturalist", "skill": 0.25},
                       {"name": "cy", "bot": "random"})
    seated = seat_bots(rules, cfg, 42)
    assert seated[0] is None and seated[1] is not None and seated[2] is not None
    assert made == [("naturalist", {"skill": 0.25}, 42, 1), ("random", {}, 42, 2)]


def test_bots_move_until_a_human_is_to_decide():
    cfg = ARCTIC.config_from_dict({"game": {"rules": "arctic", "seed": 4, "start": "ann"},
                                   "players": [{"name": "ann", "bot": "random"}, {"name": "bob"}]}, "t", None)
    state = ARCTIC.new_state(cfg, 4)
    bots = seat_bots(ARCTIC, cfg, 4)
    turns = list(bot_turns(state, bots))
    assert state.to_move == "bob" and not state.is_over
    assert turns and all(player == "ann" for player, _, _ in turns)
    assert [m for _, m, _ in turns] == [m for _, m in state.history]
    assert list(bot_turns(state, bots)) == []  # a human decides: the bots wait


def test_a_bots_only_game_is_played_to_its_end():
    cfg = fauna_config({"name": "ann", "bot": "random"}, {"name": "bob", "bot": "random"})
    state = FAUNA.new_state(cfg, 3)
    assert play_out(state, seat_bots(FAUNA, cfg, 3)) is state
    assert state.is_over and state.seq == 12 and list(bot_turns(state, seat_bots(FAUNA, cfg, 3))) == []


def test_play_out_needs_a_bot_in_every_seat():
    cfg = fauna_config({"name": "ann", "bot": "random"}, {"name": "bob"})
    state = FAUNA.new_state(cfg, 3)
    with pytest.raises(FaunaError, match="^play_out needs a computer player in every seat$"):
        play_out(state, seat_bots(FAUNA, cfg, 3))
    assert state.seq == 0


def test_a_game_that_never_ends_is_stopped_after_the_limit_of_decisions(monkeypatch):
    monkeypatch.setattr(core_bots, "MAX_DECISIONS", 3)
    cfg = fauna_config({"name": "ann", "bot": "random"}, {"name": "bob", "bot": "random"})
    state = FAUNA.new_state(cfg, 3)
    with pytest.raises(GameTooLong) as err:
        play_out(state, seat_bots(FAUNA, cfg, 3))
    assert str(err.value) == "the computer players made 3 decisions without ending the game (seed 3); this is a " \
                             "bug in the rules, please report it"
    assert state.seq == 3
