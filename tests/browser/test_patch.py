"""A move rewrites only what it changed in the parts of the table it patches (static/js/patch.js).
Chromium lays an SVG element out again whenever one of its attributes is set, even to the value it had:
rewriting every attribute of every kept element nearly doubled the layout of a Freight Train bots-only
game, and its longest tasks froze the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from support import start_game

PLIES = 12


@pytest.mark.parametrize("game", ["transamerica", "trick_of_the_rails", "freight_train", "locomotion"])
def test_a_move_rewrites_only_the_attributes_it_changed(app: Page, game: str) -> None:
    start_game(app, ["greedy", "greedy", "greedy"], game=game, seed=3)
    app.evaluate("""() => {
        window.attributeWrites = {changed: 0, unchanged: []};
        const observer = new MutationObserver(records => records.forEach(record => {
            if (record.target.getAttribute(record.attributeName) === record.oldValue) {
                window.attributeWrites.unchanged.push(`${record.target.nodeName} ${record.attributeName}`);
            } else {
                window.attributeWrites.changed += 1;
            }
        }));
        for (const id of ['board-position', 'players', 'hand', 'actions']) {
            observer.observe(document.getElementById(id),
                             {attributes: true, attributeOldValue: true, subtree: true});
        }
    }""")
    app.wait_for_function(f"Number(document.querySelector('#table').getAttribute('data-ply')) >= {PLIES}",
                          timeout=120_000)
    writes = app.evaluate("() => window.attributeWrites")
    assert writes["changed"] > 0, "no move changed an attribute: the observer saw nothing"
    assert writes["unchanged"][:10] == []


@pytest.mark.from_lobby
def test_a_move_sets_no_tabindex_on_the_focused_target_it_keeps(app: Page) -> None:
    """A tabindex set on the focused element makes Chromium recompute the page's style at once: the
    patch leaves the focused target's tab stop alone, and the page does not set it again."""
    start_game(app, ["human", "greedy"], seed=17)
    app.locator('#board-position [data-move^="marker "]').nth(40).click()
    tracks = app.locator('#board-position [data-move^="track "]')
    tracks.first.wait_for(state="attached")
    offered = set(tracks.evaluate_all("targets => targets.map(target => target.dataset.move)"))
    played = sorted(offered)[0]
    app.locator(f'#board-position [data-move="{played}"]').dispatch_event("click")
    undo = app.locator("#actions [data-undo]")
    undo.wait_for(state="attached")
    still = sorted(set(tracks.evaluate_all("targets => targets.map(target => target.dataset.move)"))
                   & offered - {played})
    assert still, "no track offered both before and after the first"
    focused = app.locator(f'#board-position [data-move="{still[0]}"]')
    focused.focus()
    app.evaluate("""() => {
        window.focusedTarget = document.activeElement;
        window.tabindexWrites = 0;
        new MutationObserver(records => { window.tabindexWrites += records.length; })
            .observe(window.focusedTarget, {attributes: true, attributeFilter: ['tabindex']});
    }""")
    undo.dispatch_event("click")  # a click that moves no focus, as a tap on a phone's other target
    expect(undo).to_have_count(0)
    assert app.evaluate("""() => ({same: document.activeElement === window.focusedTarget,
                                   tabStop: window.focusedTarget.getAttribute('tabindex'),
                                   writes: window.tabindexWrites})""") == {
        "same": True, "tabStop": "0", "writes": 0}
