"""A move rewrites only what it changed in the parts of the table it patches (static/js/patch.js).
Chromium lays an SVG element out again whenever one of its attributes is set, even to the value it had:
rewriting every attribute of every kept element nearly doubled the layout of a Freight Train bots-only
game, and its longest tasks froze the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

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
