"""The TransAmerica board as SVG: pure functions from the engine's view to SVG strings.

The board is layers with one viewBox: `draw_map` (land, lattice and cities, drawn once per game),
`draw_position` (track, networks, markers and the playable moves, redrawn after every move; and
`draw_growth`, its frames of a track being laid) and `draw_missing_track`, the track each player
lacks (`draw_missing` at the round's end; the table's overlay in play, `overlay.py`). Beside the board:
`draw_score_track` and `draw_hand`; `describe` is the position's text alternative. Every word
goes through the translation function `t`; city names are proper names and stay as printed, and
places are named as the log names them (`log.place`), never by lattice coordinates.

The position layer is redrawn on every click, so it is kept lean: styling sits on a few groups
and in `styles/board.css`, what many pieces share (network halos, highlights) is one path,
and pieces that look the same in every position (a track on an edge, a move's target) are built
once and reused (`svg.Frozen`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from math import hypot, sqrt
from typing import Any, NamedTuple

from games.transamerica.board import BOARD, COLOURS, Board, Point
from games.transamerica.network import Network
from games.transamerica.scoring import START_SCORE
from games.transamerica.view import TrackEntry, TransAmericaView
from ui import svg
from ui.games.face import typed_pair
from ui.games.transamerica.log import place
from ui.games.transamerica.usa_outline import (
    CANADA,
    GREAT_LAKES,
    MEXICO,
    NORTH_BORDER,
    RIVERS,
    SOUTH_BORDER,
    USA,
    project,
)
from ui.i18n import Translate
from ui.palette import HIGHLIGHT, INK, MUTED, PAPER, WHITE, seat_style
from ui.seats import seat_label

XY = tuple[float, float]
Segment = tuple[XY, XY]

UNIT = 60.0  # one edge of the lattice, in viewBox units
ROW = UNIT * sqrt(3) / 2
# Sea around the lattice, in edges: room for names, and for buttons and legends in the corners.
MARGIN_WEST, MARGIN_EAST, MARGIN_NORTH, MARGIN_SOUTH = 1.6, 1.5, 0.9, 0.8

U_MIN = min(x - y / 2 for x, y in BOARD.points)
U_MAX = max(x - y / 2 for x, y in BOARD.points)
_ORIGIN = ((MARGIN_WEST - U_MIN) * UNIT, MARGIN_NORTH * UNIT)
WIDTH = round((U_MAX - U_MIN + MARGIN_WEST + MARGIN_EAST) * UNIT)
HEIGHT = round(12 * ROW + (MARGIN_NORTH + MARGIN_SOUTH) * UNIT)
VIEW_BOX = (0.0, 0.0, float(WIDTH), float(HEIGHT))

SEA = "#cfe4ef"
LAND = "#f1e7cc"
NEIGHBOUR_LAND = "#f8f5ec"
COAST = "#7d9fb3"
RIVER = "#8fb8d0"
LATTICE = "#8b7b62"
DANGER = "#f3c9bd"  # score spaces at or below the barrier
BARRIER_RED = "#c62828"
NETWORK_TINTS = ("#77aadd", "#ee8866", "#44bb99", "#ffaabb", "#bbcc33", "#eedd88")  # Paul Tol "light"
MISSING_DASHES = ("10 5", "3 4", "12 4 3 4", "7 7", "2 3 8 3", "14 3")  # per seat, beside its colour

CITY_RADIUS = 0.17 * UNIT
RING_RADIUS = 0.34 * UNIT
TRACK_WIDTH = svg.r1(0.11 * UNIT)


@dataclass(frozen=True)
class Region:
    """A city colour: its fill on the board and a shape, so colour is never the only cue."""

    fill: str
    shape: str


REGIONS: dict[str, Region] = {
    "green": Region("#3a9d4a", "triangle"),
    "blue": Region("#2a6fca", "square"),
    "yellow": Region("#f2c417", "circle"),
    "red": Region("#d8413a", "diamond"),
    "orange": Region("#f08a24", "hexagon"),
}

# Where each city's name sits, as a compass side of the city (east when not listed); chosen by
# eye so that names keep clear of each other, of the lakes and of the edges of the picture.
LABEL_SIDES: dict[str, str] = {
    "San Francisco": "S", "Los Angeles": "W", "San Diego": "W", "Duluth": "N",
    "Minneapolis": "S", "Chicago": "S", "Buffalo": "N", "Cincinnati": "N", "Salt Lake City": "N",
    "Denver": "S",
    "Kansas City": "N", "Santa Fe": "N", "Oklahoma City": "S", "El Paso": "S", "Houston": "S",
    "New Orleans": "S", "Atlanta": "S", "Boston": "N", "Winston": "W", "Jacksonville": "S",
}
# side -> (dx, dy) in edges, text-anchor
_SIDES: dict[str, tuple[float, float, str]] = {
    "E": (0.27, 0.0, "start"), "W": (-0.27, 0.0, "end"), "N": (0.0, -0.34, "middle"),
    "S": (0.0, 0.36, "middle"),
}


def lattice_xy(u: float, y: float) -> XY:
    """Screen position of lattice coordinates (u = x - y/2 edges east, y rows south)."""
    return svg.r1(u * UNIT + _ORIGIN[0]), svg.r1(y * ROW + _ORIGIN[1])


def _screen(point: Point) -> XY:
    px, py = Board.screen(point, UNIT)
    return svg.r1(px + _ORIGIN[0]), svg.r1(py + _ORIGIN[1])


POINT_XY: dict[Point, XY] = {p: _screen(p) for p in BOARD.points}


def _part(segment: Segment, start: float, end: float) -> Segment:
    """The stretch of a segment between two fractions of its length."""
    (ax, ay), (bx, by) = segment
    return ((svg.r1(ax + (bx - ax) * start), svg.r1(ay + (by - ay) * start)),
            (svg.r1(ax + (bx - ax) * end), svg.r1(ay + (by - ay) * end)))


def _offset(segment: Segment, shift: float) -> Segment:
    """The segment moved sideways by `shift`, to its left going from its first end."""
    (ax, ay), (bx, by) = segment
    length = hypot(bx - ax, by - ay)
    nx, ny = (ay - by) / length * shift, (bx - ax) / length * shift
    return (svg.r1(ax + nx), svg.r1(ay + ny)), (svg.r1(bx + nx), svg.r1(by + ny))


def _d(segment: Segment) -> str:
    (ax, ay), (bx, by) = segment
    return f"M{ax:g} {ay:g}L{bx:g} {by:g}"


@dataclass(frozen=True)
class EdgeShape:
    """Where an edge's pieces go on screen, worked out once: redrawing only looks them up."""

    line: Segment  # intersection to intersection
    piece: Segment  # a wooden track piece lying on it
    target: Segment  # its tap target, clear of the intersections where edges crowd
    d: str  # `line` as path data
    piece_d: str  # `piece` as path data
    target_d: str  # `target` as path data
    tap: tuple[tuple[float, float], ...]  # a slim diamond around `target`: an area, not a hairline


