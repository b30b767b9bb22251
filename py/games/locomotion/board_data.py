"""The Locomotion board we designed (no picture of the original exists), as plain data, and its validator.

Three lanes circle a central hub, inner lane 0 (shortest) to outer lane 2 (longest). From the three
green start squares the route runs through gap 0 (south of the hub), then gap 1 (west), gap 2 (north)
and gap 3 (east), and ends on the three finish squares next to the nine sheds. Segment k joins gap k-1
to gap k; segment 0 is the start square and the last segment ends with the finish square.

Each gap is exactly one platform long. A platform carries one strand per lane it can be entered from;
its strand table says, per gap, where each strand leads once the platform sits there. Codes, one per
entry lane (inner, middle, outer):

    =  through: straight on into the same lane of the next segment
    <  lane change inward (to lane - 1)        >  lane change outward (to lane + 1)
    B  the strand ends at a buffer              X  the strand leads off the track

Tuning (`cd py && python3 -m games.locomotion.tune`): the greedy policy of `policy.py` in every seat,
2,000 games per row, and uniformly random moves, 1,000 games per row (seeds 0..n-1). "turns" = turns
per player (a double's extra turn not counted); "crash" = share of driven moves in which a locomotive
crashed (driven or pushed; the empty gap causes most).

    | players | policy | turns per player: mean (p10-p90) | crash share of moves | moves per game |
    |---------|--------|----------------------------------|----------------------|----------------|
    | 2       | greedy | 21.1 (14.5-28.0)                 | 10.5%                | 53             |
    | 2       | random | 33.1 (19.5-48.0)                 | 25.0%                | 82             |
    | 3       | greedy | 19.9 (13.7-26.7)                 | 12.7%                | 75             |
    | 3       | random | 28.9 (18.0-41.7)                 | 25.7%                | 107            |
    | 4       | greedy | 19.0 (13.0-25.2)                 | 15.3%                | 95             |
    | 4       | random | 27.5 (17.5-38.5)                 | 27.1%                | 136            |

With repair tiles (`--repair-tiles`, 1,000 greedy / 500 random games per row), 4 players: greedy
19.4 turns (13.5-26.0), 15.5% crashes; random 26.7 turns, 27.1% crashes.

Shorter lanes (segments of 4-6 squares, strands of 2) gave 4-player greedy games of 16-18 turns but
24-31% crashes; longer ones (8-10 squares) 22-24 turns and 12-18%. Each dead strand (B, X) adds one
to two points of crashes, so the tables keep three; lanes of 37, 40 and 42 squares strike the balance.
"""

from __future__ import annotations

LANES = 3
COLOURS = ("blue", "red", "yellow")

# The colour die: each platform colour on two faces.
COLOUR_DIE = ("blue", "red", "yellow", "blue", "red", "yellow")

# Gap k sits after segment k; positions are unit vectors from the hub (x east, y north).
GAP_NAMES = ("south", "west", "north", "east")
GAP_POSITIONS = ((0, -1), (-1, 0), (0, 1), (1, 0))

# Platform in each gap at setup (the coloured buffers on the board); "" = the empty gap by the starts.
SETUP = ("", "blue", "red", "yellow")

# Squares per lane (inner, middle, outer) of each segment; segment 0 is the start square.
SEGMENTS = (
    (1, 1, 1),
    (6, 6, 7),
    (6, 7, 7),
    (6, 7, 8),
    (6, 7, 7),
)

# Squares on every strand of a platform (every gap is one platform long).
STRAND_LENGTH = 3

SHEDS = 9
MAX_PLAYERS = 4
LOCOS_PER_PLAYER = 4
LOCOS_TO_WIN = 3
REPAIR_TILES = 12

# Platform -> one code string per gap (gap 0..3), one code per entry lane (inner, middle, outer).
STRANDS = {
    "blue": ("===", "=>=", "==<", "X=="),
    "red": ("==<", ">=<", "B==", "=<="),
    "yellow": (">==", "==<", "=X=", "=>="),
}

