"""Share links open at the right move with a scrubber; tampered links get a message; a second visit
works with the server stopped; the same seeded bots-only game is identical in CPython and Pyodide."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games.bots import play_bots_game
from random_play import play_random_game
from support import (
    CHROMIUM,
    FLAGS,
    ROOT,
    Site,
    Watch,
    goto_app,
    open_app,
    own_app,
    reload_app,
    to_lobby,
)
from ui.links import encode_link


def open_link(context: BrowserContext, site: Site, watch: Watch, fragment: str) -> Page:
    return open_app(context, watch, f"{site.url}#play={fragment}")


def test_share_link_opens_at_the_last_move_with_a_scrubber(context: BrowserContext, site: Site,
                                                           watch: Watch) -> None:
    state = play_random_game("transamerica", 3, seed=11)
    record = state.record()
    plies = len(record["moves"])
    page = open_link(context, site, watch, encode_link(record, ["human", "greedy", "random"]))
    expect(page.locator("#replay-bar")).to_be_visible()
    assert page.locator("#replay-range").get_attribute("max") == str(plies)
    assert page.locator("#replay-range").input_value() == str(plies)
    page.click('[data-replay="first"]')
    expect(page.locator("#replay-range")).to_have_value("0")  # drawn a few tasks after the click
    expect(page.locator("#board-position .track")).to_have_count(0)
    for _ in range(8):
        page.click('[data-replay="next"]')
    expect(page.locator("#replay-range")).to_have_value("8")
    page.locator("#replay-range").fill("5")
    # The position is drawn a few tasks after the bar moves, and the page's layout changes with it:
    # a click before then may land where Play on was.
    expect(page.locator("#table")).to_have_attribute("data-ply", "5")
    page.click("#play-on")
    expect(page.locator("#replay-bar")).to_be_hidden()
    # The game played on shows the seat here its own cities (the replay showed nobody's).
    expect(page.get_by_role("heading", name="Your cities")).to_be_visible()
    to_lobby(page)
    expect(page.locator("#saved-games button.saved")).to_have_count(1)
    assert "5" in page.locator("#saved-games button.saved").inner_text()
    watch.assert_clean(page)


def test_tampered_and_foreign_links_get_a_clear_message(context: BrowserContext, site: Site,
                                                        watch: Watch) -> None:
    record = play_random_game("transamerica", 2, seed=5).record()
    good = encode_link(record, ["human", "human"])
    for fragment in (good[:-7], good[:20] + ("A" if good[20] != "A" else "B") + good[21:], "hello", ""):
        page = open_link(context, site, watch, fragment)
        expect(page.locator("#toast")).to_be_visible()
        assert page.locator("#toast").text_content().strip()
        expect(page.locator("#lobby")).to_be_visible()
        expect(page.locator("#start")).to_be_enabled()
        watch.assert_clean(page)
        page.close()


def test_second_visit_works_offline(browser: Browser, tmp_path: Path) -> None:
    site = Site(ROOT)
    site.start()
    playwright = browser.browser_type
    ctx = playwright.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                               args=FLAGS, headless=True)
    try:
        page = ctx.new_page()
        goto_app(page, site.url)
        page.wait_for_function("navigator.serviceWorker.controller !== null || "
                               "navigator.serviceWorker.ready.then(() => true)", timeout=60_000)
        page.wait_for_function("""async () => {
            const reg = await navigator.serviceWorker.ready;
            const keys = await caches.keys();
            return reg.active && keys.some(k => k.startsWith('railtable-'));
        }""", timeout=60_000)
        site.stop()
        reload_app(page)
        expect(page.locator("#start")).to_be_enabled()
        page.close()
        # A brand-new tab on the stopped server: everything must come from the cache.
        second = ctx.new_page()
        goto_app(second, site.url)
        assert second.locator(".py-error").count() == 0
    finally:
        ctx.close()
        site.stop()


@pytest.fixture(scope="module")
def pyodide(browser: Browser, site: Site) -> Iterator[Page]:
    """One booted app for all the cross-runtime games (per test worker): each game is a call into the
    page's Python, and booting the page anew for each would take about as long as the game."""
    with own_app(browser, site) as page:
        yield page


@pytest.mark.parametrize("levels", [["greedy", "strong", "random"], ["expert", "greedy", "random"]])
@pytest.mark.parametrize("game", ["transamerica", "trick_of_the_rails", "freight_train", "locomotion"])
def test_same_bots_game_in_cpython_and_pyodide(pyodide: Page, game: str, levels: list[str]) -> None:
    """Every engine and each level of its bots give the same record and scores in both runtimes."""
    spec = {"game": game, "players": 3, "seed": 2024, "options": {}, "levels": levels}
    here = play_bots_game(spec["game"], spec["players"], spec["seed"], spec["options"], spec["levels"])
    there = json.loads(pyodide.evaluate("(spec) => window.railTableBotsGame(spec)", json.dumps(spec)))
    assert there["record"] == json.loads(json.dumps(here.record()))
    assert there["result"] == json.loads(json.dumps(here.result().to_dict()))
