"""Fauna's own fast paths as the speed benchmark (`python -m fauna_cli.bench`) times them, reached through RULES.

Fauna keeps a faster log writer and verifier and a bot playout of its own; the benchmark measures them, and
takes its workloads (long games, a game file for `pbem move`) from here, so the CLI never imports Fauna.
"""

from __future__ import annotations

from typing import Any

from rules.core.rng import SplitMix64
from rules.fauna.bots import RandomBot, make_bots, play_out
from rules.fauna.config import Config
from rules.fauna.game import State, new_game
from rules.fauna.replay import data_fingerprint, load_log, log_text

__all__ = ["data_fingerprint", "fast_play_out", "game_file", "long_game", "log_text", "new_game", "play_bots",
           "verify"]


def play_bots(config: Config, seed: int) -> State:
    """A game of the config's bots played to its end (events made, so its log is the real thing)."""
    state = new_game(config, seed)
    return play_out(state, make_bots(state))


def verify(text: str, installed: str) -> State:
    """The state a log verifies to with Fauna's own verifier (every line re-derived and hash-checked)."""
    return load_log(text, installed=installed).state


def fast_play_out(state: State, rng: SplitMix64) -> State:
    """A random playout through Fauna's fast path: random bots, each with its own stream from `rng`."""
    return play_out(state, [RandomBot(SplitMix64(rng.next())) for _ in state.names])


def long_game(table: dict[str, Any], goal: int, seed: int) -> tuple[str, int]:
    """The log of one long game of six random bots under scoring `table` to `goal`, and its number of moves."""
    config = Config.from_dict({"game": {"preset": table, "goal": goal},
                               "players": [{"name": f"r{i}", "bot": "random"} for i in range(1, 7)]}, "bench")
    state = play_out(new_game(config, seed), make_bots(new_game(config, seed)))
    return log_text(state), len(state.history)


def game_file(moves: int, seed: int) -> tuple[str, str, str, int]:
    """An e-mail game of four people, MOVES random moves in: (its text, who is to move, a legal move, moves)."""
    config = Config.from_dict({"game": {"goal": 1000}, "players": [{"name": n} for n in ("ann", "ben", "cleo", "dan")]},
                              "bench")
    state = new_game(config, seed)
    rng = SplitMix64(seed)
    while len(state.history) < moves and not state.over:
        state.apply(RandomBot.pick(state, rng), quiet=True)
    who, nxt = state.to_move, state.move_text(RandomBot.pick(state, rng))
    return log_text(state), str(who), nxt, len(state.history)
