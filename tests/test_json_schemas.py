"""Issue 28: every command's `--format json` has one shape for all four games, described by a JSON Schema in
docs/schemas/ and checked here against real output (small games played here and the golden logs in replays/);
and `pbem status GAME --as NAME` lists NAME's choices for a plain game file of every game."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from rules.core.movefile import BEGIN
from tests.jsonshapes import GAMES, ROOT, documents, first_legal, game_file, json_of, run

SCHEMAS = ROOT / "docs" / "schemas"
FAUNA_QUERIES = {  # Fauna's own commands (no other game has a map, scales or animal cards): schema -> command lines
    "map-areas": [["map", "areas"], ["map", "areas", "--kind", "marine"]],
    "map-neighbors": [["map", "neighbors", "tasmania"]],
    "map-adjacent": [["map", "adjacent", "japan", "Bering Sea"], ["map", "adjacent", "Tasmania", "Alaska"]],
    "scales": [["scales"], ["scales", "--units", "imperial"]],
    "animal-show": [["animal", "show", "lion"], ["animal", "show", "lion", "--reveal"]],
    "animal-list": [["animal", "list"], ["animal", "list", "--cards", "green"]],
}
REFEREE_ONLY = ["pbem-reveal", "replay-view", "replay-contribution", "pbem-invite", "pbem-join"]  # test_json_referee
COMMANDS = ["pbem-new", "pbem-status", "pbem-move", "pbem-apply", "pbem-show", "replay", "play", "check", "simulate"]


def _registry() -> Registry:
    resources = []
    for path in SCHEMAS.glob("*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        resources.append((doc["$id"], Resource.from_contents(doc)))
    return Registry().with_resources(resources)


REGISTRY = _registry()


def validator(command: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMAS / f"{command}.json").read_text(encoding="utf-8")),
                                registry=REGISTRY)


def problems(command: str, doc: dict) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in validator(command).iter_errors(doc)]


def test_every_schema_is_a_valid_schema_and_every_command_has_one():
    names = {p.stem for p in SCHEMAS.glob("*.json")}
    assert names == {*COMMANDS, *FAUNA_QUERIES, *REFEREE_ONLY, "common", "error"}
    for name in names:
        Draft202012Validator.check_schema(json.loads((SCHEMAS / f"{name}.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", COMMANDS)
def test_real_output_of_every_game_fits_the_commands_schema(command, game, tmp_path):
    docs = list(documents(command, game, tmp_path))
    assert docs
    for what, doc in docs:
        assert problems(command, doc) == [], what
        if "game" in doc:
            assert doc["game"] == game, what


def test_the_schemas_catch_a_document_of_the_old_shape(tmp_path):
    """Fauna's pbem status before the shapes were shared: `game` was the file, `over`/`to_move` under `status`."""
    _, doc = next(documents("pbem-status", "fauna", tmp_path))
    old = {k: v for k, v in doc.items() if k not in ("over", "to_move", "file", "legal", "view", "view_of")}
    old["game"] = doc["file"]
    found = problems("pbem-status", old)
    assert any("'over' is a required property" in p for p in found)
    assert any("is not one of ['fauna', 'arctic', 'exofauna', 'evo']" in p for p in found)


@pytest.mark.parametrize("game", GAMES)
def test_status_shares_where_the_game_stands_at_the_top_for_every_game(game, tmp_path):
    path = game_file(tmp_path, game, 2)
    doc = json_of("pbem", "status", path)
    from fauna_cli.gamefile import load_game

    state = load_game(str(path)).state
    assert (doc["game"], doc["file"], doc["moves"], doc["over"], doc["to_move"]) == \
        (game, str(path), state.seq, False, state.to_move)
    assert doc["next"] == {"seq": state.seq + 1, "player": state.to_move}


# -- pbem status --as NAME lists the choices on a plain game file --------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_status_as_the_player_to_move_lists_their_choices(game, tmp_path):
    from fauna_cli.gamefile import load_game

    path = game_file(tmp_path, game, 1)
    player, _ = first_legal(path)
    state = load_game(str(path)).state
    legal = [state.move_text(m) for m in state.legal_moves()]
    assert len(legal) > 1
    doc = json_of("pbem", "status", path, "--as", player.upper())  # names match case-insensitively
    assert doc["view_of"] == player and doc["legal"] == legal
    code, text = run("pbem", "status", path, "--as", player)
    assert code == 0, text
    assert f"  1. {legal[0]}" in text.splitlines()  # numbered as at the prompt
    assert last_number(text) == len(legal)  # every choice: no prompt follows to list the rest
    assert "type 'moves'" not in text


