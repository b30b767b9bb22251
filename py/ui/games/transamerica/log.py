"""TransAmerica's log: a point reads as its city when there is one ("Denver"), else "3,4"."""

from __future__ import annotations

from games.transamerica.board import BOARD, DIRECTIONS
from ui.i18n import Translate
from ui.log import LogStyle, Names, per_player, plain, player_list


def _city(x: int, y: int) -> str | None:
    index = BOARD.point_index.get((x, y))
    city = BOARD.city_at.get(index) if index is not None else None
    return city.name if city else None


def point(value: object, t: Translate, names: Names) -> str:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        return plain(value, t, names)
    x, y = value
    return _city(x, y) or t("log.point", point=f"{x},{y}")


def edge(value: object, t: Translate, names: Names) -> str:
    """An edge "7,5,E" by both its ends: "Denver → 8,5"."""
    parts = value.split(",") if isinstance(value, str) else []
    if len(parts) != 3 or parts[2] not in DIRECTIONS or not all(p.isdigit() for p in parts[:2]):
        return plain(value, t, names)
    x, y = int(parts[0]), int(parts[1])
    dx, dy = DIRECTIONS[parts[2]]
    return " → ".join(_city(*end) or f"{end[0]},{end[1]}" for end in ((x, y), (x + dx, y + dy)))


LOG = LogStyle()
LOG.param("marker_placed marker_moved", "point", point)
LOG.param("track_placed", "edge", edge)
LOG.param("round_scored", "complete", player_list)
LOG.param("round_scored", "penalties", per_player)
LOG.variant("track_placed", lambda event: "double" if event.get("cost") == 2 else None)
