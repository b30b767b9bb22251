"""Nothing lost: the same game in two tabs, a newer version's saves, backups between browsers, and
messages that are whole (no raw placeholder, no page widened, none cut short)."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, BrowserContext, Page, expect

from support import Site, Watch, open_app, reload_app, start_game, to_lobby


def ply(page: Page) -> int:
    return int(page.get_attribute("#table", "data-ply") or -1)


def saved_plies(page: Page) -> dict[str, int]:
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(key => key.startsWith('railtable/v1/game/'))
        .map(key => [key.slice(18), JSON.parse(localStorage.getItem(key)).record.moves.length]))""")


def play_any_move(page: Page) -> None:
    """The human to move plays their first move offered, on the board or as a button."""
    before = ply(page)
    page.locator("#board-position [data-move], #actions [data-move]").first.click()
    expect(page.locator("#table")).not_to_have_attribute("data-ply", str(before))


def test_a_game_open_in_two_tabs_is_never_overwritten(app: Page, context: BrowserContext,
                                                      watch: Watch) -> None:
    start_game(app, ["human", "human"], game="locomotion")  # no secrets, no bots: two tabs, one table
    other = open_app(context, watch, app.url)  # the same game's address in a second tab
    expect(other.locator("#table")).to_have_attribute("data-ply", "0")
    save_id = app.url.split("#game=")[1]

    play_any_move(other)  # played on in the second tab
    expect(app.locator("#curtain")).to_be_visible()  # the first tab is told at once
    expect(app.locator("#curtain-title")).to_have_text("This game went on elsewhere")
    expect(app.locator('#curtain [data-curtain="load_newer"]')).to_be_focused()
    app.click('#curtain [data-curtain="load_newer"]')
    expect(app.locator("#curtain")).to_be_hidden()
    expect(app.locator("#table")).to_have_attribute("data-ply", str(ply(other)))

    play_any_move(app)  # now the first tab plays on
    expect(other.locator("#curtain-title")).to_have_text("This game went on elsewhere")
    kept = ply(other)
    other.click('#curtain [data-curtain="keep_copy"]')
    expect(other.locator("#curtain")).to_be_hidden()
    copy_id = other.url.split("#game=")[1]
    assert copy_id != save_id
    plies = saved_plies(app)
    assert plies[save_id] == ply(app) > kept  # the first tab's game, as it played it
    assert plies[copy_id] == kept  # and the second tab's, beside it
    play_any_move(other)  # the copy goes on in its tab, and the first tab is not disturbed
    assert saved_plies(app)[copy_id] == ply(other) and app.locator("#curtain").is_hidden()
    other.close()


def newer_entry(page: Page) -> str:
    """A copy of the game at the table as a newer version of the app would write it."""
    return page.evaluate("""() => {
        const key = Object.keys(localStorage).find(k => k.startsWith('railtable/v1/game/'));
        const entry = JSON.parse(localStorage.getItem(key));
        entry.v = 2;
        entry.future = {"anything": [1, 2, 3]};
        const raw = JSON.stringify(entry);
        localStorage.setItem('railtable/v1/game/fromthefuture', raw);
        return raw;
    }""")


