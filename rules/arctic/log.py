"""Arctic's log lines: the header (format, seed, effective config) and the public lines after each move."""

from __future__ import annotations

import json
from typing import Any

from rules.arctic.cards import ANIMALS, DATA, LANDSCAPE, NAME
from rules.arctic.config import ArcticConfig, config_from_dict
from rules.arctic.state import ArcticState, Event
from rules.core.errors import ConfigError
from rules.core.limits import InputRefused, excerpt, load_json, raw_decode_json

FORMAT = "arctic-log"
VERSION = 1


def _js(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def header_lines(source: Any) -> list[str]:
    """Format, seed, power sides as configured, the start and one line per player (from a config or a state)."""
    if isinstance(source, ArcticState):
        config, seed = source.config, source.seed
    else:
        config, seed = source, source.seed
    if seed is None:
        raise ValueError("the header needs the game's seed: give a state or a config with its seed")
    out = [f"{FORMAT} {VERSION}", f"seed {seed}", f"powers {_js(dict(zip(ANIMALS, config.powers, strict=True)))}",
           f"start {_js(config.start)}"]
    for p in config.players:
        out.append(f"player {_js(p.name)}" + (f" {_js({'bot': p.bot})}" if p.bot else ""))
    return out


def parse_header(texts: list[str], source: str) -> tuple[ArcticConfig, int, int]:
    """Read the header back: (config with its seed, seed, number of header lines)."""
    def fail(i: int, msg: str) -> ConfigError:
        return ConfigError(f"{source}:{i + 1}: {msg}")

    if not texts or texts[0] != f"{FORMAT} {VERSION}":
        raise fail(0, f"expected '{FORMAT} {VERSION}' on the first line")
    keys = ["seed", "powers", "start"]
    values: dict[str, Any] = {}
    for i, key in enumerate(keys, 1):
        if i >= len(texts) or not texts[i].startswith(key + " "):
            raise fail(i, f"expected '{key} ...'")
        try:
            values[key] = load_json(texts[i][len(key) + 1:])
        except InputRefused as exc:
            raise fail(i, f"{key}: {exc.message}") from None
    seed = values["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise fail(1, f"seed must be a whole number from 0 to 2^64-1, found {excerpt(texts[1][5:])}")
    players: list[dict[str, Any]] = []
    i = len(keys) + 1
    while i < len(texts) and texts[i].startswith("player "):
        body = texts[i][7:]
        try:
            name, end = raw_decode_json(body)
            rest = body[end:].strip()
            extra = load_json(rest) if rest else {}
        except InputRefused as exc:
            raise fail(i, f"player: {exc.message}") from None
        if not isinstance(name, str) or not isinstance(extra, dict) or set(extra) - {"bot"}:
            raise fail(i, "expected 'player \"NAME\"' with an optional {\"bot\": KIND}")
        players.append({"name": name, **extra})
        i += 1
    game: dict[str, Any] = {"rules": "arctic", "seed": values["seed"], "powers": values["powers"]}
    if values["start"] is not None:
        game["start"] = values["start"]
    try:
        config = config_from_dict({"game": game, "players": players}, f"{source}:{i}")
    except ConfigError as exc:
        raise ConfigError(str(exc), exc.key) from exc
    assert config.seed is not None
    return config, config.seed, i


def opening_lines(state: ArcticState) -> list[str]:
    """The public set-up: first player, power sides, the river, the tokens and the pile sizes."""
    sides = ", ".join(f"{a} {'AB'[s]}" for a, s in zip(ANIMALS, state.sides, strict=True))
    return [f"first {_js(state.names[state.first])}", f"sides {sides}",
            "river " + ", ".join(NAME[c] for c in sorted(state.river)),
            f"tokens all on {LANDSCAPE[DATA.token_start]}",
            f"piles draw {len(state.draw)} reserve {len(state.reserve)}"] + lines_after(state, state.opening_events)


def event_line(event: Event) -> str | None:
    """One public log line for an event, or None when the move line already says it."""
    k = event.kind
    if k == "penalty":
        return f"penalty {event.player} {event.a}" + (f" ({event.a - event.b} not taken: no cards left)"
                                                      if event.b < event.a else "")
    if k == "power":
        return f"power {event.player} takes {ANIMALS[event.a]}" + (f" from {event.b}" if event.b else "")
    if k == "tokens":
        moved = " ".join(f"{ANIMALS[a]} {LANDSCAPE[f]}->{LANDSCAPE[t]}" for a, f, t in event.a)
        return f"tokens {moved}" if event.b == "move" else None
    if k == "refill":
        return "river + " + ", ".join(NAME[c] for c in event.a)
    if k == "trigger":
        if event.b == "stalled":
            return (f"end triggered: a whole round without drawing; the reserve ({event.a} cards) "
                    "goes under the draw pile")
        return f"end triggered: the reserve ({event.a} cards) becomes the draw pile"
    if k == "round_end":
        return f"round {event.a} ends"
    if k == "final_round":
        return f"final round {event.a}: one more turn each, without drawing"
    return None  # "over" (the scores follow in lines_after) and events the move line tells


def lines_after(state: ArcticState, events: list[Event]) -> list[str]:
    """The public lines a move adds after its own line, ending with the scores when the game ends."""
    out = [line for line in (event_line(e) for e in events) if line is not None]
    if any(e.kind == "over" for e in events):
        for s, name in enumerate(state.names):
            sc = state.score_of(s)
            runs = " ".join(f"{ANIMALS[a]} {sc.animal_points[a]}" for a in range(6))
            wild = f" wild {','.join(ANIMALS[a] for a in sc.wild)}" if sc.wild else ""
            out.append(f"score {name} {sc.total}: {runs} diversity {sc.diversity} totem {ANIMALS[sc.totem_animal]} "
                       f"{sc.totem} penalty -{sc.penalties}{wild}")
        out.append(f"winner {state.winners[0]}")
    return out
