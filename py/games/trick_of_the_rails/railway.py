"""Scoring a company's railway (ruling 8): the best contiguous run its locomotive can travel."""

from __future__ import annotations

from typing import NamedTuple

from games.trick_of_the_rails.cards import LOCOMOTIVES, SEGMENT_VALUE


class Appraisal(NamedTuple):
    """What a company is worth now: the scoring run is segments[run_start:run_stop]."""

    run_start: int
    run_stop: int
    profit: int
    share_value: int


def best_run(values: list[int], distance: int | None) -> tuple[int, int, int]:
    """(start, stop, total) of the leftmost best run of exactly `distance` values, or of all of them
    when there are no more than that (distance None = no limit)."""
    if distance is None or len(values) <= distance:
        return 0, len(values), sum(values)
    total = best = sum(values[:distance])
    start = 0
    for stop in range(distance, len(values)):
        total += values[stop] - values[stop - distance]
        if total > best:
            best, start = total, stop - distance + 1
    return start, start + distance, best


def appraise(segments: list[str], locomotive: str | None) -> Appraisal:
    """A company without a locomotive runs no train: no run, no profit, shares worth 0."""
    if locomotive is None:
        return Appraisal(0, 0, 0, 0)
    distance, cost = LOCOMOTIVES[locomotive]
    start, stop, profit = best_run([SEGMENT_VALUE[s] for s in segments], distance)
    return Appraisal(start, stop, profit, max(0, profit - cost))


def share_value(values: list[int], locomotive: str, total: int | None = None) -> int:
    """A share's value with this locomotive on a railway of these station values (as `appraise`);
    `total`, the values' sum, if the caller has it already."""
    distance, cost = LOCOMOTIVES[locomotive]
    if distance is None or len(values) <= distance:  # the whole railway runs
        run = sum(values) if total is None else total
    else:
        run = best_run(values, distance)[2]
    return max(0, run - cost)


def expected_share_value(segments: list[str], locomotive: str | None, coming: list[str]) -> float:
    """A share's value during the game: the real one with a locomotive, else the mean over the
    locomotives still to come (0 when none is left)."""
    values = [SEGMENT_VALUE[s] for s in segments]
    if locomotive is not None:
        return share_value(values, locomotive)
    if not coming:
        return 0.0
    total = sum(values)  # once for all the locomotives to come: the bots' playouts spend much time here
    return sum(share_value(values, loco, total) for loco in coming) / len(coming)
