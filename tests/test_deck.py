"""The animal deck: schema, names, areas, measures against each body plan, sources, and the balance of the box.

The whole-deck tests run the checks in rules/fauna/deckstats.py over data/animals/; the other tests feed
the same checks deliberately broken animals to show that each check really catches its slip.
"""

import dataclasses
import json
import math
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import animal

from fauna_cli.fauna_queries import stats
from rules.core.errors import DataError
from rules.fauna import Board, Deck, Scales, card_front, preset
from rules.fauna.animals import Source, parse_animal
from rules.fauna.deckstats import (
    BANDS,
    CLASS_GROUPS,
    SHAPE_EXCEPTIONS,
    SIZE_RULES,
    animal_problems,
    balance_problems,
    deck_problems,
    deck_stats,
    log_density,
    size_band,
)

ROOT = Path(__file__).resolve().parent.parent
DECK_DIR = ROOT / "data" / "animals"


@pytest.fixture(scope="module")
def world():
    return Deck.default(), Board.default(), Scales.default(), preset("published")


def real(name, **changes):
    """A real deck animal with some fields or measures replaced (measures in kg/cm, None for N/A)."""
    a = Deck.default().animal(name)
    measures = dict(a.measures)
    for key in ("weight", "length", "total_length", "height", "tail"):
        if key in changes:
            v = changes.pop(key)
            if v is False:
                measures.pop(key, None)
            else:
                measures[key] = None if v is None else Fraction(str(v))
    return dataclasses.replace(a, measures=measures, **changes)


# --- the deck as shipped ------------------------------------------------------------------------

def test_every_deck_file_is_valid_toml_with_only_animal_tables():
    files = sorted(DECK_DIR.glob("*.toml"))
    assert len(files) >= 6
    for f in files:
        doc = tomllib.loads(f.read_text(encoding="utf-8"))
        assert set(doc) <= {"animal"}, f"{f.name}: unexpected top-level keys {sorted(set(doc) - {'animal'})}"


def test_360_animals_on_180_cards_with_a_green_and_a_black_side(world):
    deck = world[0]
    assert len(deck.animals) == 360
    assert sorted(deck.cards) == list(range(1, 181))
    assert all(set(sides) == {"green", "black"} for sides in deck.cards.values())
    assert sum(a.side == "green" for a in deck.animals) == 180


def test_the_deck_passes_every_check(world):
    problems = deck_problems(*world)
    assert problems == [], "\n".join(problems)


def test_names_and_scientific_names_are_unique(world):
    deck = world[0]
    names = [a.name.lower() for a in deck.animals]
    sci = [a.scientific.lower() for a in deck.animals]
    assert len(set(names)) == len(names) and len(set(sci)) == len(sci)
    assert not set(names) & set(sci)


def test_types_of_every_field(world):
    for a in world[0].animals:
        assert isinstance(a.card, int) and a.side in ("green", "black")
        assert a.name.strip() == a.name and a.name and a.scientific
        for key, value in a.measures.items():
            assert key in ("weight", "length", "total_length", "height", "tail")
            assert value is None or (isinstance(value, Fraction) and value > 0), (a.name, key, value)
        assert sum(k in a.measures for k in ("length", "total_length", "height")) <= 1


def test_areas_are_canonical_board_names_and_the_card_count_matches(world):
    deck, board = world[0], world[1]
    names = set(board.names)
    for a in deck.animals:
        assert a.areas and set(a.areas) <= names, a.name
        assert len(set(a.areas)) == len(a.areas), a.name
        assert card_front(a).n_areas == len(a.areas)


def test_every_animal_has_a_booklet_text_and_a_titled_source(world):
    for a in world[0].animals:
        assert a.booklet and a.sources and all(s.title for s in a.sources), a.name


def test_classes_follow_the_body_plan_rules(world):
    for a in world[0].animals:
        if a.cls in SIZE_RULES:
            assert a.size_measure in SIZE_RULES[a.cls], (a.name, a.cls, a.size_measure)


# --- the checks catch what they claim to catch ----------------------------------------------------

@pytest.mark.parametrize("name,changes,words", [
    ("Lion", {"weight": 160000}, "gram/kilogram"),            # kg typed as g
    ("Lion", {"weight": 0.16}, "gram/kilogram"),              # g typed as kg
    ("Lion", {"length": 1.7}, "centimetre/metre"),            # m typed as cm
    ("Ostrich", {"height": 22000}, "centimetre/metre"),       # cm typed as mm
    ("Black mamba", {"weight": 1300}, "snake"),               # a snake gets the snake band
    ("Komodo dragon", {"tail": 240}, "not shorter than the total length"),
    ("Komodo dragon", {"tail": 230}, "under a fifth"),
    ("Aye-aye", {"tail": 120}, "three times"),
], ids=["kg-as-g", "g-as-kg", "m-as-cm", "mm-as-cm", "snake", "tail-total", "tail-body", "tail-length"])
def test_measure_slips_are_caught(name, changes, words):
    problems = animal_problems(real(name, **changes))
    assert any(words in p for p in problems), problems


