"""Referee games: e-mail play of games with hidden hands, where only the referee holds the seed.

Three kinds of file, all hash-chained like every log (rules/core/log.py):

- the **key file** (the referee's, secret): `fauna-key 2 salt HEX`, `secrets {"PLAYER": HEX, ...}` (each human
  player's secret, which signs their move files), then the game's full log with its seed;
- the **public game file** (everyone's): the same log with the `seed N` line replaced by
  `commit sha256:HEX`, HEX = SHA-256 of "fauna-commit", the seed and a random salt, and every decision
  that others may not learn written as the game's public text (e.g. "discard a card"); its first line is
  `GAME-log N referee`. At the end the referee appends `reveal seed N salt HEX` and one `reveal SEQ: MOVE`
  line per hidden decision, and anyone can then re-run the whole game and check every public line;
- a **view file** per player: `fauna-view 2`, the game, the player, `secret HEX` (theirs alone: it signs the
  move files they send, rules/core/movefile.py), the public head it was written at, the
  player's `view` (their hand and totem, public cards, counts of hidden ones), the decisions they may make
  now, and the history as they saw it (their own decisions in full, the others' public texts).

What it protects: no player learns another's secrets from the files they receive, the deal cannot be
changed after the start without detection (the commitment), and no player can move for another (a move file
is signed with its player's secret). What it does not: the referee sees everything (and holds every secret).
Files of version 1 (before players had secrets) are still read: their games go on, and the referee's next
write gives every player a secret. A game with a joint seed (rules/core/jointseed.py) also carries a
`joint-seed {...}` line after `commit` in its key and public files, and `reveal joint {...}` after `reveal seed`.
The module is pure: the CLI draws the salt and the secrets and writes the files.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import FaunaError, ReplayMismatch
from rules.core.jointseed import (
    PUBLIC_LINE,
    REVEAL_LINE,
    JointRecord,
    JointSalt,
    check_record,
    read_record,
    with_reveal,
)
from rules.core.limits import MAX_MOVE_CHARS, MAX_NAME_CHARS, InputRefused, check_name, load_json
from rules.core.log import (
    CHAIN_START,
    KEY_FORMAT,
    KEY_FORMATS,
    VIEW_FORMAT,
    VIEW_FORMATS,
    LineReader,
    LoadedGame,
    LogFormatError,
    chain,
    short,
)
from rules.core.protocol import GameRules
from rules.core.shape import Either, Int, ListOf, Opt, Record, Shape, Text, check_shape

_SALT = re.compile(r"^[0-9a-f]{32,64}$")
_SECRET = re.compile(r"^[0-9a-f]{64}$")
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


def key_text(salt: str, log_text: str, secrets: dict[str, str]) -> str:
    """The referee's key file: the salt, every player's secret, then the full log."""
    joint = f"{salt.joint.key_line()}\n" if isinstance(salt, JointSalt) else ""
    return f"{KEY_FORMAT} salt {salt}\nsecrets {_js(secrets)}\n{joint}{log_text}"


def read_key(text: str, source: str) -> tuple[str, str]:
    """(salt, full log text) of a key file."""
    salt, _, log = read_key_secrets(text, source)
    return salt, log


def read_key_secrets(text: str, source: str) -> tuple[str, dict[str, str], str]:
    """(salt, {player: secret}, full log text) of a key file; a version 1 key file has no secrets ({})."""
    first, _, rest = text.lstrip("\ufeff").partition("\n")
    parts = first.removesuffix("\r").split(" ")  # CRLF line ends, as logs accept them
    if len(parts) != 4 or " ".join(parts[:2]) not in KEY_FORMATS or parts[2] != "salt" or not _SALT.match(parts[3]):
        raise LogFormatError(f"{source}:1: not a referee key file: the first line should be '{KEY_FORMAT} salt HEX'")
    if " ".join(parts[:2]) != KEY_FORMAT:
        return parts[3], {}, rest
    second, _, log = rest.partition("\n")
    second = second.removesuffix("\r")
    try:
        secrets = load_json(second.removeprefix("secrets ")) if second.startswith("secrets ") else None
    except (ValueError, InputRefused):
        secrets = None
    if not isinstance(secrets, dict) or not all(isinstance(k, str) and isinstance(v, str) and _SECRET.match(v)
                                                for k, v in secrets.items()):
        raise LogFormatError(f"{source}:2: expected 'secrets {{\"PLAYER\": HEX, ...}}' (each player's secret) in a "
                             f"'{KEY_FORMAT}' file, found {short(second)}")
    if log.startswith(PUBLIC_LINE):  # a joint-seed game: its record travels with the salt
        line, _, log = log.partition("\n")
        return JointSalt(parts[3], read_record(line, f"{source}:3", key=True)), secrets, log
    return parts[3], secrets, log


@dataclass
class PublicGame:
    """The public lines of a referee game and the decisions hidden in them."""

    lines: list[str]  # with hashes, without the closing line
    closing: str | None  # `next SEQ PLAYER @HASH` of an unfinished game
    hidden: list[tuple[int, str]]  # (seq, the decision as made) of every move written as a public text
    head: str
    game_id: str  # hash of the last header line: which game this is, as move files name it
    joint: JointRecord | None = None  # a joint-seed game's record (rules/core/jointseed.py)
    board: tuple[str, ...] = ()  # the spectator's `view {...}` (and at the end `tables [...]`) line, unhashed

    def text(self, reveal: tuple[int, str] | None = None, board: bool = True) -> str:
        """The public file; with `reveal` (seed, salt) of a finished game, its reveal lines added.

        Before the reveal it ends with the spectator's board (what anyone may see now: `view`, and at the end the
        final `tables`) and, in an unfinished game, who moves next: lines that each write replaces, chained after
        the last permanent line (`board=False`: the file as fauna wrote it before it had those lines)."""
        lines = list(self.lines)
        if reveal is None and board and self.board:
            head = self.head
            for t in self.board:
                head = chain(head, t)
                lines.append(f"{t} @{head}")
            if self.closing:
                t = self.closing.rsplit(" @", 1)[0]
                lines.append(f"{t} @{chain(head, t)}")
            return "\n".join(lines) + "\n"
        if reveal is not None:
            extra = [f"reveal seed {reveal[0]} salt {reveal[1]}"]
            if isinstance(reveal[1], JointSalt):
                extra.append(reveal[1].joint.reveal_line())
            extra += [f"reveal {s}: {t}" for s, t in self.hidden]
            head = self.head
            for t in extra:
                head = chain(head, t)
                lines.append(f"{t} @{head}")
        elif self.closing:
            lines.append(self.closing)
        return "\n".join(lines) + "\n"


def public_game(rules: GameRules, loaded: LoadedGame, salt: str) -> PublicGame:
    """The public form of a full game: seed line committed, hidden decisions written as their public text."""
    state0 = rules.restart(loaded.state)  # the same facts as the game read (those its log recorded)
    header = rules.header_lines(state0)
    seed_line = f"seed {state0.seed}"
    if seed_line not in header:
        raise RefereeError(f"{rules.title}'s log header has no '{seed_line}' line to commit to")
    texts = [f"{rules.log_format} {rules.log_version} referee"]
    texts += [f"commit sha256:{commitment(state0.seed, salt)}" if t == seed_line else t for t in header[1:]]
    joint = salt.joint if isinstance(salt, JointSalt) else None
    if joint is not None:  # R and every player's C, public from the start, right after the commitment
        texts.insert(texts.index(f"commit sha256:{commitment(state0.seed, salt)}") + 1, joint.public_line())
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
    board = [f"{BOARD_LINE} {_js(state0.view(None))}"]
    if state0.is_over:
        board.append(f"{TABLES_LINE} {_js([t.to_dict() for t in rules.final_tables(state0)])}")
    return PublicGame(lines, closing, hidden, head, lines[len(header) - 1 + (joint is not None)].rsplit(" @", 1)[1],
                      joint, tuple(board))


BOARD_LINE = "view"  # a public file's spectator board before the reveal: `view {...}` (state.view(None))
TABLES_LINE = "tables"  # and, once the game is over, its final tables: `tables [{...}, ...]`


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
    salt: str | None = None  # the revealed salt, with which view files can be re-derived
    board: dict[str, Any] | None = None  # before the reveal: the spectator's view the referee wrote (None: none)
    tables: list[dict[str, Any]] | None = None  # before the reveal of a finished game: its final tables
    # (line, hash) of the last line that each write keeps: what move files continue (derived: not compared)
    head: tuple[int, str] = field(default=(0, CHAIN_START), compare=False)


def verify_public(text: str, source: str, rules: GameRules) -> PublicCheck:
    """Check a public file: its hash chain always; after the reveal, the commitment and every line re-derived."""
    rd = LineReader(text, source, f"{rules.title} game file")
    texts: list[str] = []
    head = CHAIN_START
    tail = _board_lines(rd)  # the lines that each write replaces: the spectator's board, who moves next
    kept = (0, CHAIN_START)
    for i in range(len(rd.lines)):
        body, h = rd.split(i)
        want = chain(head, body)
        if h != want and i >= len(rd.lines) - tail:
            raise ReplayMismatch(f"{rd.where(i)}: expected hash {want}, found {h}: the line was edited", i + 1)
        if h != want:
            raise ReplayMismatch(f"{rd.where(i)}: expected hash {want}, found {h}: this line was edited, or a line "
                                 "just before it was removed, added or moved", i + 1)
        head = want
        if i < len(rd.lines) - tail:
            texts.append(body)
            kept = (i + 1, want)
    board, tables = _read_board(rd, tail, rules)
    moves = sum(1 for t in texts if _MOVE.match(t))
    reveal_at = next((i for i, t in enumerate(texts) if t.startswith("reveal seed ")), None)
    if reveal_at is None:
        return PublicCheck(len(rd.lines), moves, False, None, board=board, tables=tables, head=kept)
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
    joint_at = next((i for i, t in enumerate(texts[:reveal_at]) if t.startswith(PUBLIC_LINE)), None)
    moves_at = reveal_at + 1
    if joint_at is not None:  # a joint-seed game: r and every contribution revealed, each checked
        record = read_record(texts[joint_at], rd.where(joint_at), key=False)
        if moves_at >= len(texts) or not texts[moves_at].startswith(REVEAL_LINE):
            raise ReplayMismatch(f"{rd.where(reveal_at)}: a joint-seed game revealed without the referee's secret "
                                 "and the players' contributions ('reveal joint ...')", reveal_at + 1)
        record = with_reveal(record, texts[moves_at], rd.where(moves_at))
        check_record(record, seed, rd.where(moves_at), moves_at + 1)
        salt = JointSalt(salt, record)
        moves_at += 1
    revealed: dict[int, str] = {}
    for i in range(moves_at, len(texts)):
        mm = _REVEAL_MOVE.match(texts[i])
        if not mm:
            raise LogFormatError(f"{rd.where(i)}: expected 'reveal SEQ: MOVE', found {short(texts[i])}")
        revealed[int(mm.group(1))] = mm.group(2)
    # the full log: the seed line back in place of the commitment, the hidden decisions as they were made
    full = [f"{rules.log_format} {rules.log_version}"]
    for i, t in enumerate(texts[:reveal_at]):
        if i == 0 or i == joint_at:
            continue
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
    return PublicCheck(len(rd.lines), moves, True, loaded, salt, head=kept)


def _board_lines(rd: LineReader) -> int:
    """How many lines at the end of a public file each write replaces: `next ...` (an unfinished game), after the
    spectator's `view {...}` and a finished game's `tables [...]` (public files of older fauna have no board)."""
    bodies = [rd.split(i)[0] for i in range(len(rd.lines))]
    n = len(bodies)
    if n and bodies[-1].startswith("next "):
        n -= 1
    if n and bodies[n - 1].startswith(TABLES_LINE + " ") and n > 1 and bodies[n - 2].startswith(BOARD_LINE + " "):
        n -= 2
    elif n and bodies[n - 1].startswith(BOARD_LINE + " "):
        n -= 1
    return len(bodies) - n


def _read_board(rd: LineReader, tail: int, rules: GameRules) -> tuple[dict[str, Any] | None,
                                                                         list[dict[str, Any]] | None]:
    """The spectator's view and final tables of a public file's last lines (None where it has none)."""
    board: dict[str, Any] | None = None
    tables: list[dict[str, Any]] | None = None
    view_shape = rules.view_shape() if rules.view_shape is not None else Record({})
    table_shape = ListOf(Record({"title": Text(0, 1000), "headers": ListOf(Text(0, 1000), 100),
                                 "rows": ListOf(ListOf(_CELL, 100), 10_000)}), 100)
    for i in range(len(rd.lines) - tail, len(rd.lines)):
        body = rd.split(i)[0]
        key, _, value = body.partition(" ")
        if key not in (BOARD_LINE, TABLES_LINE):
            continue
        try:
            if key == BOARD_LINE:
                board = check_shape(load_json(value), view_shape, "view")
            else:
                tables = check_shape(load_json(value), table_shape, "tables")
        except InputRefused as exc:
            raise LogFormatError(f"{rd.where(i)}: {exc.message}") from None
    return board, tables


def check_view(text: str, source: str, rules: GameRules, full: LoadedGame, salt: str) -> ViewFile:
    """Hold the referee to a view file: after the reveal, re-derive what it should have shown its player at its
    step (the game re-run to that move) and raise ReplayMismatch naming its first line that differs.

    Only the player's secret is taken from the file itself (nothing else could say what it was)."""
    v = read_view(text, source)
    if v.game != rules.name or v.game_id != public_game(rules, full, salt).game_id:
        raise RefereeError(f"{source}:4: a view file of another game (game {v.game_id[:12]}...)")
    if v.seq > full.state.seq:
        raise ReplayMismatch(f"{source}:4: a view after move {v.seq}, but the game has only {full.state.seq} moves",
                             4)
    if v.player not in full.state.names:
        raise ReplayMismatch(f"{source}:3: a view file of {short(v.player)}, who does not play in this game", 3)
    from rules.core.log import load_game_log

    at = load_game_log(full.writer.text(), full.source, rules, until=v.seq)
    want = [ln.rsplit(" @", 1)[0] for ln in view_text(rules, at, public_game(rules, at, salt), v.player,
                                                        v.secret).split("\n")[:-1]]
    rd = LineReader(text, source, "fauna view file")
    got = [rd.split(i)[0] for i in range(len(rd.lines))]
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else "the end of the file"
        g = got[i] if i < len(got) else "the end of the file"
        if w != g:
            raise ReplayMismatch(f"{source}:{i + 1}: {v.player}'s view after move {v.seq} should show {short(w)}, "
                                 f"but shows {short(g)}", i + 1)
    return v


