"""Presenting: the projector's window opened by Present follows the presenter's table, shows no hand,
steps back and forth with a paused demonstration, and either window can close without harm."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_accessibility import assert_accessible

from support import start_game, wait_ready


def ply(page: Page) -> int:
    return int(page.get_attribute("#table", "data-ply") or -1)


def in_step(presenter: Page, projector: Page) -> None:
    presenter.wait_for_function("() => true")
    expected = ply(presenter)
    projector.wait_for_function(f"document.querySelector('#table').getAttribute('data-ply') === '{expected}'")


def open_projector(presenter: Page) -> Page:
    with presenter.expect_popup() as opened:
        # From the keyboard: the button sits under the log of a game its bots play on (see to_lobby).
        presenter.locator("#present").press("Enter")
    projector = opened.value
    wait_ready(projector)
    expect(projector.locator("#table")).to_be_visible()
    return projector


def test_the_projector_shows_the_table_without_a_hand(app: Page) -> None:
    start_game(app, ["human", "greedy", "greedy"], speed="fast")
    app.locator('#board-position [data-move^="marker "]').first.click()
    app.wait_for_selector('#board-position [data-move^="track "]', state="attached", timeout=30_000)
    expect(app.locator("#hand")).to_contain_text("Your cities")
    projector = open_projector(app)
    in_step(app, projector)
    assert projector.get_attribute("html", "data-display") == "projector"
    assert "Your cities" not in projector.text_content("body")  # the spectator's view
    expect(projector.locator("#table .table-tools")).to_be_hidden()  # no controls on the projector
    expect(app.locator("#present-bar")).to_be_visible()
    expect(app.locator("#present-demo")).to_be_hidden()  # a human plays: no stepping through it

    app.locator('#board-position [data-move^="track "]').first.click()
    in_step(app, projector)
    assert "Your cities" not in projector.text_content("body")
    projector.close()  # the table goes on here, no longer presented
    expect(app.locator("#present-bar")).to_be_hidden()


def test_a_paused_demonstration_steps_both_ways_on_both_screens(app: Page) -> None:
    start_game(app, ["greedy", "greedy", "greedy"], speed="fast", game="locomotion")
    projector = open_projector(app)
    app.wait_for_function("Number(document.querySelector('#table').getAttribute('data-ply')) >= 4",
                          timeout=60_000)
    app.click("#present-pause")
    expect(app.locator("#present-pause")).to_have_attribute("aria-pressed", "true")
    expect(app.locator("#status")).to_contain_text("to play")  # paused: nobody is thinking
    assert_accessible(app, "the presenter's bar")
    assert_accessible(projector, "the projector's window")
    app.wait_for_timeout(1500)  # a move on its way ends; no other starts
    stopped = ply(app)
    app.wait_for_timeout(1000)
    assert ply(app) == stopped
    in_step(app, projector)

    app.click('[data-present="back"]')
    app.click('[data-present="back"]')
    expect(app.locator("#table")).to_have_attribute("data-ply", str(stopped - 2))
    in_step(app, projector)
    app.click('[data-present="forward"]')
    expect(app.locator("#table")).to_have_attribute("data-ply", str(stopped - 1))
    in_step(app, projector)

    app.click('[data-present="stop"]')
    expect(projector.locator("#status")).to_have_text(
        "The presentation has ended: this is its last position.")
    expect(app.locator("#present-bar")).to_be_hidden()
    app.wait_for_function(f"Number(document.querySelector('#table').getAttribute('data-ply')) > {stopped}",
                          timeout=60_000)  # playing again, no longer presented
