"""The Locomotion game: metadata, options, the state factory and the facts it declares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Game, Option
from games.locomotion.rules import LocomotionState

# Turns a player may take before a game is given up as endless (see `max_moves`).
TURNS_PER_PLAYER = 1000


class LocomotionGame(Game[LocomotionState]):
    title = "game.locomotion"
    min_players = 2
    max_players = 4
    option_schema = (Option("repair_tiles", "bool", False, label="option.repair_tiles"),)
    state_class = LocomotionState
    # The dice are rolled at every turn.
    has_chance = True

    def hides_secrets(self, options: Mapping[str, Any]) -> bool:
        """Nothing is hidden: every view is the same but for its "seat"."""
        return False

    def max_moves(self, num_players: int) -> int:
        # A turn is at most 5 moves: a repair-tile holder's choice, the drive (or pass), taking a
        # double's extra turn, and in that turn a choice and a drive (a second double gives no third).
        # No number of turns is certain: the dice can send locomotives home again and again. But long
        # games are rare: in random play (2 players, where games are longest; `tune.py`) a player
        # takes more than 40 turns in 23% of the games, more than 60 in 2%, more than 80 in 0.05%,
        # the chance falling at least tenfold every 20 turns. 1000 turns a player is out of reach
        # (a chance far below 1e-40); with 4 players it is the 20000 moves the bots' games had.
        return 5 * TURNS_PER_PLAYER * num_players
