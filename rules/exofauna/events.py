"""What a move did, as small records: the log lines, the tables and the human text are made from these."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One public fact: `kind`, the player it concerns, and its operands (ints, by kind, see log.py)."""

    kind: str
    player: str
    args: tuple[Any, ...] = ()
