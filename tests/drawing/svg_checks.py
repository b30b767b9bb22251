"""What every board drawing test needs: a recognisable translation stub, SVG parsing, and positions
taken from real random games."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree

from games.core import State
from random_play import play_random_game

NS = "{http://www.w3.org/2000/svg}"
# A word that came from `t`: untranslated words stand out because they do not match.
TEXT_KEY = re.compile(r"⟦[a-z_.A-Z0-9]+(\|[^⟧]*)?⟧")
Shot = tuple[dict[str, Any], dict[str, Any], list[str]]


def t(key: str, **params: Any) -> str:
    """A translation stub whose output is recognisable, so untranslated words stand out."""
    return f"⟦{key}{'|' + ','.join(f'{k}={v}' for k, v in sorted(params.items())) if params else ''}⟧"


def parse(svg: str) -> ElementTree.Element:
    root = ElementTree.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def by_class(root: ElementTree.Element, name: str) -> list[ElementTree.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def snapshots(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
              keep_if: Callable[[State, int], bool] | None = None) -> list[Shot]:
    """(view of the seat to move, spectator view, legal moves) after the moves of a random game that
    `keep_if(state, count)` accepts: every move by default."""
    shots: list[Shot] = []
    count = 0

    def keep(state: State, _move: str | None) -> None:
        nonlocal count
        count += 1
        if keep_if is None or keep_if(state, count):
            seat = state.current_player
            legal = state.legal_moves() if seat is not None else []
            shots.append((state.view(seat), state.view(None), legal))

    play_random_game(game_id, players, seed, options, check=keep)
    return shots
