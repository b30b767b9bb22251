"""The Trick of the Rails drawing: each SVG shows what the view holds, and its targets are exactly
the legal moves of the seat to move.

Positions come from real random games (`tests/random_play.py`) for every player count and option,
so every phase (play, locomotive, city, add, over) is drawn. SVG is checked as XML, by the classes
and data attributes the page and these tests rely on. What every game's drawing does (targets
exactly the legal moves, text alternative, words through `t`, keys in the catalog) is in
`test_faces.py`, which draws every position of `GAMES` and runs `check_position` and `check_game`
below on them.
"""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

import pytest

from games.trick_of_the_rails.cards import COMPANIES
from svg_checks import PLAYERS, Drawing, Drawn, Shot, by_class, t, well_formed
from svg_checks import snapshots as game_snapshots
from ui.games.trick_of_the_rails import draw as tr
from ui.games.trick_of_the_rails import face as face


def snapshots(players: int, seed: int, options: dict[str, Any] | None = None) -> list[Shot]:
    return game_snapshots("trick_of_the_rails", players, seed, options)


# For test_faces.py: the random games drawn (every position), the names drawn as they are.
GAMES = [(3, 1, {}, 1), (4, 2, {"mixed_line": True}, 1), (5, 3, {"end_only": True}, 1),
         (3, 4, {"mixed_line": True, "end_only": True}, 1), (4, 5, {}, 1)]
NAMES = {"Pittsburgh", "Baltimore", "New York"}
ACTIONS_ON_BOARD = False  # there are no buttons: every move is on the board


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}p-seed{g[1]}-{'+'.join(g[2]) or 'basic'}")
def game(request: pytest.FixtureRequest) -> list[Shot]:
    players, seed, options, _ = request.param
    return snapshots(players, seed, options)


def check_common(root: ElementTree.Element, view: dict[str, Any]) -> None:
    rows = by_class(root, "railway")
    assert [r.get("data-company") for r in rows] == list(COMPANIES)
    for row, rail in zip(rows, view["railways"], strict=True):
        segments = by_class(row, "segment")
        assert [s.get("data-segment") for s in segments] == rail["segments"]
        start, stop = rail["run"]
        scoring = [i for i, s in enumerate(segments) if "scoring" in s.get("class").split()]
        assert scoring == list(range(start, stop))
    slots = by_class(root, "slot")
    assert [s.get("data-token") for s in slots] == [slot["token"] for slot in view["line"]]
    assert len(by_class(root, "done")) == view["slot"]
    assert len(by_class(root, "current-target")) == (view["phase"] != "over")
    assert [e.get("data-card") for e in by_class(root, "played")] == [card for _, card in view["trick"]]
    waiting = [card for _, card in view["to_add"]]
    added = [card for _, card in view["trick"] if card not in waiting] if view["phase"] == "add" else []
    assert [e.get("data-card") for e in by_class(root, "added")] == added


def check_position(shot: Drawn) -> None:
    view, root = shot.view, shot.board
    check_common(root, view)
    if view["seat"] is not None:
        hand = by_class(root, "hand")[0]
        assert [e.get("data-card") for e in hand.iter() if e.get("data-card")] == view["hand"]
        dimmed = {e.get("data-card") for e in by_class(root, "dimmed")}
        unplayable = {c for c in view["hand"] if c not in view["playable"]}
        assert dimmed == (unplayable if view["playable"] else set())
    # A spectator sees no hand, only how many cards each player holds, and the trick.
    watcher = shot.watcher
    check_common(watcher, shot.spectator)
    assert not by_class(watcher, "hand") and by_class(watcher, "hand-sizes")
    shown = [e.get("data-card") for e in watcher.iter() if e.get("data-card")]
    assert shown == [card for _, card in view["trick"]]


def check_game(drawing: Drawing) -> None:
    # With "end only" the played cards are added automatically: no "add" phase is ever asked.
    phases = {view["phase"] for view, _, _ in drawing.shots}
    end_only = drawing.options.get("end_only", False)
    assert phases >= {"play", "locomotive", "over"} | (set() if end_only else {"add"})
    assert "add" not in phases or not end_only
    assert {"trick.prompt.play", "trick.aria.play", "trick.final"} <= drawing.keys


def test_every_phase_is_reached_over_the_games() -> None:
    phases = {view["phase"] for players, seed, options, _ in GAMES[:2]
              for view, _, _ in snapshots(players, seed, options)}
    assert phases == {"play", "locomotive", "city", "add", "over"}


def test_side_panel_and_end_screen(game: list[Shot]) -> None:
    """The final side panel: a row per company with its share value, a column per player named by
    name, each player's shares of each company, and each player's total at the foot."""
    view, spectator, _ = game[-1]
    assert view["phase"] == "over"
    html = face.FACE.draw_side(spectator, t, PLAYERS)
    assert "trick.final" in html
    table = well_formed(html).find(".//table")
    assert table is not None
    players = spectator["players"]
    heads = table.findall("./thead/tr/th")
    assert [th.get("title") for th in heads[2:]] == list(PLAYERS[:players])
    rows = table.findall("./tbody/tr")
    assert [row.get("data-company") for row in rows] == list(COMPANIES)
    for row, rail in zip(rows, spectator["railways"], strict=True):
        cells = ["".join(td.itertext()) for td in row.findall("td")]
        assert cells[0] == str(rail["share_value"])
        assert cells[1:] == [str(counts[rail["company"]] or "·") for counts in spectator["share_counts"]]
    totals = ["".join(td.itertext()) for td in table.findall("./tfoot/tr/td")]
    assert totals == ["", *map(str, spectator["worth"])]
    assert face.FACE.interlude({"type": "game_over"}, spectator, t, []) is None
    assert face.FACE.actions == {}
    assert "trick.worth_now" in face.FACE.draw_side(game[0][0], t, PLAYERS)


def test_describe_names_the_hand_only_for_its_owner(game: list[Shot]) -> None:
    view, spectator, _ = game[0]
    assert "trick.describe.hand" in tr.describe(view, t)
    assert "trick.describe.hand" not in tr.describe(spectator, t)
