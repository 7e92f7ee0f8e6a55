"""`fauna simulate`: tables and JSON, the same results with any --jobs, clear errors for bad arguments."""

import json

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli
from fauna_cli.simulate_cmd import build_config, game_seed, parse_bots, play_one, run_games, simulate, summarise
from rules.fauna import new_game
from rules.fauna.bots import make_bots, play_out

ARGS = ["--players", "4", "--bots", "statistician,random", "--games", "12", "--seed", "5"]


def run(args, **kw):
    result = CliRunner().invoke(simulate, args, **kw)
    return result


def without_timing(doc):
    return {k: v for k, v in doc.items() if k != "timing"}


def test_json_summary_adds_up():
    result = run(ARGS + ["--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    s = doc["summary"]
    assert doc["seed"] == 5 and doc["bots"] == ["statistician", "random", "random", "random"]
    assert s["games"] == 12 and s["players"] == 4 and len(s["seats"]) == 4
    assert abs(sum(x["win_rate"] for x in s["seats"]) - 1) < 1e-3
    assert abs(sum(k["win_rate"] for k in s["bot_kinds"]) - 1) < 1e-3
    assert [k["bot"] for k in s["bot_kinds"]] == ["statistician", "random"] and s["bot_kinds"][1]["seats"] == 3
    for seat in s["seats"]:  # the sources add up to the average final score
        per_round = sum(seat["points_per_round"].values())
        assert abs(per_round * s["average_rounds"] - seat["average_score"]) < 0.05
        assert seat["pieces_lost_per_round"] <= seat["pieces_placed_per_round"]
    assert s["seats"][0]["win_rate"] > 0.5
    assert set(doc["timing"]) == {"seconds", "games_per_second", "jobs"}


def test_records_match_the_games_they_stand_for():
    config = build_config(parse_bots("naturalist:0.8,statistician,random", 3), "published", "metric", "mixed")
    records = run_games(config, 9, 5, 1)
    assert [r.index for r in records] == list(range(5))
    assert len({r.seed for r in records}) == 5
    for r in records:
        state = new_game(config, game_seed(9, r.index))
        play_out(state, make_bots(state))
        assert r.seed == state.seed and r.rounds == state.round and r.moves == len(state.history)
        assert list(r.score) == state.score
        assert [a + b + c for a, b, c in zip(r.map_correct, r.map_adjacent, r.scales, strict=True)] == state.score
        assert tuple(state.names.index(w) for w in state.winners) == r.winners
    assert play_one(config, 9, 3) == records[3]


def test_jobs_do_not_change_the_results():
    one = json.loads(run(ARGS + ["--format", "json", "--jobs", "1"]).output)
    two = json.loads(run(ARGS + ["--format", "json", "--jobs", "2"]).output)
    assert two["timing"]["jobs"] == 2
    assert without_timing(one) == without_timing(two)


def test_summary_is_independent_of_record_order():
    config = build_config(parse_bots("random", 2), "published", "metric", "green")
    records = run_games(config, 1, 6, 1)
    names, kinds = config.names, ["random", "random"]
    assert summarise(records, names, kinds) == summarise(list(reversed(records)), names, kinds)


@pytest.mark.parametrize("fmt", ["plain", "github", "grid"])
def test_tables(fmt):
    result = run(["--players", "2", "--bots", "naturalist:0.9,statistician", "--games", "3", "--seed", "2",
                  "--format", fmt, "--cards", "green", "--units", "imperial"])
    assert result.exit_code == 0, result.output
    out = result.output
    for word in ("games/s", "average", "naturalist-1", "naturalist:0.9", "statistician-2", "map correct/rd",
                 "map adjacent/rd",
                 "scales/rd", "lost/rd", "wins", "bot kind", "naturalist:0.9", "imperial", "green cards"):
        assert word in out, word
    assert "simulating" not in out  # no progress bar off a terminal


def test_registered_in_the_fauna_command():
    result = CliRunner().invoke(cli, ["simulate", "--players", "6", "--bots", "random,statistician,naturalist",
                                      "--games", "1", "--seed", "4"], prog_name="fauna")
    assert result.exit_code == 0, result.output
    assert "naturalist-6" in result.output and "1 game of 6 bots" in result.output


def test_a_drawn_seed_is_shown():
    doc = json.loads(run(["--players", "2", "--bots", "random", "--games", "1", "--format", "json"]).output)
    assert isinstance(doc["seed"], int)


BAD = [
    (["--players", "4", "--bots", "statistican", "--games", "1"], ["--bots", "did you mean 'statistician'"]),
    (["--players", "2", "--bots", "random,random,random", "--games", "1"], ["3 bot kinds for 2 players"]),
    (["--players", "2", "--bots", "naturalist:1.5", "--games", "1"], ["skill", "0 to 1"]),
    (["--players", "2", "--bots", "naturalist:high", "--games", "1"], ["skill"]),
    (["--players", "2", "--bots", "random:0.5", "--games", "1"], ["only a naturalist takes a skill"]),
    (["--players", "7", "--bots", "random", "--games", "1"], ["--players"]),
    (["--players", "2", "--bots", "random", "--games", "0"], ["--games"]),
    (["--players", "2", "--bots", "random", "--games", "1", "--jobs", "0"], ["--jobs"]),
    (["--players", "2", "--bots", "random", "--games", "1", "--preset", "publisehd"], ["did you mean 'published'"]),
    (["--players", "2", "--bots", "random", "--games", "1", "--preset", "nope.toml"], ["nope.toml"]),
    (["--players", "2", "--games", "1"], ["--bots"]),
]


@pytest.mark.parametrize("args,words", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_arguments_give_one_line_and_exit_2(args, words):
    result = CliRunner().invoke(cli, ["simulate", *args], prog_name="fauna")
    err = result.stderr if result.stderr_bytes is not None else result.output
    assert result.exit_code == 2, (result.output, err)
    assert "Traceback" not in result.output + err
    lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith(("Usage:", "Try "))]
    assert len(lines) == 1, err
    for w in words:
        assert w in lines[0], (w, lines[0])


def test_a_game_that_fails_is_named_with_its_seed(monkeypatch):
    import rules.fauna.bots as bots

    monkeypatch.setattr(bots, "MAX_ROUNDS", 1)
    result = CliRunner().invoke(cli, ["simulate", "--players", "2", "--bots", "random", "--games", "3", "--seed", "1"],
                                prog_name="fauna")
    err = result.stderr if result.stderr_bytes is not None else result.output
    assert result.exit_code == 2 and "Traceback" not in err
    assert err.strip().startswith(f"fauna: game 1 of the run (seed {game_seed(1, 0)}): the game passed 1 rounds")


def test_win_rates_come_with_a_95_percent_range_that_narrows_with_more_games():
    from fractions import Fraction

    from fauna_cli.simulate_cmd import wilson

    assert wilson(Fraction(50), 100) == [0.4038, 0.5962]  # the textbook Wilson interval for 50 of 100
    assert wilson(Fraction(0), 100)[0] == 0.0 and wilson(Fraction(100), 100)[1] == 1.0
    small, large = wilson(Fraction(30), 60), wilson(Fraction(500), 1000)
    assert small[0] < large[0] < 0.5 < large[1] < small[1]
    doc = json.loads(run(ARGS + ["--format", "json"]).output)
    for row in doc["summary"]["seats"] + doc["summary"]["bot_kinds"]:
        lo, hi = row["win_rate_95"]
        assert 0.0 <= lo <= row["win_rate"] <= hi <= 1.0 and hi - lo > 0.1  # 12 games decide little
    text = run(ARGS).output
    assert "95% range" in text and "may be luck" in text
