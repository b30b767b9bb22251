"""Browser fixtures: the site served from the repository root on a free local port, Debian's
chromium driven by Playwright, and a page that records anything leaving the origin."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from support import CHROMIUM, FLAGS, ROOT, Site, Watch, open_app


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    server = Site(ROOT)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": FLAGS}


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 860},
                              service_workers="block")
    yield ctx
    ctx.close()


@pytest.fixture
def watch(site: Site) -> Watch:
    return Watch(site.url.rstrip("/"))


@pytest.fixture
def app(context: BrowserContext, site: Site, watch: Watch) -> Iterator[Page]:
    """The app booted and interactive, with nothing leaving the origin."""
    page = open_app(context, watch, site.url)
    yield page
    watch.assert_clean(page)
