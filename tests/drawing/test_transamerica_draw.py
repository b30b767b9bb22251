"""The TransAmerica drawing: each SVG holds exactly what the view holds, and nothing it does not.

Positions come from the real engine (random games through `tests/random_play.py`) and from a small
hand-built view that pins the view's contract. SVG is checked as XML, by the classes and data
attributes the page and these tests rely on. What every game's drawing does (targets exactly the
legal moves, text alternative, words through `t`, repeatable) is in `test_faces.py`, which draws
every position of `GAMES` and runs `check_position` and `check_game` below on them.
"""

from __future__ import annotations

import re
from typing import Any
from xml.etree import ElementTree

import pytest

from games import get_game
from games.core import State
from games.transamerica.board import BOARD, COLOURS
from random_play import play_random_game
from svg_checks import NS, Drawing, Drawn, assert_targets, assert_text_alternative, by_class, parse, t
from ui.games.transamerica import draw as ta
from ui.games.transamerica.face import FACE
from ui.games.transamerica.usa_outline import CITY_PLACES, project
from ui.svg import SHAPES

TEXT_KEY = re.compile(r"^⟦[a-z_.A-Z0-9]+(\|.*)?⟧$")

# For test_faces.py: the random games drawn, the names drawn as they are, the buttons also on the board.
GAMES = [(2, 1, {}, 1), (4, 2, {"visible_cards": True}, 4), (6, 3, {"blocking_markers": True}, 2)]
NAMES = {c.name for c in BOARD.cities}
ACTIONS_ON_BOARD = True  # "end" and "pass" are buttons on the board too, first for the keyboard


def texts(root: ElementTree.Element) -> list[str]:
    return [e.text or "" for e in root.iter(NS + "text")]


def subpaths(d: str) -> list[list[float]]:
    """Each "M x y L x y" of a path as [x1, y1, x2, y2]."""
    return [[float(v) for v in re.split(r"[ L]", part.strip())] for part in d.split("M") if part.strip()]


def assert_words_translated(root: ElementTree.Element) -> None:
    """Every text drawn is a city name, a number, a tick, or came from `t`."""
    for text in texts(root):
        assert text in NAMES or text.lstrip("-").isdigit() or text == "✓" or TEXT_KEY.match(text), text


# -- positions from the engine ------------------------------------------------------------------

def snapshots(players: int, seed: int, options: dict[str, Any] | None = None,
              every: int = 1) -> list[tuple[dict[str, Any], list[str]]]:
    """(view of the player to move, their legal moves) after every `every`-th move of a random game."""
    shots: list[tuple[dict[str, Any], list[str]]] = []

    def keep(state: State, _move: str | None) -> None:
        if len(state.moves) % every == 0:
            seat = state.current_player
            shots.append((state.view(seat), state.legal_moves() if seat is not None else []))

    play_random_game("transamerica", players, seed, options, check=keep)
    return shots


def late_position(players: int = 6, seed: int = 11) -> tuple[dict[str, Any], list[str]]:
    """The start of a turn with the most track on the board, in a random game."""
    best: tuple[dict[str, Any], list[str]] | None = None
    for view, legal in snapshots(players, seed):
        if view["phase"] == "build" and not view["turn"]["placed"] and (
                best is None or len(view["tracks"]) >= len(best[0]["tracks"])):
            best = (view, legal)
    assert best is not None
    return best


def check_board(root: ElementTree.Element, view: dict[str, Any], legal: list[str]) -> None:
    """The track, the markers and the targets' shapes of a drawn position, and only translated words."""
    assert_words_translated(root)
    tracks = by_class(root, "track")
    drawn = [(e.get("data-edge"), int(e.get("data-seat"))) for e in tracks]
    assert drawn == [tuple(x) for x in view["tracks"]]
    assert all(e.tag == NS + "line" for e in tracks)
    markers = by_class(root, "marker")
    placed = {seat: point for seat, point in enumerate(view["markers"]) if point is not None}
    assert sorted(int(e.get("data-seat")) for e in markers) == sorted(placed)
    for area in by_class(root, "edge"):
        # an area, not a stroked hairline: a horizontal line has no height to tap or to be "visible"
        assert area.tag == NS + "polygon" and len(area.get("points").split()) == 4
    assert bool(by_class(root, "legal-glow")) == any(" " in move for move in legal)