def _tap_area(segment: Segment, half_width: float) -> tuple[tuple[float, float], ...]:
    """A diamond around the segment: a tap near the edge's middle hits it, and, unlike a stroked
    line, the area has a real bounding box whatever the edge's direction."""
    (ax, ay), (bx, by) = segment
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    nx, ny = (ay - by) / length * half_width, (bx - ax) / length * half_width
    mx, my = (ax + bx) / 2, (ay + by) / 2
    corners = ((ax, ay), (mx + nx, my + ny), (bx, by), (mx - nx, my - ny))
    return tuple((svg.r1(x), svg.r1(y)) for x, y in corners)


def _edge_shape(line: Segment) -> EdgeShape:
    piece, target = _part(line, 0.12, 0.88), _part(line, 0.2, 0.8)
    return EdgeShape(line, piece, target, _d(line), _d(piece), _d(target), _tap_area(target, 0.3 * UNIT))


EDGES: dict[str, EdgeShape] = {e.name: _edge_shape((POINT_XY[e.a], POINT_XY[e.b])) for e in BOARD.edges}


def _point(text: str) -> Point:
    x, y = text.split(",")
    return int(x), int(y)


@cache
def _outline(places: tuple[tuple[float, float], ...]) -> tuple[XY, ...]:
    """An outline on screen; projected once, as the map and every card's thumbnail reuse it."""
    return tuple(lattice_xy(*project(lon, lat)) for lon, lat in places)


# -- the static map ---------------------------------------------------------------------------

def draw_map(t: Translate) -> str:
    """The land, the lattice (double edges as two lines) and the 35 cities: drawn once per game."""
    dwg = svg.drawing(VIEW_BOX, t("ta.map.title"), t("ta.map.desc"), "board-map")
    dwg.add(dwg.rect((0, 0), (WIDTH, HEIGHT), fill=SEA))
    land = dwg.g(class_="land", stroke=COAST, **{"stroke-width": 1.5, "stroke-linejoin": "round"})
    for places in (CANADA, MEXICO):
        land.add(dwg.polygon(_outline(places), fill=NEIGHBOUR_LAND))
    land.add(dwg.polygon(_outline(USA), fill=LAND, class_="usa"))
    for lake in GREAT_LAKES:
        land.add(dwg.polygon(_outline(lake), fill=SEA))
    dwg.add(land)
    rivers = dwg.g(class_="rivers", fill="none", stroke=RIVER,
                   **{"stroke-width": 2, "stroke-linejoin": "round"})
    for river in RIVERS:
        rivers.add(dwg.polyline(_outline(river)))
    dwg.add(rivers)
    borders = dwg.g(class_="borders", fill="none", stroke=MUTED,
                    **{"stroke-width": 1.2, "stroke-dasharray": "6 4"})
    for border in (NORTH_BORDER, SOUTH_BORDER):
        borders.add(dwg.polyline(_outline(border)))
    dwg.add(borders)
    dwg.add(_lattice(dwg))
    dwg.add(_cities(dwg))
    return svg.render(dwg)


def _lattice(dwg: Any) -> Any:
    """Plain edges as one path; each double edge its own pair of parallel lines; a dot per point."""
    lattice = dwg.g(class_="lattice", fill="none", stroke=LATTICE, **{"stroke-linecap": "round"})
    plain = "".join(EDGES[e.name].d for e in BOARD.edges if e.cost == 1)
    lattice.add(dwg.path(d=plain, class_="plain", **{"stroke-width": 1.3}))
    doubles = dwg.g(class_="doubles", **{"stroke-width": 1.3})
    gap = 0.045 * UNIT
    for edge in BOARD.edges:
        if edge.cost == 2:
            span = _part(EDGES[edge.name].line, 0.08, 0.92)
            doubles.add(dwg.path(d=_d(_offset(span, gap)) + _d(_offset(span, -gap)), class_="double",
                                 **{"data-edge": edge.name}))
    lattice.add(doubles)
    dots = "".join(f"M{x:g} {y:g}h0" for x, y in POINT_XY.values())
    lattice.add(dwg.path(d=dots, class_="intersections", **{"stroke-width": 5.5}))
    return lattice


