"""The Locomotion board as SVG: pure functions from the engine's view to SVG strings.

The board is drawn from its data (`games.locomotion.board_data` and `track`): three concentric lanes
run clockwise around the hub, from the green start squares (just before the south gap) through the
four gaps (south, west, north, east) to the finish squares, with the nine sheds beside them. Every
gap is a fixed arc; a platform is drawn in whichever gap it sits, with its three strands and where
each leads from there (straight, a lane inward or outward, a buffer, off the track).

`draw_map` is what never changes (lanes, squares, gap outlines, start and finish, sheds' frame);
`draw_position` the rest: platforms, locomotives in their owner's colour and shape with a nose
showing their facing, the dice and this turn's slide, the locomotives at home and in sheds, and every
legal board move as a target carrying `data-move`. Each target holds a preview of its move (where
every locomotive it moves ends up, which crashes, which reaches a shed), hidden until the target is
hovered or focused (`styles/locomotion.css`). `draw_frame` draws one moment of a move's
animation on the same building blocks (see `ui.games.locomotion.face`). Every word goes through the
translation function.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import cos, degrees, radians, sin
from typing import Any, NamedTuple
from unicodedata import east_asian_width

from games.locomotion import board_data as data
from games.locomotion.track import LAST_SEGMENT, SQUARE_INDEX, SQUARES
from games.locomotion.view import LocomotionView, LocoView, PreviewView, SlideView, Step
from ui import svg
from ui.games.face import typed_pair
from ui.i18n import Translate
from ui.palette import HIGHLIGHT, INK, MUTED, PAPER, WHITE, seat_style
from ui.seats import seat_label

Point = tuple[float, float]

WIDTH, HEIGHT = 940.0, 660.0
VIEW_BOX = (0.0, 0.0, WIDTH, HEIGHT)
CX, CY = 330.0, 330.0
LANE_RADII = (192.0, 236.0, 280.0)  # inner lane 0 to outer lane 2
HUB_RADIUS = 150.0
SQUARE = 30.0  # the radial depth of a square
GAP_HALF = 13.5  # degrees each side of a gap's centre
FINISH_END = 62.0  # degrees: where the last segment ends (the finish buffers)
START_ANGLE = 70.5  # degrees: the start squares, just before the south gap
TOKEN = 11.0

BOARD = "#e9dfc6"
HUB = "#5b6b4e"
GROUND = "#6f8560"
TRACK = "#fdf8ea"
START_GREEN = "#3b8f4e"
FINISH_FILL = "#d9d2bf"
CRASH = "#c0392b"
PLATFORM_COLOURS: dict[str, tuple[str, str]] = {  # fill, ink on it
    "blue": ("#2a62b0", WHITE),
    "red": ("#c0392b", WHITE),
    "yellow": ("#e8b923", INK),
}
PLATFORM_TINTS = {"blue": "#cfdcf0", "red": "#f3d3ce", "yellow": "#fbefc6"}

PANEL_X = 648.0  # the right-hand column: dice, home, sheds
DIE = 80.0  # a die's side: about 29 CSS px when a phone shows the whole board 344 px wide
DIE_STEP = 96.0
# The first player's row at home (its top), and the next ones: their name above their locomotives.
HOME_TOP, HOME_STEP = 178.0, 60.0
NAME_ROOM = WIDTH - PANEL_X - 8  # a name runs from the column's edge to the board's
SHED_W, SHED_H, SHED_STEP = 62.0, 38.0, 68.0
SHED_TOP = 476.0  # below four players' rows at home and the pile
HIT = 22.0  # a target's reach around its piece: 44 units, 44 CSS px or more from a 940 px wide board
# Every word and number drawn is at least this big: 20 CSS px and more on a projector's board (1320
# px wide, 1.4 CSS px per unit). A locomotive's seat number is enlarged there by locomotion.css.
TEXT = 15.0


def _font(size: float, weight: str = "700", anchor: str = "middle") -> dict[str, Any]:
    return {"font-size": size, "font-weight": weight, "text-anchor": anchor}


def _polar(radius: float, angle: float) -> Point:
    """A point of the board; angles in degrees grow clockwise on screen, 90 = south (down)."""
    return (svg.r1(CX + radius * cos(radians(angle))), svg.r1(CY + radius * sin(radians(angle))))


def _gap_centre(gap: int) -> float:
    dx, dy = data.GAP_POSITIONS[gap]
    # Board north is up the screen, whose y grows downwards.
    return {(0, -1): 90.0, (-1, 0): 180.0, (0, 1): 270.0, (1, 0): 360.0}[(dx, dy)]


def _segment_span(segment: int) -> tuple[float, float]:
    if segment == LAST_SEGMENT:
        return _gap_centre(segment - 1) + GAP_HALF, 360.0 + FINISH_END
    return _gap_centre(segment - 1) + GAP_HALF, _gap_centre(segment) - GAP_HALF


def _lane_places() -> dict[str, tuple[float, float]]:
    """(radius, angle) of every square off the platforms."""
    places = {}
    for sq in SQUARES:
        if sq.kind == "platform":
            continue
        if sq.segment == 0:
            places[sq.name] = (LANE_RADII[sq.lane], START_ANGLE)
            continue
        first, last = _segment_span(sq.segment)
        count = data.SEGMENTS[sq.segment][sq.lane]
        places[sq.name] = (LANE_RADII[sq.lane], first + (sq.step + 0.5) * (last - first) / count)
    return places


LANE_PLACES = _lane_places()


def _platform_place(lane: int, step: int, gap: int) -> tuple[float, float]:
    width = 2 * GAP_HALF / data.STRAND_LENGTH
    return LANE_RADII[lane], _gap_centre(gap) - GAP_HALF + (step + 0.5) * width


def _square(loco: LocoView) -> str:
    """The square of a locomotive on the track."""
    square = loco["square"]
    assert square is not None, f"locomotive {loco['id']} is off the track"
    return square


def step(pair: Step) -> tuple[int, str]:
    """One step of a move, `[locomotive id, square it moves to]` in the view, as a typed pair."""
    return typed_pair(pair, int, str)


def _square_place(name: str, gaps: Sequence[str | None]) -> tuple[float, float]:
    if name in LANE_PLACES:
        return LANE_PLACES[name]
    colour, lane, step = name.split(".")
    return _platform_place(int(lane), int(step), list(gaps).index(colour))


def _square_shape(dwg: Any, radius: float, angle: float, length: float, **attrs: Any) -> Any:
    """A square of track, as long as `length` degrees allow, turned to face along the lane."""
    arc = radians(length) * radius
    along = max(min(arc - 4.0, SQUARE), 14.0)
    x, y = _polar(radius, angle)
    return dwg.rect((svg.r1(x - along / 2), svg.r1(y - SQUARE / 2)), (svg.r1(along), SQUARE), rx=4,
                    transform=f"rotate({svg.r1(angle + 90)} {x} {y})", **attrs)


def _spacing(name: str) -> float:
    sq = SQUARES[SQUARE_INDEX[name]]
    if sq.segment == 0:
        return 10.0
    first, last = _segment_span(sq.segment)
    return (last - first) / data.SEGMENTS[sq.segment][sq.lane]


# -- the static layer ---------------------------------------------------------------------------

def draw_map(t: Translate) -> str:
    """Board, hub, lanes with their squares, start and finish squares, gap outlines, sheds' frame."""
    dwg = svg.drawing(VIEW_BOX, t("loco.map.title"), t("loco.map.desc"), "board-map")
    dwg.add(dwg.rect((0, 0), (WIDTH, HEIGHT), fill=BOARD))
    dwg.add(dwg.circle((CX, CY), LANE_RADII[-1] + 26, fill=GROUND))
    dwg.add(dwg.circle((CX, CY), HUB_RADIUS, fill=HUB, stroke=INK, **{"stroke-width": 1.5}))
    for gap in range(len(data.GAP_POSITIONS)):
        dwg.add(_gap_outline(dwg, gap, t))
    track = dwg.g(class_="squares", stroke=INK, **{"stroke-width": 1})
    for name, (radius, angle) in LANE_PLACES.items():
        fill = START_GREEN if name.startswith("s") else FINISH_FILL if name.startswith("f") else TRACK
        track.add(_square_shape(dwg, radius, angle, _spacing(name), fill=fill, **{"data-square": name}))
    dwg.add(track)
    # The finish buffers, the start-to-finish divide and the word for each end.
    for lane, radius in enumerate(LANE_RADII):
        a, b = _polar(radius - 14, FINISH_END + 1.5), _polar(radius + 14, FINISH_END + 1.5)
        dwg.add(dwg.line(a, b, stroke=INK, **{"stroke-width": 5, "stroke-linecap": "round"}))
        x, y = _polar(radius, START_ANGLE)
        dwg.add(dwg.text(str(lane + 1), insert=(x, y), dy=["0.35em"], fill=WHITE, **_font(TEXT)))
    x, y = _polar(LANE_RADII[-1] + 40, START_ANGLE + 1)
    dwg.add(dwg.text(t("loco.start"), insert=(x, y), fill=INK, **_font(16)))
    x, y = _polar(LANE_RADII[-1] + 44, 52)
    dwg.add(dwg.text(t("loco.finish"), insert=(x, y), fill=INK, **_font(16)))
    # Sheds: nine stalls beside the finish, filled in order of arrival.
    dwg.add(dwg.text(t("loco.sheds"), insert=(PANEL_X, SHED_TOP - 10), fill=INK, **_font(17, "700", "start")))
    for k in range(data.SHEDS):
        x, y = _shed_corner(k)
        dwg.add(dwg.rect((x, y), (SHED_W, SHED_H), rx=4, fill="#c9b99a", stroke=INK))
        dwg.add(dwg.text(str(k + 1), insert=(x + 5, y + 15), fill=MUTED, **_font(TEXT, "600", "start")))
    return svg.render(dwg)


