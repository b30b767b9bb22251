"""Presenting a table on a second screen (pure): the presenter's window says where its table is, and
the projector's window shows the spectator's view of that position, never a secret.

The two windows of one browser talk over a same-origin channel (`BroadcastChannel`, in `ui.app`). A
message carries the whole record: the projector replays it like a shared link, so it needs nothing
else and can open at any time ("hello" asks the presenter for the table). Only the curtains everyone
may see travel with it: a round's end and the results, both drawn from the spectator's view.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from games.core import BadRecord
from ui.controller import Curtain
from ui.replay import Scrubber
from ui.table import Table

PUBLIC_CURTAINS = ("interlude", "result")
MESSAGE_VERSION = 1


def table_message(table: Table, record: dict[str, Any], curtain: Curtain | None, lang: str,
                  caption: str = "", overlays: bool = False) -> str:
    """Where the presenter's table is: `record` (a link's whole record while it is scrubbed) at the
    ply on screen, in the presenter's language, with the curtain open over it if everyone may see it,
    a demonstration's caption (never a suggestion: it reads a human's hand) and whether the overlays
    are on."""
    shown = None if curtain is None or curtain.kind not in PUBLIC_CURTAINS else {
        "kind": curtain.kind, "title": curtain.title, "body": curtain.body, "overlay": curtain.overlay,
        "beside_board": curtain.beside_board}
    return json.dumps({"v": MESSAGE_VERSION, "type": "table", "record": record, "seats": table.seats,
                       "names": table.names, "ply": len(table.state.moves), "lang": lang, "curtain": shown,
                       "caption": caption, "overlays": overlays})


def bye_message() -> str:
    return json.dumps({"v": MESSAGE_VERSION, "type": "bye"})


def hello_message() -> str:
    return json.dumps({"v": MESSAGE_VERSION, "type": "hello"})


def message_type(text: object) -> str:
    """A message's type ("" for anything this version does not read)."""
    try:
        message = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return ""
    if not isinstance(message, dict) or message.get("v") != MESSAGE_VERSION:
        return ""
    kind = message.get("type")
    return kind if isinstance(kind, str) else ""


@dataclass(frozen=True)
class Shown:
    """What the projector shows: a table scrubbed to the presenter's ply, and a curtain or none."""

    table: Table
    scrubber: Scrubber
    fresh: bool  # another game than the one on screen: sit at it, rather than move through it
    curtain: Curtain | None
    lang: str
    caption: str = ""
    overlays: bool = False


class Projection:
    """The projector's side: the presenter's game, followed move by move (a record that goes on from
    the one on screen is played on, not replayed)."""

    def __init__(self) -> None:
        self.scrubber: Scrubber | None = None
        self.table: Table | None = None
        self.players: tuple[list[Any], list[Any]] = ([], [])  # seats and names as the presenter sent them

    def take(self, text: str) -> Shown:
        """The table a "table" message describes; BadRecord when it is not one."""
        message = json.loads(text)
        if not isinstance(message, dict):
            raise BadRecord("error.record_shape")
        record, seats, names = message.get("record"), message.get("seats"), message.get("names")
        ply, lang = message.get("ply"), message.get("lang")
        if not (isinstance(record, dict) and isinstance(seats, list) and isinstance(names, list)
                and isinstance(ply, int) and isinstance(lang, str)):
            raise BadRecord("error.record_shape")
        fresh = not self.follows(record, seats, names)
        if fresh or self.table is None or self.scrubber is None:
            table = Table.from_record(record, [str(seat) for seat in seats], [str(name) for name in names])
            self.table, self.scrubber = table, Scrubber(table.game, record, table.state)
            self.players = (seats, names)
        else:
            self.scrubber.follow(record)
        self.table.state = self.scrubber.seek(ply)
        caption, overlays = message.get("caption"), message.get("overlays")
        return Shown(self.table, self.scrubber, fresh, _curtain(message.get("curtain")), lang,
                     caption if isinstance(caption, str) else "", overlays is True)

    def follows(self, record: dict[str, Any], seats: list[Any], names: list[Any]) -> bool:
        """Whether `record` is the game on screen, with the moves played so far unchanged."""
        if self.table is None or self.scrubber is None:
            return False
        old, moves = self.scrubber.record, record.get("moves")
        same_game = {k: v for k, v in record.items() if k != "moves"} == {
            k: v for k, v in old.items() if k != "moves"}
        if not (same_game and (seats, names) == self.players and isinstance(moves, list)):
            return False
        common = min(len(moves), self.scrubber.ply)  # a step back is a shorter record of the same moves
        return bool(moves[:common] == old["moves"][:common])


def _curtain(data: object) -> Curtain | None:
    if not isinstance(data, dict) or data.get("kind") not in PUBLIC_CURTAINS:
        return None
    parts = [data.get(key) for key in ("title", "body", "overlay")]
    if not all(isinstance(part, str) for part in parts):
        return None
    title, body, overlay = (str(part) for part in parts)
    return Curtain(str(data["kind"]), title, body, [], bool(data.get("beside_board")), overlay)
