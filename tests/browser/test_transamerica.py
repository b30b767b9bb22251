"""TransAmerica in the browser: a human builds track by clicking, hot-seat hides cards, bots finish a game,
and a reload resumes the game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from support import (
    assert_same_when_drawn_afresh,
    frozen_tasks,
    reload_app,
    start_game,
    wait_for_board_focus,
    watch_long_tasks,
)

MOVE = "#board-position [data-move]"


def wait_for_my_targets(page: Page, verb: str) -> None:
    page.wait_for_selector(f'#board-position [data-move^="{verb} "]', state="attached", timeout=30_000)


@pytest.mark.from_lobby
def test_human_places_track_by_clicking_with_undo_until_confirmed(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    wait_for_my_targets(app, "marker")
    app.locator('#board-position [data-move^="marker "]').first.click()
    wait_for_my_targets(app, "track")
    expect(app.locator("#board-position .marker")).to_have_count(2)
    before = app.locator("#board-position .track").count()
    target = app.locator('#board-position [data-move^="track "]').first
    edge = target.get_attribute("data-move").split(" ", 1)[1]
    app.evaluate("document.querySelector('#board-position g.markers').untouched = true")
    target.click()
    expect(app.locator(f'#board-position .track[data-edge="{edge}"]')).to_have_count(1)
    # What the move did not change stays on the page as it was, so the browser lays out only the change.
    assert app.evaluate("document.querySelector('#board-position g.markers').untouched") is True
    expect(app.locator('#actions [data-move="end"]')).to_be_visible()
    app.click("#actions [data-undo]")
    expect(app.locator(f'#board-position .track[data-edge="{edge}"]')).to_have_count(0)
    expect(app.locator("#board-position .track")).to_have_count(before)
    app.locator(f'#board-position [data-move="track {edge}"]').click()
    app.click('#actions [data-move="end"]')
    expect(app.locator("#actions [data-undo]")).to_have_count(0)
    # The bot answers with track of its own, then it is the human's turn again.
    wait_for_my_targets(app, "track")
    assert app.locator("#board-position .track").count() >= before + 2
    assert app.locator("#log li").count() >= 4


@pytest.mark.from_lobby
def test_keyboard_plays_a_target(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    wait_for_my_targets(app, "marker")
    app.locator('#board-position [data-move^="marker "]').first.click()
    wait_for_my_targets(app, "track")
    target = app.locator('#board-position [data-move^="track "]').first
    move = target.get_attribute("data-move")
    target.focus()
    app.evaluate("document.querySelectorAll('#board-position [data-move]').forEach(el => "
                 "{ el.was = el.getAttribute('data-move'); })")
    app.keyboard.press("Enter")
    expect(app.locator(f'#board-position .track[data-edge="{move.split(" ", 1)[1]}"]')).to_have_count(1)
    # Focus stays on the board, on a target that is playable now; the board is updated in place, and
    # an element kept from before the move never stands for a different move.
    wait_for_board_focus(app)
    focused = app.evaluate("""() => {
        const el = document.activeElement;
        return {legal: el.matches('#board-position .legal[data-move]'),
                same: el.was === undefined || el.was === el.getAttribute('data-move')};
    }""")
    assert focused == {"legal": True, "same": True}


@pytest.mark.from_lobby
def test_illegal_move_gets_a_message_and_the_game_goes_on(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    wait_for_my_targets(app, "marker")
    app.evaluate("""() => {
        const el = document.querySelector('#board-position [data-move^="marker "]');
        el.setAttribute('data-move', 'track 0,0,E');
        el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    }""")
    expect(app.locator("#toast")).to_be_visible()
    assert app.locator("#toast").text_content().strip()
    wait_for_my_targets(app, "marker")


@pytest.mark.from_lobby
def test_hot_seat_hand_over_hides_the_next_players_cards(app: Page) -> None:
    start_game(app, ["human", "human"])
    # Even the first player confirms before their cards appear: the device may be in anyone's hands.
    expect(app.locator("#curtain")).to_be_visible()
    assert app.locator("#board-position [data-move]").count() == 0
    app.click("#curtain-actions button")
    wait_for_my_targets(app, "marker")
    first_hand = app.locator("#hand").inner_text()
    app.locator('#board-position [data-move^="marker "]').first.click()
    expect(app.locator("#curtain")).to_be_visible()
    # Behind the curtain no hand is drawn and nothing can be played.
    assert app.locator('#board-position [data-move]').count() == 0
    assert app.locator("#hand .city-card, #hand [data-city]").count() == 0
    app.click("#curtain-actions button")
    expect(app.locator("#curtain")).to_be_hidden()
    wait_for_my_targets(app, "marker")
    assert app.locator("#hand").inner_text() != first_hand


@pytest.mark.from_lobby
def test_visible_cards_need_no_hand_over(app: Page) -> None:
    start_game(app, ["human", "human"], options={"visible_cards": True})
    wait_for_my_targets(app, "marker")
    app.locator('#board-position [data-move^="marker "]').first.click()
    wait_for_my_targets(app, "marker")
    expect(app.locator("#curtain")).to_be_hidden()


@pytest.mark.timed
def test_bots_only_game_plays_to_the_final_result_without_freezing_the_page(app: Page) -> None:
    start_game(app, ["greedy", "random", "strong"], seed=3)
    watch_long_tasks(app)
    app.wait_for_selector("html[data-game-over]", state="attached", timeout=240_000)
    assert frozen_tasks(app) == [], "a task froze the page"
    expect(app.locator("#curtain table.ranking")).to_be_visible()
    expect(app.locator("#curtain table.ranking tbody tr")).to_have_count(3)
    assert app.locator("#log li").count() > 50
    assert_same_when_drawn_afresh(app)


def test_reload_resumes_the_game(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    wait_for_my_targets(app, "marker")
    app.locator('#board-position [data-move^="marker "]').nth(3).click()
    wait_for_my_targets(app, "track")
    markers = app.locator("#board-position .marker").count()
    reload_app(app)
    expect(app.locator("#saved-games button.saved")).to_have_count(1)
    expect(app.locator("#table")).to_be_visible()  # the address names the game: it reopens
    wait_for_my_targets(app, "track")
    expect(app.locator("#board-position .marker")).to_have_count(markers)


@pytest.mark.from_lobby
def test_variant_2_moves_the_marker_at_the_end_of_the_turn(app: Page) -> None:
    """Variant 2: after building, the player may move their marker along their own network (the
    whole network, ruling 9, is checked by the engine's tests); the board offers it and shows it."""
    start_game(app, ["human", "greedy"], options={"blocking_markers": True})
    wait_for_my_targets(app, "marker")
    app.locator('#board-position [data-move^="marker "]').first.click()
    wait_for_my_targets(app, "track")
    app.locator('#board-position [data-move^="track "]').first.click()
    wait_for_my_targets(app, "end")
    spot = app.locator('#board-position [data-move^="end "]').first
    point = spot.get_attribute("data-move").split(" ", 1)[1]
    spot.click()
    expect(app.locator("#log")).to_contain_text("moves the start marker")
    expect(app.locator(f'#board-position .marker[data-point="{point}"]')).to_have_count(1)


@pytest.mark.from_lobby
def test_the_keyboard_focus_survives_the_buttons_it_presses(app: Page) -> None:
    """Undo taken away by its own press hands the focus to the board, not to the page."""
    start_game(app, ["human", "greedy"])
    wait_for_my_targets(app, "marker")
    app.locator('#board-position [data-move^="marker "]').first.click()
    wait_for_my_targets(app, "track")
    app.locator('#board-position [data-move^="track "]').first.click()
    undo = app.locator("#actions [data-undo]")
    undo.focus()
    app.keyboard.press("Enter")
    expect(undo).to_have_count(0)
    wait_for_board_focus(app)