def _gap_outline(dwg: Any, gap: int, t: Translate) -> Any:
    centre = _gap_centre(gap)
    inner, outer = LANE_RADII[0] - SQUARE / 2 - 6, LANE_RADII[-1] + SQUARE / 2 + 6
    group = dwg.g(class_="gap", **{"data-gap": gap})
    group.add(dwg.path(d=_sector(inner, outer, centre - GAP_HALF, centre + GAP_HALF), fill="#4a5a40",
                       stroke=INK, **{"stroke-width": 1.5, "stroke-dasharray": "5 4"}))
    x, y = _polar(HUB_RADIUS - 46, centre)
    group.add(dwg.text(t(f"loco.gap.{data.GAP_NAMES[gap]}"), insert=(x, y), dy=["0.35em"], fill=PAPER,
                       **_font(TEXT, "600")))
    return group


def _sector(inner: float, outer: float, start: float, end: float) -> str:
    (ax, ay), (bx, by) = _polar(outer, start), _polar(outer, end)
    (cx, cy), (dx, dy) = _polar(inner, end), _polar(inner, start)
    return (f"M{ax} {ay}A{outer} {outer} 0 0 1 {bx} {by}L{cx} {cy}"
            f"A{inner} {inner} 0 0 0 {dx} {dy}Z")


