"""Trick of the Rails in the browser: play a card by clicking, hot-seat hides hands, bots finish a game,
and saves and links work for this game too."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from random_play import play_random_game
from support import (
    Site,
    Watch,
    assert_same_when_drawn_afresh,
    frozen_tasks,
    open_app,
    reload_app,
    start_game,
    watch_long_tasks,
)
from ui.links import encode_link

GAME = "trick_of_the_rails"
CARD = '#board-position [data-move^="play "]'


@pytest.mark.from_lobby
def test_human_plays_a_card_by_clicking(app: Page) -> None:
    start_game(app, ["human", "greedy", "greedy"], game=GAME, seed=4)
    app.wait_for_selector(CARD, state="attached", timeout=30_000)
    move = app.locator(CARD).first.get_attribute("data-move")
    lines = app.locator("#log li").count()
    app.locator(CARD).first.click()
    expect(app.locator(f'#board-position [data-move="{move}"]')).to_have_count(0)
    assert app.locator("#log li").count() > lines
    # The bots answer and the human is asked again, for the next card or a placement.
    app.wait_for_selector("#board-position [data-move]", state="attached", timeout=30_000)


@pytest.mark.from_lobby
def test_hot_seat_hides_hands_until_the_player_confirms(app: Page) -> None:
    start_game(app, ["human", "human", "human"], game=GAME, seed=4)
    expect(app.locator("#curtain")).to_be_visible()
    assert app.locator("#board-position [data-move]").count() == 0
    assert app.locator('#board-position [data-card], #board-position .hand').count() == 0
    app.click("#curtain-actions button")
    app.wait_for_selector(CARD, state="attached", timeout=30_000)


@pytest.mark.timed
def test_bots_only_game_ends_on_the_score_screen_without_freezing_the_page(app: Page) -> None:
    start_game(app, ["greedy", "random", "strong"], game=GAME, seed=6)
    watch_long_tasks(app)
    app.wait_for_selector("html[data-game-over]", state="attached", timeout=240_000)
    assert frozen_tasks(app) == [], "a task froze the page"
    expect(app.locator("#curtain table.ranking tbody tr")).to_have_count(3)
    assert_same_when_drawn_afresh(app)


def test_reload_resumes_and_a_link_opens_this_game(app: Page, context: BrowserContext, site: Site,
                                                   watch: Watch) -> None:
    start_game(app, ["human", "greedy", "greedy", "greedy"], game=GAME, seed=8)
    app.wait_for_selector(CARD, state="attached", timeout=30_000)
    app.locator(CARD).first.click()
    reload_app(app)
    expect(app.locator("#table")).to_be_visible()  # the address names the game: it reopens
    app.wait_for_selector("#board-position [data-move]", state="attached", timeout=30_000)
    assert app.locator("#log li").count() >= 2

    record = play_random_game(GAME, 4, seed=21).record()
    link = encode_link(record, ["human", "greedy", "greedy", "random"])
    page = open_app(context, watch, f"{site.url}#play={link}")
    expect(page.locator("#replay-bar")).to_be_visible()
    assert page.locator("#replay-range").input_value() == str(len(record["moves"]))
    watch.assert_clean(page)