def recorded_moves(loaded: LoadedGame, seq: int, count: int) -> tuple[str | None, list[str]]:
    """(player, decision texts) of moves seq..seq+count-1 as the full log holds them; (None, []) if none."""
    names = list(loaded.state.names)
    found: list[tuple[str, str]] = []
    for line in loaded.writer.lines[loaded.writer.header_count:]:
        body = line.rsplit(" @", 1)[0]
        number, _, rest = body.partition(" ")
        if not number.isdigit() or not seq <= int(number) < seq + count:
            continue
        who = next((n for n in names if rest.startswith(f"{n}: ")), None)
        if who is not None:
            found.append((who, rest[len(who) + 2:]))
    if not found:
        return None, []
    return found[0][0], [t for w, t in found if w == found[0][0]]


# -- view files --------------------------------------------------------------------------------------

def _js(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def view_text(rules: GameRules, loaded: LoadedGame, public: PublicGame, player: str,
              secret: str | None = None) -> str:
    """Player's view file: only what `player` may see, at the public file's current head, and their secret.

    With `secret` None it is a version 1 view file, as fauna wrote before players had secrets (tests of
    old files use it; the referee always gives a secret)."""
    state = loaded.state
    texts = [VIEW_FORMAT, f"game {_js(rules.name)}", f"player {_js(player)}", f"secret {secret}",
             f"head {public.head} seq {state.seq} game {public.game_id}", f"view {_js(state.view(player))}"]
    if secret is None:
        texts = [VIEW_FORMATS[0], *texts[1:3], *texts[4:]]
    mine = state.to_move == player and not state.is_over
    texts.append(f"legal {_js([state.move_text(m) for m in state.legal_moves()] if mine else [])}")
    replay = rules.restart(state)
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
    secret: str | None = None  # the player's secret (signs their move files); None in a version 1 view file


_CELL = Opt(Either((Int(-10**15, 10**15), Text(0, 1000)), "a number or a text"))  # a table's cell
_VIEW_HEAD = re.compile(r"^head ([0-9a-f]{32}) seq ([0-9]{1,12}) game ([0-9a-f]{32})$")
_VIEW_MOVE = re.compile(r"^move [0-9]{1,12} [^:]{1,100}: .+$", re.S)
_LEGAL = ListOf(Text(1, MAX_MOVE_CHARS), 100_000)
_NEXT = Opt(Record({"seq": Int(1, 10**12), "player": Text(1, MAX_NAME_CHARS)}))


def view_bodies(rd: LineReader) -> tuple[list[str], str]:
    """A view file's line texts, its hash chain checked (an edited line is a ReplayMismatch), and its last hash."""
    head = CHAIN_START
    texts = []
    for i in range(len(rd.lines)):
        body, h = rd.split(i)
        want = chain(head, body)
        if h != want:
            raise ReplayMismatch(f"{rd.where(i)}: expected hash {want}, found {h}: the view file was edited", i + 1)
        head = want
        texts.append(body)
    return texts, head


def read_view(text: str, source: str) -> ViewFile:
    """Check a view file's hash chain, then the shape of every line (the view by its game's shape), and read it.

    A view file comes from outside like any other input: nothing of it is used before all of it is checked.
    A line that is not as fauna writes it is a LogFormatError naming FILE:LINE and what is wrong there.
    """
    from rules.core.registry import GAMES, load_rules

    rd = LineReader(text, source, "fauna view file")
    texts, _ = view_bodies(rd)
    if texts[0] not in VIEW_FORMATS or len(texts) < 7 + (texts[0] == VIEW_FORMAT):
        raise LogFormatError(f"{rd.where(0)}: not a fauna view file (it starts with '{VIEW_FORMAT}')")
    lines = list(enumerate(texts))  # (line index in the file, text): a version 2 file's secret line is taken out
    secret = None
    if texts[0] == VIEW_FORMAT:  # version 2: the player's secret on line 4
        secret = texts[3].removeprefix("secret ")
        if not texts[3].startswith("secret ") or not _SECRET.match(secret):
            raise LogFormatError(f"{rd.where(3)}: expected 'secret HEX' (64 hex digits), found {short(texts[3], 20)}")
        del lines[3]
    texts = [t for _, t in lines]

    def where(i: int) -> str:
        return rd.where(lines[i][0])

    def value(i: int, key: str, shape: Shape) -> Any:
        """Line i's JSON value after `key `, of `shape`."""
        if not texts[i].startswith(key + " "):
            raise LogFormatError(f"{where(i)}: expected '{key} ...' as fauna writes view files, found "
                                 f"{short(texts[i], 40)}")
        try:
            return check_shape(load_json(texts[i][len(key) + 1:]), shape, key)
        except InputRefused as exc:
            raise LogFormatError(f"{where(i)}: {exc.message}") from None

    game = value(1, "game", Text(choices=tuple(GAMES)))
    rules = load_rules(game)
    player = value(2, "player", Text(1, MAX_NAME_CHARS))
    try:
        check_name(player, what="the player")
    except InputRefused as exc:
        raise LogFormatError(f"{where(2)}: {exc.message}") from None
    m = _VIEW_HEAD.match(texts[3])
    if not m:
        raise LogFormatError(f"{where(3)}: expected 'head HASH seq N game HASH', found {short(texts[3], 40)}")
    view = value(4, "view", rules.view_shape() if rules.view_shape is not None else Record({}))
    legal = value(5, "legal", _LEGAL)
    for i in range(6, len(texts) - 1):
        if not _VIEW_MOVE.match(texts[i]):
            raise LogFormatError(f"{where(i)}: expected 'move SEQ PLAYER: MOVE', found {short(texts[i], 40)}")
    nxt = value(len(texts) - 1, "next", _NEXT)
    return ViewFile(game, player, m.group(1), int(m.group(2)), m.group(3), view, legal,
                    [t.removeprefix("move ") for t in texts[6:-1]], nxt, secret)


__all__ = ["KEY_FORMAT", "PublicCheck", "PublicGame", "RefereeError", "VIEW_FORMAT", "ViewFile", "check_view",
           "commitment", "is_public", "key_text", "public_game", "read_key", "read_key_secrets", "read_view",
           "recorded_moves", "verify_public", "view_text"]
