"""TransAmerica at the table: the prompt, the start markers and city names, the round-end board, the
barrier in words, the places of the log, the board in words (names, places), a track growing as it is
laid, the side panel's names and the game-over breakdown."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from games import get_game
from games.core import State
from games.transamerica.board import BOARD
from random_play import play_random_game
from svg_checks import NS, by_class, parse, t, well_formed
from ui.games.transamerica import draw as ta
from ui.games.transamerica.face import FACE, ended_round
from ui.games.transamerica.log import LOG, compass, place, steps
from ui.i18n import Translator
from ui.log import log_line

EN, FR = Translator("en"), Translator("fr")
NAMES = ["Ann", "Bob <b>", "Zoé", "Dee"]
GAME = get_game("transamerica")


def state_after(players: int, moves: list[str], **options: bool) -> State:
    state = GAME.new_state(players, 1, dict(options))
    for move in moves:
        state.apply(move)
    return state


def prompt_key(state: State) -> str:
    seat = state.current_player
    text = FACE.prompt(state.view(seat), state.legal_moves(), t)
    assert text is not None
    match = re.fullmatch(r"⟦([a-z_.]+)(\|.*)?⟧", text)
    assert match, text
    return match[1]


# -- the prompt -------------------------------------------------------------------------------------

START = ["marker 8,7", "marker 10,7"]


def test_prompt_asks_for_a_start_marker_then_for_track() -> None:
    state = state_after(2, [])
    assert prompt_key(state) == "ta.prompt.marker"
    assert FACE.prompt(state.view(0), state.legal_moves(), EN) == \
        "Place your start marker on any free intersection (a city is allowed)."
    assert FACE.prompt(state.view(0), state.legal_moves(), FR).startswith(
        "Posez votre pion de départ sur une intersection libre")
    state = state_after(2, START)
    assert prompt_key(state) == "ta.prompt.build"
    assert FACE.prompt(state.view(0), state.legal_moves(), EN) == \
        "Lay 1 or 2 plain tracks, or 1 double track (mountain or river)."
    assert FACE.prompt(state.view(0), state.legal_moves(), FR) == \
        "Posez 1 ou 2 tronçons en plaine, ou 1 seul tronçon double (montagne ou rivière)."


def test_prompt_after_one_plain_track_and_after_a_full_turn() -> None:
    state = state_after(2, [*START, "track 8,7,E"])
    assert prompt_key(state) == "ta.prompt.one_more"
    assert FACE.prompt(state.view(0), state.legal_moves(), EN) == \
        "Lay one more plain track, or end your turn."
    state.apply("track 9,7,SE")
    assert state.legal_moves() == ["end"]
    assert prompt_key(state) == "ta.prompt.end"


def test_prompt_offers_the_marker_move_of_variant_2() -> None:
    state = state_after(2, [*START, "track 8,7,E"], blocking_markers=True)
    assert any(move.startswith("end ") for move in state.legal_moves())
    assert prompt_key(state) == "ta.prompt.one_more_or_move"
    state.apply("track 9,7,SE")
    assert prompt_key(state) == "ta.prompt.end_or_move"
    assert "dashed ring" in FACE.prompt(state.view(0), state.legal_moves(), EN)
    assert "cercle pointillé" in FACE.prompt(state.view(0), state.legal_moves(), FR)


def view_with(**changes: Any) -> dict[str, Any]:
    view = dict(state_after(2, START).view(0))
    view.update(changes)
    return view


def test_prompt_of_rare_turns_follows_the_legal_moves() -> None:
    turn = {"placed": [], "plain_left": 2, "second_after_completion": False}
    assert FACE.prompt(view_with(turn=turn), ["pass"], t) == "⟦ta.prompt.pass⟧"
    assert FACE.prompt(view_with(turn=turn), ["track 8,7,E"], t) == "⟦ta.prompt.build_plain⟧"
    assert FACE.prompt(view_with(turn=turn), ["track 9,4,E"], t) == "⟦ta.prompt.build_double⟧"
    assert FACE.prompt(view_with(turn=turn, tracks_left=1), ["track 8,7,E", "track 9,4,E"], t) == \
        "⟦ta.prompt.last_track⟧"
    second = dict(turn, placed=["8,7,E"], plain_left=1, second_after_completion=True)
    assert FACE.prompt(view_with(turn=second), ["track 9,7,E", "end"], t) == "⟦ta.prompt.second_chance⟧"
    assert FACE.prompt(view_with(), [], t) is None  # not the viewer's move


def test_prompt_matches_the_legal_moves_through_a_whole_game() -> None:
    seen: set[str] = set()

    def check(state: State, _move: str | None) -> None:
        if state.is_over():
            return
        legal, key = state.legal_moves(), prompt_key(state)
        seen.add(key)
        tracks = [m for m in legal if m.startswith("track ")]
        assert key.endswith("_or_move") == any(m.startswith("end ") for m in legal)
        if key.startswith(("ta.prompt.one_more", "ta.prompt.build")):
            assert tracks
        if key.startswith("ta.prompt.end"):
            assert not tracks and "end" in legal
        if key == "ta.prompt.marker":
            assert all(m.startswith("marker ") for m in legal)

    play_random_game("transamerica", 3, 3, {"blocking_markers": True}, check=check)
    assert {"ta.prompt.marker", "ta.prompt.build", "ta.prompt.one_more_or_move"} <= seen


# -- start markers and city names -------------------------------------------------------------------

ON_CITIES = ["marker 7,5", "marker 13,3", "track 7,5,E", "end", "track 13,3,E", "end"]  # Denver, Chicago


def children(root: ElementTree.Element) -> list[str]:
    return [e.get("class") or "" for e in root]


def test_a_start_marker_is_a_flag_on_a_pole_nothing_like_a_city() -> None:
    state = state_after(2, ON_CITIES)
    root = parse(ta.draw_position(state.view(0), state.legal_moves(), t))
    markers = by_class(root, "marker")
    assert [m.get("data-point") for m in markers] == ["7,5", "13,3"]
    city_shapes = {3, 4, 6}  # triangle, square and diamond, hexagon; the circle is filled
    for marker in markers:
        flag, pole = by_class(marker, "flag"), by_class(marker, "pole")
        assert len(flag) == 1 and len(pole) == 1
        assert len(flag[0].get("points").split()) == 5 and 5 not in city_shapes  # a swallow-tailed flag
        rings = list(marker.iter(NS + "circle"))
        assert rings and all(r.get("fill") == "none" and float(r.get("r")) > ta.CITY_RADIUS for r in rings)
        assert [e.text for e in marker.iter(NS + "text")] == [str(int(marker.get("data-seat")) + 1)]
        assert float(pole[0].get("y2")) < float(pole[0].get("y1"))  # it stands up from its point


def test_city_names_are_drawn_over_everything_but_the_targets() -> None:
    for moves, options in (([*ON_CITIES, "track 8,5,E"], {}), ([], {}),
                           ([*ON_CITIES, "track 8,5,E"], {"blocking_markers": True})):
        state = state_after(2, moves, **options)
        root = parse(ta.draw_position(state.view(state.current_player), state.legal_moves(), t))
        order = children(root)
        names = order.index("city-names")
        for below in ("networks", "tracks", "hands", "markers", "legal-glow", "tracks-left"):
            if below in order:
                assert order.index(below) < names, below
        assert all(c.startswith("targets") for c in order[names + 1:])


def test_a_name_north_of_a_city_with_a_marker_goes_south_of_it() -> None:
    def name_y(root: ElementTree.Element, city: str) -> float:
        return next(float(e.get("y")) for e in root.iter(NS + "text") if e.text == city)

    state = state_after(2, ["marker 11,6"])  # on Kansas City, whose name is north of it
    before = parse(ta.draw_position(state_after(2, []).view(0), [], t))
    after = parse(ta.draw_position(state.view(None), [], t))
    city_y = ta.POINT_XY[(11, 6)][1]
    assert name_y(before, "Kansas City") < city_y < name_y(after, "Kansas City")
    assert name_y(before, "Denver") == name_y(after, "Denver")


# -- the round-end screen ---------------------------------------------------------------------------

def test_networks_of_the_tracks_match_the_engines() -> None:
    def check(state: State, _move: str | None) -> None:
        view = state.view(None)
        tracks = [str(name) for name, _ in view["tracks"]]
        assert ta.networks_of(tracks, view["markers"]) == (view["track_networks"], view["marker_networks"])

    play_random_game("transamerica", 4, 7, {}, check=check)


def test_round_end_board_is_the_round_that_ended_with_the_missing_track_over_it() -> None:
    state = play_random_game("transamerica", 3, 9, {})
    events = [e for e in state.events if e["type"] == "round_scored"]
    assert len(events) >= 2
    final = state.view(None)
    for event in events:
        screen = FACE.interlude(event, final, EN, NAMES)
        assert screen is not None and screen.board is not None
        board = parse(screen.board)
        drawn = [(e.get("data-edge"), int(e.get("data-seat"))) for e in by_class(board, "track")]
        assert drawn == [tuple(x) for x in event["tracks"]] and len(drawn) > 0
        assert [m.get("data-point") for m in by_class(board, "marker")] == \
            [f"{x},{y}" for x, y in event["markers"]]
        assert not any(e.get("data-move") for e in board.iter())
        networks = {int(n.get("data-network")) for n in by_class(board, "network")}
        assert networks == set(ended_round(final, event)["track_networks"])
        overlay = parse(screen.overlay)
        assert overlay.get("viewBox") == board.get("viewBox")
        assert children(overlay)[-2:] == ["city-names", "missing-legend"]
        well_formed(screen.body)
        assert "Bob &lt;b&gt;" in screen.body


# -- the side panel: names, the barrier in words ----------------------------------------------------

def test_side_panel_names_players_and_explains_the_barrier() -> None:
    state = state_after(3, [], visible_cards=False)
    side = FACE.draw_side(state.view(None), EN, NAMES[:3])
    well_formed(side)
    assert "Player 1" not in side and "player 1" not in side
    assert "Ann: 13" in side and "Bob &lt;b&gt;: 13" in side  # the locomotives' titles
    assert "The barrier is at 0." in side and "the game ends after a round’s scoring" in side
    assert "After round 2 only" in side
    french = FACE.draw_side(state.view(None), FR, NAMES[:3])
    assert "La barrière est à 0." in french and "Après la deuxième manche seulement" in french


def test_side_panel_of_visible_cards_names_each_hand_and_says_the_barrier_ends_nothing() -> None:
    state = state_after(3, [], visible_cards=True)
    side = FACE.draw_side(state.view(None), EN, NAMES[:3])
    assert "Ann’s cities" in side and "Bob &lt;b&gt;’s cities" in side
    assert "the barrier never moves and ends nothing" in side and "(3 rounds)" in side
    assert "Villes à relier par Zoé" in FACE.draw_side(state.view(None), FR, NAMES[:3])


def test_the_barrier_may_move_is_said_only_until_round_2_is_scored() -> None:
    view = dict(state_after(3, []).view(None), history=[[1, 2, 3], [0, 4, 1]], barrier=5)
    side = FACE.draw_side(view, EN, NAMES[:3])
    assert "The barrier is at 5." in side and "After round 2 only" not in side


# -- the game-over breakdown ------------------------------------------------------------------------

def test_breakdown_lists_each_rounds_points_lost_and_the_totals() -> None:
    result = {"scores": [4, -1, 9], "ranks": [2, 3, 1], "winners": [2],
              "breakdown": [{"penalties": [3, 6]}, {"penalties": [10, 4]}, {"penalties": [0, 4]}]}
    view = state_after(3, []).view(None)
    html = FACE.breakdown(result, view, EN, NAMES[:3])
    root = well_formed(html)
    rows = [[cell.text or "".join(cell.itertext()) for cell in row] for row in root.iter("tr")]
    assert rows[1] == ["Round 1", "−3", "−10", "0"]
    assert rows[2] == ["Round 2", "−6", "−4", "−4"]
    assert rows[3] == ["Points lost", "−9", "−14", "−4"]
    assert rows[4][1:] == ["4", "-1", "9"]
    assert 'title="Bob &lt;b&gt;"' in html
    french = FACE.breakdown(result, view, FR, NAMES[:3])
    assert "Manche 2" in french and "Points perdus" in french
    assert FACE.breakdown(dict(result, breakdown=[]), view, EN, NAMES[:3]) == ""


def test_breakdown_of_a_real_game_adds_up_to_the_final_scores() -> None:
    state = play_random_game("transamerica", 4, 12, {})
    result = state.result().to_dict()
    root = well_formed(FACE.breakdown(result, state.view(None), FR, NAMES))
    rows = [["".join(cell.itertext()) for cell in row] for row in root.iter("tr")]
    lost = next(row for row in rows if row[0] == "Points perdus")[1:]
    assert [13 - int(v.replace("−", "") or 0) for v in lost] == result["scores"]


# -- the log: places, never lattice coordinates -----------------------------------------------------

def test_places_read_as_cities_or_from_the_nearest_city() -> None:
    assert place((7, 5), EN) == "Denver"
    assert place((8, 5), EN) == "1 east of Denver"
    assert place((8, 5), FR) == "1 à l’est de Denver"
    assert place((9, 10), FR) == "1 au nord-ouest d’El Paso"
    assert place((10, 10), EN) == "1 north-east of El Paso"
    assert compass((7, 5), (7, 6)) == "SW" and compass((7, 5), (8, 7)) == "S"
    assert steps((7, 5), (8, 7)) == 2 and steps((7, 5), (6, 6)) == 2 and steps((7, 5), (9, 6)) == 2


def test_no_log_line_names_a_lattice_coordinate() -> None:
    for x, y in BOARD.points:
        assert not re.search(r"\d,\d", place((x, y), EN)) and not re.search(r"\d,\d", place((x, y), FR))
    state = play_random_game("transamerica", 3, 4, {"blocking_markers": True})
    kinds = set()
    for event in state.events:
        line = log_line(event, EN, NAMES[:3], LOG)
        if line and event["type"] in ("marker_placed", "marker_moved", "track_placed"):
            kinds.add(event["type"])
            assert not re.search(r"\d+,\d+", line), line
    assert kinds == {"marker_placed", "marker_moved", "track_placed"}


def test_log_lines_name_places_in_both_languages() -> None:
    marker = {"type": "marker_moved", "player": 0, "point": [8, 5]}
    assert log_line(marker, EN, NAMES, LOG) == "Ann moves the start marker to intersection 1 east of Denver."
    assert log_line(marker, FR, NAMES, LOG) == \
        "Ann déplace son pion de départ sur l’intersection 1 à l’est de Denver."
    track = {"type": "track_placed", "player": 2, "edge": "7,5,E", "cost": 1}
    assert log_line(track, EN, NAMES, LOG) == "Zoé lays a track: Denver → 1 east of Denver."
    on_city = {"type": "marker_placed", "player": 1, "point": [7, 5]}
    assert log_line(on_city, EN, NAMES, LOG) == "Bob <b> places a start marker at Denver."


# -- the board in words: players by name, places as the log names them ------------------------------

DRAWN_NAMES = ["Ada", "Basile <b>", "Chloé"]
SEAT_WORDING = re.compile(r"\b(player|joueur) ?\d", re.IGNORECASE)
COORDINATES = re.compile(r"\d+,\d+")


def words(root: ElementTree.Element) -> list[str]:
    """What a screen reader hears of a layer: its title and text alternative, and each target's label."""
    said = [e.text or "" for e in root.iter() if e.tag in (NS + "title", NS + "desc")]
    return said + [e.get("aria-label") or "" for e in root.iter() if e.get("aria-label")]


