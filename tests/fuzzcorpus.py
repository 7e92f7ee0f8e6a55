"""Seed inputs for the fuzzer: real files of all four games, made by playing real games through the CLI.

A mutation is only as good as what it starts from: a structural edit of a real Arctic key file or Evo
view file reaches parsers that random bytes never get past. `build_corpus` plays, for each game, a few
seeded games by e-mail (a plain game file with the move file of every human move) and by referee (the
public file, the key file, every view file and the move file a player made from their view), writes
a move script and a config that `play` accepts, and cuts the game's rule-case files into small pieces.
Everything is made in-process with the real commands, deterministically (fixed seeds, a seeded choice
among the legal moves), so a fuzz run is reproducible from its seed.
"""

from __future__ import annotations

import random
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("fauna", "arctic", "exofauna", "evo")
HUMANS = ("ann", "ben")
_MOVE_LINE = re.compile(r"^(\d+) ([^:]+): (.+) @[0-9a-f]{32}$")


@dataclass
class PlainSnap:
    """A plain e-mail game file, and (when a human was to move) the move made on it and its move file."""

    log: bytes
    player: str | None = None
    move: str | None = None
    move_file: bytes | None = None


@dataclass
class RefereeSnap:
    """The files of a refereed game at one point: public, key, views, and the next move as a view's move file."""

    public: bytes
    key: bytes
    views: dict[str, bytes]  # player -> view file
    player: str | None = None
    move: str | None = None
    move_file: bytes | None = None  # made with `pbem move VIEW`, for `pbem apply PUBLIC --key KEY`


@dataclass
class GameCorpus:
    """Every kind of file one game reads, as real specimens."""

    game: str
    ext: str
    config: bytes
    script: bytes
    logs: list[bytes] = field(default_factory=list)  # finished and unfinished logs (goldens, `play --log`)
    plain: list[PlainSnap] = field(default_factory=list)
    referee: list[RefereeSnap] = field(default_factory=list)
    revealed: list[bytes] = field(default_factory=list)  # public files after the reveal
    cases: list[bytes] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # move texts seen in this game's files


def _run(args: list[str], stdin: bytes | None = None) -> tuple[int, str]:
    r = CliRunner().invoke(cli, [str(a) for a in args], input=stdin, prog_name="fauna")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise RuntimeError(f"building the fuzz corpus: fauna {args} raised {r.exception!r}")
    return r.exit_code, r.output


def config_text(game: str, seed: int, bots: bool = True, all_bots: bool = False) -> str:
    """A config of the game: two humans and (where the game allows three) a computer player."""
    from rules.core.registry import load_rules

    rules = load_rules(game)
    extra = 'goal = 12\n' if game == "fauna" else ""
    players = [(n, None) for n in HUMANS]
    if bots and rules.max_players >= 3:
        players.append(("cat", rules.bot_kinds[0]))
    if all_bots:
        quick = [k for k in rules.bot_kinds if k != "expert"]  # the search bot is far too slow for a corpus
        players = [(n, quick[i % len(quick)]) for i, (n, _) in enumerate(players)]
    body = "".join(f'[[players]]\nname = "{n}"\n' + (f'bot = "{b}"\n' if b else "") for n, b in players)
    return f'[game]\nrules = "{game}"\nseed = {seed}\n{extra}' + body


def _legal(path: Path) -> tuple[str | None, list[str]]:
    """Who is to move in a plain game file, and the texts of their legal moves."""
    from fauna_cli.gamefile import load_game

    state = load_game(str(path)).state
    if state.is_over or state.to_move is None:
        return None, []
    return state.to_move, [state.move_text(m) for m in state.legal_moves()]


def _key_state(key: Path):
    from fauna_cli.referee_cmd import _load_key

    return _load_key(str(key))[2].state


def _cases(game: str) -> list[bytes]:
    """The game's rule-case files cut into pieces of a few cases each (the header kept on every piece)."""
    folder = ROOT / "tests" / "cases" / ("" if game == "fauna" else game)
    out = []
    for f in sorted(folder.glob("*.toml")):
        text = f.read_bytes()
        parts = text.split(b"\n[[case]]")
        head, cases = parts[0], parts[1:]
        for i in range(0, len(cases), 3):
            out.append(head + b"".join(b"\n[[case]]" + c for c in cases[i:i + 3]))
    return out


def _play_plain(c: GameCorpus, folder: Path, seed: int, moves: int, rng: random.Random) -> None:
    cfg = folder / f"plain-{seed}.toml"
    cfg.write_text(config_text(c.game, seed))
    game = folder / f"plain-{seed}.{c.ext}"
    code, out = _run(["pbem", "new", "--config", cfg, "--out", game, "--force"])
    if code:
        raise RuntimeError(f"building the fuzz corpus: pbem new {c.game}: {out}")
    for n in range(moves):
        before = game.read_bytes()
        player, legal = _legal(game)
        if player is None:
            c.plain.append(PlainSnap(before))
            break
        move = rng.choice(legal)
        mf = folder / f"plain-{seed}-move-{n}.txt"
        code, out = _run(["pbem", "move", game, "--as", player, move, "--move-file", mf])
        if code:
            raise RuntimeError(f"building the fuzz corpus: pbem move {c.game} {player} {move!r}: {out}")
        c.plain.append(PlainSnap(before, player, move, mf.read_bytes()))
        c.moves.append(move)
    c.logs.append(game.read_bytes())


