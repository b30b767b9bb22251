"""Shared pieces of the browser tests: the static site server and the page watcher."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from games import get_game

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "html[data-app-ready]"
INSTALL_TIMEOUT_MS = 60_000  # a service worker precaches the whole runtime
LAPTOP = {"width": 1280, "height": 860}  # the page size of a browser test that names none
BOOT_TIMEOUT_MS = 60_000
FREEZE_MS = 100  # the issues' bound: while bots think, no single task may take longer
# The keyboard's focus on one of the board's targets.
BOARD_FOCUSED = "document.activeElement?.matches('#board-position .legal[data-move]') ?? false"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Site:
    """A static server for a folder; stop() makes the next page load fail, as on a real outage. Given
    a `log` file, it writes there the requests it answers, one a line."""

    def __init__(self, root: Path, log: Path | None = None) -> None:
        self.root = root
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = self.log.open("ab") if self.log else None  # http.server's log goes to stderr
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1"],
            cwd=self.root, stdout=subprocess.DEVNULL, stderr=log or subprocess.DEVNULL,
        )
        if log:
            log.close()  # the server holds its own
        for _ in range(100):
            try:
                urllib.request.urlopen(self.url, timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("static server did not start")

    def stop(self) -> None:
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def answered(self, path: str) -> list[int]:
        """The status of each answer to a GET of `path` ("/static/..."), in order (needs a `log`)."""
        assert self.log
        lines = self.log.read_text(encoding="utf-8").splitlines()
        return [int(line.split('" ')[1].split()[0]) for line in lines if f'"GET {path} HTTP/' in line]


@dataclass
class Watch:
    """What a page did that it must not: requests off the origin, JS errors, Python error boxes."""

    origin: str
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("request", self._request)
        page.on("pageerror", lambda err: self.errors.append(str(err)))

    def _request(self, request: object) -> None:
        url = request.url  # type: ignore[attr-defined]
        if not (url.startswith(self.origin) or url.startswith(("data:", "blob:"))):
            self.foreign.append(url)

    def assert_clean(self, page: Page) -> None:
        assert self.foreign == [], f"requests left the origin: {self.foreign}"
        assert self.errors == [], f"page errors: {self.errors}"
        assert page.locator(".py-error").count() == 0, page.locator(".py-error").first.text_content()


def wait_ready(page: Page) -> None:
    """Wait for Python to have started the app in `page` (the board may be on screen before)."""
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def goto_app(page: Page, url: str) -> None:
    """Open `url` in `page` and wait for the app to be ready."""
    page.goto(url)
    wait_ready(page)


def reload_app(page: Page) -> None:
    """Reload `page` and wait for the app to be ready again."""
    page.reload()
    wait_ready(page)


def open_app(context: BrowserContext, watch: Watch, url: str) -> Page:
    """A new tab of `context` at `url`, watched, once the app is ready."""
    page = context.new_page()
    watch.attach(page)
    goto_app(page, url)
    return page


def open_controlled(context: BrowserContext, watch: Watch, url: str) -> Page:
    """A new tab of `context` at `url`, watched, once the app is ready and a service worker controls it."""
    page = open_app(context, watch, url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=INSTALL_TIMEOUT_MS)
    return page


# Clears what a page of the site stored, within `limit` ms: "" once done, else the step left waiting.
FORGET_JS = """async (limit) => {
    let step = "localStorage";
    const forgetting = (async () => {
        localStorage.clear();
        step = "Cache Storage";
        for (const name of await caches.keys()) await caches.delete(name);
        step = "IndexedDB";
        for (const { name } of await indexedDB.databases()) {
            await new Promise((done, fail) => {
                const request = indexedDB.deleteDatabase(name);
                request.onsuccess = done;
                request.onerror = request.onblocked = () => fail(new Error(`${name} not deleted`));
            });
        }
        return "";
    })();
    const late = new Promise((done) => setTimeout(() => done(step), limit));
    return Promise.race([forgetting, late]);
}"""
FORGET_MS = 20_000


def clear_site_data(context: BrowserContext, url: str) -> None:
    """Forget everything the site stored in `context`'s browser (its pages closed): the saves and
    preferences and the caches, so that the next test starts as a first visit (service workers are
    blocked there: none is registered). A blank page of the site clears them with its own storage
    APIs, under a time limit, so that a storage that never answers fails the test by name in 20 s.
    A DevTools call has no limit in Playwright: with Storage.clearDataForOrigin here, a CI worker
    stalled in this teardown until the test's 600 s ran out."""
    page = context.new_page()
    blank = url + "__blank__"
    page.route(blank, lambda route: route.fulfill(content_type="text/html", body=""))
    page.goto(blank)
    waiting = page.evaluate(FORGET_JS, FORGET_MS)
    assert not waiting, f"clearing the site's data: {waiting} did not answer in {FORGET_MS} ms"
    left = page.evaluate("async () => [localStorage.length, (await caches.keys()).length]")
    assert left == [0, 0], f"the site's data outlived its clearing (local items, caches): {left}"
    page.close()