def test_the_board_names_players_by_name_in_both_languages() -> None:
    # Ada on Denver, Basile (the viewer, to move) and Chloé without a marker yet.
    state = state_after(3, ["marker 7,5"])
    for tr, you, building in ((EN, "You are Basile <b>.", "Basile <b> places a start marker."),
                              (FR, "Vous êtes Basile <b>.", "Basile <b> pose son pion de départ.")):
        svg = ta.draw_position(state.view(1), state.legal_moves(), tr, DRAWN_NAMES)
        assert "Basile &lt;b&gt;" in svg and "Basile <b>" not in svg  # escaped in the markup
        text = parse(svg).find(NS + "desc")
        assert text is not None and text.text == ta.describe(state.view(1), tr, DRAWN_NAMES)
        assert you in text.text and building in text.text and "Ada" in text.text and "Chloé" in text.text
        assert not any(SEAT_WORDING.search(said) for said in words(parse(svg)))
    assert "Ada’s marker: Denver." in ta.describe(state.view(1), EN, DRAWN_NAMES)
    assert "Ada\u00a0: pion de départ sur Denver." in ta.describe(state.view(1), FR, DRAWN_NAMES)
    state.apply("marker 8,5")
    state.apply("marker 13,3")
    building = ta.describe(state.view(0), EN, DRAWN_NAMES)
    assert "Ada is building." in building
    assert "Basile <b>’s marker: intersection 1 east of Denver." in building
    assert "Scores: Ada: 13, Basile <b>: 13, Chloé: 13; barrier at 0." in building


