"""What the installed deck would change in a format-3 game: the facts that differ now, and the pieces that
would score otherwise (`fauna replay --against-installed`).

Its own module: only that option needs it, and every replay would otherwise create its class at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.fauna.animals import MEASURES, Animal
from rules.fauna.dealing import DealtDeck
from rules.fauna.moves import Pass

if TYPE_CHECKING:
    from rules.fauna.game import State
    from rules.fauna.replay import LoadedLog


@dataclass(frozen=True)
class FactChange:
    """How the installed deck differs from the facts a format-3 game was played with, for one round's card."""

    round: int
    animal: str
    facts: tuple[str, ...]  # "weight was 1.4 t in this game, is 1.2 t now"
    pieces: tuple[str, ...]  # "bob's piece on weight 1-2 t would score 3 instead of 7"

    def text(self) -> str:
        return f"round {self.round}, {self.animal}: " + "; ".join(self.facts + self.pieces)


def against_installed(loaded: LoadedLog) -> list[FactChange]:
    """Per evaluated round of a format-3 game: what the installed deck says otherwise, and what it would score.

    Format 2 takes its facts from the installed data already, so there is nothing to compare.
    """
    pieces: dict[int, list[tuple[str, str]]] = {}
    for r in loaded.records:
        if r.kind == "move" and r.round is not None and r.player is not None:
            pieces.setdefault(r.round, []).append((r.player, r.text.split(": ", 1)[1]))
    return _changes(loaded.state, pieces, sum(1 for r in loaded.records if r.kind == "score"))


def state_against_installed(state: State) -> list[FactChange]:
    """against_installed for a game known by its state alone (the shared log's): its rounds re-derived."""
    deck = state.deck
    if not isinstance(deck, DealtDeck) or deck.log_version < 3:
        return []
    game = state.setup.new_state(state.config, state.seed)
    pieces: dict[int, list[tuple[str, str]]] = {}
    for player, move in state.history:
        pieces.setdefault(game.round, []).append((player, game.move_text(move)))
        game.apply(move, player, quiet=True)
    return _changes(state, pieces, state.round if state.over else state.round - 1)


def _changes(state: State, pieces: dict[int, list[tuple[str, str]]], evaluated: int) -> list[FactChange]:
    deck = state.deck
    if not isinstance(deck, DealtDeck) or deck.log_version < 3:
        return []
    out = []
    for rnd in range(1, evaluated + 1):
        played = state.box.card(rnd - 1)
        now = deck.base.cards.get(played.card, {}).get(played.side)
        if now is None:
            out.append(FactChange(rnd, played.name, (f"card {played.card} ({played.side}) is no longer in the "
                                                     "installed deck",), ()))
            continue
        facts = _fact_changes(state, played, now)
        if facts:
            out.append(FactChange(rnd, played.name, tuple(facts), tuple(_score_changes(state, played, now,
                                                                                       pieces.get(rnd, [])))))
    return out


def _fact_changes(state: State, played: Animal, now: Animal) -> list[str]:
    out = []
    for what, then, today in (("name", played.name, now.name), ("scientific name", played.scientific, now.scientific),
                              ("class", played.cls, now.cls)):
        if then != today:
            out.append(f"{what} was {then} in this game, is {today} now")
    added = [a for a in now.areas if a not in played.areas]
    removed = [a for a in played.areas if a not in now.areas]
    if added or removed:
        what = "; ".join(x for x in (f"{', '.join(added)} added" if added else "",
                                     f"{', '.join(removed)} removed" if removed else "") if x)
        out.append(f"areas: {what} ({played.n_areas} in this game, {now.n_areas} now)")
    before = {m: v for m, _s, v, _sp in state.answer(played).measures}
    after = {m: v for m, _s, v, _sp in state.answer(now).measures}
    for m in MEASURES:
        if before.get(m) != after.get(m):
            out.append(f"{m.replace('_', ' ')} was {before.get(m, 'not asked')} in this game, is "
                       f"{after.get(m, 'not asked')} now")
    return out


def _score_changes(state: State, played: Animal, now: Animal, moves: list[tuple[str, str]]) -> list[str]:
    out = []
    for player, text in moves:
        move = state.parse(text)
        if isinstance(move, Pass):
            continue
        _v, then = state.points(move, played)
        _w, today = state.points(move, now)
        if then != today:
            out.append(f"{player}'s piece on {text} would score {today} instead of {then}")
    return out
