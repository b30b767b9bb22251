"""`make gallery`: the README's pictures, docs/gallery/<game>-phone.png and <game>-projector.jpg,
and the classroom's: a presentation's projector window and a class's results page.

Each game a few moves in on a 360x740 phone (a human to move, in English), and with strong bots on a
1920x1080 projector (projector display, in French). Taken from the real page in Debian's chromium.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests"), str(ROOT / "py")]

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from random_play import played_class_game  # noqa: E402
from support import BOOT_TIMEOUT_MS, CHROMIUM, FLAGS, READY, Site, start_game  # noqa: E402
from ui.classroom import new_class_game  # noqa: E402

OUT = ROOT / "docs" / "gallery"
PLAYERS = {"transamerica": 4, "trick_of_the_rails": 4, "freight_train": 4, "locomotion": 3}
MOVES = "#board-position [data-move], #actions [data-move]"
OPENING_MOVES = 6  # the human's first moves: the board has something on it
BOTS_PLAY_MS = 9_000  # at the projector, the bots' first turns at normal speed


def open_game(page: Page, game: str, seats: list[str], speed: str) -> None:
    if page.locator("#table").is_visible():
        page.click("#to-lobby")
    start_game(page, seats, game=game, seed=11, speed=speed)


def play_opening(page: Page) -> None:
    """A few of the human's moves, the first legal one each time (the bots answer at once)."""
    for _ in range(OPENING_MOVES):
        page.wait_for_selector(MOVES, state="attached", timeout=60_000)
        if page.locator("#curtain:not([hidden]) button").count():
            page.locator("#curtain button").first.click()
        on_board = page.locator("#board-position [data-move]")
        target = on_board.first if on_board.count() else page.locator("#actions [data-move]").first
        target.dispatch_event("click")
        page.wait_for_timeout(400)
    page.wait_for_selector(MOVES, state="attached", timeout=60_000)
    page.evaluate("scrollTo(0, 0)")


def classroom_pictures(browser: Any, site: Site) -> None:
    """A bots' game presented (the projector's window, 1920x1080, in French) and a class's results
    page with five groups (1366x768, in English)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block",
                                  locale="fr-FR")
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    start_game(page, ["strong", "greedy", "strong", "greedy"], game="trick_of_the_rails", seed=11,
               speed="normal")
    with page.expect_popup() as opened:
        page.click("#present")
    projector = opened.value
    projector.set_viewport_size({"width": 1920, "height": 1080})
    projector.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(BOTS_PLAY_MS)
    projector.screenshot(path=str(OUT / "present-projector.jpg"), type="jpeg", quality=82)
    context.close()

    game = new_class_game("transamerica", ["human", "strong", "human", "strong"], 7, {})
    groups = [("Ana", "Ben"), ("Chloé", "Dev"), ("Emma", "Fatou"), ("Gus", "Hugo"), ("Inès", "Jules")]
    links = [played_class_game(game.text, [a, "", b, ""], seed) for seed, (a, b) in enumerate(groups)]
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block",
                                  locale="en-GB")
    page = context.new_page()
    page.goto(f"{site.url}#results={game.text}")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.fill("#results-links", "\n".join(links))
    page.click("#results-add button[type=submit]")
    page.wait_for_selector("#results-chart svg")
    page.screenshot(path=str(OUT / "class-results.png"), full_page=True)
    context.close()


def explain_pictures(browser: Any, site: Site) -> None:
    """A demonstration explained on the projector (TransAmerica, four bots, captions and overlays on,
    1920x1080, in English) and a suggested move on a phone (360x740, in French)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block",
                                  locale="en-GB")
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    start_game(page, ["strong", "greedy", "strong", "greedy"], seed=5, speed="slow")
    page.click("#explain")
    page.click("#overlays")
    with page.expect_popup() as opened:
        page.click("#present")
    projector = opened.value
    projector.set_viewport_size({"width": 1920, "height": 1080})
    projector.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("Number(document.querySelector('#table').getAttribute('data-ply')) >= 12",
                           timeout=120_000)
    page.click("#present-pause")
    projector.wait_for_selector("#caption:not([hidden])")
    projector.wait_for_timeout(500)
    projector.screenshot(path=str(OUT / "explain-projector.jpg"), type="jpeg", quality=82)
    context.close()

    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  service_workers="block", locale="fr-FR")
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    start_game(page, ["human", "greedy"], game="locomotion", seed=4)
    page.wait_for_selector("#actions [data-suggest]")
    page.click("#actions [data-suggest]")
    page.wait_for_selector("[data-suggested]", state="attached", timeout=60_000)
    page.locator("#caption").scroll_into_view_if_needed()
    page.screenshot(path=str(OUT / "suggest-phone.png"))
    context.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    site = Site(ROOT)
    site.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            phone = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                        is_mobile=True, has_touch=True, service_workers="block",
                                        locale="en-GB")
            page = phone.new_page()
            page.goto(site.url)
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
            for game, players in PLAYERS.items():
                open_game(page, game, ["human"] + ["strong"] * (players - 1), "instant")
                play_opening(page)
                page.screenshot(path=str(OUT / f"{game}-phone.png"))
            projector = browser.new_context(viewport={"width": 1920, "height": 1080}, service_workers="block",
                                            locale="fr-FR")
            page = projector.new_page()
            page.goto(site.url)
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
            page.click("#projector")
            for game, players in PLAYERS.items():
                open_game(page, game, ["strong"] * players, "normal")
                page.wait_for_timeout(BOTS_PLAY_MS)
                page.screenshot(path=str(OUT / f"{game}-projector.jpg"), type="jpeg", quality=82)
            classroom_pictures(browser, site)
            explain_pictures(browser, site)
            browser.close()
    finally:
        site.stop()
    print(f"wrote {len(PLAYERS) * 2 + 4} pictures in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
