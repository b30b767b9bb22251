"""Locomotion's log: platforms and dice by colour, lanes and crash causes by name, locomotives by owner."""

from __future__ import annotations

from games.locomotion.board_data import LOCOS_PER_PLAYER
from ui.i18n import Translate
from ui.log import Event, LogStyle, Names, keyed, numbers, ordinal, player_name


def _owner(loco: object) -> object:
    """Seat p owns locomotives 4p to 4p+3."""
    return loco // LOCOS_PER_PLAYER if isinstance(loco, int) else loco


def owner_name(loco: object, t: Translate, names: Names) -> str:
    return player_name(_owner(loco), t, names)


def _own_push(event: Event) -> str | None:
    return "own" if _owner(event.get("by")) == event.get("owner") else None


LOG = LogStyle()
LOG.param("dice_rolled", "colour", keyed("colour."))
LOG.param("dice_rolled", "numbers", numbers)
LOG.param("platform_slid tile_returned", "colour", keyed("loco.platform."))
LOG.param("platform_slid", "direction", keyed("loco.direction."))
LOG.param("loco_entered", "lane", keyed("loco.lane."))
LOG.param("loco_pushed", "by", owner_name)
LOG.param("loco_crashed", "cause", keyed("loco.cause."))
LOG.param("loco_sheltered", "shed", ordinal)
LOG.variant("dice_rolled", lambda event: "chosen" if event.get("chosen") else None)
LOG.variant("loco_pushed", _own_push)
LOG.variant("loco_crashed", lambda event: "tile" if event.get("tile") else None)
LOG.variant("passed", lambda event: "stuck")  # a player passes only when no locomotive can move
LOG.variant("game_over", lambda event: "sheds")  # one winner: the first with three in the sheds