@contextmanager
def own_app(browser: Browser, site: Site, **options: Any) -> Iterator[Page]:
    """The app booted in a context of its own (English, no service worker unless `options` say
    otherwise), for tests that share one page; nothing may leave the origin while it is open."""
    context = browser.new_context(**{"locale": "en-GB", "service_workers": "block", **options})
    watch = Watch(site.url.rstrip("/"))
    page = open_app(context, watch, site.url)
    yield page
    watch.assert_clean(page)
    context.close()


def after_two_frames(page: Page) -> None:
    """Return once the page has drawn two more frames: what a change asked for in the next frame (a
    scroll, a picture kept after paint) is done by then."""
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def wait_for_board_focus(page: Page) -> None:
    """Wait for the focus to be back on the board: a focus lost with its target, or with the dialog
    or button that held it, returns once the redrawn board is on screen (ui.focus), not in the task
    that drew it."""
    page.wait_for_function(BOARD_FOCUSED, timeout=5_000)


def start_game(page: Page, seats: list[str], options: dict[str, bool] | None = None, seed: int = 7,
               speed: str = "instant", game: str = "transamerica", names: tuple[str, ...] = ()) -> None:
    """Fill the lobby like a player would and start the game. Every field is set, to `options` and
    `names` or to its default, so that a lobby left by an earlier test's game starts the same game."""
    page.check(f'#new-game input[name=game][value="{game}"]')
    page.select_option("#player-count", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.fill(f'#seats .seat[data-seat="{seat}"] input', names[seat] if seat < len(names) else "")
        page.select_option(f'#seats .seat[data-seat="{seat}"] select', kind)
    schema = get_game(game).option_schema
    assert set(options or {}) <= {option.key for option in schema if option.kind == "bool"}, options
    for option in schema:
        if option.kind == "bool":
            page.set_checked(f'#options [data-game="{game}"] input[name="{option.key}"]',
                             (options or {}).get(option.key, bool(option.default)))
    if page.locator("details.more").get_attribute("open") is None:
        page.click("details.more summary")
    page.fill("#seed", str(seed))
    page.select_option("#bot-speed", speed)
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")


def to_lobby(page: Page) -> None:
    """Leave the table by its Lobby button, pressed from the keyboard. The button sits under the moves'
    log, which grows while bots play: on a busy machine a pointer's click aimed at it can land after
    the layout has moved, where the button was."""
    page.locator("#to-lobby").press("Enter")
    expect(page.locator("#lobby")).to_be_visible()


def back_to_lobby(page: Page) -> None:
    """Bring a page that an earlier test left anywhere (a hand-over, a result, a table) to its lobby."""
    if page.locator("#curtain").is_visible():
        page.locator("#curtain [data-curtain]").last.click()
    if page.locator("#table").is_visible():
        to_lobby(page)
    expect(page.locator("#lobby")).to_be_visible()


def watch_long_tasks(page: Page) -> None:
    """From now on, record every task the browser reports as long (over 50 ms), and the animation
    frames over 50 ms with what ran in them, to say what froze the page if a test fails."""
    page.evaluate("""() => {
        window.longTasks = [];
        window.longFrames = [];
        new PerformanceObserver(list => list.getEntries().forEach(entry => window.longTasks.push(
            {start: entry.startTime, ms: Math.round(entry.duration)}))).observe({type: "longtask"});
        new PerformanceObserver(list => list.getEntries().forEach(frame => window.longFrames.push({
            start: frame.startTime, end: frame.startTime + frame.duration,
            styleAndLayoutMs: Math.round(frame.styleAndLayoutStart
                ? frame.startTime + frame.duration - frame.styleAndLayoutStart : 0),
            scripts: frame.scripts.map(script => `${script.invoker} ${Math.round(script.duration)} ms`
                + ` (forced layout ${Math.round(script.forcedStyleAndLayoutDuration)} ms)`),
        }))).observe({type: "long-animation-frame"});
    }""")


def frozen_tasks(page: Page) -> list[dict]:
    """The tasks since `watch_long_tasks` that froze the page, with the frames they overlap."""
    return page.evaluate(f"""() => window.longTasks.filter(task => task.ms > {FREEZE_MS}).map(task => ({{
        ms: task.ms,
        frames: window.longFrames.filter(f => f.end > task.start && f.start < task.start + task.ms),
    }}))""")


def assert_same_when_drawn_afresh(page: Page) -> None:
    """The finished game's table, updated in place move after move, is the table drawn from scratch
    when the saved game is opened after a reload."""
    parts = ("#board-position", "#hand", "#players", "#log")
    patched = [page.inner_html(part) for part in parts]
    reload_app(page)
    expect(page.locator("#table")).to_be_visible()  # the address names the game: it reopens
    page.wait_for_selector("html[data-game-over]", state="attached")
    page.wait_for_selector('#log[aria-busy="false"]', state="attached")  # a long log comes in batches
    assert [page.inner_html(part) for part in parts] == patched
