"""Properties: no input crashes the engine, and scores never depend on how a move file is formatted."""

import re
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fauna_cli.main import cli
from rules.core.errors import FaunaError
from rules.fauna import Config, PlayerSpec, new_game
from rules.fauna.script import parse_script

CFG = Config((PlayerSpec("alice"), PlayerSpec("bob"), PlayerSpec("carol")), start="alice")
WORDS = ["Tasmania", "weight", "length", "tail", "height", "pass", "200-500", "kg", "t", "g", "cm", "m", "18",
         "japan", "Red Sea", "-", "to", "1/2", "lb", "alice:", "bob:", ":", "#", "  ", "\t", "é", "0", "99999"]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join)))
def test_no_move_text_crashes_the_engine(text):
    state = new_game(CFG, 5)
    try:
        state.apply(text, state.to_move)
    except FaunaError:
        pass  # refused with a message: fine; anything else is a crash


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_no_script_text_crashes_the_script_reader(text):
    try:
        parse_script(text)
    except FaunaError:
        pass


SCRIPT = Path(__file__).parent / "scripts" / "three_players.txt"


def reformat(text: str, data) -> str:
    """The same moves written differently: case, spacing, comments, blank lines, aliases and space numbers."""
    out = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            out.append(line)
            continue
        player, move = (s.strip() for s in line.split(":", 1))
        if data.draw(st.booleans()):
            move = move.upper() if data.draw(st.booleans()) else move.lower()
        m = re.fullmatch(r"(weight|length|tail) (.+)", move, re.I)
        if m and data.draw(st.booleans()):
            move = f"{m.group(1)} {m.group(2).replace('-', ' - ')}"
        gap = data.draw(st.sampled_from(["", " ", "   ", "\t"]))
        tail = data.draw(st.sampled_from(["", "  # a comment", "\t#x"]))
        out.append(f"{gap}{player}{gap}:{gap}{move}{tail}")
        if data.draw(st.booleans()):
            out.append(data.draw(st.sampled_from(["", "   ", "# note"])))
    return "\n".join(out) + "\n"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_scores_do_not_depend_on_move_file_formatting(data):
    with open(SCRIPT, encoding="utf-8") as f:
        original = f.read()
    runner = CliRunner()
    base = runner.invoke(cli, ["play", "--seed", "7", "--moves", "-", "--format", "json"], input=original)
    again = runner.invoke(cli, ["play", "--seed", "7", "--moves", "-", "--format", "json"],
                          input=reformat(original, data))
    assert base.exit_code == 0 and again.exit_code == 0, again.output
    assert again.output == base.output


VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 2**65), st.floats(allow_nan=True), st.text(max_size=12),
              st.sampled_from(["published", "reference-manual", "metric", "imperial", "green", "mixed", "alice",
                               "random", "naturalist", "statistician", "x.toml"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
KEYS = st.sampled_from(["seed", "preset", "units", "cards", "start", "goal", "name", "bot", "skill", "row", "min",
                        "max", "correct", "adjacent", "extra"])


@settings(max_examples=400, deadline=None)
@given(game=st.dictionaries(KEYS, VALUES, max_size=6),
       players=st.lists(st.dictionaries(KEYS, VALUES, max_size=4), max_size=7),
       top=st.sampled_from([None, "players", "game", "other"]))
def test_no_config_document_crashes_the_validation(game, players, top):
    doc = {"game": game, "players": players}
    if top == "other":
        doc["board"] = {}
    elif top is not None:
        doc[top] = game if top == "players" else players
    try:
        Config.from_dict(doc, "fuzz.toml")
    except FaunaError:
        pass


@settings(max_examples=300, deadline=None)
@given(rows=st.one_of(VALUES, st.lists(st.dictionaries(KEYS, VALUES, max_size=5), max_size=5)),
       extra=st.dictionaries(KEYS, VALUES, max_size=3))
def test_no_scoring_table_crashes_the_validation(rows, extra):
    from rules.fauna import ScoringTable

    try:
        ScoringTable.from_dict({"row": rows, **extra}, "table.toml")
    except FaunaError:
        pass
