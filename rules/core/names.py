"""Forgiving name matching: case, spacing and punctuation do not matter; misses get suggestions.

Also what a name looks like (`skeleton`, `mixed_alphabets`), so that two players cannot pass for each other."""

from __future__ import annotations

import re
import unicodedata

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def normalize(text: str) -> str:
    """Fold a name to lower-case letters and digits, so 'Murray Darling basin' == 'Murray-Darling Basin'."""
    if text.isascii():  # ASCII is its own NFKD form and has no combining marks: the same result, sooner
        return _NON_ALNUM.sub("", text.lower())
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return _NON_ALNUM.sub("", text.lower())


# Cyrillic and Greek letters drawn like Latin ones, as the Latin letter they pass for (both cases)
_LOOKALIKE = str.maketrans(
    "АВЕКМНОРСТХУЅІЈӀԚԜаеорсухѕіјһԁԛԝӏү" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορυχ",
    "ABEKMHOPCTXYSIJIQWaeopcyxsijhdqwly" "ABEZHIKMNOPTYXaikvopux")
_CONFUSABLE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")  # alphabets with many letters drawn alike


def skeleton(name: str) -> str:
    """What a name looks like: compatibility forms folded, look-alike Cyrillic and Greek letters read as Latin,
    case folded. Two names with one skeleton look the same on a screen ('Аnn' with a Cyrillic А and 'Ann')."""
    return unicodedata.normalize("NFKC", name).translate(_LOOKALIKE).casefold()


def mixed_alphabets(name: str) -> tuple[str, str, str] | None:
    """(odd alphabet, the word's main alphabet, the first odd letter) when one word of `name` mixes Latin,
    Cyrillic and Greek letters (as a Cyrillic 'а' among Latin letters does to pass for another name), else None."""
    for word in name.split():
        letters: dict[str, list[str]] = {}
        for ch in word:
            if unicodedata.category(ch).startswith("L"):
                script = unicodedata.name(ch, "").split(" ", 1)[0]
                if script in _CONFUSABLE_SCRIPTS:
                    letters.setdefault(script, []).append(ch)
        if len(letters) > 1:
            main, odd = sorted(letters, key=lambda s: -len(letters[s]))[:2]
            return odd.title(), main.title(), letters[odd][0]
    return None


def suggest(word: str, candidates: dict[str, str], limit: int = 3) -> list[str]:
    """Closest display names for a miss; `candidates` maps normalised keys to display names."""
    key = normalize(word)
    keys = sorted(candidates)
    import difflib

    found = difflib.get_close_matches(key, keys, n=limit * 3, cutoff=0.75)
    starts = [k for k in keys if key and k.startswith(key)]
    out: list[str] = []
    for k in starts + found:
        name = candidates[k]
        if name not in out:
            out.append(name)
    return out[:limit]