def test_the_round_end_overlay_names_players_by_name() -> None:
    state = play_random_game("transamerica", 3, 9, {})
    event = next(e for e in state.events if e["type"] == "round_scored")
    screen = FACE.interlude(event, state.view(None), EN, DRAWN_NAMES)
    assert screen is not None and screen.board is not None
    for layer in (screen.overlay, screen.board):
        said = " ".join(words(parse(layer)))
        assert all(name in said for name in DRAWN_NAMES) and not SEAT_WORDING.search(said), said
    assert "Basile &lt;b&gt;" in screen.overlay


def test_no_label_or_description_names_a_lattice_coordinate() -> None:
    kinds: set[str] = set()

    def check(state: State, _move: str | None) -> None:
        seat = state.current_player
        legal = state.legal_moves() if seat is not None else []
        kinds.update(move.split(" ")[0] + ("_at" if move.startswith("end ") else "") for move in legal)
        for tr in (EN, FR):
            for said in words(parse(ta.draw_position(state.view(seat), legal, tr, DRAWN_NAMES))):
                assert not COORDINATES.search(said), said

    play_random_game("transamerica", 3, 4, {"blocking_markers": True}, check=check)
    assert {"marker", "track", "end", "end_at"} <= kinds
    start = state_after(2, [])
    labels = words(parse(ta.draw_position(start.view(0), start.legal_moves(), EN)))
    assert "Place your start marker at the intersection 1 east of Denver" in labels
    assert "Place your start marker on Denver" in labels
    laying = state_after(2, ["marker 8,7", "marker 10,7"])
    labels = words(parse(ta.draw_position(laying.view(0), laying.legal_moves(), EN)))
    assert "Lay a track from 1 north-east of Santa Fe to Santa Fe" in labels
    double = ("Lay a double track (mountain or river) from 1 north-west of Santa Fe "
              "to 1 north-east of Santa Fe")
    assert double in labels
    french = words(parse(ta.draw_position(laying.view(0), laying.legal_moves(), FR)))
    assert "Poser un tronçon entre 1 au nord-est de Santa Fe et 1 à l’est de Santa Fe" in french


