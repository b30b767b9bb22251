"""A simplified map of the United States behind the TransAmerica lattice, fitted to the board.

The outlines are rough real coordinates (longitude, latitude in degrees), written by hand. They are
projected with the least-squares fit of `shared/rules/transamerica-board.md`, then bent so that each
of the 35 cities' real places lands exactly on its intersection: the printed board is stylised, so
the map is fitted to the grid and never the grid to the map. A few border and coast points are
nudged from their true place so that every intersection lies on land or within a third of an edge
of the shore.

`project(lon, lat)` gives lattice coordinates `(u, y)`: `u = x - y/2` columns east, `y` rows south.
"""

from __future__ import annotations

from functools import cache
from math import sqrt

from games.transamerica.board import BOARD

LonLat = tuple[float, float]

# The border with Canada, west to east: the 49th parallel, the Great Lakes, the St. Lawrence, Maine.
NORTH_BORDER: tuple[LonLat, ...] = (
    (-122.8, 49.0), (-110.0, 49.0), (-95.2, 49.0), (-95.2, 49.4), (-94.6, 48.7), (-93.0, 48.6),
    (-91.0, 48.2), (-89.6, 48.0), (-88.4, 48.3), (-85.0, 46.9), (-84.5, 46.5), (-83.6, 46.1),
    (-82.4, 45.2), (-82.1, 43.6), (-82.5, 42.6), (-83.1, 42.1), (-82.2, 41.8), (-79.8, 42.5),
    (-79.0, 42.9), (-79.0, 43.5), (-76.4, 43.6), (-76.2, 44.2), (-74.8, 45.0), (-71.5, 45.0),
    (-70.8, 45.4), (-70.1, 46.7), (-69.2, 47.5), (-68.2, 47.4), (-67.8, 47.1), (-67.8, 45.7),
    (-67.1, 45.1),
)

# Atlantic and Gulf coasts, north-east to the Rio Grande.
EAST_COAST: tuple[LonLat, ...] = (
    (-67.0, 44.8), (-68.8, 44.3), (-70.2, 43.7), (-70.7, 42.9), (-71.0, 42.3), (-70.5, 41.9),
    (-70.0, 41.8), (-70.6, 41.5), (-71.4, 41.4), (-72.9, 41.2), (-73.9, 40.8), (-74.0, 40.4),
    (-74.1, 39.8), (-74.9, 38.9), (-75.1, 38.3), (-75.9, 37.2), (-76.0, 36.9), (-75.5, 35.3),
    (-76.5, 34.7), (-77.9, 33.9), (-79.2, 33.2), (-79.9, 32.7), (-80.9, 32.0), (-81.4, 31.0),
    (-81.4, 30.3), (-81.0, 29.2), (-80.5, 28.0), (-80.0, 26.7), (-80.1, 25.8), (-80.4, 25.2),
    (-81.1, 25.1), (-81.7, 25.9), (-82.6, 27.5), (-82.8, 28.5), (-83.7, 29.9), (-84.3, 30.0),
    (-85.4, 29.7), (-86.5, 30.1), (-87.6, 30.0), (-88.5, 30.3), (-89.6, 30.2), (-89.4, 29.2),
    (-90.2, 29.1), (-91.3, 29.3), (-92.3, 29.6), (-93.8, 29.7), (-94.8, 29.3), (-95.9, 28.6),
    (-96.8, 28.2), (-97.3, 27.6), (-97.4, 26.5), (-97.2, 25.9),
)

# The border with Mexico, east to west: the Rio Grande, then the land border to the Pacific.
SOUTH_BORDER: tuple[LonLat, ...] = (
    (-98.0, 26.1), (-99.1, 26.4), (-99.5, 27.5), (-100.3, 28.3), (-101.0, 29.4), (-102.4, 29.8),
    (-103.1, 29.0), (-104.4, 29.6), (-104.9, 30.6), (-106.5, 31.8), (-108.2, 31.8), (-108.2, 31.0),
    (-111.1, 31.0), (-114.8, 32.4), (-117.1, 32.5),
)

