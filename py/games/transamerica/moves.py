"""The canonical text of TransAmerica moves, and its parser.

`marker x,y` places the start marker, `track x,y,D` lays one track (the edge's name), `end` confirms
the turn, `end x,y` confirms it and moves the marker (variant 2), `pass` is the turn of a player
with nowhere to build. A move naming a point or edge that is not on the board is malformed.
"""

from __future__ import annotations

import re

from games.core import MalformedMove, Move
from games.transamerica.board import BOARD

_AT_POINT = re.compile(r"(marker|end) (\d{1,2}),(\d{1,2})", re.ASCII)
_TRACK = re.compile(r"track (\d{1,2}),(\d{1,2}),(E|SW|SE)", re.ASCII)


def point_text(point: int) -> str:
    x, y = BOARD.points[point]
    return f"{x},{y}"


def parse(move: object) -> Move:
    """The canonical text of `move`; raises MalformedMove when it is no TransAmerica move at all."""
    if not isinstance(move, str):
        raise MalformedMove(move)
    if move in ("end", "pass"):
        return move
    at_point = _AT_POINT.fullmatch(move)
    if at_point:
        verb, x, y = at_point.group(1), int(at_point.group(2)), int(at_point.group(3))
        if (x, y) in BOARD.point_index:
            return f"{verb} {x},{y}"
    track = _TRACK.fullmatch(move)
    if track:
        name = f"{int(track.group(1))},{int(track.group(2))},{track.group(3)}"
        if name in BOARD.edge_index:
            return f"track {name}"
    raise MalformedMove(move)


# Every move's text, built here once: by point (marker, end of turn with a marker move) and by edge.
MARKER_MOVES = [f"marker {point_text(p)}" for p in range(len(BOARD.points))]
END_MOVES = [f"end {point_text(p)}" for p in range(len(BOARD.points))]
TRACK_MOVES = [f"track {edge.name}" for edge in BOARD.edges]
POINT_OF_MOVE = {m: p for moves in (MARKER_MOVES, END_MOVES) for p, m in enumerate(moves)}
EDGE_OF_MOVE = {m: e for e, m in enumerate(TRACK_MOVES)}
