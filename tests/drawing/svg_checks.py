"""What every board drawing test needs: a recognisable translation stub, SVG parsing, positions
taken from real random games, and the checks every game's drawing passes (`test_faces.py` runs them
on every position; a game's own tests run them on the views they build by hand)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Any, NamedTuple
from xml.etree import ElementTree

from games.core import State
from random_play import play_random_game

NS = "{http://www.w3.org/2000/svg}"
# A word that came from `t`: untranslated words stand out because they do not match.
TEXT_KEY = re.compile(r"⟦[a-z_.A-Z0-9]+(\|[^⟧]*)?⟧")
Shot = tuple[dict[str, Any], dict[str, Any], list[str]]
# Players' names as the table passes them: a panel names players, never numbers them.
PLAYERS = ("Ada", "Basile", "Chloé", "Dev", "Emma", "Farid")


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


def sampled(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
            every: int = 1) -> list[Shot]:
    """Every `every`-th position of a random game, and always the first of each phase and the end."""
    seen: set[str] = set()

    def keep_if(state: State, count: int) -> bool:
        phase = getattr(state, "phase", "")
        if count % every and phase in seen and not state.is_over():
            return False
        seen.add(phase)
        return True

    return snapshots(game_id, players, seed, options, keep_if)


# -- what every drawing of a position passes -------------------------------------------------------

class Drawn(NamedTuple):
    """One position of a random game drawn for the seat to move (`board`) and for a spectator."""

    view: dict[str, Any]
    spectator: dict[str, Any]
    legal: list[str]
    board: ElementTree.Element
    watcher: ElementTree.Element


class Drawing(NamedTuple):
    """The positions of one random game once drawn, and every key the drawing asked `t` for."""

    players: int
    options: dict[str, Any]
    shots: list[Shot]
    keys: set[str]


def assert_text_alternative(root: ElementTree.Element) -> None:
    title, desc = root.find(NS + "title"), root.find(NS + "desc")
    assert title is not None and title.text
    assert desc is not None and desc.text
    assert root.get("aria-label") == title.text


def targets(root: ElementTree.Element) -> list[ElementTree.Element]:
    return [e for e in root.iter() if e.get("data-move") is not None]


def assert_targets(root: ElementTree.Element, legal: Sequence[str], actions: Collection[str],
                   actions_on_board: bool) -> list[ElementTree.Element]:
    """The board's targets are exactly the legal moves, each once, save those the face offers as
    buttons beside the board (`actions`), unless the board draws those as well; each target is a
    focusable, labelled button."""
    found = targets(root)
    drawn = Counter(e.get("data-move") for e in found)
    if actions_on_board:
        assert drawn == Counter(legal)
    else:
        buttons = Counter(move for move in actions if move in legal)
        assert drawn + buttons == Counter(legal)
        assert not set(drawn) & set(actions)
    for target in found:
        assert "legal" in (target.get("class") or "").split()
        assert target.get("tabindex") == "0" and target.get("role") == "button"
        assert target.get("aria-label")
    return found


def assert_words_from_t(root: ElementTree.Element, names: Collection[str] = ()) -> None:
    """Numbers, symbols and the board's proper `names` are drawn as they are; any other text with a
    lower-case word came from `t`."""
    for e in root.iter(NS + "text"):
        text = e.text or ""
        if re.search(r"[a-z]{3,}", TEXT_KEY.sub("", text)):
            assert text in names, text


def spy(keys: set[str], translate: Callable[..., str] = t) -> Callable[..., str]:
    """`translate`, noting in `keys` every key asked for."""
    def noting(key: str, /, **params: Any) -> str:
        keys.add(key)
        return translate(key, **params)

    return noting


def well_formed(html: str) -> ElementTree.Element:
    """An HTML fragment of the side panel or a screen, which the faces write as XML."""
    return ElementTree.fromstring(f"<div>{html}</div>")

