"""Referee games: e-mail play of games with hidden hands, where only the referee holds the seed.

Three kinds of file, all hash-chained like every log (rules/core/log.py):

- the **key file** (the referee's, secret): `fauna-key 1 salt HEX`, then the game's full log with its seed;
- the **public game file** (everyone's): the same log with the `seed N` line replaced by
  `commit sha256:HEX`, HEX = SHA-256 of "fauna-commit", the seed and a random salt, and every decision
  that others may not learn written as the game's public text (e.g. "discard a card"); its first line is
  `GAME-log N referee`. At the end the referee appends `reveal seed N salt HEX` and one `reveal SEQ: MOVE`
  line per hidden decision, and anyone can then re-run the whole game and check every public line;
- a **view file** per player: `fauna-view 1`, the game, the player, the public head it was written at, the
  player's `view` (their hand and totem, public cards, counts of hidden ones), the decisions they may make
  now, and the history as they saw it (their own decisions in full, the others' public texts).

What it protects: no player learns another's secrets from the files they receive, and the deal cannot be
changed after the start without detection (the commitment). What it does not: the referee sees everything.
The module is pure: the CLI draws the salt and writes the files.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from rules.core.errors import FaunaError, ReplayMismatch
from rules.core.limits import MAX_MOVE_CHARS, MAX_NAME_CHARS, InputRefused, check_name, load_json
from rules.core.log import (
    CHAIN_START,
    KEY_FORMAT,
    VIEW_FORMAT,
    LineReader,
    LoadedGame,
    LogFormatError,
    chain,
    short,
)
from rules.core.protocol import GameRules
from rules.core.shape import Int, ListOf, Opt, Record, Shape, Text, check_shape

_SALT = re.compile(r"^[0-9a-f]{32,64}$")
_REVEAL = re.compile(r"^reveal seed (0|[1-9][0-9]{0,19}) salt ([0-9a-f]{32,64})$")
_REVEAL_MOVE = re.compile(r"^reveal ([0-9]{1,12}): (.+)$", re.S)  # ASCII digits only
_MOVE = re.compile(r"^([0-9]{1,20}) ([^:]+): (.+)$", re.S)


class RefereeError(FaunaError):
    """A key, public or view file used the wrong way (e.g. a key that does not belong to the game)."""


def commitment(seed: int, salt: str) -> str:
    """The public promise of a seed: SHA-256 over a label, the seed and the salt (64 hex digits)."""
    return hashlib.sha256(f"fauna-commit\n{seed}\n{salt}".encode()).hexdigest()


def _chained(texts: list[str]) -> list[str]:
    head, out = CHAIN_START, []
    for t in texts:
        head = chain(head, t)
        out.append(f"{t} @{head}")
    return out


def key_text(salt: str, log_text: str) -> str:
    """The referee's key file: the salt, then the full log."""
    return f"{KEY_FORMAT} salt {salt}\n{log_text}"


def read_key(text: str, source: str) -> tuple[str, str]:
    """(salt, full log text) of a key file."""
    first, _, rest = text.lstrip("\ufeff").partition("\n")
    parts = first.removesuffix("\r").split(" ")  # CRLF line ends, as logs accept them
    if len(parts) != 4 or " ".join(parts[:2]) != KEY_FORMAT or parts[2] != "salt" or not _SALT.match(parts[3]):
        raise LogFormatError(f"{source}:1: not a referee key file: the first line should be '{KEY_FORMAT} salt HEX'")
    return parts[3], rest


@dataclass
class PublicGame:
    """The public lines of a referee game and the decisions hidden in them."""

    lines: list[str]  # with hashes, without the closing line
    closing: str | None  # `next SEQ PLAYER @HASH` of an unfinished game
    hidden: list[tuple[int, str]]  # (seq, the decision as made) of every move written as a public text
    head: str
    game_id: str  # hash of the last header line: which game this is, as move files name it

    def text(self, reveal: tuple[int, str] | None = None) -> str:
        """The public file; with `reveal` (seed, salt) of a finished game, its reveal lines added."""
        lines = list(self.lines)
        if reveal is not None:
            extra = [f"reveal seed {reveal[0]} salt {reveal[1]}"] + [f"reveal {s}: {t}" for s, t in self.hidden]
            head = self.head
            for t in extra:
                head = chain(head, t)
                lines.append(f"{t} @{head}")
        elif self.closing:
            lines.append(self.closing)
        return "\n".join(lines) + "\n"