def _cities(dwg: Any) -> Any:
    """Each city in its region's colour and shape, dashed cities ringed with a dashed line. Their
    names are drawn on the position layer, over everything a position puts on the board."""
    cities = dwg.g(class_="cities")
    for city in BOARD.cities:
        centre = POINT_XY[city.point]
        region = REGIONS[city.colour]
        group = dwg.g(class_="city", **{"data-city": city.name})
        if city.dashed:
            group.add(dwg.circle(centre, r=svg.r1(CITY_RADIUS * 1.75), fill="none", stroke=INK,
                                 class_="dashed", **{"stroke-width": 1.3, "stroke-dasharray": "3 3"}))
        group.add(svg.shape(dwg, region.shape, centre, CITY_RADIUS, fill=region.fill, stroke=INK,
                            **{"stroke-width": 1.6}))
        cities.add(group)
    return cities


def city_names(markers: Sequence[Sequence[int] | None] = ()) -> svg.Frozen:
    """The 35 names, haloed in paper: drawn last on every layer that may cover a city (markers,
    rings, glows, track), so that no name is ever hidden. A name north of a city holding a marker
    goes south of it, so that the marker's flag is not hidden either (south is clear of other
    names for every such city)."""
    flagged = frozenset(BOARD.city_at[p].name for p in
                        (BOARD.point_index[(m[0], m[1])] for m in markers if m is not None)
                        if p in BOARD.city_at and LABEL_SIDES.get(BOARD.city_at[p].name) == "N")
    return _city_names(flagged)


@lru_cache(maxsize=64)
def _city_names(flagged: frozenset[str]) -> svg.Frozen:
    """Proper names: the same in every language, built once per set of names moved south."""
    names = svg.ELEMENTS.g(class_="city-names", fill=INK, stroke=PAPER, **{
        "stroke-width": 4, "stroke-linejoin": "round", "paint-order": "stroke",
        "font-size": round(0.24 * UNIT), "font-weight": "600"})
    for city in BOARD.cities:
        x, y = POINT_XY[city.point]
        dx, dy, anchor = _SIDES["S" if city.name in flagged else LABEL_SIDES.get(city.name, "E")]
        names.add(svg.ELEMENTS.text(city.name, insert=(svg.r1(x + dx * UNIT), svg.r1(y + dy * UNIT)),
                                    dy=["0.35em"], **{"text-anchor": anchor}))
    return svg.Frozen(names)


# -- the position --------------------------------------------------------------------------

def draw_position(view: TransAmericaView, legal: Sequence[str], t: Translate,
                  names: Sequence[str] = ()) -> str:
    """Track by network, this turn's track, markers, the known hands and the playable moves."""
    return _position(view, legal, t, names)


# The shares of its length a track being laid is drawn at, one frame each, before the new position.
GROWTH_SHARES = (1 / 3, 2 / 3)


def draw_growth(view: TransAmericaView, edge: str, player: int, share: float, t: Translate,
                names: Sequence[str] = ()) -> str:
    """A frame of `player` laying the track on `edge` over `view` (the position before): the piece
    drawn up to `share` of its length, growing out of the player's network."""
    piece = EDGES[edge].piece
    if _start(view, edge, player) != BOARD.edges[BOARD.edge_index[edge]].a:
        piece = (piece[1], piece[0])
    return _position(view, (), t, names, _part(piece, 0.0, share))


def _start(view: TransAmericaView, edge: str, player: int) -> Point:
    """The end of `edge` a new track grows from: the one `player`'s network already reaches."""
    here = BOARD.edges[BOARD.edge_index[edge]]
    marker = view["markers"][player]
    network = view["marker_networks"][player]
    reached = {(marker[0], marker[1])} if marker is not None else set()
    for entry, label in zip(view["tracks"], view["track_networks"], strict=True):
        if label == network:
            built = BOARD.edges[BOARD.edge_index[_track_entry(entry)[0]]]
            reached |= {built.a, built.b}
    return here.b if here.b in reached and here.a not in reached else here.a


