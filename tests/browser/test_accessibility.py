"""Accessibility in the browser: the keyboard on the boards and in the dialogs, what screen readers
hear after a move, the replay buttons' names, and axe-core on every screen (the lobby, each game in
play and at its end, each rules page) with no serious or critical violation.

One browser context and two pages serve the whole module (CI has two cores): the app's page goes
from the lobby to each table and back."""

from __future__ import annotations

import importlib
import json
import math
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from random_play import play_random_game
from support import (
    BOARD_FOCUSED,
    LAPTOP,
    ROOT,
    Site,
    Watch,
    back_to_lobby,
    goto_app,
    start_game,
    wait_for_board_focus,
)
from ui.focus import ARROWS, index_after_key
from ui.links import encode_link

sys.path.insert(0, str(ROOT / "tools"))
build_sw = importlib.import_module("build_sw")

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
GAMES = ("transamerica", "trick_of_the_rails", "freight_train", "locomotion")
RULES = sorted(path.name for path in (ROOT / "rules").glob("*.html"))
TARGETS = "#board-position .legal[data-move]"
MY_TURN = f"{TARGETS}, #actions [data-move]"
AXE_RUN = "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
CENTRES = f"""() => [...document.querySelectorAll('{TARGETS}')].map(el => {{
    const box = el.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
}})"""


# -- the shared browser ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pages(browser: Browser, site: Site) -> Iterator[tuple[Page, Page, Watch]]:
    """The booted app, a page for the rules, and the watch on both."""
    context = browser.new_context(locale="en-GB", viewport=LAPTOP,
                                  service_workers="block")
    watch = Watch(site.url.rstrip("/"))
    app, rules = context.new_page(), context.new_page()
    for page in (app, rules):
        watch.attach(page)
    goto_app(app, site.url)
    yield app, rules, watch
    for page in (app, rules):
        watch.assert_clean(page)
    context.close()


@pytest.fixture
def app(pages: tuple[Page, Page, Watch]) -> Page:
    """The app's page, in the lobby."""
    back_to_lobby(pages[0])
    return pages[0]


# -- axe-core -------------------------------------------------------------------------------------
def blocking_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of impact serious or critical on the page as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        # Evaluated, not added as a <script>: the page's content policy refuses inline scripts.
        page.evaluate(AXE.read_text(encoding="utf-8"))
    violations = page.evaluate(AXE_RUN)
    return [violation for violation in violations if violation["impact"] in BLOCKING]


def report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for rule in violations:
        lines.append(f"[{rule['impact']}] {rule['id']}: {rule['help']} ({rule['helpUrl']})")
        for node in rule["nodes"][:8]:
            summary = " ".join(node.get("failureSummary", "").split())
            where = " ".join(map(str, node["target"]))
            lines.append(f"    {where}\n        {node['html'][:160]}\n        {summary}")
        if len(rule["nodes"]) > 8:
            lines.append(f"    ... and {len(rule['nodes']) - 8} more")
    return "\n".join(lines)


class AxeViolations(AssertionError):
    """axe-core found serious or critical violations (an xfail names this, not any failure)."""


def assert_accessible(page: Page, where: str) -> None:
    violations = blocking_violations(page)
    if violations:
        print(f"\naxe-core on {where}:\n{report(violations)}")
        raise AxeViolations(f"axe-core on {where}:\n{report(violations)}")


def test_axe_core_is_pinned_for_the_tests_and_never_shipped() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    version = package["devDependencies"]["axe-core"]
    assert version[0].isdigit(), "pinned to an exact version"
    assert "axe-core" not in package.get("dependencies", {})
    assert AXE.is_file(), "run `npm ci` (make setup does)"
    assert [name for name in build_sw.site_files(ROOT) if "axe" in name] == []
    assert list((ROOT / "static" / "vendor").rglob("*axe*")) == []


def test_lobby(app: Page) -> None:
    assert_accessible(app, "the lobby")


@pytest.mark.parametrize("name", RULES)
def test_rules_page(pages: tuple[Page, Page, Watch], site: Site, name: str) -> None:
    rules = pages[1]
    rules.goto(f"{site.url}rules/{name}")
    assert_accessible(rules, f"rules/{name}")


def players(game: str) -> list[str]:
    return ["random"] * (3 if game == "trick_of_the_rails" else 2)


