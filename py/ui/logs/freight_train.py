"""Freight Train's log: car types and train categories by name, day scores by player."""

from __future__ import annotations

from functools import partial

from ui.log import Event, keyed, ordinal, per_player, player_list, register_param, register_variant

GAME = "freight_train"

# Where a car can go from where (`log.car_moved.<source>_<target>`); "_new" when it starts a train.
CAR_MOVES = {"main_train", "main_yard", "yard_train"}


def _car_moved(event: Event) -> str | None:
    move = f"{event.get('source')}_{event.get('target')}"
    if move not in CAR_MOVES:
        return None
    return f"{move}_new" if event.get("target") == "train" and event.get("new") else move


def _nobody_scores(event: Event) -> str | None:
    points = event.get("points")
    return "none" if isinstance(points, list) and not any(points) else None


register_param(GAME, "car_moved", "car", keyed("freight.a_car."))
register_param(GAME, "car_moved caboose_attached", "train_kind", keyed("freight.train."))
register_param(GAME, "category_scored", "category", keyed("freight.train."))
register_param(GAME, "row_filled", "row", ordinal)
register_param(GAME, "category_scored", "points", partial(per_player, skip_zero=True))
register_param(GAME, "yard_scored day_scored", "points", per_player)
register_param(GAME, "day_started", "free_locos", player_list)
register_variant(GAME, "day_started", lambda event: "free" if event.get("free_locos") else None)
register_variant(GAME, "round_started", lambda event: "day")
register_variant(GAME, "car_moved", _car_moved)
register_variant(GAME, "category_scored", _nobody_scores)
register_variant(GAME, "yard_scored", _nobody_scores)
