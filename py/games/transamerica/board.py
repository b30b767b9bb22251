"""The TransAmerica board: a triangular lattice over the USA, its cities and its double edges.

The tables below are the board data (`shared/rules/transamerica-board.md`); `BOARD` is the graph
built from them once at import. Intersections are `(x, y)`: column 0..19 west to east, row 0..12
north to south. An edge is named by its west/north end and a direction: E, SW or SE.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

# Row -> inclusive column spans present on the board (the gap in rows 1-2 is the Great Lakes).
ROWS: dict[int, tuple[tuple[int, int], ...]] = {
    0: ((0, 9),),
    1: ((0, 11), (15, 16)),
    2: ((0, 12), (15, 17)),
    3: ((1, 17),),
    4: ((1, 17),),
    5: ((2, 17),),
    6: ((2, 17),),
    7: ((3, 18),),
    8: ((4, 19),),
    9: ((5, 19),),
    10: ((6, 19),),
    11: ((8, 19),),
    12: ((11, 19),),
}

COLOURS = ("green", "blue", "yellow", "red", "orange")

# (name, colour, dashed, (x, y)); dashed cities leave the deck with 2 or 3 players.
CITIES: tuple[tuple[str, str, bool, tuple[int, int]], ...] = (
    ("Seattle", "green", True, (0, 0)),
    ("Portland", "green", False, (0, 1)),
    ("Medford", "green", False, (1, 3)),
    ("Sacramento", "green", False, (2, 5)),
    ("San Francisco", "green", False, (2, 6)),
    ("Los Angeles", "green", False, (5, 9)),
    ("San Diego", "green", True, (6, 10)),
    ("Helena", "blue", False, (3, 1)),
    ("Bismarck", "blue", False, (7, 1)),
    ("Duluth", "blue", True, (10, 1)),
    ("Minneapolis", "blue", False, (10, 2)),
    ("Chicago", "blue", False, (13, 3)),
    ("Buffalo", "blue", True, (15, 2)),
    ("Cincinnati", "blue", False, (15, 5)),
    ("Salt Lake City", "yellow", False, (4, 4)),
    ("Omaha", "yellow", False, (9, 4)),
    ("Denver", "yellow", True, (7, 5)),
    ("Kansas City", "yellow", True, (11, 6)),
    ("St. Louis", "yellow", False, (13, 6)),
    ("Santa Fe", "yellow", False, (8, 8)),
    ("Oklahoma City", "yellow", False, (11, 8)),
    ("Phoenix", "red", False, (7, 9)),
    ("El Paso", "red", False, (10, 11)),
    ("Dallas", "red", False, (13, 10)),
    ("Houston", "red", True, (14, 12)),
    ("Memphis", "red", False, (15, 9)),
    ("New Orleans", "red", False, (16, 12)),
    ("Atlanta", "red", True, (17, 10)),
    ("Boston", "orange", True, (17, 2)),
    ("New York", "orange", False, (17, 4)),
    ("Washington", "orange", False, (17, 5)),
    ("Richmond", "orange", True, (18, 7)),
    ("Winston", "orange", False, (17, 8)),
    ("Charleston", "orange", False, (19, 10)),
    ("Jacksonville", "orange", False, (19, 12)),
)

# Row -> mountain and river edges (cost 2) starting in that row, as "<x><direction>".
DOUBLE_EDGES: dict[int, str] = {
    0: "0E 0SE 2SW 4SW 4SE 5SW 5SE 6SW",
    1: "0E 0SE 2E 3E 3SW 4SW 6E 7SW 9E 10SW",
    2: "0E 1SW 3E 4E 5SW 7E 8SW 10E 11SW",
    3: "1E 1SE 5E 8E 9SW 11E 11SE 16SE",
    4: "1E 2SW 3SW 5SW 9E 10SW 11E 12SW 16E 16SE",
    5: "2E 2SE 3E 3SE 5SE 6E 6SW 7SW 10E 11SW 11SE 12E 12SW 12SE 13SW 14SE 15SW 15SE 16E 16SE",
    6: "3E 3SW 5E 5SE 7E 7SE 13E 14E 14SW 14SE 16E 16SE",
    7: "3E 5E 5SE 7E 14E 14SE 16E 16SE",
    8: "4E 5E 6E 6SW 7SW 14E 14SE 16E 16SE",
    9: "5E 6E 6SE 7E 8SW 8SE 14E 14SE 16E",
    10: "6E 14E 15SW",
    11: "15E 15SE",
    12: "15E",
}

# Direction -> offset from the west/north end to the other end.
DIRECTIONS: dict[str, tuple[int, int]] = {"E": (1, 0), "SW": (0, 1), "SE": (1, 1)}

Point = tuple[int, int]


@dataclass(frozen=True)
class Edge:
    index: int
    a: Point  # west/north end
    direction: str
    b: Point
    cost: int  # 1 plain, 2 mountain or river

    @property
    def name(self) -> str:
        """Canonical text: "x,y,D" from the west/north end."""
        return f"{self.a[0]},{self.a[1]},{self.direction}"


@dataclass(frozen=True)
class City:
    index: int
    name: str
    colour: str
    dashed: bool
    point: Point


class Board:
    """The lattice as a graph: points and edges indexed, adjacency by point index."""

    def __init__(self) -> None:
        self.points: list[Point] = [
            (x, y) for y, spans in sorted(ROWS.items()) for lo, hi in spans for x in range(lo, hi + 1)
        ]
        self.point_index: dict[Point, int] = {p: i for i, p in enumerate(self.points)}
        doubles = {
            (int(token[:-2] if token.endswith(("SW", "SE")) else token[:-1]), y,
             token[-2:] if token.endswith(("SW", "SE")) else token[-1])
            for y, text in DOUBLE_EDGES.items() for token in text.split()
        }
        self.edges: list[Edge] = []
        for x, y in self.points:
            for direction, (dx, dy) in DIRECTIONS.items():
                other = (x + dx, y + dy)
                if other in self.point_index:
                    cost = 2 if (x, y, direction) in doubles else 1
                    self.edges.append(Edge(len(self.edges), (x, y), direction, other, cost))
        unknown = doubles - {(e.a[0], e.a[1], e.direction) for e in self.edges}
        if unknown:
            raise ValueError(f"double edges off the board: {sorted(unknown)}")
        self.edge_index: dict[str, int] = {e.name: e.index for e in self.edges}
        self.edge_ends: list[tuple[int, int]] = [
            (self.point_index[e.a], self.point_index[e.b]) for e in self.edges
        ]
        # point index -> [(neighbour point index, edge index)]
        self.adjacent: list[list[tuple[int, int]]] = [[] for _ in self.points]
        for e, (i, j) in enumerate(self.edge_ends):
            self.adjacent[i].append((j, e))
            self.adjacent[j].append((i, e))
        self.cities: list[City] = [
            City(i, name, colour, dashed, point) for i, (name, colour, dashed, point) in enumerate(CITIES)
        ]
        self.city_by_name: dict[str, City] = {c.name: c for c in self.cities}
        self.city_at: dict[int, City] = {self.point_index[c.point]: c for c in self.cities}

    @staticmethod
    def screen(point: Point, unit: float = 1.0) -> tuple[float, float]:
        """Drawing position with rows horizontal, north up; each row half an edge west of the last."""
        x, y = point
        return ((x - y / 2) * unit, y * sqrt(3) / 2 * unit)


BOARD = Board()
