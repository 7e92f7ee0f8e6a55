"""The fast plain-table layout (fauna_cli/render.py plain_table) draws exactly what tabulate draws."""

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from fauna_cli.render import plain_table, table

LETTERS = "abcXYZ019 -,.:()/é\t李\u0301\u094d\u00a0\x1b\u200d\n"  # accented, wide, marks, no-break, escape, joiner
CELL = st.text(alphabet=st.sampled_from(LETTERS), max_size=12) | st.sampled_from(
    ["", "True", "1.50", " x", "x ", "-", "Adélie", "李娜", "e\u0301", "\u00a0x", "\x1b[1mx\x1b[0m", "a\u200d\nb"])


@st.composite
def tables(draw):
    cols = draw(st.integers(1, 5))
    rows = draw(st.lists(st.lists(CELL, min_size=cols, max_size=cols), min_size=1, max_size=6))
    headers = draw(st.one_of(st.just([]), st.lists(CELL, min_size=cols, max_size=cols)))
    return rows, headers


def _tabulate(rows, headers):
    return tabulate(rows, headers=headers, tablefmt="simple" if headers else "plain", disable_numparse=True)


@settings(max_examples=400, deadline=None)
@given(tables())
def test_plain_table_is_tabulates_layout_or_declines(t):
    rows, headers = t
    fast = plain_table(rows, headers)
    if fast is not None:
        assert fast == _tabulate(rows, headers)
    assert table(rows, headers, "plain", width=10**6) == _tabulate(rows, headers)  # fast or not, the same table


def test_plain_table_takes_the_usual_round_table_and_declines_what_tabulate_changes():
    rows = [["alice", "Tasmania", "correct", "10", "a home area: 10 points"], ["bob", "pass", "", "0", ""]]
    headers = ["player", "piece", "scored", "points", "why"]
    assert plain_table(rows, headers) == _tabulate(rows, headers)
    assert plain_table([["card", "12 (green)"], ["name", "Lion"]], []) == _tabulate([["card", "12 (green)"],
                                                                                    ["name", "Lion"]], [])
    assert plain_table([["Adélie penguin"]], ["name"]) == _tabulate([["Adélie penguin"]], ["name"])  # measured
    assert plain_table([["李娜", "x"], ["ann", "y"]], ["name", "z"]) == "name    z\n------  ---\n李娜    x\nann     y"
    assert plain_table([["two\nlines"]], ["x"]) is None
    assert plain_table([["é\u200d\nb"]], ["x"]) is None  # wcwidth joins the line break to the joiner; tabulate does not
    for mark in (["\u094d", "x"], ["李\u094d", "x"]):  # wcwidth measures these otherwise once tabulate pads them
        assert table([mark, ["bob", "y"]], ["player", "z"], "plain", width=0) == _tabulate([mark, ["bob", "y"]],
                                                                                          ["player", "z"])
    assert plain_table([["\x1b[1mbold\x1b[0m"]], ["x"]) is None
    assert plain_table([[" padded"]], ["x"]) is None
    assert plain_table([["a\x1fb"]], ["x"]) is None  # a control character, even the one the check joins cells with
    assert plain_table([["a", "b"], ["c"]], ["x", "y"]) is None
    assert plain_table([], ["x"]) is None


def test_round_tables_are_tabulates_whether_or_not_the_round_is_checked_at_once(monkeypatch):
    from fauna_cli import render, rounds
    from rules.fauna.config import Config
    from rules.fauna.game import new_game

    texts = {}
    for names in (("ann", "ben"), ("李娜", "ben")):  # a wide name (4 columns, 2 characters): tabulate measures it
        state = new_game(Config.from_dict({"players": [{"name": n} for n in names]}), seed=3)
        reports = rounds.RoundReports(state)
        while not reports.reports:
            reports.feed(state.apply(state.legal_moves()[-1]))
        report = reports.reports[0]
        fast = rounds.round_text(report, "plain")
        with monkeypatch.context() as m:
            m.setattr(render, "plain_table", lambda *a, **k: None)  # tabulate draws every table
            assert rounds.round_text(report, "plain") == fast
        texts[names[0]] = fast
    assert "李娜" in texts["李娜"] and "ann" in texts["ann"]
