"""The move log: one line of text per language-neutral engine event, the same mechanism for every game.

An event `{"type": "track_placed", "player": 0, ...}` becomes the catalog text `log.track_placed`
with its params formatted first. Params that mean the same in every game are formatted here: seats
become player names, lists of seats "A, B and C", per-seat numbers "A: 3, B: 0". What belongs to one
game is its face's `LogStyle` (`ui.games.<game_id>.log`), which the caller passes:
formatters for params of its events (TransAmerica shows an edge
"3,4,E" as "Denver → 8,5") and variant pickers that choose a more precise key (`log.track_placed.double`).
An empty catalog text means "not shown in the log".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

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


def signed(n: int) -> str:
    """A whole number with its sign, a true minus (U+2212) that screen readers say as "minus"."""
    return f"{n:+d}".replace("-", "\u2212")


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


@dataclass
class LogStyle:
    """One game's part of the log: formatters for params of its own events, and variant pickers
    that choose a more precise catalog key (`log.track_placed.double`)."""

    params: dict[tuple[str, str], Formatter] = field(default_factory=dict)
    variants: dict[str, Variant] = field(default_factory=dict)

    def param(self, event_types: str, param: str, formatter: Formatter) -> LogStyle:
        """Format `param` of each of the (space-separated) event types with `formatter`."""
        for event_type in event_types.split():
            self.params[(event_type, param)] = formatter
        return self

    def variant(self, event_type: str, picker: Variant) -> LogStyle:
        self.variants[event_type] = picker
        return self


SHARED_LOG = LogStyle()  # the formatting every game shares, and nothing more


def log_key(event: Event, style: LogStyle = SHARED_LOG, prefix: str = "log.") -> str:
    kind = event["type"]
    variant = style.variants.get(kind) or VARIANTS.get(kind)
    suffix = variant(event) if variant else None
    return f"{prefix}{kind}.{suffix}" if suffix else f"{prefix}{kind}"


def log_line(event: object, t: Translate, names: Names, style: LogStyle = SHARED_LOG,
             prefix: str = "log.") -> str | None:
    """The log text of one event in the language of `t`, formatted with its game's `style`, or None
    when it is not shown. A bot's caption (`games.bots.Caption`) is read the same way, from the
    catalog's `why.` keys."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return None
    kind = event["type"]
    params = {
        name: (style.params.get((kind, name)) or PARAMS.get(name, plain))(value, t, names)
        for name, value in event.items() if name != "type"
    }
    return t(log_key(event, style, prefix), **params) or None


# The log reads in sections: these events open one (a round, a day), these close one (a trick won,
# a round or day scored); between them, a player's consecutive lines are one turn.
SECTION_HEADS = frozenset({"game_started", "round_started", "day_started"})
SECTION_ENDS = frozenset({"trick_won", "round_scored", "day_scored", "game_over"})


class LogEntry(NamedTuple):
    """One line of the log, with what the page needs to group it: the acting seat (for its colour
    chip), whether it heads or ends a section, and whether it starts a turn (a new actor)."""

    text: str
    seat: int | None
    kind: Literal["head", "move", "end"]
    turn: bool


def log_entry(event: object, t: Translate, names: Names, style: LogStyle, previous: LogEntry | None
              ) -> LogEntry | None:
    """`event`'s line, grouped after `previous` (the log's last entry so far), or None if not shown."""
    text = log_line(event, t, names, style)
    if text is None or not isinstance(event, dict):
        return None
    seat = event.get("player")
    seat = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    kind: Literal["head", "move", "end"] = (
        "head" if event["type"] in SECTION_HEADS else "end" if event["type"] in SECTION_ENDS else "move")
    turn = kind == "move" and (previous is None or previous.kind != "move" or previous.seat != seat)
    return LogEntry(text, seat, kind, turn)