# -- a track laid grows into place ------------------------------------------------------------------

def laid(moves: list[str], move: str) -> tuple[list[str], dict[str, Any]]:
    """The frames of `move` played after `moves` (two players, seen by the player to move), and the
    view before it."""
    state = state_after(2, moves)
    seat = state.current_player
    before, count = state.view(seat), len(state.events)
    state.apply(move)
    return FACE.frames(before, state.view(seat), state.events[count:], EN, DRAWN_NAMES[:2]), before


def growth(frame: str) -> tuple[tuple[float, float], tuple[float, float]]:
    root = parse(frame)
    assert not any(e.get("data-move") for e in root.iter())  # a picture between moves: nothing to play
    lines = by_class(root, "growing-track")
    assert len(lines) == 1 and lines[0].get("stroke") == ta.INK  # the colour of the track pieces
    x1, y1, x2, y2 = (float(v) for v in re.findall(r"-?[\d.]+", lines[0].get("d") or ""))
    return (x1, y1), (x2, y2)


def test_a_track_laid_grows_from_the_network_over_the_position_before() -> None:
    assert FACE.animated
    # Ada's marker is at 8,7: the track 7,7,E grows from its east end, the one her network reaches.
    frames, before = laid(["marker 8,7", "marker 10,7"], "track 7,7,E")
    assert len(frames) == len(ta.GROWTH_SHARES) == 2
    piece = ta.EDGES["7,7,E"].piece
    full = math.dist(*piece)
    lengths = []
    for frame, share in zip(frames, ta.GROWTH_SHARES, strict=True):
        start, end = growth(frame)
        assert start == piece[1]  # the east end of the piece, at Ada's marker
        lengths.append(math.dist(start, end))
        assert math.isclose(lengths[-1], full * share, abs_tol=0.2)
        drawn = [(e.get("data-edge"), int(e.get("data-seat") or -1)) for e in by_class(parse(frame), "track")]
        assert drawn == [tuple(x) for x in before["tracks"]]  # over the position before the move
    assert lengths == sorted(lengths)
    # Laid westward from its west end, the same kind of track grows the other way.
    start, _ = growth(laid(["marker 7,7", "marker 10,7"], "track 7,7,E")[0][0])
    assert start == piece[0]


