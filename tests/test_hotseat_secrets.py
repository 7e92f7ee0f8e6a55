"""Issue 26, at one terminal: a hot-seat game with hidden information keeps each person's secrets.

Played in a real terminal (pexpect) by two people, for every game with hidden information: before each
hand-over the screen and its scrollback are cleared and nothing of the last hand is printed after that; the
seed (which fixes every hand) is shown only when the game is over; nobody takes back another person's decision.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest

from rules.core.registry import GAMES, load_rules

ROOT = Path(__file__).resolve().parent.parent
SECRET_GAMES = [g for g in GAMES if g != "fauna" and load_rules(g).hidden_information]
SEED = 918273645  # a seed no other number on the screen is likely to contain
CLEAR_ALL = "\x1b[2J\x1b[3J\x1b[H"  # the screen, then the scrollback, then the cursor home
HANDOVER = re.compile(r"(h\d), press Enter when only you can see the screen: ")


def _spawn(game: str, tmp_path: Path):
    pexpect = pytest.importorskip("pexpect")
    cfg = tmp_path / "g.toml"
    cfg.write_text("\n".join(["[game]", f'rules = "{game}"', f"seed = {SEED}"]
                             + [f'[[players]]\nname = "h{i}"' for i in range(2)]) + "\n")
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    child = pexpect.spawn(sys.executable, ["-m", "fauna_cli", "play", "--config", str(cfg), "--log",
                                           str(tmp_path / "g.log")], env=env, encoding="utf-8", timeout=60,
                          dimensions=(50, 200), cwd=str(tmp_path))
    child.logfile_read = io.StringIO()
    child.delaybeforesend = None
    return pexpect, child


@pytest.mark.parametrize("game", SECRET_GAMES)
def test_two_people_at_one_terminal_keep_their_hands_and_the_seed_secret(game, tmp_path):
    pexpect, child = _spawn(game, tmp_path)
    refused = 0
    for _ in range(4000):
        i = child.expect([HANDOVER, r"(h\d)> ", "everything is revealed", pexpect.EOF])
        if i == 0:
            child.sendline("")
        elif i == 1:
            who = child.match.group(1)
            other = "h1" if who == "h0" else "h0"
            if refused < 3 and child.logfile_read.getvalue().count(f"{other}> ") > refused:
                # the other person has decided before: taking that back here would show their hand
                child.sendline(f"undo {other}")
                child.expect(f"Nothing to undo for {other}: at a shared screen each person takes back only "
                             "their own decisions")
                child.expect(f"{who}> ")  # still this person's decision, nothing taken back
                refused += 1
            child.sendline("1")
        else:
            break
    assert i == 2, child.logfile_read.getvalue()[-2000:]
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert refused == 3
    out = child.logfile_read.getvalue()
    assert str(SEED) not in out[:out.index("everything is revealed")], "the seed is not shown before the end"
    assert f"Seed {SEED}: `--seed {SEED}` deals the same game again" in out[out.index("everything is revealed"):]
    handovers = list(HANDOVER.finditer(out))
    assert len(handovers) > 4
    previous_prompt = 0
    for m in handovers:
        clear = out.rfind(CLEAR_ALL, previous_prompt, m.start())
        assert clear >= 0, f"no full clear (screen and scrollback) before {m.group(0)!r}"
        after = out[clear + len(CLEAR_ALL):m.start()].strip()
        # after the last clear: the look-away line alone (no hand, totem, choices or anything else)
        assert after == f"{m.group(1)}'s turn: everyone else, please look away.", after
        prompts = [p.end() for p in re.finditer(r"h\d> ", out[:m.start()])]
        previous_prompt = prompts[-1] if prompts else 0

