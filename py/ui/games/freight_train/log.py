"""Freight Train's log: car types and train categories by name, day scores by player; and the
params of a bot's captions (`games.freight_train.explain`)."""

from __future__ import annotations

from functools import partial

from ui.games.freight_train.sheet import cars
from ui.i18n import Translate
from ui.log import Event, LogStyle, Names, keyed, ordinal, per_player, plain, player_list, signed

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

# -- a bot's caption (`games.freight_train.explain`), read from the `why.freight.*` keys ----------------

# A train's place in its category if the day ended now (`explain.rank`).
STANDING_KEYS = {
    "first": "why.freight.standing.first",
    "tied": "why.freight.standing.tied",
    "second": "why.freight.standing.second",
    "none": "why.freight.standing.none",
}
MARGIN_KEYS = {1: "why.freight.margin.ahead", 0: "why.freight.margin.level", -1: "why.freight.margin.behind"}


def _standing(value: object, t: Translate, names: Names) -> str:
    if not isinstance(value, dict) or value.get("rank") not in STANDING_KEYS:
        return ""
    return t(STANDING_KEYS[value["rank"]], points=value.get("points", 0),
             players=player_list(value.get("tied", []), t, names))


def _margin(value: object, t: Translate, names: Names) -> str:
    """The projected lead over the best rival (`bots.margin`), or how far behind it."""
    if not isinstance(value, int):
        return plain(value, t, names)
    return t(MARGIN_KEYS[(value > 0) - (value < 0)], n=abs(value))


def _signed(value: object, t: Translate, names: Names) -> str:
    return signed(value) if isinstance(value, int) else plain(value, t, names)


def _cars(value: object, t: Translate, names: Names) -> str:
    return cars(value, t) if isinstance(value, int) else plain(value, t, names)


LOG.param("freight.take freight.put", "car", keyed("freight.a_car."))
LOG.param("freight.take freight.caboose", "train_kind", keyed("freight.train."))
LOG.param("freight.take freight.caboose", "standing", _standing)
LOG.param("freight.take freight.fill freight.put", "row", ordinal)
LOG.param("freight.take freight.put", "yard_row", ordinal)
LOG.param("freight.take", "length", _cars)
LOG.param("freight.take freight.arrange", "cars", _cars)
LOG.param("freight.take", "yard_points", _signed)
LOG.param("freight.done", "taken", _cars)
LOG.param("freight.done", "margin", _margin)
LOG.param("freight.fill freight.put", "left", _cars)
LOG.variant("freight.take", lambda caption: f"{caption.get('source')}_{caption.get('target')}")
LOG.variant("freight.done", lambda caption: caption.get("action"))
LOG.variant("freight.fill", lambda caption: caption.get("reason"))
LOG.variant("freight.put", lambda caption: "last" if caption.get("left") == 0 else None)
