"""The move scrubber of a shared link: any ply of a record, both ways (pure)."""

from __future__ import annotations

from typing import Any

from games.core import Game, State


class Scrubber:
    """Moves through a validated record. Forward plays the moves in between; back replays from the
    start, which costs a few milliseconds even for the longest game (a copy of the state at every
    few plies, kept instead, cost more to take when the link opens than all the replays it saves).
    The end, where a link opens, is kept: nothing is ever played on it, so the last position is
    shown again without playing the whole game over (the longest game's jump to its end held the
    page longer than a tap may)."""

    def __init__(self, game: Game, record: dict[str, Any], state: State | None = None) -> None:
        self.game = game
        self.record = record
        self.length = len(record["moves"])
        self.state = state if state is not None else game.replay(record)
        self.ply = len(self.state.moves)
        self.end = self.state if self.ply == self.length else None

    def follow(self, record: dict[str, Any]) -> None:
        """The same game's record, grown or cut back (a presenter's table moves on): the position kept
        is no longer its end."""
        self.record, self.length, self.end = record, len(record["moves"]), None

    def seek(self, ply: int) -> State:
        ply = max(0, min(self.length, ply))
        if ply == self.length and self.end is not None:
            self.state = self.end
        elif ply < self.ply:
            self.state = self.game.replay(self.record, ply)
            # Forward again, the chance of a game by link comes from the salts the record holds.
            self.state.salt_source = iter(self.record.get("salts", [])[len(self.state.salts):]).__next__
        else:
            for move in self.record["moves"][self.ply:ply]:
                self.state.apply(move)
        self.ply = ply
        return self.state