def test_every_gram_kilogram_or_centimetre_metre_slip_in_the_deck_would_be_caught(world):
    escaped = []
    for a in world[0].animals:
        density, band = log_density(a), size_band(a)
        if density is None:
            continue
        assert band is not None, f"{a.name}: no plausibility band for {a.cls} / {a.size_measure}"
        for shift, slip in ((3, "kg as g"), (-3, "g as kg"), (6, "cm as m"), (-6, "m as cm")):
            if band.low <= density + shift <= band.high:
                escaped.append(f"{a.name} ({slip})")
    assert escaped == []


def test_bands_are_narrow_enough_to_catch_a_factor_1000_and_exceptions_are_real_genera(world):
    for band in [*BANDS.values(), *SHAPE_EXCEPTIONS.values()]:
        assert 0 < band.high - band.low < 3, band
        assert band.why
    genera = {a.scientific.split()[0] for a in world[0].animals}
    assert set(SHAPE_EXCEPTIONS) <= genera, sorted(set(SHAPE_EXCEPTIONS) - genera)


@pytest.mark.parametrize("changes,words", [
    ({"cls": "bird"}, "a bird card asks"),                      # a lion measured like a bird
    ({"cls": "Mammal"}, "lower-case"),
    ({"scientific": "panthera Leo"}, "Genus species"),
    ({"booklet": ""}, "no booklet"),
    ({"booklet": "One. Two. Three. Four."}, "4 sentences"),
    ({"sources": ()}, "no source"),
    ({"sources": (Source("a", "http://x.org/a"), Source("a", "http://x.org/a"))}, "listed twice"),
    ({"sources": (Source("a", "www.example.org"),)}, "malformed URL"),
], ids=["body-plan", "class-case", "binomial", "no-booklet", "long-booklet", "no-source", "dup-source", "bad-url"])
def test_text_and_naming_slips_are_caught(changes, words):
    problems = animal_problems(real("Lion", **changes))
    assert any(words in p for p in problems), problems


def test_a_value_on_a_scale_boundary_needs_a_note_saying_which_range_it_is_the_middle_of():
    scales = Scales.default()
    lion = real("Lion")
    on_edge = dataclasses.replace(lion, measures={**lion.measures, "weight": Fraction(100)}, note=None)
    problems = animal_problems(on_edge, scales)
    assert any("weight 100 lies exactly on a boundary of the weight scale" in p for p in problems), problems
    assert not any("boundary" in p for p in animal_problems(dataclasses.replace(on_edge, note="80-120 kg."), scales))
    assert not any("boundary" in p for p in animal_problems(dataclasses.replace(on_edge, measures={
        **lion.measures, "weight": Fraction(101)}), scales))
    assert not any("boundary" in p for p in animal_problems(on_edge))  # only checked against given scales


def test_height_is_only_for_standing_mammals_and_birds():
    problems = animal_problems(animal("Stand-up newt", cls="amphibian", weight=0.01, height=10))
    assert any("standing mammals and birds" in p for p in problems)


@pytest.mark.parametrize("raw_change,words", [
    ({"areas": ["Kalahari"]}, "use 'Kalahari Desert'"),
    ({"areas": ["Atlantis"]}, "not a board area"),
    ({"areas": ["Sahel", "Sahel"]}, "listed twice"),
    ({"wingspan": 8.0}, "unknown key 'wingspan'"),
    ({"weight": -3.0}, "positive number"),
    ({"length": 10.0, "total_length": 12.0}, "at most one"),
    ({"sources": []}, "at least one source"),
], ids=["alias", "unknown-area", "twice", "unknown-key", "negative", "two-sizes", "no-sources"])
def test_the_loader_rejects_schema_errors(raw_change, words):
    raw = {"card": 1, "side": "green", "name": "Testbeast", "scientific": "Testus bestia", "class": "mammal",
           "areas": ["Sahel"], "weight": 10.0, "booklet": "A test.", "sources": [{"title": "t"}]}
    raw.update(raw_change)
    with pytest.raises(DataError, match=words):
        parse_animal(raw, "test.toml: animal 1", Board.default())


def test_duplicate_names_are_rejected():
    with pytest.raises(DataError, match="used by two animals"):
        Deck([animal("Same", card=1), animal("Same", card=2)], [])


def test_a_species_twice_under_two_names_is_caught(world):
    deck, board, scales, table = world
    twin = dataclasses.replace(deck.animal("Lion"), name="Asiatic lion", scientific="Panthera leo persica", card=1,
                               side="black")
    animals = [a for a in deck.animals if not (a.card == 1 and a.side == "black")] + [twin]
    problems = deck_problems(Deck(animals, []), board, scales, table)
    assert any("already in the deck as Lion" in p for p in problems)


