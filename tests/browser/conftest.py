"""Browser fixtures: the site served from the repository root on a free local port, Debian's
chromium driven by Playwright, and a page that records anything leaving the origin."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

from support import (
    CHROMIUM,
    FLAGS,
    LAPTOP,
    ROOT,
    Site,
    Watch,
    back_to_lobby,
    clear_site_data,
    open_app,
    own_app,
)


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    server = Site(ROOT)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": FLAGS}


@pytest.fixture(scope="session")
def profile(browser_type: BrowserType, browser_type_launch_args: dict,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """This test worker's browser on a profile of its own. A fresh context compiles Pyodide's
    WebAssembly anew at every boot; a profile keeps the compiled code in Chromium's code cache, which
    takes a third of a boot's CPU away once the first boot has filled it."""
    folder: Path = tmp_path_factory.mktemp("profile")
    ctx = browser_type.launch_persistent_context(
        folder, **browser_type_launch_args, locale="en-GB", viewport=LAPTOP,
        service_workers="block")
    for page in ctx.pages:  # the blank tab a browser opens with
        page.close()
    yield ctx
    ctx.close()


@pytest.fixture
def context(profile: BrowserContext, site: Site) -> Iterator[BrowserContext]:
    """An English laptop-sized browser with nothing stored for the site, as a first visit finds it;
    only the compiled code and the HTTP cache stay from earlier tests."""
    yield profile
    for page in profile.pages:
        page.close()
    clear_site_data(profile, site.url)


@pytest.fixture
def watch(site: Site) -> Watch:
    return Watch(site.url.rstrip("/"))


@pytest.fixture(scope="module")
def lobby_page(browser: Browser, site: Site) -> Iterator[Page]:
    """One booted page for the tests of a module marked `from_lobby`."""
    with own_app(browser, site, viewport=LAPTOP) as page:
        yield page


@pytest.fixture
def app(request: pytest.FixtureRequest, site: Site, watch: Watch) -> Iterator[Page]:
    """The app booted and interactive, with nothing leaving the origin. A test marked `from_lobby`
    gets its module's booted page, brought back to the lobby (a boot is 7-11 s of CPU): it must
    start its game with `start_game` and leave nothing behind that the next test could see."""
    if request.node.get_closest_marker("from_lobby"):
        page = request.getfixturevalue("lobby_page")
        back_to_lobby(page)
        yield page
        return
    page = open_app(request.getfixturevalue("context"), watch, site.url)
    yield page
    watch.assert_clean(page)


@pytest.fixture
def workers(browser: Browser) -> Iterator[BrowserContext]:
    """A context where service workers run (the shared one blocks them)."""
    ctx = browser.new_context(locale="en-GB", viewport=LAPTOP, service_workers="allow")
    yield ctx
    ctx.close()
