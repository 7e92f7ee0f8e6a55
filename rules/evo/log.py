"""Evo's log lines: the header (format, seed, data fingerprint, players) and the public lines after moves.

    evo-log 1
    seed 7
    data sha256:<64 hex>          the Evo data files the game used (boards, wheel, tokens, die, genes, cards)
    player {"name": "alice"}      one per seat, in seat order, with "bot" for a computer player
    start "alice"                 only when the config fixes who starts
    start: alice B2+C2, bob B7+D8 the start spaces drawn for each player
    initiative: bob, alice
    round 1 climate: token +1 (1 clockwise), wheel 1 (ideal plains, hot beach, cold hills, deadly mountains)
    lab: event, fur                the event card column and the genes drawn
    1 bob: bid 2 fur               (a move line, written by the shared log)
    die horn+: alice C3 (1 horns) against bob C4 (0 horns), attacker wins
    round 1 income: alice +3 = 7, bob +2 = 5
    over alice wins: alice 31 (6 dinosaurs), bob 25 (4 dinosaurs)
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from rules.core.errors import ConfigError
from rules.core.limits import InputRefused, excerpt, load_json, safe_int
from rules.evo import data
from rules.evo.board import islands_files
from rules.evo.config import EDITION, Config, config_from_dict
from rules.evo.state import Event, State

FORMAT = "evo-log"
VERSION = 1
DATA_FILES = ("boards.toml", "climate.toml", "die.toml", "genes.toml", "cards.toml")


def data_files(edition: int) -> tuple[str, ...]:
    """The data files a log of a rules edition is fingerprinted over: editions 1-2 exactly as ever, later
    ones also their islands file (so the logs recorded before keep their fingerprint), edition 4 on also the
    numbers it plays by (rules-4.toml; editions 5 to 8: rules-5.toml to rules-8.toml); edition 8 on both its
    islands files (islands-3.toml, islands-8.toml)."""
    islands = islands_files(edition)
    files = DATA_FILES if islands == ("boards.toml",) else (*DATA_FILES, *islands)
    numbers = data.rules_file(edition)
    return files if numbers is None else (*files, numbers)


def fingerprint(edition: int = 1) -> str:
    """SHA-256 over the Evo data files, so a log from other boards or cards is refused by name."""
    h = hashlib.sha256()
    for name in data_files(edition):
        with open(f"{data.data_dir()}/{name}", "rb") as f:
            h.update(name.encode() + b"\n" + f.read().replace(b"\r\n", b"\n"))
    return "sha256:" + h.hexdigest()


def header_lines(state: State) -> list[str]:
    """The header: format and version, seed, data fingerprint, the effective config."""
    out = [f"{FORMAT} {VERSION}", f"seed {state.seed}", f"data {fingerprint(state.config.edition)}"]
    if state.config.edition > 1:  # logs from before editions have no such line, and replay by edition 1
        out.append(f"edition {state.config.edition}")
    for p in state.config.players:
        out.append("player " + json.dumps({"name": p.name} | ({"bot": p.bot} if p.bot else {}), ensure_ascii=False))
    if state.config.start is not None:
        out.append("start " + json.dumps(state.config.start, ensure_ascii=False))
    return out


def parse_header(texts: list[str], source: str) -> tuple[Config, int, int]:
    """(config, seed, header lines used) from a log's first lines; a malformed header is a ConfigError."""
    if not texts or texts[0] != f"{FORMAT} {VERSION}":
        first = texts[0] if texts else ""
        raise ConfigError(f"{source}:1: not an {FORMAT} {VERSION} log (first line {first!r})", "log")
    i = 1
    seed = None
    stamped = False
    stamp = ("", 0)  # the data line's fingerprint and line number, checked once the edition is known
    players: list[dict[str, Any]] = []
    start = None
    edition = 1
    while i < len(texts):
        key, _, rest = texts[i].partition(" ")
        try:
            if key == "seed" and seed is None:
                seed = safe_int(rest, what="seed")
                if not 0 <= seed < 1 << 64 or rest != str(seed):
                    raise ValueError(rest)
            elif key == "data" and not stamped:
                stamped = True
                stamp = (rest, i + 1)
            elif key == "edition" and edition == 1 and len(players) == 0:
                edition = int(rest)
                if rest != str(edition) or not 2 <= edition <= EDITION:
                    raise ConfigError(f"{source}:{i + 1}: this log was played by rules edition {rest[:20]!r}, which "
                                      f"this fauna does not know (it knows 1 to {EDITION})", "edition")
            elif key == "player":
                p = load_json(rest)
                if not isinstance(p, dict):
                    raise ValueError(rest)
                players.append(p)
            elif key == "start" and start is None:
                start = load_json(rest)
            else:
                break
        except (ValueError, InputRefused) as exc:
            why = f" ({exc.message})" if isinstance(exc, InputRefused) else ""
            raise ConfigError(f"{source}:{i + 1}: bad header line {excerpt(texts[i])}{why}", key) from None
        i += 1
    if seed is None:
        raise ConfigError(f"{source}:2: the header has no seed line", "seed")
    if not stamped:
        raise ConfigError(f"{source}:3: the header has no data line (the fingerprint of the Evo data files)", "data")
    if stamp[0] != fingerprint(edition):  # the edition line follows the data line, so checked here
        raise ConfigError(f"{source}:{stamp[1]}: this log was recorded with other Evo data files "
                          "(boards, wheel, die, genes or cards) than the installed ones", "data")
    doc: dict[str, Any] = {"game": {"rules": "evo", "seed": seed, "edition": edition}
                           | ({"start": start} if start is not None else {}), "players": players}
    try:
        config = config_from_dict(doc, f"{source}:{i}")
    except ConfigError as exc:
        raise ConfigError(str(exc), exc.key) from exc
    return config, seed, i


def opening_lines(state: State) -> list[str]:
    """The set-up's public lines and the first round's climate and lab, before the first move."""
    return [e.text for e in state.opening if e.log]


def lines_after(state: State, events: list[Event]) -> list[str]:
    """The public lines a move adds after its own line."""
    return [e.text for e in events if e.log]


def event_text(event: Event) -> str | None:
    """One human line per event (None for bookkeeping events)."""
    return event.text if event.text else None

