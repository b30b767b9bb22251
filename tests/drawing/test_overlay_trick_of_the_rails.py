"""Trick of the Rails' overlay: a share's worth now (the engine's scoring of the railways as they are)
and at best (a bound the rest of the game never exceeds), from public information only."""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

import pytest

from games.bots import bot_rng, decide, get_bot
from games.trick_of_the_rails import GAME as TRICK
from games.trick_of_the_rails.cards import CITIES
from games.trick_of_the_rails.rules import TrickState
from games.trick_of_the_rails.view import TrickView
from games.trick_of_the_rails.worth import best_profit, coming, worths
from svg_checks import t
from ui.games.trick_of_the_rails.face import FACE
from ui.i18n import Translator

GAME = "trick_of_the_rails"
NAMES = ("Ada", "Basile", "Chloé", "Dev", "Emma")


def _positions(players: int, seed: int, options: dict[str, Any]) -> tuple[list[TrickState], TrickState]:
    """Every position of a random game, and the finished game."""
    state = TRICK.new_state(players, seed, options)
    positions = []
    while (seat := state.current_player) is not None:
        positions.append(state.copy())
        rng = bot_rng(seed, seat, len(state.moves))
        state.apply(decide(get_bot(GAME, "random"), state.view(seat), state.legal_moves(), rng))
    return positions, state


GAMES = [(players, seed, {"mixed_line": seed % 2 == 1, "end_only": seed % 3 == 2})
         for players in (3, 4, 5) for seed in range(4)]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_now_is_the_engine_s_scoring_and_at_best_bounds_the_end(players: int, seed: int,
                                                                options: dict[str, Any]) -> None:
    positions, end = _positions(players, seed, options)
    final = {co: a.share_value for co, a in end.appraisals().items()}
    reached = 0
    for state in positions:
        for worth in worths(state.view(None)):
            assert worth.now == state.appraisals()[worth.company].share_value
            assert worth.best >= final[worth.company] and worth.best >= worth.now
            reached += worth.best == final[worth.company]
    assert reached  # the bound is met somewhere, not merely large
    assert [(w.now, w.best) for w in worths(end.view(None))] == [(v, v) for v in final.values()]


def test_best_profit_takes_new_stations_at_one_end() -> None:
    assert best_profit([10, 20, 30], [40, 40], 3) == 40 + 40 + 30  # two new ones before the 30
    assert best_profit([10, 40, 40, 40, 10], [20], 3) == 120  # a run inside today's railway
    assert best_profit([10, 20], [30, 10], 5) == 70  # shorter than the train: everything
    assert best_profit([10, 20], [30, 10], None) == 70  # the All locomotive: everything
    assert best_profit([30, 10, 10, 10, 40], [], 2) == 50


def test_what_can_still_come_in_a_new_game() -> None:
    state = TRICK.new_state(4, 3, {})
    city = next(token for token in state.line if token in CITIES)
    come = coming(state.view(None))
    # 4 players: one city and four locomotive tricks, 4 cards each, all still to be played.
    assert come == ([CITIES[city][1]], [], 4 * 5)


def _html(view: TrickView, seen: list[TrickView], lang: str) -> str:
    overlay = FACE.overlay(view, seen, [], Translator(lang), NAMES)
    assert overlay is not None and overlay.svg == ""
    return overlay.html


def test_the_panel_reads_in_both_languages_and_shows_no_hand() -> None:
    positions, _ = _positions(4, 5, {})
    state = positions[30]
    public = state.view(None)
    seats = [state.view(p) for p in range(4)]
    for lang in ("en", "fr"):
        html = _html(public, seats, lang)
        assert "{" not in html and "⟦" not in html
        assert html == _html(public, [], lang)  # the seats' views add nothing: all of it is public
        root = ElementTree.fromstring(f"<div>{html}</div>")
        rows = root.findall("./table/tbody/tr")
        assert [row.get("data-company") for row in rows] == ["BO", "CO", "ERIE", "NYC", "PRR"]
        cells = [[int(td.text or "") for td in row.findall("td")] for row in rows]
        assert cells == [[w.now, w.best] for w in worths(public)]
        assert root.find("./table/caption") is not None and root.find("./p") is not None
    # The hands dealt otherwise: the same panel.
    dealt = state.copy()
    dealt.hands = [dealt.hands[-1], *dealt.hands[:-1]]
    assert _html(dealt.view(None), [], "en") == _html(public, [], "en")
    stub = FACE.overlay(public, seats, [], t, NAMES)
    assert stub is not None and "⟦trick.overlay.best⟧" in stub.html
