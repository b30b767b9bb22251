"""The Locomotion game: metadata, options and the state factory."""

from __future__ import annotations

from games.core import Game, Option
from games.locomotion.rules import LocomotionState


class LocomotionGame(Game):
    id = "locomotion"
    title = "game.locomotion"
    min_players = 2
    max_players = 4
    option_schema = (Option("repair_tiles", "bool", False, label="option.repair_tiles"),)
    state_class = LocomotionState
