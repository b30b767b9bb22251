"""Day scoring (ruling 8): the 12 train categories, then the private-yard bonus or penalty."""

from __future__ import annotations

from collections.abc import Sequence

from games.freight_train.cards import CABOOSE_FACTOR, CATEGORIES, YARD_SCORE
from games.freight_train.player import Player
from games.freight_train.view import CategoryScore

# Number of players tied for the longest train -> points each (four or more tied score nothing).
FIRST_PLACE: dict[int, int] = {1: 3, 2: 2, 3: 1}
# Only a lone second behind a lone first scores.
SECOND_PLACE = 1


def places(lengths: Sequence[int]) -> tuple[list[int], list[int]]:
    """The players first in a category (every longest train) and second (every next longest, only
    behind a lone first: tied firsts leave no second place); a length of 0 (no train) is not placed."""
    ranked = sorted({length for length in lengths if length > 0}, reverse=True)
    if not ranked:
        return [], []
    firsts = [i for i, length in enumerate(lengths) if length == ranked[0]]
    if len(firsts) > 1 or len(ranked) == 1:
        return firsts, []
    return firsts, [i for i, length in enumerate(lengths) if length == ranked[1]]


def category_points(lengths: Sequence[int]) -> list[int]:
    """Points per player for one category, from each player's train length (0: no such train)."""
    points = [0] * len(lengths)
    firsts, seconds = places(lengths)
    for i in firsts:
        points[i] = FIRST_PLACE.get(len(firsts), 0)
    if len(seconds) == 1:
        points[seconds[0]] = SECOND_PLACE
    return points


def category_table(players: Sequence[Player]) -> list[CategoryScore]:
    """Per category: each player's train length, caboose, and points (a caboose doubles them)."""
    table: list[CategoryScore] = []
    for category in CATEGORIES:
        trains = [player.train_of(category) for player in players]
        lengths = [len(train.cars) if train else 0 for train in trains]
        cabooses = [bool(train and train.caboose) for train in trains]
        points = [p * CABOOSE_FACTOR if caboose else p
                  for p, caboose in zip(category_points(lengths), cabooses, strict=True)]
        table.append({"category": category, "lengths": lengths, "cabooses": cabooses, "points": points})
    return table


def yard_points(cars: int, day: int) -> int:
    rate, per = YARD_SCORE[day]
    return rate * (cars // per)