def public_game(rules: GameRules, loaded: LoadedGame, salt: str) -> PublicGame:
    """The public form of a full game: seed line committed, hidden decisions written as their public text."""
    state0 = rules.new_state(loaded.state.config, loaded.state.seed)
    header = rules.header_lines(state0)
    seed_line = f"seed {state0.seed}"
    if seed_line not in header:
        raise RefereeError(f"{rules.title}'s log header has no '{seed_line}' line to commit to")
    texts = [f"{rules.log_format} {rules.log_version} referee"]
    texts += [f"commit sha256:{commitment(state0.seed, salt)}" if t == seed_line else t for t in header[1:]]
    texts += rules.opening_lines(state0)
    hidden: list[tuple[int, str]] = []
    for player, move in loaded.state.history:
        public = rules.public_move_text(state0, move)
        real = state0.move_text(move)
        events = state0.apply(move, player)
        if public != real:
            hidden.append((state0.seq, real))
        texts.append(f"{state0.seq} {player}: {public}")
        texts += rules.lines_after(state0, events)
    lines = _chained(texts)
    head = lines[-1].rsplit(" @", 1)[1]
    closing = None
    if not state0.is_over:
        t = f"next {state0.seq + 1} {state0.to_move}"
        closing = f"{t} @{chain(head, t)}"
    return PublicGame(lines, closing, hidden, head, lines[len(header) - 1].rsplit(" @", 1)[1])


def is_public(first_line: str) -> bool:
    """Whether a log's first line is that of a referee game's public file."""
    return first_line.split(" @", 1)[0].endswith(" referee")


@dataclass
class PublicCheck:
    """What `fauna replay` could establish about a public file."""

    lines: int
    moves: int
    revealed: bool
    loaded: LoadedGame | None  # the re-run game, once revealed


def verify_public(text: str, source: str, rules: GameRules) -> PublicCheck:
    """Check a public file: its hash chain always; after the reveal, the commitment and every line re-derived."""
    rd = LineReader(text, source, f"{rules.title} game file")
    texts: list[str] = []
    head = CHAIN_START
    for i in range(len(rd.lines)):
        body, h = rd.split(i)
        want = chain(head, body)
        if body.startswith("next ") and i == len(rd.lines) - 1:
            if h != want:
                raise ReplayMismatch(f"{rd.where(i)}: expected hash {want}, found {h}: the line was edited", i + 1)
            break
        if h != want:
            raise ReplayMismatch(f"{rd.where(i)}: expected hash {want}, found {h}: this line was edited, or a line "
                                 "just before it was removed, added or moved", i + 1)
        head = want
        texts.append(body)
    moves = sum(1 for t in texts if _MOVE.match(t))
    reveal_at = next((i for i, t in enumerate(texts) if t.startswith("reveal seed ")), None)
    if reveal_at is None:
        return PublicCheck(len(rd.lines), moves, False, None)
    m = _REVEAL.match(texts[reveal_at])
    if not m:
        raise LogFormatError(f"{rd.where(reveal_at)}: expected 'reveal seed N salt HEX', found "
                             f"{short(texts[reveal_at])}")
    seed, salt = int(m.group(1)), m.group(2)
    commit = next((t for t in texts if t.startswith("commit sha256:")), None)
    if commit is None:
        raise LogFormatError(f"{rd.where(1)}: a referee game file without its 'commit sha256:...' line")
    if commit != f"commit sha256:{commitment(seed, salt)}":
        raise ReplayMismatch(f"{rd.where(reveal_at)}: the revealed seed and salt do not match the commitment made at "
                             f"the start ({commit[:30]}...): the deal was changed, or the reveal line was edited",
                             reveal_at + 1)
    revealed: dict[int, str] = {}
    for i in range(reveal_at + 1, len(texts)):
        mm = _REVEAL_MOVE.match(texts[i])
        if not mm:
            raise LogFormatError(f"{rd.where(i)}: expected 'reveal SEQ: MOVE', found {short(texts[i])}")
        revealed[int(mm.group(1))] = mm.group(2)
    # the full log: the seed line back in place of the commitment, the hidden decisions as they were made
    full = [f"{rules.log_format} {rules.log_version}"]
    for t in texts[1:reveal_at]:
        if t == commit:
            full.append(f"seed {seed}")
            continue
        mm = _MOVE.match(t)
        if mm and int(mm.group(1)) in revealed:
            t = f"{mm.group(1)} {mm.group(2)}: {revealed[int(mm.group(1))]}"
        full.append(t)
    from rules.core.log import load_game_log

    full_text = "\n".join(_chained(full)) + "\n"
    try:
        loaded = load_game_log(full_text, source, rules)
    except FaunaError as exc:
        raise ReplayMismatch(f"{source}: after the reveal the game does not re-run: {exc}") from None
    public = public_game(rules, loaded, salt).text(reveal=(seed, salt))
    expected = public.split("\n")
    for i, line in enumerate(rd.lines):
        if i >= len(expected) - 1 or line != expected[i]:
            want = expected[i] if i < len(expected) - 1 else "the end of the file"
            raise ReplayMismatch(f"{rd.where(i)}: expected {short(want.rsplit(' @', 1)[0])}, found "
                                 f"{short(line.rsplit(' @', 1)[0])}", i + 1)
    # Nor can it be shorter: the re-run took each move line only in the move's own text, so a decision the file
    # does not reveal has the move itself as its public text (it is not hidden), and the reveal lines agree.
    assert len(rd.lines) == len(expected) - 1, "a public file shorter than its re-derived text"
    return PublicCheck(len(rd.lines), moves, True, loaded)


