"""Python's start from a memory snapshot: a return visit restores Python with the app's modules
already imported (static/js/python_start.mjs), from the service worker's cache or, where no worker
runs, from the page's own; a snapshot that does not fit the app's files, or cannot be read, is set
aside and the start goes on afresh. In every case the game then plays."""

from __future__ import annotations

import io
import urllib.request
import zipfile

import pytest
from playwright.sync_api import BrowserContext, Page

from support import Site, Watch, open_app, open_controlled, reload_app, start_game

KEPT = "rail-table-start"  # the page's own cache of the snapshot (static/js/boot.js)
SNAPSHOT = "static/vendor/start.snapshot"


def start_of(page: Page) -> str | None:
    return page.get_attribute("html", "data-python-start")


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
    page = open_app(context, watch, site.url)
    assert start_of(page) == "fresh"  # a first visit never waits for the snapshot
    wait_kept(page)
    reload_app(page)
    assert start_of(page) == "snapshot"
    plays_a_move(page)
    watch.assert_clean(page)


def test_with_a_worker_the_snapshot_comes_from_its_cache(workers: BrowserContext, site: Site,
                                                         watch: Watch) -> None:
    page = open_controlled(workers, watch, site.url)
    assert start_of(page) == "fresh"
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


@pytest.mark.parametrize("body_js", ["new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3])",  # a broken gzip
                                     "'not a snapshot'",  # not Pyodide's
                                     "new Uint8Array(64)"])  # no header
def test_an_unreadable_snapshot_is_skipped(context: BrowserContext, site: Site, watch: Watch,
                                           body_js: str) -> None:
    page = open_app(context, watch, site.url)
    wait_kept(page)
    keep(page, body_js)
    reload_app(page)
    assert start_of(page) == "fresh"
    wait_kept(page)  # and a readable one kept for next time
    plays_a_move(page)
    watch.assert_clean(page)


def test_a_first_visit_asks_for_the_snapshot_only_once_ready(context: BrowserContext, site: Site,
                                                             watch: Watch) -> None:
    """A first visit's start never waits for the snapshot's download: the page asks for it after."""
    page = open_app(context, watch, site.url)
    wait_kept(page)
    asked = page.evaluate(f"performance.getEntriesByName(new URL('{SNAPSHOT}', location.href).href)"
                          ".map(entry => entry.startTime)")
    assert len(asked) == 1 and asked[0] >= page.evaluate("window.railTableReadyAt")
    watch.assert_clean(page)