def check_position(shot: Drawn) -> None:
    check_board(shot.board, shot.view, shot.legal)
    check_board(shot.watcher, shot.spectator, [])


def check_game(drawing: Drawing) -> None:
    """Every kind of move is drawn: markers, tracks, the end of a turn, and a marker moved at the end
    of a turn with blocking markers."""
    kinds = {move.split(" ")[0] + ("_at" if move.startswith("end ") else "")
             for _, _, legal in drawing.shots for move in legal}
    assert {"marker", "track", "end"} <= kinds
    if drawing.options.get("blocking_markers"):
        assert "end_at" in kinds
    assert {"ta.aria.track", "ta.describe.round", "ta.position.title"} <= drawing.keys


def check_position_of(view: dict[str, Any], legal: list[str]) -> ElementTree.Element:
    """A view built or picked here, drawn and checked like the positions of test_faces.py."""
    root = parse(ta.draw_position(view, legal, t))
    assert root.get("viewBox") == MAP.get("viewBox")
    assert_text_alternative(root)
    assert_targets(root, legal, FACE.actions, ACTIONS_ON_BOARD)
    check_board(root, view, legal)
    return root


MAP = parse(ta.draw_map(t))


# -- the static map -------------------------------------------------------------------------------

def test_map_has_the_board_view_box_and_only_translated_words() -> None:
    assert MAP.get("viewBox") == " ".join(f"{v:g}" for v in ta.VIEW_BOX)
    assert_words_translated(MAP)


def test_map_names_the_35_cities_each_in_its_region_shape_and_rings_the_dashed_ones() -> None:
    # The names are on the position layer, over the pieces (test_transamerica_table.py).
    assert not by_class(MAP, "city-names")
    start = get_game("transamerica").new_state(2, 1, {})
    position = parse(ta.draw_position(start.view(0), start.legal_moves(), t))
    names = [e.text for e in by_class(position, "city-names")[0].iter(NS + "text")]
    assert sorted(names) == sorted(c.name for c in BOARD.cities) and len(names) == 35
    groups = {g.get("data-city"): g for g in by_class(MAP, "city")}
    assert len(groups) == 35
    for city in BOARD.cities:
        shape = [e for e in groups[city.name] if "dashed" not in (e.get("class") or "")]
        corners = SHAPES[ta.REGIONS[city.colour].shape][0]
        assert len(shape) == 1 and shape[0].get("fill") == ta.REGIONS[city.colour].fill
        if corners:
            assert len(shape[0].get("points").split()) == corners
        else:
            assert shape[0].tag == NS + "circle"
        assert len(by_class(groups[city.name], "dashed")) == int(city.dashed)
    assert len({r.shape for r in ta.REGIONS.values()}) == len({r.fill for r in ta.REGIONS.values()}) == 5


def test_map_draws_the_109_double_edges_as_two_parallel_lines_along_their_edge() -> None:
    doubles = by_class(MAP, "double")
    assert sorted(e.get("data-edge") for e in doubles) == sorted(e.name for e in BOARD.edges if e.cost == 2)
    assert len(doubles) == 109
    for element in doubles:
        (ax, ay), (bx, by) = ta.EDGES[element.get("data-edge")].line
        rails = subpaths(element.get("d"))
        assert len(rails) == 2
        for x1, y1, x2, y2 in rails:
            assert abs((x2 - x1) * (by - ay) - (y2 - y1) * (bx - ax)) < 2.0 * 60  # parallel to the edge
        gap = abs((rails[0][0] - rails[1][0]) * (by - ay) - (rails[0][1] - rails[1][1]) * (bx - ax)) / 60
        assert gap > 3.0  # two distinct lines, a visible gap apart
        mid = ((rails[0][0] + rails[1][2]) / 2, (rails[0][1] + rails[1][3]) / 2)
        assert abs(mid[0] - (ax + bx) / 2) < 1 and abs(mid[1] - (ay + by) / 2) < 1


