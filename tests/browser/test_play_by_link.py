"""Two friends far apart play a game by link, each in their own browser: each device shows only its
player's secrets, sends the turn on with a link, and the dice of a move not yet played are not in it."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from games import get_game
from games.core import seeded_salts
from games.transamerica.board import BOARD
from games.transamerica.moves import EDGE_OF_MOVE, POINT_OF_MOVE
from support import LAPTOP, Site, goto_app, own_app
from ui.games.transamerica.log import nearest_city
from ui.links import decode_table
from ui.navigation import link_text


def start_by_link(page: Page, game: str, names: tuple[str, str]) -> None:
    page.check(f'#new-game input[name=game][value="{game}"]')
    page.select_option("#player-count", "2")
    page.fill('#seats .seat[data-seat="0"] input', names[0])
    page.fill('#seats .seat[data-seat="1"] input', names[1])
    page.select_option('#seats .seat[data-seat="1"] select', "friend")
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")


def play_turn(page: Page) -> str:
    """This device's player plays until the turn is theirs no more; returns the link to send on."""
    send = page.locator('#curtain [data-curtain="copy"]')
    # Enough presses for the longest turn chance allows here: Locomotion's doubles, rolled on this
    # device (fresh chance), can give a player several rolls and drives, each shown on its way.
    for _ in range(60):
        if send.is_visible():
            break
        # A target on the board, else a button: pressed the way the app hears it (a click event on
        # it), whatever piece of the board is drawn over its centre; nothing while a move is shown.
        page.evaluate("""() => (document.querySelector('#board-position [data-move]')
            || document.querySelector('#actions [data-move]')
            || document.body).dispatchEvent(new MouseEvent('click', {bubbles: true}))""")
        page.wait_for_timeout(150)
    expect(send).to_be_visible()
    return page.input_value("#curtain textarea.share-url")


def open_sent(page: Page, url: str) -> None:
    goto_app(page, url)
    page.wait_for_selector("#table:not([hidden])")


def own_cities(url: str, seat: int) -> list[str]:
    shared = decode_table(link_text(url))
    state = get_game(shared.record["game"]).replay(shared.record)
    return list(state.view(seat)["cities"][seat] or [])


def places_named(url: str) -> set[str]:
    """The cities the log and the board's description may name as places, whoever holds them: each
    marker and each end of a track of the link's game is told from its nearest city ("1 east of
    Portland")."""
    points = []
    for move in decode_table(link_text(url)).record["moves"]:
        if move in POINT_OF_MOVE:
            points.append(BOARD.points[POINT_OF_MOVE[move]])
        elif move in EDGE_OF_MOVE:
            edge = BOARD.edges[EDGE_OF_MOVE[move]]
            points += [edge.a, edge.b]
    return {nearest_city(point)[0].name for point in points}


def assert_no_secret_of(page: Page, cities: list[str], url: str) -> None:
    """None of `cities` in this device's hand, and none in its log or board description but as the
    name of a place where track or a marker lies. Enough of them are no such place for a shown hand
    to be caught."""
    assert page.locator(".city-cards").count() <= 1  # at most this device's own hand
    # Every line's text, laid out or not: the log lays out only its lines in sight and its newest.
    assert cities and not any(city in page.text_content("#hand") for city in cities), cities
    unnamed = [city for city in cities if city not in places_named(url)]
    assert len(unnamed) >= 2, (cities, places_named(url))
    public = page.text_content("#board-desc") + page.text_content("#log")
    assert not any(city in public for city in unnamed), unnamed


def test_two_friends_play_transamerica_by_link_each_seeing_only_their_cities(browser: Browser,
                                                                             site: Site) -> None:
    with (own_app(browser, site, locale="en-GB", viewport=LAPTOP) as ann,
          own_app(browser, site, locale="fr-FR", viewport=LAPTOP) as bo):
        start_by_link(ann, "transamerica", ("Ann", "Bo"))
        url = play_turn(ann)
        expect(ann.locator("#curtain-title")).to_have_text("Send to Bo")
        expect(ann.locator("#curtain .qr")).to_be_visible()
        expect(ann.locator("#curtain")).to_contain_text("people you trust")
        help_page = ann.get_attribute("#curtain-body a[target=_blank]", "href")  # what a link holds
        assert help_page == "./rules/links.en.html"
        assert ann.evaluate(f"fetch('{help_page}').then(r => r.status)") == 200
        open_sent(bo, url)
        expect(bo.locator("#curtain-title")).to_have_text("Qui êtes-vous\u00a0?")
        assert bo.locator(".city-cards").count() == 0  # nobody's cities before Bo says who he is
        bo.locator('#curtain [data-curtain="me-1"]').click()
        for turn in range(3):
            assert_no_secret_of(ann, own_cities(url, 1), url)
            url = play_turn(bo)
            assert_no_secret_of(bo, own_cities(url, 0), url)
            expect(bo.locator("#curtain-title")).to_have_text("Envoyer à Ann")
            open_sent(ann, url)
            expect(ann.locator("#curtain")).to_be_hidden()  # Ann's device knows who she is
            plies = len(decode_table(link_text(url)).record["moves"])
            expect(ann.locator("#table")).to_have_attribute("data-ply", str(plies))
            if turn < 2:
                url = play_turn(ann)
                open_sent(bo, url)
                expect(bo.locator("#curtain")).to_be_hidden()
        assert_no_secret_of(ann, own_cities(url, 1), url)
        for _ in range(8):  # Back through the links Ann opened: always her game as it is, never Bo's hand
            ann.go_back()
            ann.wait_for_timeout(300)
            if ann.locator("#lobby").is_visible():
                break
            assert_no_secret_of(ann, own_cities(url, 1), url)
        expect(ann.locator("#lobby")).to_be_visible()


def test_the_next_roll_of_a_locomotion_game_by_link_is_not_in_its_link(browser: Browser, site: Site) -> None:
    with own_app(browser, site, viewport=LAPTOP) as ann, own_app(browser, site, viewport=LAPTOP) as bo:
        start_by_link(ann, "locomotion", ("Ann", "Bo"))
        url = play_turn(ann)
        shared = decode_table(link_text(url))
        record = shared.record
        assert shared.by_link and shared.names == ["Ann", "Bo"] and record["chance"] == "fresh"
        game = get_game("locomotion")
        outcomes = set()
        for seed in range(8):  # the same link, the same move by Bo, different devices' randomness
            state = game.replay(record)
            state.salt_source = seeded_salts(seed)
            mover = state.current_player
            while state.current_player == mover:
                state.apply(state.legal_moves()[-1])
            outcomes.add(repr(state.view(None)["dice"]))
        assert len(outcomes) > 1, "the dice to come are decided by the link"
        open_sent(bo, url)
        bo.locator('#curtain [data-curtain="me-1"]').click()
        back = play_turn(bo)
        after = decode_table(link_text(back)).record
        assert after["moves"][: len(record["moves"])] == record["moves"]
        assert len(after["salts"]) > len(record["salts"])  # Bo's device drew his roll, and it is recorded
        open_sent(ann, back)
        expect(ann.locator("#table")).to_have_attribute("data-ply", str(len(after["moves"])))
