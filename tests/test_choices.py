"""Issue 29 item 6: choice lists fit under the board, and a number still picks the same choice."""

from __future__ import annotations

import re
import tomllib

from fauna_cli.choices import GROUP_FROM, MAX_LINES, choice_lines, group
from rules.core.registry import load_rules
from rules.core.rng import SplitMix64

LINE = re.compile(r"^  (\d+)(?:-(\d+))?\. (.*?)(?: \[(.*)\])?$")


def expanded(lines: list[str]) -> dict[int, str]:
    """Number -> choice text, read back from the listed lines the way a player reads them."""
    out: dict[int, str] = {}
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        first, last, head, tails = int(m[1]), int(m[2] or m[1]), m[3], m[4]
        if tails is None:
            out[first] = head
        else:
            parts = tails.split(" | ")
            assert len(parts) == last - first + 1
            out.update({first + i: f"{head} {t}" for i, t in enumerate(parts)})
    return out


def test_few_choices_are_listed_one_a_line():
    texts = [f"place card {i}" for i in range(GROUP_FROM - 1)]
    assert choice_lines(texts) == [f"  {i}. place card {i - 1}" for i in range(1, GROUP_FROM)]


def test_exofaunas_first_decision_fits_under_the_board_and_numbers_still_count_every_choice():
    rules = load_rules("exofauna")
    state = rules.new_state(rules.config_from_dict(tomllib.loads(rules.default_config_text()), "c", None), 7)
    texts = [state.move_text(m) for m in state.legal_moves()]
    lines = choice_lines(texts)
    assert len(texts) == 64 and len(lines) <= MAX_LINES + 1
    assert expanded(lines) == dict(enumerate(texts, 1))
    assert lines[-1] == "  (numbers count through each [ ]: 2 is 'play Primu blue A ne')"


def test_every_long_list_of_a_whole_game_reads_back_to_the_legal_moves_in_order():
    for game in ("arctic", "exofauna", "evo"):
        rules = load_rules(game)
        doc = tomllib.loads(rules.default_config_text())
        doc["players"] = [{"name": f"p{i}", "bot": "random"} for i in range(2)]
        state = rules.new_state(rules.config_from_dict(doc, "c", None), 9)
        rng = SplitMix64(9)
        while not state.is_over:
            legal = state.legal_moves()
            texts = [state.move_text(m) for m in legal]
            lines = choice_lines(texts)
            assert len(lines) <= MAX_LINES + 1, (game, lines)
            got = expanded(lines)
            if len(lines) <= MAX_LINES or not lines[-2].startswith("  ..."):
                assert got == dict(enumerate(texts, 1)), (game, lines)
            else:  # cut: what is shown is right, and `moves` lists the rest
                assert all(texts[n - 1] == t for n, t in got.items())
            state.apply(legal[rng.below(len(legal))])


def test_a_list_longer_than_fits_says_how_many_more_and_how_to_see_them():
    texts = [f"take card{i} now" for i in range(200)]
    lines = choice_lines(texts)
    shown = expanded(lines)
    assert len(lines) == MAX_LINES + 1 and shown == {n: texts[n - 1] for n in range(1, len(shown) + 1)}
    assert lines[-2] == f"  ... and {200 - len(shown)} more choices (type 'moves' to list them all)"


def test_choices_with_other_shapes_are_not_grouped_together():
    lines = group(["done", "move A1 B1", "move A1 B2", "move A2 B1", "bid 2 fur"])
    assert [line.text() for line in lines] == ["  1. done", "  2-3. move A1 [B1 | B2]", "  4. move A2 B1",
                                               "  5. bid 2 fur"]