def _position(view: TransAmericaView, legal: Sequence[str], t: Translate, names: Sequence[str],
              growing: Segment | None = None) -> str:
    """The position layer; `growing`, the part of a track being laid (a frame), drawn over the track."""
    dwg = svg.drawing(VIEW_BOX, t("ta.position.title"), describe(view, t, names), "board-position",
                      interactive=True)
    by_network: dict[int, list[str]] = {}
    for entry, network in zip(view["tracks"], view["track_networks"], strict=True):
        by_network.setdefault(network, []).append(_track_entry(entry)[0])
    halos = dwg.g(class_="networks", fill="none", **{"stroke-width": svg.r1(0.4 * UNIT),
                                                      "stroke-linecap": "round", "stroke-opacity": 0.55})
    for network, edges in sorted(by_network.items()):
        halos.add(dwg.path(d="".join(EDGES[n].d for n in edges), class_="network",
                           stroke=NETWORK_TINTS[network % len(NETWORK_TINTS)], **{"data-network": network}))
    dwg.add(halos)
    # This turn's track (still undoable) is cased in white with a golden stripe: it must not be
    # mistaken for the yellow glow of the moves still open.
    placed = "".join(EDGES[n].piece_d for n in view["turn"]["placed"])
    if placed:
        dwg.add(dwg.path(d=placed, class_="placed-casing", fill="none", stroke=WHITE,
                         **{"stroke-width": svg.r1(0.22 * UNIT), "stroke-linecap": "round"}))
    dwg.add(_tracks(dwg, view["tracks"]))
    if placed:
        dwg.add(dwg.path(d=placed, class_="placed", fill="none", stroke=HIGHLIGHT,
                         **{"stroke-width": svg.r1(0.045 * UNIT), "stroke-linecap": "round"}))
    if growing is not None:
        # Cased in white like this turn's track, which it becomes once laid.
        grow = dwg.g(class_="growing", fill="none", **{"stroke-linecap": "round"})
        grow.add(dwg.path(d=_d(growing), stroke=WHITE, **{"stroke-width": svg.r1(0.22 * UNIT)}))
        grow.add(dwg.path(d=_d(growing), class_="growing-track", stroke=INK, **{"stroke-width": TRACK_WIDTH}))
        dwg.add(grow)
    dwg.add(_known_hands(dwg, view))
    targets = _add_targets(dwg, legal, t)  # their glows under the markers, the targets over all
    dwg.add(_markers(dwg, view["markers"]))
    if view["phase"] != "over":
        dwg.add(dwg.text(t("ta.tracks_left", count=view["tracks_left"]), class_="tracks-left",
                         insert=lattice_xy(U_MAX + MARGIN_EAST - 0.2, 12.0), fill=INK,
                         **{"text-anchor": "end", "font-size": round(0.26 * UNIT)}))
    dwg.add(city_names(view["markers"]))
    for group in targets:
        dwg.add(group)
    return svg.render(dwg)


def networks_of(tracks: Sequence[str], markers: Sequence[Sequence[int] | None]) -> tuple[
        list[int], list[int | None]]:
    """The network labels of a view's `track_networks` and `marker_networks` for these tracks
    (edge names) and markers: labels 0, 1, ... in order of the tracks' first appearance."""
    network = Network()
    for name in tracks:
        network.join(BOARD.edge_index[name])
    group = network.group
    ids: dict[int, int] = {}
    track_networks = [ids.setdefault(group[BOARD.edge_ends[BOARD.edge_index[name]][0]], len(ids))
                      for name in tracks]
    marker_networks = [None if m is None else ids.get(group[BOARD.point_index[(m[0], m[1])]])
                       for m in markers]
    return track_networks, marker_networks


def _track_entry(entry: TrackEntry) -> tuple[str, int]:
    """A built track of the view, `[edge name, seat of its builder]`, as a typed pair."""
    return typed_pair(entry, str, int)


def _tracks(dwg: Any, tracks: Sequence[TrackEntry]) -> Any:
    pieces = dwg.g(class_="tracks", stroke=INK, **{"stroke-width": TRACK_WIDTH, "stroke-linecap": "round"})
    for entry in tracks:
        pieces.add(_track_piece(*_track_entry(entry)))
    return pieces


@lru_cache(maxsize=4096)
def _track_piece(name: str, builder: int) -> svg.Frozen:
    return svg.Frozen(svg.ELEMENTS.line(*EDGES[name].piece, class_="track",
                                        **{"data-edge": name, "data-seat": builder}))


def _markers(dwg: Any, markers: Sequence[Sequence[int] | None]) -> Any:
    group = dwg.g(class_="markers")
    for seat, point in enumerate(markers):
        if point is not None:
            group.add(_marker(seat, (point[0], point[1])))
    return group


@lru_cache(maxsize=1024)
def _marker(seat: int, point: Point) -> svg.Frozen:
    """A start marker: a flag in the seat's colour and number, on a pole standing in a ring round its
    intersection. Nothing like a city's shape, and the ring leaves a city under it in sight."""
    x, y = POINT_XY[point]
    style = seat_style(seat)
    foot, top, bottom, fly = y - 0.2 * UNIT, y - 0.68 * UNIT, y - 0.3 * UNIT, x + 0.5 * UNIT
    flag = svg.ELEMENTS.g(class_="marker", **{"data-seat": seat, "data-point": f"{point[0]},{point[1]}"})
    ring = {"r": svg.r1(0.2 * UNIT), "fill": "none"}
    flag.add(svg.ELEMENTS.circle((x, y), stroke=WHITE, **ring, **{"stroke-width": 5}))
    flag.add(svg.ELEMENTS.circle((x, y), stroke=INK, **ring, **{"stroke-width": 2.5}))
    flag.add(svg.ELEMENTS.line((x, svg.r1(foot)), (x, svg.r1(top)), stroke=INK, class_="pole",
                               **{"stroke-width": 3.5, "stroke-linecap": "round"}))
    notch = (svg.r1(fly - 0.1 * UNIT), svg.r1((top + bottom) / 2))
    flag.add(svg.ELEMENTS.polygon([(x, svg.r1(top)), (svg.r1(fly), svg.r1(top)), notch,
                                   (svg.r1(fly), svg.r1(bottom)), (x, svg.r1(bottom))],
                                  fill=style.colour, stroke=INK, class_="flag",
                                  **{"stroke-width": 1.5, "stroke-linejoin": "round"}))
    flag.add(svg.ELEMENTS.text(str(seat + 1), insert=(svg.r1(x + 0.2 * UNIT), svg.r1((top + bottom) / 2)),
                               dy=["0.35em"], fill=style.ink, class_="seat-number", **{
                                   "font-size": round(0.3 * UNIT), "font-weight": "700",
                                   "text-anchor": "middle"}))
    return svg.Frozen(flag)