def last_number(text: str) -> int:
    """The highest choice number a screen lists ('  7. x' or '  8-13. play ... [a | b]')."""
    import re

    return max((int(m[2] or m[1]) for m in re.finditer(r"^  (\d+)(?:-(\d+))?\. ", text, re.M)), default=0)


@pytest.mark.parametrize("game", GAMES)
def test_status_as_a_player_who_is_not_to_move_lists_no_choices(game, tmp_path):
    path = game_file(tmp_path, game, 1)
    doc = json_of("pbem", "status", path, "--as", "bot1")
    assert doc["view_of"] == "bot1" and doc["legal"] == [] and doc["to_move"] == "me"
    assert json_of("pbem", "status", path)["legal"] == []


def test_fauna_status_as_an_unknown_player_is_refused_with_the_players(tmp_path):
    path = game_file(tmp_path, "fauna", 0)
    code, text = run("pbem", "status", path, "--as", "zed")
    assert code == 2
    assert "unknown player 'zed'" in text and "(players: me, bot1)" in text


def test_pbem_move_print_move_keeps_json_output_one_document(tmp_path):
    """--print-move under --format json: the move file's text is in the document, not printed before it."""
    for game in GAMES:
        folder = tmp_path / game
        folder.mkdir()
        path = game_file(folder, game, 0)
        player, text = first_legal(path)
        doc = json_of("pbem", "move", path, "--as", player, "--print-move", text)
        assert doc["move_file"]["file"] is None and doc["move_file"]["text"].startswith(BEGIN)


def test_apply_names_the_game_and_the_file(tmp_path):
    for game in GAMES:
        docs = dict(documents("pbem-apply", game, tmp_path / game))
        assert docs["apply"]["game"] == game and docs["apply"]["file"].endswith(f"copy.{game}")
        assert len(docs["apply"]["applied"]) == 1 and len(docs["apply again (ignored)"]["ignored"]) == 1


@pytest.mark.parametrize("game", GAMES)
def test_pbem_move_takes_the_number_of_a_choice_status_lists(game, tmp_path):
    """The numbers `pbem status --as NAME` shows can be sent as they are: the saved move is the choice's text."""
    from fauna_cli.gamefile import load_game

    path = game_file(tmp_path, game, 0)
    player, _ = first_legal(path)
    legal = json_of("pbem", "status", path, "--as", player)["legal"]
    before = load_game(str(path)).state.seq
    code, text = run("pbem", "move", path, "--as", player, str(len(legal) + 1))
    assert code == 3 and f"there is no choice {len(legal) + 1}: choose 1 to {len(legal)}" in text
    doc = json_of("pbem", "move", path, "--as", player, "--print-move", str(len(legal)))
    assert f"\nmove {legal[-1]}\n" in doc["move_file"]["text"]
    state = load_game(str(path)).state
    assert state.move_text(state.history[before][1]) == legal[-1]


@pytest.mark.parametrize("game", GAMES)
def test_errors_of_every_game_are_one_json_object_on_stderr_that_fits_the_error_schema(game, tmp_path):
    import subprocess
    import sys

    path = game_file(tmp_path, game, 0)
    cases = [(["pbem", "move", str(path), "--as", "me", "zzz qqq"], 3),
             (["pbem", "status", str(path), "--as", "nobody"], 2),
             (["replay", str(tmp_path / "missing.log")], 2)]
    for args, code in cases:
        result = subprocess.run([sys.executable, "-m", "fauna_cli", *args, "--format", "json"], cwd=ROOT,
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == code, (args, result.stderr)
        assert result.stdout == "" and result.stderr.count("\n") == 1
        doc = json.loads(result.stderr)
        assert problems("error", doc) == [] and doc["error"]["exit_code"] == code


@pytest.mark.parametrize("command", sorted(FAUNA_QUERIES))
def test_fauna_queries_fit_their_schemas(command):
    for args in FAUNA_QUERIES[command]:
        code, out = run(*args, "--format", "json")
        assert code in (0, 1), out  # map adjacent: 1 is "no"
        assert problems(command, json.loads(out)) == [], args
