"""The track built from the board data: squares, and where each square leads for every platform layout.

A layout says which platform sits in each gap (-1 = empty). There are only 24 layouts, so the next
square of every square is tabulated once per layout at import: a move is then a walk along a list.
Squares are numbered; a negative "next square" is a crash and says why.

Square names (used in views and events): `s<lane>` start, `<lane>.<segment>.<step>` on a segment,
`f<lane>` finish, `<colour>.<lane>.<step>` on a platform, `lane` being the lane the strand is entered
from. A locomotive on a platform keeps its square when the platform slides: it rides along and, facing
the finish, follows the strand table of the new gap.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from games.locomotion import board_data as data

CRASH_CAUSES = ("gap", "buffer", "off_track", "finish_buffer")
GAP_CRASH, BUFFER_CRASH, OFF_TRACK_CRASH, FINISH_CRASH = (-1 - i for i in range(4))

EMPTY = -1
LAST_SEGMENT = len(data.SEGMENTS) - 1

Layout = tuple[int, ...]

if data.problems():
    raise ValueError("board data breaks the board brief: " + "; ".join(data.problems()))


def cause(code: int) -> str:
    return CRASH_CAUSES[-1 - code]


@dataclass(frozen=True)
class Square:
    name: str
    kind: str  # "start", "lane", "finish" or "platform"
    lane: int  # for a platform square: the lane its strand is entered from
    segment: int  # platform squares: -1
    step: int  # position along the segment or strand
    colour: int  # platform squares: the platform's colour index, else -1


def _build_squares() -> list[Square]:
    squares = []
    for seg, lengths in enumerate(data.SEGMENTS):
        for lane, length in enumerate(lengths):
            for step in range(length):
                if seg == 0:
                    squares.append(Square(f"s{lane}", "start", lane, seg, step, -1))
                elif seg == LAST_SEGMENT and step == length - 1:
                    squares.append(Square(f"f{lane}", "finish", lane, seg, step, -1))
                else:
                    squares.append(Square(f"{lane}.{seg}.{step}", "lane", lane, seg, step, -1))
    for colour, name in enumerate(data.COLOURS):
        for lane in range(data.LANES):
            for step in range(data.STRAND_LENGTH):
                squares.append(Square(f"{name}.{lane}.{step}", "platform", lane, -1, step, colour))
    return squares


SQUARES: list[Square] = _build_squares()
SQUARE_INDEX: dict[str, int] = {sq.name: i for i, sq in enumerate(SQUARES)}
START = tuple(SQUARE_INDEX[f"s{lane}"] for lane in range(data.LANES))
FINISH = frozenset(SQUARE_INDEX[f"f{lane}"] for lane in range(data.LANES))


def _lane_square(lane: int, seg: int, step: int) -> int:
    if seg == 0:
        return START[lane]
    if seg == LAST_SEGMENT and step == data.SEGMENTS[seg][lane] - 1:
        return SQUARE_INDEX[f"f{lane}"]
    return SQUARE_INDEX[f"{lane}.{seg}.{step}"]


def _platform_square(colour: int, lane: int, step: int) -> int:
    return SQUARE_INDEX[f"{data.COLOURS[colour]}.{lane}.{step}"]


def _successors(layout: Layout) -> list[int]:
    gap_of = {colour: gap for gap, colour in enumerate(layout) if colour != EMPTY}
    nxt = []
    for sq in SQUARES:
        if sq.kind == "finish":
            nxt.append(FINISH_CRASH)
        elif sq.kind != "platform":
            if sq.step + 1 < data.SEGMENTS[sq.segment][sq.lane]:
                nxt.append(_lane_square(sq.lane, sq.segment, sq.step + 1))
            elif layout[sq.segment] == EMPTY:
                nxt.append(GAP_CRASH)
            else:
                nxt.append(_platform_square(layout[sq.segment], sq.lane, 0))
        elif sq.step + 1 < data.STRAND_LENGTH:
            nxt.append(_platform_square(sq.colour, sq.lane, sq.step + 1))
        else:
            gap = gap_of[sq.colour]
            code = data.STRANDS[data.COLOURS[sq.colour]][gap][sq.lane]
            lane = data.exit_lane(code, sq.lane)
            if lane is not None:
                nxt.append(_lane_square(lane, gap + 1, 0))
            else:
                nxt.append(BUFFER_CRASH if code == data.BUFFER else OFF_TRACK_CRASH)
    return nxt


LAYOUTS: list[Layout] = sorted(permutations((EMPTY, *range(len(data.COLOURS)))))
LAYOUT_INDEX: dict[Layout, int] = {layout: i for i, layout in enumerate(LAYOUTS)}
NEXT: list[list[int]] = [_successors(layout) for layout in LAYOUTS]
SETUP_LAYOUT: Layout = tuple(data.COLOURS.index(c) if c else EMPTY for c in data.SETUP)


def slid(layout: Layout, colour: int) -> tuple[Layout, int, int]:
    """The layout after platform `colour` slides into the empty gap, with the gaps it left and filled."""
    source, target = layout.index(colour), layout.index(EMPTY)
    after = list(layout)
    after[source], after[target] = EMPTY, colour
    return tuple(after), source, target


def _straight_to_go(lane: int, seg: int, step: int) -> int:
    rest = data.SEGMENTS[seg][lane] - 1 - step
    for later in range(seg + 1, len(data.SEGMENTS)):
        rest += data.STRAND_LENGTH + data.SEGMENTS[later][lane]
    return rest


def _to_go(layout_index: int) -> list[int]:
    """Steps left to the finish square along the track as it lies, a dead end counting as if it went
    straight on: the yardstick of progress for tuning and bots. It drops by one with every step."""
    nxt = NEXT[layout_index]
    dist = [-1] * len(SQUARES)

    def measure(square: int) -> int:
        if dist[square] < 0:
            ahead, sq = nxt[square], SQUARES[square]
            if ahead >= 0:
                dist[square] = 1 + measure(ahead)
            elif sq.kind == "finish":
                dist[square] = 0
            elif sq.kind == "platform":
                gap = LAYOUTS[layout_index].index(sq.colour)
                dist[square] = 1 + _straight_to_go(sq.lane, gap + 1, 0)
            else:
                dist[square] = 1 + data.STRAND_LENGTH + _straight_to_go(sq.lane, sq.segment + 1, 0)
        return dist[square]

    return [measure(square) for square in range(len(SQUARES))]


TO_GO: list[list[int]] = [_to_go(i) for i in range(len(LAYOUTS))]
# A locomotive at home still has its start square to take.
HOME_TO_GO = 1 + min(_straight_to_go(lane, 0, 0) for lane in range(data.LANES))
