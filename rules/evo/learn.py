"""What a player may ask at the Evo prompt: the round in one screen, the genes, the event cards, the score so far.

Each answer tells only what the viewer may see: genes, mutation points, dinosaurs and the discard pile are
public; a hand of event cards is told to its holder alone (the others by its size), and which unique genes
are in the bag is not told at all.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rules.core.errors import DataError
from rules.core.protocol import PromptCommand
from rules.core.words import count
from rules.evo import data
from rules.evo.shared import EVENT

if TYPE_CHECKING:
    from rules.evo.state import State

TIMING = {"climate": "Climate window", "movement": "your Movement turn", "birth": "your Birth turn",
          "survival": "Survival window"}


@lru_cache(maxsize=1)
def guide() -> dict[str, Any]:
    """data/evo/guide.toml, checked to give every gene (and the event column) its short text."""
    doc = data.load("guide.toml")
    names = [*data.normal_genes(), *data.unique_genes()[0], "event"]
    missing = [n for n in names if n not in doc.get("genes", {})]
    if missing:
        raise DataError(f"evo/guide.toml: [genes] has no text for {', '.join(missing)}")
    return doc


def gene_text(name: str, edition: int = 1) -> str:
    """A gene's effect in a few words (or the event column's, in rules edition 4 with its points), as the lab
    line shows it."""
    text = str(guide()["genes"][name])
    bonus = data.edition_rules(edition).event_mp if name == EVENT else 0
    return f"{text}, and {bonus} mutation points" if bonus else text


def rules_text(state: State, viewer: str | None) -> str:
    """The six phases, the end and the scoring in one screen, with the docs page for the rest."""
    from rules.evo.state import MAX_BID, START_MP

    g = guide()
    rules = data.edition_rules(state.config.edition)
    points = sorted(set(rules.start(state.n)))
    start = (str(START_MP) if points == [START_MP] else
             ", ".join(map(str, points[:-1])) + f" or {points[-1]} by their place on the first initiative track")
    event = f" and {rules.event_mp} mutation points" if rules.event_mp else ""
    held = (" Nobody outbids the first bid on the event column, and its holder goes after the genes' holders on"
            " the initiative track." if rules.event_held else "")
    return str(g["rules"]).strip("\n").format(docs=g["docs"], max_bid=MAX_BID, start=start, event=event, held=held)


def _held(state: State, gene: str) -> str:
    """Who has a gene, and how many ('ann 2, bob')."""
    out = [f"{name}" + (f" x{state.genes[s][gene]}" if state.genes[s][gene] > 1 else "")
           for s, name in enumerate(state.names) if state.genes[s].get(gene)]
    return ", ".join(out)


def genes_text(state: State, viewer: str | None) -> str:
    """Every gene's effect, who has it, and what the lab offers now."""
    uniques, in_game = data.unique_genes()
    w = max(len(g) for g in [*data.normal_genes(), *uniques])
    lines = ["Normal genes (6 of each in the bag):"]
    for gene in data.normal_genes():
        held = _held(state, gene)
        lines.append(f"  {gene:<{w}}  {gene_text(gene)}" + (f" (has it: {held})" if held else ""))
    lines.append(f"Unique genes ({in_game} of these {len(uniques)} are in this game's bag; which ones stays "
                 "unknown until they are drawn):")
    for gene in uniques:
        held = _held(state, gene)
        lines.append(f"  {gene:<{w}}  {gene_text(gene)}" + (f" (has it: {held})" if held else ""))
    if state.lab:
        lines.append("In the lab now: " + ", ".join(state.lab) + f"; {count(len(state.bag), 'gene')} left in the "
                     "bag.")
    return "\n".join(lines)


def cards_text(state: State, viewer: str | None) -> str:
    """Every event card's text and when it is played; who holds how many, your own cards, the cards played."""
    lines = [f"Event cards (one of each; {count(len(state.deck), 'card')} left in the deck; each is played once, "
             "then discarded):"]
    w = max(len(c.name) for c in data.cards())
    for c in data.cards():
        lines.append(f"  {c.name:<{w}}  {TIMING[c.timing]}: {c.text}")
    lines.append("Held: " + ", ".join(f"{name} {len(state.hand[s])}" for s, name in enumerate(state.names)) + ".")
    if viewer in state.names:
        mine = sorted(state.hand[list(state.names).index(viewer)])
        lines.append("Yours: " + (", ".join(mine) or "none") + ".")
    lines.append("Played: " + (", ".join(state.discard) or "none") + ".")
    return "\n".join(lines)


def score_text(state: State, viewer: str | None) -> str:
    """Each player's mutation points if the game ended now, by part, ranked (ties: most dinosaurs)."""
    from rules.evo.tables import breakdown

    parts = breakdown(state)
    w = max(6, *(len(n) for n in state.names))
    lines = ["Mutation points if the game ended now (a tie goes to the most dinosaurs):",
             f"  {'player':<{w}} {'start':>5} {'income':>6} {'paid':>5} {'cards':>5} {'total':>5} {'dinosaurs':>9}"]
    for s in state.ranking():
        name = state.names[s]
        p = parts[name]
        lines.append(f"  {name:<{w}} {p['start']:>5} {p['income']:>6} {p['paid']:>5} {p['cards']:>5} "
                     f"{state.mp[s]:>5} {state.count[s]:>9}")
    lines.append("income: 1 a round per dinosaur on the island; paid: bids; cards: event cards (Windfall).")
    return "\n".join(lines)


COMMANDS = (
    PromptCommand("rules", "the six phases of a round, the end and the scoring, in one screen", rules_text),
    PromptCommand("genes", "what each gene does, who has it, and what the lab offers", genes_text),
    PromptCommand("cards", "every event card's text, who holds how many, yours, and those played", cards_text),
    PromptCommand("score", "everyone's mutation points if the game ended now, by part", score_text),
)


STEPS = {"climate": "the climate window: play a climate card or pass", "auction": "the gene auction: a bid",
         "initiative": "Adrenaline Rush: a place on the initiative track", "movement": "the Movement phase: a move",
         "chameleon": "Chameleon Skin: where the beaten dinosaur escapes to", "birth": "the Birth phase: a birth",
         "survival-cards": "the survival window: play a survival card or pass",
         "survival": "Survival: which endangered dinosaur to keep"}


def step_text(state: State) -> str:
    """What the player to move is asked now, in a few words."""
    return STEPS.get(state.phase, "")