def _known_hands(dwg: Any, view: TransAmericaView) -> Any:
    """Ring every city whose owner the viewer knows, in the owner's colour: the own hand bold, the
    others' (variant 1) thinner and tagged with the owner's token, so colour is not the only cue."""
    rings = dwg.g(class_="hands", fill="none")
    for seat, names in enumerate(view["cities"]):
        if not names:
            continue
        own = seat == view["seat"]
        group = dwg.g(class_="own-cities" if own else "cities-of", stroke=seat_style(seat).colour,
                      **{"data-seat": seat, "stroke-width": 4.5 if own else 2.5})
        radius = RING_RADIUS if own else RING_RADIUS * 1.22
        for name in names:
            x, y = POINT_XY[BOARD.city_by_name[name].point]
            group.add(dwg.circle((x, y), r=svg.r1(radius), **{"data-city": name}))
            if not own:
                tag = (x - radius * 0.7, y - radius * 0.7)
                group.add(svg.seat_token(dwg, seat, tag, 0.12 * UNIT, class_="owner",
                                         **{"stroke-width": 1.2}))
        rings.add(group)
    return rings


def _add_targets(dwg: Any, legal: Sequence[str], t: Translate) -> list[Any]:
    """Each legal move as a focusable target: a track on its edge, a marker on its intersection,
    "end" and "pass" as buttons (first, so the keyboard reaches them first).

    A yellow glow shows them all, one path per kind of move (`_GLOWS`), added here; the targets
    themselves are transparent and light up on hover and focus (board.css): they are returned, to
    be added over the city names.
    """
    glows: dict[str, list[str]] = {kind: [] for kind in _GLOWS}
    buttons = dwg.g(class_="targets buttons")
    edges = dwg.g(class_="targets edges", fill=INK, **{"fill-opacity": 0, "pointer-events": "all"})
    points = dwg.g(class_="targets points", fill=INK, **{"fill-opacity": 0, "pointer-events": "all"})
    ring = svg.r1(0.22 * UNIT)
    for move in legal:
        verb, _, arg = move.partition(" ")
        if verb == "track":
            glows["track"].append(EDGES[arg].target_d)
            edges.add(_edge_target(move, _track_label(arg, t)))
        elif arg:
            point = _point(arg)
            x, y = POINT_XY[point]
            glows[verb].append(f"M{svg.r1(x - ring):g} {y:g}a{ring:g} {ring:g} 0 1 0 {2 * ring:g} 0"
                               f"a{ring:g} {ring:g} 0 1 0 {-2 * ring:g} 0")
            points.add(_point_target(move, _point_label(verb, point, t)))
        else:
            buttons.add(_button(dwg, move, t(f"ta.{verb}"), len(buttons.elements)))
    for kind, glow in glows.items():
        if glow:
            dwg.add(dwg.path(d="".join(glow), class_="legal-glow", fill="none", stroke=HIGHLIGHT,
                             **_GLOWS[kind]))
    return [group for group in (buttons, edges, points) if group.elements]


# How each kind of move glows: a band on a track's edge, a ring where a marker may go, and a
# dashed ring where the marker may move at the end of the turn (variant 2).
_GLOWS: dict[str, dict[str, Any]] = {
    "track": {"stroke-width": svg.r1(0.12 * UNIT), "stroke-linecap": "round"},
    "marker": {"stroke-width": svg.r1(0.06 * UNIT)},
    "end": {"stroke-width": svg.r1(0.06 * UNIT), "stroke-dasharray": "5 4"},
}


@lru_cache(maxsize=4096)
def _edge_target(move: str, label: str) -> svg.Frozen:
    edge = move.partition(" ")[2]
    return svg.Frozen(svg.target(svg.ELEMENTS.polygon(EDGES[edge].tap), move, label, "edge"))


@lru_cache(maxsize=4096)
def _point_target(move: str, label: str) -> svg.Frozen:
    verb, _, arg = move.partition(" ")
    # A marker may go anywhere, so its targets tile the board; a marker move at the end of a turn
    # shares the board with track targets and stays on the intersection.
    radius = svg.r1((0.42 if verb == "marker" else 0.28) * UNIT)
    return svg.Frozen(svg.target(svg.ELEMENTS.circle(POINT_XY[_point(arg)], r=radius), move, label, "point"))


def _track_label(name: str, t: Translate) -> str:
    edge = BOARD.edges[BOARD.edge_index[name]]
    return t("ta.aria.track_double" if edge.cost == 2 else "ta.aria.track", start=place(edge.a, t),
             end=place(edge.b, t))


def _point_label(verb: str, point: Point, t: Translate) -> str:
    city = BOARD.city_at.get(BOARD.point_index[point])
    if city:
        return t(f"ta.aria.{verb}_city", city=city.name)
    return t(f"ta.aria.{verb}", place=place(point, t))


