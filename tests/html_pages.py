"""Helpers for the tests of `fauna replay --html` (tests/test_html_replay.py, tests/test_html_browser.py)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.main import cli
from rules.core.log import chain

ROOT = Path(__file__).resolve().parent.parent
GOLDENS = {"fauna": ROOT / "replays" / "2p-published-metric.fauna", "arctic": ROOT / "replays" / "2p-arctic.arctic",
           "exofauna": ROOT / "replays" / "2p-exofauna.exofauna", "evo": ROOT / "replays" / "2p-evo.evo"}


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="fauna")


def cut(text: str, seq: int) -> str:
    """A game log as it stood after move `seq`: the lines up to that move's, and the closing `next` line."""
    out: list[str] = []
    for line in text.split("\n"):
        m = re.match(r"^(\d+) ([^:]+): ", line)
        if m and int(m.group(1)) == seq + 1:
            head = out[-1].rsplit(" @", 1)[1]
            closing = f"next {seq + 1} {m.group(2)}"
            return "\n".join([*out, f"{closing} @{chain(head, closing)}"]) + "\n"
        out.append(line)
    raise ValueError(f"the log has no move {seq + 1}")


def page_data(path: Path) -> dict:
    """The data a page's script reads (its JSON block)."""
    text = path.read_text(encoding="utf-8")
    blob = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', text, re.S)
    assert blob is not None
    return json.loads(blob.group(1))


def status_svg(game: Path, out: Path, *extra: str) -> str:
    """The picture `fauna pbem status GAME --svg` draws."""
    done = run("pbem", "status", game, "--svg", out, *extra)
    assert done.exit_code == 0, done.output
    return out.read_text(encoding="utf-8")


def strings(value, path: str = "") -> dict[str, str]:
    """A view's text leaves as {path: text}."""
    if isinstance(value, dict):
        return {k: v for key, sub in value.items() for k, v in strings(sub, f"{path}.{key}").items()}
    if isinstance(value, list):
        return {k: v for i, sub in enumerate(value) for k, v in strings(sub, f"{path}[{i}]").items()}
    return {path: value} if isinstance(value, str) else {}


def occurs(word: str, text: str) -> bool:
    """Whether `word` stands in `text` as a whole (not inside a longer word or card name)."""
    return re.search(r"(?<![\w/])" + re.escape(word) + r"(?![\w/])", text) is not None


def page_text(path: Path) -> str:
    """A page's text, with HTML's escapes read (so '&amp;' in a page matches '&' in a card)."""
    raw = path.read_text(encoding="utf-8")
    return raw + "\n" + html.unescape(raw)