THROUGH, INWARD, OUTWARD, BUFFER, OFF_TRACK = "=", "<", ">", "B", "X"


def slide_direction(from_gap: int, to_gap: int) -> str:
    """Which way a platform slides between two gaps, seen from the first gap facing the hub."""
    (ax, ay), (bx, by) = GAP_POSITIONS[from_gap], GAP_POSITIONS[to_gap]
    if (ax + bx, ay + by) == (0, 0):
        return "ahead"
    # Facing the hub means facing -a; b lies to the left when cross(-a, b) > 0.
    return "left" if -ax * by + ay * bx > 0 else "right"


def exit_lane(code: str, lane: int) -> int | None:
    """The lane a strand leads into, or None when it ends at a buffer or off the track."""
    return {THROUGH: lane, INWARD: lane - 1, OUTWARD: lane + 1}.get(code)


def lane_lengths() -> tuple[int, ...]:
    """Squares from start to finish square along each lane, going straight through every gap."""
    gaps = len(SEGMENTS) - 1
    return tuple(sum(seg[lane] for seg in SEGMENTS) + gaps * STRAND_LENGTH for lane in range(LANES))


def problems() -> list[str]:
    """Every way the data breaks the board brief (rulings.md, Locomotion); empty when the board is sound."""
    found: list[str] = []
    gaps = len(GAP_POSITIONS)
    if gaps != 4 or len(GAP_NAMES) != gaps or len(SEGMENTS) != gaps + 1:
        found.append("the route needs 4 gaps, each between two segments")
    if len(set(GAP_POSITIONS)) != gaps or (0, 0) in GAP_POSITIONS:
        found.append("gaps must sit at distinct places around the hub")
    for gap in range(gaps):
        directions = sorted(slide_direction(gap, other) for other in range(gaps) if other != gap)
        if directions != ["ahead", "left", "right"]:
            found.append(f"gap {gap} does not reach the other gaps by one slide left, right and ahead")
    if any(len(seg) != LANES for seg in SEGMENTS) or any(n < 1 for seg in SEGMENTS for n in seg):
        found.append("every segment needs at least one square in each lane")
    if SEGMENTS[0] != (1,) * LANES:
        found.append("segment 0 must be exactly the start square of each lane")
    lengths = lane_lengths()
    if len(set(lengths)) != LANES:
        found.append(f"the three lanes must have different lengths, not {lengths}")
    if STRAND_LENGTH < 1:
        found.append("strands need at least one square")
    if sorted(COLOUR_DIE) != sorted(COLOURS * 2):
        found.append("the colour die shows each colour twice")
    if SETUP[0] != "" or sorted(SETUP[1:]) != sorted(COLOURS):
        found.append("at setup the gap after the starts is empty and each platform fills one other gap")
    if SHEDS < MAX_PLAYERS * (LOCOS_TO_WIN - 1) + 1 or SHEDS != 9:
        found.append("9 sheds are needed so every finisher finds one")
    if set(STRANDS) != set(COLOURS):
        found.append("one strand table per platform colour")
    kinds: set[str] = set()
    for colour, table in STRANDS.items():
        if len(table) != gaps:
            found.append(f"{colour}: one strand row per gap")
            continue
        for gap, row in enumerate(table):
            if len(row) != LANES:
                found.append(f"{colour} in gap {gap}: one code per lane")
                continue
            kinds.update(row)
            if THROUGH not in row:
                found.append(f"{colour} in gap {gap}: no through route")
            for lane, code in enumerate(row):
                if code not in (THROUGH, INWARD, OUTWARD, BUFFER, OFF_TRACK):
                    found.append(f"{colour} in gap {gap}: unknown code {code!r}")
                elif code in (INWARD, OUTWARD):
                    to = exit_lane(code, lane)
                    if to is None or not 0 <= to < LANES:
                        found.append(f"{colour} in gap {gap}: lane {lane} changes off the board")
    if not {THROUGH, INWARD, OUTWARD, BUFFER, OFF_TRACK} <= kinds:
        found.append("strands must go through, change lane both ways, end at buffers and lead off track")
    return found
