"""Locomotion's table as the page lays it out, measured in chromium with the real stylesheets: on a
360x740 phone the dice and every move are in sight and the moves tappable at first (no panning, no
zoom); the standings never clip nor scroll sideways in a panel 340 px wide; on a projector every word,
number and die of the board is 20 CSS px or more.

No app boot: the page skeleton of the table (`index.html`'s `#table`) is filled with the face's
HTML and SVG, which is all these measures depend on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from random_play import play_random_game, random_position
from support import ROOT
from ui import viewbox
from ui.games.locomotion.face import FACE
from ui.i18n import Translator
from ui.panels import buttons_html

STYLES = "".join(f"<style>{(ROOT / 'styles' / f'{name}.css').read_text(encoding='utf-8')}</style>"
                 for name in ("app", "board", "locomotion"))
LONG_NAMES = ["Maximilienne-Charlotte", "Basile", "Chloé de la Tour", "Devadatta"]


def midgame(players: int, seed: int, options: dict[str, Any], moves: int) -> Any:
    return random_position("locomotion", players, seed, options, moves)


def table_page(state: Any, viewer: int | None, lang: str = "en", projector: bool = False,
               names: list[str] | None = None) -> str:
    """The table's skeleton as the page fills it: board layers, status, buttons (the move buttons
    first, then the face's actions), side panel."""
    t = Translator(lang)
    view = state.view(viewer)
    legal = state.legal_moves() if viewer is not None and viewer == state.current_player else []
    buttons = [("data-move", move, label) for move, label in FACE.move_buttons(view, legal, t)]
    buttons += [("data-move", move, t(key)) for move, key in FACE.actions.items() if move in legal]
    map_svg = FACE.draw_map(t)
    names = names or LONG_NAMES[:state.num_players]
    return f"""<!doctype html><html lang="{lang}" {'data-display="projector"' if projector else ''}>
<head><meta name="viewport" content="width=device-width, initial-scale=1">{STYLES}</head><body><main>
<section id="table" class="screen"><div class="table-grid">
<div id="board-wrap" class="board-wrap">
<div id="board" class="board" style="--aspect:{viewbox.aspect(map_svg):.4f}">
<div id="board-map" class="layer">{map_svg}</div>
<div id="board-position" class="layer">{FACE.draw_position(view, legal, t)}</div></div></div>
<aside class="panel"><div id="status" class="status">{FACE.prompt(view, legal, t) or ""}</div>
<div id="actions" class="actions">{buttons_html(buttons)}</div>
<div id="hand" class="hand">{FACE.draw_side(view, t, names)}</div></aside>
</div></section></main></body></html>"""


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.getBoundingClientRect().toJSON())")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_phone_shows_the_dice_and_every_move_as_a_button_at_first(page: Page, lang: str) -> None:
    state = midgame(3, 2, {"repair_tiles": True}, 10)  # two locomotives to drive, three lanes to enter
    page.set_content(table_page(state, state.current_player, lang))
    (board,) = boxes(page, "#board")
    assert 300 <= board["width"] <= 346 and board["left"] >= 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing to pan sideways
    dice = boxes(page, ".board-position .die rect")
    assert len(dice) == 3
    for die in dice:
        assert die["width"] >= 28 and die["right"] <= 360 and die["bottom"] <= 740
    moves = [move for move in state.legal_moves() if move.split()[0] in ("drive", "enter")]
    assert len(moves) == 5
    for move in moves:
        (target,) = boxes(page, f'.board-position [data-move="{move}"]')
        assert target["right"] <= 360 and target["bottom"] <= 740  # the locomotive in sight
        (button,) = boxes(page, f'#actions button[data-move="{move}"]')
        assert button["height"] >= 44 and button["width"] >= 44 and button["right"] <= 360


@pytest.mark.parametrize(("moves", "phase"), [(13, "choose"), (17, "extra")])
def test_phone_buttons_of_the_other_choices_are_a_finger_tall(page: Page, moves: int, phase: str) -> None:
    """The repair tile's choice before the roll and the double's extra turn: one-line buttons, each
    44 CSS px tall or more all the same."""
    state = midgame(3, 2, {"repair_tiles": True}, moves)
    assert state.view(None)["phase"] == phase
    page.set_content(table_page(state, state.current_player))
    buttons = boxes(page, "#actions button")
    assert len(buttons) == len(state.legal_moves())
    for button in buttons:
        assert button["height"] >= 44 and button["right"] <= 360


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("projector", [False, True])
def test_standings_fit_a_narrow_panel(browser: Browser, lang: str, projector: bool) -> None:
    """Every column of the side panel in sight, with long names, four players and repair tiles, in a
    panel 340 px wide (23rem on a projector, where words are 20 px or more)."""
    state = midgame(4, 3, {"repair_tiles": True}, 60)
    width = 1920 if projector else 1366
    context = browser.new_context(viewport={"width": width, "height": 1080})
    page = context.new_page()
    page.set_content(table_page(state, 0, lang, projector))
    if not projector:
        page.eval_on_selector(".table-grid", "e => e.style.gridTemplateColumns = 'minmax(0, 1fr) 340px'")
    (hand,) = boxes(page, "#hand")
    assert hand["width"] <= (23 * 24 if projector else 340)  # 23rem, at most 24 px each
    assert page.eval_on_selector("#hand", "e => e.scrollWidth <= e.clientWidth")
    # No cell's words run out of it: each heading and name whole in its column.
    assert page.eval_on_selector_all("#hand th, #hand td",
                                     "els => els.every(e => e.scrollWidth <= e.clientWidth)")
    for cell in boxes(page, "#hand th, #hand td"):
        assert hand["left"] <= cell["left"] and cell["right"] <= hand["right"] + 0.5
    heads = page.eval_on_selector_all("#hand thead th", "els => els.map(e => e.textContent)")
    assert len(heads) == 5 and all(heads)
    context.close()


def test_projector_draws_every_word_number_and_die_20_px_or_more(browser: Browser) -> None:
    """The board in the projector's box (1320x990), at the end of a game with repair tiles (dice,
    sheds, counts, the pile) and at a colour chosen with a tile: every text's height on screen
    (font size times the board's scale) and every die is 20 CSS px or more."""
    chosen: list[Any] = []

    def note_chosen(state: Any, _move: str | None) -> None:
        dice = state.view(None)["dice"]
        if dice and dice["chosen"]:
            chosen.append(state.view(None))

    end = play_random_game("locomotion", 4, 4, {"repair_tiles": True}, check=note_chosen)
    assert chosen
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    t = Translator("fr")  # the longer words
    for view in (end.view(None), chosen[0]):
        page.set_content(f"""<!doctype html><html data-display="projector"><head>{STYLES}</head><body>
<div id="board" class="board" style="width:1320px; --aspect:{viewbox.aspect(FACE.draw_map(t)):.4f}">
<div class="layer">{FACE.draw_map(t)}</div><div class="layer">{FACE.draw_position(view, [], t)}</div></div>
</body></html>""")
        (board,) = boxes(page, "#board")
        assert board["width"] == 1320 and board["height"] <= 990
        # A text's size on screen: its font size times its scale (a rotated text's too).
        sizes = page.eval_on_selector_all("#board text", """els => els.map(e => {
            const m = e.getScreenCTM();
            return [e.textContent, parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b)];
        })""")
        assert len(sizes) > 30
        small = [(text, size) for text, size in sizes if size < 20]
        assert not small, small
        for die in boxes(page, ".die rect"):
            assert die["height"] >= 20
    context.close()
