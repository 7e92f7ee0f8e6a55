"""How measures are shown and read on both sides of the scales, and moves written without a game's setup."""

from fractions import Fraction

import pytest

from rules.core.errors import DataError, IllegalMove, MoveSyntaxError
from rules.fauna import AreaMove, ScaleMove, Scales, parse_move
from rules.fauna.data import load_toml
from rules.fauna.moves import PASS
from rules.fauna.scales import fmt_number, scales_from_doc

SCALES = Scales.default()
WEIGHT = SCALES.get("weight")


@pytest.mark.parametrize("kg,units,shown", [
    ("0.0005", "metric", "0.5 g"),         # below the smallest unit: still in grams
    ("0.001", "imperial", "0.04 oz"),      # below 1 oz: ounces with two decimals
    ("0.02835", "imperial", "1 oz"),
    ("9.994", "metric", "9.99 kg"),        # under 10: two decimals
    ("10.04", "metric", "10 kg"),          # from 10: one decimal, a trailing zero dropped
    ("12.34", "metric", "12.3 kg"),
    ("99.94", "metric", "99.9 kg"),
    ("123.4", "metric", "123 kg"),         # from 100: whole numbers
    ("4.5359237", "imperial", "10 lb"),
    ("1000", "metric", "1 t"),
    ("907.18474", "imperial", "1 ton"),
])
def test_a_measure_is_shown_in_the_largest_unit_it_reaches_with_three_figures(kg, units, shown):
    assert WEIGHT.side(units).format_value(Fraction(kg)) == shown


def test_a_negative_measure_has_no_space():
    with pytest.raises(ValueError, match="cannot be negative"):
        WEIGHT.space_of(Fraction(-1), "metric")
    assert WEIGHT.space_of(Fraction(0), "metric") == 0


@pytest.mark.parametrize("x,text", [(Fraction(500), "500"), (Fraction(3, 2), "1.5"), (Fraction(1, 16), "1/16"),
                                    (Fraction(1, 2), "1/2"), (Fraction(1, 3), "0.333333"), (Fraction(5, 4), "1.25")])
def test_boundaries_print_as_on_the_board(x, text):
    assert fmt_number(x) == text


def test_a_space_number_counts_from_one_up_to_the_last_space():
    n = len(WEIGHT)
    assert SCALES.parse_space(WEIGHT, "1", "metric") == 0
    assert SCALES.parse_space(WEIGHT, str(n), "metric") == n - 1
    for bad in ("0", str(n + 1), "100"):
        with pytest.raises(IllegalMove, match=f"has spaces 1 to {n}, not {int(bad)}"):
            SCALES.parse_space(WEIGHT, bad, "metric")


def test_a_value_with_the_other_sides_unit_names_the_games_units():
    with pytest.raises(IllegalMove, match="'lb' is not a unit of the metric side; this game is metric"):
        SCALES.parse_space(WEIGHT, "3 lb", "metric")
    assert SCALES.parse_space(WEIGHT, "350 kg", "metric") == SCALES.parse_space(WEIGHT, "200-500 kg", "metric")


def test_both_sides_of_a_scale_need_as_many_spaces():
    doc = load_toml("scales.toml")
    assert len(scales_from_doc(doc).get("tail")) == len(SCALES.get("tail"))
    tail = next(s for s in doc["scale"] if s["key"] == "tail")
    tail["imperial"] = tail["imperial"][:-1]
    with pytest.raises(DataError, match="tail: both sides need the same number of spaces"):
        scales_from_doc(doc)


def test_moves_read_and_write_without_a_setup_use_the_bundled_board_and_metric_scales():
    assert parse_move("tasmania") == AreaMove("Tasmania")
    assert parse_move("weight 3") == ScaleMove("weight", 2)
    assert ScaleMove("weight", 2).text() == "weight 2-5 g"
    assert ScaleMove("length", 0).text(units="imperial") == "length 0-1/2 in"
    assert AreaMove("Tasmania").text() == "Tasmania" and PASS.text() == "pass"
    assert parse_move(ScaleMove("tail", 5).text()) == ScaleMove("tail", 5)


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_an_empty_move_says_what_to_write(text):
    with pytest.raises(MoveSyntaxError, match="empty move: write an area, a scale space"):
        parse_move(text)


def test_a_scale_word_alone_asks_for_a_space_with_examples():
    with pytest.raises(MoveSyntaxError, match=r"'weight' needs a space: e.g. 'weight 20-50 g' or 'weight 6'"):
        parse_move("weight")


