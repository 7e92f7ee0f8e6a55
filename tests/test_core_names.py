"""Forgiving name matching (rules/core/names.py): what counts as the same name, and what is suggested for a miss."""

from __future__ import annotations

from rules.core.names import normalize, suggest

AREAS = {normalize(a): a for a in ("Tasmania", "Tasman Sea", "Taiga", "Murray-Darling Basin", "Tibet", "Sahara")}


def test_case_spacing_punctuation_and_accents_do_not_matter():
    assert normalize("Murray Darling basin") == normalize("Murray-Darling Basin") == "murraydarlingbasin"
    assert normalize("Zoë's  Café") == normalize("zoes cafe") == "zoescafe"
    assert normalize("Zoe\u0308") == "zoe"
    assert normalize("Ｔａｓｍａｎｉａ") == "tasmania"  # full-width letters fold to ASCII
    assert normalize("Ørsted-Bjørn 2") == "rstedbjrn2"  # letters without an ASCII form drop out


def test_a_miss_suggests_names_it_starts_or_nearly_spells():
    assert suggest("tas", AREAS) == ["Tasmania", "Tasman Sea"]
    assert suggest("Tasmnia", AREAS) == ["Tasmania"]
    assert suggest("Tasmana", AREAS) == ["Tasmania", "Tasman Sea"]  # close to both, the closer first
    assert suggest("murray darling", AREAS) == ["Murray-Darling Basin"]
    assert suggest("xyz", AREAS) == []


def test_a_name_is_suggested_once_and_at_most_limit_names_are():
    assert suggest("tasman", AREAS) == ["Tasmania", "Tasman Sea"]  # a prefix of both and close to both
    assert suggest("t", AREAS) == ["Taiga", "Tasmania", "Tasman Sea"]
    assert suggest("t", AREAS, limit=4) == ["Taiga", "Tasmania", "Tasman Sea", "Tibet"]
    assert suggest("", AREAS) == []
    assert suggest("!!", AREAS) == []  # nothing left to match once folded


def test_a_skeleton_reads_look_alike_cyrillic_and_greek_letters_as_latin():
    from rules.core.names import skeleton

    assert skeleton("\u0410\u0412\u0421") == skeleton("abc") == "abc"  # Cyrillic capitals A, Ve, Es
    assert skeleton("\u0391\u039d\u039d") == skeleton("Ann")  # Greek capitals Alpha, Nu, Nu
    assert skeleton("\uff21nn") == skeleton("Ann")  # a fullwidth A
    assert skeleton("Zo\u00eb") != skeleton("Zoe") and skeleton("\u0411") != skeleton("b")  # a Be is no b
