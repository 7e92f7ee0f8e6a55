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
