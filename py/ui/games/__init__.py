"""The faces' registry: one UI package per game of the engine registry, loaded on first use.

`face_for(game_id)` imports `ui.games.<game_id>.face` (and so that game's drawing and log) only
when a game is played or its log is formatted, so the page loads the code of the games it shows.
The lobby lists the games (`playable_games`) before any face, or `ui.games.face`, is loaded.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from games import GAME_IDS, get_game

if TYPE_CHECKING:
    from ui.games.face import Face


def face_for(game_id: str) -> Face[Any]:
    get_game(game_id)  # an unknown id gets the registry's error, never an import of anything
    from ui.games.face import Face  # here: the lobby starts without it (each face imports it anyway)

    face = import_module(f"ui.games.{game_id}.face").FACE
    assert isinstance(face, Face)
    return face


def playable_games() -> list[str]:
    """Every game of the engine registry, in its order: each has its face (a test checks it)."""
    return list(GAME_IDS)
