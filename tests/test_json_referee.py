"""Issue 28: the referee's `--format json` documents (a view file, the public file, the referee's commands) have the
keys of the plain game file's documents, described by the same JSON Schemas in docs/schemas/ (plus pbem-reveal,
replay-view, replay-contribution, pbem-invite and pbem-join), checked here against real output of all four games."""

from __future__ import annotations

import functools
import json
import re

import pytest
from jsonschema import Draft202012Validator

from tests.jsonshapes import GAMES, documents, json_of, referee_documents
from tests.test_json_schemas import REFEREE_ONLY, SCHEMAS, problems, validator

FAUNA_KEPT = {"seed", "config", "round", "starting_player", "front", "status", "players", "move", "format", "data"}


@pytest.fixture(scope="module", params=GAMES)
def played(request, tmp_path_factory):
    """(game, [(schema, what, document)]) of one refereed game of each game, played to the end and revealed."""
    game = request.param
    folder = tmp_path_factory.mktemp(f"referee-{game}")
    return game, folder, list(referee_documents(game, folder))


def test_every_referee_document_fits_its_commands_schema(played):
    game, _, docs = played
    assert {schema for schema, _, _ in docs} == {"pbem-new", "pbem-status", "pbem-move", "pbem-apply", "replay",
                                                 *REFEREE_ONLY}
    for schema, what, doc in docs:
        assert problems(schema, doc) == [], (game, what)
        if "game" in doc:
            assert doc["game"] == game, what


def test_the_referee_schemas_are_new_files_beside_the_others():
    assert set(REFEREE_ONLY) <= {p.stem for p in SCHEMAS.glob("*.json")}


def test_a_referee_document_has_every_key_of_the_plain_files_document(played, tmp_path):
    """A program reads a view file's (or the public file's) status, move, apply and new like a plain file's: every key
    the plain document has is there (only Fauna's keys kept from before the shapes were shared are not)."""
    game, _, docs = played
    plain = {}
    for command in ("pbem-new", "pbem-status", "pbem-move", "pbem-apply", "replay"):
        plain[command] = set.intersection(*(set(d) for _, d in documents(command, game, tmp_path / command)))
    for schema, what, doc in docs:
        if schema not in plain or (schema == "replay" and doc.get("revealed") is False):
            continue
        missing = plain[schema] - FAUNA_KEPT - set(doc)
        assert not missing, (what, missing)


@functools.cache
def _validator(schema: str) -> Draft202012Validator:
    return validator(schema)


def test_dropping_any_key_of_a_referee_document_breaks_its_schema(played):
    """Every key a referee document has is one its schema requires for that kind of file: none may go unnoticed."""
    _, _, docs = played
    seen: dict[str, int] = {}
    for schema, what, doc in docs:
        if "referee" not in doc or seen.setdefault(what, 0) == 2:  # each kind of document twice is enough
            continue
        seen[what] += 1
        for key in doc:
            assert not _validator(schema).is_valid({k: v for k, v in doc.items() if k != key}), (what, key)


def test_a_plain_document_with_a_referee_key_is_refused(tmp_path):
    """The schema tells the kinds of file apart: a plain file's status may not carry a view file's keys."""
    _, doc = next(documents("pbem-status", "arctic", tmp_path))
    assert any("history" in p or "False schema" in p for p in problems("pbem-status", {**doc, "history": []}))
    assert problems("pbem-status", {**doc, "head": {"line": None, "hash": doc["head"]["hash"]}})


def test_view_and_public_status_say_where_the_game_stands_as_the_files_do(played):
    game, folder, docs = played
    pub = (folder / f"r.{game}").read_text().split("\n")
    by = {what: doc for _, what, doc in docs}
    view, public = by["status VIEW (over)"], by["status PUBLIC (over, before the reveal)"]
    for doc in (view, public):
        assert doc["over"] is True and doc["to_move"] is None and doc["next"] is None and doc["legal"] == []
        assert doc["moves"] == public["decisions"][-1]["seq"] and doc["last_move"]["seq"] == doc["moves"]
    assert view["view_of"] == view["player"] == "me" and view["seq"] == view["moves"]
    assert view["winners"] == public["winners"] == by["status PUBLIC (revealed)"]["winners"] != []
    start = by["status VIEW (start)"]
    assert start["moves"] == start["seq"] and start["to_move"] == start["next"]["player"] == "me"
    assert start["legal"] and start["head"]["line"] is None
    head = public["head"]  # the public file's line that move files continue, and its hash, as in the file
    assert pub[head["line"] - 1].endswith(f" @{head['hash']}") and view["head"]["hash"] == head["hash"]
    revealed = by["status PUBLIC (revealed)"]
    assert revealed["revealed"] is True and revealed["head"]["line"] == revealed["lines"] == len(pub) - 1
    assert by["reveal"]["head"] == revealed["head"] and by["reveal"]["winners"] == revealed["winners"]