# The Pacific coast, south to north, back to the border.
WEST_COAST: tuple[LonLat, ...] = (
    (-117.3, 32.8), (-117.6, 33.4), (-118.3, 33.7), (-118.5, 34.0), (-119.2, 34.2), (-120.5, 34.5),
    (-120.7, 35.2), (-121.3, 35.7), (-121.9, 36.6), (-122.5, 37.5), (-122.5, 37.8), (-123.0, 38.0),
    (-123.7, 39.0), (-124.4, 40.4), (-124.1, 41.8), (-124.5, 42.8), (-124.1, 44.0), (-123.9, 46.2),
    (-124.1, 46.9), (-124.7, 48.4), (-123.2, 48.2), (-122.8, 48.6),
)

USA: tuple[LonLat, ...] = NORTH_BORDER + EAST_COAST + SOUTH_BORDER + WEST_COAST

# The neighbours, drawn paler: each closes its shared border far outside the board.
CANADA: tuple[LonLat, ...] = (*NORTH_BORDER, (-66.0, 45.0), (-60.0, 46.0), (-60.0, 55.0),
                              (-131.0, 55.0), (-128.0, 50.5), (-125.5, 49.0), (-123.4, 48.3))
MEXICO: tuple[LonLat, ...] = (
    (-97.2, 25.9), *SOUTH_BORDER, (-116.6, 31.7), (-116.0, 30.5), (-114.2, 28.0), (-112.5, 26.0),
    (-105.0, 20.0), (-97.0, 20.0), (-97.7, 24.5),
)

GREAT_LAKES: tuple[tuple[LonLat, ...], ...] = (
    (  # Superior
        (-92.1, 46.7), (-90.5, 46.6), (-88.0, 47.4), (-86.5, 46.5), (-84.9, 46.5), (-84.6, 46.9),
        (-84.8, 47.9), (-86.4, 48.7), (-88.3, 48.8), (-89.4, 48.0), (-90.8, 47.4),
    ),
    (  # Michigan
        (-87.8, 42.0), (-87.5, 41.6), (-86.5, 42.2), (-86.2, 43.5), (-86.4, 44.8), (-85.4, 45.3),
        (-84.8, 45.8), (-85.5, 46.0), (-86.8, 45.7), (-87.6, 44.9), (-87.9, 43.0),
    ),
    (  # Huron, with Georgian Bay
        (-84.7, 45.9), (-83.4, 46.0), (-81.7, 46.0), (-80.6, 45.9), (-79.9, 44.8), (-81.0, 44.9),
        (-81.7, 44.2), (-82.4, 43.0), (-82.9, 43.8), (-83.5, 43.9), (-83.3, 44.5), (-83.5, 45.1),
    ),
    (  # Erie
        (-83.4, 41.7), (-82.7, 41.4), (-81.7, 41.5), (-80.1, 42.1), (-78.9, 42.8), (-79.9, 42.9),
        (-81.4, 42.6), (-82.5, 42.0), (-83.1, 42.0),
    ),
    (  # Ontario
        (-79.8, 43.3), (-79.1, 43.2), (-77.6, 43.3), (-76.3, 43.5), (-76.2, 44.2), (-77.0, 44.0),
        (-78.5, 43.9), (-79.4, 43.6),
    ),
)

