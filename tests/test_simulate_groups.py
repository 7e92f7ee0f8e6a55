"""`fauna simulate --by`: win rates by start pair and turn position (Evo) and by opening hand (ExoFauna), with
95% ranges; the balance tools print the same figures for the same --seed."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from click.testing import CliRunner
from coverage_pause import unmeasured_child_env

from fauna_cli.main import cli
from rules.core.bots import play_out, seat_bots
from rules.core.registry import load_rules
from rules.core.simulate import GameResult, by_group, game_seed, wilson


def simulate(*args):
    return CliRunner().invoke(cli, ["simulate", *args])


def result(winners, groups):
    return GameResult(0, 0, 0, winners, (0, 0, 0), (), (("g", groups),))


def test_a_group_counts_each_seat_once_per_label_and_splits_shared_wins():
    games = [result((0,), (("a",), ("b",), ("c",))),
             result((1, 2), (("b",), ("a",), ("a",))),  # two holders of a share the win
             result((2,), (("a", "b"), ("c",), ("b",)))]  # seat 1 holds both a and b
    rows = {r["label"]: r for r in by_group(games, "g")}
    assert {k: v["seats"] for k, v in rows.items()} == {"a": 4, "b": 4, "c": 2}
    assert rows["a"]["win_rate"] == 0.5 and rows["a"]["win_rate_95"] == wilson(Fraction(2), 4)  # 1 + 1/2 + 1/2
    assert rows["b"]["win_rate"] == 0.25  # only the third game's seat 3
    assert rows["c"]["win_rate"] == 0.0
    assert rows["c"]["others_win_rate"] == round(3 / 7, 4)  # 3 wins among the 7 seats that did not hold c
    assert list(rows) == ["a", "b", "c"]


def config(game, kinds):
    rules = load_rules(game)
    players = [{"name": f"{k}-{i}", "bot": k} for i, k in enumerate(kinds, 1)]
    return rules, rules.config_from_dict({"game": {"rules": game}, "players": players}, "test", None)


def test_evo_groups_read_the_start_spaces_and_the_first_rounds_order():
    rules, cfg = config("evo", ["random"] * 4)
    groups = {g.key: g for g in rules.seat_groups}
    state = rules.new_state(cfg, 99)
    pairs = groups["start"].labels(state)
    assert pairs == [("+".join(sorted(s)),) for s in state.start_spaces] and len(set(pairs)) == 4
    order = groups["order"].labels(state)
    assert order[state.order[0]] == ("1",) and sorted(order) == [("1",), ("2",), ("3",), ("4",)]


def test_exofauna_groups_read_each_players_opening_hand_and_colour():
    rules, cfg = config("exofauna", ["random", "random"])
    groups = {g.key: g for g in rules.seat_groups}
    state = rules.new_state(cfg, 7)
    names = list(state.names)
    first = names.index(state.by_colour[0])
    assert groups["order"].labels(state)[first] == ("1 blue",)
    assert groups["order"].labels(state)[1 - first] == ("2 yellow",)
    hands = groups["hand"].labels(state)
    for seat, name in enumerate(names):
        held = {state.d.organisms[c >> 1].name for c in state.hands[state.by_colour.index(name)]}
        assert hands[seat] == tuple(sorted(held))


def test_evo_by_start_and_order_counts_what_each_game_played():
    out = simulate("--game", "evo", "--players", "3", "--bots", "heuristic", "--games", "6", "--seed", "8",
                   "--by", "start,order", "--format", "json")
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert set(doc["by"]) == {"start", "order"} and doc["by"]["order"]["fair_share"] == 0.3333
    rules, cfg = config("evo", ["heuristic"] * 3)
    won: dict = {}
    for i in range(6):  # each game again, by hand: its start pairs before the first move, its winners at the end
        seed = game_seed(8, i)
        state = rules.new_state(cfg, seed)
        pairs = ["+".join(sorted(s)) for s in state.start_spaces]
        play_out(state, seat_bots(rules, cfg, seed))
        for seat, pair in enumerate(pairs):
            got = Fraction(1, len(state.winners)) if state.names[seat] in state.winners else 0
            won[pair] = won.get(pair, 0) + got
    rows = doc["by"]["start"]["rows"]
    assert [r["label"] for r in rows] == sorted(won)
    assert [r["win_rate"] for r in rows] == [round(float(won[r["label"]] / r["seats"]), 4) for r in rows]
    assert sum(r["seats"] for r in doc["by"]["order"]["rows"]) == 18


def test_groups_do_not_depend_on_jobs_and_show_as_tables():
    args = ["--game", "exofauna", "--players", "2", "--bots", "heuristic", "--games", "6", "--seed", "3",
            "--by", "hand,order"]
    one, two = simulate(*args), simulate(*args, "--jobs", "2")
    assert one.exit_code == 0 and two.exit_code == 0, two.output
    assert [x for x in one.output.splitlines() if "games/s" not in x] == \
        [x for x in two.output.splitlines() if "games/s" not in x]
    assert "By Organism in the opening hand (fair share 50.0%):" in one.output
    assert "By turn position (fair share 50.0%):" in one.output


@pytest.mark.parametrize("args, message", [
    (["--game", "evo", "--players", "3", "--by", "hand"], "Evo has no seat group 'hand' (it has start, order)"),
    (["--players", "2", "--by", "order"], "Fauna has no seat groups"),
])
def test_an_unknown_seat_group_is_bad_usage(args, message):
    out = simulate(*args, "--bots", "random", "--games", "2")
    assert out.exit_code == 2 and message in out.output


def tool(name, *args):
    done = subprocess.run([sys.executable, f"tools/{name}", *args], capture_output=True, text=True, check=True,
                          env=unmeasured_child_env())
    return done.stdout


def group_lines(text):
    """The lines of the --by tables: a title line 'By ...' and the rows under it, up to a blank line."""
    out, inside = [], False
    for line in text.splitlines():
        inside = line.startswith("By ") or (inside and line.strip() != "")
        if inside:
            out.append(line)
    return out


def test_the_evo_tool_prints_the_figures_of_simulate_by_start_and_order_for_its_seed():
    printed = tool("evo_measure.py", "--games", "6", "--bench", "1", "--seed", "21")
    shown = simulate("--game", "evo", "--players", "3", "--bots", "heuristic", "--games", "6", "--seed", "21",
                     "--by", "start,order").output
    assert group_lines(printed) and group_lines(printed) == group_lines(shown)
    assert "6 games, seed 21" in printed


def test_the_exofauna_tool_prints_the_figures_of_simulate_by_order_and_hand_for_its_seed():
    printed = tool("exofauna_balance.py", "--games", "6", "--versus", "2", "--bench", "2", "--seed", "5")
    shown = simulate("--game", "exofauna", "--players", "2", "--bots", "heuristic", "--games", "6", "--seed", "5",
                     "--by", "order,hand").output
    assert group_lines(printed) and group_lines(printed) == group_lines(shown)
    assert "6 games, seed 5" in printed and "largest opening-hand effect: " in printed
