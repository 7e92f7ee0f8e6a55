"""Every command the README and the docs/ pages show runs as written and ends with the exit code they give.

Commands come from ```sh blocks (one a line, `\\` joining lines) and from `fauna ...` spans in the text. Each page
runs in a folder of its own, its commands in the page's order (a page tells a story: a game made, then moved in),
in process through click's CliRunner (a subprocess a command would make the suite minutes slower). Files a page
uses without making them are made as a reader would have them: `game.toml` and `GAME.toml` by `fauna new-config`,
`game.txt` is the sample script of Fauna's guide, `tests/cases/...` and the bundled game files of replays/ are
copied from the clone, and `game.arctic`, `game.key` and `game-ann.view` are a finished, revealed refereed game.
A command's comment gives its exit code (`# no (exit 1)`; 0 otherwise) and, for `fauna check`, its number of
cases (`# 126 cases`).

Not run: usage patterns in the text (`fauna replay GAME`, `[--round R]`, `new/status/move`, `...`; a ```sh
block holds none), the bare name of a command in a sentence (`fauna replay`), and the commands listed in
SKIPPED with their reason; each entry there must still be shown on its page, so the list cannot outlive the docs.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from fauna_cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n?", re.M | re.S)
SPAN = re.compile(r"`(fauna [^`]+)`")
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z-]{2,}\b|\.\.\.|\[|\\\||/status/|\bN\b")
COMMANDS = {"fauna", "play", "replay", "pbem", "check", "simulate", "map", "scales", "animal", "new-config", "new",
            "status", "move", "apply", "show", "reveal", "invite", "join", "areas", "neighbors", "adjacent", "list",
            "stats"}

EXPERT_RUNS = ("the Fauna expert's measurement, a thousand games per seat order (about a minute each under coverage); "
               "tests/test_fauna_expert.py plays the expert in whole games")
# page -> {command as shown: why it is not run here}
SKIPPED: dict[str, dict[str, str]] = {
    "README.md": {
        "python3 -m venv .venv && .venv/bin/python -m pip install . && .venv/bin/fauna play":
            "the Quick start is for a fresh clone: it makes a virtual environment and installs from the package "
            "index (.ci/run runs the test line in a fresh clone; tests/test_cli_ux.py checks the two agree)",
        "python3 -m venv .venv && .venv/bin/python -m pip install '.[test]' && .venv/bin/python -m pytest "
        "--cov=rules --cov=fauna_cli --cov-fail-under=95": "the Quick start: the whole suite, run by .ci/run",
    },
    "docs/email-play.md": {
        "fauna pbem reveal game.arctic --key game.key":
            "step 4 is the end of a game, and the game of this page has just begun (exit 3: not over); "
            "docs/replay-html.md's commands reveal a finished one",
        "fauna pbem reveal deal.arctic --key deal.key --contribution deal-ann.contribution --contribution "
        "deal-ben.contribution": "the end of the joint-seed game, which has just begun here; "
                                 "tests/test_joint_seed.py reveals finished ones",
    },
    "docs/computer-players.md": {
        "fauna simulate --players 4 --bots statistician,random --games 1000 --seed 1":
            "a thousand games (seconds); the same options on 10 games run below",
        "fauna simulate --players 2 --bots naturalist:0.9,statistician --games 1000 --seed 1 --jobs 2":
            "a thousand games in two worker processes; tests/test_simulate.py runs --jobs on a few",
        "fauna simulate --players 2 --bots expert,statistician --games 1000 --seed 500031": EXPERT_RUNS,
        "fauna simulate --players 2 --bots statistician,expert --games 1000 --seed 500031": EXPERT_RUNS,
        "fauna simulate --players 2 --bots expert,naturalist:0.5 --games 1000 --seed 500031": EXPERT_RUNS,
        "fauna simulate --players 2 --bots expert,naturalist:0.9 --games 1000 --seed 500031": EXPERT_RUNS,
    },
}


@dataclass(frozen=True)
class Shown:
    """One command as a page shows it: its text, its comment, and where it is."""

    page: str
    line: int
    text: str
    comment: str
    in_block: bool


def shown_commands(page: Path, root: Path = ROOT) -> list[Shown]:
    """The commands of a page in the page's order: the lines of ```sh blocks and `fauna ...` spans of the text."""
    text = page.read_text(encoding="utf-8")
    name = page.relative_to(root).as_posix()
    found: list[tuple[int, Shown]] = []
    for block in FENCE.finditer(text):
        if block.group(1) != "sh":
            continue
        first = text.count("\n", 0, block.start(2)) + 1
        for i, line in enumerate(re.sub(r"\s*\\\n\s*", " ", block.group(2)).splitlines()):
            command, _, comment = _split_comment(line)
            if command:
                found.append((block.start(2) + i, Shown(name, first + i, command, comment, True)))
    prose = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)  # the text, its lines where they were
    for span in SPAN.finditer(prose):
        line = prose.count("\n", 0, span.start()) + 1
        found.append((_offset_of_line(text, line), Shown(name, line, " ".join(span.group(1).split()), "", False)))
    return [s for _, s in sorted(found, key=lambda f: (f[0], f[1].line))]


