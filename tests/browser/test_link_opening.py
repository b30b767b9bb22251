"""Opening any link: nobody's secrets on screen at any point of its replay, nobody "thinking" while it
is scrubbed, and a link that arrives the way links do (pasted into an open tab's address bar, with
the punctuation and line breaks of a chat message) opens."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games import get_game
from random_play import play_random_game
from support import frozen_tasks, start_game, to_lobby, watch_long_tasks
from ui.links import encode_link


@pytest.mark.from_lobby
def test_an_unfinished_hot_seat_link_shows_no_secret_at_any_point(app: Page) -> None:
    record = play_random_game("transamerica", 3, seed=12).record()
    record["moves"] = record["moves"][: len(record["moves"]) // 2]  # a game still being played
    game = get_game("transamerica")
    hidden = [not any(game.replay(record, ply).view(None)["cities"])
              for ply in range(len(record["moves"]) + 1)]
    app.evaluate(f"() => {{ location.hash = '#play={encode_link(record, ['human'] * 3)}'; }}")
    expect(app.locator("#replay-bar")).to_be_visible()
    app.click('[data-replay="first"]')
    for ply, secret in enumerate(hidden):
        expect(app.locator("#replay-range")).to_have_value(str(ply))
        page_text = app.inner_text("#table")
        assert "Your cities" not in page_text and "Your turn" not in page_text, ply
        assert "thinking" not in app.inner_text("#status"), ply
        if secret:
            expect(app.locator("#hand .city-cards")).to_have_count(0)
        expect(app.locator("#curtain")).to_be_hidden()  # and no hand-over screen to step through
        app.click('[data-replay="next"]')


@pytest.mark.from_lobby
def test_a_link_pasted_into_an_open_tab_opens_with_what_chat_apps_add(app: Page) -> None:
    record = play_random_game("locomotion", 2, seed=3).record()
    link = encode_link(record, ["human", "greedy"])
    app.evaluate(f"() => {{ location.hash = '#play={link}.'; }}")  # the end of a sentence
    expect(app.locator("#replay-bar")).to_be_visible()
    expect(app.locator("#replay-range")).to_have_attribute("max", str(len(record["moves"])))
    other = encode_link(play_random_game("transamerica", 2, seed=4).record(), ["human", "human"])
    wrapped = f"{other[:30]}%0A{other[30:]}%20)"  # a line break inside, in brackets
    app.evaluate(f"() => {{ location.hash = '#play={wrapped}'; }}")
    expect(app.locator("#table-title")).to_have_text("TransAmerica")
    to_lobby(app)
    start_game(app, ["human", "greedy"])  # a saved game at the table, and a link arrives
    app.evaluate(f"() => {{ location.hash = '#play={link}'; }}")
    expect(app.locator("#table-title")).to_have_text("Locomotion")
    expect(app.locator("#replay-bar")).to_be_visible()
    to_lobby(app)
    app.fill("#link-input", f"Here: https://example.org/#play={link}!\n")
    app.click("#open-link button")
    expect(app.locator("#table-title")).to_have_text("Locomotion")


@pytest.mark.timed
def test_the_longest_link_opens_and_scrubs_without_holding_the_page(app: Page) -> None:
    """A complete five-player Freight Train game, the longest of all, opened in a running app (its
    game's code not loaded yet) and scrubbed end to start: no task over the issues' bound."""
    from games.bots import play_bots_game

    record = play_bots_game("freight_train", 5, 3, None, ["greedy"] * 5).record()
    link = encode_link(record, ["human"] * 5, ["Ann", "Bo", "Cy", "Di", "Ed"])
    app.wait_for_timeout(1500)  # the lobby's own warm-up is over
    watch_long_tasks(app)
    app.evaluate(f"() => {{ location.hash = '#play={link}'; }}")
    expect(app.locator("#replay-range")).to_have_attribute("max", str(len(record["moves"])))
    app.wait_for_selector('#log[aria-busy="false"]', state="attached")
    for step in ("first", "last"):
        app.click(f'[data-replay="{step}"]')
    app.locator("#replay-range").fill(str(len(record["moves"]) // 2))
    expect(app.locator("#replay-range")).to_have_value(str(len(record["moves"]) // 2))
    app.wait_for_timeout(300)
    assert frozen_tasks(app) == []


@pytest.mark.from_lobby
def test_a_table_taking_the_lobbys_place_never_shows_another_tables_pieces(app: Page) -> None:
    """Its board comes a frame after the rest of it: meanwhile its map shows no pieces, not those of
    the table seen before."""
    start_game(app, ["human", "greedy"], game="transamerica", seed=2)
    expect(app.locator("#board-position svg")).to_have_count(1)
    to_lobby(app)
    app.evaluate("""() => {
        window.boardsOnNewMaps = [];
        new MutationObserver(() => window.boardsOnNewMaps.push(
            document.querySelector('#board-position svg')?.getAttribute('aria-label') ?? ''))
            .observe(document.getElementById('board-map'), {childList: true});
    }""")
    record = play_random_game("locomotion", 2, seed=3).record()
    app.evaluate(f"() => {{ location.hash = '#play={encode_link(record, ['human', 'human'])}'; }}")
    expect(app.locator("#replay-bar")).to_be_visible()
    expect(app.locator("#board-position svg")).to_have_count(1)
    board = app.get_attribute("#board-position svg", "aria-label")
    seen = app.evaluate("() => window.boardsOnNewMaps")
    assert seen and set(seen) <= {"", board}, seen
