"""The move log: one line of text per language-neutral engine event, the same mechanism for every game.

An event `{"type": "track_placed", "player": 0, ...}` becomes the catalog text `log.track_placed`
with its params formatted first. Params that mean the same in every game are formatted here: seats
become player names, lists of seats "A, B and C", per-seat numbers "A: 3, B: 0". What belongs to one
game lives in its module `ui.logs.<game_id>`, imported the first time an event of that game is
formatted: it registers formatters for params of its events (TransAmerica shows an edge "3,4,E" as
"3,4 → 4,4") and variant pickers that choose a more precise key (`log.track_placed.double`).
An empty catalog text means "not shown in the log".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from games import GAME_IDS
from ui.i18n import Translate, join

Event = dict[str, Any]
Names = Sequence[str]
Formatter = Callable[[Any, Translate, Names], str]
Variant = Callable[[Event], str | None]


def player_name(seat: object, t: Translate, names: Names) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return t("seat.default_name", n=seat + 1 if isinstance(seat, int) else "?")


def player_list(seats: object, t: Translate, names: Names) -> str:
    return join([player_name(s, t, names) for s in seats], t) if isinstance(seats, list) else ""


def per_player(values: object, t: Translate, names: Names, skip_zero: bool = False) -> str:
    """"A: 3, B: 0"; with `skip_zero`, only the players whose value is not 0 ("A: 3")."""
    if not isinstance(values, list):
        return ""
    return t("list.separator").join(
        t("log.player_value", name=player_name(seat, t, names), value=value)
        for seat, value in enumerate(values) if not (skip_zero and value == 0)
    )


def plain(value: object, t: Translate, names: Names) -> str:
    if isinstance(value, list):
        return t("list.separator").join(str(v) for v in value if not isinstance(v, list | dict))
    return "" if isinstance(value, dict) else str(value)


def ordinal(value: object, t: Translate, names: Names) -> str:
    """0-based indices (rows, sheds) as players count them, from 1."""
    return str(value + 1) if isinstance(value, int) else plain(value, t, names)


def numbers(value: object, t: Translate, names: Names) -> str:
    return join([str(v) for v in value], t) if isinstance(value, list) else plain(value, t, names)


def keyed(prefix: str) -> Formatter:
    """A value named by a catalog key: keyed("colour.") formats "blue" as t("colour.blue")."""
    return lambda value, t, names: t(f"{prefix}{value}")


# Params that mean the same in every game: seats, lists of seats, a number per seat.
PARAMS: dict[str, Formatter] = {
    "player": player_name,
    "start_player": player_name,
    "leader": player_name,
    "owner": player_name,
    "players": player_list,
    "winners": player_list,
    "scores": per_player,
}

# Variants every game shares: event type -> picker of a key suffix.
VARIANTS: dict[str, Variant] = {
    "game_over": lambda event: "shared" if len(event.get("winners") or ()) > 1 else None,
}

# Registered by the game modules `ui.logs.<game_id>`: (game, event type, param) -> formatter and
# (game, event type) -> variant picker.
GAME_PARAMS: dict[tuple[str, str, str], Formatter] = {}
GAME_VARIANTS: dict[tuple[str, str], Variant] = {}
_loaded: set[str] = set()


def register_param(game_id: str, event_types: str, param: str, formatter: Formatter) -> None:
    """Format `param` of each of the (space-separated) event types of a game with `formatter`."""
    for event_type in event_types.split():
        GAME_PARAMS[(game_id, event_type, param)] = formatter


def register_variant(game_id: str, event_type: str, variant: Variant) -> None:
    GAME_VARIANTS[(game_id, event_type)] = variant


def _load(game_id: str | None) -> str:
    """The game's log module imported once ("" when the game is unknown: shared formatting only)."""
    if game_id not in GAME_IDS:
        return ""
    if game_id not in _loaded:
        import_module(f"ui.logs.{game_id}")
        _loaded.add(game_id)
    return game_id


def log_key(event: Event, game_id: str | None = None) -> str:
    kind = event["type"]
    game = _load(game_id)
    variant = GAME_VARIANTS.get((game, kind)) or VARIANTS.get(kind)
    suffix = variant(event) if variant else None
    return f"log.{kind}.{suffix}" if suffix else f"log.{kind}"


def log_line(event: object, t: Translate, names: Names, game_id: str | None = None) -> str | None:
    """The log text of one event of game `game_id` in the language of `t`, or None when it is not shown.

    Without a known `game_id` only the formatting shared by every game applies.
    """
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return None
    kind, game = event["type"], _load(game_id)
    params = {
        name: (GAME_PARAMS.get((game, kind, name)) or PARAMS.get(name, plain))(value, t, names)
        for name, value in event.items() if name != "type"
    }
    return t(log_key(event, game), **params) or None
