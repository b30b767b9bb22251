"""Freight Train and Locomotion in the browser: a human plays by clicking, a bots-only game ends on the
final scores, a reload resumes the game and a link opens it."""

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
    to_lobby,
    watch_long_tasks,
)
from ui.links import encode_link

GAMES = ("freight_train", "locomotion")
TARGET = "#board-position [data-move], #actions [data-move]"


def ply(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-ply"))


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_selector(TARGET, state="attached", timeout=60_000)


@pytest.mark.from_lobby
@pytest.mark.parametrize("game", GAMES)
def test_human_plays_by_clicking(app: Page, game: str) -> None:
    start_game(app, ["human", "greedy"], game=game, seed=4)
    wait_for_my_turn(app)
    before = ply(app)
    board = app.locator("#board-position [data-move]")
    (board.first if board.count() else app.locator("#actions [data-move]").first).click()
    expect(app.locator("#table")).not_to_have_attribute("data-ply", str(before))
    assert app.locator("#log li").count() > 0


@pytest.mark.timed
@pytest.mark.parametrize("game", GAMES)
def test_bots_only_game_ends_on_the_final_scores_without_freezing_the_page(app: Page, game: str) -> None:
    start_game(app, ["greedy", "random", "strong"], game=game, seed=6)
    watch_long_tasks(app)
    app.wait_for_selector("html[data-game-over]", state="attached", timeout=300_000)
    assert frozen_tasks(app) == [], "a task froze the page"
    expect(app.locator("#curtain table.ranking tbody tr")).to_have_count(3)
    assert_same_when_drawn_afresh(app)


@pytest.mark.parametrize("game", GAMES)
def test_reload_resumes_and_a_link_opens_the_game(app: Page, context: BrowserContext, site: Site,
                                                  watch: Watch, game: str) -> None:
    start_game(app, ["human", "greedy"], game=game, seed=8)
    wait_for_my_turn(app)
    saved = ply(app)
    reload_app(app)
    expect(app.locator("#table")).to_be_visible()  # the address names the game: it reopens
    wait_for_my_turn(app)
    assert ply(app) == saved

    record = play_random_game(game, 2, seed=21).record()
    page = open_app(context, watch, f"{site.url}#play={encode_link(record, ['human', 'greedy'])}")
    expect(page.locator("#replay-bar")).to_be_visible()
    assert page.locator("#replay-range").input_value() == str(len(record["moves"]))
    watch.assert_clean(page)


@pytest.mark.from_lobby
def test_freight_train_take_three_is_built_by_clicks_and_confirmed(app: Page) -> None:
    """Three cars from the main yard, one click each, undone and redone, then confirmed with "done"."""
    start_game(app, ["human", "greedy"], game="freight_train", seed=5)
    wait_for_my_turn(app)
    start = ply(app)
    take = '#board-position [data-move^="m"]'
    for taken in range(3):
        app.wait_for_selector(take, state="attached", timeout=30_000)
        app.locator(take).first.click()
        expect(app.locator("#table")).to_have_attribute("data-ply", str(start + taken + 1))
        if taken == 1:
            app.click("#actions [data-undo]")
            expect(app.locator("#table")).to_have_attribute("data-ply", str(start + 1))
            app.locator(take).first.click()
            expect(app.locator("#table")).to_have_attribute("data-ply", str(start + 2))
    assert app.locator(take).count() == 0, "exactly three cars are taken"
    app.click('#actions [data-move="done"]')
    expect(app.locator("#actions [data-undo]")).to_have_count(0)
    assert ply(app) >= start + 4


def test_locomotion_moves_animate_step_by_step_unless_motion_is_reduced(app: Page) -> None:
    app.evaluate("""() => {
        window.movingFrames = 0;
        new MutationObserver(() => {
            if (document.querySelector('#board-position .moving, #board-position .platform-transit'))
                window.movingFrames += 1;
        }).observe(document.getElementById('board-position'), {childList: true, subtree: true});
    }""")
    start_game(app, ["human", "greedy"], game="locomotion", seed=4, speed="normal")
    enter = '#board-position [data-move^="enter "], #board-position [data-move^="drive "]'
    app.wait_for_selector(enter, state="attached", timeout=60_000)
    app.locator(enter).first.click()
    app.wait_for_function("window.movingFrames > 1", timeout=10_000)

    app.emulate_media(reduced_motion="reduce")
    to_lobby(app)
    app.evaluate("window.movingFrames = 0")
    start_game(app, ["human", "greedy"], game="locomotion", seed=4, speed="normal")
    app.wait_for_selector(enter, state="attached", timeout=60_000)
    # The target's box also spans its move's dashed preview: a click on the piece, not on the box's centre.
    app.locator(enter).first.dispatch_event("click")
    app.wait_for_selector(enter, state="attached", timeout=60_000)
    assert app.evaluate("window.movingFrames") == 0


@pytest.mark.from_lobby
def test_two_humans_at_locomotion_play_turn_after_turn_without_a_hand_over(app: Page) -> None:
    """Nothing in Locomotion is secret, so a shared device needs no hand-over curtain between humans."""
    start_game(app, ["human", "human"], game="locomotion", seed=4)
    turns = []
    while len(turns) < 4:  # two turns each
        wait_for_my_turn(app)
        expect(app.locator("#curtain")).to_be_hidden()
        seat = app.locator("#players li.to-move").get_attribute("data-seat")
        if not turns or turns[-1] != seat:
            turns.append(seat)
        before = ply(app)
        board = app.locator("#board-position [data-move]")
        (board.first if board.count() else app.locator("#actions [data-move]").first).click()
        expect(app.locator("#table")).not_to_have_attribute("data-ply", str(before))
    assert turns == ["0", "1", "0", "1"]
    expect(app.locator("#curtain")).to_be_hidden()


@pytest.mark.from_lobby
def test_freight_train_shows_each_days_scoring_at_a_bots_only_table(app: Page) -> None:
    start_game(app, ["greedy", "random"], game="freight_train", seed=6)
    app.evaluate("""() => {
        window.curtainTitles = [];
        new MutationObserver(() => window.curtainTitles.push(
            document.getElementById('curtain-title').textContent))
            .observe(document.getElementById('curtain-title'), {childList: true, characterData: true});
    }""")
    app.wait_for_selector("html[data-game-over]", state="attached", timeout=300_000)
    assert app.evaluate("() => window.curtainTitles") == [
        "End of day 1", "End of day 2", "End of day 3", "Game over"]
