"""The example game in docs/exofauna-moves.md replays move by move and ends as the document says."""

from __future__ import annotations

from pathlib import Path

from rules.exofauna import RULES
from rules.exofauna.config import Config, PlayerSpec
from rules.exofauna.state import State

DOC = Path(__file__).resolve().parent.parent / "docs" / "exofauna-moves.md"


def test_the_example_game_replays_with_the_same_log_lines():
    text = DOC.read_text(encoding="utf-8")
    block = text.split("## A complete example game", 1)[1].split("```", 2)[1]
    state = State(Config((PlayerSpec("alice"), PlayerSpec("bob")), 244, "alice", False), 244)
    expected = [ln[2:] for ln in block.strip().splitlines() if ln.startswith("# ")]
    assert expected[:4] == RULES.opening_lines(state)
    made: list[str] = []
    written: list[str] = []
    for line in block.strip().splitlines():
        if line.startswith("#   "):
            written.append(line[4:])
        elif line and not line.startswith("#"):
            who, _, moves = line.partition(": ")
            for move in moves.split("; "):
                made += RULES.lines_after(state, state.apply(move, who))
    assert made == written
    assert state.is_over and state.winners == ("alice",) and state.scores() == {"alice": 2, "bob": 0}


def test_every_move_word_of_the_language_is_documented():
    text = DOC.read_text(encoding="utf-8")
    for verb in ("play", "draw", "discard", "done", "take", "ambush", "tunnel", "gorge", "lure", "brood",
                 "drift", "pass"):
        assert f"`{verb}" in text, verb
