"""Issue 14's figures for tools/bench.py: a reload in the middle of a game, and a slow phone.

Both watch the page from inside it: an init script notes, in ms from the navigation's start
(`performance.now()`), the first moment each of these holds, checked on every DOM change and every
animation frame:

* `board`: the table is shown (`#table` not hidden) with a board drawn (`#board-position` holds an SVG);
* `start`: the lobby's Start button is enabled; `lobby`: `html[data-lobby-ready]`, if the page sets it;
* `ready`: `html[data-app-ready]` (Python is ready); `playable`: ready with the table shown.

Whatever the page draws before Python (or not) is measured alike, so the same code gives the figures
before and after the kept picture and the plain-HTML lobby.
"""

from __future__ import annotations

import functools
import statistics
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

    from support import Site

MARKS_JS = """(() => {
    const marks = window.benchMarks = {};
    const note = (name, holds) => {
        if (marks[name] === undefined && holds) marks[name] = performance.now();
    };
    function check() {
        const root = document.documentElement, table = document.getElementById("table");
        const start = document.getElementById("start");
        const board = Boolean(table && !table.hidden && document.querySelector("#board-position svg"));
        note("board", board);
        note("start", start && !start.disabled);
        note("lobby", root && root.hasAttribute("data-lobby-ready"));
        note("ready", root && root.hasAttribute("data-app-ready"));
        note("playable", board && root.hasAttribute("data-app-ready"));
    }
    new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
    const frame = () => { check(); if (marks.playable === undefined) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
})()"""

# Chromium DevTools' "Slow 4G" preset (the same numbers as its "Fast 3G"): 150 ms RTT times 3.75, and
# 1.6 Mbit/s down times 0.9. Chromium's own emulation (`Network.emulateNetworkConditions`) slows only the
# page's requests, not its service worker's, and the worker takes over a first visit's downloads
# (`clients.claim()`), so the slow link is the server's: every response waits the latency, and all of
# them share the bandwidth.
LATENCY_S = 0.5625
DOWN_BYTES_PER_S = 1_600_000 * 0.9 / 8
PHONE = {"width": 360, "height": 740}
PHONE_CPU_SLOWDOWN = 4
PLAY_TIMEOUT_MS = 600_000  # a cold visit's page and worker each download 14 MB at 180 kB/s


def marks(page: Page, *names: str) -> dict[str, float]:
    """Wait until the page has noted each of `names`, then return every mark it holds."""
    condition = " && ".join(f"window.benchMarks.{name} !== undefined" for name in names)
    page.wait_for_function(f"() => window.benchMarks && {condition}", timeout=PLAY_TIMEOUT_MS, polling=100)
    noted: dict[str, float] = page.evaluate("window.benchMarks")
    return noted


def summary(samples: list[float]) -> dict[str, Any]:
    return {"median_ms": round(statistics.median(samples)), "min_ms": round(min(samples)),
            "max_ms": round(max(samples)), "runs": len(samples)}


def start_and_save(page: Page) -> None:
    """Start a TransAmerica game (a human and a greedy bot), place the human's marker and the first
    track, so the game is saved and the address names it."""
    from support import start_game
    start_game(page, ["human", "greedy"], seed=17)
    page.locator('#board-position [data-move^="marker "]').nth(40).click()
    page.wait_for_selector('#board-position [data-move^="track "]', timeout=PLAY_TIMEOUT_MS)
    page.locator('#board-position [data-move^="track "]').first.click()
    page.wait_for_function("location.hash.startsWith('#game=')", timeout=PLAY_TIMEOUT_MS)


def wait_for_worker(page: Page) -> None:
    """The service worker precached the site and controls the page: later loads come from its cache."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=PLAY_TIMEOUT_MS)


def reloads(page: Page, count: int) -> dict[str, dict[str, Any]]:
    """Reload the game's address `count` times: ms to the board, to Python ready, to playable."""
    runs: dict[str, list[float]] = {"board": [], "ready": [], "playable": []}
    for _ in range(count):
        page.reload()
        noted = marks(page, "playable")
        assert page.evaluate("navigator.serviceWorker.controller !== null"), "not served by the worker"
        start = page.get_attribute("html", "data-python-start")
        assert start == "snapshot", f"Python's start: {start}, not the worker's snapshot"
        for name, samples in runs.items():
            samples.append(noted[name])
        page.wait_for_timeout(500)  # the saves' listing and other after-ready work settle
    return {name: summary(samples) for name, samples in runs.items()}


def launch(playwright: Any, profile: Path, phone: bool) -> BrowserContext:
    """Chromium on `profile` with its service worker allowed, as a player's browser is."""
    from support import CHROMIUM, FLAGS
    shape: dict[str, Any] = ({"viewport": PHONE, "is_mobile": True, "has_touch": True} if phone
                             else {"viewport": {"width": 1280, "height": 860}})
    ctx: BrowserContext = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True, service_workers="allow",
        locale="en-GB", **shape)
    ctx.add_init_script(MARKS_JS)
    return ctx


