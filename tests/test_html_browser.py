"""`fauna replay --html` pages in a real browser (issue 32): headless Chromium, driven by Playwright.

The browser is Debian's `chromium` (/usr/bin/chromium; `.ci/run` installs it when it is missing), never a
browser Playwright downloads. Each test opens a page written by `fauna replay GAME --html` from a file://
address and checks what a person would: the pictures, the controls, the address `#57`, that the page asks
nothing of the network and logs no error. A screenshot of one step is kept as an artifact (printed path).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.html_pages import GOLDENS, cut, run, status_svg

CHROMIUM = os.environ.get("FAUNA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

SAME_PICTURE = """(text) => {
  const shown = document.querySelector('#picture svg');
  const want = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  const s = new XMLSerializer();
  return shown !== null && s.serializeToString(shown) === s.serializeToString(want);
}"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """One headless Chromium for the module, with a fresh profile."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium), as .ci/run does")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(str(tmp_path_factory.mktemp("profile")),
                                                       executable_path=CHROMIUM, args=ARGS, headless=True)
        yield context
        context.close()


class Opened:
    """A page open in the browser, with every request it made and every console message or error."""

    def __init__(self, context, path: Path, address: str = "") -> None:
        self.page = context.new_page()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: self.errors.append(f"{m.type}: {m.text}") if m.type in (
            "error", "warning") else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.url = path.resolve().as_uri()
        self.page.set_viewport_size({"width": 1400, "height": 1000})
        self.page.goto(self.url + address)

    def current(self) -> int:
        return int(self.page.evaluate("faunaReplay.current()"))

    def shows(self, svg: str) -> bool:
        return bool(self.page.evaluate(SAME_PICTURE, svg))

    def close(self) -> None:
        assert self.errors == [], self.errors
        assert self.requests == [self.url], f"requests beyond the page itself: {self.requests}"
        self.page.close()


def _page(tmp_path: Path, game: str, *extra: str) -> Path:
    page = tmp_path / f"{game}.html"
    done = run("replay", GOLDENS[game], "--html", page, *extra)
    assert done.exit_code == 0, done.output
    return page


@pytest.mark.parametrize("game", list(GOLDENS))
def test_first_and_last_decisions_show_the_picture_pbem_status_draws(game, browser, tmp_path):
    page = _page(tmp_path, game)
    one = tmp_path / "one.game"
    one.write_text(cut(GOLDENS[game].read_text(), 1))
    first, last = status_svg(one, tmp_path / "first.svg"), status_svg(GOLDENS[game], tmp_path / "last.svg")
    opened = Opened(browser, page)
    assert opened.current() == 0
    opened.page.keyboard.press("ArrowRight")
    assert opened.current() == 1 and opened.shows(first) and not opened.shows(last)
    assert opened.page.evaluate("faunaReplay.svgText(1)") == first
    opened.page.keyboard.press("End")
    end = opened.page.evaluate("faunaReplay.last")
    assert opened.current() == end and opened.shows(last)
    assert opened.page.evaluate(f"faunaReplay.svgText({end})") == last
    assert opened.page.locator("#picture svg > title").text_content() == last.split("<title>")[1].split("</title>")[0]
    assert opened.page.locator("#results").get_by_text("Final", exact=False).count() > 0
    opened.close()


def test_the_controls_and_the_address_land_on_the_right_decision(browser, tmp_path, tmp_path_factory):
    page = _page(tmp_path, "arctic")
    moves = [line.rsplit(" @", 1)[0] for line in GOLDENS["arctic"].read_text().split("\n")
             if line[:1].isdigit()]
    opened = Opened(browser, page, "#57")
    p = opened.page
    assert opened.current() == 57
    assert p.locator("#caption").text_content() == f"Decision 57: {moves[56].split(' ', 1)[1]}"
    assert p.locator("li[aria-current=step]").get_attribute("id") == "d57"
    p.click("#next")
    assert opened.current() == 58 and p.evaluate("location.hash") == "#58"
    p.click("#prev")
    p.click("#prev")
    assert opened.current() == 56
    p.keyboard.press("Home")
    assert opened.current() == 0 and "Start" in p.locator("#where").text_content()
    p.click("#last")
    last = p.evaluate("faunaReplay.last")
    assert opened.current() == last == len(moves)
    p.keyboard.press("ArrowLeft")
    assert opened.current() == last - 1
    p.click("#first")
    assert opened.current() == 0
    p.locator("#slider").fill("100")
    assert opened.current() == 100 and p.locator("#where").text_content() == f"Decision 100 of {last}"
    p.click("#d12 a")  # a decision in the list is a link to its address
    assert opened.current() == 12 and p.evaluate("location.hash") == "#12"
    p.evaluate("location.hash = '#30'")  # an address typed or followed later
    p.wait_for_function("faunaReplay.current() === 30")
    # the round's tables once a round has ended
    ends = [s["seq"] for s in p.evaluate("JSON.parse(document.getElementById('replay-data').textContent).steps")
            if "tables" in s]
    p.evaluate(f"faunaReplay.show({ends[0]})")
    assert p.locator("#results table").count() >= 1
    p.evaluate("faunaReplay.show(57)")
    shots = tmp_path_factory.mktemp("html-artifacts")
    shot = shots / "arctic-decision-57.png"
    p.screenshot(path=str(shot))
    assert shot.stat().st_size > 20_000
    print(f"\nscreenshot of decision 57: {shot}")
    # each step's time in the browser: measured and printed, not asserted (issue 32 asks under 50 ms)
    started = time.perf_counter()
    worst = p.evaluate("""() => { let worst = 0;
      for (let k = 0; k <= faunaReplay.last; k++) { const t = performance.now(); faunaReplay.show(k);
        document.body.getBoundingClientRect(); worst = Math.max(worst, performance.now() - t); } return worst; }""")
    print(f"stepping through {last} decisions: {time.perf_counter() - started:.2f} s, slowest step {worst:.1f} ms")
    opened.close()


def test_a_players_page_and_a_view_files_page_work_in_the_browser(browser, tmp_path):
    page = _page(tmp_path, "evo", "--as", "ben")
    opened = Opened(browser, page, "#40")
    assert opened.current() == 40 and "ben" in opened.page.locator("#viewer").text_content()
    opened.close()
    view_page = tmp_path / "view.html"
    from tests.test_html_replay import _refereed

    _refereed(tmp_path, 6)
    assert run("replay", tmp_path / "g-p1.view", "--html", view_page).exit_code == 0
    opened = Opened(browser, view_page, "#3")
    assert opened.current() == 3 and opened.page.locator("#picture .missing").count() == 1
    opened.page.keyboard.press("End")
    assert opened.shows(status_svg(tmp_path / "g-p1.view", tmp_path / "v.svg"))
    opened.close()