def test_only_a_track_laid_is_animated() -> None:
    assert laid([], "marker 8,7")[0] == []
    assert laid(["marker 8,7", "marker 10,7", "track 8,7,E"], "end")[0] == []
    moved = ["marker 8,7", "marker 10,7", "track 8,7,E"]
    assert "end 9,7" in state_after(2, moved, blocking_markers=True).legal_moves()
    state = state_after(2, moved, blocking_markers=True)
    before, count = state.view(0), len(state.events)
    state.apply("end 9,7")  # variant 2: the marker moves at the end of the turn
    assert FACE.frames(before, state.view(0), state.events[count:], EN) == []
    view = state_after(2, START).view(0)  # a pass is rare in play: its events as the engine emits them
    assert FACE.frames(view, view, [{"type": "passed", "player": 0}, {"type": "turn_ended", "player": 0}],
                       EN) == []


# -- projector mode ---------------------------------------------------------------------------------

CSS = (Path(__file__).resolve().parents[2] / "styles/transamerica.css").read_text(encoding="utf-8")
PROJECTOR_BOARD_PX = 1320  # the board box's width in projector mode at 1920x1080 (the board fits it)
PANEL_PX = 520  # the projector panel at 1920 px: 23rem of 1.2vw (23 px), less its padding


def projector_size(selector: str) -> float:
    rules = re.findall(r"([^{}]+)\{([^}]*)\}", CSS)
    sizes = [float(m[1]) for head, body in rules if 'data-display="projector"' in head and selector in head
             for m in [re.search(r"font-size:\s*([\d.]+)px", body)] if m]
    assert sizes, selector
    return sizes[0]


@pytest.mark.parametrize("selector", [".board-position .city-names", ".board-missing .city-names",
                                      ".board-position .tracks-left", ".board-position .legal.button text",
                                      ".board-missing .missing-legend"])
def test_projector_board_labels_are_at_least_20_css_px(selector: str) -> None:
    scale = min(PROJECTOR_BOARD_PX / ta.WIDTH, 990 / ta.HEIGHT)
    assert projector_size(selector) * scale >= 20


def test_projector_score_numbers_are_at_least_20_css_px_down_to_minus_4() -> None:
    view = {"players": 3, "scores": [13, -4, 5], "barrier": 2, "options": {}}
    strip = parse(ta.draw_score_track(view, t, NAMES[:3]))
    width = float(strip.get("viewBox").split()[2])
    assert projector_size(".score-strip .score-numbers") * PANEL_PX / width >= 20
    assert projector_size(".score-strip .score-numbers") < ta.SPACE_WIDTH  # and fits its space