def reload_figures(playwright: Any, site: Site, count: int) -> dict[str, Any]:
    """A game saved mid-play, reloaded `count` times from the service worker's cache."""
    with tempfile.TemporaryDirectory() as profile:
        ctx = launch(playwright, Path(profile), phone=False)
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(site.url)
            marks(page, "ready")
            start_and_save(page)
            wait_for_worker(page)
            return reloads(page, count)
        finally:
            ctx.close()


class SlowLink:
    """One downlink shared by every response: a chunk goes out when the link is free, at its rate."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, chunk: bytes, out: BinaryIO) -> None:
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + len(chunk) / DOWN_BYTES_PER_S
        time.sleep(max(0.0, self.free_at - time.monotonic()))
        out.write(chunk)


class SlowHandler(SimpleHTTPRequestHandler):
    link = SlowLink()

    def send_head(self) -> Any:
        time.sleep(LATENCY_S)
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        try:
            while chunk := source.read(16_384):
                self.link.send(chunk, outputfile)
        except ConnectionError:
            pass  # the page stopped the download (a first visit's snapshot, on this slow link)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class SlowSite:
    """The site served over the slow link, on a free port, like support.Site."""

    def __init__(self, root: Path) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0),
                                          functools.partial(SlowHandler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.server.server_port}/"

    def __enter__(self) -> SlowSite:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def slow_page(ctx: BrowserContext) -> Page:
    """A page of `ctx` with its CPU slowed down, as on a mid-range phone."""
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
    return page


def visit(page: Page, url: str) -> dict[str, float]:
    """One visit to the lobby: ms to Start enabled (and `data-lobby-ready` if set) and to Python ready;
    then the lobby's default game started the moment Start is enabled: ms from that click to its board,
    and to playable."""
    page.goto(url)
    noted = marks(page, "start")
    clicked = page.evaluate("(() => { const at = performance.now(); "
                            "document.getElementById('start').click(); return at; })()")
    noted = marks(page, "ready", "playable")
    figures = {"start_ms": noted["start"], "ready_ms": noted["ready"], "board_ms": noted["board"],
               "board_after_start_ms": noted["board"] - clicked,
               "playable_after_start_ms": noted["playable"] - clicked}
    if "lobby" in noted:
        figures["lobby_ready_ms"] = noted["lobby"]
    return {name: round(ms) for name, ms in figures.items()}


def slowphone_figures(playwright: Any, root: Path, count: int) -> dict[str, Any]:
    """A cold visit on a fresh profile, then the browser relaunched on that profile for a return visit
    (the site from the service worker's cache), and `count` reloads of a game saved on that visit."""
    with tempfile.TemporaryDirectory() as profile, SlowSite(root) as site:
        ctx = launch(playwright, Path(profile), phone=True)
        try:
            page = slow_page(ctx)
            cold = visit(page, site.url)
            wait_for_worker(page)
        finally:
            ctx.close()
        ctx = launch(playwright, Path(profile), phone=True)
        try:
            page = slow_page(ctx)
            back = visit(page, site.url)
            # A click event, not a tap: a tap on a target this small zooms the board in instead.
            page.locator('#board-position [data-move^="marker "]').nth(40).dispatch_event("click")
            page.wait_for_function("location.hash.startsWith('#game=')", timeout=PLAY_TIMEOUT_MS)
            page.wait_for_timeout(1000)  # the save is written after the move's drawing
            return {"cold": cold, "return": back, "reload": reloads(page, count)}
        finally:
            ctx.close()


def reload_rows(figures: dict[str, Any], label: str) -> list[str]:
    board, ready, playable = figures["board"], figures["ready"], figures["playable"]
    return [f"| reload mid-game{label}, served by the service worker (median of {board['runs']}) | board "
            f"**{board['median_ms']} ms** ({board['min_ms']}-{board['max_ms']}), playable "
            f"**{playable['median_ms']} ms** ({playable['min_ms']}-{playable['max_ms']}); Python ready "
            f"{ready['median_ms']} ms | goal board < 500 ms |"]


def slowphone_rows(figures: dict[str, Any]) -> list[str]:
    phone = (f"360x740 touch, CPU slowed {PHONE_CPU_SLOWDOWN}x, \"Slow 4G\" "
             f"({LATENCY_S * 1000:g} ms, {DOWN_BYTES_PER_S / 1000:.0f} kB/s down)")
    rows = []
    for kind in ("cold", "return"):
        visit = figures[kind]
        lobby = f", `data-lobby-ready` {visit['lobby_ready_ms']} ms" if "lobby_ready_ms" in visit else ""
        rows.append(f"| {kind} visit, {phone}: Start enabled / Python ready, from navigation | "
                    f"**{visit['start_ms']} ms** / {visit['ready_ms']} ms{lobby} | - |")
        rows.append(f"| {kind} visit, {phone}: Start clicked when enabled, to the board / to playable; "
                    f"the board from navigation | {visit['board_after_start_ms']} ms / "
                    f"{visit['playable_after_start_ms']} ms; **{visit['board_ms']} ms** | - |")
    return rows + reload_rows(figures["reload"], f" on the slow phone ({phone})")
