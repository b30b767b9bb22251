"""A deploy while pages are open: each open page keeps the files of the version it started with and
offers a reload, in its language; a reload runs the new version; the old cache goes once no page uses
it. The site is a built copy in a temporary folder, changed and its worker rebuilt mid-test."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from support import INSTALL_TIMEOUT_MS, ROOT, Site, Watch, open_controlled, wait_ready

sys.path.insert(0, str(ROOT / "tools"))
build_sw = importlib.import_module("build_sw")
dist = importlib.import_module("dist")

CHANGED = "rules/transamerica.en.html"  # precached, fetched by the page only when asked
MARK = "<!-- the next version -->"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Site]:
    dist.build_dist(ROOT, tmp_path / "site")
    site = Site(tmp_path / "site")
    site.start()
    yield site
    site.stop()


def version(site: Site) -> str:
    match = re.search(r'const VERSION = "([0-9a-f]+)";', (site.root / "sw.js").read_text(encoding="utf-8"))
    assert match
    return match.group(1)


def update(page: Page) -> None:
    """Look for a new worker now, and wait until it has taken over: it controls the page."""
    page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        window.workerBefore = registration.active;
        await registration.update();
    }""")
    page.wait_for_function("navigator.serviceWorker.controller !== window.workerBefore",
                           timeout=INSTALL_TIMEOUT_MS)


def runs(page: Page, version: str) -> None:
    """Wait until the worker has told the page which version it runs."""
    page.wait_for_function("(v) => window.railTableBoot.version === v", arg=version)


def changed_file(page: Page) -> str:
    return page.evaluate("(url) => fetch(url).then((r) => r.text())", CHANGED)


def cache_names(page: Page) -> list[str]:
    return page.evaluate("caches.keys()")


def test_open_pages_keep_their_version_until_they_reload(workers: BrowserContext, served: Site) -> None:
    watch = Watch(served.url.rstrip("/"))
    old = version(served)
    first = open_controlled(workers, watch, served.url)
    second = open_controlled(workers, watch, served.url)

    path = served.root / CHANGED
    path.write_text(path.read_text(encoding="utf-8").replace("</body>", f"{MARK}\n</body>"), encoding="utf-8")
    build_sw.write_sw(served.root)
    new = version(served)
    update(first)

    for page in (first, second):
        assert MARK not in changed_file(page)  # the new worker serves the old version to these pages
        runs(page, old)
        expect(page.locator("#update-notice")).to_be_visible()
    expect(first.locator("#update-notice")).to_contain_text("A new version of Rail Table is ready.")
    assert {f"railtable-{old}", f"railtable-{new}"} <= set(cache_names(first))

    first.focus('.lang-choice[data-lang="fr"]')  # the header's last control; the notice comes next
    first.keyboard.press("Tab")
    expect(first.locator("#update-reload")).to_be_focused()
    with first.expect_navigation():
        first.keyboard.press("Enter")
    wait_ready(first)
    runs(first, new)
    assert MARK in changed_file(first)
    expect(first.locator("#update-notice")).to_be_hidden()

    # The other tab still runs the old version, from its cache, and its notice follows its language.
    assert MARK not in changed_file(second)
    assert f"railtable-{old}" in cache_names(second)
    second.click('.lang-choice[data-lang="fr"]')
    expect(second.locator("#update-notice")).to_contain_text("Une nouvelle version de Rail Table est prête.")
    expect(second.locator("#update-reload")).to_have_text("Recharger")
    with second.expect_navigation():
        second.click("#update-reload")
    wait_ready(second)
    runs(second, new)
    assert MARK in changed_file(second)
    # No page uses the old version any more: its cache is deleted.
    second.wait_for_function("(name) => caches.keys().then((names) => !names.includes(name))",
                             arg=f"railtable-{old}")
    for page in (first, second):
        watch.assert_clean(page)


# Notes, at each call of `register`, whether the page had started: a worker's install downloads the
# whole runtime, which on a first visit must not race the page's own download of it.
NOTE_REGISTER = """
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
        const started = document.documentElement.hasAttribute("data-app-ready");
        (window.registered = window.registered || []).push(started);
        return register.apply(this, args);
    };
"""


def test_a_first_visit_registers_its_worker_once_the_page_has_started(workers: BrowserContext,
                                                                      served: Site) -> None:
    workers.add_init_script(NOTE_REGISTER)
    watch = Watch(served.url.rstrip("/"))
    first = open_controlled(workers, watch, served.url)
    assert first.evaluate("window.registered") == [True]
    # A return visit, already controlled, registers on load as before: it only looks for updates.
    second = open_controlled(workers, watch, served.url)
    second.wait_for_function("window.registered !== undefined")
    assert second.evaluate("window.registered.length") == 1
    for page in (first, second):
        watch.assert_clean(page)


def test_a_first_visits_worker_does_not_download_again_what_the_page_did(workers: BrowserContext,
                                                                         tmp_path: Path,
                                                                         watch: Watch) -> None:
    """The worker's precache asks the host whether the page's copies are current (304, no body)."""
    site = Site(ROOT, log=tmp_path / "requests.log")
    site.start()
    try:
        open_controlled(workers, watch, site.url)
        for path in ("/static/vendor/app.zip", "/static/vendor/pyodide/python_stdlib.zip"):
            assert site.answered(path) == [200, 304]
    finally:
        site.stop()
