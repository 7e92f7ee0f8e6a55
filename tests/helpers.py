"""Builders for small, exact test positions: inline animals and games on a chosen deck."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rules.core.log import CHAIN_START, chain
from rules.fauna import Animal, Config, Deck, PlayerSpec, new_game, preset
from rules.fauna.animals import Source


def animal(name: str = "Testbeast", areas=("Tasmania",), card: int = 1, side: str = "green", cls: str = "mammal",
           **measures) -> Animal:
    """An animal defined inline; measures in kg/cm, None for N/A, e.g. weight=390, tail=45."""
    ms = {k: (None if v is None else Fraction(str(v))) for k, v in measures.items()}
    return Animal(card, side, name, f"Testus {name.lower()}", cls, tuple(areas), ms, "A test animal.",
                  (Source("test"),))


def deck(*animals: Animal) -> Deck:
    """A deck of the given animals, each on its own green card unless the card numbers say otherwise."""
    fixed = []
    for i, a in enumerate(animals, 1):
        if a.card == 1 and i > 1 and all(b.card == 1 for b in animals):
            a = Animal(i, a.side, a.name, a.scientific, a.cls, a.areas, a.measures, a.booklet, a.sources)
        fixed.append(a)
    return Deck(fixed, [])


def game(players=("alice", "bob", "carol"), animals=None, seed: int = 1, start: str | None = "alice",
         table: str = "published", units: str = "metric", goal: int | None = None, cards: str = "mixed"):
    """A game on a chosen deck whose cards come up in the order given."""
    cfg = Config(tuple(PlayerSpec(p) for p in players), preset(table), units, cards, None, start, goal)
    animals = animals or [animal()]
    return new_game(cfg, seed, deck=deck(*animals), order=animals)


def place_all_first_round(state, moves_by_player: dict[str, list[str]]) -> list:
    """Play go-arounds: each player places their listed moves in turn, then passes; returns all events."""
    events = []
    queues = {p: list(ms) for p, ms in moves_by_player.items()}
    while not state.is_over:
        p = state.to_move
        start_round = state.round
        q = queues.get(p, [])
        events += state.apply(q.pop(0) if q else "pass", p)
        if state.round != start_round:
            break
    return events


def rechained(texts: list[str]) -> str:
    """A log of these line texts with a correct hash chain (a forger's edit, not damage)."""
    head, out = CHAIN_START, []
    for t in texts:
        head = chain(head, t)
        out.append(f"{t} @{head}")
    return "\n".join(out) + "\n"


def texts_of(log_text: str) -> list[str]:
    """The line texts of a log, without their hashes."""
    return [ln.rsplit(" @", 1)[0] for ln in log_text.splitlines()]


def update_lines(folder: Path, names: list[str], seq: int) -> list[str]:
    """The lines under 'Send now:' after a referee's apply of move `seq`: each player's update file, to them only."""
    return [f"  {folder / f'g-{n}-update-{seq}.txt'} to {n} only (the update of {folder / f'g-{n}.view'})"
            for n in names]


def refused_edition_file(monkeypatch, edition: int, change, message: str) -> None:
    """Evo's rules-N.toml changed by `change(good) -> bad` is refused with `message`; the real file read after."""
    import pytest

    from rules.core.errors import DataError
    from rules.evo import data

    name = f"rules-{edition}.toml"
    good = data.load(name)
    bad = change(good)
    monkeypatch.setattr(data, "load", lambda n: bad if n == name else good)
    data.edition_rules.cache_clear()
    try:
        with pytest.raises(DataError, match=message):
            data.edition_rules(edition)
    finally:
        monkeypatch.undo()
        data.edition_rules.cache_clear()