@pytest.mark.parametrize("game", [
    "transamerica",
    "trick_of_the_rails",
    "freight_train",
    "locomotion",
])
def test_table_in_play(app: Page, game: str) -> None:
    start_game(app, ["human", *players(game)[1:]], game=game, seed=3)
    app.wait_for_selector(MY_TURN, state="attached", timeout=60_000)
    assert_arrows_reach_every_target(app, game)
    assert_accessible(app, f"{game}, a human to move")


@pytest.mark.parametrize("game", GAMES)
def test_table_at_game_over(app: Page, game: str) -> None:
    start_game(app, players(game), game=game, seed=3)
    app.wait_for_selector("#curtain:not([hidden]) table.results", timeout=240_000)
    assert app.evaluate("document.activeElement.closest('#curtain') !== null"), "the result has the focus"
    assert_accessible(app, f"{game}, game over")
    app.keyboard.press("Escape")  # "view the board"
    expect(app.locator("#curtain")).to_be_hidden()


def assert_arrows_reach_every_target(page: Page, game: str) -> None:
    """From the first target, the arrow keys and Home/End reach every target: none is left out by
    the geometry of the real board (ui.focus's choices, on the centres the browser lays out)."""
    centres = [tuple(centre) for centre in page.evaluate(CENTRES)]
    reached, todo = {0}, [0] if centres else []
    while todo:
        current = todo.pop()
        for key in (*ARROWS, "Home", "End"):
            index = index_after_key(key, current, centres)
            if index is not None and index not in reached:
                reached.add(index)
                todo.append(index)
    assert len(reached) == len(centres), f"{game}: {len(centres) - len(reached)} targets out of reach"


# -- the keyboard on the board --------------------------------------------------------------------
def centre_of_focus(page: Page) -> tuple[float, float]:
    box = page.evaluate("(() => { const b = document.activeElement.getBoundingClientRect();"
                        " return [b.left + b.width / 2, b.top + b.height / 2]; })()")
    return box[0], box[1]


def tab_onto_the_board(page: Page) -> None:
    page.locator(".lang-choice").last.focus()
    for _ in range(6):  # past the header's last button: the zoom tools may come first
        page.keyboard.press("Tab")
        if page.evaluate(BOARD_FOCUSED):
            return
    raise AssertionError("Tab never reached the board")


