"""Python's start from a memory snapshot: Python is restored with the app's modules already imported
(static/js/python_start.mjs). A return visit holds the snapshot, in the service worker's cache or,
where no worker runs, in the page's own; a first visit downloads it where the link is fast enough,
and on a slow one starts afresh without waiting for it. A snapshot that does not fit the app's files,
or cannot be read, is set aside and the start goes on afresh. In every case the game then plays."""

from __future__ import annotations

import io
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import BrowserContext, CDPSession, ConsoleMessage, Page

from support import Site, Watch, goto_app, open_app, open_controlled, reload_app, start_game

KEPT = "rail-table-start"  # the page's own cache of the snapshot (static/js/boot.js)
SNAPSHOT = "static/vendor/start.snapshot"


def start_of(page: Page) -> str | None:
    return page.get_attribute("html", "data-python-start")


@contextmanager
def told(context: BrowserContext) -> Iterator[list[str]]:
    """What the pages of `context` say of the snapshot on the console meanwhile: why a start went
    without it. The listener goes at the end, since `context` may be the worker's shared profile."""
    said: list[str] = []

    def hear(message: ConsoleMessage) -> None:
        if "snapshot" in message.text:
            said.append(message.text)

    context.on("console", hear)
    try:
        yield said
    finally:
        context.remove_listener("console", hear)


def asked_at(page: Page) -> list[float]:
    """When the page asked for the snapshot, ms after navigation, each time."""
    return page.evaluate(f"performance.getEntriesByName(new URL('{SNAPSHOT}', location.href).href)"
                         ".map(entry => entry.startTime)")


def wait_kept(page: Page) -> None:
    page.wait_for_selector("html[data-snapshot-kept]", state="attached", timeout=30_000)


def plays_a_move(page: Page) -> None:
    """A TransAmerica game started from the lobby takes the human's marker."""
    start_game(page, ["human", "greedy"])
    page.locator('#board-position [data-move^="marker "]').first.click()
    page.wait_for_function("Number(document.querySelector('#table').getAttribute('data-ply')) >= 1")


def keep(page: Page, body_js: str) -> None:
    """Put `body_js` (a JS expression) in the page's own cache as the snapshot."""
    page.evaluate(f"""async () => {{
        const store = await caches.open("{KEPT}");
        await store.put("./{SNAPSHOT}", new Response({body_js}));
    }}""")


def test_a_return_visit_restores_python_from_the_snapshot_and_plays(context: BrowserContext, site: Site,
                                                                    watch: Watch) -> None:
    with told(context) as said:
        page = open_app(context, watch, site.url)
    assert start_of(page) == "downloaded", said  # a first visit, on a fast link
    wait_kept(page)
    assert len(asked_at(page)) == 1  # what it started from is kept, not downloaded again
    reload_app(page)
    assert start_of(page) == "snapshot"
    plays_a_move(page)
    watch.assert_clean(page)


def test_with_a_worker_the_snapshot_comes_from_its_cache(workers: BrowserContext, site: Site,
                                                         watch: Watch) -> None:
    with told(workers) as said:
        page = open_controlled(workers, watch, site.url)
    assert start_of(page) == "downloaded", said
    reload_app(page)
    assert start_of(page) == "snapshot"
    assert not page.evaluate(f"caches.has('{KEPT}')")  # held once, in the worker's cache
    plays_a_move(page)
    watch.assert_clean(page)


def with_another_build(site: Site) -> bytes:
    """app.zip as another build would ship it: the same files, another build mark."""
    original = zipfile.ZipFile(io.BytesIO(urllib.request.urlopen(site.url + "static/vendor/app.zip").read()))
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in original.infolist():
            content = original.read(info)
            archive.writestr(info, b"another build" if info.filename == "ui/build.txt" else content)
    return data.getvalue()


