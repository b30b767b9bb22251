"""The Content-Security-Policy: the app boots and plays every game under it without one violation, the
seat chips keep their colours (from the stylesheet: no style attribute is allowed), script injected
into the page does not run, and the reload button of a failed start works without an inline handler."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games import GAME_IDS
from support import BOOT_TIMEOUT_MS, Site, Watch, goto_app, start_game, to_lobby

# Runs before any of the page's own scripts, so a violation during the boot is seen too.
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => window.cspViolations.push(
    `${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`));
"""
TARGET = "#board-position .legal[data-move], #actions [data-move]"


@pytest.fixture
def guarded(context: BrowserContext, site: Site, watch: Watch) -> Iterator[Page]:
    """The app booted with the violations recorded from its first script on."""
    page = context.new_page()
    watch.attach(page)
    page.add_init_script(RECORD_VIOLATIONS)
    goto_app(page, site.url)
    yield page
    watch.assert_clean(page)


def violations(page: Page) -> list[str]:
    return page.evaluate("window.cspViolations")


def test_every_game_plays_under_the_policy(guarded: Page) -> None:
    page = guarded
    assert page.locator('meta[http-equiv="Content-Security-Policy"]').count() == 1
    for game in GAME_IDS:
        start_game(page, ["human", "greedy", "random"], game=game, seed=3)
        page.wait_for_selector(TARGET, state="attached", timeout=60_000)
        ply = page.locator("#table").get_attribute("data-ply")
        page.locator(TARGET).first.click()
        expect(page.locator("#table")).not_to_have_attribute("data-ply", ply or "")
        chip = page.locator("#players .chip").first
        assert chip.evaluate("el => getComputedStyle(el).backgroundColor") != "rgba(0, 0, 0, 0)"
        page.locator("#share").press("Enter")  # under the log the bots extend (see to_lobby)
        expect(page.locator("#curtain")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#curtain")).to_be_hidden()
        to_lobby(page)
    page.click('.lang-choice[data-lang="fr"]')
    page.click("#projector")
    expect(page.locator("#projector")).to_have_attribute("aria-pressed", "true")
    assert violations(page) == []


def test_injected_script_does_not_run(guarded: Page) -> None:
    page = guarded
    page.evaluate("""() => {
        const script = document.createElement("script");
        script.textContent = "window.injected = 'script element'";
        document.body.append(script);
        const box = document.createElement("div");
        box.innerHTML = '<img src="./static/no-such-image.png" onerror="window.injected = \\'handler\\'">';
        document.body.append(box);
        const link = document.createElement("a");
        link.href = "javascript:window.injected = 'link'";
        document.body.append(link);
        link.click();
    }""")
    page.wait_for_function("window.cspViolations.length >= 3")
    page.wait_for_timeout(300)  # time for a handler to run, were it allowed to
    assert page.evaluate("window.injected") is None
    blocked = " ".join(violations(page))
    assert "script-src-elem blocked inline" in blocked
    assert "script-src-attr blocked inline" in blocked


def test_a_failed_start_reloads_from_its_button(context: BrowserContext, site: Site) -> None:
    """Its button has no inline handler, which the policy would block: boot.js handles it."""
    page = context.new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    page.route("**/app.zip", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site.url)
    button = page.locator("#boot-error button")
    expect(button).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert button.get_attribute("onclick") is None
    with page.expect_navigation():
        button.click()
    expect(page.locator("#boot-error")).to_be_visible(timeout=BOOT_TIMEOUT_MS)  # app.zip is still missing
    assert violations(page) == []
