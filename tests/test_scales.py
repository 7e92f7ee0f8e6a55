"""Scales: spaces, boundaries (lower included), first/last space, imperial side, typed placements."""

from fractions import Fraction as F

import pytest

from rules.fauna import IllegalMove, Scales


@pytest.fixture(scope="module")
def scales():
    return Scales.default()


def label(scales, key, value, units="metric"):
    s = scales.get(key)
    return s.label(s.space_of(F(value), units), units)


def test_space_counts(scales):
    assert [len(s) for s in scales] == [26, 19, 14]
    for s in scales:
        assert len(s.side("imperial").spaces) == len(s.side("metric").spaces)


def test_grevys_zebra_rulebook_example(scales):
    w = scales.get("weight")
    correct = w.space_of(F(390), "metric")
    assert w.label(correct, "metric") == "200-500 kg"
    for kg in (350, 430):
        assert w.space_of(F(kg), "metric") == correct
    assert w.label(correct + 1, "metric") == "500 kg-1 t"
    assert w.label(correct + 2, "metric") == "1-2 t"


@pytest.mark.parametrize("key,value,expected", [
    ("weight", "500", "500 kg-1 t"),        # lower bound included
    ("weight", "499.999", "200-500 kg"),    # upper bound excluded
    ("weight", "0.001", "1-2 g"),
    ("weight", "0.0001", "0-1 g"),          # tiny values: first space ("0" on a card)
    ("weight", "0", "0-1 g"),
    ("weight", "190000", "100-200 t"),      # blue whale
    ("weight", "900000", "100-200 t"),      # anything heavier: last space
    ("length", "100", "1-2 m"),
    ("length", "99.9", "70 cm-1 m"),
    ("length", "10000", "30-50 m"),         # anything longer: last space
    ("tail", "1000", "3-5 m"),
    ("tail", "0.5", "0-1 cm"),
])
def test_boundaries(scales, key, value, expected):
    assert label(scales, key, value) == expected


@pytest.mark.parametrize("key,value,expected", [
    ("weight", "390", "500-1000 lb"),          # 860 lb
    ("weight", "0.4536", "1-2 lb"),            # a hair over one pound
    ("weight", "0.45359237", "1-2 lb"),        # exactly one pound: lower bound
    ("weight", "0.0284", "1-2 oz"),
    ("weight", "907.18474", "1-2 ton"),        # exactly one short ton
    ("length", "30.48", "1-1.5 ft"),           # exactly one foot
    ("length", "2.54", "1-1.5 in"),
    ("tail", "45", "1-1.5 ft"),                # 17.7 in
])
def test_imperial_side(scales, key, value, expected):
    assert label(scales, key, value, "imperial") == expected


@pytest.mark.parametrize("text,space", [
    ("200-500 kg", 17), ("200 - 500 kg", 17), ("200 kg-500 kg", 17), ("200 to 500 kg", 17), ("18", 17),
    ("350 kg", 17), ("500 kg-1 t", 18), ("1-2 t", 19), ("0-1 g", 0), ("100-200 t", 25), ("1", 0), ("26", 25),
])
def test_parse_weight_space(scales, text, space):
    assert scales.parse_space(scales.get("weight"), text, "metric") == space


@pytest.mark.parametrize("text", ["27", "0", "300-600 kg", "5 lb", "heavy"])
def test_parse_bad_space(scales, text):
    with pytest.raises(IllegalMove):
        scales.parse_space(scales.get("weight"), text, "metric")


def test_imperial_labels_parse_back(scales):
    for s in scales:
        for sp in s.side("imperial").spaces:
            assert scales.parse_space(s, sp.label, "imperial") == sp.index
        for sp in s.side("metric").spaces:
            assert scales.parse_space(s, sp.label, "metric") == sp.index


def test_format_value(scales):
    w = scales.get("weight").side("metric")
    assert w.format_value(F(390)) == "390 kg"
    assert w.format_value(F("0.0045")) == "4.5 g"
    assert w.format_value(F(150000)) == "150 t"
    assert scales.get("length").side("imperial").format_value(F(254)) == "8.33 ft"
