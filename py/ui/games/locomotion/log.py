"""Locomotion's log: platforms and dice by colour, lanes and crash causes by name, locomotives by owner;
and the bots' captions (`games.locomotion.explain`): locomotives by where they stand, exact odds."""

from __future__ import annotations

from games.locomotion.board_data import LOCOS_PER_PLAYER
from ui.games.locomotion.draw import where
from ui.i18n import Translate
from ui.log import Event, LogStyle, Names, keyed, numbers, ordinal, player_name


def _owner(loco: object) -> object:
    """Seat p owns locomotives 4p to 4p+3."""
    return loco // LOCOS_PER_PLAYER if isinstance(loco, int) else loco


def owner_name(loco: object, t: Translate, names: Names) -> str:
    return player_name(_owner(loco), t, names)


def _own_push(event: Event) -> str | None:
    return "own" if _owner(event.get("by")) == event.get("owner") else None


def locomotive(value: object, t: Translate, names: Names) -> str:
    """A caption's locomotive: "enter <lane>" (a new one), "home" (one sent home), else its square."""
    text = str(value)
    if text.startswith("enter "):
        return t("why.loco.locomotive.new", lane=t(f"loco.lane.{text[6:]}"))
    if text == "home":
        return t("why.loco.locomotive.home")
    return t("why.loco.locomotive.on", place=where(text, t))


def square(value: object, t: Translate, names: Names) -> str:
    return where(str(value), t)


def chance(value: object, t: Translate, names: Names) -> str:
    """An exact chance [n, d]: "5 times in 36", "1 time in 3", "never", "every time"."""
    if not isinstance(value, list) or len(value) != 2:
        return str(value)
    n, d = value
    if n == 0:
        return t("why.loco.odds.never")
    if n == d:
        return t("why.loco.odds.always")
    return t("why.loco.odds.one" if n == 1 else "why.loco.odds", n=n, d=d)


def variant(caption: Event) -> str | None:
    """The catalog variant of a caption: a crash with no other move or no progress to lose, a push of
    one's own locomotive, a drive or an extra turn that nothing crashes."""
    kind = caption["type"]
    if kind == "loco.crash":
        return "forced" if caption.get("forced") else "new" if caption.get("lost") == 0 else None
    if kind in ("loco.push", "loco.push_crash"):
        return "own" if caption.get("owner") == caption.get("player") else None
    if kind in ("loco.drive", "loco.again", "loco.stop"):
        return "safe" if caption.get("odds", [1])[0] == 0 else None
    return None


def squares(value: object, t: Translate, names: Names) -> str:
    """An average number of squares, to a tenth, with the language's decimal sign."""
    if not isinstance(value, int | float):
        return str(value)
    return f"{value:.1f}".replace("-", "\u2212").replace(".", t("why.loco.decimal_point"))


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

CAPTIONS = ("loco.win loco.shed loco.crash loco.push_crash loco.push loco.drive loco.avoid loco.again "
            "loco.stop loco.roll loco.repair loco.pass")
LOG.param(CAPTIONS, "loco", locomotive)
LOG.param("loco.avoid", "other", locomotive)
LOG.param("loco.push", "to", square)
LOG.param("loco.drive loco.avoid", "next", player_name)
LOG.param("loco.drive loco.avoid loco.again loco.stop", "odds", chance)
LOG.param("loco.crash loco.push_crash", "cause", keyed("loco.cause."))
LOG.param("loco.roll loco.repair", "colour", keyed("loco.platform."))
LOG.param("loco.again loco.stop", "gain", squares)
LOG.param("loco.roll loco.repair", "by_die", squares)
LOG.param("loco.roll", "best", squares)
LOG.param("loco.repair", "tiled", squares)
for _kind in ("loco.crash", "loco.push_crash", "loco.push", "loco.drive", "loco.again", "loco.stop"):
    LOG.variant(_kind, variant)
