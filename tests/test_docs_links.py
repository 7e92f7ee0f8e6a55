"""Every link between the README and the docs/ pages leads somewhere: the file exists, and so does the heading.

A split README is only as good as its links; a page renamed or a heading reworded must fail here, not for a
reader. Anchors follow GitHub's rule for headings (lower case, punctuation dropped, spaces to hyphens).
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"[`*_]{1,2}(?=\S)|(?<=\S)[`*_]{1,2}", "", heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, numbered as GitHub numbers repeats (-1, -2, ...)."""
    seen: dict[str, int] = {}
    out = set()
    for heading in re.findall(r"^#{1,6} (.+)$", FENCE.sub("", page.read_text(encoding="utf-8")), re.M):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(page: Path) -> list[str]:
    """The relative targets of a page's markdown links, outside code blocks."""
    return [t for t in LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8")))
            if not re.match(r"[a-z]+:", t)]


def test_the_slug_rule_matches_githubs_on_the_headings_used_here():
    assert slug("A seed nobody chooses: `--joint-seed`") == "a-seed-nobody-chooses---joint-seed"
    assert slug("At the prompt (every game)") == "at-the-prompt-every-game"
    assert slug("Move files: everyone keeps a copy, only the moves travel") == \
        "move-files-everyone-keeps-a-copy-only-the-moves-travel"


def broken_links(page: Path) -> list[str]:
    """The links of a page that lead nowhere, each with why."""
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no heading '{anchor}' in {dest.name}")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_points_at_an_existing_file_and_heading(page):
    assert broken_links(page) == []


PATH_SPAN = re.compile(r"`((?:docs|data|rules|fauna_cli|tests|tools|replays)/[\w./-]+|[\w-]+\.md)`")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_file_of_the_project_a_page_names_exists(page):
    """`docs/arctic-moves.md`, `rules/core/limits.py`: a path a reader is sent to exists (from the page or the top)."""
    named = PATH_SPAN.findall(FENCE.sub("", page.read_text(encoding="utf-8")))
    missing = [p for p in named if not (ROOT / p).exists() and not (page.parent / p).exists()
               and not re.search(r"[A-Z]{3,}", p)]  # GAME, NAME: a pattern, not a file
    assert missing == []


def test_the_readme_links_every_docs_page():
    readme = ROOT / "README.md"
    linked = {(readme.parent / t.partition("#")[0]).resolve() for t in links(readme)}
    assert {p.resolve() for p in PAGES[1:]} <= linked


def test_a_broken_link_and_a_missing_heading_are_caught(tmp_path):
    (tmp_path / "a.md").write_text("# Title\n\n## Some part: `x`\n\n[ok](#some-part-x) [bad](#nope) [gone](b.md)\n")
    page = tmp_path / "a.md"
    assert anchors(page) == {"title", "some-part-x"}
    assert broken_links(page) == ["#nope: no heading 'nope' in a.md", "b.md: no such file"]
    (tmp_path / "b.md").write_text("# B\n")
    assert broken_links(page) == ["#nope: no heading 'nope' in a.md"]


def test_the_readme_stays_short_enough_to_read_before_playing():
    """Issue 29: the README gets a person playing and e-mailing; everything else lives in docs/."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 250
    for heading in ("## Quick start", "## Four games", "## Play by e-mail", "## Exit codes", "## Documentation"):
        assert heading in lines


def _cases(folder: Path, recursive: bool) -> int:
    files = folder.rglob("*.toml") if recursive else folder.glob("*.toml")
    return sum(len(re.findall(r"^\[\[case\]\]", f.read_text(encoding="utf-8"), re.M)) for f in files)


def test_the_numbers_of_rule_cases_the_pages_give_are_the_suites():
    """A count written in prose goes stale as cases are added ("112 rule cases" where there were 126)."""
    cases = ROOT / "tests" / "cases"
    counts = {game: _cases(cases / game, True) for game in ("arctic", "exofauna", "evo")}
    counts["fauna"] = _cases(cases, False)
    for game in ("arctic", "exofauna", "evo"):
        said = re.findall(r"\b(\d+) cases\b", (ROOT / "docs" / f"rule-cases-{game}.md").read_text(encoding="utf-8"))
        assert said and {int(n) for n in said} == {counts[game]}, (game, said, counts[game])
    table = dict(re.findall(r"^\| (Fauna|Arctic|ExoFauna/Duo|Evo) \| (\d+)", (ROOT / "docs" / "rule-cases.md")
                            .read_text(encoding="utf-8"), re.M))
    assert {k: int(v) for k, v in table.items()} == {"Fauna": counts["fauna"], "Arctic": counts["arctic"],
                                                      "ExoFauna/Duo": counts["exofauna"], "Evo": counts["evo"]}
