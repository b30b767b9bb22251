"""Round scoring: the penalties of ruling 6, the score track's barrier and the end of the game (ruling 2)."""

from __future__ import annotations

from games.transamerica.board import BOARD
from games.transamerica.steiner import connection

START_SCORE = 13
START_BARRIER = 0
BARRIER_ROUND = 2  # the only round after which the barrier may move
BARRIER_LEAD = 3  # the barrier moves to (lowest score - 3): two free spaces between them
BARRIER_MIN_SCORE = 4  # ... but only when the lowest score is still at least this
MIN_ROUNDS = 2  # the barrier never ends the game before this many rounds


def penalty(cities: list[int], marker: int, built: frozenset[int]) -> tuple[int, list[int]]:
    """The exact cost of the track still missing to join the cities and the marker, and that track."""
    return connection([BOARD.point_index[BOARD.cities[c].point] for c in cities] + [marker], built)


def moved_barrier(round_number: int, scores: list[int], barrier: int) -> int:
    """The barrier after a round's scoring (it only ever moves after round 2)."""
    lowest = min(scores)
    if round_number == BARRIER_ROUND and lowest >= BARRIER_MIN_SCORE:
        return max(barrier, lowest - BARRIER_LEAD)
    return barrier


def barrier_reached(round_number: int, scores: list[int], barrier: int) -> bool:
    return round_number >= MIN_ROUNDS and min(scores) <= barrier
