"""Freight Train day scoring (ruling 8): every tie case, cabooses, and the private-yard bonus and penalty."""

from __future__ import annotations

import pytest

from games import get_game
from games.freight_train.cards import CATEGORIES, MIXED
from games.freight_train.player import Train
from games.freight_train.scoring import category_points, category_table, yard_points
from games.freight_train.state import FreightTrainState

GAME = get_game("freight_train")


@pytest.mark.parametrize(("lengths", "points"), [
    ([0, 0, 0], [0, 0, 0]),  # nobody has the train
    ([4, 0, 0], [3, 0, 0]),  # a lone train scores 3, not 3 + 1
    ([1, 0], [3, 0]),
    ([5, 3, 0], [3, 1, 0]),  # longest 3, second 1
    ([2, 5, 3, 1], [0, 3, 1, 0]),  # third and later score nothing
    ([4, 4, 0], [2, 2, 0]),  # two tied longest: 2 each
    ([4, 4, 2, 1], [2, 2, 0, 0]),  # ... and nobody is second
    ([3, 3, 3], [1, 1, 1]),  # three tied: 1 each
    ([3, 3, 3, 2, 1], [1, 1, 1, 0, 0]),  # ... and nothing for the fourth
    ([2, 2, 2, 2], [0, 0, 0, 0]),  # four tied: nothing
    ([6, 6, 6, 6, 6], [0, 0, 0, 0, 0]),  # five tied: nothing
    ([6, 6, 6, 6, 1], [0, 0, 0, 0, 0]),  # four tied longest: the next is not second
    ([7, 2, 2], [3, 0, 0]),  # tied seconds score nothing
    ([7, 2, 2, 2, 1], [3, 0, 0, 0, 0]),
    ([2, 7, 0, 2], [0, 3, 0, 0]),
])
def test_category_points(lengths: list[int], points: list[int]) -> None:
    assert category_points(lengths) == points


def rig_trains(trains: list[list[Train]]) -> FreightTrainState:
    state = GAME.new_state(len(trains), 3)
    for player, own in zip(state.players, trains, strict=True):
        player.trains = own
        player.locos = max(player.locos, len(own))
    return state


def test_category_table_compares_each_category_and_the_mixed_train_apart() -> None:
    state = rig_trains([
        [Train("box", ["box"] * 4), Train(MIXED, ["box", "tank", "ore"])],
        [Train("box", ["box"] * 2), Train("tank", ["tank"] * 3)],
        [Train(MIXED, ["ore", "stock"]), Train("ore", ["ore"])],
    ])
    table = {entry["category"]: entry for entry in category_table(state.players)}
    assert list(table) == list(CATEGORIES)
    assert table["box"]["lengths"] == [4, 2, 0] and table["box"]["points"] == [3, 1, 0]
    assert table["tank"]["points"] == [0, 3, 0]  # the mixed train's tank does not count as a tank train
    assert table["ore"]["points"] == [0, 0, 3]
    assert table[MIXED]["lengths"] == [3, 0, 2] and table[MIXED]["points"] == [3, 0, 1]
    assert table["hopper"]["points"] == [0, 0, 0]


def test_caboose_doubles_its_train_points_but_not_its_length() -> None:
    state = rig_trains([
        [Train("box", ["box"] * 3, caboose=True), Train(MIXED, ["box"], caboose=True)],
        [Train("box", ["box"] * 3), Train(MIXED, ["tank", "ore"])],
        [Train("box", ["box"] * 3, caboose=True)],
    ])
    table = {entry["category"]: entry for entry in category_table(state.players)}
    # Three tied box trains of 3 cars (the caboose is no car): 1 each, doubled with a caboose.
    assert table["box"]["lengths"] == [3, 3, 3]
    assert table["box"]["cabooses"] == [True, False, True]
    assert table["box"]["points"] == [2, 1, 2]
    # A caboose on a second-placed train doubles its 1 point.
    assert table[MIXED]["points"] == [2, 3, 0]


@pytest.mark.parametrize(("cars", "day", "points"), [
    (0, 1, 0), (1, 1, 0), (7, 1, 3), (8, 1, 4), (16, 1, 8),
    (0, 2, 0), (9, 2, 0),
    (0, 3, 0), (1, 3, -1), (13, 3, -13),
])
def test_private_yard_points(cars: int, day: int, points: int) -> None:
    assert yard_points(cars, day) == points


def test_day_scoring_adds_trains_and_yard_and_reports_every_category() -> None:
    state = rig_trains([[Train("box", ["box"] * 2)], [Train("box", ["box"])]])
    state.players[0].yard = [["ore"] * 3, ["tank"] * 2]  # 5 cars: +2 after day 1
    state.players[1].yard = [["ore"], []]  # 1 car: +0
    state._score_day()
    assert [player.points for player in state.players] == [5 + 3 + 2, 5 + 1 + 0]
    assert state.days == [[
        {"categories": {**dict.fromkeys(CATEGORIES, 0), "box": 3}, "trains": 3, "yard": 2, "total": 5},
        {"categories": {**dict.fromkeys(CATEGORIES, 0), "box": 1}, "trains": 1, "yard": 0, "total": 1},
    ]]
    scored = [event for event in state.events if event["type"] == "category_scored"]
    assert [event["category"] for event in scored] == list(CATEGORIES)
    assert scored[1] == {"type": "category_scored", "ply": 0, "day": 1, "category": "box", "lengths": [2, 1],
                         "cabooses": [False, False], "points": [3, 1]}
    yard = next(event for event in state.events if event["type"] == "yard_scored")
    assert yard["cars"] == [5, 1] and yard["points"] == [2, 0]
    day = next(event for event in state.events if event["type"] == "day_scored")
    assert day["points"] == [5, 1] and day["scores"] == [10, 6]


def test_day_three_penalises_every_car_left_in_the_private_yard() -> None:
    state = rig_trains([[], []])
    state.day = 3
    state.players[0].yard = [["ore"] * 8, ["tank"] * 3]
    state._score_day()
    assert [player.points for player in state.players] == [5 - 11, 5 - 12]
