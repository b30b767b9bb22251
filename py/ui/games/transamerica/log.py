"""TransAmerica's log: places, never lattice coordinates.

A point that is a city reads as its name ("Denver"); any other point is named from its nearest city,
with a compass direction and a distance in steps along the lattice ("1 east of Denver"). An edge
reads as its two ends ("Denver → 1 east of Denver").
"""

from __future__ import annotations

from functools import cache
from math import atan2, degrees

from games.transamerica.board import BOARD, DIRECTIONS, Board, City, Point
from ui.i18n import Translate
from ui.log import LogStyle, Names, per_player, plain, player_list

# The eight compass points, anticlockwise from east, each 45 degrees wide on the drawn map, and
# their catalog keys (written out, so that the catalog checks find them).
COMPASS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")
COMPASS_KEYS = dict(zip(COMPASS, ("ta.compass.E", "ta.compass.NE", "ta.compass.N", "ta.compass.NW",
                                  "ta.compass.W", "ta.compass.SW", "ta.compass.S", "ta.compass.SE"),
                        strict=True))
VOWELS = tuple("AEIOUaeiou")


def steps(a: Point, b: Point) -> int:
    """Lattice steps from a to b: the lattice's neighbours are (±1, 0), (0, ±1) and ±(1, 1)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return max(abs(dx), abs(dy)) if dx * dy >= 0 else abs(dx) + abs(dy)


def compass(a: Point, b: Point) -> str:
    """The compass point of b seen from a, on the drawn map (north up)."""
    (ax, ay), (bx, by) = Board.screen(a), Board.screen(b)
    angle = degrees(atan2(ay - by, bx - ax)) % 360
    return COMPASS[round(angle / 45) % len(COMPASS)]


@cache
def nearest_city(point: Point) -> tuple[City, int]:
    """The city fewest steps away (the first of the board's list on a tie), and those steps."""
    return min(((city, steps(city.point, point)) for city in BOARD.cities), key=lambda pair: pair[1])


def place(point: Point, t: Translate) -> str:
    """A point in words: its city's name, or where it lies from the nearest city."""
    city, distance = nearest_city(point)
    if distance == 0:
        return city.name
    # French elides "de" before a vowel ("d’El Paso"); other languages may word both alike.
    of_city = t("ta.place.of_vowel" if city.name.startswith(VOWELS) else "ta.place.of", city=city.name)
    return t("ta.place.near", n=distance, direction=t(COMPASS_KEYS[compass(city.point, point)]),
             of_city=of_city)


def _lattice_point(value: object) -> Point | None:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        point = (value[0], value[1])
        return point if point in BOARD.point_index else None
    return None


def point(value: object, t: Translate, names: Names) -> str:
    """A marker's intersection: "Denver", or "intersection 1 east of Denver"."""
    at = _lattice_point(value)
    if at is None:
        return plain(value, t, names)
    city, distance = nearest_city(at)
    return city.name if distance == 0 else t("log.point", point=place(at, t))


def edge(value: object, t: Translate, names: Names) -> str:
    """An edge "7,5,E" by both its ends: "Denver → 1 east of Denver"."""
    if not isinstance(value, str) or value not in BOARD.edge_index:
        return plain(value, t, names)
    x, y, direction = value.split(",")
    a = (int(x), int(y))
    dx, dy = DIRECTIONS[direction]
    return " → ".join(place(end, t) for end in (a, (a[0] + dx, a[1] + dy)))


LOG = LogStyle()
LOG.param("marker_placed marker_moved", "point", point)
LOG.param("track_placed", "edge", edge)
LOG.param("round_scored", "complete", player_list)
LOG.param("round_scored", "penalties", per_player)
LOG.variant("track_placed", lambda event: "double" if event.get("cost") == 2 else None)
# A bot's caption (`games.transamerica.explain`) names places as the log does.
LOG.param("ta.start ta.start_off ta.move_marker", "point", point)
LOG.param("ta.toward ta.joined ta.idle", "edge", edge)
