"""Freight Train's overlay: each category's first and second places, in a panel and ringed on the board.

The places are checked against the rules worked out here from the trains' lengths, and the points
against the engine's scoring; the rings against where the board drawing puts each train."""

from __future__ import annotations

import re
from typing import Any
from xml.etree import ElementTree

from games import get_game
from games.freight_train.cards import CATEGORIES
from svg_checks import NS, TEXT_KEY, by_class, parse, sampled, t
from ui.games.freight_train import draw
from ui.games.freight_train.face import FACE
from ui.games.freight_train.sheet import end_of_day_table
from ui.i18n import Translator
from ui.seats import seat_label

NAMES = ["Ada", "Basile", "Chloé", "Dev", "Emma"]
# (players, seed, options): random games, every 5th position (and each phase's first, and the end).
GAMES = [(2, 31, {"cabooses": True}), (4, 32, {"cabooses": False}), (5, 33, {"cabooses": True})]


def positions() -> list[dict[str, Any]]:
    return [spectator for players, seed, options in GAMES
            for _, spectator, _ in sampled("freight_train", players, seed, options, every=5)]


POSITIONS = positions()


def expected_places(lengths: list[int]) -> tuple[list[int], list[int]]:
    """First: every longest train; second: every next longest, only behind a lone first (ruling 8)."""
    if not any(lengths):
        return [], []
    longest = max(lengths)
    firsts = [p for p, n in enumerate(lengths) if n == longest]
    shorter = [n for n in lengths if 0 < n < longest]
    if len(firsts) > 1 or not shorter:
        return firsts, []
    return firsts, [p for p, n in enumerate(lengths) if n == max(shorter)]


def panel(view: dict[str, Any], translate: Any = t) -> ElementTree.Element:
    overlay = FACE.overlay(view, [], [], translate, NAMES[:view["players"]])
    assert overlay is not None
    return ElementTree.fromstring(overlay.html)


def seats_of(cell: ElementTree.Element) -> list[int]:
    return [int(p) for p in (cell.get("data-seats") or "").split()]


def test_the_panel_gives_the_engines_places_and_points_with_ties() -> None:
    ties = seconds = 0
    for view in POSITIONS:
        table = {entry["category"]: entry for entry in category_table_of(view)}
        rows = {row.get("data-category"): row for row in panel(view).iter("tr") if row.get("data-category")}
        assert set(rows) == {c for c in CATEGORIES if any(table[c]["lengths"])}
        for category, row in rows.items():
            lengths, points = table[category]["lengths"], table[category]["points"]
            first, second = row.findall("td")
            firsts, runners = expected_places(lengths)
            assert (seats_of(first), seats_of(second)) == (firsts, runners)
            for cell, seats in ((first, firsts), (second, runners)):
                tied = len(seats) > 1
                assert ("tied" in (cell.get("class") or "").split()) == tied
                text = "".join(cell.itertext())
                assert ("why.freight.overlay.tied" in text) == tied
                for p in seats:
                    assert f"{seat_label(p, NAMES, t)} +{points[p]}" in text
                    assert f"freight.sheet.cars|n={lengths[p]}" in text or (
                        lengths[p] == 1 and "freight.sheet.cars.one" in text)
            ties += len(firsts) > 1
            seconds += bool(runners)
            # A lone first scores 3 (6 with a caboose); the engine agrees with the places shown.
            if len(firsts) == 1:
                assert points[firsts[0]] in (3, 6)
    assert ties and seconds  # the positions do hold ties and second places


def category_table_of(view: dict[str, Any]) -> list[Any]:
    """The engine's scoring of the view's trains (it agrees with the view's own standings)."""
    table = end_of_day_table(view)
    assert {e["category"]: e["points"] for e in table} == view["standings"]
    return table


def test_rings_circle_each_placed_train_where_the_board_draws_it() -> None:
    for view in POSITIONS[::3]:
        overlay = FACE.overlay(view, [], [], t, NAMES[:view["players"]])
        assert overlay is not None
        rings = parse(overlay.svg)
        board = parse(draw.draw_position(view, [], t, NAMES[:view["players"]]))
        assert rings.get("viewBox") == board.get("viewBox")
        assert not [e for e in rings.iter() if e.get("data-move") is not None]
        expected = set()
        for entry in category_table_of(view):
            firsts, runners = expected_places(entry["lengths"])
            for number, seats in ((1, firsts), (2, runners)):
                expected |= {(p, entry["category"], number, len(seats) > 1) for p in seats}
        found = set()
        for ring in by_class(rings, "place"):
            seat, kind = int(ring.get("data-seat", "")), ring.get("data-kind", "")
            classes = (ring.get("class") or "").split()
            number = 1 if "place-1" in classes else 2
            found.add((seat, kind, number, "tied" in classes))
            badge = "".join(ring.itertext())
            assert badge == (f"={number}" if "tied" in classes else str(number))
            assert_ring_fits(ring, board, seat, ring.get("data-train", ""))
        assert found == expected


def assert_ring_fits(ring: ElementTree.Element, board: ElementTree.Element, seat: int, train: str) -> None:
    """The ring's frame holds every piece of the train as the board draws it, 3 units round."""
    strip = next(s for s in by_class(board, "player") if s.get("data-seat") == str(seat))
    drawn = next(g for g in by_class(strip, "train") if g.get("data-train") == train)
    loco = next(e for e in drawn.iter(NS + "path"))
    x, y = (float(v) for v in re.findall(r"[\d.]+", loco.get("d", ""))[:2])
    rights = [float(r.get("x", "0")) + float(r.get("width", "0")) for r in drawn.iter(NS + "rect")
              if float(r.get("width", "0")) >= 10]
    frame = ring.find(NS + "rect")
    assert frame is not None
    left, top = float(frame.get("x", "0")), float(frame.get("y", "0"))
    assert (round(left - x + 3, 1), round(top - y + 3, 1)) == (0, 0)
    assert abs(left + float(frame.get("width", "0")) - 3 - max(rights)) < 0.2


def test_the_overlay_shows_only_public_things() -> None:
    """Everything it shows is public: the seats' own views, or none, change nothing."""
    state = get_game("freight_train").new_state(3, 8, {"cabooses": True})
    for _ in range(40):
        state.apply(state.legal_moves()[-1])
    views = [state.view(seat) for seat in range(3)]
    public = state.view(None)
    bare = FACE.overlay(public, [], [], t, NAMES[:3])
    assert bare == FACE.overlay(public, views, state.legal_moves(), t, NAMES[:3])
    assert bare is not None and bare.html


def test_the_overlay_reads_in_english_and_french() -> None:
    for view in POSITIONS[::4]:
        for language in ("en", "fr"):
            translator = Translator(language)
            overlay = FACE.overlay(view, [], [], translator, NAMES[:view["players"]])
            assert overlay is not None
            parse(overlay.svg)
            html = panel(view, translator)
            text = "".join(html.itertext()) + overlay.svg
            assert "why." not in text and "freight." not in text and "{" not in text
            assert not TEXT_KEY.search(text)
            caption = html.find("caption")
            assert caption is not None and caption.text == translator("why.freight.overlay.caption")
