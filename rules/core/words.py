"""Counted nouns for what people read: "1 event card", "2 event cards", "2 to 4 players", never "1 cards"."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and the noun, singular for exactly one ("1 point left" reads the noun only: `count(1, "point")`)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def span(low: int, high: int, noun: str, plural: str | None = None) -> str:
    """A range of counts: "2 players" when both ends agree, else "2 to 4 players"."""
    if low == high:
        return count(low, noun, plural)
    return f"{low} to {high} {plural or noun + 's'}"


__all__ = ["count", "span"]
