"""Fauna's data files, read through the engine's shared data reader (rules/core/data.py), under their old names."""

from __future__ import annotations

from rules.core.data import (
    BuiltCache,
    ParsedCache,
    cached_build,
    data_dir,
    fingerprint,
    list_files,
    load_csv,
    load_toml,
    load_toml_bytes,
    load_toml_text,
    read_bytes,
    use_built_cache,
    use_parsed_cache,
)

__all__ = ["BuiltCache", "ParsedCache", "cached_build", "data_dir", "fingerprint", "list_files", "load_csv",
           "load_toml", "load_toml_bytes", "load_toml_text", "read_bytes", "use_built_cache", "use_parsed_cache"]
