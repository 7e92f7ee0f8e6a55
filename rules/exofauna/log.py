"""The log's own lines: the header (format, seed, design fingerprint, config) and public lines per move.

Every line is a pure function of the state or the events, so the shared log can re-derive and compare it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from rules.core.errors import ConfigError
from rules.core.limits import InputRefused, load_json, raw_decode_json, safe_int
from rules.exofauna.config import Config, config_from_dict
from rules.exofauna.data import data_dir, design
from rules.exofauna.events import Event
from rules.exofauna.moves import HAND
from rules.exofauna.state import EMPTY, State, names_for

FORMAT = "exofauna-log"
VERSION = 1


def _js(value: Any) -> str:
    """JSON with sorted keys and real Unicode, so header lines are stable and readable."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def fingerprint() -> str:
    """A short hash of the design files, so a log made with another card set is refused by name."""
    import os

    h = hashlib.sha256()
    for name in ("organisms.toml", "holes.toml", "game.toml"):
        with open(os.path.join(data_dir(), name), "rb") as f:
            h.update(f.read().replace(b"\r\n", b"\n"))
    return h.hexdigest()[:16]


def header_lines(state: State) -> list[str]:
    """Format, seed, design fingerprint, then the effective config (the starting player resolved)."""
    c = state.config
    out = [f"{FORMAT} {VERSION}", f"seed {state.seed}", f"design sha256:{fingerprint()}",
           f"quick {_js(c.quick)}", f"start {_js(state.by_colour[0])}"]
    for p in c.players:
        out.append(f"player {_js(p.name)}" + (f" {_js({'bot': p.bot})}" if p.bot else ""))
    return out


def parse_header(texts: list[str], source: str) -> tuple[Config, int, int]:
    """Read a header written by header_lines: (config, seed, number of lines it used)."""
    def bad(i: int, what: str) -> ConfigError:
        """A header error at a line of the source."""
        return ConfigError(f"{source}:{i + 1}: {what}")

    def field(i: int, key: str) -> str:
        """The rest of header line i, which must start with `key`."""
        if i >= len(texts):
            raise bad(i, f"the header ends before '{key}'")
        word, _, rest = texts[i].partition(" ")
        if word != key:
            raise bad(i, f"expected '{key} ...', found {texts[i][:40]!r}")
        return rest

    first = texts[0] if texts else ""
    if first != f"{FORMAT} {VERSION}":
        raise bad(0, f"not an {FORMAT} {VERSION} log (first line {first[:40]!r})")
    try:
        seed = safe_int(field(1, "seed"), what="seed")
        fp = field(2, "design")
        if fp != f"sha256:{fingerprint()}":
            raise bad(2, "the log was made with another ExoFauna card design")
        quick = load_json(field(3, "quick"))
        start = load_json(field(4, "start"))
        players = []
        for i in (5, 6):
            rest = field(i, "player")
            name, end = raw_decode_json(rest)
            entry: dict[str, Any] = {"name": name}
            extra = rest[end:].strip()
            if extra:
                more = load_json(extra)
                if not isinstance(more, dict):
                    raise bad(i, "expected 'player \"NAME\"' with an optional {\"bot\": KIND}")
                entry.update(more)
            players.append(entry)
    except InputRefused as exc:
        raise ConfigError(f"{source}: malformed header: {exc.message}") from None
    except ValueError as exc:
        raise ConfigError(f"{source}: malformed header: {exc}") from exc
    game = {"rules": "exofauna", "seed": seed, "quick": quick, "start": start}
    config = config_from_dict({"game": game, "players": players}, source)
    return config, seed, 7


def opening_lines(state: State) -> list[str]:
    """Colours, the starting holes, the decks' visible tops, and the first turn."""
    d = state.d
    nm = state.nm
    out = [f"colours: {state.by_colour[0]} {d.colours[0]} (plays first), {state.by_colour[1]} {d.colours[1]}",
           f"holes: {d.holes[0]} {d.colours[state.hole_colour[0]]}, {d.holes[1]} {d.colours[state.hole_colour[1]]}"
           + (" (quick game: 1 hole wins)" if state.config.quick else "")]
    tops = [f"{d.colours[k]} deck {len(state.decks[k])}" + (f" top {nm.card(state.decks[k][0])}"
                                                            if state.decks[k] else "") for k in (0, 1)]
    out.append(f"hands {d.hand} each; " + ", ".join(tops))
    out.append(f"turn 1 {state.by_colour[0]} ({d.colours[0]})")
    return out


