"""The Trick of the Rails drawing: each SVG shows what the view holds, and its targets are exactly
the legal moves of the seat to move.

Positions come from real random games (`tests/random_play.py`) for every player count and option,
so every phase (play, locomotive, city, add, over) is drawn. SVG is checked as XML, by the classes
and data attributes the page and these tests rely on.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from games.trick_of_the_rails.cards import COMPANIES
from svg_checks import NS, TEXT_KEY, Shot, by_class, parse, t
from svg_checks import snapshots as game_snapshots
from ui.games.trick_of_the_rails import draw as tr
from ui.games.trick_of_the_rails import face as face

MAP = parse(tr.draw_map(t))


def snapshots(players: int, seed: int, options: dict[str, Any] | None = None) -> list[Shot]:
    return game_snapshots("trick_of_the_rails", players, seed, options)


GAMES = [(3, 1, {}), (4, 2, {"mixed_line": True}), (5, 3, {"end_only": True}),
         (3, 4, {"mixed_line": True, "end_only": True}), (4, 5, {})]


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}p-seed{g[1]}-{'+'.join(g[2]) or 'basic'}")
def game(request: pytest.FixtureRequest) -> list[Shot]:
    players, seed, options = request.param
    return snapshots(players, seed, options)


def check_common(root: ElementTree.Element, view: dict[str, Any]) -> None:
    title, desc = root.find(NS + "title"), root.find(NS + "desc")
    assert title is not None and title.text and desc is not None and desc.text
    assert root.get("aria-label") == title.text
    assert root.get("viewBox") == MAP.get("viewBox")
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


def test_every_position_draws_with_exactly_the_legal_targets(game: list[Shot]) -> None:
    phases = set()
    for view, spectator, legal in game:
        phases.add(view["phase"])
        root = parse(tr.draw_position(view, legal, t))
        check_common(root, view)
        targets = [e for e in root.iter() if e.get("data-move") is not None]
        assert Counter(e.get("data-move") for e in targets) == Counter(legal)
        for target in targets:
            assert "legal" in target.get("class").split()
            assert target.get("tabindex") == "0" and target.get("role") == "button"
            assert target.get("aria-label")
        if view["seat"] is not None:
            hand = by_class(root, "hand")[0]
            assert [e.get("data-card") for e in hand.iter() if e.get("data-card")] == view["hand"]
            dimmed = {e.get("data-card") for e in by_class(root, "dimmed")}
            unplayable = {c for c in view["hand"] if c not in view["playable"]}
            assert dimmed == (unplayable if view["playable"] else set())
        # A spectator sees no hand and can play nothing.
        watcher = parse(tr.draw_position(spectator, [], t))
        check_common(watcher, spectator)
        assert not by_class(watcher, "hand") and by_class(watcher, "hand-sizes")
        assert not any(e.get("data-move") for e in watcher.iter())
        shown = [e.get("data-card") for e in watcher.iter() if e.get("data-card")]
        assert shown == [card for _, card in view["trick"]]
    # With "end only" the played cards are added automatically: no "add" phase is ever asked.
    end_only = game[0][0]["options"]["end_only"]
    assert phases >= {"play", "locomotive", "over"} | (set() if end_only else {"add"})
    assert "add" not in phases or not end_only


def test_every_phase_is_reached_over_the_games() -> None:
    phases = {view["phase"] for players, seed, options in GAMES[:2]
              for view, _, _ in snapshots(players, seed, options)}
    assert phases == {"play", "locomotive", "city", "add", "over"}


def test_words_go_through_t(game: list[Shot]) -> None:
    view, _, legal = game[len(game) // 2]
    root = parse(tr.draw_position(view, legal, t))
    for e in root.iter(NS + "text"):
        text = e.text or ""
        # Numbers, card/company/city names and symbols are fine; anything with a lower-case word came from t.
        if re.search(r"[a-z]{3,}", TEXT_KEY.sub("", text)):
            assert text in {"Pittsburgh", "Baltimore", "New York"}, text


def test_side_panel_and_end_screen(game: list[Shot]) -> None:
    view, spectator, _ = game[-1]
    assert view["phase"] == "over"
    html = face.FACE.draw_side(spectator, t)
    assert "trick.final" in html and html.count("<tr") == 1 + 4 + spectator["players"]
    for rail in spectator["railways"]:
        assert f'>{rail["share_value"]}<' in html
    for worth in spectator["worth"]:
        assert f"<strong>{worth}</strong>" in html
    values = {rail["company"]: rail["share_value"] for rail in spectator["railways"]}
    for counts in spectator["share_counts"]:
        for company, count in counts.items():
            if count:
                assert f"{count}×{values[company]}" in html
    assert face.FACE.interlude({"type": "game_over"}, spectator, t, []) is None
    assert face.FACE.actions == {}
    assert "trick.worth_now" in face.FACE.draw_side(game[0][0], t)


def test_describe_names_the_hand_only_for_its_owner(game: list[Shot]) -> None:
    view, spectator, _ = game[0]
    assert "trick.describe.hand" in tr.describe(view, t)
    assert "trick.describe.hand" not in tr.describe(spectator, t)


def test_draw_position_is_fast() -> None:
    shots = snapshots(3, 9)
    start = time.process_time()  # CPU time: steady however busy the machine is
    for view, _, legal in shots:
        tr.draw_position(view, legal, t)
    per_draw = (time.process_time() - start) / len(shots)
    assert per_draw < 0.02, f"{per_draw * 1000:.1f} ms per position"


def test_every_key_used_is_in_a_catalog() -> None:
    """Every key drawn is in the catalog (test_i18n checks that French has the same keys)."""
    catalog = json.loads((Path(__file__).parents[2] / "py/ui/locales/en.json").read_text(encoding="utf-8"))
    used = set()

    def spy(key: str, **params: Any) -> str:
        used.add(key)
        return t(key, **params)

    for view, spectator, legal in snapshots(3, 1):
        tr.draw_position(view, legal, spy)
        tr.draw_position(spectator, [], spy)
        face.FACE.draw_side(view, spy)
    tr.draw_map(spy)
    assert used <= set(catalog), used - set(catalog)
    assert {"trick.prompt.play", "trick.aria.play", "trick.final"} <= used