def test_a_newer_versions_save_is_listed_kept_and_deleted_only_when_confirmed(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    to_lobby(app)
    raw = newer_entry(app)
    reload_app(app)
    newer = app.locator("#saved-games li.newer")
    expect(newer).to_have_count(1)
    expect(newer).to_contain_text("Saved by a newer version of Rail Table")
    expect(app.locator("#save-problems")).to_be_hidden()
    app.goto(app.url.split("#")[0] + "#game=fromthefuture")  # its address, opened by this version
    expect(app.locator("#toast")).to_contain_text("newer version")
    expect(app.locator("#lobby")).to_be_visible()
    newer.locator("[data-confirm-newer]").click()
    expect(newer).to_contain_text("Delete this game for good?")
    expect(newer.locator("[data-keep-newer]")).to_be_focused()
    app.keyboard.press("Enter")  # Keep
    expect(newer.locator("[data-confirm-newer]")).to_be_focused()
    assert app.evaluate("localStorage.getItem('railtable/v1/game/fromthefuture')") == raw
    newer.locator("[data-confirm-newer]").click()
    newer.locator("[data-delete-newer]").click()
    expect(app.locator("#saved-games li.newer")).to_have_count(0)
    assert app.evaluate("localStorage.getItem('railtable/v1/game/fromthefuture')") is None


def test_export_then_import_moves_the_games_to_another_browser(app: Page, browser: Browser,
                                                               site: Site, watch: Watch) -> None:
    start_game(app, ["human", "greedy"])
    to_lobby(app)
    start_game(app, ["human", "strong", "random"], game="locomotion")
    to_lobby(app)
    expect(app.locator("#saved-games button.saved")).to_have_count(2)
    with app.expect_download() as download_info:
        app.click("#export-games")
    download = download_info.value
    assert download.suggested_filename.startswith("rail-table-games-")
    backup = download.path().read_text(encoding="utf-8")
    assert len(json.loads(backup)["games"]) == 2

    elsewhere = browser.new_context(locale="fr-FR", service_workers="block")  # another browser
    try:
        page = open_app(elsewhere, watch, site.url)
        expect(page.locator("#saved-games .empty")).to_be_visible()
        page.set_input_files("#import-file", files=[{"name": "backup.json", "mimeType": "application/json",
                                                     "buffer": backup.encode()}])
        expect(page.locator("#toast")).to_contain_text("Nouvelles parties\u00a0: 2.")
        expect(page.locator("#saved-games button.saved")).to_have_count(2)
        page.set_input_files("#import-file", files=[{"name": "backup.json", "mimeType": "application/json",
                                                     "buffer": backup.encode()}])
        expect(page.locator("#toast")).to_contain_text("Déjà présentes\u00a0: 2.")
        page.set_input_files("#import-file", files=[{"name": "photo.json", "mimeType": "application/json",
                                                     "buffer": b"\x89PNG not a backup"}])
        expect(page.locator("#toast")).to_contain_text("n’est pas une sauvegarde")
        page.locator("#saved-games button.saved").last.click()
        expect(page.locator("#table")).to_be_visible()
    finally:
        elsewhere.close()


def test_messages_are_whole_and_tampered_entries_do_not_break_the_page(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    to_lobby(app)
    app.evaluate("""() => {
        const key = Object.keys(localStorage).find(k => k.startsWith('railtable/v1/game/'));
        const entry = JSON.parse(localStorage.getItem(key));
        entry.names = ['W'.repeat(5000), 'Bot'];
        localStorage.setItem(key, JSON.stringify(entry));
        const broken = JSON.parse(JSON.stringify(entry));
        broken.record.moves = ['marker 1,1', 'no such move'];
        localStorage.setItem('railtable/v1/game/broken', JSON.stringify(broken));
        const prefs = {lang: {x: 1}, speed: ['fast'], display: 7};
        localStorage.setItem('railtable/v1/prefs', JSON.stringify(prefs));
    }""")
    reload_app(app)
    assert app.locator(".py-error").count() == 0
    assert app.get_attribute("#rules-link", "href").endswith(".en.html")
    width = app.evaluate("document.documentElement.scrollWidth")
    assert width <= app.viewport_size["width"], "a long saved name widened the page"
    app.locator('#saved-games [data-save="broken"]').click()  # its second move is not allowed
    expect(app.locator("#toast")).to_be_visible()
    expect(app.locator("#save-problems")).to_contain_text("Move 2 of this record is not allowed.")
    assert "{" not in app.inner_text("#save-problems")

    # A second message within the first one's time gets its own full time.
    app.evaluate("() => { location.hash = '#play=damaged'; }")
    expect(app.locator("#toast")).to_contain_text("link")
    app.wait_for_timeout(3000)
    app.evaluate("() => { location.hash = '#game=nosuchgame'; }")
    expect(app.locator("#toast")).to_contain_text("no longer exists")
    app.wait_for_timeout(3000)
    expect(app.locator("#toast")).to_be_visible()


def test_a_preference_this_version_does_not_support_is_not_used(app: Page) -> None:
    app.evaluate("() => localStorage.setItem('railtable/v1/prefs', JSON.stringify({lang: 'de'}))")
    reload_app(app)
    href = app.get_attribute("#rules-link", "href")
    assert href.endswith((".en.html", ".fr.html")), href
    assert app.evaluate(f"fetch({json.dumps(href)}).then(r => r.status)") == 200
