"""Driving a locomotive: steps, pushes, chain reactions, crashes and finishing, worked out without
changing anything, so the same walk serves the move itself, the preview of a move and the bots.

Each point of the dice moves the front locomotive of the chain one square. The driven locomotive stops
behind the first locomotive in its way, which goes on with the points left, and so on. The track never
leads backwards, so every square ahead of the front locomotive still holds what it held before the move.
"""

from __future__ import annotations

from typing import NamedTuple

from games.locomotion.track import FINISH


class Run(NamedTuple):
    """What a move does: the steps `(loco, square)` in order, then at most one crash or one shed."""

    steps: tuple[tuple[int, int], ...]
    crashed: int = -1  # the locomotive that crashed, or -1
    cause: int = 0  # the crash code (see track.CRASH_CAUSES) when one crashed
    sheltered: int = -1  # the driven locomotive when it reached a shed, or -1


def run(driven: int, square: int, points: int, occupant: list[int], nxt: list[int]) -> Run:
    """Drive `driven`, standing on `square`, by `points` along `nxt` (the current layout's next squares).

    `occupant[square]` is the locomotive on each square (-1 = none); the driven one's own square is
    ignored. A locomotive entering play goes by `run_from`.
    """
    steps: list[tuple[int, int]] = []
    if square in FINISH:
        # Pushed onto a finish square earlier: its owner's next move of it takes it into a shed.
        return Run((), sheltered=driven)
    front = driven
    while points > 0:
        ahead = nxt[square]
        if ahead < 0:
            return Run(tuple(steps), crashed=front, cause=ahead)
        blocker = occupant[ahead]
        if blocker >= 0:
            front = blocker
        else:
            steps.append((front, ahead))
            points -= 1
            if front == driven and ahead in FINISH:
                return Run(tuple(steps), sheltered=driven)
        square = ahead
    return Run(tuple(steps))


def run_from(driven: int, square: int, entry: int, points: int, occupant: list[int], nxt: list[int]) -> Run:
    """`run`, for a drive that starts with `entry` points spent: 1 to enter play on the start `square`
    (its first step), 0 to drive from `square`."""
    if not entry:
        return run(driven, square, points, occupant, nxt)
    after = run(driven, square, points - entry, occupant, nxt)
    return Run(((driven, square), *after.steps), after.crashed, after.cause, after.sheltered)
