"""Fauna's move scripts are the shared format of rules/core/script.py ('player: move' per line)."""

from rules.core.script import ScriptLine, format_script, parse_script

__all__ = ["ScriptLine", "format_script", "parse_script"]
