"""Freight Train's log: car types and train categories by name, day scores by player."""

from __future__ import annotations

from functools import partial

from ui.log import Event, LogStyle, keyed, ordinal, per_player, player_list

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


LOG = LogStyle()
LOG.param("car_moved", "car", keyed("freight.a_car."))
LOG.param("car_moved caboose_attached", "train_kind", keyed("freight.train."))
LOG.param("category_scored", "category", keyed("freight.train."))
LOG.param("row_filled", "row", ordinal)
LOG.param("category_scored", "points", partial(per_player, skip_zero=True))
LOG.param("yard_scored day_scored", "points", per_player)
LOG.param("day_started", "free_locos", player_list)
LOG.variant("day_started", lambda event: "free" if event.get("free_locos") else None)
LOG.variant("round_started", lambda event: "day")
LOG.variant("car_moved", _car_moved)
LOG.variant("category_scored", _nobody_scores)
LOG.variant("yard_scored", _nobody_scores)