def test_map_draws_the_400_plain_edges_once_each_and_a_dot_per_intersection() -> None:
    plain = by_class(MAP, "plain")
    assert len(plain) == 1 and len(subpaths(plain[0].get("d"))) == 400
    dots = by_class(MAP, "intersections")[0].get("d")
    assert dots.count("M") == len(BOARD.points) == 188


def inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    crossings = 0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def shore_distance(point: tuple[float, float], polygon: list[tuple[float, float]]) -> float:
    best = float("inf")
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        dx, dy = x2 - x1, y2 - y1
        k = max(0.0, min(1.0, ((point[0] - x1) * dx + (point[1] - y1) * dy) / (dx * dx + dy * dy)))
        best = min(best, ((point[0] - x1 - k * dx) ** 2 + (point[1] - y1 - k * dy) ** 2) ** 0.5)
    return best


def points(element: ElementTree.Element) -> list[tuple[float, float]]:
    return [(float(p.split(",")[0]), float(p.split(",")[1])) for p in element.get("points").split()]


def test_the_map_is_fitted_to_the_lattice_every_intersection_on_land_or_at_the_shore() -> None:
    usa = points(by_class(MAP, "usa")[0])
    lakes = [points(e) for e in by_class(MAP, "land")[0] if e.get("fill") == ta.SEA]
    assert len(lakes) == 5
    off = []
    for point, xy in ta.POINT_XY.items():
        assert 0 < xy[0] < ta.WIDTH and 0 < xy[1] < ta.HEIGHT
        shores = [lake for lake in lakes if inside(xy, lake)] + ([] if inside(xy, usa) else [usa])
        for shore in shores:
            off.append(point)
            assert shore_distance(xy, shore) < ta.UNIT / 3, point
    assert len(off) <= 12
    for city in BOARD.cities:  # each city's real place lands on its intersection
        x, y = city.point
        assert project(*CITY_PLACES[city.name]) == pytest.approx((x - y / 2, y))


# -- the position ---------------------------------------------------------------------------------

def test_position_for_a_spectator_has_no_targets_and_no_hidden_hand() -> None:
    view, _ = late_position(4, 5)
    state_view = dict(view, seat=None, cities=[None] * 4)
    root = check_position_of(state_view, [])
    assert not [e for e in root.iter() if e.get("data-move")]
    assert not by_class(root, "own-cities") and not by_class(root, "cities-of")


def test_position_rings_the_viewers_cities_and_tells_networks_apart() -> None:
    view, legal = late_position(5, 8)
    root = check_position_of(view, legal)
    own = by_class(root, "own-cities")
    assert len(own) == 1 and int(own[0].get("data-seat")) == view["seat"]
    assert sorted(c.get("data-city") for c in own[0]) == sorted(view["cities"][view["seat"]])
    networks = by_class(root, "network")
    assert sorted(int(n.get("data-network")) for n in networks) == sorted(set(view["track_networks"]))
    assert len({n.get("stroke") for n in networks}) == len(networks)
    for network in networks:
        drawn = len(subpaths(network.get("d")))
        assert drawn == view["track_networks"].count(int(network.get("data-network")))


def test_position_emphasises_the_track_laid_this_turn() -> None:
    for view, legal in snapshots(3, 4, every=3):
        root = check_position_of(view, legal)
        placed = by_class(root, "placed")
        if view["turn"]["placed"]:
            drawn = [ta.EDGES[name].piece_d for name in view["turn"]["placed"]]
            assert len(placed) == 1 and placed[0].get("d") == "".join(drawn)
        else:
            assert not placed


