"""What the address says (pure): the screen it names, and how the app moves between screens.

`#game=<save id>` names a saved game at the table, `#play=<link>` a shared link's replay,
`#present=<key>` a projector's window (`ui.present`), `#class=<link>` a class game and
`#results=<link>` its results (`ui.classroom`); no fragment is the lobby. The history holds
lobby -> game: Back from a game returns to the lobby, Forward to the game again. An entry the app
pushed over the lobby carries `OVER_LOBBY` as its history state, so that leaving it is a step back
(which Forward undoes), not a new entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

GAME_PREFIX = "game="
LINK_PREFIX = "play="
PRESENT_PREFIX = "present="
CLASS_PREFIX = "class="
RESULTS_PREFIX = "results="
_PRESENT_KEY = re.compile(r"[0-9a-f]{1,16}")
OVER_LOBBY = "over-lobby"  # history state of an entry pushed over the lobby's
HINTS_OFF = "&hints=off"  # after a class game's link: its groups get no "Suggest a move"
_SPACES = re.compile(r"\s+")
_TRAILING = re.compile(r"[^A-Za-z0-9_-]+$")

Screen = Literal["lobby", "game", "link", "present", "class", "results"]
# The screens whose value is a link's text, by their prefix: a shared link, a class game and its results.
_LINK_SCREENS: dict[str, Screen] = {LINK_PREFIX: "link", CLASS_PREFIX: "class", RESULTS_PREFIX: "results"}


@dataclass(frozen=True)
class Route:
    """A screen named by the address: the lobby, a saved game (`value`: its save id), a shared
    link, a class game or its results page (`value`: the link's encoded part) or a projector's window
    (`value`: its presentation's key)."""

    screen: Screen
    value: str = ""
    hints: bool = True  # a class game's: whether its groups may ask for a suggested move

    @property
    def fragment(self) -> str:
        """The address's fragment without its "#" ("" for the lobby)."""
        if self.screen == "game":
            return GAME_PREFIX + self.value
        for prefix, screen in _LINK_SCREENS.items():
            if self.screen == screen:
                return prefix + self.value + ("" if self.hints else HINTS_OFF)
        if self.screen == "present":
            return PRESENT_PREFIX + self.value
        return ""


LOBBY = Route("lobby")


def parse_fragment(fragment: str) -> Route:
    """The screen an address's fragment names; any other fragment is the lobby. A game or link
    with nothing after its prefix is still one (the player is told it cannot be opened)."""
    text = fragment.removeprefix("#")
    if text.startswith(GAME_PREFIX):
        return Route("game", text[len(GAME_PREFIX):])
    for prefix, screen in _LINK_SCREENS.items():
        if text.startswith(prefix):
            value = text[len(prefix):]
            hints = not (screen == "class" and value.endswith(HINTS_OFF))
            return Route(screen, link_text(value if hints else value.removesuffix(HINTS_OFF)), hints)
    if text.startswith(PRESENT_PREFIX) and _PRESENT_KEY.fullmatch(text[len(PRESENT_PREFIX):]):
        return Route("present", text[len(PRESENT_PREFIX):])
    return LOBBY


def link_text(pasted: str) -> str:
    """The encoded part of a link pasted whole ("https://…#play=…") or on its own, without what chat
    apps and mail add around a link: line breaks and spaces within it (escaped too), and punctuation
    after it ("…#play=AbC." at the end of a sentence). The link's own letters (A-Z a-z 0-9 - _)
    never end in these, so nothing of the link is lost; any other damage is left for the decoder."""
    from urllib.parse import unquote  # here: it imports `ipaddress`, 50 ms of Pyodide's start

    marker = "#" + LINK_PREFIX
    text = pasted.split(marker, 1)[1] if marker in pasted else pasted
    return _TRAILING.sub("", _SPACES.sub("", unquote(text)))


def back_to_lobby(history_state: str) -> bool:
    """Whether leaving the table is a step back in the history (the entry was pushed over the
    lobby's) rather than a new lobby entry (the page was opened at a game's address)."""
    return history_state == OVER_LOBBY
