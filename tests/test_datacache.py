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
    raw = data.read_bytes("animals/01-africa.toml")
    assert cache.get(raw) is None
    doc = data.load_toml_text(raw.decode(), "animals/01-africa.toml")
    cache.put(raw, doc)
    assert cache.get(raw) == doc
    assert cache.get(raw + b"\n# a typo fixed\n") is None  # other bytes, other key: never stale


def test_a_damaged_cache_file_is_ignored(tmp_path):
    cache = FileCache(str(tmp_path))
    raw = b"x = 1\n" + b"#" * 30_000 + b"\n"
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


def test_small_files_are_parsed_directly_not_cached(tmp_path):
    cache = FileCache(str(tmp_path))
    cache.put(b"x = 1\n", {"x": 1})  # hashing and importing hashlib would cost more than parsing
    assert cache.get(b"x = 1\n") is None and not list(tmp_path.iterdir())
