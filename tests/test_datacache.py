"""The parsed-data cache: keyed by the file's bytes (never stale), in the user's cache folder, silent on failure."""

import os
import subprocess
import sys
from pathlib import Path

from fauna_cli.datacache import FileCache, cache_dir
from rules.fauna import data

ROOT = Path(__file__).resolve().parent.parent


def test_a_cached_parse_is_the_same_document_and_a_changed_file_gets_a_new_entry(tmp_path):
    cache = FileCache(str(tmp_path / "c"))
    raw = data.read_bytes("board.toml")
    assert cache.get(raw) is None
    doc = data.load_toml_text(raw.decode(), "board.toml")
    cache.put(raw, doc)
    assert cache.get(raw) == doc
    assert cache.get(raw + b"\n# a typo fixed\n") is None  # other bytes, other key: never stale


def test_a_damaged_cache_file_is_ignored(tmp_path):
    cache = FileCache(str(tmp_path))
    raw = b"x = 1\n"
    cache.put(raw, {"x": 1})
    (entry,) = list(tmp_path.iterdir())
    entry.write_bytes(b"\x00garbage")
    assert cache.get(raw) is None


def test_the_cache_lives_in_the_users_cache_folder_and_can_be_turned_off(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("FAUNA_NO_CACHE", raising=False)
    assert cache_dir() == os.path.join(str(tmp_path), "fauna", "parsed-1")
    monkeypatch.setenv("FAUNA_NO_CACHE", "1")
    assert cache_dir() is None


def test_the_cli_fills_the_cache_and_answers_the_same_from_it(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    env.pop("FAUNA_NO_CACHE", None)
    args = [sys.executable, "-m", "fauna_cli", "animal", "show", "lion", "--reveal", "--format", "json"]
    first = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    assert list((tmp_path / "fauna" / "parsed-1").glob("*.marshal"))
    second = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    assert first == second and '"Lion"' in first


def test_the_built_deck_comes_back_equal_from_the_cache_and_a_changed_source_misses(tmp_path):
    from fauna_cli.datacache import BuiltFileCache
    from rules.fauna.animals import _build_deck

    cache = BuiltFileCache(str(tmp_path))
    data.use_built_cache(cache)
    try:
        built = []

        def build():
            built.append(1)
            return _build_deck()

        source = tmp_path / "animals.py"
        source.write_text("class Animal: ...\n")
        first = data.cached_build("deck", ["board.toml"], [str(source)], build)
        again = data.cached_build("deck", ["board.toml"], [str(source)], build)
        assert len(built) == 1 and again.animals == first.animals and again.cards == first.cards
        assert again.animal("lion") == first.animal("lion") and again.files == first.files
        source.write_text("class Animal:  # changed\n    ...\n")
        data.cached_build("deck", ["board.toml"], [str(source)], build)
        assert len(built) == 2  # a changed source file is a new key: never an object of an old class
        (tmp_path / "missing.py").unlink(missing_ok=True)
        data.cached_build("deck", ["board.toml"], [str(tmp_path / "missing.py")], build)
        assert len(built) == 3  # an unreadable source: built, not cached
    finally:
        data.use_built_cache(None)


def test_an_entry_is_used_only_for_the_very_bytes_it_was_made_from(tmp_path):
    cache = FileCache(str(tmp_path))
    raw = b"x = 1\n"
    cache.put(raw, {"x": 1})
    (entry,) = list(tmp_path.iterdir())
    other = b"x = 2\n"
    os.replace(entry, cache._path(other))  # as if another content had the same CRC and length
    assert cache.get(other) is None and cache.get(raw) is None


def test_a_refereed_game_plays_its_recorded_facts_with_the_older_deck_cached_and_the_newer_installed(tmp_path):
    """Each command a fresh process, the cache warm from the older deck: the game goes on with the facts it was
    dealt, the newer deck's weight is not taken (neither from a stale cache entry nor from the installed data)."""
    import json
    import re
    import shutil

    old, new = tmp_path / "release-1", tmp_path / "release-2"
    shutil.copytree(ROOT / "data", old)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT),
           "FAUNA_DATA_DIR": str(old)}
    env.pop("FAUNA_NO_CACHE", None)

    def fauna(*args: object) -> str:
        done = subprocess.run([sys.executable, "-m", "fauna_cli", *map(str, args)], env=env, capture_output=True,
                              text=True, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        return done.stdout

    (tmp_path / "g.toml").write_text('[game]\ngoal = 30\n[[players]]\nname = "ann"\n[[players]]\nname = "bob"\n')
    fauna("pbem", "new", "--config", "g.toml", "--out", "g.fauna", "--referee", "g.key", "--seed", 4242,
          "--public-seed")
    name = re.search(r"^round 1 \S+ starts: card \d+ \w+ (.+) @", (tmp_path / "g.key").read_text(), re.M).group(1)
    shutil.copytree(old, new)
    for path in sorted((new / "animals").glob("*.toml")):  # the round's animal heavier in the newer deck
        text = path.read_text(encoding="utf-8")
        block = next((b for b in text.split("[[animal]]") if f'\nname = "{name}"\n' in b), None)
        if block is not None:
            line = next(ln for ln in block.split("\n") if ln.startswith("weight = "))
            path.write_text(text.replace(block, block.replace(line, "weight = 123456.0", 1), 1), encoding="utf-8")
            break
    env["FAUNA_DATA_DIR"] = str(new)
    for _ in range(12):  # until round 1 is evaluated: each player places, then passes
        key = (tmp_path / "g.key").read_text()
        if "\nanswer 1 " in key:
            break
        who = json.loads(fauna("pbem", "status", "g-ann.view", "--format", "json"))["next"]["player"]
        legal = json.loads(fauna("pbem", "status", f"g-{who}.view", "--format", "json"))["legal"]
        fauna("pbem", "move", "g.fauna", "--key", "g.key", "--as", who, "pass" if "pass" in legal else legal[0])
    answer = re.search(r"^answer 1 [^:]+: (\{.*\}) @", (tmp_path / "g.key").read_text(), re.M)
    assert answer is not None
    assert json.loads(answer.group(1)).get("weight") != "123456"  # the weight it was dealt, not the newer one
