"""Explaining a game in the page: a demonstration's captions (also on the projector), "Suggest a
move" on the learner's own view, the overlays, and a class game that turns suggestions off."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from test_accessibility import assert_accessible
from test_presenting import in_step, open_projector

from support import frozen_tasks, goto_app, reload_app, start_game, watch_long_tasks


def ply(page: Page) -> int:
    return int(page.get_attribute("#table", "data-ply") or -1)


def test_a_demonstration_says_why_each_bot_plays_in_both_languages_and_on_the_projector(app: Page) -> None:
    start_game(app, ["strong", "greedy", "greedy"], speed="slow", game="freight_train")
    expect(app.locator("#explain")).to_be_visible()
    app.click("#explain")
    expect(app.locator("#explain")).to_have_attribute("aria-pressed", "true")
    caption = app.locator("#caption")
    expect(caption).to_be_visible(timeout=30_000)
    names = app.locator("#players").text_content() or ""
    text = caption.text_content() or ""
    assert text and "{" not in text and any(f"Player {n}" in text for n in (1, 2, 3)), (text, names)
    projector = open_projector(app)
    app.click("#present-pause")
    in_step(app, projector)
    expect(projector.locator("#caption")).to_have_text(caption.text_content() or "")
    app.click('.lang-choice[data-lang="fr"]')
    expect(app.locator("html")).to_have_attribute("lang", "fr")
    expect(caption).not_to_have_text(text)  # said again, in French
    assert_accessible(app, "a demonstration with its caption")
    app.click("#explain")
    expect(caption).to_be_hidden()


@pytest.mark.timed
def test_six_explained_hands_with_their_overlays_never_freeze_the_page(app: Page) -> None:
    start_game(app, ["strong", "greedy", "greedy", "greedy", "greedy", "greedy"], speed="fast")
    watch_long_tasks(app)
    app.click("#explain")
    app.click("#overlays")
    app.wait_for_function("Number(document.querySelector('#table').getAttribute('data-ply')) >= 24",
                          timeout=120_000)
    expect(app.locator("#insight .ta-need tbody tr, #insight .ta-need tr")).not_to_have_count(0)
    expect(app.locator("#caption")).to_be_visible()
    assert frozen_tasks(app) == [], "a task froze the page"


@pytest.mark.from_lobby
def test_the_explain_switch_is_only_at_a_table_of_bots(app: Page) -> None:
    start_game(app, ["human", "greedy"])
    expect(app.locator("#explain")).to_be_hidden()


@pytest.mark.from_lobby
def test_suggest_a_move_rings_the_strong_bots_choice_and_says_why(app: Page) -> None:
    start_game(app, ["human", "greedy"], seed=11)
    app.click("#actions [data-suggest]")
    suggested = app.locator("#board-position [data-suggested]")
    expect(suggested).to_have_count(1, timeout=30_000)
    expect(app.locator("#caption")).to_contain_text("Suggested:")
    move = suggested.get_attribute("data-move")
    assert move and move.startswith("marker ")
    before = ply(app)
    suggested.dispatch_event("click")
    app.wait_for_function(f"Number(document.querySelector('#table').getAttribute('data-ply')) > {before}")
    expect(app.locator("#board-position [data-suggested]")).to_have_count(0)


def test_overlays_show_the_humans_own_numbers(app: Page) -> None:
    start_game(app, ["human", "greedy"], seed=5)
    app.locator('#board-position [data-move^="marker "]').first.click()
    app.wait_for_selector('#board-position [data-move^="track "]', state="attached", timeout=30_000)
    app.click("#overlays")
    expect(app.locator("#insight")).to_be_visible()
    expect(app.locator("#board-insight svg, #board-insight g").first).to_be_attached()
    assert_accessible(app, "the overlays")
    reload_app(app)  # the switch is remembered
    expect(app.locator("#overlays")).to_have_attribute("aria-pressed", "true")
    expect(app.locator("#insight")).to_be_visible()
    app.click("#overlays")
    expect(app.locator("#insight")).to_be_hidden()


def test_a_class_game_can_turn_suggestions_off_for_its_groups(app: Page, context: BrowserContext) -> None:
    app.check('#new-game input[name=game][value="locomotion"]')
    app.select_option("#player-count", "2")
    app.select_option('#seats .seat[data-seat="0"] select', "human")
    app.select_option('#seats .seat[data-seat="1"] select', "greedy")
    app.click("#class-game")
    hints = app.locator("#curtain [data-class-hints]")
    expect(hints).to_be_checked()
    with_hints = app.input_value("#curtain .share-url")
    hints.uncheck()
    expect(app.locator("#curtain [data-class-hints]")).not_to_be_checked()
    without = app.input_value("#curtain .share-url")
    assert without == with_hints + "&hints=off"
    for url, offered in ((with_hints, 1), (without, 0)):
        page = context.new_page()
        goto_app(page, url)
        page.click('[data-curtain="class-start"]')
        expect(page.locator("#table")).to_be_visible()
        page.wait_for_selector("#actions [data-move]", state="attached", timeout=30_000)
        expect(page.locator("#actions [data-suggest]")).to_have_count(offered)
        reload_app(page)  # the save remembers
        page.wait_for_selector("#actions [data-move]", state="attached", timeout=30_000)
        expect(page.locator("#actions [data-suggest]")).to_have_count(offered)
        page.close()