# The rivers behind many double edges: the Mississippi, the Missouri and the Ohio.
RIVERS: tuple[tuple[LonLat, ...], ...] = (
    ((-95.2, 47.2), (-94.2, 46.4), (-93.3, 45.0), (-91.8, 44.2), (-91.2, 43.5), (-90.6, 41.6),
     (-91.4, 40.4), (-90.2, 38.8), (-89.5, 37.5), (-89.2, 37.0), (-90.0, 35.1), (-91.1, 33.4),
     (-91.4, 31.6), (-91.2, 30.5), (-90.1, 29.9), (-89.3, 29.2)),
    ((-111.4, 45.9), (-109.0, 47.7), (-104.0, 48.0), (-101.4, 47.5), (-100.8, 46.8),
     (-100.4, 44.4), (-97.4, 42.9), (-96.2, 42.5), (-95.9, 41.3), (-95.0, 39.8), (-94.6, 39.1),
     (-92.2, 38.6), (-90.2, 38.8)),
    ((-80.0, 40.4), (-81.5, 39.3), (-82.6, 38.6), (-84.5, 39.1), (-85.8, 38.3), (-87.6, 37.9),
     (-88.2, 37.4), (-89.2, 37.0)),
)

# Real places of the board's cities: the anchors that bend the map onto the lattice.
CITY_PLACES: dict[str, LonLat] = {
    "Seattle": (-122.33, 47.61), "Portland": (-122.68, 45.52), "Medford": (-122.87, 42.33),
    "Sacramento": (-121.49, 38.58), "San Francisco": (-122.42, 37.77),
    "Los Angeles": (-118.24, 34.05), "San Diego": (-117.16, 32.72), "Helena": (-112.04, 46.59),
    "Bismarck": (-100.78, 46.81), "Duluth": (-92.10, 46.79), "Minneapolis": (-93.27, 44.98),
    "Chicago": (-87.63, 41.88), "Buffalo": (-78.88, 42.89), "Cincinnati": (-84.51, 39.10),
    "Salt Lake City": (-111.89, 40.76), "Omaha": (-95.93, 41.26), "Denver": (-104.99, 39.74),
    "Kansas City": (-94.58, 39.10), "St. Louis": (-90.20, 38.63), "Santa Fe": (-105.94, 35.69),
    "Oklahoma City": (-97.52, 35.47), "Phoenix": (-112.07, 33.45), "El Paso": (-106.49, 31.76),
    "Dallas": (-96.80, 32.78), "Houston": (-95.37, 29.76), "Memphis": (-90.05, 35.15),
    "New Orleans": (-90.07, 29.95), "Atlanta": (-84.39, 33.75), "Boston": (-71.06, 42.36),
    "New York": (-74.01, 40.71), "Washington": (-77.04, 38.91), "Richmond": (-77.44, 37.54),
    "Winston": (-80.24, 36.10), "Charleston": (-79.93, 32.78), "Jacksonville": (-81.66, 30.33),
}

_HALF_ROOT3 = sqrt(3) / 2


def _fit(lon: float, lat: float) -> tuple[float, float]:
    """The board file's linear fit, in lattice coordinates (u, y)."""
    u = 0.3359 * lon + 0.0091 * lat + 39.917
    v = 0.0011 * lon + 0.6028 * lat - 17.860
    return u, 12 - v / _HALF_ROOT3


@cache
def _anchors() -> tuple[tuple[float, float, float, float], ...]:
    """(fitted u, fitted y, du, dy) per city: how far the fit misses the city's intersection."""
    anchors = []
    for city in BOARD.cities:
        u, y = _fit(*CITY_PLACES[city.name])
        x0, y0 = city.point
        anchors.append((u, y, x0 - y0 / 2 - u, y0 - y))
    return tuple(anchors)


def project(lon: float, lat: float) -> tuple[float, float]:
    """Fit, then shift by the inverse-distance-weighted misses of the cities (exact at each city)."""
    u, y = _fit(lon, lat)
    total = du = dy = 0.0
    for au, ay, shift_u, shift_y in _anchors():
        d2 = (u - au) ** 2 + (y - ay) ** 2
        if d2 < 1e-12:
            return u + shift_u, y + shift_y
        w = 1 / (d2 * d2)  # 1/d^4: near a city its own miss rules; far from all, the misses average out
        total += w
        du += w * shift_u
        dy += w * shift_y
    return u + du / total, y + dy / total
