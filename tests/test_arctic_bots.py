"""Arctic bots: legal, deterministic, fair (blind to hidden cards), and the planner beats random.

Run as a script for the figures of the report (no timing asserts in the tests):
    /work/venv/bin/python tests/test_arctic_bots.py [GAMES] [SEED]
prints the planner's win rate against random over GAMES two-player games (seats alternate) with its
95% Wilson range, and the number of four-player random-bot games per second on one core.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.arctic import RULES
from rules.arctic.config import ArcticConfig, PlayerSpec
from rules.arctic.state import ArcticState


def duel(seed: int, planner_first: bool) -> bool:
    """One planner-vs-random game; True when the planner wins."""
    names = ("planner", "random") if planner_first else ("random", "planner")
    st = RULES.new_state(ArcticConfig(tuple(PlayerSpec(n, n) for n in names)), seed)
    bots = {n: RULES.make_bot(n, {}, seed, i) for i, n in enumerate(names)}
    while not st.is_over:
        st.play(bots[st.to_move].choose(st))
    return st.winners[0] == "planner"


def random_games(players: int, games: int, seed: int) -> list[ArcticState]:
    names = tuple(PlayerSpec(f"p{i}", "random") for i in range(players))
    out = []
    for g in range(games):
        st = ArcticState(ArcticConfig(names), seed + g)
        bots = [RULES.make_bot("random", {}, seed + g, i) for i in range(players)]
        while not st.over:
            st.play(bots[st.current].choose(st))
        out.append(st)
    return out


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_bots_play_legal_moves_to_the_end_for_every_player_count() -> None:
    for n in (2, 3, 4):
        cfg = ArcticConfig(tuple(PlayerSpec(f"p{i}", "planner" if i % 2 else "random") for i in range(n)))
        st = RULES.new_state(cfg, 40 + n)
        bots = [RULES.make_bot(p.bot or "random", {}, 40 + n, i) for i, p in enumerate(cfg.players)]
        while not st.is_over:
            st.apply(bots[st.current].choose(st))  # apply checks legality
        assert st.winners


def test_bots_are_deterministic() -> None:
    a = random_games(3, 2, 9)
    b = random_games(3, 2, 9)
    assert [s.history for s in a] == [s.history for s in b]


def test_planner_is_blind_to_what_it_cannot_see() -> None:
    """Shuffling the hidden cards (others' hands, draw pile, reserve, penalties) never changes its choice."""
    cfg = ArcticConfig((PlayerSpec("a", "planner"), PlayerSpec("b", "random"), PlayerSpec("c", "random")))
    checked = 0
    for seed in range(4):
        st = RULES.new_state(cfg, seed)
        bots = [RULES.make_bot(p.bot or "random", {}, seed, i) for i, p in enumerate(cfg.players)]
        while not st.is_over:
            if st.current == 0:
                choice = bots[0].choose(st)
                twin = st.copy()
                hidden = [c for s in (1, 2) for c in twin.hands[s]] + twin.draw + twin.reserve
                hidden.reverse()
                pos = 0
                for zone in [twin.hands[1], twin.hands[2], twin.draw, twin.reserve]:
                    for i in range(len(zone)):
                        zone[i] = hidden[pos]
                        pos += 1
                twin.totems[1], twin.totems[2] = twin.totems[2], twin.totems[1]
                assert bots[0].choose(twin) == choice
                checked += 1
                st.apply(choice)
            else:
                st.apply(bots[st.current].choose(st))
    assert checked > 50


def test_planner_beats_random_in_a_small_sample() -> None:
    wins = sum(duel(500 + g, g % 2 == 0) for g in range(30))
    assert wins >= 24


def main(games: int = 1000, seed: int = 2026) -> None:
    start = time.perf_counter()
    wins = sum(duel(seed + g, g % 2 == 0) for g in range(games))
    lo, hi = wilson(wins, games)
    print(f"planner vs random, {games} two-player games, seed {seed}, seats alternating: "
          f"{wins} wins = {wins / games:.1%} (95% range {lo:.1%}-{hi:.1%}) in {time.perf_counter() - start:.1f} s")
    n = 300
    start, cpu = time.perf_counter(), time.process_time()
    random_games(4, n, seed)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"four-player random-bot games: {n / cpu:.0f} per second of CPU time on one core "
          f"({n / elapsed:.0f} per second of wall time on this shared machine; {n} games)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