def _button(dwg: Any, move: str, label: str, slot: int) -> Any:
    """A move that is not on the board ("end", "pass"): a button in the Atlantic, bottom right."""
    width, height = 2.2 * UNIT, 0.62 * UNIT
    right, bottom = lattice_xy(U_MAX + MARGIN_EAST - 0.2, 11.3 - slot * 0.9)
    group = svg.target(dwg.g(), move, label, "button")
    group.add(dwg.rect((svg.r1(right - width), svg.r1(bottom - height)), (svg.r1(width), svg.r1(height)),
                       rx=8, fill=INK, stroke=HIGHLIGHT, **{"stroke-width": 3}))
    group.add(dwg.text(label, insert=(svg.r1(right - width / 2), svg.r1(bottom - height / 2)), dy=["0.35em"],
                       fill=WHITE, **{"text-anchor": "middle", "font-size": round(0.27 * UNIT),
                                      "font-weight": "700"}))
    return group


# -- text alternative ----------------------------------------------------------------------

def describe(view: TransAmericaView, t: Translate, names: Sequence[str] = ()) -> str:
    """A short text alternative of the position, for screen readers: players by their names."""
    parts = [t("ta.describe.round", round=view["round"])]
    seat = view["seat"]
    if seat is not None:
        parts.append(t("ta.describe.you", name=seat_label(seat, names, t)))
    current = view["current_player"]
    if view["phase"] == "over":
        parts.append(t("ta.describe.over"))
    elif current is not None:
        parts.append(t(f"ta.describe.phase_{view['phase']}", name=seat_label(current, names, t)))
    parts.append(t("ta.describe.tracks", built=len(view["tracks"]), left=view["tracks_left"]))
    for player, point in enumerate(view["markers"]):
        if point is not None:
            at = (point[0], point[1])
            city = BOARD.city_at.get(BOARD.point_index[at])
            name = seat_label(player, names, t)
            if city:
                parts.append(t("ta.describe.marker_city", name=name, city=city.name))
            else:
                parts.append(t("ta.describe.marker_at", name=name, place=place(at, t)))
    hand = view["cities"][seat] if seat is not None else None
    if hand:
        parts.append(t("ta.describe.cities", cities=", ".join(hand)))
    parts.append(_scores_text(view, t, names))
    return " ".join(parts)


def _scores_text(view: TransAmericaView, t: Translate, names: Sequence[str]) -> str:
    scores = ", ".join(t("ta.score_of", name=seat_label(p, names, t), score=s)
                       for p, s in enumerate(view["scores"]))
    return t("ta.describe.scores", scores=scores, barrier=view["barrier"])


# -- the missing track: the round-end overlay, and the in-play one (`overlay.py`) -----------------

class MissingTrack(NamedTuple):
    """One player's missing track: its exact cost, its edges (names) and the cities it joins."""

    seat: int
    cost: int
    edges: Sequence[str]
    cities: Sequence[str]


def draw_missing(view: TransAmericaView, round_event: Mapping[str, Any], t: Translate,
                 names: Sequence[str] = ()) -> str:
    """The exact track each penalised player lacked as the round ended, and their cities, over the
    board of the round that ended (the face's interlude); a penalty or a tick per player."""
    lines = [MissingTrack(seat, points, round_event["missing"][seat], round_event["cities"][seat])
             for seat, points in enumerate(round_event["penalties"])]
    return draw_missing_track(lines, view["seat"], round_event["markers"],
                              t("ta.missing.title", round=round_event["round"]),
                              _missing_text(round_event, t, names), "board-missing",
                              lambda points: t("ta.missing.points", points=points))


def draw_missing_track(lines: Sequence[MissingTrack], viewer: int | None,
                       markers: Sequence[Sequence[int] | None], title: str, desc: str, layer: str,
                       label: Callable[[int], str]) -> str:
    """Each line's missing track in its player's colour and dash, and their cities ringed; a legend
    row per line with `label(cost)`, or a tick where nothing is missing.

    Where players lack the same edge their lines lie side by side, so none hides another; the
    `viewer`'s own lines are drawn last, over the others'. The city names go on top.
    """
    lacking = [line for line in lines if line.cost > 0]
    dwg = svg.drawing(VIEW_BOX, title, desc, layer)
    width = 0.075 * UNIT
    for k, line in sorted(enumerate(lacking), key=lambda item: item[1].seat == viewer):
        shift = (k - (len(lacking) - 1) / 2) * width * 1.15
        group = dwg.g(class_="missing", fill="none", stroke=seat_style(line.seat).colour, **{
            "data-seat": line.seat, "stroke-width": svg.r1(width),
            "stroke-dasharray": MISSING_DASHES[line.seat % len(MISSING_DASHES)]})
        for name in line.edges:
            group.add(_missing_edge(name, shift))
        for name in line.cities:
            group.add(_missing_city(name))
        dwg.add(group)
    dwg.add(city_names(markers))
    dwg.add(_missing_legend(dwg, lines, label))
    return svg.render(dwg)


# Built once: six hands can lack well over a hundred edges between them at the start of a round.
@lru_cache(maxsize=8192)
def _missing_edge(name: str, shift: float) -> svg.Frozen:
    return svg.Frozen(svg.ELEMENTS.line(*_offset(EDGES[name].line, shift), class_="missing-edge",
                                        **{"data-edge": name}))


@lru_cache(maxsize=64)
def _missing_city(name: str) -> svg.Frozen:
    return svg.Frozen(svg.ELEMENTS.circle(POINT_XY[BOARD.city_by_name[name].point], class_="missing-city",
                                          r=svg.r1(RING_RADIUS), **{"data-city": name}))