# --- balance of the box -----------------------------------------------------------------------------

def test_balance_like_the_box(world):
    deck, board, scales, table = world
    st = deck_stats(deck, board, scales, table)
    assert {c.label for c in st.by_class if c.total} >= set(CLASS_GROUPS)
    assert all(c.total for c in st.by_continent)
    assert st.fewest_areas[1] == 1 and st.most_areas[1] >= 30
    assert all(c.total for c in st.by_band)
    assert min(c.total for _, _, c in st.per_area) >= 5
    weight = next(s for s in st.scales if s.scale == "weight")
    assert float(weight.smallest[1]) < 0.005 and float(weight.largest[1]) >= 100_000  # a few grams to the blue whale


def test_balance_problems_are_reported(world):
    deck, board, scales, table = world
    # Drop the black side of card 7 and every animal of New Zealand; keep no fish.
    animals = [a for a in deck.animals if not (a.card == 7 and a.side == "black")
               and "New Zealand" not in a.areas and a.cls != "fish"]
    problems = balance_problems(Deck(animals, []), board, scales, table)
    text = "\n".join(problems)
    assert "card 7 has green but needs one green and one black side" in text
    assert "only 0 animals live in New Zealand" in text
    assert "no fish in the deck" in text


def test_a_deck_without_cosmopolitans_or_endemics_is_unbalanced(world):
    deck, board, scales, table = world
    animals = [a for a in deck.animals if 2 <= a.n_areas < 30]
    problems = balance_problems(Deck(animals, []), board, scales, table)
    assert any("no island endemic" in p for p in problems)
    assert any("no cosmopolitan" in p for p in problems)


# --- fauna animal stats -------------------------------------------------------------------------------

def test_stats_plain_shows_every_section():
    result = CliRunner().invoke(stats, [])
    assert result.exit_code == 0, result.output
    for words in ("Deck: 360 animals on 180 cards", "By class", "By continent", "By number of areas",
                  "Scales (metric side)", "Animals per area (fewest first)", "crustacean", "Oceans", "17+"):
        assert words in result.output


def test_stats_json_counts_add_up():
    result = CliRunner().invoke(stats, ["--format", "json"])
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["animals"] == 360 and doc["cards"] == 180
    assert sum(c["total"] for c in doc["by_class"]) == 360
    assert sum(c["total"] for c in doc["by_area_count"]) == 360
    assert [c["label"] for c in doc["by_difficulty"]] == ["green", "black"]
    per_area = [r["total"] for r in doc["per_area"]]
    assert per_area == sorted(per_area) and len(per_area) == 75
    assert {s["scale"] for s in doc["scales"]} == {"weight", "length", "tail"}


@pytest.mark.parametrize("fmt,marker", [("github", "|"), ("grid", "+")])
def test_stats_table_formats(fmt, marker):
    result = CliRunner().invoke(stats, ["--format", fmt])
    assert result.exit_code == 0 and marker in result.output


def test_stats_rejects_an_unknown_format_or_preset():
    assert CliRunner().invoke(stats, ["--format", "xml"]).exit_code == 2
    assert CliRunner().invoke(stats, ["--preset", "house-rules"]).exit_code == 2


def test_stats_bands_follow_the_chosen_preset():
    result = CliRunner().invoke(stats, ["--format", "json", "--preset", "reference-manual"])
    labels = [c["label"] for c in json.loads(result.output)["by_area_count"]]
    assert labels[0] == "1" and "26+" in labels


# --- tools/check_animals.py ---------------------------------------------------------------------------

def _tool():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import check_animals
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return check_animals


def test_check_tool_passes_the_deck(capsys):
    assert _tool().main([]) == 0
    assert "360 animals checked, 0 problems" in capsys.readouterr().out


def test_check_tool_reports_a_broken_file(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[animal]]\ncard = 1\nside = "green"\nname = "X"\nscientific = "Xus x"\nclass = "bird"\n'
                   'areas = ["Kalahari"]\nweight = 0.5\nsources = [{ title = "t" }]\n', encoding="utf-8")
    assert _tool().main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.toml: animal 1 (X): 'Kalahari' is not a board area name (use 'Kalahari Desert')" in out
    broken = tmp_path / "broken.toml"
    broken.write_text("[[animal]\n", encoding="utf-8")
    assert _tool().main([str(broken)]) == 1
    assert "broken.toml" in capsys.readouterr().out


def test_log_density_of_a_lion_is_a_plain_mammal():
    lion = Deck.default().animal("Lion")
    assert math.isclose(log_density(lion), math.log10(160_000) - 3 * math.log10(170))
