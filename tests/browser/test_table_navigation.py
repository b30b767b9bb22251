"""The table's navigation in the browser: the address names the game (reload, Back, Forward, the Lobby
button), the tab's title, the Continue list with its undoable delete, the rematch, and the preferences
(projector display, forced moves played for the player)."""

from __future__ import annotations

import json
import re
from datetime import datetime

from playwright.sync_api import BrowserContext, Page, expect

from games.bots import play_bots_game
from support import Site, Watch, open_app, reload_app, start_game, to_lobby
from ui.saves import MemoryStorage, SaveStore

MARKER = '#board-position [data-move^="marker "]'
GAME_ADDRESS = re.compile(r"#game=g[0-9a-f]+$")


def ply(page: Page) -> str:
    return str(page.locator("#table").get_attribute("data-ply"))


def test_the_address_names_the_game_through_reload_back_and_forward(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    app.wait_for_selector(MARKER, state="attached")
    expect(app).to_have_url(GAME_ADDRESS)
    expect(app).to_have_title("● Your turn · TransAmerica · Rail Table")
    app.locator(MARKER).first.click()
    app.wait_for_selector('#board-position [data-move^="track "]', state="attached", timeout=30_000)
    address, at = app.url, ply(app)

    reload_app(app)  # the game on screen, not the lobby
    expect(app.locator("#table")).to_be_visible()
    assert app.url == address and ply(app) == at
    app.click('.lang-choice[data-lang="fr"]')
    expect(app).to_have_title("● À vous de jouer · TransAmerica · Rail Table")
    app.click('.lang-choice[data-lang="en"]')

    app.go_back()
    expect(app.locator("#lobby")).to_be_visible()
    expect(app).to_have_title("Rail Table")
    assert "#" not in app.url
    app.go_forward()
    expect(app.locator("#table")).to_be_visible()
    expect(app.locator("#table")).to_have_attribute("data-ply", at)
    assert app.url == address

    for leave in ("#to-lobby", "#home-link"):  # both are Back: Forward returns to the game
        app.click(leave)
        expect(app.locator("#lobby")).to_be_visible()
        expect(app).not_to_have_url(GAME_ADDRESS)
        app.go_forward()
        expect(app.locator("#table")).to_be_visible()
        assert app.url == address

    to_lobby(app)
    app.evaluate("() => localStorage.clear()")
    app.go_forward()  # the game is gone: the lobby says so
    expect(app.locator("#toast")).to_have_text("This saved game no longer exists.")
    expect(app.locator("#lobby")).to_be_visible()
    expect(app).not_to_have_url(GAME_ADDRESS)


def test_an_unknown_games_address_opens_the_lobby_with_a_message(context: BrowserContext, site: Site,
                                                                 watch: Watch) -> None:
    page = open_app(context, watch, f"{site.url}#game=gnosuchgame")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#toast")).to_have_text("This saved game no longer exists.")
    assert "#" not in page.url  # a reload shows the lobby without the message
    watch.assert_clean(page)


def test_the_continue_list_and_an_undoable_delete(app: Page) -> None:
    start_game(app, ["human", "greedy"], names=("Ann",))
    app.wait_for_selector(MARKER, state="attached")
    app.locator(MARKER).first.click()
    first = app.url.split("#game=")[1]
    to_lobby(app)
    start_game(app, ["human", "greedy"], game="locomotion")
    second = app.url.split("#game=")[1]
    to_lobby(app)

    saved = app.locator("#saved-games button.saved")
    expect(saved).to_have_count(2)
    entry = app.locator(f'#saved-games [data-save="{first}"]')
    expect(entry).to_contain_text("TransAmerica")
    expect(entry).to_contain_text("Ann and Player 2")
    expect(entry).to_contain_text(str(datetime.now().year))
    expect(entry).to_contain_text(re.compile(r"Moves: [1-9]"))

    app.locator(f'[data-delete="{first}"]').focus()  # by keyboard
    app.keyboard.press("Enter")
    expect(saved).to_have_count(1)
    expect(app.locator("#undo-delete")).to_contain_text("Game deleted.")
    expect(app.locator("#undo-delete button")).to_be_focused()
    app.keyboard.press("Enter")
    expect(saved).to_have_count(2)
    expect(entry).to_be_focused()

    app.locator(f'[data-delete="{first}"]').click()
    app.locator(f'[data-delete="{second}"]').click()  # the first is now gone for good
    assert app.evaluate(f"() => localStorage.getItem('railtable/v1/game/{first}')") is None
    app.click("#undo-delete button")
    expect(saved).to_have_count(1)
    expect(app.locator(f'#saved-games [data-save="{second}"]')).to_be_visible()
    app.locator(f'[data-delete="{second}"]').click()
    expect(app.locator("#saved-games .empty")).to_be_visible()
    assert app.evaluate(f"() => localStorage.getItem('railtable/v1/game/{second}')") is not None
    app.wait_for_function(f"() => localStorage.getItem('railtable/v1/game/{second}') === null",
                          timeout=15_000)  # a few seconds later, the delete is for good
    expect(app.locator("#undo-delete button")).to_have_count(0)


def test_a_rematch_is_the_same_table_with_a_new_deal(context: BrowserContext, site: Site,
                                                    watch: Watch) -> None:
    finished = play_bots_game("transamerica", 2, 5, None, ["greedy", "greedy"])
    storage = MemoryStorage()
    SaveStore(storage).save("gdone", finished.record(), ["human", "greedy"], ["Ann", "Bob"],
                            over=True, updated=1)
    page = open_app(context, watch, site.url)
    page.evaluate("items => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v))",
                  storage.items)
    page.goto(f"{site.url}#game=gdone")
    reload_app(page)
    page.wait_for_selector("html[data-game-over]", state="attached")
    expect(page.locator("#curtain-actions button")).to_have_text(
        ["Rematch", "Result link", "Lobby", "View the board"])
    page.click('#curtain-actions [data-curtain="rematch"]')
    expect(page.locator("#curtain")).to_be_hidden()
    expect(page).to_have_url(GAME_ADDRESS)
    rematch = page.url.split("#game=")[1]
    expect(page.locator("#table")).to_have_attribute("data-ply", "0")
    expect(page.locator("#players .name")).to_have_text(["Ann", "Bob"])
    entry = json.loads(page.evaluate(f"() => localStorage.getItem('railtable/v1/game/{rematch}')"))
    assert entry["seats"] == ["human", "greedy"] and entry["names"] == ["Ann", "Bob"]
    assert entry["record"]["options"] == finished.record()["options"]
    assert entry["record"]["seed"] != finished.record()["seed"]
    to_lobby(page)
    expect(page.locator("#saved-games button.saved")).to_have_count(2)  # the finished game stays
    watch.assert_clean(page)


def test_projector_display_and_forced_moves_are_remembered(app: Page) -> None:
    button = app.locator("#projector")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(app.locator("html")).to_have_attribute("data-display", "projector")
    app.click("details.more summary")
    app.check("#autoplay")
    app.click('.lang-choice[data-lang="fr"]')
    expect(button).to_have_text("Projecteur")
    expect(app.locator("details.more label.check")).to_contain_text("Jouer pour moi mon seul coup possible")

    reload_app(app)
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(app.locator("html")).to_have_attribute("data-display", "projector")
    expect(app.locator("#autoplay")).to_be_checked()
    button.click()
    expect(app.locator("html")).to_have_attribute("data-display", "normal")

    start_game(app, ["human", "greedy"])
    expect(app.locator("#autoplay-field")).to_be_hidden()  # TransAmerica has no forced moves to offer
    to_lobby(app)
    start_game(app, ["human", "greedy", "greedy"], game="trick_of_the_rails")
    expect(app.locator("#autoplay-field")).to_be_visible()
    expect(app.locator("#autoplay-table")).to_be_checked()
    app.uncheck("#autoplay-table")
    to_lobby(app)
    expect(app.locator("#autoplay")).not_to_be_checked()
    prefs = json.loads(app.evaluate("() => localStorage.getItem('railtable/v1/prefs')"))
    assert prefs == {"lang": "fr", "speed": "instant", "display": "normal", "autoplay": False,
                     "explain": False, "overlays": False}
