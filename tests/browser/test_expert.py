"""The expert bots think in the page without freezing it: every task of their thinking stays short."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from support import frozen_tasks, start_game, watch_long_tasks

PLIES = 8  # two or more of the expert's decisions in every game


@pytest.mark.from_lobby
@pytest.mark.timed
@pytest.mark.parametrize("game", ["transamerica", "trick_of_the_rails", "freight_train", "locomotion"])
def test_the_expert_thinks_without_freezing_the_page(app: Page, game: str) -> None:
    start_game(app, ["expert", "greedy", "greedy"], game=game, seed=5, speed="instant")
    watch_long_tasks(app)
    app.wait_for_function(f"Number(document.querySelector('#table').getAttribute('data-ply')) >= {PLIES}",
                          timeout=120_000)
    assert frozen_tasks(app) == [], "a task froze the page"