def _shed_corner(k: int) -> Point:
    return PANEL_X + (k % 3) * SHED_STEP, SHED_TOP + (k // 3) * (SHED_H + 6)


def _shed_centre(k: int) -> Point:
    x, y = _shed_corner(k)
    return x + SHED_W / 2 + 6, y + SHED_H / 2


# -- platforms ----------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _platform(colour: str, gap: int, word: str) -> svg.Frozen:
    """A platform in a gap: its plate, three strands of squares, and where each strand leads there."""
    dwg = svg.ELEMENTS
    centre = _gap_centre(gap)
    fill = PLATFORM_COLOURS[colour][0]
    group = dwg.g(class_="platform", **{"data-colour": colour, "data-gap": gap})
    inner, outer = LANE_RADII[0] - SQUARE / 2 - 4, LANE_RADII[-1] + SQUARE / 2 + 4
    group.add(dwg.path(d=_sector(inner, outer, centre - GAP_HALF + 0.5, centre + GAP_HALF - 0.5), fill=fill,
                       stroke=INK, **{"stroke-width": 1.5}))
    width = 2 * GAP_HALF / data.STRAND_LENGTH
    codes = data.STRANDS[colour][gap]
    for lane, code in enumerate(codes):
        for step in range(data.STRAND_LENGTH):
            radius, angle = _platform_place(lane, step, gap)
            group.add(_square_shape(dwg, radius, angle, width, fill=PLATFORM_TINTS[colour], stroke=INK,
                                    **{"stroke-width": 1, "data-square": f"{colour}.{lane}.{step}"}))
        group.add(_strand_end(dwg, lane, code, gap))
    # The name runs along the platform's inner edge, never upside down.
    x, y = _polar(inner - 11, centre)
    turn = (centre + 90) % 360
    turn = turn - 180 if turn > 90 else turn
    group.add(dwg.text(word, insert=(x, y), dy=["0.35em"], fill=PAPER, class_="platform-name",
                       transform=f"rotate({svg.r1(turn)} {x} {y})", **_font(TEXT, "800")))
    return svg.Frozen(group)


def _strand_end(dwg: Any, lane: int, code: str, gap: int) -> Any:
    """Where a strand leads from its last square when not straight on: an arrow into the next lane
    inward or outward, a buffer, or a dashed line off the track."""
    radius = LANE_RADII[lane]
    edge = _gap_centre(gap) + GAP_HALF
    start = _polar(radius, edge - 2.5)
    group = dwg.g(class_=f"strand-exit code-{STRAND_KINDS[code]}", **{"data-lane": lane})
    exit_lane = data.exit_lane(code, lane)
    if code == data.THROUGH:
        return group
    if exit_lane is not None:
        end = _polar(LANE_RADII[exit_lane], edge + 3.5)
        for colour, width in ((WHITE, 7), (INK, 3.5)):
            group.add(dwg.line(start, end, stroke=colour,
                               **{"stroke-width": width, "stroke-linecap": "round"}))
        group.add(dwg.circle(end, 4, fill=INK, stroke=WHITE))
    elif code == data.BUFFER:
        a, b = _polar(radius - 13, edge - 1), _polar(radius + 13, edge - 1)
        group.add(dwg.line(a, b, stroke=INK, **{"stroke-width": 7, "stroke-linecap": "round"}))
    else:
        end = _polar(radius + (15 if lane else -15), edge + 3)
        group.add(dwg.line(start, end, stroke=INK, **{"stroke-width": 3, "stroke-dasharray": "3 2"}))
        group.add(dwg.text("✕", insert=end, dy=["0.35em"], fill=CRASH, stroke=WHITE,
                           **{"stroke-width": 0.6}, **_font(18)))
    return group


STRAND_KINDS = {data.THROUGH: "through", data.INWARD: "inward", data.OUTWARD: "outward",
                data.BUFFER: "buffer", data.OFF_TRACK: "off"}


# -- locomotives --------------------------------------------------------------------------------

def _loco(dwg: Any, loco: int, owner: int, place: Point, on_track: bool,
          **attrs: Any) -> Any:
    """A locomotive: its owner's shape and colour with the seat number; on the track, a nose shows
    which way it faces (clockwise, towards the finish)."""
    group = dwg.g(class_="loco", **{"data-loco": loco, "data-owner": owner}, **attrs)
    if on_track:
        radius, angle = place
        tip = _polar(radius, angle + degrees((TOKEN + 9) / radius))
        base = angle + degrees((TOKEN + 1) / radius)
        group.add(dwg.polygon([tip, _polar(radius - 7, base), _polar(radius + 7, base)], fill=INK,
                              class_="nose"))
        centre = _polar(radius, angle)
    else:
        centre = place
    group.add(svg.seat_token(dwg, owner, centre, TOKEN, **{"stroke-width": 1.2}))
    return group


def _ghost(dwg: Any, owner: int, centre: Point) -> Any:
    style = seat_style(owner)
    return svg.shape(dwg, style.shape, centre, TOKEN, fill=style.colour, stroke=INK, opacity=0.6,
                     class_="ghost", **{"stroke-width": 2, "stroke-dasharray": "3 2"})


# -- the position -----------------------------------------------------------------------------

def draw_position(view: LocomotionView, legal: Sequence[str], t: Translate, names: Sequence[str] = ()) -> str:
    dwg = svg.drawing(VIEW_BOX, t("loco.position.title"), describe(view, t, names), "board-position",
                      interactive=True)
    # A locomotive that can be driven is drawn inside its target instead.
    drivable = {int(move.partition(" ")[2]) for move in legal if move.startswith("drive ")}
    _board(dwg, view, t, names, drivable)
    dwg.add(_targets(dwg, view, legal, t))
    return svg.render(dwg)


class Transit(NamedTuple):
    """A platform part of the way (`share`, 0 to 1) from the gap it left to the gap it fills."""

    colour: str
    source: int
    target: int
    share: float


def draw_frame(view: LocomotionView, t: Translate, *, moving: int | None = None, crashed: int | None = None,
               sheltering: int | None = None, transit: Transit | None = None,
               names: Sequence[str] = ()) -> str:
    """One moment of a move's animation, with no targets: the position `view` shows, with the
    locomotive that just stepped (`moving`) ringed, a crash marked just ahead of the locomotive
    `crashed` (still on its square), the locomotive `sheltering` half way from its finish square to
    its shed, or the platform in `transit` (drawn from the gap it left, with its riders) on its way
    across the hub. Players are named by `names`, as in `draw_position`."""
    dwg = svg.drawing(VIEW_BOX, t("loco.position.title"), describe(view, t, names), "board-position")
    locos = {loco["id"]: loco for loco in view["locos"]}
    hidden: set[int] = set()
    if sheltering is not None:
        hidden.add(sheltering)
    if transit is not None:
        prefix = transit.colour + "."
        hidden.update(i for i, loco in locos.items() if (loco["square"] or "").startswith(prefix))
    _board(dwg, view, t, names, hidden, transit.colour if transit is not None else None)
    marks = dwg.g(class_="motion", **{"pointer-events": "none"})
    if moving is not None:
        square = _square(locos[moving])
        marks.add(dwg.circle(_polar(*_square_place(square, view["gaps"])), TOKEN + 6, fill="none",
                             stroke=HIGHLIGHT, class_="moving", **{"stroke-width": 4, "data-loco": moving,
                                                                   "data-square": square}))
    if crashed is not None:
        # Just ahead of the locomotive, where it runs off, so that it stays in sight.
        square = _square(locos[crashed])
        radius, angle = _square_place(square, view["gaps"])
        marks.add(_crash_mark(dwg, _polar(radius, angle + degrees((2 * TOKEN + 10) / radius)),
                              **{"data-loco": crashed, "data-square": square}))
    if sheltering is not None:
        ax, ay = _polar(*LANE_PLACES[_square(locos[sheltering])])
        bx, by = _shed_centre(len(view["sheds"]))
        centre = (svg.r1((ax + bx) / 2), svg.r1((ay + by) / 2))
        marks.add(dwg.circle(centre, TOKEN + 6, fill="none", stroke=HIGHLIGHT, class_="sheltering",
                             **{"stroke-width": 4, "data-loco": sheltering}))
        marks.add(_loco(dwg, sheltering, locos[sheltering]["owner"], centre, False))
    if transit is not None:
        marks.add(_platform_in_transit(dwg, transit, [locos[i] for i in sorted(hidden)], t))
    dwg.add(marks)
    return svg.render(dwg)


def _board(dwg: Any, view: LocomotionView, t: Translate, names: Sequence[str], hidden: set[int],
           moving_platform: str | None = None) -> None:
    """Everything of the position but the targets: the platforms in their gaps (but the one on the
    move), this turn's slide, the locomotives on the track (but `hidden`), dice, home and sheds."""
    gaps = view["gaps"]
    for gap, colour in enumerate(gaps):
        if colour is not None and colour != moving_platform:
            dwg.add(_platform(colour, gap, t(f"loco.platform.{colour}")))
    if view["slide"] is not None:
        dwg.add(_slide_arrow(dwg, view["slide"]))
    on_track = dwg.g(class_="locos")
    for loco in view["locos"]:
        if loco["place"] == "track" and loco["id"] not in hidden:
            square = _square(loco)
            on_track.add(_loco(dwg, loco["id"], loco["owner"], _square_place(square, gaps), True,
                               **{"data-square": square}))
    dwg.add(on_track)
    dwg.add(_dice(dwg, view, t))
    dwg.add(_home_and_sheds(dwg, view, t, names))


def _platform_in_transit(dwg: Any, transit: Transit, riders: list[LocoView], t: Translate) -> Any:
    """The platform as drawn in the gap it left, with its riders, moved so that its middle runs
    straight across the hub while it turns: at share 1 it would lie exactly in its new gap."""
    a, b = _gap_centre(transit.source), _gap_centre(transit.target)
    turn = (b - a + 180) % 360 - 180  # the short way round; straight across, either way will do
    middle = sum(LANE_RADII) / len(LANE_RADII)
    (sx, sy), (ex, ey) = _polar(middle, a), _polar(middle, b)
    share = transit.share
    dx, dy = svg.r1((ex - sx) * share), svg.r1((ey - sy) * share)
    group = dwg.g(class_="platform-transit",
                  transform=f"translate({dx} {dy}) rotate({svg.r1(turn * share)} {sx} {sy})",
                  **{"data-colour": transit.colour, "data-source": transit.source,
                     "data-target": transit.target, "data-share": transit.share})
    group.add(_platform(transit.colour, transit.source, t(f"loco.platform.{transit.colour}")))
    for loco in riders:
        square = _square(loco)
        _, lane, step = square.split(".")
        place = _platform_place(int(lane), int(step), transit.source)
        group.add(_loco(dwg, loco["id"], loco["owner"], place, True, **{"data-square": square}))
    return group


def _slide_arrow(dwg: Any, slide: SlideView) -> Any:
    """This turn's slide, across the hub from the gap the platform left to the gap it filled."""
    fill, _ = PLATFORM_COLOURS[slide["colour"]]
    a, b = _gap_centre(slide["source"]), _gap_centre(slide["target"])
    start, end = _polar(HUB_RADIUS - 75, a), _polar(HUB_RADIUS - 75, b)
    group = dwg.g(class_="slide", **{"data-colour": slide["colour"], "data-source": slide["source"],
                                     "data-target": slide["target"]})
    group.add(dwg.line(start, end, stroke=INK, **{"stroke-width": 9, "stroke-linecap": "round"}))
    group.add(dwg.line(start, end, stroke=fill, **{"stroke-width": 5, "stroke-linecap": "round"}))
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    head = [end, (svg.r1(end[0] - 16 * ux - 9 * uy), svg.r1(end[1] - 16 * uy + 9 * ux)),
            (svg.r1(end[0] - 16 * ux + 9 * uy), svg.r1(end[1] - 16 * uy - 9 * ux))]
    group.add(dwg.polygon(head, fill=fill, stroke=INK, **{"stroke-width": 1.5}))
    return group


def _dice(dwg: Any, view: LocomotionView, t: Translate) -> Any:
    """This turn's dice, large at the top of the column, and the points they give to move."""
    group = dwg.g(class_="dice")
    dice = view["dice"]
    if dice is None:
        return group
    fill, ink = PLATFORM_COLOURS[dice["colour"]]
    die = dwg.g(class_="die colour-die", **{"data-colour": dice["colour"]})
    die.add(dwg.rect((PANEL_X, 12), (DIE, DIE), rx=12, fill=fill, stroke=INK, **{"stroke-width": 2}))
    word = t(f"loco.platform.{dice['colour']}")
    die.add(dwg.text(word, insert=(PANEL_X + DIE / 2, 12 + DIE / 2), dy=["0.35em"], fill=ink, **_font(17)))
    group.add(die)
    for k, number in enumerate(dice["numbers"]):
        x = PANEL_X + (k + 1) * DIE_STEP
        cell = dwg.g(class_="die number-die", **{"data-number": number})
        cell.add(dwg.rect((x, 12), (DIE, DIE), rx=12, fill=WHITE, stroke=INK, **{"stroke-width": 2}))
        cell.add(_pips(dwg, number, x, 12))
        group.add(cell)
    total = sum(dice["numbers"])
    note = t("loco.points", n=total)
    if dice["numbers"][0] == dice["numbers"][1]:
        note += " · " + t("loco.double")
    group.add(dwg.text(note, insert=(PANEL_X, 120), fill=INK, class_="points", **_font(17, "700", "start")))
    if dice["chosen"]:
        group.add(dwg.text(t("loco.tile_used"), insert=(PANEL_X, 142), fill=MUTED,
                           **_font(TEXT, "600", "start")))
    return group


PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def _pips(dwg: Any, number: int, x: float, y: float) -> Any:
    group = dwg.g(fill=INK)
    for px, py in PIPS[number]:
        group.add(dwg.circle((x + DIE / 2 + 22 * px, y + DIE / 2 + 22 * py), 7.5))
    return group


def _home_and_sheds(dwg: Any, view: LocomotionView, t: Translate, names: Sequence[str]) -> Any:
    """Each player's row at home: their name (which says whose row it is even once no locomotive
    waits there), then their locomotives waiting, their crashes and repair tiles (a line each, so
    that the words stay large); the locomotives in sheds."""
    group = dwg.g(class_="yards")
    group.add(dwg.text(t("loco.home"), insert=(PANEL_X, HOME_TOP - 8), fill=INK,
                       **_font(17, "700", "start")))
    home: dict[int, list[int]] = {}
    for loco in view["locos"]:
        if loco["place"] == "home":
            home.setdefault(loco["owner"], []).append(loco["id"])
    tiles = bool(view["options"].get("repair_tiles"))
    for player in range(view["players"]):
        top = HOME_TOP + player * HOME_STEP
        y = top + 38  # the locomotives' line, below the name
        row = dwg.g(class_="home", **{"data-seat": player})
        if player == view["current_player"]:
            row.add(dwg.rect((PANEL_X - 6, top), (WIDTH - PANEL_X - 2, HOME_STEP - 2), rx=6, fill="none",
                             stroke=HIGHLIGHT, **{"stroke-width": 3}, class_="to-move"))
        row.add(_name(dwg, seat_label(player, names, t), (PANEL_X, top + 17)))
        for k, loco_id in enumerate(home.get(player, [])):
            row.add(_loco(dwg, loco_id, player, (PANEL_X + 14 + k * 25, y), False))
        lines = [t("loco.home_crashes", crashes=view["crashes"][player])]
        if tiles:
            lines.append(t("loco.home_tiles", tiles=view["tiles"][player]))
        for k, line in enumerate(lines):
            baseline = y + 5 + (k - (len(lines) - 1) / 2) * 17
            row.add(dwg.text(line, insert=(PANEL_X + 112, baseline), fill=INK, class_="count",
                             **_font(TEXT, "600", "start")))
        group.add(row)
    if tiles:
        group.add(dwg.text(t("loco.pile", n=view["pile"]), insert=(PANEL_X, SHED_TOP - 38),
                           fill=MUTED, class_="count", **_font(TEXT, "600", "start")))
    owners = {loco["id"]: loco["owner"] for loco in view["locos"]}
    shed = dwg.g(class_="sheds")
    for k, loco_id in enumerate(view["sheds"]):
        shed.add(_loco(dwg, loco_id, owners[loco_id], _shed_centre(k), False))
    group.add(shed)
    return group


def _name(dwg: Any, name: str, insert: Point) -> Any:
    """A player's name, cut short with an ellipsis if it would overflow the column (the whole name
    then in a <title>, which a pointer shows)."""
    return svg.titled_text(dwg, _shorten(name, TEXT, NAME_ROOM), name, insert=insert, fill=INK,
                           class_="name", **_font(TEXT, "700", "start"))


def _glyph_width(c: str) -> float:
    """A glyph's width in em, guessed on the wide side of a bold sans (DejaVu Sans Bold, wider than
    Arial's): SVG cannot measure text before it is shown."""
    if c in "MWmw" or east_asian_width(c) in "WF":  # and East Asian characters, emoji
        return 1.05
    if c in "ijlftrI .,'’-":
        return 0.5
    return 0.85 if c.isupper() else 0.72


def _shorten(text: str, size: float, room: float) -> str:
    """`text`, or as much of it as surely fits `room` followed by an ellipsis."""
    widths = [size * _glyph_width(c) for c in text]
    if sum(widths) <= room:
        return text
    room -= size * _glyph_width("…")
    used, cut = 0.0, 0
    while used + widths[cut] <= room:
        used += widths[cut]
        cut += 1
    return text[:cut].rstrip() + "…"


def _targets(dwg: Any, view: LocomotionView, legal: Sequence[str], t: Translate) -> Any:
    """Every legal board move as a target (a locomotive to drive, a start square to enter) holding
    its hidden preview; pass, roll, repair and the double's choice are the face's buttons."""
    group = dwg.g(class_="targets")
    previews = view["previews"]
    locos = {loco["id"]: loco for loco in view["locos"]}
    for move in legal:
        verb, _, arg = move.partition(" ")
        if verb == "drive":
            loco = locos[int(arg)]
            square = _square(loco)
            place = _square_place(square, view["gaps"])
            cell = svg.target(dwg.g(), move, t("loco.aria.drive", square=where(square, t)), "loco-target")
            cell.add(_hit(dwg, _polar(*place)))
            cell.add(dwg.circle(_polar(*place), TOKEN + 6, fill="none", stroke=HIGHLIGHT, class_="legal-glow",
                                **{"stroke-width": 4}))
            cell.add(_loco(dwg, loco["id"], loco["owner"], place, True))
        elif verb == "enter":
            lane = int(arg)
            radius, angle = LANE_PLACES[f"s{lane}"]
            label = t("loco.aria.enter", lane=t(f"loco.lane.{lane}"))
            cell = svg.target(dwg.g(), move, label, "start-target")
            cell.add(_hit(dwg, _polar(radius, angle)))
            cell.add(_square_shape(dwg, radius, angle, 10.0, fill=HIGHLIGHT, class_="legal-glow",
                                   **{"fill-opacity": 0.35}, stroke=HIGHLIGHT, **{"stroke-width": 3}))
            cell.add(dwg.text("+", insert=_polar(radius, angle), dy=["0.35em"], fill=INK, **_font(20)))
        else:
            continue
        preview = previews.get(move)
        if preview is not None:
            cell.add(_preview(dwg, preview, view, locos))
        group.add(cell)
    return group


def _hit(dwg: Any, centre: Point) -> Any:
    """A target's reach: an unseen disc wider than its piece, which a finger finds."""
    return dwg.circle(centre, HIT, fill=WHITE, class_="hit", **{"fill-opacity": 0})


def _preview(dwg: Any, preview: PreviewView, view: LocomotionView, locos: dict[int, LocoView]) -> Any:
    """Where each locomotive the move pushes ends up (ghosts), a red cross where one crashes, and the
    shed a finishing locomotive takes."""
    group = dwg.g(class_="loco-preview", **{"pointer-events": "none"})
    steps = [step(move) for move in preview["steps"]]
    last: dict[int, str] = {}
    for loco, square in steps:
        last[loco] = square
    crashed, sheltered = preview["crashed"], preview["sheltered"]
    trail = [_polar(*_square_place(square, view["gaps"])) for loco, square in steps]
    if len(trail) > 1:
        group.add(dwg.polyline(trail, fill="none", stroke=HIGHLIGHT, opacity=0.8,
                               **{"stroke-width": 3, "stroke-dasharray": "2 4", "stroke-linecap": "round"}))
    for loco, square in last.items():
        if loco in (crashed, sheltered):
            continue
        group.add(_ghost(dwg, locos[loco]["owner"], _polar(*_square_place(square, view["gaps"]))))
    if crashed is not None:
        square = last.get(crashed) or _square(locos[crashed])
        group.add(_crash_mark(dwg, _polar(*_square_place(square, view["gaps"]))))
    if sheltered is not None:
        group.add(_ghost(dwg, locos[sheltered]["owner"], _shed_centre(len(view["sheds"]))))
    return group


def _crash_mark(dwg: Any, centre: Point, **attrs: Any) -> Any:
    """A red cross in a ring where a locomotive crashes."""
    group = dwg.g(class_="crash-mark", **attrs)
    group.add(dwg.circle(centre, TOKEN + 4, fill=WHITE, stroke=CRASH, **{"stroke-width": 3}))
    group.add(dwg.text("✕", insert=centre, dy=["0.35em"], fill=CRASH, class_="crash", **_font(20)))
    return group


# -- text ---------------------------------------------------------------------------------------

def _prompt(view: LocomotionView, t: Translate, names: Sequence[str]) -> str:
    phase, player, winner = view["phase"], view["current_player"], view["winner"]
    if phase == "over":
        assert winner is not None  # the game ends when someone shelters their third locomotive
        return t("loco.prompt.over", name=seat_label(winner, names, t))
    assert player is not None  # someone is to move until the game is over
    key = {"choose": "loco.prompt.choose", "extra": "loco.prompt.extra"}.get(phase, "loco.prompt.drive")
    if phase == "drive" and view["extra_turn"]:
        key = "loco.prompt.extra_turn"
    return t(key, name=seat_label(player, names, t))


def where(square: str, t: Translate) -> str:
    """A square in words, as a player finds it on the board, and told apart from every other: a start
    or finish square by its lane, a platform's square by its colour, strand and step, any other square
    by its lane and how far it lies before the next gap (or the finish)."""
    sq = SQUARES[SQUARE_INDEX[square]]
    lane = t(f"loco.lane.{sq.lane}")
    if sq.kind == "platform":
        return t("loco.where.platform", colour=t(f"loco.platform.{data.COLOURS[sq.colour]}"), lane=lane,
                 n=sq.step + 1)
    if sq.kind == "start":
        return t("loco.where.start", lane=lane)
    if sq.kind == "finish":
        return t("loco.where.finish", lane=lane)
    last = sq.segment == LAST_SEGMENT
    # The squares left to run before the gap, or before the finish square that ends the last segment.
    ahead = data.SEGMENTS[sq.segment][sq.lane] - sq.step - (1 if last else 0)
    if last:
        towards = t("loco.where.finish_line")
    else:
        towards = t("loco.where.gap", gap=t(f"loco.gap.{data.GAP_NAMES[sq.segment]}"))
    if ahead == 1:
        return t("loco.where.next", lane=lane, towards=towards)
    return t("loco.where.lane", lane=lane, towards=towards, n=ahead)


def describe(view: LocomotionView, t: Translate, names: Sequence[str] = ()) -> str:
    parts = []
    if view["seat"] is not None:
        parts.append(t("loco.describe.you", name=seat_label(view["seat"], names, t)))
    parts.append(_prompt(view, t, names))
    if view["dice"] is not None:
        dice = view["dice"]
        parts.append(t("loco.describe.dice", colour=t(f"loco.platform.{dice['colour']}"),
                       a=dice["numbers"][0], b=dice["numbers"][1]))
    for gap, colour in enumerate(view["gaps"]):
        where = t(f"loco.gap.{data.GAP_NAMES[gap]}")
        what = t(f"loco.platform.{colour}") if colour else t("loco.describe.empty")
        parts.append(t("loco.describe.gap", gap=where, platform=what))
    for player in range(view["players"]):
        mine = [loco for loco in view["locos"] if loco["owner"] == player]
        squares = ", ".join(_square(loco) for loco in mine if loco["place"] == "track") or "–"
        parts.append(t("loco.describe.player", name=seat_label(player, names, t), squares=squares,
                       home=sum(loco["place"] == "home" for loco in mine),
                       sheds=sum(loco["place"] == "shed" for loco in mine)))
    return " ".join(parts)
