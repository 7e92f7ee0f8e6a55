"""What every phase module of Evo shares: the game's numbers, the events a move produces, the round record.

A leaf module (it imports no phase), so the phase modules, which call one another, can all import it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SUPPLY = 8  # dinosaur tokens per player
FREE = -1  # `occ` of a space without a dinosaur (any negative number: seats are 0 and up)
START_MP = 6
MAX_BID = 6
EVENT = "event"
METEORITE = "meteorite"
TOKEN_STEPS = {"+1": 1, "+2": 2, "0": 0, "-1": -1}
EFFECT_KEYS = ("defend", "attack", "truce", "fur", "thermo", "cave", "reach3", "noborn")


@dataclass(frozen=True)
class Event:
    """Something that happened, with its public one-line text (`log` says whether the log keeps it)."""

    kind: str
    text: str
    player: str | None = None
    log: bool = True


@dataclass
class RoundRecord:
    """What a round did to each player, for the table after it."""

    number: int
    token: str
    wheel: int
    mp_before: list[int]
    paid: list[int]
    income: list[int] = field(default_factory=list)
    mp_after: list[int] = field(default_factory=list)
    lost_climate: list[int] = field(default_factory=list)
    lost_combat: list[int] = field(default_factory=list)
    bought: list[str] = field(default_factory=list)


def new_record(number: int, token: str, wheel: int, mp: list[int]) -> RoundRecord:
    """The record of a round as it starts: the points before it, nothing paid, bought or lost yet."""
    n = len(mp)
    return RoundRecord(number, token, wheel, list(mp), [0] * n, [], [], [0] * n, [0] * n, [""] * n)  # (by position:
    # keywords and the default factories cost a playout a fifth of this call, made once a round)


def copy_record(r: RoundRecord) -> RoundRecord:
    """A round record with its own lists (State.copy runs per search playout, once per round played so far:
    deepcopy took most of its time, and this call with every field in order takes two thirds of a generic copy)."""
    return RoundRecord(r.number, r.token, r.wheel, r.mp_before[:], r.paid[:], r.income[:], r.mp_after[:],
                       r.lost_climate[:], r.lost_combat[:], r.bought[:])
