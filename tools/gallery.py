"""`make gallery`: the README's pictures, docs/gallery/<game>-phone.png and <game>-projector.jpg.

Each game a few moves in on a 360x740 phone (a human to move, in English), and with strong bots on a
1920x1080 projector (projector display, in French). Taken from the real page in Debian's chromium.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from support import BOOT_TIMEOUT_MS, CHROMIUM, FLAGS, READY, Site, start_game  # noqa: E402

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
            browser.close()
    finally:
        site.stop()
    print(f"wrote {len(PLAYERS) * 2} pictures in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