def test_position_from_a_hand_built_view() -> None:
    """The view's contract, without the engine: two networks, two markers, one placed track."""
    view = {
        "game": "transamerica", "players": 3, "seat": 1, "options": {}, "round": 2, "start_player": 1,
        "current_player": 1, "phase": "build", "scores": [13, 9, 11], "barrier": 0, "tracks_left": 81,
        "markers": [[4, 4], [13, 3], None],
        "tracks": [["4,4,E", 0], ["13,3,SW", 1], ["12,3,E", 1]],
        "track_networks": [0, 1, 1], "marker_networks": [0, 1, None],
        "turn": {"placed": ["12,3,E"], "plain_left": 1, "second_after_completion": False},
        "cities": [None, ["Seattle", "Chicago", "Denver", "Dallas", "Boston"], None],
        "history": [[0, 4, 2]], "last_round": None,
    }
    legal = ["track 11,3,E", "track 12,3,SE", "end"]
    root = check_position_of(view, legal)
    assert next(e.get("data-move") for e in root.iter() if e.get("data-move")) == "end"  # buttons first
    assert len(by_class(root, "network")) == 2
    assert by_class(root, "placed")[0].get("d") == ta.EDGES["12,3,E"].piece_d
    # Without names, a seat is named by the table's default name, "Player 2".
    assert ta.describe(view, t).startswith(
        "⟦ta.describe.round|round=2⟧ ⟦ta.describe.you|name=⟦seat.default_name|n=2⟧⟧")
    text = ta.describe(view, t)
    assert "⟦ta.describe.marker_city|city=Salt Lake City,name=⟦seat.default_name|n=1⟧⟧" in text
    assert "⟦ta.describe.marker_city|city=Chicago,name=⟦seat.default_name|n=2⟧⟧" in text
    named = ta.describe(view, t, ["Ada", "Basile", "Chloé"])
    assert "⟦ta.describe.you|name=Basile⟧" in named and "⟦ta.describe.phase_build|name=Basile⟧" in named
    assert "⟦ta.describe.marker_city|city=Chicago,name=Basile⟧" in named


# -- beside the board -----------------------------------------------------------------------------

def test_score_track_shows_the_barrier_and_every_locomotive_at_its_score() -> None:
    view = {"players": 4, "scores": [9, -3, 9, 13], "barrier": 2, "options": {}}
    root = parse(ta.draw_score_track(view, t, ["Ann", "Bob", "Cy", "Dee"]))
    assert_text_alternative(root)
    assert_words_translated(root)
    spaces = [int(e.get("data-score")) for e in by_class(root, "space")]
    assert spaces == list(range(-3, 14))
    barrier = by_class(root, "barrier")
    assert len(barrier) == 1 and barrier[0].get("data-score") == "2"
    locos = by_class(root, "locomotive")
    drawn = [(int(e.get("data-seat")), int(e.get("data-score"))) for e in locos]
    assert drawn == [(0, 9), (1, -3), (2, 9), (3, 13)]
    # Two locomotives on one space stand apart.
    y = [float(next(e.iter(NS + "text")).get("y")) for e in locos]
    assert y[0] != y[2]


def test_score_track_in_variant_1_has_no_barrier_and_starts_at_zero() -> None:
    root = parse(ta.draw_score_track({"players": 3, "scores": [13, 5, 8], "barrier": 0,
                                      "options": {"visible_cards": True}}, t, ["Ann", "Bob", "Cy"]))
    assert not by_class(root, "barrier")
    assert [int(e.get("data-score")) for e in by_class(root, "space")] == list(range(0, 14))