def event_line(state: State | None, e: Event) -> str | None:
    """One public line for an event (None for events that have no line of their own)."""
    d = design() if state is None else state.d
    nm = names_for(d)
    k, who, a = e.kind, e.player, e.args
    if k == "turn":
        return f"turn {a[0]} {who}"
    if k == "play":
        how = f"action {a[4]}" if a[3] == "action" else f"extra play by {a[3]}"
        return f"{who} plays {nm.card(a[0])} to {nm.where(a[1], a[2])} ({how})"
    if k == "take":
        return f"{who} takes {nm.card(a[0])} from {nm.where(a[1], a[2])} to hand (predator)"
    if k == "discard":
        return f"{who} discards {nm.card(a[0])} to the bottom of their deck ({a[1]})"
    if k == "draw":
        short = f" (wanted {a[2]})" if a[1] < a[2] else ""
        return f"{who} draws {a[1]} from the {d.colours[a[0]]} deck ({a[3]}){short}"
    if k == "ambush":
        return f"{who} ambushes {nm.card(a[0])} at {nm.where(a[1], a[2])} to the bottom of their deck"
    if k == "tunnel":
        return f"{who} exchanges {nm.card(a[0])} at {nm.where(a[1], a[2])} with {nm.card(a[3])} at " \
               f"{nm.where(a[4], a[5])} (tunnel)"
    if k in ("lure", "drift"):
        to = "hand" if a[4] == HAND else nm.where(a[3], a[4])
        return f"{who} moves {nm.card(a[0])} from {nm.where(a[1], a[2])} to {to} ({k})"
    if k == "pass":
        o = d.organisms[a[0]]
        return f"{who} does not use {o.name}'s {o.adaptation}"
    if k == "blocked":
        o = d.organisms[a[0]]
        return f"{o.name} is not the only {o.name} at {d.holes[a[1]]}: no {o.adaptation}"
    if k == "idle":
        o = d.organisms[a[0]]
        return f"{o.name}'s {o.adaptation} cannot be used now"
    if k == "lost":
        return f"{who} has no card to play: action {a[0]} is lost"
    if k == "resolve":
        h, colour, blue, yellow = a[0], a[1], a[2], a[3]
        why = "tie, the hole's colour" if blue == yellow else "majority"
        return f"hole {d.holes[h]} ({d.colours[colour]}) resolves: {d.colours[0]} {blue}, {d.colours[1]} " \
               f"{yellow}: {who} claims it ({why})"
    if k == "newhole":
        return f"new hole {d.holes[a[0]]}: {d.colours[a[1] & 1]} ({nm.card(a[1])}, {_source(a[2])})"
    if k == "refill":
        short = f" (wanted {a[1]})" if a[0] < a[1] else ""
        return f"{who} draws {a[0]} to {d.hand}{short}"
    return None  # endturn and over: turn_end_line and lines_after write them with the state's names


def _source(code: int) -> str:
    """Where a new hole came from, in words."""
    return ("top of the loser's deck", "top of the winner's deck (the loser's is empty)")[code]


def turn_end_line(state: State, e: Event) -> str:
    """The end of a turn: holes claimed and the decks' visible tops and sizes at that moment."""
    d = state.d
    nm = state.nm
    turn, c0, c1, n0, t0, n1, t1 = e.args
    claims = f"{state.by_colour[0]} {c0}, {state.by_colour[1]} {c1}"
    tops = ", ".join(f"{d.colours[k]} deck {n}" + (f" top {nm.card(t)}" if t != EMPTY else "")
                     for k, n, t in ((0, n0, t0), (1, n1, t1)))
    return f"end of turn {turn}: claimed {claims}; {tops}"


def lines_after(state: State, events: list[Event]) -> list[str]:
    """The public lines a move adds after its own line."""
    out: list[str] = []
    for e in events:
        if e.kind == "endturn":
            out.append(turn_end_line(state, e))
        elif e.kind == "over":
            who = e.player
            out.append(f"over {who} wins: " + ", ".join(f"{n} {len(state.claimed[state.colour_of(n)])}"
                                                        for n in state.names))
        else:
            line = event_line(state, e)
            if line is not None:
                out.append(line)
    return out


def event_text(e: Event) -> str | None:
    """One human line per event, or None for the turn's end (its table says more)."""
    if e.kind == "over":
        return f"{e.player} wins the game"
    return event_line(None, e)