def _missing_text(round_event: Mapping[str, Any], t: Translate, names: Sequence[str]) -> str:
    return " ".join(
        t("ta.missing.player", name=seat_label(p, names, t), points=points,
          tracks=len(round_event["missing"][p])) if points
        else t("ta.missing.complete", name=seat_label(p, names, t))
        for p, points in enumerate(round_event["penalties"]))


def _missing_legend(dwg: Any, lines: Sequence[MissingTrack], label: Callable[[int], str]) -> Any:
    """Bottom left, in the Pacific: each line's token, dash and label (a tick when complete)."""
    line_height = 0.38 * UNIT
    left, bottom = lattice_xy(U_MIN - MARGIN_WEST + 0.12, 12.55)
    top = bottom - line_height * len(lines)
    legend = dwg.g(class_="missing-legend", **{"font-size": round(0.25 * UNIT), "font-weight": "700"})
    legend.add(dwg.rect((left, svg.r1(top - 0.12 * UNIT)),
                        (svg.r1(2.25 * UNIT), svg.r1(bottom - top + 0.24 * UNIT)), rx=8,
                        fill=PAPER, stroke=MUTED, **{"fill-opacity": 0.92}))
    for row, line in enumerate(lines):
        y = svg.r1(top + (row + 0.5) * line_height)
        legend.add(svg.seat_token(dwg, line.seat, (left + 0.28 * UNIT, y), 0.14 * UNIT,
                                  **{"stroke-width": 1.5}))
        if line.cost:
            legend.add(dwg.line((svg.r1(left + 0.52 * UNIT), y), (svg.r1(left + 1.3 * UNIT), y),
                                stroke=seat_style(line.seat).colour, **{
                                    "stroke-width": svg.r1(0.075 * UNIT),
                                    "stroke-dasharray": MISSING_DASHES[line.seat % len(MISSING_DASHES)]}))
        legend.add(dwg.text(label(line.cost) if line.cost else "✓",
                            insert=(svg.r1(left + 2.1 * UNIT), y), dy=["0.35em"], fill=INK,
                            **{"text-anchor": "end"}))
    return legend


# -- beside the board ----------------------------------------------------------------------

# Sized for a narrow side panel: tall, narrow spaces keep numbers legible at a third of a screen.
SPACE_WIDTH, SPACE_HEIGHT = 30.0, 40.0
LOCO_RADIUS = 12.0
LOCO_STEP = 21.0  # locomotives on one space stand in a column, each just over the last


def draw_score_track(view: TransAmericaView, t: Translate, names: Sequence[str]) -> str:
    """The score track from 13 (the shed, right) down past 0 as far as the lowest score, each
    locomotive, and the barrier: a bar on the east side of its space, so that every space to its
    west, its own included, is shaded as ending the game (not in variant 1: it ends nothing).
    Each locomotive is titled with its player's name."""
    scores = view["scores"]
    low = min(0, *scores)
    margin = 6.0
    top = margin + 4 + (len(scores) - 1) * LOCO_STEP + 2 * LOCO_RADIUS
    width = (START_SCORE - low + 1) * SPACE_WIDTH + 2 * margin
    height = top + SPACE_HEIGHT + 22 + margin
    barrier = None if view["options"].get("visible_cards") else view["barrier"]
    standings = t("list.separator").join(t("ta.score_of", name=names[seat], score=score)
                                         for seat, score in enumerate(scores))
    desc = t("ta.describe.scores", scores=standings, barrier=view["barrier"])
    dwg = svg.drawing((0, 0, width, height), t("ta.score_track.title"), desc, "score-strip")

    def left(score: int) -> float:
        return margin + (score - low) * SPACE_WIDTH

    spaces = dwg.g(class_="spaces", stroke=LATTICE, **{"stroke-width": 1.2})
    numbers = dwg.g(class_="score-numbers", fill=INK, **{"text-anchor": "middle", "font-size": 16,
                                                          "font-weight": "600"})
    for score in range(low, START_SCORE + 1):
        danger = barrier is not None and score <= barrier
        spaces.add(dwg.rect((left(score), top), (SPACE_WIDTH, SPACE_HEIGHT), fill=DANGER if danger else LAND,
                            class_="space", **{"data-score": score}))
        numbers.add(dwg.text(str(score), insert=(left(score) + SPACE_WIDTH / 2, top + SPACE_HEIGHT / 2),
                             dy=["0.35em"]))
    shed = left(START_SCORE)
    spaces.add(dwg.polyline([(shed, top + SPACE_HEIGHT), (shed, top), (shed + SPACE_WIDTH / 2, top - 8),
                             (shed + SPACE_WIDTH, top), (shed + SPACE_WIDTH, top + SPACE_HEIGHT)],
                            fill="none", stroke=INK, class_="shed", **{"stroke-width": 2}))
    dwg.add(spaces)
    dwg.add(numbers)
    if barrier is not None:
        x = left(barrier) + SPACE_WIDTH
        group = dwg.g(class_="barrier", **{"data-score": barrier})
        group.add(dwg.rect((x - 4, top - 6), (8, SPACE_HEIGHT + 12), rx=2, fill=INK, stroke=BARRIER_RED,
                           **{"stroke-width": 2}))
        # Under the bar, or from the strip's left end when the bar is too near it for the word.
        near_end = x - margin < 60
        word = {"text-anchor": "start" if near_end else "middle", "font-size": 14, "font-weight": "700"}
        group.add(dwg.text(t("ta.barrier"), insert=(margin if near_end else x, top + SPACE_HEIGHT + 19),
                           fill=BARRIER_RED, **word))
        dwg.add(group)
    locos = dwg.g(class_="locomotives", **{"stroke-width": 1.5})
    crowd: dict[int, int] = {}
    for seat, score in enumerate(scores):
        k = crowd.get(score, 0)
        crowd[score] = k + 1
        centre = (left(score) + SPACE_WIDTH / 2, top - 3 - LOCO_RADIUS - k * LOCO_STEP)
        loco = svg.seat_token(dwg, seat, centre, LOCO_RADIUS, class_="locomotive",
                              **{"data-seat": seat, "data-score": score})
        loco.set_desc(title=t("ta.score_of", name=names[seat], score=score))
        locos.add(loco)
    dwg.add(locos)
    return svg.render(dwg)