@pytest.mark.parametrize("x,text", [(Fraction(1, 4), "1/4"), (Fraction(3, 8), "3/8"), (Fraction(1, 32), "1/32"),
                                    (Fraction(3, 2), "1.5"), (Fraction(1, 5), "0.2")])
def test_only_small_imperial_fractions_print_as_fractions(x, text):
    assert fmt_number(x) == text


def test_the_last_space_is_open_ended_and_takes_any_larger_value():
    side = WEIGHT.side("metric")
    assert [sp.upper is None for sp in side.spaces] == [False] * (len(side.spaces) - 1) + [True]
    assert WEIGHT.space_of(Fraction(10**9), "metric") == len(WEIGHT) - 1
    assert SCALES.parse_space(WEIGHT, "100+", "metric") == len(WEIGHT) - 1  # the last space: '100 t and more'


def test_a_scale_whose_boundaries_do_not_rise_is_refused():
    doc = load_toml("scales.toml")
    weight = next(s for s in doc["scale"] if s["key"] == "weight")
    weight["metric"][2] = weight["metric"][1]
    with pytest.raises(DataError, match="weight metric: boundaries must increase"):
        scales_from_doc(doc)


def test_a_space_nobody_can_read_gets_examples_in_the_games_units():
    with pytest.raises(IllegalMove) as err:
        SCALES.parse_space(WEIGHT, "heavy", "imperial")
    assert str(err.value).startswith("'heavy' is not a space of the weight scale (imperial); write a range such as ")
    assert f"a value such as '3 oz', or the space number 1-{len(WEIGHT)}" in str(err.value)


def test_a_move_prints_as_a_self_describing_value():
    assert repr(AreaMove("Tasmania")) == "AreaMove(area='Tasmania')"
    assert repr(ScaleMove("weight", 17)) == "ScaleMove(scale='weight', space=17)"
    assert repr(PASS) == "Pass()"


def test_a_space_nobody_can_read_names_the_closest_spaces():
    with pytest.raises(IllegalMove) as err:
        SCALES.parse_space(WEIGHT, "200-50 kg", "metric")
    assert str(err.value) == ("'200-50 kg' is not a space of the weight scale (metric); write a range such as "
                              "'10-20 kg', a value such as '3 g', or the space number 1-26; did you mean "
                              "'200-500 kg' or '20-50 kg'?")


@pytest.mark.parametrize("text,label", [("200 kg-500 kg", "200-500 kg"), ("1.5 t", "1-2 t"), ("350 kg", "200-500 kg"),
                                        ("3 lb", None), ("100+", "100-200 t")])
def test_a_space_may_be_written_with_the_unit_twice_or_as_a_value_in_any_unit_of_the_side(text, label):
    if label is None:
        with pytest.raises(IllegalMove):
            SCALES.parse_space(WEIGHT, text, "metric")
    else:
        assert WEIGHT.label(SCALES.parse_space(WEIGHT, text, "metric"), "metric") == label


@pytest.mark.parametrize("kg,shown", [("100.4", "100 kg"), ("100.6", "101 kg"), ("10", "10 kg"), ("100", "100 kg")])
def test_three_figures_round_at_the_hundreds(kg, shown):
    assert WEIGHT.side("metric").format_value(Fraction(kg)) == shown


def scale_doc(metric, imperial):
    return {"units": {"metric": {"g": "1/1000", "kg": "1"}, "imperial": {"oz": "1/32", "lb": "1/2"}},
            "scale": [{"key": "weight", "title": "Weight", "measures": ["weight"], "metric": metric,
                       "imperial": imperial}]}


def test_a_label_carries_both_units_when_they_differ_except_from_zero():
    s = scales_from_doc(scale_doc([[0, "g"], [1, "kg"], [2, "kg"], [3, "kg"]], [[0, "oz"], [8, "oz"], [2, "lb"],
                                                                              [4, "lb"]])).get("weight")
    assert [sp.label for sp in s.side("metric").spaces] == ["0-1 kg", "1-2 kg", "2-3 kg"]
    assert [sp.label for sp in s.side("imperial").spaces] == ["0-8 oz", "8 oz-2 lb", "2-4 lb"]
    side = s.side("metric")
    assert [(sp.lower, sp.upper) for sp in side.spaces] == [(0, 1), (1, 2), (2, None)]


def test_a_scale_must_start_at_zero():
    with pytest.raises(DataError, match="weight metric: the first boundary must be 0"):
        scales_from_doc(scale_doc([[1, "g"], [1, "kg"], [2, "kg"]], [[0, "oz"], [8, "oz"], [2, "lb"]]))
