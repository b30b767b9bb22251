"""The expert bots think in the page without freezing it: every task of their thinking stays short."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from support import frozen_tasks, start_game, watch_long_tasks

PLIES = 8  # two or more of the expert's decisions in every game


# TransAmerica's expert searches harder at 4 players than at the other sizes.
TABLES = [("transamerica", 3), ("transamerica", 4), ("trick_of_the_rails", 3), ("freight_train", 3),
          ("locomotion", 3)]


@pytest.mark.from_lobby
@pytest.mark.timed
@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_expert_thinks_without_freezing_the_page(app: Page, game: str, players: int) -> None:
    start_game(app, ["expert", *["greedy"] * (players - 1)], game=game, seed=5, speed="instant")
    watch_long_tasks(app)
    app.wait_for_function(f"Number(document.querySelector('#table').getAttribute('data-ply')) >= {PLIES}",
                          timeout=120_000)
    assert frozen_tasks(app) == [], "a task froze the page"
