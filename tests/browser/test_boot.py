"""Boot: the lobby shows at once with real progress, becomes interactive, and fails clearly."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from support import READY, Site, Watch, open_app, reload_app


def test_boot_is_clean_and_interactive(app: Page) -> None:
    expect(app.locator("#lobby")).to_be_visible()
    expect(app.locator("#start")).to_be_enabled()
    expect(app.locator("#boot")).to_be_hidden()
    expect(app.locator("#seats .seat:visible")).to_have_count(4)
    assert app.locator("#saved-games").text_content().strip()


def test_each_preload_is_used_not_fetched_again(app: Page) -> None:
    """index.html's head asks at once for what Python's start fetches; a preload the start does not
    match (another URL or request mode) would download its file a second time."""
    fetched = app.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    preloads = app.evaluate("[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]"
                            ".map(link => link.href)")
    assert len(preloads) == 10
    assert {href: fetched.count(href) for href in preloads} == dict.fromkeys(preloads, 1)


def test_lobby_and_progress_show_before_python(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    # Hold back the Python runtime: the plain HTML lobby and the progress bar must already be there.
    page.route("**/pyodide.asm.wasm", lambda route: None)
    page.goto(site.url)
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#boot")).to_be_visible()
    expect(page.locator(".boot .stage.active")).to_have_count(1)
    assert page.locator("html[data-app-ready]").count() == 0
    expect(page.locator("#start")).to_be_enabled()  # the new-game form works as plain HTML


def test_missing_file_shows_a_clear_message(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    page.route("**/app.zip", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site.url)
    expect(page.locator("#boot-error")).to_be_visible(timeout=60_000)
    assert page.locator(READY).count() == 0


def test_no_webassembly_shows_a_clear_message(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    page.add_init_script("delete window.WebAssembly;")
    page.goto(site.url)
    expect(page.locator("#boot-error")).to_be_visible(timeout=30_000)
    assert page.locator("html").get_attribute("data-boot-failed") == "no-webassembly"


def test_language_follows_browser_and_switches(browser, site: Site, watch: Watch) -> None:  # type: ignore[no-untyped-def]
    ctx = browser.new_context(locale="fr-FR", service_workers="block")
    page = open_app(ctx, watch, site.url)
    assert page.locator("html").get_attribute("lang") == "fr"
    french = page.locator("#start").text_content()
    page.click(".lang-choice[data-lang=en]")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#start").text_content() != french
    reload_app(page)
    assert page.locator("html").get_attribute("lang") == "en", "the chosen language is remembered"
    watch.assert_clean(page)
    ctx.close()
