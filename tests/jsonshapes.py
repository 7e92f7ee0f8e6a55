"""Real `--format json` output of every command for every game, for tests/test_json_schemas.py.

Each document comes from running the command line as a user would (in process, through click), on small
games played here and on the golden logs in replays/; nothing is written by hand, so a schema that does not
describe what the commands print fails its test.
"""

from __future__ import annotations

import itertools
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

from click.testing import CliRunner
from coverage_pause import unmeasured_from

from fauna_cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("fauna", "arctic", "exofauna", "evo")  # each game's files end in its name (g.arctic)


def run(*args: object, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input, prog_name="fauna")
    return result.exit_code, result.output


def json_of(*args: object, input: str | None = None) -> dict:
    """The JSON document a command prints (it must succeed)."""
    code, out = run(*args, "--format", "json", input=input)
    assert code == 0, (args, out)
    return json.loads(out)


def config(path: Path, game: str, humans: int = 1, bots: int = 1, seed: int = 2, edition: int | None = None) -> Path:
    """A config of `humans` people (me, you) and `bots` random computer players (of a rules edition, if given)."""
    lines = ["[game]", f'rules = "{game}"', f"seed = {seed}"] + ([f"edition = {edition}"] if edition else [])
    names = ["me", "you", "third"]
    for i in range(humans):
        lines += ["[[players]]", f'name = "{names[i]}"']
    for i in range(bots):
        lines += ["[[players]]", f'name = "bot{i + 1}"', 'bot = "random"']
    path.write_text("\n".join(lines) + "\n")
    return path


def first_legal(path: Path) -> tuple[str, str]:
    """(player to move, the first legal decision's text) of a game file."""
    from fauna_cli.gamefile import load_game

    state = load_game(str(path)).state
    moves = state.legal_moves()
    return state.to_move, state.move_text(moves[0])


def game_file(folder: Path, game: str, moves: int) -> Path:
    """An e-mail game of one person and one computer player, `moves` of the person's decisions in."""
    path = folder / f"g.{game}"
    code, out = run("pbem", "new", "--config", config(folder / "g.toml", game), "--out", path)
    assert code == 0, out
    for _ in range(moves):
        player, text = first_legal(path)
        code, out = run("pbem", "move", path, "--as", player, "--print-move", text)
        assert code == 0, out
    return path


def goldens(game: str) -> list[Path]:
    return sorted((ROOT / "replays").glob(f"*.{game}"))


def documents(command: str, game: str, folder: Path) -> Iterator[tuple[str, dict]]:
    """(what was run, its JSON) for `command` (a schema's name, e.g. 'pbem-status') on `game`."""
    folder.mkdir(parents=True, exist_ok=True)
    if command == "pbem-new":
        yield "new", json_of("pbem", "new", "--config", config(folder / "n.toml", game), "--out",
                             folder / f"n.{game}")
    elif command == "pbem-status":
        path = game_file(folder, game, 3)
        player, _ = first_legal(path)
        yield "status", json_of("pbem", "status", path)
        yield "status --as (to move)", json_of("pbem", "status", path, "--as", player)
        yield "status --as (a bot)", json_of("pbem", "status", path, "--as", "bot1")
        for golden in goldens(game):
            copy = folder / golden.name
            shutil.copy(golden, copy)
            yield f"status {golden.name}", json_of("pbem", "status", copy)
    elif command == "pbem-move":
        path = game_file(folder, game, 0)
        for n in range(3):
            player, text = first_legal(path)
            yield f"move {text}", json_of("pbem", "move", path, "--as", player, "--move-file", folder / f"m{n}.txt",
                                          text)
    elif command == "pbem-apply":
        path = game_file(folder, game, 1)
        copy = folder / f"copy.{game}"
        shutil.copy(path, copy)
        player, text = first_legal(path)
        move_file = folder / "m.txt"
        code, out = run("pbem", "move", path, "--as", player, "--move-file", move_file, text)
        assert code == 0, out
        yield "apply", json_of("pbem", "apply", copy, move_file)
        yield "apply again (ignored)", json_of("pbem", "apply", copy, move_file)
    elif command == "pbem-show":
        path = game_file(folder, game, 12)
        shown = json_of("pbem", "show", path)
        yield "show", shown
        for one in shown["rounds"][:1]:
            yield "show --round", json_of("pbem", "show", path, "--round", one[shown["period"]])
    elif command == "replay":
        for golden in goldens(game):
            yield f"replay {golden.name}", json_of("replay", golden)
        yield "replay (unfinished)", json_of("replay", game_file(folder, game, 2))
    elif command == "play":
        cfg = config(folder / "p.toml", game)
        yield "play (empty script)", json_of("play", "--config", cfg, "--moves", "-", input="")
        path = game_file(folder, game, 2)
        yield "play --continue", json_of("play", "--continue", path, "--moves", "-", input="")
    elif command == "check":
        folder_of_game = ROOT / "tests" / "cases" / game
        cases = ROOT / "tests" / "cases" / "placement.toml" if game == "fauna" else \
            sorted(folder_of_game.glob("*.toml"))[0]
        yield f"check {cases.name}", json_of("check", cases)
    elif command == "simulate":
        yield "simulate", json_of("simulate", "--game", game, "--players", 2, "--bots", "random,random",
                                  "--games", 2, "--seed", 1, "--list")
    else:
        raise ValueError(command)


