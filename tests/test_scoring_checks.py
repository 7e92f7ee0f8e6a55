"""A custom scoring table is checked as it is read, and each piece's points are counted under their source."""

import dataclasses
from pathlib import Path

import pytest
from helpers import animal, game, place_all_first_round

from rules.fauna import ConfigError, ScoringTable
from rules.fauna.judge import TALLY_KEYS
from rules.fauna.protocol import breakdown


def table(rows, **extra):
    return {"row": rows, **extra}


OPEN = {"min": 2, "correct": 5, "adjacent": 1}


def read(doc):
    return ScoringTable.from_dict(doc, "my.toml")


@pytest.mark.parametrize("doc,key,words", [
    (table([{"min": 1, "max": True, "correct": 9, "adjacent": 2}, OPEN]), "max", "'max' must be a whole number"),
    (table([{"min": 1, "max": 0, "correct": 9, "adjacent": 2}, OPEN]), "max", "'max' must be a whole number >= min"),
    (table([{"min": 1, "correct": 9, "adjacent": 2}, OPEN]), "max", "row 1 has no 'max' but is not the last row"),
    (table([{"min": 1, "max": 1, "correct": 9, "adjacent": 2}]), "max", "the last row must have no 'max'"),
    (table([{"min": 1, "max": 1, "correct": 9, "adjacent": 2}, {**OPEN, "min": 3}]), "min", "starts at 3 areas"),
    (table([{"min": 1, "correct": True, "adjacent": 2}]), "correct", "'correct' must be a whole number >= 0"),
    (table([{"min": 1, "correct": 9, "adjacent": -1}]), "adjacent", "'adjacent' must be a whole number >= 0"),
    (table([{"min": 1, "correct": 9, "adjacent": 2}], scale_correct=True), "scale_correct", "must be a whole"),
    (table([{"min": 1, "correct": 9, "adjacent": 2}], scale_adjacent=-1), "scale_adjacent", "must be a whole"),
    (table([{"min": 1, "correct": 9, "adjacent": 2}], scale_correct="7"), "scale_correct", "must be a whole"),
    (table([{"min": 1, "correct": 9, "adjacent": 2}], name=""), "name", "'name' must be a text"),
    (table([{"min": 1, "correct": 9, "adjacent": 2}], name=3), "name", "'name' must be a text"),
    (table([{"min": 1, "correct": 9, "adjacent": 2, "bonus": 1}]), "bonus", "row 1: unknown key 'bonus'"),
    (table([]), "row", "needs [[row]] entries"),
    (table(5), "row", "needs [[row]] entries"),
    (table("1 area"), "row", "needs [[row]] entries"),
    (table(["1 area"]), "row", "row 1 must be a table"),
    ({**table([OPEN]), "extra": 1}, "extra", "unknown key 'extra'"),
])
def test_a_custom_table_with_a_mistake_is_refused_naming_the_key(doc, key, words):
    with pytest.raises(ConfigError) as err:
        read(doc)
    assert err.value.key == key
    assert str(err.value).startswith("my.toml: ") and words in str(err.value)


def test_a_custom_table_may_leave_out_the_scale_points_and_the_name():
    t = read(table([{"min": 1, "max": 2, "correct": 9, "adjacent": 2}, {"min": 3, "correct": 4, "adjacent": 0}]))
    assert (t.name, t.scale_correct, t.scale_adjacent) == ("custom", 7, 3)
    assert [(r.min, r.max, r.correct, r.adjacent) for r in t.rows] == [(1, 2, 9, 2), (3, None, 4, 0)]
    assert t.row_for(2).correct == 9 and t.row_for(3).correct == 4 and t.row_for(30).correct == 4


def test_a_row_may_cover_a_single_count_and_zero_points_are_allowed():
    t = read(table([{"min": 1, "max": 1, "correct": 0, "adjacent": 0}, OPEN], scale_correct=0, scale_adjacent=0,
                   name="stingy"))
    assert (t.name, t.scale_correct, t.scale_adjacent, t.row_for(1).correct) == ("stingy", 0, 0, 0)


def test_the_tally_counts_each_piece_under_its_own_source():
    """simulate's breakdown: map correct, map adjacent and scale points apart, with pieces placed and lost."""
    beast = animal(areas=["Tasmania"], weight=390)  # 300-500 kg is its space
    g = game(players=("alice", "bob"), animals=[beast, animal("Other", areas=["Madagascar"])])
    place_all_first_round(g, {"alice": ["Tasmania", "weight 200-500 kg"],
                              "bob": ["Tasman Sea", "weight 500 kg-1 t", "Sahel"]})
    alice, bob = (dict(zip(TALLY_KEYS, t, strict=True)) for t in g.tally)
    assert alice == {"map_correct": 12, "map_adjacent": 0, "scales": 7, "placed": 2, "lost": 0}
    assert bob == {"map_correct": 0, "map_adjacent": 8, "scales": 3, "placed": 3, "lost": 1}
    assert breakdown(g) == {"alice": {"map_correct": 12, "map_adjacent": 0, "scales": 7},
                            "bob": {"map_correct": 0, "map_adjacent": 8, "scales": 3}}


def test_a_custom_table_is_written_back_as_read_with_an_open_last_row():
    """Logs carry a custom table inline: its plain form reads back to the same table."""
    doc = table([{"min": 1, "max": 2, "correct": 9, "adjacent": 2}, {"min": 3, "max": 3, "correct": 6, "adjacent": 1},
                 {"min": 4, "correct": 4, "adjacent": 0}], scale_correct=5, scale_adjacent=2, name="house")
    t = read(doc)
    plain = t.to_dict()
    assert plain["row"] == [{"min": 1, "max": 2, "correct": 9, "adjacent": 2},
                            {"min": 3, "max": 3, "correct": 6, "adjacent": 1}, {"min": 4, "correct": 4, "adjacent": 0}]
    assert (plain["name"], plain["scale_correct"], plain["scale_adjacent"]) == ("house", 5, 2)
    assert read(plain) == t and [r.span for r in t.rows] == ["1-2", "3", "4+"]


def test_a_table_cannot_change_once_read():
    """Presets are shared by every game on them: a validated table is frozen (and so usable as a key)."""
    t = read(table([OPEN | {"min": 1}]))
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.scale_correct = 99
    assert {t: 1}[read(table([OPEN | {"min": 1}]))] == 1


def test_the_bundled_presets_are_data_files_a_replay_log_fingerprints():
    from rules.fauna.data import data_dir
    from rules.fauna.scoring import PRESET_NAMES, preset_files

    assert preset_files() == [f"presets/{p}.toml" for p in PRESET_NAMES] == ["presets/published.toml",
                                                                           "presets/reference-manual.toml"]
    assert all((Path(data_dir()) / f).is_file() for f in preset_files())