def test_the_board_is_one_tab_stop_with_arrow_keys_and_a_focus_ring(app: Page) -> None:
    start_game(app, ["human", "random"], seed=3)
    app.wait_for_selector(f'{TARGETS}[data-move^="marker "]', state="attached", timeout=60_000)
    count = app.locator(TARGETS).count()
    assert count > 100
    expect(app.locator(f'{TARGETS}[tabindex="0"]')).to_have_count(1)
    tab_onto_the_board(app)
    ring = app.evaluate("(() => { const s = getComputedStyle(document.activeElement);"
                        " return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
    assert ring[0] == "solid" and ring[1] >= 2, f"no visible focus ring: {ring}"
    app.keyboard.press("Tab")
    assert not app.evaluate(BOARD_FOCUSED), "the board takes one Tab, not one per target"
    app.keyboard.press("Shift+Tab")
    assert app.evaluate(BOARD_FOCUSED)

    start = centre_of_focus(app)
    app.keyboard.press("ArrowRight")
    right = centre_of_focus(app)
    assert right[0] > start[0]
    expect(app.locator(f'{TARGETS}[tabindex="0"]')).to_have_count(1)
    assert app.evaluate("document.activeElement.getAttribute('tabindex')") == "0"
    app.keyboard.press("ArrowDown")
    assert centre_of_focus(app)[1] > right[1]
    app.keyboard.press("End")
    assert app.evaluate(f"document.activeElement === [...document.querySelectorAll('{TARGETS}')].at(-1)")

    # Enter plays the marker; the bot answers; the focus is back on the board, near that marker.
    played = centre_of_focus(app)
    desc = app.locator("#board-desc").text_content()
    app.keyboard.press("Enter")
    app.wait_for_selector(f'{TARGETS}[data-move^="track "]', state="attached", timeout=60_000)
    wait_for_board_focus(app)  # the focus came back to the board
    expect(app.locator(f'{TARGETS}[tabindex="0"]')).to_have_count(1)
    assert_focus_nearest(app, played)

    # Screen readers: the board's description is not read out at every move; the new log lines are.
    assert app.locator("#board-desc").get_attribute("aria-live") is None
    assert app.locator("#board-desc").text_content() != desc
    news = app.locator("#log-news")
    assert news.get_attribute("aria-live") == "polite"
    assert news.locator("p").count() >= 1
    assert all(line in app.locator("#log").text_content() for line in news.locator("p").all_text_contents())

    # A track laid: the focus stays on the board, on the target nearest the one played.
    played = centre_of_focus(app)
    app.keyboard.press("Enter")
    expect(app.locator("#actions [data-undo]")).to_be_visible()
    wait_for_board_focus(app)
    assert_focus_nearest(app, played)
    assert "track" in news.text_content() or "lays" in news.text_content()


def assert_focus_nearest(page: Page, place: tuple[float, float]) -> None:
    distances = [math.dist(place, centre) for centre in page.evaluate(CENTRES)]
    assert math.dist(place, centre_of_focus(page)) == pytest.approx(min(distances), abs=0.5)


# -- dialogs ---------------------------------------------------------------------------------------
def inside_curtain(page: Page) -> bool:
    return bool(page.evaluate("document.activeElement.closest('#curtain') !== null"))


def test_the_share_dialog_holds_the_focus_and_escape_gives_it_back(app: Page) -> None:
    start_game(app, ["human", "random"], seed=3)
    app.wait_for_selector(TARGETS, state="attached", timeout=60_000)
    app.locator("#share").focus()
    app.keyboard.press("Enter")
    expect(app.locator("#curtain")).to_be_visible()
    assert app.locator("#curtain").get_attribute("aria-modal") == "true"
    expect(app.locator("#curtain-actions button").first).to_be_focused()
    for key in ("Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"):
        app.keyboard.press(key)
        assert inside_curtain(app), f"{key} left the dialog"
    app.keyboard.press("Escape")
    expect(app.locator("#curtain")).to_be_hidden()
    expect(app.locator("#share")).to_be_focused()


def test_the_share_dialog_passes_axe(app: Page) -> None:
    start_game(app, ["human", "random"], seed=3)
    app.locator("#share").press("Enter")  # under the log the bots extend (see to_lobby)
    expect(app.locator("#curtain-actions button").first).to_be_focused()
    assert_accessible(app, "the share dialog")


def test_the_hand_over_is_modal_and_escape_does_not_reveal_the_cards(app: Page) -> None:
    start_game(app, ["human", "human"], seed=3)
    reveal = app.locator('#curtain [data-curtain="reveal"]')
    expect(reveal).to_be_focused()
    assert app.locator("#curtain").get_attribute("aria-modal") == "true"
    assert_accessible(app, "the hand-over")
    app.keyboard.press("Escape")
    expect(app.locator("#curtain")).to_be_visible()  # only the next player may open their hand
    app.keyboard.press("Tab")
    assert inside_curtain(app)
    reveal.focus()
    app.keyboard.press("Enter")
    expect(app.locator("#curtain")).to_be_hidden()
    app.wait_for_selector(TARGETS, state="attached")
    wait_for_board_focus(app)  # after the hand-over, the focus is on the player's board


# -- replay buttons --------------------------------------------------------------------------------
def test_replay_buttons_are_icons_with_translated_names(app: Page) -> None:
    record = play_random_game("transamerica", 2, seed=21).record()
    app.fill("#link-input", encode_link(record, ["human", "random"]))
    app.click("#open-link button[type=submit]")
    expect(app.locator("#replay-bar")).to_be_visible()
    buttons = app.locator("#replay-bar [data-replay]")
    expect(buttons).to_have_count(4)
    for index in range(4):
        button = buttons.nth(index)
        assert button.text_content().strip() == "", "no glyph a font may lack"
        assert button.locator("svg[aria-hidden='true'] path[fill='currentColor']").count() == 1
    english = [buttons.nth(i).get_attribute("aria-label") for i in range(4)]
    assert english == ["First move", "Previous move", "Next move", "Last move"]
    assert_accessible(app, "a shared link's replay")
    app.click('.lang-choice[data-lang="fr"]')
    french = [buttons.nth(i).get_attribute("aria-label") for i in range(4)]
    assert all(french) and french != english
    app.click('.lang-choice[data-lang="en"]')
    buttons.first.click()
    expect(app.locator("#replay-range")).to_have_value("0")
