"""The move scrubber of a shared link: any ply of a record, fast both ways (pure)."""

from __future__ import annotations

import copy
from typing import Any

from games.core import Game, State

SNAPSHOT_EVERY = 25


class Scrubber:
    """Replays a validated record once, keeping a snapshot every few plies; seeking replays from the
    nearest snapshot at or before the target instead of from the first move."""

    def __init__(self, game: Game, record: dict[str, Any]) -> None:
        self.game = game
        self.record = record
        self.length = len(record["moves"])
        state = game.replay(record, 0)
        self.snapshots: dict[int, State] = {0: copy.deepcopy(state)}
        for ply, move in enumerate(record["moves"], start=1):
            state.apply(move)
            if ply % SNAPSHOT_EVERY == 0:
                self.snapshots[ply] = copy.deepcopy(state)
        self.ply = self.length
        self.state = state

    def seek(self, ply: int) -> State:
        ply = max(0, min(self.length, ply))
        if ply < self.ply or ply - self.ply > SNAPSHOT_EVERY:
            base = ply - ply % SNAPSHOT_EVERY
            self.state = copy.deepcopy(self.snapshots[base])
            self.ply = base
        for move in self.record["moves"][self.ply:ply]:
            self.state.apply(move)
        self.ply = ply
        return self.state
