"""Before Python is ready: a reload in the middle of a game shows its board at once, from the picture
kept with its save; a move tapped on it then is played when Python is; the lobby never shows in
between, and a hand a hand-over hides never comes back this way. The new-game form works as plain
HTML, and a "Start" pressed then starts the game as chosen once Python is ready."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, Route, expect

from support import READY, Site, after_two_frames, reload_app, start_game, to_lobby, wait_ready

# Installed before the page's own scripts: what the player could see, and when, until Python is ready.
TIMELINE = """(() => {
  window.seen = {lobby: false, board: null, ready: null};
  const look = () => {
    const root = document.documentElement;
    if (window.seen.ready === null && root.hasAttribute("data-app-ready")) {
      window.seen.ready = performance.now();
    }
    if (window.seen.ready !== null) return;
    const lobby = document.getElementById("lobby"), table = document.getElementById("table");
    if (lobby && !lobby.hidden && getComputedStyle(lobby).display !== "none") window.seen.lobby = true;
    if (window.seen.board === null && table && !table.hidden
        && document.querySelector("#board-map svg") && document.querySelector("#board-position svg")) {
      window.seen.board = performance.now();
      window.seen.boardHtml = document.getElementById("board-position").innerHTML;
      window.seen.hand = document.getElementById("hand").textContent;
      window.seen.status = document.getElementById("status").textContent;
    }
  };
  new MutationObserver(look).observe(document, {childList: true, subtree: true, attributes: true});
})()"""

# A tap on a track of the picture as soon as it is drawn. Playwright's own click would wait for the
# page's main thread, which Pyodide's start holds: a player's tap is queued in the same way.
TAP = """(() => {
  const tap = () => {
    const root = document.documentElement;
    const target = document.querySelector('#board-position [data-move^="track "]');
    if (window.seen.tap || !root.hasAttribute("data-picture") || !target) return;
    target.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    const note = document.querySelector('#boot [data-note="queued"]');
    window.seen.tap = {move: target.getAttribute("data-move"), ready: root.hasAttribute("data-app-ready"),
                       note: Boolean(note && note.checkVisibility()),
                       marked: target.classList.contains("queued")};
  };
  new MutationObserver(tap).observe(document, {childList: true, subtree: true, attributes: true});
})()"""


def saved_record(page: Page) -> dict:
    save_id = page.evaluate("location.hash").removeprefix("#game=")
    return json.loads(page.evaluate(f"localStorage.getItem('railtable/v1/game/{save_id}')"))["record"]


def test_a_reload_mid_game_shows_the_board_before_python_and_plays_a_move_tapped_on_it(app: Page) -> None:
    start_game(app, ["human", "greedy", "greedy"])
    app.locator('#board-position [data-move^="marker "]').first.click()
    app.wait_for_selector('#board-position [data-move^="track "]', state="attached", timeout=30_000)
    drawn = app.inner_html("#board-position").replace('tabindex="0"', 'tabindex="-1"')  # focus is Python's
    ply = len(saved_record(app)["moves"])

    app.add_init_script(TIMELINE)
    app.add_init_script(TAP)
    reload_app(app)

    seen = app.evaluate("window.seen")
    move = seen["tap"].pop("move")
    assert seen["tap"] == {"ready": False, "note": True, "marked": True}  # queued, and it says so
    assert seen["board"] is not None and seen["board"] < seen["ready"]  # the board came before Python
    assert seen["boardHtml"] == drawn  # drawn as it was
    assert not seen["lobby"]  # no lobby in between
    app.wait_for_function(f"document.querySelector('#table').getAttribute('data-ply') > {ply}")
    assert saved_record(app)["moves"][ply] == move  # the tapped move, played once Python was ready
    expect(app.locator("#boot")).to_be_hidden()


def test_a_hand_over_is_kept_without_the_hand_and_in_the_players_language(app: Page) -> None:
    app.click('.lang-choice[data-lang="fr"]')
    start_game(app, ["human", "human"])
    app.locator("#curtain-actions button").first.click()  # the first player takes the device
    hand = app.text_content("#hand")
    app.locator('#board-position [data-move^="marker "]').first.click()
    expect(app.locator("#curtain")).to_be_visible()  # hand over to the second player

    app.add_init_script(TIMELINE)
    reload_app(app)
    seen = app.evaluate("window.seen")
    assert seen["board"] is not None and seen["board"] < seen["ready"]
    assert seen["hand"] != hand and "Vos villes" not in seen["hand"]
    assert seen["status"] and seen["status"] == app.text_content("#status")  # in French, as Python says it
    assert app.text_content("#curtain-title") and app.evaluate("document.documentElement.lang") == "fr"


def test_a_reload_before_the_cache_has_the_picture_still_shows_the_board_before_python(app: Page) -> None:
    start_game(app, ["human", "greedy", "greedy"])
    # This page's writes to the cache never land: a reload comes before them.
    app.evaluate("() => { Cache.prototype.put = () => new Promise(() => {}); }")
    app.locator('#board-position [data-move^="marker "]').first.click()
    app.wait_for_selector('#board-position [data-move^="track "]', state="attached", timeout=30_000)
    after_two_frames(app)  # kept
    drawn = app.inner_html("#board-position").replace('tabindex="0"', 'tabindex="-1"')

    app.add_init_script(TIMELINE)
    reload_app(app)
    seen = app.evaluate("window.seen")
    assert seen["board"] is not None and seen["board"] < seen["ready"]
    assert seen["boardHtml"] == drawn


def test_the_lobby_works_before_python_and_start_waits_for_it(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    page.add_init_script(
        "localStorage.setItem('railtable/v1/prefs', JSON.stringify({lang: 'fr', speed: 'fast'}))")
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # held back: the form first
    page.goto(site.url)
    page.check('#new-game input[name=game][value="freight_train"]')
    expect(page.locator("#seats .seat:visible")).to_have_count(4)
    expect(page.locator("#player-count option", has_text="6")).to_be_disabled()  # Freight Train: 2 to 5
    page.select_option("#player-count", "3")
    expect(page.locator("#seats .seat:visible")).to_have_count(3)
    expect(page.locator('#seats .seat[data-seat="2"] input')).to_have_attribute("placeholder", "Joueur 3")
    page.fill('#seats .seat[data-seat="0"] input', "Ann")
    page.select_option('#seats .seat[data-seat="2"] select', "strong")
    expect(page.locator('#options [data-game="transamerica"]')).to_be_hidden()
    page.check('#options [data-game="freight_train"] input[name="cabooses"]')
    expect(page.locator("#bot-speed")).to_have_value("fast")  # the stored preference
    page.click("#start")
    expect(page.locator('#boot [data-note="starting"]')).to_be_visible()
    assert page.locator("html[data-app-ready]").count() == 0

    page.wait_for_function("() => true")  # let the held request reach the route
    assert held, "the Python runtime was never requested"
    held[0].continue_()
    wait_ready(page)
    expect(page.locator("#table")).to_be_visible()
    record = saved_record(page)
    assert record["game"] == "freight_train" and record["options"] == {"cabooses": True}
    entry = json.loads(page.evaluate(
        f"localStorage.getItem('railtable/v1/game/{page.evaluate('location.hash').removeprefix('#game=')}')"))
    assert entry["seats"] == ["human", "greedy", "strong"] and entry["names"][0] == "Ann"


def test_the_continue_list_works_before_python_and_shows_the_chosen_game_at_once(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    app.locator('#board-position [data-move^="marker "]').first.click()
    app.wait_for_selector('#board-position [data-move^="track "]', state="attached", timeout=30_000)
    save_id = app.evaluate("location.hash").removeprefix("#game=")
    drawn = app.inner_html("#board-position").replace('tabindex="0"', 'tabindex="-1"')
    to_lobby(app)
    expect(app.locator("#saved-games button.saved")).to_have_count(1)

    held: list[Route] = []
    app.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    app.reload(wait_until="domcontentloaded")
    saved = app.locator(f'#saved-games [data-save="{save_id}"]')
    expect(saved).to_be_visible()  # the list as Python drew it, Python still held back
    app.locator("#saved-games [data-delete]").click()
    expect(app.locator('#boot [data-note="wait"]')).to_be_visible()  # deleting waits for Python
    saved.click()
    expect(app.locator("html[data-picture] #table")).to_be_visible()
    assert app.inner_html("#board-position") == drawn and app.locator(READY).count() == 0
    expect(app.locator("#lobby")).to_be_hidden()

    assert held, "the Python runtime was never requested"
    held[0].continue_()
    wait_ready(app)
    expect(app.locator("#table")).to_be_visible()
    assert app.evaluate("location.hash") == f"#game={save_id}"
    app.go_back()  # the game was opened over the lobby, as from Python's own list
    expect(app.locator("#lobby")).to_be_visible()


def test_a_stale_continue_list_is_not_shown_before_python(app: Page, context: BrowserContext,
                                                          site: Site) -> None:
    start_game(app, ["human", "greedy"])
    app.locator('#board-position [data-move^="marker "]').first.click()
    to_lobby(app)
    expect(app.locator("#saved-games button.saved")).to_have_count(1)
    app.goto("about:blank")  # the player leaves: the list is kept as it stands
    page = context.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: None)  # no Python here: nothing lists the games again
    page.goto(site.url)
    expect(page.locator("#saved-games button.saved")).to_have_count(1)
    page.evaluate("""() => {  // another tab played on
        const key = Object.keys(localStorage).find(key => key.startsWith('railtable/v1/game/'));
        const entry = JSON.parse(localStorage.getItem(key));
        entry.rev += 1;
        localStorage.setItem(key, JSON.stringify(entry));
    }""")
    page.reload()
    page.wait_for_timeout(500)
    expect(page.locator("#saved-games > .empty")).to_be_visible()  # "Loading…" until Python lists them


def test_a_move_keeps_its_picture_once_its_board_is_on_screen(app: Page) -> None:
    """Keeping the picture is not part of the click: it waits for the frame after the board's."""
    start_game(app, ["human", "greedy", "greedy"])
    app.locator('#board-position [data-move^="marker "]').first.click()
    app.wait_for_selector('#board-position [data-move^="track "]', state="attached", timeout=30_000)
    kept = app.evaluate("""async () => {
      const plies = [], pictures = window.railTablePicture, keep = pictures.keep;
      pictures.keep = (id, json) => { plies.push(JSON.parse(json).ply); keep(id, json); };
      document.querySelector('#board-position [data-move^="track "]')
        .dispatchEvent(new MouseEvent("click", {bubbles: true}));
      const inClick = plies.length;
      const frame = () => new Promise(done => requestAnimationFrame(done));
      await frame();
      await frame();
      await new Promise(done => setTimeout(done, 0));
      pictures.keep = keep;
      return {inClick, plies, ply: Number(document.querySelector("#table").getAttribute("data-ply"))};
    }""")
    assert kept["inClick"] == 0
    assert kept["plies"] == [kept["ply"]]