def test_a_snapshot_of_another_build_is_set_aside_and_replaced(context: BrowserContext, site: Site,
                                                               watch: Watch) -> None:
    page = open_app(context, watch, site.url)
    wait_kept(page)
    newer = with_another_build(site)
    page.route("**/static/vendor/app.zip", lambda route: route.fulfill(body=newer))
    reload_app(page)
    # Restored, then its modules forgotten and imported again from the files, and this build's kept.
    assert start_of(page) == "stale"
    wait_kept(page)
    plays_a_move(page)
    watch.assert_clean(page)


# A snapshot that cannot be inflated is as good as none: a first visit's download takes its place. One
# that Pyodide refuses is found out only in its start, which then goes on afresh.
@pytest.mark.parametrize(("body_js", "start"), [("new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3])", "downloaded"),
                                                ("'not a snapshot'", "fresh"),  # not Pyodide's
                                                ("new Uint8Array(64)", "fresh")])  # no header
def test_an_unreadable_snapshot_is_skipped(context: BrowserContext, site: Site, watch: Watch,
                                           body_js: str, start: str) -> None:
    page = open_app(context, watch, site.url)
    wait_kept(page)
    keep(page, body_js)
    reload_app(page)
    assert start_of(page) == start
    wait_kept(page)  # and a readable one kept for next time
    plays_a_move(page)
    watch.assert_clean(page)


# A link on which the snapshot (8.3 MB) would take about 3 s: longer than Python's own start.
SLOW_LINK = {"offline": False, "latency": 20, "downloadThroughput": 3_000_000, "uploadThroughput": 3_000_000}
# A link far away but not throttled: every file's first bytes come late, the runtime's too.
FAR_LINK = {"offline": False, "latency": 300, "downloadThroughput": -1, "uploadThroughput": -1}


def on_link(context: BrowserContext, watch: Watch, conditions: dict[str, int]) -> tuple[Page, CDPSession]:
    """A new watched tab of `context` whose network is like `conditions`, with no HTTP cache."""
    page = context.new_page()
    watch.attach(page)
    network = context.new_cdp_session(page)
    network.send("Network.enable")
    network.send("Network.setCacheDisabled", {"cacheDisabled": True})  # earlier tests' copy
    network.send("Network.emulateNetworkConditions", conditions)
    return page, network


def test_on_a_slow_link_a_first_visit_starts_afresh_without_the_snapshot(context: BrowserContext, site: Site,
                                                                          watch: Watch) -> None:
    """The snapshot's download is stopped once its first bytes show it would arrive too late, so that
    it does not slow the runtime's; the page asks for it again once ready, to keep it."""
    page, network = on_link(context, watch, SLOW_LINK)
    asked: set[str] = set()
    stopped: list[str] = []
    network.on("Network.requestWillBeSent", lambda event: asked.add(event["requestId"])
               if event["request"]["url"].endswith(SNAPSHOT) else None)
    network.on("Network.loadingFailed", lambda event: stopped.append(event["errorText"])
               if event["requestId"] in asked else None)
    goto_app(page, site.url)
    assert start_of(page) == "fresh"
    assert stopped == ["net::ERR_ABORTED"]
    wait_kept(page)
    plays_a_move(page)
    watch.assert_clean(page)


def test_on_a_far_but_fast_link_a_first_visit_downloads_the_snapshot(context: BrowserContext, site: Site,
                                                                     watch: Watch) -> None:
    """The link is judged on the speed of the snapshot's bytes once they come, not on their delay."""
    page, _ = on_link(context, watch, FAR_LINK)
    with told(context) as said:
        goto_app(page, site.url)
    assert start_of(page) == "downloaded", said
    plays_a_move(page)
    watch.assert_clean(page)


def test_a_browser_that_cannot_inflate_it_does_not_download_the_snapshot(context: BrowserContext, site: Site,
                                                                         watch: Watch) -> None:
    page = context.new_page()
    watch.attach(page)
    page.add_init_script("delete window.DecompressionStream")
    goto_app(page, site.url)
    assert start_of(page) == "fresh"
    ready = page.evaluate("window.railTableReadyAt")
    assert not [at for at in asked_at(page) if at < ready]
    plays_a_move(page)
    assert asked_at(page) == []  # nor after ready, to keep it: it could never start from it
    watch.assert_clean(page)
