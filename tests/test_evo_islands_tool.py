"""tools/evo_islands.py --results: a long balance run stopped by hand goes on where it stopped, with the same tables."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from coverage_pause import unmeasured_child_env

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "evo_islands.py"


def islands(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), "--players", "2", "--edition", "6", *map(str, args)],
                          capture_output=True, text=True, check=False, env=unmeasured_child_env())


def test_a_run_stopped_after_some_games_goes_on_from_its_results_file_to_the_tables_of_one_run(tmp_path):
    kept = tmp_path / "run.jsonl"
    first = islands("--games", "3", "--seed", "5", "--results", kept)
    assert first.returncode == 0 and "2 players, 3 games, seed 5" in first.stdout, first.stderr
    assert len(kept.read_text().splitlines()) == 3
    resumed = islands("--games", "6", "--seed", "5", "--results", kept)
    whole = islands("--games", "6", "--seed", "5")
    assert resumed.returncode == whole.returncode == 0
    assert resumed.stdout == whole.stdout and "2 players, 6 games" in whole.stdout
    assert len(kept.read_text().splitlines()) == 6  # only the three missing games were played and kept
    again = islands("--games", "6", "--seed", "5", "--results", kept)  # nothing left to play: the tables
    assert again.stdout == whole.stdout


def test_a_results_file_of_another_run_is_refused_by_line(tmp_path):
    kept = tmp_path / "run.jsonl"
    assert islands("--games", "2", "--seed", "5", "--results", kept).returncode == 0
    before = kept.read_bytes()
    other = islands("--games", "2", "--seed", "6", "--results", kept)
    assert other.returncode == 2 and other.stdout == ""
    assert other.stderr.strip() == (f"evo_islands.py: {kept}:1: a game of another run (bots heuristic, edition 6, "
                                    "players 2, seed 5), not of this one (bots heuristic, edition 6, players 2, seed "
                                    "6): give another --results file")
    assert kept.read_bytes() == before
    kept.write_text("not json\n")
    assert islands("--games", "2", "--results", kept).returncode == 2


def test_an_unfinished_last_line_is_dropped_and_its_game_played_again(tmp_path):
    kept = tmp_path / "run.jsonl"
    assert islands("--games", "3", "--seed", "5", "--results", kept).returncode == 0
    text = kept.read_bytes()
    kept.write_bytes(text[:-40])  # killed while writing the third game's line
    resumed = islands("--games", "3", "--seed", "5", "--results", kept)
    assert resumed.returncode == 0 and "unfinished last line" in resumed.stderr
    assert kept.read_bytes() == text
    assert resumed.stdout == islands("--games", "3", "--seed", "5").stdout


def test_five_players_of_edition_8_are_also_counted_by_their_distance_from_the_open_side() -> None:
    """Seats next to the pair nobody was given, two sides away and opposite: where a player would look for an
    edge that the start pairs' table averages away."""
    sys.path.insert(0, str(ROOT / "tools"))
    from evo_islands import open_sides

    from rules.core.simulate import GameResult

    def game(given: list[str], winners: tuple[int, ...]) -> GameResult:
        return GameResult(0, 0, 0, winners, (0,) * 5, (), (("start", tuple((p,) for p in given)),))

    # round the island: A4+A5, B7+C8, F8+G8, I5+I6, G2+H2, C2+D1
    results = [game(["A4+A5", "B7+C8", "F8+G8", "G2+H2", "C2+D1"], (2,)),  # I5+I6 open; F8+G8, next to it, wins
               game(["B7+C8", "F8+G8", "I5+I6", "G2+H2", "C2+D1"], (0, 3))]  # A4+A5 open; B7+C8 (next to it)
    # and G2+H2 (two sides away) share the win; A4+A5 (first game) and I5+I6 (second) sit opposite and lose
    assert open_sides(results, 5, 8)[1:] == ["1 side away: 4 seats, 37.5% (9.2%-78.1%)",
                                             "2 sides away: 4 seats, 12.5% (1.3%-60.4%)",
                                             "3 sides away: 2 seats, 0.0% (0.0%-65.8%)"]
    assert open_sides(results, 5, 7) == open_sides([], 4, 8) == []  # every pair given: no such table