# One card per row, so that names stay legible in a narrow side panel.
CARD_WIDTH, CARD_HEIGHT, CARD_GAP, CARD_BAND = 300.0, 52.0, 6.0, 44.0


def draw_hand(cities: Sequence[str], t: Translate) -> str:
    """City cards, west to east: region colour and shape, name, region, and where the city lies."""
    names = sorted(cities, key=lambda name: COLOURS.index(BOARD.city_by_name[name].colour))
    height = max(1, len(names)) * (CARD_HEIGHT + CARD_GAP) - CARD_GAP + 4
    dwg = svg.drawing((0, 0, CARD_WIDTH + 4, height), t("ta.hand.title"),
                      t("ta.hand.desc", cities=", ".join(names)), "city-cards")
    locator = ""
    if names:
        # Hands never share a city, so the id is unique even when every hand is shown.
        locator = f"ta-locator-{BOARD.city_by_name[names[0]].index}"
        thumbnail = dwg.g(id=locator)
        thumbnail.add(_thumbnail_map())
        dwg.defs.add(thumbnail)
    for k, name in enumerate(names):
        dwg.add(_card(dwg, name, 2, 2 + k * (CARD_HEIGHT + CARD_GAP), locator, t))
    return svg.render(dwg)


def _card(dwg: Any, name: str, x: float, y: float, locator: str, t: Translate) -> Any:
    city = BOARD.city_by_name[name]
    region = REGIONS[city.colour]
    card = dwg.g(class_="city-card", **{"data-city": name, "data-colour": city.colour})
    card.add(dwg.rect((x, y), (CARD_WIDTH, CARD_HEIGHT), rx=8, fill=PAPER, stroke=INK,
                      **{"stroke-width": 1.5}))
    bottom = y + CARD_HEIGHT
    band = f"M{x + CARD_BAND} {y}H{x + 8}a8 8 0 0 0 -8 8V{bottom - 8}a8 8 0 0 0 8 8H{x + CARD_BAND}Z"
    card.add(dwg.path(d=band, fill=region.fill, stroke=INK, **{"stroke-width": 1.5}))
    card.add(svg.shape(dwg, region.shape, (x + CARD_BAND / 2, y + CARD_HEIGHT / 2), 10, fill=WHITE,
                       stroke=INK, **{"stroke-width": 1.5}))
    card.add(dwg.text(name, insert=(x + CARD_BAND + 10, y + 23), fill=INK, class_="city-name",
                      **{"font-size": 19, "font-weight": "700"}))
    card.add(dwg.text(t(f"ta.region.{city.colour}"), insert=(x + CARD_BAND + 10, y + 42), fill=MUTED,
                      **{"font-size": 13, "font-weight": "600"}))
    # A thumbnail of the map with the city marked, so a card also says where to build.
    corner = (svg.r1(x + CARD_WIDTH - 5 - THUMB_WIDTH), svg.r1(y + 4))
    card.add(dwg.use(f"#{locator}", insert=corner))
    spot = _thumb(POINT_XY[city.point])
    card.add(dwg.circle((svg.r1(corner[0] + spot[0]), svg.r1(corner[1] + spot[1])), r=4, fill=BARRIER_RED,
                        stroke=WHITE, **{"stroke-width": 1.5}))
    return card


THUMB_WIDTH = (CARD_HEIGHT - 8) * WIDTH / HEIGHT


def _thumb(xy: XY) -> XY:
    scale = THUMB_WIDTH / WIDTH
    return svg.r1(xy[0] * scale), svg.r1(xy[1] * scale)


@cache
def _thumbnail_map() -> svg.Frozen:
    """The map of every card's thumbnail, built once; each hand shows it by reference, once per card."""
    group = svg.ELEMENTS.g(class_="locator", stroke=COAST, **{"stroke-width": 0.6})
    group.add(svg.ELEMENTS.rect((0, 0), (svg.r1(THUMB_WIDTH), svg.r1(HEIGHT * THUMB_WIDTH / WIDTH)), rx=3,
                                fill=SEA, stroke="none"))
    group.add(svg.ELEMENTS.polygon([_thumb(xy) for xy in _outline(USA)], fill=LAND))
    for lake in GREAT_LAKES:
        group.add(svg.ELEMENTS.polygon([_thumb(xy) for xy in _outline(lake)], fill=SEA))
    return svg.Frozen(group)
