"""Saves in the browser: a corrupt entry is reported and set aside without touching other games, and a
full storage quota gets a message while the game goes on."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from support import reload_app, start_game, to_lobby


def test_corrupt_entry_is_reported_and_other_games_survive(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    app.wait_for_selector('#board-position [data-move^="marker "]', state="attached")
    to_lobby(app)
    expect(app.locator("#saved-games button.saved")).to_have_count(1)
    app.evaluate("""() => {
        localStorage.setItem('railtable/v1/game/broken1', '{"v": 1, "record": {"game": "nope"');
        localStorage.setItem('railtable/v1/game/broken2', '[1, 2, 3]');
        localStorage.setItem('railtable/v1/prefs', 'not json');
    }""")
    reload_app(app)
    expect(app.locator("#save-problems")).to_be_visible()
    expect(app.locator("#save-problems p")).to_have_count(2)
    expect(app.locator("#saved-games button.saved")).to_have_count(1)
    keys = app.evaluate("Object.keys(localStorage).sort()")
    assert "railtable/v1/quarantine/broken1" in keys and "railtable/v1/quarantine/broken2" in keys
    app.click("#saved-games button.saved")
    app.wait_for_selector('#board-position [data-move^="marker "]', state="attached")
    to_lobby(app)
    app.locator("#save-problems [data-discard]").first.click()
    expect(app.locator("#save-problems p")).to_have_count(1)


def test_full_storage_gets_a_message_and_the_game_goes_on(app: Page) -> None:
    app.evaluate("""() => {
        Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
    }""")
    start_game(app, ["human", "greedy"])
    expect(app.locator("#toast")).to_be_visible()
    assert app.locator("#toast").text_content().strip()
    app.wait_for_selector('#board-position [data-move^="marker "]', state="attached")
    app.locator('#board-position [data-move^="marker "]').first.click()
    app.wait_for_selector('#board-position [data-move^="track "]', state="attached", timeout=30_000)
    expect(app.locator("#board-position .marker")).to_have_count(2)


def test_deeply_nested_entries_are_set_aside_and_the_app_starts(app: Page) -> None:
    """Any page of the same origin can write 5,000 nested brackets under the app's keys: parsed, they
    would exhaust the browser's stack before Python could refuse them. They are refused unparsed."""
    start_game(app, ["human", "greedy"])
    app.wait_for_selector('#board-position [data-move^="marker "]', state="attached")
    to_lobby(app)
    app.evaluate("""() => {
        const deep = '['.repeat(5000) + ']'.repeat(5000);
        localStorage.setItem('railtable/v1/game/deep', deep);
        localStorage.setItem('railtable/v1/prefs', deep);
        localStorage.setItem('railtable/v1/quarantine/deeper', deep);
    }""")
    reload_app(app)
    expect(app.locator("#saved-games button.saved")).to_have_count(1)  # the good game is still there
    expect(app.locator("#save-problems p")).to_have_count(2)  # the deep save, set aside, and the deeper one
    keys = app.evaluate("Object.keys(localStorage).sort()")
    assert "railtable/v1/quarantine/deep" in keys and "railtable/v1/game/deep" not in keys
    app.click("#saved-games button.saved")
    app.wait_for_selector('#board-position [data-move^="marker "]', state="attached")
