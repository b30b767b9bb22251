"""A face is what the table screen needs from a game besides its engine: how to draw it.

Each game's face module (`ui.faces.<game_id>`) provides:

* `draw_map(t) -> str`: the static layer, drawn once per game;
* `draw_position(view, legal, t) -> str`: the dynamic layer; every clickable target carries `data-move`;
* `draw_side(view, t) -> str`: the side panel below the players (hands, score track...);
* `describe(view, t) -> str`: the board's text alternative;
* `ACTIONS`: move -> label key, for legal moves offered as buttons rather than on the board;
* `interlude(event, view, t, names) -> (title, body_html, overlay_svg) | None`: a screen between rounds;
* optionally `scores(view) -> list | None`: what the player list shows beside each name
  (default: the view's "scores").
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from games import GAME_IDS

FACES = ("transamerica", "trick_of_the_rails", "freight_train", "locomotion")


def face_for(game_id: str) -> ModuleType:
    return import_module(f"ui.faces.{game_id}")


def playable_games() -> list[str]:
    """Games with both an engine and a face, in the registry's order."""
    return [game_id for game_id in GAME_IDS if game_id in FACES]