def test_a_move_sent_from_a_view_file_says_where_its_move_file_went_in_one_json_document(played):
    """pbem move VIEWFILE --format json printed text ('Move file: ...') instead of a JSON document."""
    _, folder, docs = played
    sent = [doc for _, what, doc in docs if what == "move VIEW"]
    assert sent and all(d["move_file"]["file"] == str(folder / f"m{n}.txt") for n, d in enumerate(sent))
    for d in sent:
        text = (folder / f"m{sent.index(d)}.txt").read_text()
        assert d["move_file"]["text"] == text and f"\nafter {d['head']['hash']}\n" in text
        assert d["events"] == [] and d["rounds"] == [] and d["player"] == "me"
    printed = [doc for _, what, doc in docs if what == "move VIEW --print-move"]
    assert printed and all(d["move_file"]["file"] is None for d in printed)


def test_the_referees_documents_keep_hidden_decisions_in_their_public_words(played):
    """`pbem move --key` gives the rounds it finished with each decision as the public file words it."""
    game, folder, docs = played
    said = {d["seq"]: d["move"] for _, what, doc in docs if what == "status PUBLIC (over, before the reveal)"
            for d in doc["decisions"]}
    made = {int(m[1]): m[2] for m in re.finditer(r"^(\d+) [^:\n]+: (.+) @", (folder / "r.key").read_text(), re.M)}
    rounds = [r for _, what, doc in docs if what == "move --key" for r in doc["rounds"]]
    moves = [m for r in rounds for m in r["moves"]]
    assert all(m["move"] == said[m["seq"]] for m in moves)
    if game != "fauna":  # Fauna's refereed rounds come as none (its round reports are its plain files' own)
        assert moves
    if game == "arctic":  # cards placed face down and discarded: hidden, and listed as everyone read them
        assert any(made[m["seq"]] != m["move"] for m in moves)


def test_a_refereed_new_game_prints_no_seed_unless_it_is_public(played):
    game, folder, docs = played
    by = {what: doc for _, what, doc in docs}
    seed = re.search(r"^seed (\d+) @", (folder / "s.key").read_text(), re.M).group(1)
    made = by["new --referee"]
    assert made["seed"] is None and made["seed_drawn"] is True and seed not in json.dumps(made)
    assert made["views"] == [str(folder / "s-me.view")] and made["key"] == str(folder / "s.key")
    assert made["head"]["line"] >= 1 and made["public"] is True
    assert (by["new --referee --public-seed"]["seed"], by["new --referee --public-seed"]["seed_drawn"]) == (7, False)
    assert by["new --joint-seed"]["seed"] is None and by["new --joint-seed"]["seed_drawn"] is False


def test_a_player_applying_update_files_is_told_it_as_a_copy_is(played):
    _, folder, docs = played
    applied = [doc for _, what, doc in docs if what == "apply VIEW UPDATE"]
    for doc in applied:
        assert len(doc["applied"]) == len(doc["update_files"]) == 1 and doc["ignored"] == [] and doc["problem"] is None
        assert doc["update_files"][0]["seq"] == doc["moves"] and doc["view_of"] == doc["player"] == "me"
        assert doc["file"] == str(folder / "kept" / "r-me.view")


def test_replay_of_a_public_file_before_the_reveal_says_only_what_the_chain_verifies(tmp_path):
    game = "arctic"
    docs = {what: doc for _, what, doc in referee_documents_until_replay(game, tmp_path)}
    doc = docs["replay PUBLIC (before the reveal)"]
    assert (doc["revealed"], doc["verified"]["to_end"], doc["over"]) == (False, True, False)
    assert "seed" not in doc and "rounds" not in doc
    status = json_of("pbem", "status", tmp_path / f"r.{game}")
    assert doc["verified"]["head"] == status["head"]["hash"] and doc["lines"] == status["lines"]


def referee_documents_until_replay(game, folder):
    for item in referee_documents(game, folder):
        yield item
        if item[1] == "replay PUBLIC (before the reveal)":
            return