def test_score_track_from_the_engine_after_two_rounds() -> None:
    barriers = set()
    for view, _ in snapshots(3, 21, every=20):
        root = parse(ta.draw_score_track(view, t, ["Ann", "Bob", "Cy"]))
        assert by_class(root, "barrier")[0].get("data-score") == str(view["barrier"])
        assert [int(e.get("data-score")) for e in by_class(root, "locomotive")] == view["scores"]
        barriers.add(view["barrier"])
    assert view["round"] >= 2


def test_hand_shows_each_card_west_to_east_with_its_region() -> None:
    hand = ["Boston", "Seattle", "Dallas", "Denver", "Chicago"]
    root = parse(ta.draw_hand(hand, t))
    assert_text_alternative(root)
    assert_words_translated(root)
    cards = by_class(root, "city-card")
    assert [c.get("data-city") for c in cards] == ["Seattle", "Chicago", "Denver", "Dallas", "Boston"]
    assert [c.get("data-colour") for c in cards] == list(COLOURS)
    for card in cards:
        words = texts(card)
        assert card.get("data-city") in words and f"⟦ta.region.{card.get('data-colour')}⟧" in words


# -- the round-end overlay ------------------------------------------------------------------------

def round_ends(players: int, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(spectator view, round_scored event) for each round of a random game."""
    state = play_random_game("transamerica", players, seed)
    ends = [e for e in state.events if e["type"] == "round_scored"]
    assert ends
    return [(state.view(None), event) for event in ends]


def test_missing_track_overlay_draws_each_penalised_players_exact_missing_edges() -> None:
    for players, seed in ((3, 31), (6, 32)):
        for view, event in round_ends(players, seed):
            root = parse(ta.draw_missing(view, event, t))
            assert root.get("viewBox") == MAP.get("viewBox")
            assert_text_alternative(root)
            assert_words_translated(root)
            groups = {int(g.get("data-seat")): g for g in by_class(root, "missing")}
            assert sorted(groups) == [p for p, points in enumerate(event["penalties"]) if points]
            dashes = {g.get("stroke-dasharray") for g in groups.values()}
            assert len(dashes) == len(groups)
            for seat, group in groups.items():
                assert sorted(e.get("data-edge") for e in by_class(group, "missing-edge")) == \
                    sorted(event["missing"][seat])
                cost = sum(BOARD.edges[BOARD.edge_index[n]].cost for n in event["missing"][seat])
                assert cost == event["penalties"][seat]
                assert sorted(e.get("data-city") for e in by_class(group, "missing-city")) == \
                    sorted(event["cities"][seat])
            legend = [w for w in texts(by_class(root, "missing-legend")[0]) if not w.isdigit()]
            assert len(legend) == players  # a penalty or a tick per player


def test_round_end_board_draws_the_rounds_final_track_and_markers_from_the_event() -> None:
    view, event = round_ends(4, 33)[0]
    tracks = [["3,4,E", 0], ["4,4,SE", 1]]
    screen = FACE.interlude(dict(event, tracks=tracks, markers=[[3, 4], [5, 5], None, None]), view, t,
                            ["Ann", "Bob", "Cy", "Dee"])
    assert screen is not None and screen.board is not None
    root = parse(screen.board)
    assert [(e.get("data-edge"), int(e.get("data-seat"))) for e in by_class(root, "track")] == \
        [tuple(x) for x in tracks]
    assert [int(e.get("data-seat")) for e in by_class(root, "marker")] == [0, 1]
    assert not by_class(parse(screen.overlay), "track")  # the board under the overlay has them


def test_describe_names_the_phase_the_player_to_move_and_the_scores() -> None:
    state = get_game("transamerica").new_state(3, 5, {})
    text = ta.describe(state.view(0), t)
    assert "⟦ta.describe.phase_marker|name=⟦seat.default_name|n=1⟧⟧" in text
    assert "⟦ta.describe.cities|cities=" in text
    assert "⟦ta.describe.scores|barrier=0,scores=" in text