def _play_refereed(c: GameCorpus, folder: Path, seed: int, moves: int, rng: random.Random) -> None:
    cfg = folder / f"ref-{seed}.toml"
    cfg.write_text(config_text(c.game, seed))
    pub, key = folder / f"ref-{seed}.{c.ext}", folder / f"ref-{seed}.key"
    code, out = _run(["pbem", "new", "--config", cfg, "--out", pub, "--referee", key, "--public-seed", "--force"])
    if code:
        raise RuntimeError(f"building the fuzz corpus: pbem new --referee {c.game}: {out}")

    def views() -> dict[str, bytes]:
        return {p: (folder / f"ref-{seed}-{p}.view").read_bytes() for p in HUMANS}

    for n in range(moves):
        state = _key_state(key)
        snap = RefereeSnap(pub.read_bytes(), key.read_bytes(), views())
        c.referee.append(snap)
        if state.is_over or state.to_move is None:
            break
        player = state.to_move
        move = rng.choice([state.move_text(m) for m in state.legal_moves()])
        view = folder / f"ref-{seed}-{player}.view"
        mf = folder / f"ref-{seed}-move-{n}.txt"  # a new name each time: outputs never replace a file
        code, out = _run(["pbem", "move", view, "--as", player, move, "--move-file", mf])
        if code:
            raise RuntimeError(f"building the fuzz corpus: pbem move VIEW {c.game} {player} {move!r}: {out}")
        snap.player, snap.move, snap.move_file = player, move, mf.read_bytes()
        code, out = _run(["pbem", "apply", pub, "--key", key, mf])
        if code:
            raise RuntimeError(f"building the fuzz corpus: pbem apply --key {c.game}: {out}")
        c.moves.append(move)


def _revealed(c: GameCorpus, folder: Path, seed: int) -> None:
    """A refereed game of computer players only (it plays itself to the end at `new`), then revealed."""
    cfg = folder / f"bots-{seed}.toml"
    cfg.write_text(config_text(c.game, seed, all_bots=True))
    pub, key = folder / f"bots-{seed}.{c.ext}", folder / f"bots-{seed}.key"
    code, out = _run(["pbem", "new", "--config", cfg, "--out", pub, "--referee", key, "--public-seed", "--force"])
    if code:
        raise RuntimeError(f"building the fuzz corpus: pbem new (bots) {c.game}: {out}")
    code, out = _run(["pbem", "reveal", pub, "--key", key])
    if code == 0:
        c.revealed.append(pub.read_bytes())
        c.referee.append(RefereeSnap(pub.read_bytes(), key.read_bytes(), {}))


def _script(snaps: list[PlainSnap]) -> bytes:
    """A move script: the human moves of one plain game, one 'player: move' per line, with a comment."""
    lines = ["# moves of a real game", *(f"{s.player}: {s.move}" for s in snaps if s.player and s.move)]
    return ("\n".join(lines) + "\n").encode()


def build_game(game: str, folder: Path, seeds: tuple[int, ...] = (1, 2), moves: int = 10) -> GameCorpus:
    """Real specimens of every file kind of one game."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(f"corpus:{game}")
    c = GameCorpus(game, game, config_text(game, seeds[0]).encode(), b"")  # files are named GAME.GAME
    for seed in seeds:
        _play_plain(c, folder, seed, moves, rng)
        if seed == seeds[0]:
            c.script = _script(c.plain)
    for seed in seeds:
        _play_refereed(c, folder, seed + 100, moves, rng)
    _revealed(c, folder, seeds[0] + 200)
    c.logs += [f.read_bytes() for f in sorted((ROOT / "replays").glob(f"*.{c.ext}"))]
    c.cases = _cases(game)
    for log in c.logs:
        for line in log.decode("utf-8").split("\n"):
            m = _MOVE_LINE.match(line)
            if m:
                c.moves.append(m.group(3))
    c.moves = sorted(set(c.moves))
    return c


def build_corpus(folder: Path | None = None, seeds: tuple[int, ...] = (1, 2), moves: int = 10) -> dict[str, GameCorpus]:
    """The corpus of all four games (a few seconds); `folder` keeps the files made on the way."""
    if folder is None:
        with tempfile.TemporaryDirectory(prefix="fauna-corpus-") as tmp:
            return build_corpus(Path(tmp), seeds, moves)
    return {g: build_game(g, folder / g, seeds, moves) for g in GAMES}
