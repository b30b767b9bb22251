"""TransAmerica (Franz-Benno Delonge): join your five cities by rail before anyone else does."""

from __future__ import annotations

from games.core import Game, Option
from games.transamerica.rules import TransAmericaState


class TransAmerica(Game):
    id = "transamerica"
    title = "game.transamerica"
    min_players = 2
    max_players = 6
    option_schema = (
        Option("visible_cards", "bool", False, label="option.visible_cards"),  # variant 1
        Option("blocking_markers", "bool", False, label="option.blocking_markers"),  # variant 2
    )
    state_class = TransAmericaState


GAME = TransAmerica()

__all__ = ["GAME", "TransAmericaState"]
