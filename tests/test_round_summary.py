"""Issue 29 item 5: a round's result stays in sight under the next card, at the prompt."""

from click.testing import CliRunner

from fauna_cli.main import cli

ROUND_1 = ["Amazon Basin", "weight 50-100 kg", "Brazil", "length 1-2 m", "pass", "Sahel", "pass", "pass"]
PLAYERS = ["alice", "bob", "carol", "alice", "bob", "carol", "alice", "carol"]
SUMMARY = "Round 1 result (Capybara): alice +13 (total 13); bob +7 (total 7); carol +6 (total 6, lost 1 piece)"


def test_the_rounds_result_is_repeated_under_the_next_card_before_the_prompt():
    r = CliRunner().invoke(cli, ["play", "--seed", "400"], input="\n".join(ROUND_1) + "\n")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    at = lines.index(SUMMARY)
    assert lines.index("Round 1 evaluation: Capybara (Hydrochoerus hydrochaeris), mammal") < at
    assert lines[at - 3].startswith("Round 2 (starting player: bob)")  # the new card's three lines, then the result
    assert lines[at + 1].startswith("bob (hand 6, score 7)> ")  # the next prompt follows at once


def test_a_round_a_computer_player_ends_is_summed_up_too():
    r = CliRunner().invoke(cli, ["play", "--seed", "400", "--players", "2", "--bots", "human,random"],
                           input="Sahel\npass\n")  # alice passes; random-2 places on until its hand is empty
    assert r.exit_code == 0, r.output
    summaries = [line for line in r.output.splitlines() if line.startswith("Round 1 result (")]
    assert summaries == ["Round 1 result (Capybara): alice +0 (total 0, lost 1 piece); "
                         "random-2 +2 (total 2, lost 5 pieces)"]


def test_a_move_script_prints_the_tables_only():
    r = CliRunner().invoke(cli, ["play", "--seed", "400", "--moves", "-"],
                           input="".join(f"{p}: {m}\n" for p, m in zip(PLAYERS, ROUND_1, strict=True)))
    assert r.exit_code == 0, r.output
    assert "Round 1 evaluation" in r.output and "Round 1 result" not in r.output
