"""Seats and their players' names (pure): what a seat may be, a name as the table shows it, a seat's label.

Kept apart from the table (`ui.table`) and the side panel (`ui.panels`) because the lobby and the saves
need these before the page is ready, and importing those would bring in much of the table's code.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.bots import LEVELS
from ui.i18n import Translate

HUMAN = "human"
SEAT_KINDS = (HUMAN, *LEVELS)  # a seat is a human or a bot of one of the levels
FRIEND = "friend"  # in the lobby only: a human seat played on a friend's device, by link
MAX_NAME = 20  # characters of a player's name: the lobby's field, and any name read back
_NOT_PRINTED = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def bounded_name(name: str) -> str:
    """A player's name as the table shows it: one line, at most `MAX_NAME` characters. Names read
    back from storage or a link get the lobby's bound too, so no entry can widen the page."""
    return _NOT_PRINTED.sub(" ", name).strip()[:MAX_NAME].strip()


def seat_label(seat: int, names: Sequence[str], t: Translate) -> str:
    """A seat's player as the page names them: their name, or "Player 2" for a seat without one."""
    return names[seat] if seat < len(names) and names[seat] else t("seat.default_name", n=seat + 1)
