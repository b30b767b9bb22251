"""The player's preferences (pure): what the app reads from storage, validated value by value.

A stored value this version does not know (another version's, or tampered) is not used: that
preference takes its default and the others stay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ui.i18n import LANGUAGES, pick_language

# The bots' speeds the player chooses from: how long a bot waits before it plays (a forced move too).
BOT_DELAY_MS = {"slow": 1200, "normal": 500, "fast": 120, "instant": 0}
DISPLAYS = ("normal", "projector")  # projector: a shared screen shows no hand while a bot plays


@dataclass(frozen=True)
class Preferences:
    lang: str
    speed: str = "normal"
    display: str = "normal"
    autoplay: bool = False  # play the human's only legal move for them (games that offer it)
    explain: bool = False  # a demonstration says why each bot plays its move
    overlays: bool = False  # the position's mathematics drawn over the board and beside it

    @classmethod
    def read(cls, stored: Mapping[str, Any], browser_languages: Sequence[object]) -> Preferences:
        return cls(lang=_one_of(stored.get("lang"), LANGUAGES) or pick_language(browser_languages),
                   speed=_one_of(stored.get("speed"), tuple(BOT_DELAY_MS)) or "normal",
                   display=_one_of(stored.get("display"), DISPLAYS) or "normal",
                   autoplay=_switch(stored.get("autoplay")), explain=_switch(stored.get("explain")),
                   overlays=_switch(stored.get("overlays")))

    def changed(self, key: str, value: object) -> Preferences:
        """These preferences with one changed, validated like stored ones (a bad value: the default)."""
        return Preferences.read({**asdict(self), key: value}, [self.lang])

    def stored(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def projector(self) -> bool:
        return self.display == "projector"


def _one_of(value: object, allowed: tuple[str, ...]) -> str | None:
    """`value` when it is one of the strings this version supports (a list or a dict is not)."""
    return value if isinstance(value, str) and value in allowed else None


def _switch(value: object) -> bool:
    """An on/off preference: on only when stored as true itself (not 1, not "yes")."""
    return value is True
