"""Locomotion's log: platforms and dice by colour, lanes and crash causes by name, locomotives by owner."""

from __future__ import annotations

from games.locomotion.board_data import LOCOS_PER_PLAYER
from ui.i18n import Translate
from ui.log import Event, Names, keyed, numbers, ordinal, player_name, register_param, register_variant

GAME = "locomotion"


def _owner(loco: object) -> object:
    """Seat p owns locomotives 4p to 4p+3."""
    return loco // LOCOS_PER_PLAYER if isinstance(loco, int) else loco


def owner_name(loco: object, t: Translate, names: Names) -> str:
    return player_name(_owner(loco), t, names)


def _own_push(event: Event) -> str | None:
    return "own" if _owner(event.get("by")) == event.get("owner") else None


register_param(GAME, "dice_rolled", "colour", keyed("colour."))
register_param(GAME, "dice_rolled", "numbers", numbers)
register_param(GAME, "platform_slid tile_returned", "colour", keyed("loco.platform."))
register_param(GAME, "platform_slid", "direction", keyed("loco.direction."))
register_param(GAME, "loco_entered", "lane", keyed("loco.lane."))
register_param(GAME, "loco_pushed", "by", owner_name)
register_param(GAME, "loco_crashed", "cause", keyed("loco.cause."))
register_param(GAME, "loco_sheltered", "shed", ordinal)
register_variant(GAME, "dice_rolled", lambda event: "chosen" if event.get("chosen") else None)
register_variant(GAME, "loco_pushed", _own_push)
register_variant(GAME, "loco_crashed", lambda event: "tile" if event.get("tile") else None)