def _offset_of_line(text: str, line: int) -> int:
    return sum(len(x) + 1 for x in text.split("\n")[:line - 1])


def _split_comment(line: str) -> tuple[str, str, str]:
    """A shell line without its `# comment` (a `#` outside quotes after a blank), and the comment."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].strip(), "#", line[i + 1:].strip()
    return line.strip(), "", ""


def is_pattern(s: Shown) -> bool:
    """A usage pattern or a command's bare name in a sentence: nothing a reader would run as it stands.

    Only text can hold them: a ```sh block holds commands to run (a usage block is a plain ``` one).
    """
    return not s.in_block and (bool(PLACEHOLDER.search(s.text)) or all(w in COMMANDS for w in s.text.split()))


def to_run(page: Path, root: Path = ROOT) -> list[Shown]:
    skipped = SKIPPED.get(page.relative_to(root).as_posix(), {})
    return [s for s in shown_commands(page, root) if not is_pattern(s) and s.text not in skipped]


# -- files a page uses without making them -------------------------------------------------------------------

def _sample_script() -> str:
    guide = (ROOT / "docs" / "fauna-moves.md").read_text(encoding="utf-8")
    return next(b for b in re.findall(r"```text\n(.*?)```", guide, re.S) if b.startswith("# seed 400"))


def _finished_refereed_arctic_game(folder: Path) -> None:
    """game.arctic, game.key and game-ann.view of a refereed Arctic game ann played to its end with a bot, revealed."""
    import json

    runner = CliRunner()
    _provide("arctic.toml", folder)
    made = runner.invoke(cli, ["pbem", "new", "--config", "arctic.toml", "--players", "ann,ben", "--bots",
                               "human,random", "--out", "game.arctic", "--referee", "game.key"])
    assert made.exit_code == 0, made.output
    for _ in range(2_000):  # an Arctic game of two is about 60 of ann's decisions
        status = json.loads(runner.invoke(cli, ["pbem", "status", "game-ann.view", "--format", "json"]).output)
        if status["next"] is None:
            break
        choice = status["legal"][-1]
        moved = runner.invoke(cli, ["pbem", "move", "game.arctic", "--key", "game.key", "--as", "ann", choice])
        assert moved.exit_code == 0, moved.output
    else:
        raise AssertionError("the refereed Arctic game did not end in 2,000 decisions")
    assert runner.invoke(cli, ["pbem", "reveal", "game.arctic", "--key", "game.key"]).exit_code == 0


OUTPUTS = {"--out", "--log", "--html", "--svg", "--referee", "--secret", "--move-file"}


def _provide(word: str, folder: Path) -> None:
    """Make the file `word` names, if it is one a reader would already have and it is not there yet."""
    path = folder / word
    if path.exists():
        return
    if "/" in word and (ROOT / word).exists() and not word.startswith("/"):  # a path of the clone: tests/cases/...
        path.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / word).is_dir():
            shutil.copytree(ROOT / word, path)
        else:
            shutil.copy(ROOT / word, path)
    elif word in ("game.arctic", "game.key", "game-ann.view"):  # what players of a finished game keep
        _finished_refereed_arctic_game(folder)
    elif word == "game.txt":
        path.write_text(_sample_script(), encoding="utf-8")
    elif (ROOT / "replays" / word).is_file():
        shutil.copy(ROOT / "replays" / word, path)
    elif word.endswith(".toml") and word.removesuffix(".toml") in ("game", "fauna", "arctic", "exofauna", "evo"):
        game = word.removesuffix(".toml")
        args = ["new-config", word] if game in ("game", "fauna") else ["new-config", "--game", game, word]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output


def run(s: Shown, folder: Path) -> tuple[int, str]:
    """Run one command as written in `folder`; its exit code and output."""
    text = s.text
    env = {}
    unwrapped = re.fullmatch(r'eval "\$\((.*)\)"', text) or re.fullmatch(r"(.*) \| source", text)
    if unwrapped:  # a completion script the shell reads: fauna must print it
        text = unwrapped.group(1)
    words = shlex.split(text)
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    assert words[0] == "fauna", f"{s.page}:{s.line}: not a fauna command; list it in SKIPPED with the reason"
    stdin = ""
    if "<" in words:
        at = words.index("<")
        source = words[at + 1]
        words = words[:at] + words[at + 2:]
        stdin = "" if source == "/dev/null" else (folder / source).read_text(encoding="utf-8")
    if words[1:2] != ["new-config"]:  # which writes the config itself
        for before, word in zip(words[1:], words[2:], strict=False):
            if before not in OUTPUTS:
                _provide(word, folder)
    result = CliRunner().invoke(cli, words[1:], input=stdin, env=env or None, prog_name="fauna")
    if unwrapped:
        assert "_fauna_completion" in result.output.lower(), f"{s.page}:{s.line}: no completion script"
    return result.exit_code, result.output  # stdout and stderr as the terminal shows them


def expected_code(s: Shown) -> int:
    m = re.search(r"\bexit (\d+)", s.comment)
    return int(m.group(1)) if m else 0


def problems(page: Path, folder: Path, root: Path = ROOT) -> list[str]:
    """Run a page's commands in order in `folder` (the current directory); what differs from what the page says."""
    out = []
    for s in to_run(page, root):
        code, output = run(s, folder)
        if code != expected_code(s):
            out.append(f"{s.page}:{s.line}: {s.text}\nexit {code}, not {expected_code(s)}:\n{output[-2000:]}")
        cases = re.search(r"(\d+) cases", s.comment)
        if cases and f"\n{cases.group(1)} cases: " not in "\n" + output:
            out.append(f"{s.page}:{s.line}: {s.text}: not {cases.group(1)} cases:\n{output[-300:]}")
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_command_shown_runs_as_written_with_its_exit_code(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COLUMNS", raising=False)
    assert problems(page, tmp_path) == []


def test_a_wrong_exit_code_or_case_count_on_a_page_is_caught(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "p.md"
    page.write_text("```sh\nfauna map adjacent Sahel Tasmania\nfauna map adjacent Sahel Tasmania   # exit 1\n"
                    "fauna check tests/cases/arctic   # 112 cases\n```\n")
    found = problems(page, tmp_path, tmp_path)
    assert len(found) == 2
    assert found[0].startswith("docs/p.md:2: fauna map adjacent Sahel Tasmania\nexit 1, not 0:")
    assert found[1].startswith("docs/p.md:4: fauna check tests/cases/arctic: not 112 cases:")


def test_every_skipped_command_is_still_shown_on_its_page():
    for page, entries in SKIPPED.items():
        shown = {s.text for s in shown_commands(ROOT / page)}
        for command, reason in entries.items():
            assert command in shown, f"{page}: SKIPPED lists {command!r}, which the page no longer shows"
            assert reason


def test_the_pages_show_commands_and_most_of_them_run():
    runnable = [s for page in PAGES for s in to_run(page)]
    assert len(runnable) >= 40


def test_commands_are_found_in_blocks_and_text_with_their_comments(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("Run `fauna map neighbors Tasmania`, or `fauna replay` on a `fauna replay GAME`.\n\n```sh\n"
                    "fauna map adjacent Sahel \\\n    Tasmania   # no (exit 1)\nfauna check 'a # b'\n```\n")
    shown = shown_commands(page, tmp_path)
    assert [(s.text, s.comment) for s in shown] == [
        ("fauna map neighbors Tasmania", ""), ("fauna replay", ""), ("fauna replay GAME", ""),
        ("fauna map adjacent Sahel Tasmania", "no (exit 1)"), ("fauna check 'a # b'", "")]
    assert [is_pattern(s) for s in shown] == [False, True, True, False, False]
    assert not is_pattern(Shown("p.md", 1, "fauna replay GAME", "", True))  # a block's line is run, and fails
    assert expected_code(shown[3]) == 1
