"""The game registry: `get_game(game_id)` returns the one `Game` instance of each game."""

from __future__ import annotations

from importlib import import_module

from games.core import BadRecord, Game, State

GAME_IDS = ("transamerica", "trick_of_the_rails", "freight_train", "locomotion")


def get_game(game_id: object) -> Game[State]:
    """Import a game's package on first use, so the page only loads the engines it plays."""
    if game_id not in GAME_IDS:
        raise BadRecord("error.record_game")
    game: Game[State] = import_module(f"games.{game_id}").GAME
    return game