# -- view files --------------------------------------------------------------------------------------

def _js(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def view_text(rules: GameRules, loaded: LoadedGame, public: PublicGame, player: str) -> str:
    """Player's view file: only what `player` may see, at the public file's current head."""
    state = loaded.state
    texts = [VIEW_FORMAT, f"game {_js(rules.name)}", f"player {_js(player)}",
             f"head {public.head} seq {state.seq} game {public.game_id}", f"view {_js(state.view(player))}"]
    mine = state.to_move == player and not state.is_over
    texts.append(f"legal {_js([state.move_text(m) for m in state.legal_moves()] if mine else [])}")
    replay = rules.new_state(state.config, state.seed)
    for who, move in state.history:
        text = replay.move_text(move) if who == player else rules.public_move_text(replay, move)
        replay.apply(move, who)
        texts.append(f"move {replay.seq} {who}: {text}")
    texts.append(f"next {_js(None if state.is_over else {'seq': state.seq + 1, 'player': state.to_move})}")
    return "\n".join(_chained(texts)) + "\n"


@dataclass
class ViewFile:
    """A verified view file."""

    game: str
    player: str
    head: str
    seq: int
    game_id: str
    view: dict[str, Any]
    legal: list[str]
    history: list[str]
    next: dict[str, Any] | None


_VIEW_HEAD = re.compile(r"^head ([0-9a-f]{32}) seq ([0-9]{1,12}) game ([0-9a-f]{32})$")
_VIEW_MOVE = re.compile(r"^move [0-9]{1,12} [^:]{1,100}: .+$", re.S)
_LEGAL = ListOf(Text(1, MAX_MOVE_CHARS), 100_000)
_NEXT = Opt(Record({"seq": Int(1, 10**12), "player": Text(1, MAX_NAME_CHARS)}))


def read_view(text: str, source: str) -> ViewFile:
    """Check a view file's hash chain, then the shape of every line (the view by its game's shape), and read it.

    A view file comes from outside like any other input: nothing of it is used before all of it is checked.
    A line that is not as fauna writes it is a LogFormatError naming FILE:LINE and what is wrong there.
    """
    from rules.core.registry import GAMES, load_rules

    rd = LineReader(text, source, "fauna view file")
    head = CHAIN_START
    texts = []
    for i in range(len(rd.lines)):
        body, h = rd.split(i)
        want = chain(head, body)
        if h != want:
            raise ReplayMismatch(f"{rd.where(i)}: expected hash {want}, found {h}: the view file was edited", i + 1)
        head = want
        texts.append(body)
    if texts[0] != VIEW_FORMAT or len(texts) < 7:
        raise LogFormatError(f"{rd.where(0)}: not a fauna view file (it starts with '{VIEW_FORMAT}')")

    def value(i: int, key: str, shape: Shape) -> Any:
        """Line i's JSON value after `key `, of `shape`."""
        if not texts[i].startswith(key + " "):
            raise LogFormatError(f"{rd.where(i)}: expected '{key} ...' as fauna writes view files, found "
                                 f"{short(texts[i], 40)}")
        try:
            return check_shape(load_json(texts[i][len(key) + 1:]), shape, key)
        except InputRefused as exc:
            raise LogFormatError(f"{rd.where(i)}: {exc.message}") from None

    game = value(1, "game", Text(choices=tuple(GAMES)))
    rules = load_rules(game)
    player = value(2, "player", Text(1, MAX_NAME_CHARS))
    try:
        check_name(player, what="the player")
    except InputRefused as exc:
        raise LogFormatError(f"{rd.where(2)}: {exc.message}") from None
    m = _VIEW_HEAD.match(texts[3])
    if not m:
        raise LogFormatError(f"{rd.where(3)}: expected 'head HASH seq N game HASH', found {short(texts[3], 40)}")
    view = value(4, "view", rules.view_shape() if rules.view_shape is not None else Record({}))
    legal = value(5, "legal", _LEGAL)
    for i in range(6, len(texts) - 1):
        if not _VIEW_MOVE.match(texts[i]):
            raise LogFormatError(f"{rd.where(i)}: expected 'move SEQ PLAYER: MOVE', found {short(texts[i], 40)}")
    nxt = value(len(texts) - 1, "next", _NEXT)
    return ViewFile(game, player, m.group(1), int(m.group(2)), m.group(3), view, legal,
                    [t.removeprefix("move ") for t in texts[6:-1]], nxt)


__all__ = ["KEY_FORMAT", "PublicCheck", "PublicGame", "RefereeError", "VIEW_FORMAT", "ViewFile", "commitment",
           "is_public", "key_text", "public_game", "read_key", "read_view", "verify_public", "view_text"]
