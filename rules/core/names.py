"""Forgiving name matching: case, spacing and punctuation do not matter; misses get suggestions."""

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
