"""The table on every screen: at 360x740 (touch), 1366x768 and 1920x1080, for every game, the page
never scrolls sideways, the game opens at the top with its status in view, the board's box is inside
the viewport, the player's moves are in view on wide screens, no panel is clipped, and the log shows
its newest line. On a phone the board zooms so that a move is only tapped at a size a finger can hit.
In projector mode the board's words and numbers are at least 20 px."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from test_accessibility import assert_accessible

from support import Site, after_two_frames, own_app, start_game, to_lobby

SCREENS = {"phone": (360, 740), "laptop": (1366, 768), "projector": (1920, 1080)}
TABLES = {
    "transamerica": ["human", "greedy", "greedy", "greedy"],
    "trick_of_the_rails": ["human", "greedy", "greedy", "greedy"],
    "freight_train": ["human", "greedy", "greedy", "greedy"],
    "locomotion": ["human", "greedy", "greedy"],
}
MOVES = "#board-position [data-move], #actions [data-move]"
FINGER_PX = 44
PROJECTOR_TEXT_PX = 20


@pytest.fixture(scope="module", params=list(SCREENS))
def screen(request: pytest.FixtureRequest, browser: Browser, site: Site) -> Iterator[tuple[str, Page]]:
    """One page per screen size, booted once; each test starts its game from the lobby."""
    name = request.param
    width, height = SCREENS[name]
    phone = name == "phone"
    with own_app(browser, site, viewport={"width": width, "height": height}, is_mobile=phone,
                 has_touch=phone) as page:
        yield name, page


def open_game(page: Page, game: str) -> None:
    if page.locator("#table").is_visible():
        to_lobby(page)
    start_game(page, TABLES[game], game=game, seed=5)
    page.wait_for_selector(MOVES, state="attached", timeout=60_000)


def inside_viewport(page: Page, selector: str) -> list[str]:
    """The elements matching `selector` whose box leaves the viewport, described."""
    return page.evaluate("""selector => [...document.querySelectorAll(selector)].flatMap(el => {
        const r = el.getBoundingClientRect();
        const out = r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1;
        const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
        const name = `${el.id || el.tagName} ${el.getAttribute('data-move') || ''}`;
        return out && r.width > 0 ? [`${name} ${box}`] : [];
    })""", selector)


def clipped(page: Page) -> list[str]:
    """Panels and tables wider than the box that shows them (cut off or scrolling sideways)."""
    return page.evaluate("""() => [...document.querySelectorAll(
            '.panel, #hand, #players, #log, #hand table, #actions, #curtain-body, #curtain-body table')]
        .filter(el => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        .map(el => `${el.id || el.className || el.tagName}: ${el.scrollWidth} > ${el.clientWidth}`)""")


@pytest.mark.parametrize("game", list(TABLES))
def test_the_table_fits_the_screen(screen: tuple[str, Page], game: str) -> None:
    name, page = screen
    open_game(page, game)
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREENS[name][0], "page scrolls sideways"
    assert page.evaluate("scrollY") == 0, "the game did not open at the top"
    expect(page.locator("#status")).to_be_in_viewport(ratio=1)
    assert inside_viewport(page, "#board") == [], "the board's box leaves the screen"
    assert clipped(page) == []
    if name == "phone":
        assert inside_viewport(page, "#actions [data-move]") == []
    else:
        assert inside_viewport(page, MOVES) == [], "a move is off screen"
        hand = page.locator("#hand > *").first
        if hand.count():
            expect(hand).to_be_in_viewport()


@pytest.mark.parametrize("screen", ["phone"], indirect=True)  # touch zoom is for phones
def test_a_phone_tap_zooms_until_the_target_is_a_finger_wide_then_plays(screen: tuple[str, Page]) -> None:
    name, page = screen
    open_game(page, "transamerica")
    ply = page.locator("#table").get_attribute("data-ply")
    target = page.locator("#board-position [data-move]").first
    assert max(target.bounding_box()["width"], target.bounding_box()["height"]) < FINGER_PX
    target.tap()
    expect(page.locator("#board-wrap")).not_to_have_attribute("data-zoom", "1.00")
    assert page.locator("#table").get_attribute("data-ply") == ply, "a tap too small to aim played a move"
    box = target.bounding_box()
    assert max(box["width"], box["height"]) >= FINGER_PX
    target.scroll_into_view_if_needed()
    target.tap()
    expect(page.locator("#table")).not_to_have_attribute("data-ply", ply)
    page.click(".zoom-tools [data-zoom=fit]")
    expect(page.locator("#board-wrap")).to_have_attribute("data-zoom", "1.00")
    assert inside_viewport(page, "#board") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREENS[name][0]


@pytest.mark.parametrize("game", list(TABLES))
@pytest.mark.parametrize("screen", ["projector"], indirect=True)  # judged at 1920x1080
def test_projector_mode_writes_the_board_large(screen: tuple[str, Page], game: str) -> None:
    _name, page = screen
    page.click("#projector")  # the header's switch
    expect(page.locator("html")).to_have_attribute("data-display", "projector")
    try:
        open_game(page, game)
        small = page.evaluate(f"""() => [...document.querySelectorAll('#board text')].flatMap(text => {{
            const scale = text.ownerSVGElement.getScreenCTM().a;
            const px = parseFloat(getComputedStyle(text).fontSize) * scale;
            return text.textContent.trim() && text.checkVisibility() && px < {PROJECTOR_TEXT_PX} - 0.5
                ? [`${{text.textContent.trim()}}: ${{px.toFixed(1)}} px`] : [];
        }})""")
        assert small == [], f"board text under {PROJECTOR_TEXT_PX} px: {small[:12]} ({len(small)} in all)"
        assert inside_viewport(page, "#board") == []
    finally:
        page.click("#projector")
        expect(page.locator("html")).not_to_have_attribute("data-display", "projector")


# The projector's layout is the laptop's.
@pytest.mark.parametrize("screen", ["phone", "laptop"], indirect=True)
def test_the_end_of_day_screen_leaves_the_board_in_view(screen: tuple[str, Page]) -> None:
    """The screen between days sits beside the board (over the side panel) on a wide screen, and under
    it on a phone (a sheet, opened at its title): the board of the day that ended stays in view."""
    name, page = screen
    if page.locator("#table").is_visible():
        to_lobby(page)
    start_game(page, ["greedy", "greedy"], game="freight_train", seed=5, speed="fast")
    page.wait_for_selector("#curtain.beside-board:not([hidden])", timeout=120_000)
    expect(page.locator("#curtain-title")).to_contain_text("End of day")
    expect(page.locator("#curtain-title")).to_be_in_viewport(ratio=1)
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREENS[name][0]
    card, board = page.locator(".curtain-card").bounding_box(), page.locator("#board").bounding_box()
    if name == "phone":
        assert card["y"] > board["y"] + board["height"] / 2, "the sheet hides most of the board"
    else:
        assert card["x"] >= board["x"] + board["width"], "the screen covers the board"


@pytest.mark.parametrize("screen", ["phone"], indirect=True)  # pinching is for touch screens
def test_two_fingers_spread_apart_zoom_the_board_in(screen: tuple[str, Page]) -> None:
    name, page = screen
    open_game(page, "transamerica")
    page.click(".zoom-tools [data-zoom=fit]")
    box = page.locator("#board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, spread: float) -> None:
        fingers = [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        points = [] if kind == "touchEnd" else fingers
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 20)
    for spread in (30, 45, 60):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    zoom = float(page.locator("#board-wrap").get_attribute("data-zoom") or "1")
    assert 2.5 <= zoom <= 3.5, f"fingers 40 px apart, then 120: the board should zoom about 3x, not {zoom}"
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREENS[name][0]


def play_a_move(page: Page) -> None:
    """One move of Locomotion from its buttons: it lists every move as a button too, and a tap on
    the board might zoom it instead."""
    ply = page.locator("#table").get_attribute("data-ply")
    page.locator("#actions [data-move]").first.dispatch_event("click")
    expect(page.locator("#table")).not_to_have_attribute("data-ply", ply)
    page.wait_for_selector("#actions [data-move]", state="attached", timeout=60_000)
    page.wait_for_selector('#log[aria-busy="false"]', state="attached")


def assert_newest_line_in_view(page: Page) -> None:
    log = page.locator("#log")
    box, newest = log.bounding_box(), log.locator("li").last.bounding_box()
    assert box["y"] - 1 <= newest["y"] and newest["y"] + newest["height"] <= box["y"] + box["height"] + 1, \
        f"the newest line ({newest}) lies outside the log's box ({box})"


def a_log_of(page: Page, lines: int) -> Locator:
    """A new Locomotion game played to `lines` lines of its log, the page scrolled down to the log."""
    open_game(page, "locomotion")
    log = page.locator("#log")
    while log.locator("li").count() < lines:
        play_a_move(page)
    log.scroll_into_view_if_needed()
    after_two_frames(page)
    return log


@pytest.mark.parametrize("screen", ["phone", "laptop"], indirect=True)
def test_the_log_shows_its_newest_line(screen: tuple[str, Page]) -> None:
    """After a move the log is scrolled to its newest line, and that line is still in the box when the
    page is scrolled down to the log: the lines, drawn only once in sight, take their real height then."""
    _name, page = screen
    log = a_log_of(page, 40)
    assert log.evaluate("log => log.scrollHeight > log.clientHeight")
    assert_newest_line_in_view(page)


@pytest.mark.parametrize("screen", ["laptop"], indirect=True)
def test_the_log_follows_the_moves_when_its_scroll_event_comes_late(screen: tuple[str, Page]) -> None:
    """The browser reports a scroll a frame after it, maybe after the next move's lines came: the log
    the page scrolled to its end, then lengthened, is not one a player scrolled up."""
    _name, page = screen
    log = a_log_of(page, 30)
    log.evaluate("""log => {
        const newest = log.lastElementChild;
        newest.style.paddingBottom = "200px";  // as lines still to scroll to would lengthen it
        log.dispatchEvent(new Event("scroll"));
        newest.style.paddingBottom = "";
    }""")
    play_a_move(page)
    after_two_frames(page)
    assert_newest_line_in_view(page)


@pytest.mark.parametrize("screen", ["laptop"], indirect=True)
def test_the_log_keeps_the_place_of_a_player_reading_older_moves(screen: tuple[str, Page]) -> None:
    """Scrolled up to older moves, the log stays there as moves come, and a button offers the newest;
    scrolled back to its end, or by that button, it follows the newest move again."""
    _name, page = screen
    log, newest = a_log_of(page, 30), page.locator("#log-newest")
    expect(newest).to_be_hidden()
    end = log.evaluate("log => log.scrollTop")  # where the page scrolled it
    log.evaluate("log => { log.scrollTop = 40; }")  # as a player's wheel or finger would
    after_two_frames(page)
    lines = log.locator("li").count()
    for _ in range(3):
        play_a_move(page)
    after_two_frames(page)
    assert log.locator("li").count() > lines
    assert log.evaluate("log => log.scrollTop") == 40, "the log jumped away from the lines being read"
    expect(newest).to_be_visible()
    assert_accessible(page, "the log's button to its newest moves")
    # Back down to where the page had scrolled it, no longer the end: still a player's place.
    log.evaluate(f"log => {{ log.scrollTop = {end}; }}")
    after_two_frames(page)
    assert log.evaluate("log => log.scrollTop + log.clientHeight < log.scrollHeight - 48")  # 2 lines short
    play_a_move(page)
    after_two_frames(page)
    assert log.evaluate("log => log.scrollTop") == end, "the log jumped away from the lines being read"
    expect(newest).to_be_visible()
    log.evaluate("log => { log.scrollTop = log.scrollHeight; }")
    expect(newest).to_be_hidden()
    play_a_move(page)
    after_two_frames(page)
    assert_newest_line_in_view(page)

    log.evaluate("log => { log.scrollTop = 40; }")
    after_two_frames(page)
    play_a_move(page)
    newest.press("Enter")  # from the keyboard
    expect(newest).to_be_hidden()
    expect(log).to_be_focused()
    after_two_frames(page)
    assert_newest_line_in_view(page)
    play_a_move(page)
    after_two_frames(page)
    assert_newest_line_in_view(page)