# -- the referee's files (docs/json.md): one refereed game per game, played to the end and revealed ------------

def _status(path: Path) -> dict:
    return json_of("pbem", "status", path)


def referee_documents(game: str, folder: Path) -> Iterator[tuple[str, str, dict]]:
    """(schema, what was run, its JSON) of every referee command on a refereed game of `game`: one person and one
    computer player, started, moved through view files, move files and update files, then played to the end in the
    referee's words and revealed; and a joint-seed start (invite, join, contribution check)."""
    from fauna_cli.referee_cmd import _load_key
    from rules.core.referee import public_game

    folder.mkdir(parents=True, exist_ok=True)
    cfg = config(folder / "r.toml", game)  # without a seed: a refereed game draws its own
    short = "goal = 8\n" if game == "fauna" else ""  # a short Fauna game: the whole of it is played
    cfg.write_text(cfg.read_text().replace("seed = 2\n", short))
    pub, key, view = folder / f"r.{game}", folder / "r.key", folder / "r-me.view"
    yield "pbem-new", "new --referee", json_of("pbem", "new", "--config", cfg, "--out", folder / f"s.{game}",
                                               "--referee", folder / "s.key")
    # the game played here has a public seed, so that it is the same game at every run
    yield "pbem-new", "new --referee --public-seed", json_of("pbem", "new", "--config", cfg, "--out", pub,
                                                             "--referee", key, "--seed", 7, "--public-seed")
    yield "pbem-status", "status VIEW (start)", _status(view)
    yield "pbem-status", "status PUBLIC (start)", _status(pub)
    rules, salt, loaded, _ = _load_key(str(key))
    old = folder / f"old.{game}"  # a public file as an older fauna wrote it: no board
    old.write_text(public_game(rules, loaded, salt).text(board=False))
    yield "pbem-status", "status PUBLIC (older fauna, no board)", _status(old)
    kept = folder / "kept"  # the player's own copy of their view file, kept up to date by update files
    kept.mkdir()
    shutil.copy(view, kept / view.name)
    yield "replay", "replay PUBLIC (before the reveal)", json_of("replay", pub)
    for n in range(2):
        legal = _status(view)["legal"]
        yield "pbem-move", "move VIEW --print-move", json_of("pbem", "move", view, "--as", "me", "--print-move",
                                                             legal[0])
        move_file = folder / f"m{n}.txt"
        yield "pbem-move", "move VIEW", json_of("pbem", "move", view, "--as", "me", "--move-file", move_file, legal[0])
        applied = json_of("pbem", "apply", pub, "--key", key, move_file)
        yield "pbem-apply", "apply --key", applied
        updates = [u["file"] for u in applied["updates"]]
        yield "pbem-apply", "apply VIEW UPDATE", json_of("pbem", "apply", kept / view.name, *updates)
        yield "pbem-status", "status VIEW (after moves)", _status(view)
    yield "pbem-status", "status PUBLIC (after moves)", _status(pub)
    yield "pbem-status", "status VIEW (kept copy)", _status(kept / view.name)
    for step in itertools.count():  # to the end; coverage counts the first 20 moves, the rest run unmeasured
        with unmeasured_from(20, step):
            doc = _status(view)
            made = None if doc["over"] else json_of("pbem", "move", pub, "--key", key, "--as", "me", doc["legal"][-1])
        if made is None:
            break
        yield "pbem-move", "move --key", made
    yield "pbem-status", "status VIEW (over)", doc
    yield "pbem-status", "status PUBLIC (over, before the reveal)", _status(pub)
    yield "replay", "replay PUBLIC (over, before the reveal)", json_of("replay", pub)
    yield "pbem-reveal", "reveal", json_of("pbem", "reveal", pub, "--key", key)
    yield "pbem-status", "status PUBLIC (revealed)", _status(pub)
    yield "replay", "replay PUBLIC (revealed)", json_of("replay", pub)
    yield "replay-view", "replay PUBLIC --view", json_of("replay", pub, "--view", view, "--view", kept / view.name)
    # a joint seed: the invitation, the join, the start, each player's check
    yield "pbem-invite", "invite", json_of("pbem", "invite", "--out", folder / "d.invite", "--secret",
                                           folder / "d.secret")
    joined = json_of("pbem", "join", folder / "d.invite", "--as", "me")
    yield "pbem-join", "join", joined
    jpub = folder / f"d.{game}"
    yield "pbem-new", "new --joint-seed", json_of("pbem", "new", "--config", cfg, "--out", jpub, "--referee",
                                                  folder / "d.key", "--joint-seed", folder / "d.secret", "--join",
                                                  joined["join"])
    yield "replay-contribution", "replay --contribution", json_of("replay", jpub, "--contribution",
                                                                  joined["contribution"])
