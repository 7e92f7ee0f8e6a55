"""Real `--format json` output of every command for every game, for tests/test_json_schemas.py.

Each document comes from running the command line as a user would (in process, through click), on small
games played here and on the golden logs in replays/; nothing is written by hand, so a schema that does not
describe what the commands print fails its test.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

from click.testing import CliRunner

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
